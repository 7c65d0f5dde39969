"""Ratings: openskill's Plackett–Luce model, one rating per player per game, kept everywhere and per server.

A finished game is rated in the transaction that stores its final move (``rate_in``, called by
``Store.record_moves``): its places come from the engine's ``Outcome`` — winners first, then by score,
equal results sharing a place — and a player who resigned or was removed (or whose seat a computer took
over) is placed last. Abandoned games are never rated. Each computer level is one pseudo-player per game
(``COMPUTER_IDS``), so people see where "normal" stands; two computers of one level at a table each play as
that level's rating and the level keeps the mean of their new ratings.

Two ratings move with every game: everywhere (scope 0) and in the game's server (scope = guild id), so a
server's leaderboard and another member's stats are built from that server's games only. Each rated game
leaves one ``rating_history`` row per player (before and after, both scopes) for the chart.

``rebuild`` computes everything again from the finished games in the order they finished (each kind of
game apart, in worker processes on a large database), then writes it in one transaction; ``rebuild_if_empty``
runs it at start-up when there are finished games but no ratings yet (a database from before ratings;
``bazaar migrate``, ``backup`` and ``restore`` copy the ratings with the games).
The result equals the incremental one (tests check it).
"""

from __future__ import annotations

import asyncio
import logging
import os
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

import engines
from ai.levels import LEVELS
from bot.core.db import Connection, Database, PostgresDatabase, is_postgres_url, open_database, placeholders
from bot.core.records import GameRecord, SeatRecord
from bot.core.store import GAME_COLUMNS, _game
from bot.core.workers import spawned_pool
from engines.base import Outcome

log = logging.getLogger(__name__)

EVERYWHERE = 0
"""The scope of the ratings over every server."""
MIN_GAMES = 3
"""Rated games a player needs to appear on a leaderboard."""
COMPUTER_IDS: dict[str, int] = {level: -1000 - index for index, level in enumerate(LEVELS)}
"""The pseudo-player of each computer level (negative: no Discord user; below any computer seat's id)."""
LEVEL_OF_ID = {player: level for level, player in COMPUTER_IDS.items()}
MODEL = PlackettLuce()
BASE_MU = MODEL.mu
BASE_SIGMA = MODEL.sigma
REBUILD_BATCH = 500


def display(mu: float, sigma: float) -> int:
    """The rating shown: 1000 + 40 × (mu − 3 sigma), a newcomer's 1000, rounded."""
    return round(1000 + 40 * (mu - 3 * sigma))


@dataclass(frozen=True)
class Placing:
    """One player's result in a finished game (``place`` 1 = first; ties share a place)."""

    player_id: int
    name: str
    place: int
    won: bool


@dataclass(frozen=True)
class Finish:
    """What rating a finished game needs: the game, its seats as they end it, its outcome."""

    record: GameRecord
    seats: Sequence[SeatRecord]
    outcome: Outcome


def player_of(seat: SeatRecord) -> int:
    """Whose rating a seat plays for: the person, or the pseudo-player of a computer's level."""
    if seat.computer is not None and seat.user_id <= 0:
        return COMPUTER_IDS.get(seat.computer, COMPUTER_IDS["normal"])
    return seat.user_id


def placings(seats: Sequence[SeatRecord], outcome: Outcome) -> list[Placing]:
    """Each seated player's place: out (resigned, removed, taken over) last; then winners; then by score."""
    keys: list[tuple[SeatRecord, tuple[int, int, int]]] = []
    for seat in seats:
        if seat.seat is None:
            continue
        out = seat.left_game or (seat.computer is not None and seat.user_id > 0)
        score = outcome.scores[seat.seat] if seat.seat < len(outcome.scores) else 0
        keys.append((seat, (1, 1, 0) if out else (0, 0 if seat.seat in outcome.winners else 1, -score)))
    result = []
    for seat, key in keys:
        place = 1 + sum(1 for _, other in keys if other < key)
        out = key[0] == 1
        result.append(Placing(player_of(seat), seat.name, place, not out and seat.seat in outcome.winners))
    return result


