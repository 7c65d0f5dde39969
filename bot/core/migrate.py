"""Moving the bot's data to another database (``bazaar migrate --from URL --to URL``), e.g. SQLite to PostgreSQL.

Stop the bot first. Every table is copied row for row with its ids, in key order, ``BATCH`` rows at a
time: each batch is read by its key (``WHERE key > last``, so the thousandth batch costs what the first
did) and committed on the target with a mark of how far the copy got (``PROGRESS_TABLE``, dropped
when the copy is whole). Run again after an interruption, the copy resumes at its marks; ``force``
starts over. The source is read in one transaction (one snapshot on PostgreSQL). Then the target's id
sequences are set past the copied ids, so new games and messages continue after them. A target that
already holds rows (and no unfinished copy) is refused unless ``force`` is given, which replaces them.

The copy is checked: each table must hold as many rows as the source's, and every game that
was started (every game with a stored state) must come out of its move log again — the engine
replays the log (undone rows skipped) and the result must equal the stored state. The replays run
beside the copy (each game as soon as its whole log is in the target: ``CopyProgress``), in worker
processes on a large database. Into PostgreSQL the rows go by COPY, the target's foreign keys and
secondary indexes set aside until the copy is whole (``_set_aside_checks``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import urlsplit, urlunsplit

import asyncpg

import engines
from bot.core.address import BadAddress, DatabaseUnavailable, check_address, connect
from bot.core.db import (
    Connection,
    Database,
    SchemaTooNew,
    is_postgres_url,
    placeholders,
    postgres_sql,
    sqlite_path,
)
from bot.core.host import replay_log
from bot.core.records import GameRecord, MoveRecord
from bot.core.store import GAME_COLUMNS, Store, _game
from bot.core.workers import spawned_pool

TABLES: tuple[tuple[str, str], ...] = (
    ("games", "id"),
    ("seats", "game_id, user_id"),
    ("moves", "game_id, ply"),
    ("game_timing", "game_id"),
    ("undo_requests", "game_id, version"),
    ("undo_agreements", "game_id, version, user_id"),
    ("turn_notices", "game_id, turn_started_at, seat, kind, number"),
    ("outbox", "id"),
    ("interactions", "interaction_id"),
    ("user_prefs", "user_id"),
    ("user_guild_prefs", "user_id, guild_id"),
    ("guild_settings", "guild_id"),
    ("meta", "key"),
    ("ratings", "game, scope, player_id"),
    ("rating_history", "game_id, player_id"),
)
"""Every table of the bot's data with its key (the order of reading), parents before children."""
BATCH = 10_000
"""Rows a batch (one read, one COPY or executemany, one commit with its mark)."""


class MigrationRefused(Exception):
    """Nothing was written: the target is not empty, is the source itself, or is at another schema."""


@dataclass(frozen=True)
class Mismatch:
    """A game whose copy does not hold together."""

    game_id: int
    game: str
    reason: str


@dataclass
class MigrationReport:
    source: str
    target: str
    schema: int
    copied: dict[str, int] = field(default_factory=dict)
    replaced: int = 0
    """Rows the target held before (only with ``force``)."""
    resumed: int = 0
    """Rows an interrupted copy had already committed, kept and continued from."""
    verified: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)
    count_errors: list[str] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    """Wall time of each phase: copy, keys (the target's keys and indexes made again), counts, replay."""

    @property
    def ok(self) -> bool:
        return not self.mismatches and not self.count_errors

    def summary(self) -> str:
        lines = [f"Copied {shown_url(self.source)} to {shown_url(self.target)} (schema {self.schema}):"]
        if self.replaced:
            lines.append(f"  the target's {self.replaced} earlier rows were replaced (--force)")
        if self.resumed:
            lines.append(
                f"  resumed an interrupted copy: its {self.resumed} rows already copied were kept (--force starts over)"
            )
        lines.append("  " + ", ".join(f"{table} {count}" for table, count in self.copied.items()))
        lines.extend(f"  {error}" for error in self.count_errors)
        matching = self.verified - len(self.mismatches)
        lines.append(f"Replayed the logs of {self.verified} started games: {matching} match their stored state.")
        lines.extend(f"  game #{m.game_id} ({m.game}): {m.reason}" for m in self.mismatches)
        lines.append("Done." if self.ok else "The copy does not match: do not switch the bot to the target.")
        return "\n".join(lines)


