"""``python -m bench.scale``: the bot at scale — a database of 100,000 games, a real bot process, the fake Discord.

On SQLite (a file) and, when given a server, on PostgreSQL, it measures:

* **size**: the database's bytes per game and per logged move (``bench.population`` fills it: 90%
  finished, 10% active, real states and logs of seeded random games);
* **tick**: the Clock cog's ``tick`` (reminders and deadlines) with nothing due and with some games due,
  run in this process on the same database (its messages owed are dropped afterwards);
* **start-up**: ``python -m bot run`` from spawn until its gateway session is ready, and until it has
  answered a first command;
* **lists**: the answer times (``Interaction.latency``: these commands reply without deferring) of
  ``/<game> games`` in the busiest server, ``/bazaar games`` (the inbox) of the player in the most games,
  and the ``game`` autocomplete;
* **throughput**: decisions sent at fixed rates over the active games (``bench.load``), each timed
  until its board is posted in its thread, with the bot in its own process (PostgreSQL: also two shard
  processes).

Every figure is taken ``--runs`` times and reported as the median of the runs, with the machine's
load during each (``bench.machine``: CPU of the processes measured and of everything else).
Results are printed as Markdown and written as JSON (``--out``). Nothing here is a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from bench.e2e import percentile
from bench.load import BOARD_TIMEOUT, Load
from bench.machine import CpuWindow
from bench.population import populate, populated_games, sizes
from bench.scale_world import BotProcess, FakeWorld, fake_for
from bot.core.db import Database, is_postgres_url, open_database
from bot.core.host import GameHost
from bot.core.posts import Posts
from bot.core.schedule import ScheduleStore
from bot.core.store import Store
from offline.fakediscord.driver import AUTOCOMPLETE

HOUR = 3600.0


# ---- the database -------------------------------------------------------------------------------------
async def prepare(url: str, games: int, fresh: bool) -> dict[str, Any]:
    """The populated database at ``url`` (filled now unless it already holds ``games`` games)."""
    found = None if fresh else await populated_games(url)
    if found == games:
        return {"populated_now": False}
    if found is not None or fresh:
        await _drop(url)
    done = await populate(url, games)
    print(f"populated {url}: {done.games} games ({done.active} active), {done.moves} moves in {done.seconds:.0f} s")
    return {"populated_now": True, "populate_s": done.seconds}


async def _drop(url: str) -> None:
    if is_postgres_url(url):
        import asyncpg

        name = url.rsplit("/", 1)[1]
        admin = await asyncpg.connect(with_database(url, "postgres"))
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            await admin.execute(f'CREATE DATABASE "{name}"')
        finally:
            await admin.close()
        return
    for suffix in ("", "-wal", "-shm"):
        Path(f"{url.removeprefix('sqlite:///')}{suffix}").unlink(missing_ok=True)


async def postgres_database(server: str, games: int) -> str:
    """The address of the benchmark's database on ``server`` (created when missing)."""
    import asyncpg

    name = f"bazaar_scale_{games}"
    admin = await asyncpg.connect(server)
    try:
        if not await admin.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name):
            await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    return with_database(server, name)


async def counts(db: Database) -> dict[str, int]:
    found = {}
    for table in ("games", "moves", "outbox", "seats"):
        found[table] = int(await db.fetchval(f"SELECT COUNT(*) FROM {table}"))
    found["active"] = int(await db.fetchval("SELECT COUNT(*) FROM games WHERE status = 'active'"))
    return found


async def size_figures(url: str, rows: dict[str, int]) -> dict[str, Any]:
    found = await sizes(url)
    return {
        "bytes": found,
        "per_game_kb": found["total"] / rows["games"] / 1024,
        "per_move_b": found["total"] / max(rows["moves"], 1),
        "moves_per_game": rows["moves"] / rows["games"],
    }


