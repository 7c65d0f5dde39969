"""A database full of games for the scale benchmark, written fast through the project's own tables.

``populate(url, games)`` migrates the database with ``bot.core.db.open_database`` and then bulk-inserts
``games`` games (90% finished, 10% active) in every table a game touches: ``games`` (the engine state
as the host stores it), ``seats``, ``game_timing``, the ``moves`` log and the ``outbox`` rows the bot
wrote for them, all delivered. The games are real: a pool of seeded random games of every engine and
player count is played first (``pool``), each change's board text composed by ``bot.core.posts`` as
the bot composes it; each stored game is one of them (to its end, or stopped at the start of a
decision for an active game) with its own ids, players, server and times. Every player's language is stored
too (``user_prefs``, as the bot keeps it from their clicks: ``PLAYERS_LANGUAGE``, the fake's default client).

Servers and players follow a long-tailed law: a few big servers and a few players in thousands of
games, most in a handful, so the lists and the inbox meet users with many games. Ids are Discord
snowflakes (the shard of a server is ``(id >> 22) % count``). SQLite is written with the standard
library's ``sqlite3`` in large transactions, PostgreSQL with ``COPY``.
"""

from __future__ import annotations

import itertools
import json
import random
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import asyncpg

import engines
from bot.core.db import is_postgres_url, open_database, postgres_sql, sqlite_path
from bot.core.played import Played, Step
from bot.core.posts import Headline, Posts
from bot.core.records import GameRecord, LogEntry, SeatRecord
from engines.base import CHANCE, Engine, GameState

PLAYERS_LANGUAGE = "en"
"""The language stored for every player: the fake Discord's clients speak English (``en-US``)."""
LANGUAGES_SQL = (
    "INSERT INTO user_prefs (user_id, locale) SELECT DISTINCT user_id, ? FROM seats WHERE user_id IS NOT NULL"
    " ON CONFLICT (user_id) DO NOTHING"
)
DISCORD_EPOCH_MS = 1_420_070_400_000
ID_MARK = 987_654_321
"""The game id written in a pool game's board texts; replaced by each stored game's id."""
USER_MARK = 876_543_210
"""The first user id pinged in a pool game's boards (seat n pings USER_MARK + n)."""
META_KEY = "bench_scale"
ACTIVE_SHARE = 0.10
REMINDER_HOURS, DEADLINE_HOURS = 24.0, 72.0
DAY = 86_400.0


@dataclass
class PoolGame:
    """One seeded random game, ready to be stored many times."""

    game: str
    players: int
    options: dict[str, Any]
    log: list[tuple[int, str, str]] = field(default_factory=list)
    """(seat, kind, move) rows, setup chance included."""
    ends: list[int] = field(default_factory=list)
    """After each change (the start, then every decision): how many log rows it had written."""
    boards: list[str] = field(default_factory=list)
    """The board post each change owed (outbox payload JSON, with ID_MARK / USER_MARK)."""
    decisions: dict[int, tuple[str, int]] = field(default_factory=dict)
    """Change index -> (state JSON, seat to move) where a player's decision begins (active games stop there)."""
    final: str = ""


class _Composer:
    """Composes board payloads as the host does (``Posts.board_parts`` on the game after each change)."""

    def __init__(self) -> None:
        self.posts = Posts(None)  # type: ignore[arg-type]  # board_parts never reads the schedule

    def board(self, engine: Engine, players: int, state: GameState, steps: list[Step], headline: Any) -> str:
        record = GameRecord(ID_MARK, 1, 1, 1, engine.name, {}, "active", USER_MARK, 0.0, 0.0, 1, None, None, 0.0)
        if engine.to_move(state) is None:
            record = GameRecord(**{**record.__dict__, "status": "finished"})
        seats = [SeatRecord(ID_MARK, USER_MARK + n, f"player{n}", n, 0.0) for n in range(players)]
        played = Played(record, seats, state, steps, True)
        pinged = played.human_user_of(played.to_move_player)
        payload = {**self.posts.board_parts(played, headline), "ping": [pinged] if pinged else [], "image": True}
        return json.dumps(payload)