def shown_url(url: str) -> str:
    """``url`` without its password, for printing."""
    if not is_postgres_url(url):
        return url
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


def _same_place(source: str, target: str) -> bool:
    if is_postgres_url(source) or is_postgres_url(target):
        return source == target
    return Path(sqlite_path(source)).resolve() == Path(sqlite_path(target)).resolve()


async def migrate(
    source_url: str,
    target_url: str,
    *,
    force: bool = False,
    batch: int = BATCH,
    on_batch: Callable[[str, int, float], None] | None = None,
) -> MigrationReport:
    """Copy everything at ``source_url`` to ``target_url`` and check the copy (see the module)."""
    source_url, target_url = check_address(source_url), check_address(target_url)
    if _same_place(source_url, target_url):
        raise MigrationRefused("the source and the target are the same database")
    if not is_postgres_url(source_url) and not Path(sqlite_path(source_url)).is_file():
        where = Path(sqlite_path(source_url)).absolute()
        raise MigrationRefused(f"there is no database at {where} (an absolute path is written sqlite:////path)")
    source = await connect(source_url)
    try:
        target = await connect(target_url)
        try:
            schema = await source.schema_version()
            if await target.schema_version() != schema:
                raise MigrationRefused("the source and the target are at different schema versions")
            report = MigrationReport(source_url, target_url, schema)
            began = time.perf_counter()

            def lap(phase: str) -> None:
                nonlocal began
                report.seconds[phase] = time.perf_counter() - began
                began = time.perf_counter()

            progress = CopyProgress()
            checking = asyncio.create_task(verify_games(Store(target), report, ready=progress))
            try:
                await copy_tables(
                    source, target, report, force=force, batch=batch, on_batch=on_batch, progress=progress
                )
                lap("copy")
                await finish_copy(target)
                await target.reset_identities()
                lap("keys")
                await compare_counts(source, target, report)
                lap("counts")
                await checking
                lap("replay")
            finally:
                if not checking.done():
                    checking.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await checking
            return report
        finally:
            await target.close()
    finally:
        await source.close()


SOURCE_MARK = "~source"
"""The row of ``PROGRESS_TABLE`` naming the source being copied (its address without the password)."""
PROGRESS_TABLE = "bazaar_migrate_progress"
"""Kept in the target while a copy is under way: per table, the key of the last row copied (dropped when done)."""


async def _progress(target: Database) -> dict[str, tuple[list[Any] | None, int, bool]] | None:
    """The target's marks of an unfinished copy (None when there is none): table -> (last key, rows, done)."""
    if target.dialect == "postgres":
        found = await target.fetchval(f"SELECT to_regclass('{PROGRESS_TABLE}') IS NOT NULL")
    else:
        found = await target.fetchval(f"SELECT COUNT(*) FROM sqlite_master WHERE name = '{PROGRESS_TABLE}'")
    if not found:
        return None
    rows = await target.fetch(f"SELECT name, last_key, copied, done FROM {PROGRESS_TABLE} WHERE name NOT LIKE '~%'")
    return {
        str(r["name"]): (json.loads(r["last_key"]) if r["last_key"] else None, int(r["copied"]), bool(r["done"]))
        for r in rows
    }


async def _progress_source(target: Database) -> str | None:
    return await target.fetchval(f"SELECT last_key FROM {PROGRESS_TABLE} WHERE name = ?", SOURCE_MARK)


class CopyProgress:
    """How far the copy of the move logs got: every game whose id is below ``below`` is whole in the target
    (its row, its seats, every move), so the replay check can run beside the copy."""

    def __init__(self) -> None:
        self.below = -math.inf
        self._moved = asyncio.Event()

    def advance(self, below: float) -> None:
        if below > self.below:
            self.below = below
            self._moved.set()

    async def reach(self, wanted: float) -> None:
        """Until every game below ``wanted`` is whole (or the copy of the logs is done)."""
        while self.below < wanted:
            self._moved.clear()
            await self._moved.wait()