def with_database(url: str, name: str) -> str:
    """``url`` pointing at the database ``name`` instead."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


# ---- the scheduler's tick --------------------------------------------------------------------------------
class _NoCourier:
    async def deliver_game(self, game_id: int) -> None:
        return None


class _TickServices:
    """What the Clock cog reads of the bot (the courier does nothing: its messages are dropped afterwards)."""

    def __init__(self, store: Store) -> None:
        self.schedule = ScheduleStore(store.db)
        self.posts = Posts(self.schedule)
        self.host = GameHost(store, self.schedule, self.posts)
        self.store = store
        self.courier = _NoCourier()
        self.my_shards = None
        self.controls: dict[str, Any] = {}

    def clock(self) -> float:
        return time.time()

    async def wait_until_ready(self) -> None:
        await asyncio.Event().wait()  # the loop never runs: the benchmark calls tick itself


async def measure_tick(url: str, due_counts: list[int], repeats: int) -> dict[str, Any]:
    """Median milliseconds of ``Clock.tick`` with ``n`` games due, for each ``n``."""
    from bot.features.clock import Clock

    store = Store(await open_database(url))
    clock = Clock(_TickServices(store), every=HOUR)  # type: ignore[arg-type]
    rng = random.Random(9)
    active = [int(r["id"]) for r in await store.db.fetch("SELECT id FROM games WHERE status = 'active'")]
    found: dict[str, Any] = {}
    try:
        for due in due_counts:
            times, seen = [], []
            for _ in range(repeats):
                chosen = rng.sample(active, due)
                saved = await _make_due(store.db, chosen)
                window = CpuWindow().start()
                start = time.perf_counter()
                seen.append(await clock.tick(time.time()))
                times.append((time.perf_counter() - start) * 1000)
                load = window.stop()
                await _undo_due(store.db, saved)
            found[str(due)] = {
                "median_ms": statistics.median(times),
                "max_ms": max(times),
                "games_seen": seen[0],
                "load": load.text(),
            }
    finally:
        await clock.cog_unload()
        await store.close()
    return found


async def _make_due(db: Database, game_ids: list[int]) -> dict[str, Any]:
    """Make these games' turns 25 hours old (a reminder due); what to restore afterwards."""
    saved = {
        "games": [
            (r["id"], r["turn_started_at"], r["next_due_at"])
            for r in [
                await db.fetchrow("SELECT id, turn_started_at, next_due_at FROM games WHERE id = ?", g)
                for g in game_ids
            ]
        ],
        "outbox": await db.fetchval("SELECT COALESCE(MAX(id), 0) FROM outbox"),
    }
    now = time.time()
    async with db.transaction() as tx:
        for game_id in game_ids:
            await tx.execute(
                "UPDATE games SET turn_started_at = ?, next_due_at = ? WHERE id = ?", now - 25 * HOUR, now - 1, game_id
            )
    return saved


async def _undo_due(db: Database, saved: dict[str, Any]) -> None:
    async with db.transaction() as tx:
        for game_id, started, due in saved["games"]:
            await tx.execute(
                "UPDATE games SET turn_started_at = ?, next_due_at = ? WHERE id = ?", started, due, game_id
            )
            await tx.execute("DELETE FROM turn_notices WHERE game_id = ?", game_id)
        await tx.execute("DELETE FROM outbox WHERE id > ?", saved["outbox"])


# ---- the bot process ----------------------------------------------------------------------------------------
async def first_start(world: FakeWorld, url: str, settings: dict[str, str]) -> None:
    """Start once so that the bot registers its commands with this fake (a new fake knows none)."""
    db = await open_database(url)
    try:
        async with db.transaction() as tx:
            await tx.execute("DELETE FROM meta WHERE key = 'commands_hash'")
    finally:
        await db.close()
    bot = BotProcess(world.fake, url, **settings)
    await bot.start()
    async with asyncio.timeout(30):
        while not world.fake.registered_commands():
            await asyncio.sleep(0.05)
    await bot.stop()


def inbox_user(world: FakeWorld) -> tuple[Any, Any]:
    """The player in the most active games, and a channel of a server they play in."""
    seated = Counter(u for users in world.stored.seats.values() for u in users)
    user_id = seated.most_common(1)[0][0]
    guild = next(g for g, members in world.stored.members.items() if user_id in members)
    return world.users[user_id], world.channels[guild]


