"""Moving the bot's data to another database (``bazaar migrate --from URL --to URL``), e.g. SQLite to PostgreSQL.

Stop the bot first. Every table is copied row for row with its ids, in one transaction on the target
(all of it or nothing), reading the source in one transaction too; then the target's id sequences
are set past the copied ids, so new games and messages continue after them. A target that already
holds rows is refused unless ``force`` is given, which replaces what it holds.

Then the copy is checked: each table must hold as many rows as the source's, and every game that
was started (every game with a stored state) must come out of its move log again — the engine
replays the log (undone rows skipped) and the result must equal the stored state.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO
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
from bot.core.store import Store

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


async def migrate(source_url: str, target_url: str, *, force: bool = False) -> MigrationReport:
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
            await copy_tables(source, target, report, force=force)
            await target.reset_identities()
            await compare_counts(source, target, report)
            await verify_games(Store(target), report)
            return report
        finally:
            await target.close()
    finally:
        await source.close()


async def copy_tables(source: Database, target: Database, report: MigrationReport, *, force: bool) -> None:
    """Every table's rows from ``source`` into ``target`` in one transaction on each side."""
    async with source.transaction() as reader, target.transaction() as writer:
        if source.dialect == "postgres":  # one snapshot of the whole source
            await reader.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        held = {table: int(await writer.fetchval(f"SELECT COUNT(*) FROM {table}")) for table, _ in TABLES}
        report.replaced = sum(held.values())
        if report.replaced and not force:
            filled = ", ".join(f"{table} {count}" for table, count in held.items() if count)
            raise MigrationRefused(f"the target is not empty ({filled}); --force replaces what it holds")
        for table, _ in reversed(TABLES):
            if held[table]:
                await writer.execute(f"DELETE FROM {table}")
        for table, key in TABLES:
            report.copied[table] = await _copy_table(reader, writer, table, key)


async def _copy_table(reader: Connection, writer: Connection, table: str, key: str) -> int:
    """One table, in batches of ``BATCH`` rows in key order; the number of rows copied."""
    copied = 0
    while True:
        rows = await reader.fetch(f"SELECT * FROM {table} ORDER BY {key} LIMIT ? OFFSET ?", BATCH, copied)
        if not rows:
            return copied
        columns = list(rows[0])
        sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({placeholders(len(columns))})"
        await writer.executemany(sql, [[row[c] for c in columns] for row in rows])
        copied += len(rows)


async def compare_counts(source: Database, target: Database, report: MigrationReport) -> None:
    for table, _ in TABLES:
        there = int(await source.fetchval(f"SELECT COUNT(*) FROM {table}"))
        here = int(await target.fetchval(f"SELECT COUNT(*) FROM {table}"))
        if there != here:
            report.count_errors.append(f"{table}: {there} rows in the source, {here} in the target")


async def verify_games(store: Store, report: MigrationReport) -> None:
    """Replay the log of every started game of ``store`` and compare with its stored state."""
    rows = await store.db.fetch("SELECT id FROM games WHERE state IS NOT NULL ORDER BY id")
    for row in rows:
        report.verified += 1
        reason = await _replay_problem(store, int(row["id"]))
        if reason is not None:
            record = await store.get_game(int(row["id"]))
            report.mismatches.append(Mismatch(int(row["id"]), record.game if record else "?", reason))


async def _replay_problem(store: Store, game_id: int) -> str | None:
    """Why game ``game_id`` does not come out of its log again (None: it does)."""
    record = await store.get_game(game_id)
    assert record is not None and record.state is not None
    if record.game not in engines.names():
        return f"no engine called {record.game!r} in this version of the bot"
    engine = engines.get(record.game)
    seated = sum(1 for seat in await store.seats(game_id) if seat.seat is not None)
    log = await store.moves(game_id)
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