async def copy_tables(
    source: Database,
    target: Database,
    report: MigrationReport,
    *,
    force: bool,
    batch: int = BATCH,
    on_batch: Callable[[str, int, float], None] | None = None,
    progress: CopyProgress | None = None,
) -> None:
    """Every table's rows from ``source`` into ``target``, in key order, ``batch`` rows a transaction.

    Each batch is read by its key (``WHERE key > last ORDER BY key LIMIT n``: every batch costs the same,
    however far into the table) and committed on the target together with its mark in ``PROGRESS_TABLE``.
    A copy that was interrupted resumes at its marks when run again with the same source; ``force``
    starts over. The source is read in one transaction (PostgreSQL: one REPEATABLE READ snapshot).
    """
    marks = await _progress(target)
    where_from = shown_url(report.source)
    if marks is not None and not force:
        if await _progress_source(target) != where_from:
            raise MigrationRefused("the target holds an unfinished copy from another source; --force starts over")
        report.resumed = sum(copied for name, (_, copied, _) in marks.items() if name != SOURCE_MARK)
    else:
        held = {table: int(await target.fetchval(f"SELECT COUNT(*) FROM {table}")) for table, _ in TABLES}
        report.replaced = sum(held.values())
        if report.replaced and not force and marks is None:
            filled = ", ".join(f"{table} {count}" for table, count in held.items() if count)
            raise MigrationRefused(f"the target is not empty ({filled}); --force replaces what it holds")
        async with target.transaction() as writer:
            set_aside = []  # an unfinished copy's keys and indexes, still to be made again
            if marks is not None:
                set_aside = await writer.fetch(
                    f"SELECT name, last_key FROM {PROGRESS_TABLE} WHERE name LIKE ?", f"{SET_ASIDE}%"
                )
            for table, _ in reversed(TABLES):
                if held[table]:
                    await writer.execute(f"DELETE FROM {table}")
            await writer.execute(f"DROP TABLE IF EXISTS {PROGRESS_TABLE}")
            await writer.execute(
                f"CREATE TABLE {PROGRESS_TABLE} (name TEXT PRIMARY KEY, last_key TEXT, copied BIGINT NOT NULL,"
                " done INTEGER NOT NULL)"
            )
            await writer.execute(
                f"INSERT INTO {PROGRESS_TABLE} (name, last_key, copied, done) VALUES (?, ?, 0, 0)",
                SOURCE_MARK,
                where_from,
            )
            for row in set_aside:
                await writer.execute(
                    f"INSERT INTO {PROGRESS_TABLE} (name, last_key, copied, done) VALUES (?, ?, 0, 1)",
                    row["name"],
                    row["last_key"],
                )
        marks = {}
        if target.dialect == "postgres":
            await _set_aside_checks(target)
    async with _reader(source) as read:
        for table, key in TABLES:
            last, copied, done = marks.get(table, (None, 0, False))
            logs = progress if table == "moves" else None
            if logs is not None:  # the games and their seats are whole: the check may begin below the mark
                logs.advance(math.inf if done else last[0] if last else 0)
            if not done:
                copied = await _copy_table(read, target, table, key, last, copied, batch, on_batch, logs)
            if logs is not None:
                logs.advance(math.inf)
            report.copied[table] = copied


Read = Callable[..., Awaitable[tuple[list[str], list[tuple[Any, ...]]]]]
"""A query on the source's snapshot: its column names and its rows as tuples."""


@asynccontextmanager
async def _reader(source: Database) -> AsyncIterator[Read]:
    """Queries on one snapshot of ``source``, rows as plain tuples.

    SQLite is read by a read-only ``sqlite3`` connection of its own in one read transaction (WAL: one
    snapshot), each query in a thread: no per-row dict, no trip per row. PostgreSQL in one REPEATABLE
    READ, READ ONLY transaction.
    """
    if source.dialect == "sqlite":
        path = Path(getattr(source, "path", ""))
        conn = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True, check_same_thread=False)
        conn.isolation_level = None
        conn.execute("BEGIN")

        def query(sql: str, params: tuple[Any, ...]) -> tuple[list[str], list[tuple[Any, ...]]]:
            cursor = conn.execute(sql, params)
            try:
                return [d[0] for d in cursor.description], cursor.fetchall()
            finally:
                cursor.close()

        async def read_sqlite(sql: str, *params: Any) -> tuple[list[str], list[tuple[Any, ...]]]:
            return await asyncio.to_thread(query, sql, params)

        try:
            yield read_sqlite
        finally:
            conn.close()
        return
    async with source.transaction() as reader:
        await reader.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        conn = reader._conn  # type: ignore[attr-defined]

        async def read_postgres(sql: str, *params: Any) -> tuple[list[str], list[tuple[Any, ...]]]:
            records = await conn.fetch(postgres_sql(sql), *params)
            return (list(records[0].keys()) if records else []), [tuple(r) for r in records]

        yield read_postgres