def rate(places: Sequence[Placing], before: dict[int, tuple[float, float]]) -> dict[int, tuple[float, float]]:
    """The new (mu, sigma) of every player after a game of ``places`` (``before``: their ratings, or a newcomer's).

    A player seated twice (two computers of one level) plays each seat with its rating and keeps the mean."""
    teams = [[MODEL.rating(*before.get(p.player_id, (BASE_MU, BASE_SIGMA)))] for p in places]
    rated = MODEL.rate(teams, ranks=[float(p.place) for p in places])
    new: dict[int, list[tuple[float, float]]] = {}
    for placing, team in zip(places, rated, strict=True):
        new.setdefault(placing.player_id, []).append((team[0].mu, team[0].sigma))
    return {p: (statistics.fmean(m for m, _ in v), statistics.fmean(s for _, s in v)) for p, v in new.items()}


@dataclass
class _Rating:
    name: str
    mu: float = BASE_MU
    sigma: float = BASE_SIGMA
    games: int = 0
    wins: int = 0
    updated_at: float = 0.0


@dataclass(frozen=True)
class _Rated:
    """A game's effect: the ratings to write and its history rows."""

    ratings: dict[tuple[int, int], _Rating]
    history: list[tuple[Any, ...]]


def _apply(
    record: GameRecord, places: list[Placing], current: dict[tuple[int, int], _Rating], now: float
) -> _Rated | None:
    """Rate one finished game against ``current`` ((scope, player) → rating; missing: newcomers)."""
    if len({p.player_id for p in places}) < 2:
        return None
    scopes = (EVERYWHERE, record.guild_id)
    changed: dict[tuple[int, int], _Rating] = {}
    after: dict[int, dict[int, tuple[float, float]]] = {}
    before: dict[int, dict[int, tuple[float, float]]] = {}
    for scope in scopes:
        known = {p.player_id: current.get((scope, p.player_id)) for p in places}
        before[scope] = {p: (r.mu, r.sigma) if r else (BASE_MU, BASE_SIGMA) for p, r in known.items()}
        after[scope] = rate(places, before[scope])
        for player, (mu, sigma) in after[scope].items():
            old = known[player]
            mine = [p for p in places if p.player_id == player]
            changed[(scope, player)] = _Rating(
                mine[0].name,
                mu,
                sigma,
                (old.games if old else 0) + 1,
                (old.wins if old else 0) + int(any(p.won for p in mine)),
                now,
            )
    history = []
    seen: set[int] = set()
    for placing in places:
        player = placing.player_id
        if player in seen:
            continue
        seen.add(player)
        mine = [p for p in places if p.player_id == player]
        g, e = record.guild_id, EVERYWHERE
        history.append(
            (
                record.id,
                player,
                record.game,
                record.guild_id,
                now,
                len(places),
                min(p.place for p in mine),
                int(any(p.won for p in mine)),
                *before[e][player],
                *after[e][player],
                *before[g][player],
                *after[g][player],
            )
        )
    return _Rated(changed, history)


RATING_COLUMNS = "scope, player_id, name, mu, sigma, games, wins, updated_at"
HISTORY_INSERT = (
    "INSERT INTO rating_history (game_id, player_id, game, guild_id, finished_at, players, place, won,"
    " mu_before, sigma_before, mu_after, sigma_after, g_mu_before, g_sigma_before, g_mu_after, g_sigma_after)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, player_id) DO NOTHING"
)
RATING_UPSERT = (
    "INSERT INTO ratings (game, scope, player_id, name, mu, sigma, conservative, games, wins, updated_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game, scope, player_id) DO UPDATE SET"
    " name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, conservative = excluded.conservative,"
    " games = excluded.games, wins = excluded.wins, updated_at = excluded.updated_at"
)