def play_pool_game(engine: Engine, players: int, rng: random.Random, composer: _Composer) -> PoolGame:
    """A seeded random game played as the host plays it: decisions whole, chance after every move."""
    pool = PoolGame(engine.name, players, engine.resolve_options({}))
    state = engine.new_game(players)
    steps: list[Step] = []
    state = _chance(engine, state, rng, pool, steps)
    _commit(engine, pool, state, steps, composer, Headline("started", seats=list(range(players))))
    while (seat := engine.to_move(state)) is not None:
        steps = []
        while True:
            step = engine.transition(state, rng.choice(engine.legal_moves(state)))
            pool.log.append((seat, "move", step.move))
            steps.append(Step(LogEntry(seat, "move", step.move, USER_MARK + seat), state, step.events))
            state = _chance(engine, step.state, rng, pool, steps)
            if not (engine.partial(state) and engine.to_move(state) == seat):
                break
        _commit(engine, pool, state, steps, composer, None)
    pool.final = engine.dumps(state)
    return pool


def _chance(engine: Engine, state: GameState, rng: random.Random, pool: PoolGame, steps: list[Step]) -> GameState:
    while engine.to_move(state) == CHANCE:
        step = engine.transition(state, engine.sample_chance(state, rng))
        pool.log.append((CHANCE, "chance", step.move))
        steps.append(Step(LogEntry(CHANCE, "chance", step.move, None), state, step.events))
        state = step.state
    return state


def _commit(
    engine: Engine, pool: PoolGame, state: GameState, steps: list[Step], composer: _Composer, headline: Any
) -> None:
    pool.ends.append(len(pool.log))
    pool.boards.append(composer.board(engine, pool.players, state, steps, headline))
    seat = engine.to_move(state)
    if seat is not None and seat != CHANCE and not engine.partial(state):
        pool.decisions[len(pool.ends) - 1] = (engine.dumps(state), seat)


def pool(per_count: int = 6, seed: int = 1) -> list[PoolGame]:
    """``per_count`` random games of every engine and player count."""
    rng = random.Random(seed)
    composer = _Composer()
    found = []
    for engine in engines.all_engines():
        for players in range(engine.min_players, engine.max_players + 1):
            found.extend(play_pool_game(engine, players, rng, composer) for _ in range(per_count))
    return found


# ---- the world: servers, channels, players --------------------------------------------------------------
def snowflake(at: float, counter: int) -> int:
    """A Discord id made at ``at`` (epoch seconds); ``counter`` keeps ids made in one millisecond apart."""
    return ((int(at * 1000) - DISCORD_EPOCH_MS) << 22) | (counter & 0x3FFFFF)


@dataclass
class World:
    """Servers (each with a channel), and players, with long-tailed weights."""

    guilds: list[int]
    channels: list[int]
    users: list[int]
    guild_weights: list[float]
    user_weights: list[float]