async def _copy_table(
    read: Read,
    target: Database,
    table: str,
    key: str,
    last: list[Any] | None,
    copied: int,
    batch: int,
    on_batch: Callable[[str, int, float], None] | None,
    progress: CopyProgress | None = None,
) -> int:
    """One table from the row after ``last`` (its key), a batch a transaction; the rows copied in all.
    ``progress`` (the move logs): after each batch, the games before its last row's game are whole."""
    columns = [c.strip() for c in key.split(",")]
    keyed = f"({key})" if len(columns) > 1 else key
    after = f"({placeholders(len(columns))})" if len(columns) > 1 else "?"
    while True:
        began = time.perf_counter()
        if last is None:
            names, rows = await read(f"SELECT * FROM {table} ORDER BY {key} LIMIT ?", batch)
        else:
            names, rows = await read(
                f"SELECT * FROM {table} WHERE {keyed} > {after} ORDER BY {key} LIMIT ?", *last, batch
            )
        if rows:
            last = [rows[-1][names.index(c)] for c in columns]
        finished = len(rows) < batch
        async with target.transaction() as writer:
            if rows and target.dialect == "postgres":  # COPY: several times faster than INSERTs
                await writer._conn.copy_records_to_table(table, records=rows, columns=names)  # type: ignore[attr-defined]
            elif rows:
                sql = f"INSERT INTO {table} ({', '.join(names)}) VALUES ({placeholders(len(names))})"
                await writer.executemany(sql, rows)
            await writer.execute(
                f"INSERT INTO {PROGRESS_TABLE} (name, last_key, copied, done) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (name) DO UPDATE SET last_key = excluded.last_key, copied = excluded.copied,"
                " done = excluded.done",
                table,
                json.dumps(last) if last is not None else None,
                copied + len(rows),
                int(finished),
            )
        copied += len(rows)
        if progress is not None and last is not None:
            progress.advance(last[0])
        if on_batch is not None and rows:
            on_batch(table, len(rows), time.perf_counter() - began)
        if finished:
            return copied


SET_ASIDE = "~set-aside:"
"""Rows of ``PROGRESS_TABLE`` holding a foreign key or index of a PostgreSQL target dropped for the copy (its
statement to make it again, run when the copy is whole)."""


async def _set_aside_checks(target: Database) -> None:
    """Drop a PostgreSQL target's foreign keys and secondary indexes for the copy, keeping how to make them again.

    Checked and indexed row by row, a COPY of millions of moves costs several times what it does into the bare
    table (as ``pg_restore`` does, the keys and indexes are made once at the end, each in one pass over its
    table). Their statements are kept in the progress table, in the same transaction as the drops: a copy
    cut short makes them when it resumes and finishes. Primary keys stay (the keys the copy reads and resumes by).
    """
    tables = [table for table, _ in TABLES]
    async with target.transaction() as writer:
        keys = await writer.fetch(
            "SELECT c.conrelid::regclass::text AS tbl, c.conname AS name, pg_get_constraintdef(c.oid) AS definition"
            " FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace"
            " WHERE c.contype = 'f' AND n.nspname = current_schema() AND c.conrelid::regclass::text = ANY(?)"
            " ORDER BY c.conname",
            tables,
        )
        indexes = await writer.fetch(
            "SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i"
            " WHERE i.schemaname = current_schema() AND i.tablename = ANY(?) AND NOT EXISTS ("
            "   SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.contype IN ('p', 'u'))"
            " ORDER BY i.indexname",
            tables,
        )
        number = int(await writer.fetchval(f"SELECT COUNT(*) FROM {PROGRESS_TABLE} WHERE name LIKE ?", f"{SET_ASIDE}%"))
        for index in indexes:
            await writer.execute(f'DROP INDEX "{index["name"]}"')
            number += 1
            await _keep_statement(writer, number, index["definition"])
        for fk in keys:
            await writer.execute(f'ALTER TABLE {fk["tbl"]} DROP CONSTRAINT "{fk["name"]}"')
            number += 1
            await _keep_statement(
                writer, number, f'ALTER TABLE {fk["tbl"]} ADD CONSTRAINT "{fk["name"]}" {fk["definition"]}'
            )