def busiest(world: FakeWorld) -> tuple[Any, Any, int]:
    """The server with the most active games, its channel, and its player in the most of them."""
    per_guild = Counter(guild for _, _, guild, _, _ in world.stored.active)
    guild, active = per_guild.most_common(1)[0]
    seated = Counter(u for gid, _, g, _, _ in world.stored.active if g == guild for u in world.stored.seats[gid])
    return world.users[seated.most_common(1)[0][0]], world.channels[guild], active


async def measure_startup(world: FakeWorld, url: str, runs: int, settings: dict[str, str]) -> dict[str, Any]:
    """Seconds from spawning ``python -m bot run`` to its session being ready, and to its first answer."""
    user, channel = inbox_user(world)
    ready, answered, loads = [], [], []
    for _ in range(runs):
        bot = BotProcess(world.fake, url, **settings)
        window = CpuWindow().start()
        ready.append(await bot.start())
        it = await world.fake.slash(user, channel, "bazaar games", timeout=30)
        answered.append(time.perf_counter() - bot.started_at)
        loads.append(window.stop().text())
        assert it.content, "the inbox answered"
        await bot.stop()
        await asyncio.sleep(1.0)
    return {
        "ready_s": statistics.median(ready),
        "answer_s": statistics.median(answered),
        "runs": answered,
        "loads": loads,
    }


