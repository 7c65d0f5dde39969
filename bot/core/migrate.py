"""Moving the bot's data to another database (``bazaar migrate --from URL --to URL``), e.g. SQLite to PostgreSQL.

Stop the bot first. Every table is copied row for row with its ids, in key order, ``BATCH`` rows at a
time: each batch is read by its key (``WHERE key > last``, so the thousandth batch costs what the first
did) and committed on the target with a mark of how far the copy got (``PROGRESS_TABLE``, dropped
when the copy is whole). Run again after an interruption, the copy resumes at its marks; ``force``
starts over. The source is read in one transaction (one snapshot on PostgreSQL). Then the target's id
sequences are set past the copied ids, so new games and messages continue after them. A target that
already holds rows (and no unfinished copy) is refused unless ``force`` is given, which replaces them.

Then the copy is checked: each table must hold as many rows as the source's, and every game that
was started (every game with a stored state) must come out of its move log again — the engine
replays the log (undone rows skipped) and the result must equal the stored state.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
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
    sqlite_path,
)
from bot.core.host import replay_log
from bot.core.records import GameRecord, MoveRecord
from bot.core.store import GAME_COLUMNS, Store, _game

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
)
"""Every table of the bot's data with its key (the order of reading), parents before children."""
BATCH = 2000


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
            await copy_tables(source, target, report, force=force, batch=batch, on_batch=on_batch)
            await finish_copy(target)
            await target.reset_identities()
            await compare_counts(source, target, report)
            await verify_games(Store(target), report)
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
    rows = await target.fetch(f"SELECT name, last_key, copied, done FROM {PROGRESS_TABLE} WHERE name <> ?", SOURCE_MARK)
    return {
        str(r["name"]): (json.loads(r["last_key"]) if r["last_key"] else None, int(r["copied"]), bool(r["done"]))
        for r in rows
    }


async def _progress_source(target: Database) -> str | None:
    return await target.fetchval(f"SELECT last_key FROM {PROGRESS_TABLE} WHERE name = ?", SOURCE_MARK)


async def copy_tables(
    source: Database,
    target: Database,
    report: MigrationReport,
    *,
    force: bool,
    batch: int = BATCH,
    on_batch: Callable[[str, int, float], None] | None = None,
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
        marks = {}
    async with source.transaction() as reader:
        if source.dialect == "postgres":  # one snapshot of the whole source
            await reader.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        for table, key in TABLES:
            last, copied, done = marks.get(table, (None, 0, False))
            if not done:
                copied = await _copy_table(reader, target, table, key, last, copied, batch, on_batch)
            report.copied[table] = copied


async def _copy_table(
    reader: Connection,
    target: Database,
    table: str,
    key: str,
    last: list[Any] | None,
    copied: int,
    batch: int,
    on_batch: Callable[[str, int, float], None] | None,
) -> int:
    """One table from the row after ``last`` (its key), a batch a transaction; the rows copied in all."""
    columns = [c.strip() for c in key.split(",")]
    keyed = f"({key})" if len(columns) > 1 else key
    after = f"({placeholders(len(columns))})" if len(columns) > 1 else "?"
    while True:
        began = time.perf_counter()
        if last is None:
            rows = await reader.fetch(f"SELECT * FROM {table} ORDER BY {key} LIMIT ?", batch)
        else:
            rows = await reader.fetch(
                f"SELECT * FROM {table} WHERE {keyed} > {after} ORDER BY {key} LIMIT ?", *last, batch
            )
        if rows:
            names = list(rows[0])
            last = [rows[-1][c] for c in columns]
        finished = len(rows) < batch
        async with target.transaction() as writer:
            if rows and target.dialect == "postgres":  # COPY: several times faster than INSERTs
                records = [tuple(row[c] for c in names) for row in rows]
                await writer._conn.copy_records_to_table(table, records=records, columns=names)  # type: ignore[attr-defined]
            elif rows:
                sql = f"INSERT INTO {table} ({', '.join(names)}) VALUES ({placeholders(len(names))})"
                await writer.executemany(sql, [[row[c] for c in names] for row in rows])
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
        if on_batch is not None and rows:
            on_batch(table, len(rows), time.perf_counter() - began)
        if finished:
            return copied


async def finish_copy(target: Database) -> None:
    """The copy is whole: its marks go."""
    await target.execute(f"DROP TABLE IF EXISTS {PROGRESS_TABLE}")


async def compare_counts(source: Database, target: Database, report: MigrationReport) -> None:
    for table, _ in TABLES:
        there = int(await source.fetchval(f"SELECT COUNT(*) FROM {table}"))
        here = int(await target.fetchval(f"SELECT COUNT(*) FROM {table}"))
        if there != here:
            report.count_errors.append(f"{table}: {there} rows in the source, {here} in the target")


VERIFY_BATCH = 500
"""Games replayed per round of the check: their rows are read in three queries, not three per game."""


async def verify_games(store: Store, report: MigrationReport, batch: int = VERIFY_BATCH) -> None:
    """Replay the log of every started game of ``store`` and compare with its stored state, ``batch`` games a
    round (each round reads its games, their seats and their moves in one query each, by key)."""
    db = store.db
    last = -1
    while True:
        rows = await db.fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE state IS NOT NULL AND id > ? ORDER BY id LIMIT ?", last, batch
        )
        if not rows:
            return
        records = [_game(row) for row in rows]
        low, high = records[0].id, records[-1].id
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
        logs: dict[int, list[MoveRecord]] = {}
        for r in await db.fetch(
            "SELECT game_id, ply, seat, kind, move, user_id, created_at, undone FROM moves"
            " WHERE game_id BETWEEN ? AND ? ORDER BY game_id, ply",
            low,
            high,
        ):
            logs.setdefault(int(r["game_id"]), []).append(MoveRecord(**{**r, "undone": bool(r["undone"])}))
        for record in records:
            report.verified += 1
            reason = _replay_problem(record, seated.get(record.id, 0), logs.get(record.id, []))
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