async def _keep_statement(writer: Connection, number: int, statement: str) -> None:
    await writer.execute(
        f"INSERT INTO {PROGRESS_TABLE} (name, last_key, copied, done) VALUES (?, ?, 0, 1)",
        f"{SET_ASIDE}{number:04d}",
        statement,
    )


async def finish_copy(target: Database) -> None:
    """The copy is whole: the keys and indexes set aside for it are made again, and its marks go."""
    if await _progress(target) is None:
        return
    async with target.transaction() as writer:
        for row in await writer.fetch(
            f"SELECT last_key FROM {PROGRESS_TABLE} WHERE name LIKE ? ORDER BY name", f"{SET_ASIDE}%"
        ):
            await writer.execute(row["last_key"])
        await writer.execute(f"DROP TABLE {PROGRESS_TABLE}")


async def compare_counts(source: Database, target: Database, report: MigrationReport) -> None:
    for table, _ in TABLES:
        there = int(await source.fetchval(f"SELECT COUNT(*) FROM {table}"))
        here = int(await target.fetchval(f"SELECT COUNT(*) FROM {table}"))
        if there != here:
            report.count_errors.append(f"{table}: {there} rows in the source, {here} in the target")


GAME_ID_END = 2**63 - 1
"""Above every game id (the largest BIGINT)."""
VERIFY_BATCH = 500
"""Games replayed per round of the check: their rows are read in three queries, not three per game."""
PARALLEL_FROM = 2000
"""Started games from which the check replays in worker processes (fewer: in this process, no start-up cost)."""

Compact = tuple[int, str, str, int, str, list[tuple[int | None, str, str]]]
"""A game for a worker: id, engine, options JSON, seats, stored state, and its log (seat, kind, move; undone
rows left out)."""


async def verify_games(
    store: Store,
    report: MigrationReport,
    batch: int = VERIFY_BATCH,
    workers: int | None = None,
    parallel_from: int = PARALLEL_FROM,
    ready: CopyProgress | None = None,
) -> None:
    """Replay the log of every started game of ``store`` and compare with its stored state, ``batch`` games a
    round (each round reads its games, their seats and their moves in one query each, by key).

    Each game is replayed on the engine's unchecked path (``apply_in_place``: the moves are the ones a copy
    of a consistent database holds, and the end state is what is compared); a game whose state does not
    come out is replayed again through ``transition``, move by move checked, for the reason it is reported
    with. From ``PARALLEL_FROM`` started games the rounds are replayed in ``workers`` processes (default:
    one per CPU) while the next rounds are read. ``ready`` (a copy under way): only the games the copy has
    made whole are read, each round waiting for the copy to get past it.
    """
    db = store.db
    if ready is not None:
        await ready.reach(0)
    started = int(await db.fetchval("SELECT COUNT(*) FROM games WHERE state IS NOT NULL"))
    if workers is None:
        workers = os.cpu_count() or 1
    parallel = workers > 1 and started >= parallel_from
    pool = spawned_pool(workers) if parallel else None
    loop = asyncio.get_running_loop()
    pending: list[tuple[int, asyncio.Future[list[int]]]] = []
    suspects: list[int] = []
    try:
        last = -1
        while True:
            below = math.inf
            if ready is not None:
                await ready.reach(last + 1 + batch)
                below = ready.below
            games = await db.fetch(
                "SELECT id, game, options, state FROM games WHERE state IS NOT NULL AND id > ? AND id < ?"
                " ORDER BY id LIMIT ?",
                last,
                min(below, GAME_ID_END),
                batch,
            )
            if not games:
                if below == math.inf:
                    break
                last = int(below) - 1  # no started game in between
                continue
            low, high = int(games[0]["id"]), int(games[-1]["id"])
            last = high
            seated = {
                int(r["game_id"]): int(r["n"])
                for r in await db.fetch(
                    "SELECT game_id, COUNT(*) AS n FROM seats WHERE game_id BETWEEN ? AND ? AND seat IS NOT NULL"
                    " GROUP BY game_id",
                    low,
                    high,
                )
            }
            logs: dict[int, list[tuple[int | None, str, str]]] = {}
            for r in await db.fetch(
                "SELECT game_id, seat, kind, move FROM moves WHERE game_id BETWEEN ? AND ? AND undone = 0"
                " ORDER BY game_id, ply",
                low,
                high,
            ):
                logs.setdefault(int(r["game_id"]), []).append((r["seat"], r["kind"], r["move"]))
            round_: list[Compact] = [
                (
                    int(g["id"]),
                    g["game"],
                    g["options"],
                    seated.get(int(g["id"]), 0),
                    g["state"],
                    logs.get(int(g["id"]), []),
                )
                for g in games
            ]
            report.verified += len(round_)
            if pool is None:
                suspects.extend(replay_round(round_))
                continue
            pending.append((len(round_), loop.run_in_executor(pool, replay_round, round_)))
            while len(pending) > 2 * workers:  # read ahead, but not the whole database into memory
                suspects.extend(await pending.pop(0)[1])
        for _, future in pending:
            suspects.extend(await future)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    for game_id in suspects:  # the checked replay, for the reason
        await _check_one(store, game_id, report)