def make_world(games: int, rng: random.Random, now: float) -> World:
    guild_count = max(1, games // 100)
    user_count = max(8, games // 5)
    year = 365 * DAY
    guilds = [snowflake(now - 2 * year - rng.random() * year, n) for n in range(guild_count)]
    channels = [snowflake(now - 2 * year + rng.random() * DAY, n) for n in range(guild_count)]
    users = [snowflake(now - 3 * year - rng.random() * year, n) for n in range(user_count)]
    return World(
        guilds,
        channels,
        users,
        [1 / (rank + 1) ** 0.8 for rank in range(guild_count)],
        [1 / (rank + 1) ** 0.7 for rank in range(user_count)],
    )


# ---- rows ---------------------------------------------------------------------------------------------
@dataclass
class Rows:
    """Rows of every table for a batch of games."""

    games: list[tuple[Any, ...]] = field(default_factory=list)
    seats: list[tuple[Any, ...]] = field(default_factory=list)
    timing: list[tuple[Any, ...]] = field(default_factory=list)
    moves: list[tuple[Any, ...]] = field(default_factory=list)
    outbox: list[tuple[Any, ...]] = field(default_factory=list)


GAME_FIELDS = (
    "id, guild_id, channel_id, thread_id, game, options, status, creator_id, created_at, updated_at, version, state,"
    " lobby_message_id, turn_started_at, next_due_at, to_move, hints"
)
SEAT_FIELDS = "game_id, user_id, name, seat, joined_at, computer, left_game"
TIMING_FIELDS = "game_id, reminder_hours, deadline_hours, auto_skip"
MOVE_FIELDS = "game_id, ply, seat, kind, move, user_id, created_at, undone"
OUTBOX_FIELDS = (
    "id, game_id, version, kind, payload, status, attempts, next_attempt_at, lease_until, created_at, message_id,"
    " channel_id, error"
)
TABLES = {
    "games": GAME_FIELDS,
    "seats": SEAT_FIELDS,
    "game_timing": TIMING_FIELDS,
    "moves": MOVE_FIELDS,
    "outbox": OUTBOX_FIELDS,
}


class Writer:
    """Turns pool games into rows with their own ids, players, server and times.

    ``outbox``: ``"latest"`` keeps what the bot keeps once a board is delivered (the game's newest board,
    and the archiving of a finished game); ``"all"`` keeps every row ever owed (the bot before it pruned).
    """

    def __init__(self, games: int, pool_games: list[PoolGame], seed: int, now: float, outbox: str = "latest") -> None:
        self.total = games
        self.pool = pool_games
        self.active_pool = [p for p in pool_games if p.decisions]
        self.rng = random.Random(seed)
        self.now = now
        self.world = make_world(games, self.rng, now)
        self.guild_cum = list(itertools.accumulate(self.world.guild_weights))
        self.user_cum = list(itertools.accumulate(self.world.user_weights))
        self.keep_all = outbox == "all"
        self.outbox_id = 0
        self.counter = 0
        self.log_rows = {id(p): _log_rows(p) for p in pool_games}

    def batches(self, size: int) -> Iterator[Rows]:
        rows = Rows()
        for game_id in range(1, self.total + 1):
            self.add_game(rows, game_id)
            if game_id % size == 0:
                yield rows
                rows = Rows()
        if rows.games:
            yield rows

    def add_game(self, rows: Rows, game_id: int) -> None:
        rng, world = self.rng, self.world
        active = rng.random() < ACTIVE_SHARE
        source = rng.choice(self.active_pool if active else self.pool)
        guild_index = rng.choices(range(len(world.guilds)), cum_weights=self.guild_cum)[0]
        guild, channel = world.guilds[guild_index], world.channels[guild_index]
        players = self._players(source.players)
        if active:
            change = rng.choice(list(source.decisions))
            state, to_move = source.decisions[change]
            last_at = self.now - rng.random() * 0.5 * DAY  # nothing due for the next half day at least
        else:
            change, state, to_move = len(source.ends) - 1, source.final, None
            last_at = self.now - rng.uniform(1, 330) * DAY
        created = last_at - rng.uniform(1, 30) * DAY
        thread = snowflake(created, game_id)
        version = source.players + change
        times = _spread(created + 60, last_at, change + 1)
        rows.games.append(
            (
                game_id,
                guild,
                channel,
                thread,
                source.game,
                json.dumps(source.options),
                "active" if active else "finished",
                players[0],
                created,
                last_at,
                version,
                state,
                self._message_id(created),
                last_at,
                last_at + REMINDER_HOURS * 3600 if active else None,
                to_move,
                1,
            )
        )
        rows.seats.extend(
            (game_id, user, _name(user), seat, created + seat, None, 0) for seat, user in enumerate(players)
        )
        rows.timing.append((game_id, REMINDER_HOURS, DEADLINE_HOURS, 0))
        end = source.ends[change]
        rows.moves.extend(
            (game_id, ply, seat, kind, move, players[seat] if seat >= 0 else None, times[at], 0)
            for ply, seat, kind, move, at in self.log_rows[id(source)][:end]
        )
        self._outbox(rows, game_id, source, times, len(players), thread, created, active)

    def _players(self, count: int) -> list[int]:
        found: list[int] = []
        while len(found) < count:
            user = self.rng.choices(self.world.users, cum_weights=self.user_cum)[0]
            if user not in found:
                found.append(user)
        return found

    def _outbox(
        self,
        rows: Rows,
        game_id: int,
        source: PoolGame,
        times: list[float],
        players: int,
        thread: int,
        created: float,
        active: bool,
    ) -> None:
        owed: list[tuple[int, str, str, float]] = []
        if self.keep_all:
            owed.append((0, "lobby", '{"thread": true}', created))
            owed += [(n + 1, "lobby_edit", "{}", created + n + 1) for n in range(players)]
            owed += [(players + index, "board", source.boards[index], at) for index, at in enumerate(times)]
        else:
            owed.append((players + len(times) - 1, "board", source.boards[len(times) - 1], times[-1]))
        if not active:
            owed.append((players + len(times) - 1, "archive", "{}", times[-1]))
        for version, kind, payload, at in owed:
            self.outbox_id += 1
            posted = kind in ("lobby", "board")
            message = self._message_id(at) if posted else None
            rows.outbox.append(
                (
                    self.outbox_id,
                    game_id,
                    version,
                    kind,
                    payload,
                    "done",
                    1,
                    at,
                    None,
                    at,
                    message,
                    thread if posted else None,
                    None,
                )
            )

    def _message_id(self, at: float) -> int:
        self.counter += 1
        return snowflake(at, self.counter)


def _log_rows(source: PoolGame) -> list[tuple[int, int, str, str, int]]:
    """(ply, seat, kind, move, change index) for every log row of a pool game."""
    found = []
    change = 0
    for index, (seat, kind, move) in enumerate(source.log):
        while source.ends[change] <= index:
            change += 1
        found.append((index + 1, seat, kind, move, change))
    return found


def _name(user: int) -> str:
    return f"player{user % 100_000:05d}"


def _spread(start: float, end: float, count: int) -> list[float]:
    if count == 1:
        return [end]
    step = (end - start) / (count - 1)
    return [start + step * n for n in range(count)]


# ---- writing ---------------------------------------------------------------------------------------------
@dataclass
class Populated:
    """What ``populate`` wrote and how long it took."""

    games: int
    active: int
    moves: int
    outbox: int
    seconds: float


async def populate(
    url: str, games: int, *, seed: int = 1, per_count: int = 6, batch: int = 2000, outbox: str = "latest"
) -> Populated:
    """Fill the (empty, or missing) database at ``url`` with ``games`` games; see the module."""
    started = time.perf_counter()
    db = await open_database(url)  # migrates
    await db.close()
    pool_games = pool(per_count, seed)
    writer = Writer(games, pool_games, seed, time.time(), outbox)
    counts = {"games": 0, "active": 0, "moves": 0, "outbox": 0}
    if is_postgres_url(url):
        await _write_postgres(url, writer, batch, counts)
    else:
        _write_sqlite(sqlite_path(url), writer, batch, counts)
    return Populated(
        counts["games"], counts["active"], counts["moves"], counts["outbox"], time.perf_counter() - started
    )


def _count(rows: Rows, counts: dict[str, int]) -> None:
    counts["games"] += len(rows.games)
    counts["active"] += sum(1 for g in rows.games if g[6] == "active")
    counts["moves"] += len(rows.moves)
    counts["outbox"] += len(rows.outbox)


def _write_sqlite(path: str, writer: Writer, batch: int, counts: dict[str, int]) -> None:
    db = sqlite3.connect(path)
    try:
        db.execute("PRAGMA synchronous=OFF")
        for rows in writer.batches(batch):
            with db:
                for table, fields in TABLES.items():
                    values = getattr(rows, _attr(table))
                    marks = ", ".join("?" * len(fields.split(",")))
                    db.executemany(f"INSERT INTO {table} ({fields}) VALUES ({marks})", values)
            _count(rows, counts)
        with db:
            db.execute(LANGUAGES_SQL, (PLAYERS_LANGUAGE,))
            db.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (META_KEY, json.dumps({"games": counts["games"]})),
            )
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        db.close()


async def _write_postgres(url: str, writer: Writer, batch: int, counts: dict[str, int]) -> None:
    conn = await asyncpg.connect(url)
    try:
        for rows in writer.batches(batch):
            async with conn.transaction():
                for table, fields in TABLES.items():
                    columns = [c.strip() for c in fields.split(",")]
                    await conn.copy_records_to_table(table, records=getattr(rows, _attr(table)), columns=columns)
            _count(rows, counts)
        await conn.execute(postgres_sql(LANGUAGES_SQL), PLAYERS_LANGUAGE)
        await conn.execute(
            "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            META_KEY,
            json.dumps({"games": counts["games"]}),
        )
        for table in ("games", "outbox"):
            await conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT MAX(id) FROM {table}) + 1, false)"
            )
        await conn.execute("ANALYZE")
    finally:
        await conn.close()