def _rating_rows(game: str, ratings: dict[tuple[int, int], _Rating]) -> list[tuple[Any, ...]]:
    return [
        (game, scope, player, r.name, r.mu, r.sigma, r.mu - 3 * r.sigma, r.games, r.wins, r.updated_at)
        for (scope, player), r in ratings.items()
    ]


async def rate_in(tx: Connection, finish: Finish, now: float, lock: bool = False) -> None:
    """Rate a finished game inside ``tx`` (the transaction storing its final move). ``lock``: read the players'
    ratings ``FOR UPDATE`` (PostgreSQL, where two games finishing at once run side by side)."""
    record = finish.record
    places = placings(finish.seats, finish.outcome)
    players = sorted({p.player_id for p in places})
    if len(players) < 2:
        return
    rows = await tx.fetch(
        f"SELECT {RATING_COLUMNS} FROM ratings WHERE game = ? AND scope IN (?, ?)"
        f" AND player_id IN ({placeholders(len(players))}) ORDER BY scope, player_id{' FOR UPDATE' if lock else ''}",
        record.game,
        EVERYWHERE,
        record.guild_id,
        *players,
    )
    current = {
        (int(r["scope"]), int(r["player_id"])): _Rating(
            r["name"], r["mu"], r["sigma"], r["games"], r["wins"], r["updated_at"]
        )
        for r in rows
    }
    rated = _apply(record, places, current, now)
    if rated is None:
        return
    await tx.executemany(RATING_UPSERT, _rating_rows(record.game, rated.ratings))
    await tx.executemany(HISTORY_INSERT, rated.history)


def finish_of(record: GameRecord, seats: Sequence[SeatRecord]) -> Finish | None:
    """The ``Finish`` of a stored finished game (its outcome from its stored state), or None if it has none."""
    if record.status != "finished" or not record.state:
        return None
    engine = engines.get(record.game)
    outcome = engine.outcome(engine.loads(record.state))
    return Finish(record, seats, outcome) if outcome is not None else None


PARALLEL_FROM = 20_000
"""Finished games from which ``rebuild`` rates each kind of game in a worker process of its own (below, the
workers' start — a second or two of imports each — costs about what they save: 0.35 ms of CPU a game)."""


async def rebuild(db: Database, *, workers: int | None = None, parallel_from: int = PARALLEL_FROM) -> int:
    """Compute every rating again from the finished games, in the order they finished; returns the games rated.

    Each kind of game is rated on its own (its ratings depend on its games alone): from ``parallel_from``
    finished games, in ``workers`` spawned processes (default: one per CPU) that read the database
    themselves, so the states are parsed and the games rated side by side. Then one short transaction
    writes the result: the old ratings go, the new ones come, nothing in between is ever seen (PostgreSQL:
    by COPY). Run it while no game is finishing (``bazaar ratings rebuild`` with the bot stopped, or at
    start-up before serving)."""
    kinds = [
        str(r["game"])
        for r in await db.fetch(
            "SELECT game, COUNT(*) AS n FROM games WHERE status = 'finished' AND state IS NOT NULL"
            " GROUP BY game ORDER BY n DESC, game"
        )
    ]
    finished = int(await db.fetchval("SELECT COUNT(*) FROM games WHERE status = 'finished' AND state IS NOT NULL"))
    workers = min(workers or os.cpu_count() or 1, len(kinds))
    address = getattr(db, "url", None) or getattr(db, "path", None)
    results: list[_KindRated] = []
    if workers > 1 and finished >= parallel_from and address and address != ":memory:":
        loop = asyncio.get_running_loop()
        with spawned_pool(workers) as pool:
            results = list(
                await asyncio.gather(*(loop.run_in_executor(pool, _rate_kind_apart, str(address), k) for k in kinds))
            )
    else:
        results = [await _rate_kind(db, kind) for kind in kinds]
    async with db.transaction() as tx:
        await tx.execute("DELETE FROM rating_history")
        await tx.execute("DELETE FROM ratings")
        ratings = [row for result in results for row in result.ratings]
        history = [row for result in results for row in result.history]
        if db.dialect == "postgres":  # COPY: the rows in one stream, not a statement each
            conn = tx._conn  # type: ignore[attr-defined]
            await conn.copy_records_to_table("ratings", records=ratings, columns=RATING_FIELDS)
            await conn.copy_records_to_table("rating_history", records=history, columns=HISTORY_FIELDS)
        else:
            await tx.executemany(RATING_UPSERT, ratings)
            for start in range(0, len(history), 5000):
                await tx.executemany(HISTORY_INSERT, history[start : start + 5000])
    return sum(result.rated for result in results)


