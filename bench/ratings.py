"""``python -m bench.ratings``: ratings at scale — rebuild, the rating of a finished game, leaderboard and stats.

A database of ``--games`` games (``bench.population``: 90% finished, real states and logs, long-tailed
servers and players) on SQLite and, with ``--postgres URL``, on PostgreSQL. It measures:

* **rebuild**: ``bot.core.ratings.rebuild`` over every finished game (what start-up does once on a database
  from before ratings, and ``bazaar ratings rebuild``);
* **rating update**: one finished game rated as the host rates it — a transaction that reads its players'
  ratings, writes them and their history rows, and commits (``rate_in``), on finished games of the database;
* **leaderboard**: ``/bazaar leaderboard``'s page (the read and the text), scope server (the busiest
  servers and random ones) and everywhere, random pages among the first ten;
* **stats**: ``/bazaar stats``'s figures (history, ratings, the move log of the latest games), text and
  chart, for the players in the most games and random players, own (every server) and another's (one server).

Times are p50 / p95 / max in milliseconds. Printed as Markdown and written as JSON (``--out``). Not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bench.e2e import percentile
from bench.population import populate, populated_games
from bot.core.db import Database, open_database
from bot.core.ratings import finish_of, rate_in, rebuild
from bot.core.records import SeatRecord
from bot.core.standings import chart_game, chart_points, leaderboard, leaderboard_text, player_stats, stats_text
from bot.core.store import Store
from bot.core.wording import say_for
from render.chart import line_chart


def summary(times: list[float]) -> dict[str, float]:
    ms = sorted(t * 1000 for t in times)
    return {
        "n": len(ms),
        "p50_ms": round(statistics.median(ms), 2),
        "p95_ms": round(percentile(ms, 0.95), 2),
        "max_ms": round(ms[-1], 2),
    }


async def timed(calls: list[Callable[[], Awaitable[Any]]]) -> list[float]:
    times = []
    for call in calls:
        started = time.perf_counter()
        await call()
        times.append(time.perf_counter() - started)
    return times


async def measure(url: str, games: int, samples: int, seed: int) -> dict[str, Any]:
    found = await populated_games(url)
    populate_s = None
    if found != games:
        if found is not None:
            raise SystemExit(f"{url} holds another population ({found} games): give an empty database")
        done = await populate(url, games)
        populate_s = round(done.seconds, 1)
        print(f"populated {url}: {done.games} games in {done.seconds:.0f} s", file=sys.stderr)
    store = Store(await open_database(url))
    db = store.db
    rng = random.Random(seed)
    result: dict[str, Any] = {"games": games, "populate_s": populate_s}
    started = time.perf_counter()
    rated = await rebuild(db)
    result["rebuild"] = {"games_rated": rated, "seconds": round(time.perf_counter() - started, 1)}
    print(f"rebuilt: {rated} games in {result['rebuild']['seconds']} s", file=sys.stderr)
    result["rows"] = {
        "ratings": int(await db.fetchval("SELECT COUNT(*) FROM ratings")),
        "rating_history": int(await db.fetchval("SELECT COUNT(*) FROM rating_history")),
    }
    result["rating_update"] = summary(await update_times(store, rng, samples))
    result["leaderboard"] = await leaderboard_times(db, rng, samples)
    result["stats"] = await stats_times(db, rng, samples)
    await store.close()
    return result


async def update_times(store: Store, rng: random.Random, samples: int) -> list[float]:
    db = store.db
    ids = [int(r["id"]) for r in await db.fetch("SELECT id FROM games WHERE status = 'finished' ORDER BY id")]
    chosen = rng.sample(ids, min(samples, len(ids)))
    lock = db.dialect == "postgres"
    times = []
    for game_id in chosen:
        record = await store.get_game(game_id)
        seats: list[SeatRecord] = await store.seats(game_id)
        assert record is not None
        finish = finish_of(record, seats)
        if finish is None:
            continue
        await db.execute("DELETE FROM rating_history WHERE game_id = ?", game_id)  # rated again, as if just finished
        started = time.perf_counter()
        async with db.transaction() as tx:
            await rate_in(tx, finish, record.updated_at, lock)
        times.append(time.perf_counter() - started)
    return times


async def leaderboard_times(db: Database, rng: random.Random, samples: int) -> dict[str, Any]:
    busiest = [
        (r["scope"], r["game"])
        for r in await db.fetch(
            "SELECT scope, game, COUNT(*) AS n FROM ratings WHERE scope <> 0 AND games >= 3"
            " GROUP BY scope, game ORDER BY n DESC LIMIT 20"
        )
    ]
    some = [
        (r["scope"], r["game"]) for r in await db.fetch("SELECT DISTINCT scope, game FROM ratings WHERE scope <> 0")
    ]
    say = say_for("bazaar", ())

    def call(guild: int, game: str, everywhere: bool) -> Callable[[], Awaitable[Any]]:
        async def run() -> None:
            leaderboard_text(await leaderboard(db, game, guild, everywhere, rng.randint(1, 10)), say)

        return run

    server = [call(*rng.choice(busiest if i % 2 else some), False) for i in range(samples)]
    everywhere = [call(*rng.choice(some), True) for _ in range(samples)]
    return {"server": summary(await timed(server)), "everywhere": summary(await timed(everywhere))}


async def stats_times(db: Database, rng: random.Random, samples: int) -> dict[str, Any]:
    top = await db.fetch(
        "SELECT player_id, scope, games FROM ratings WHERE scope <> 0 AND player_id > 0 ORDER BY games DESC LIMIT 20"
    )
    anyone = await db.fetch("SELECT player_id, scope FROM ratings WHERE scope <> 0 AND player_id > 0 LIMIT 5000")
    say = say_for("bazaar", ())

    def call(player: int, guild: int | None) -> Callable[[], Awaitable[Any]]:
        async def run() -> None:
            stats = await player_stats(db, player, guild, None)
            stats_text(stats, say, None if guild is None else "x")
            game = chart_game(stats, None)
            if game is not None:
                line_chart(chart_points(stats, game), "title", "start", "now")

        return run

    own, other = [], []
    for i in range(samples):
        row = rng.choice(top if i % 2 else anyone)
        own.append(call(int(row["player_id"]), None))
        other.append(call(int(row["player_id"]), int(row["scope"])))
    most = max((int(r["games"]) for r in top), default=0)
    return {
        "most_games_of_a_player_in_a_server": most,
        "own": summary(await timed(own)),
        "another_member": summary(await timed(other)),
    }


def markdown(results: dict[str, dict[str, Any]]) -> str:
    lines = [
        "| database | games | rebuild | rating update p50 / p95 | leaderboard server p50 / p95"
        " | leaderboard everywhere p50 / p95 | stats own p50 / p95 | stats of another p50 / p95 |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name, r in results.items():

        def pair(s: dict[str, float]) -> str:
            return f"{s['p50_ms']} / {s['p95_ms']} ms"

        lines.append(
            f"| {name} | {r['games']:,} | {r['rebuild']['seconds']} s ({r['rebuild']['games_rated']:,} games) "
            f"| {pair(r['rating_update'])} | {pair(r['leaderboard']['server'])}"
            f" | {pair(r['leaderboard']['everywhere'])} | {pair(r['stats']['own'])}"
            f" | {pair(r['stats']['another_member'])} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ratings", description=__doc__)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--sqlite", default=None, help="a SQLite file (default: a temporary one)")
    parser.add_argument("--postgres", default=None, help="an empty PostgreSQL database's address")
    parser.add_argument("--no-sqlite", action="store_true", help="PostgreSQL only")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    results: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as folder:
        sqlite = args.sqlite or f"sqlite:///{folder}/ratings-bench.db"
        if not args.no_sqlite:
            results["SQLite"] = asyncio.run(measure(sqlite, args.games, args.samples, args.seed))
        if args.postgres:
            results["PostgreSQL"] = asyncio.run(measure(args.postgres, args.games, args.samples, args.seed))
    print(markdown(results))
    if args.out is not None:
        args.out.write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