def _attr(table: str) -> str:
    return "timing" if table == "game_timing" else table


async def populated_games(url: str) -> int | None:
    """How many games ``populate`` wrote into the database at ``url`` (None: it did not)."""
    if is_postgres_url(url):
        try:
            conn = await asyncpg.connect(url)
        except (asyncpg.InvalidCatalogNameError, OSError):
            return None
        try:
            found = await conn.fetchval("SELECT to_regclass('meta') IS NOT NULL")
            value = await conn.fetchval("SELECT value FROM meta WHERE key = $1", META_KEY) if found else None
        finally:
            await conn.close()
    else:
        try:
            db = sqlite3.connect(f"file:{sqlite_path(url)}?mode=ro", uri=True)
        except sqlite3.OperationalError:
            return None
        try:
            row = db.execute("SELECT value FROM meta WHERE key = ?", (META_KEY,)).fetchone()
        except sqlite3.OperationalError:
            row = None
        finally:
            db.close()
        value = row[0] if row else None
    return int(json.loads(value)["games"]) if value else None


async def sizes(url: str) -> dict[str, int]:
    """Bytes on disk: the whole database and each table with its indexes."""
    return await _postgres_sizes(url) if is_postgres_url(url) else _sqlite_sizes(sqlite_path(url))


def _sqlite_sizes(path: str) -> dict[str, int]:
    db = sqlite3.connect(path)
    try:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = db.execute("PRAGMA page_size").fetchone()[0]
        total = db.execute("PRAGMA page_count").fetchone()[0] * page
        found = {"total": total}
        try:
            tables = db.execute("SELECT tbl_name, name FROM sqlite_master WHERE type IN ('table', 'index')").fetchall()
            for table, name in tables:
                pages = db.execute("SELECT COUNT(*) FROM dbstat WHERE name = ?", (name,)).fetchone()[0]
                found[table] = found.get(table, 0) + pages * page
        except sqlite3.OperationalError:  # no dbstat in this build
            pass
        return found
    finally:
        db.close()


async def _postgres_sizes(url: str) -> dict[str, int]:
    conn = await asyncpg.connect(url)
    try:
        found = {"total": int(await conn.fetchval("SELECT pg_database_size(current_database())"))}
        for row in await conn.fetch(
            "SELECT relname, pg_total_relation_size(c.oid) AS size FROM pg_class c"
            " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'r'"
        ):
            found[row["relname"]] = int(row["size"])
        return found
    finally:
        await conn.close()