RATING_FIELDS = ["game", "scope", "player_id", "name", "mu", "sigma", "conservative", "games", "wins", "updated_at"]
HISTORY_FIELDS = [
    "game_id", "player_id", "game", "guild_id", "finished_at", "players", "place", "won", "mu_before",
    "sigma_before", "mu_after", "sigma_after", "g_mu_before", "g_sigma_before", "g_mu_after", "g_sigma_after",
]  # fmt: skip


@dataclass(frozen=True)
class _KindRated:
    """One kind of game rated again: its rating rows, its history rows, the games rated."""

    ratings: list[tuple[Any, ...]]
    history: list[tuple[Any, ...]]
    rated: int


def _rate_kind_apart(address: str, game: str) -> _KindRated:
    """(In a worker process.) ``_rate_kind`` on a connection of its own."""

    async def run() -> _KindRated:
        if is_postgres_url(address):  # one reader: not a whole pool per worker
            db: Database = await PostgresDatabase.open(address, connections=1)
        else:
            db = await open_database(address)
        try:
            return await _rate_kind(db, game)
        finally:
            await db.close()

    return asyncio.run(run())


async def _rate_kind(db: Database, game: str) -> _KindRated:
    """Every finished game of ``game`` rated in the order they finished, ``REBUILD_BATCH`` games a read."""
    current: dict[tuple[int, int], _Rating] = {}
    history: list[tuple[Any, ...]] = []
    rated = 0
    order = await db.fetch(
        "SELECT id FROM games WHERE game = ? AND status = 'finished' AND state IS NOT NULL ORDER BY updated_at, id",
        game,
    )
    ids = [int(r["id"]) for r in order]
    for start in range(0, len(ids), REBUILD_BATCH):
        batch = ids[start : start + REBUILD_BATCH]
        marks = placeholders(len(batch))
        games = {
            int(r["id"]): _game(r)
            for r in await db.fetch(f"SELECT {GAME_COLUMNS} FROM games WHERE id IN ({marks})", *batch)
        }
        seats: dict[int, list[SeatRecord]] = {gid: [] for gid in batch}
        for row in await db.fetch(
            "SELECT game_id, user_id, name, seat, joined_at, computer, left_game FROM seats"
            f" WHERE game_id IN ({marks}) ORDER BY game_id, seat",
            *batch,
        ):
            seats[int(row["game_id"])].append(SeatRecord(**{**row, "left_game": bool(row["left_game"])}))
        for gid in batch:
            record = games[gid]
            try:
                finish = finish_of(record, seats[gid])
            except Exception:  # a state this version cannot read is left unrated, not fatal
                log.exception("game %s could not be rated", gid)
                continue
            if finish is None:
                continue
            result = _apply(record, placings(finish.seats, finish.outcome), current, record.updated_at)
            if result is None:
                continue
            current.update(result.ratings)
            history.extend(result.history)
            rated += 1
    return _KindRated(_rating_rows(game, current), history, rated)


async def rebuild_if_empty(db: Database) -> int | None:
    """``rebuild`` when there are finished games but no ratings (returns the games rated), else None."""
    if await db.fetchval("SELECT 1 FROM ratings LIMIT 1") is not None:
        return None
    if await db.fetchval("SELECT 1 FROM games WHERE status = 'finished' LIMIT 1") is None:
        return None
    rated = await rebuild(db)
    log.info("ratings rebuilt from %d finished games", rated)
    return rated