def python_start_s() -> float:
    """Seconds to start Python and import the bot (the floor of any start-up)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    os.spawnve(os.P_WAIT, sys.executable, [sys.executable, "-c", "import bot.__main__"], env)  # bytecode cached
    start = time.perf_counter()
    os.spawnve(os.P_WAIT, sys.executable, [sys.executable, "-c", "import bot.__main__"], env)
    return time.perf_counter() - start


async def _latency(world: FakeWorld, call: Any, repeats: int) -> dict[str, float]:
    times = []
    for _ in range(repeats):
        times.append(await call() * 1000)
    return {"p50_ms": statistics.median(times), "p95_ms": percentile(times, 0.95), "max_ms": max(times)}


async def measure_lists(world: FakeWorld, url: str, repeats: int) -> dict[str, Any]:
    """Answer times of ``/<game> games``, the inbox and the ``game`` autocomplete for users with many games."""
    fake = world.fake
    heavy, channel, active_here = busiest(world)
    player, home = inbox_user(world)
    db = await open_database(url)
    try:
        in_games = await db.fetchval("SELECT COUNT(*) FROM seats WHERE user_id = ?", player.id)
        in_active = await db.fetchval(
            "SELECT COUNT(*) FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = ? AND g.status = 'active'",
            player.id,
        )
    finally:
        await db.close()

    async def games(name: str) -> float:
        return (await fake.slash(heavy, channel, f"{name} games", timeout=30)).latency

    async def inbox() -> float:
        return (await fake.slash(player, home, "bazaar games", timeout=30)).latency

    async def complete(name: str) -> float:
        await fake.autocomplete(heavy, channel, f"{name} status", {"game": ""}, "game", timeout=30)
        asked = [i for i in fake.world.interactions.values() if i.type == AUTOCOMPLETE]
        return max(asked, key=lambda i: i.dispatched_at).latency

    names = sorted({g.game for g in world.games})
    found: dict[str, Any] = {
        "server_active_games": active_here,
        "inbox_user_games": int(in_games),
        "inbox_user_active": int(in_active),
    }
    window = CpuWindow().start()
    found["inbox"] = await _latency(world, inbox, repeats)
    for name in names:
        found[f"games {name}"] = await _latency(world, lambda name=name: games(name), repeats)
        found[f"autocomplete {name}"] = await _latency(world, lambda name=name: complete(name), repeats)
    found["load"] = window.stop().text()
    return found


async def measure_throughput(
    world: FakeWorld, url: str, rates: list[float], seconds: float, runs: int, bots: list[BotProcess]
) -> dict[str, Any]:
    """For each rate, ``runs`` runs of ``seconds``: boards per second, p50 and p99 until the board is posted."""
    db = await open_database(url)
    load = Load(world.fake, db, world.games)
    pids = {b.pid for b in bots if b.pid}
    found: dict[str, Any] = {}
    try:
        for rate in rates:
            results = []
            for _ in range(runs):
                since, posted_before, shown_before = time.time(), load.boards.posted, load.shown
                window = CpuWindow({os.getpid(), *pids}, pids).start()
                for bot in bots:
                    bot.profiling(True)
                result = (await load.run(rate, seconds)).summary()
                for bot in bots:
                    bot.profiling(False)
                used = window.stop()
                result["load"] = used.text()
                shown = max(load.shown - shown_before, 1)  # the warm-up's moves too: its CPU is counted
                result["cpu_ms_per_move"] = {k: v * used.seconds * 1000 / shown for k, v in used.parts.items()}
                result["audit"] = await load.audit(since, posted_before)
                results.append(result)
                print(f"  {rate:g}/s: {_brief(result)}", flush=True)
                await asyncio.sleep(2.0)
            found[f"{rate:g}"] = {
                "runs": results,
                "achieved_per_s": statistics.median(r["achieved_per_s"] for r in results),
                "p50_ms": statistics.median(r["p50_ms"] for r in results),
                "p99_ms": statistics.median(r["p99_ms"] for r in results),
                "answer_p99_ms": statistics.median(r["answer_p99_ms"] for r in results),
                **{k: sum(r[k] for r in results) for k in ("sent", "refused", "unanswered", "late", "failed")},
                "not_delivered": sum(r["audit"]["not_delivered"] for r in results),
                "cpu_ms_per_move": {
                    k: statistics.median(r["cpu_ms_per_move"][k] for r in results)
                    for k in results[0]["cpu_ms_per_move"]
                },
            }
    finally:
        await db.close()
    return found


def _brief(result: dict[str, Any]) -> str:
    audit = result["audit"]
    return (
        f"{result['achieved_per_s']:.1f} boards/s, p50 {result['p50_ms']:.0f} ms, p99 {result['p99_ms']:.0f} ms,"
        f" answer p99 {result['answer_p99_ms']:.0f} ms; of {result['sent']} sent: refused {result['refused']},"
        f" unanswered in 3 s {result['unanswered']}, board later than {BOARD_TIMEOUT:g} s {result['late']},"
        f" failed {result['failed']}; boards owed {audit['owed']}, delivered {audit['delivered']}"
        f" (the fake received {audit['received']}), never delivered {audit['not_delivered']};"
        f" {result['load']}; CPU ms/move " + ", ".join(f"{k} {v:.1f}" for k, v in result["cpu_ms_per_move"].items())
    )


# ---- one database, everything ----------------------------------------------------------------------------------
async def bench_database(url: str, args: argparse.Namespace) -> dict[str, Any]:
    found: dict[str, Any] = {"database": "postgres" if is_postgres_url(url) else "sqlite"}
    found.update(await prepare(url, args.games, args.fresh))
    db = await open_database(url)
    try:
        rows = await counts(db)
    finally:
        await db.close()
    found["rows"] = rows
    found["size"] = await size_figures(url, rows)
    print(f"size: {found['size']['per_game_kb']:.1f} KB/game, {found['size']['per_move_b']:.0f} B/move", flush=True)
    if "tick" in args.measure:
        found["tick"] = await measure_tick(url, args.due, args.repeats)
        print(f"tick: {json.dumps(found['tick'])}", flush=True)
    settings = {"image_workers": str(args.image_workers)}
    world = await fake_for(url)  # one shard: a process running two IDENTIFYs them 5 s apart (discord.py)
    try:
        await first_start(world, url, settings)
        if "startup" in args.measure:
            found["python_start_s"] = python_start_s()
            found["startup"] = await measure_startup(world, url, args.runs, settings)
            print(f"start-up: {json.dumps(found['startup'])}", flush=True)
        bot = BotProcess(world.fake, url, **settings)
        await bot.start()
        try:
            if "lists" in args.measure:
                found["lists"] = await measure_lists(world, url, args.repeats)
                print(f"lists: {json.dumps(found['lists'])}", flush=True)
            if "throughput" in args.measure:
                print("throughput, one process:", flush=True)
                found["throughput"] = await measure_throughput(world, url, args.rates, args.seconds, args.runs, [bot])
        finally:
            await bot.stop()
        if args.two and "throughput" in args.measure:
            world.fake.shard_count = 2
            bots = [
                BotProcess(world.fake, url, shard=n, shard_count=2, sync_commands="false", **settings) for n in (0, 1)
            ]
            window = CpuWindow().start()
            before = {id(s) for s in world.fake.sessions}
            started = time.perf_counter()
            await asyncio.gather(*(shard.start() for shard in bots))
            while sum(id(s) not in before and s.ready and s.connected for s in world.fake.sessions) < len(bots):
                await asyncio.sleep(0.01)  # each start() returns at the first new session, maybe the other's
            ready_s = time.perf_counter() - started
            found["startup_two"] = {"ready_s": ready_s, "load": window.stop().text()}
            print(f"start-up of two shard processes at once: {json.dumps(found['startup_two'])}", flush=True)
            try:
                print("throughput, two shard processes:", flush=True)
                found["throughput_two"] = await measure_throughput(
                    world, url, args.rates, args.seconds, args.runs, bots
                )
            finally:
                for shard in bots:
                    await shard.stop()
        found["fake_errors"] = [str(e) for e in world.fake.errors[:10]]
    finally:
        await world.fake.stop()
    found["size_after"] = await size_figures(url, rows)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.scale", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000, help="games in the database (90%% finished)")
    parser.add_argument("--sqlite", default=None, help="the SQLite file (default var/bench-scale-<games>.db)")
    parser.add_argument(
        "--postgres",
        default=os.environ.get("BAZAAR_TEST_POSTGRES"),
        help="a PostgreSQL server address (default $BAZAAR_TEST_POSTGRES); the database bazaar_scale_<games> is made",
    )
    parser.add_argument("--only", choices=("sqlite", "postgres"), default=None)
    parser.add_argument("--rates", default="25,50,100", help="decisions per second, comma-separated")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds per throughput run")
    parser.add_argument("--runs", type=int, default=3, help="runs of each start-up and throughput figure")
    parser.add_argument("--repeats", type=int, default=20, help="repeats of each tick and list figure")
    parser.add_argument("--due", default="0,10,100", help="games due in the measured ticks, comma-separated")
    parser.add_argument("--image-workers", type=int, default=1)
    parser.add_argument("--measure", default="tick,startup,lists,throughput")
    parser.add_argument("--fresh", action="store_true", help="populate again even if the database is ready")
    parser.add_argument("--out", default="bench-scale.json", help="where to write the results as JSON")
    args = parser.parse_args()
    args.rates = [float(r) for r in args.rates.split(",") if r]
    args.due = [int(d) for d in args.due.split(",") if d]
    args.measure = set(args.measure.split(","))
    results = asyncio.run(run_all(args))
    Path(args.out).write_text(json.dumps(results, indent=1))
    print(f"results in {args.out}")


async def run_all(args: argparse.Namespace) -> dict[str, Any]:
    results: dict[str, Any] = {"games": args.games, "started": time.strftime("%Y-%m-%d %H:%M")}
    if args.only in (None, "sqlite"):
        path = args.sqlite or f"var/bench-scale-{args.games}.db"
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        args.two = False
        print(f"== SQLite {path}", flush=True)
        results["sqlite"] = await bench_database(path, args)
    if args.only in (None, "postgres") and args.postgres:
        url = await postgres_database(args.postgres, args.games)
        args.two = True
        print(f"== PostgreSQL {url}", flush=True)
        results["postgres"] = await bench_database(url, args)
    return results


if __name__ == "__main__":
    main()