def replay_round(games: list[Compact]) -> list[int]:
    """(In a worker.) The ids of the games whose stored state does not come out of their log unchecked."""
    return [game[0] for game in games if not _replays_unchecked(*game)]


def _replays_unchecked(
    game_id: int, game: str, options: str, seated: int, state: str, log: list[tuple[int | None, str, str]]
) -> bool:
    if game not in engines.names():
        return False
    engine = engines.get(game)
    try:
        current = engine.new_game(seated, json.loads(options))
        for seat, kind, move in log:
            if kind in ("move", "chance"):
                engine.apply_in_place(current, move)
            elif kind == "resign":
                current = engine.resign_transition(current, int(seat or 0)).state
            else:
                current = engine.apply_standing(current, int(seat or 0), move).state
        return engine.dumps(current) == state
    except Exception:  # any refusal or crash: the checked replay says why
        return False


async def _check_one(store: Store, game_id: int, report: MigrationReport) -> None:
    """Replay one game through the checked path and report it if it still does not match."""
    db = store.db
    row = await db.fetchrow(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", game_id)
    if row is None:
        return
    record = _game(row)
    seated = int(await db.fetchval("SELECT COUNT(*) FROM seats WHERE game_id = ? AND seat IS NOT NULL", game_id))
    log = [
        MoveRecord(**{**r, "undone": bool(r["undone"])})
        for r in await db.fetch(
            "SELECT game_id, ply, seat, kind, move, user_id, created_at, undone FROM moves WHERE game_id = ?"
            " ORDER BY ply",
            game_id,
        )
    ]
    reason = _replay_problem(record, seated, log)
    if reason is not None:
        report.mismatches.append(Mismatch(record.id, record.game, reason))


def _replay_problem(record: GameRecord, seated: int, log: list[MoveRecord]) -> str | None:
    """Why the game of ``record`` does not come out of its log again (None: it does)."""
    assert record.state is not None
    if record.game not in engines.names():
        return f"no engine called {record.game!r} in this version of the bot"
    engine = engines.get(record.game)
    try:
        rebuilt = replay_log(record, seated, log)
    except Exception as exc:  # a log the engine refuses is a mismatch to report, not a crash
        return f"its log cannot be replayed ({type(exc).__name__}: {exc})"
    if engine.dumps(rebuilt) == record.state:
        return None
    try:
        stored = engine.loads(record.state)
    except Exception as exc:
        return f"its stored state cannot be read ({type(exc).__name__})"
    if stored == rebuilt:  # the same state written differently
        return None
    return f"the state replayed from its {len(log)} log rows differs from the stored state"


async def run_migrate(source_url: str, target_url: str, *, force: bool, out: TextIO, err: TextIO) -> int:
    """``bazaar migrate``: 0 when copied and every game matches, 1 on a mismatch, 2 when nothing was copied."""
    try:
        report = await migrate(source_url, target_url, force=force)
    except (BadAddress, DatabaseUnavailable) as exc:
        print(f"Nothing was copied: {exc}", file=err)
        return 2
    except (MigrationRefused, SchemaTooNew, OSError, asyncpg.PostgresError, sqlite3.Error) as exc:
        print(f"Nothing was copied: {' '.join(str(exc).split())}", file=err)
        return 2
    print(report.summary(), file=out)
    return 0 if report.ok else 1
