"""Backups: ``bazaar backup --to FILE`` and ``bazaar restore --from FILE --to ADDRESS``.

A backup is always one SQLite file, whatever the database: portable, readable by any SQLite, and a
valid source for ``bazaar migrate``.

* From SQLite it is SQLite's online backup API, in one step: a consistent snapshot taken while the
  bot runs (in WAL mode writers go on; the copy is of the last committed transaction).
* From PostgreSQL the bot copies every table itself (``bot.core.migrate``'s table-by-table copy, in one
  REPEATABLE READ transaction: one snapshot) into a new SQLite file at the same schema. No client
  binaries (``pg_dump``) are needed.

The file is written beside its name first and renamed when complete, so a backup cut short never
leaves a file that looks whole; an existing file is not overwritten. Then every started game of the
backup is replayed from its log and must give its stored state (as ``migrate`` checks).

Restoring is ``migrate`` from the backup file to the address: into an empty database only, unless
``force`` (which replaces what it holds), with the row counts compared and every game replayed.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

import asyncpg

from bot.core.address import BadAddress, DatabaseUnavailable, check_address, connect, hide_password
from bot.core.db import SchemaTooNew, SqliteDatabase, is_postgres_url, sqlite_path
from bot.core.migrate import (
    TABLES,
    MigrationRefused,
    MigrationReport,
    copy_tables,
    finish_copy,
    migrate,
    verify_games,
)
from bot.core.store import Store


class BackupRefused(Exception):
    """Nothing was written: the file exists, or the source is missing."""


@dataclass
class BackupReport:
    source: str
    file: Path
    rows: dict[str, int]
    verified: int
    mismatches: list[str]

    @property
    def ok(self) -> bool:
        return not self.mismatches

    def summary(self) -> str:
        lines = [f"Backed up {hide_password(self.source)} to {self.file} ({self.file.stat().st_size:,} bytes):"]
        lines.append("  " + ", ".join(f"{table} {count}" for table, count in self.rows.items()))
        lines.append(
            f"Replayed the logs of {self.verified} started games: {self.verified - len(self.mismatches)} match."
        )
        lines.extend(f"  {m}" for m in self.mismatches)
        lines.append("Done." if self.ok else "The backup does not hold together: keep the database, look into it.")
        return "\n".join(lines)


def _sqlite_snapshot(source: str, partial: Path) -> None:
    """(In a thread.) SQLite's online backup of ``source`` into ``partial``, in one step (one snapshot)."""
    src = sqlite3.connect(source, timeout=30)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst, pages=-1)
            dst.execute("PRAGMA journal_mode=DELETE")
        finally:
            dst.close()
    finally:
        src.close()


async def backup(source_url: str, file: Path) -> BackupReport:
    """Write a backup of ``source_url`` to ``file`` (a new SQLite file) and check it (see the module)."""
    source_url = check_address(source_url)
    file = Path(file)
    if file.exists():
        raise BackupRefused(f"{file} already exists; choose a new file name")
    if not is_postgres_url(source_url) and not Path(sqlite_path(source_url)).is_file():
        raise BackupRefused(f"there is no database at {Path(sqlite_path(source_url)).absolute()}")
    partial = file.with_name(f".{file.name}.partial")
    partial.unlink(missing_ok=True)
    file.parent.mkdir(parents=True, exist_ok=True)
    try:
        if is_postgres_url(source_url):
            source = await connect(source_url)
            try:
                target = await SqliteDatabase.open(partial)
                try:
                    if await target.schema_version() != await source.schema_version():
                        raise MigrationRefused("the database is at another schema than this bot's: update the bot")
                    await copy_tables(source, target, MigrationReport(source_url, str(file), 0), force=False)
                    await finish_copy(target)
                finally:
                    await target.close()
            finally:
                await source.close()
        else:
            await asyncio.to_thread(_sqlite_snapshot, sqlite_path(source_url), partial)
        os.chmod(partial, 0o600)
        for companion in (Path(f"{partial}-wal"), Path(f"{partial}-shm")):
            companion.unlink(missing_ok=True)
        os.replace(partial, file)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return await check_backup(source_url, file)


async def check_backup(source_url: str, file: Path) -> BackupReport:
    """Count the backup's rows and replay every started game in it."""
    db = await SqliteDatabase.open(file)
    try:
        rows = {table: int(await db.fetchval(f"SELECT COUNT(*) FROM {table}")) for table, _ in TABLES}
        report = MigrationReport(source_url, str(file), await db.schema_version())
        await verify_games(Store(db), report)
    finally:
        await db.close()
    single = sqlite3.connect(file)  # one self-contained file again (no -wal beside it)
    try:
        single.execute("PRAGMA journal_mode=DELETE")
    finally:
        single.close()
    mismatches = [f"game #{m.game_id} ({m.game}): {m.reason}" for m in report.mismatches]
    return BackupReport(source_url, file, rows, report.verified, mismatches)


async def restore(file: Path, target_url: str, *, force: bool = False) -> MigrationReport:
    """Copy the backup ``file`` into ``target_url`` (empty unless ``force``) and check it, as ``migrate`` does."""
    file = Path(file)
    if not file.is_file():
        raise BackupRefused(f"there is no backup at {file.absolute()}")
    with file.open("rb") as header:
        if header.read(16) != b"SQLite format 3\x00":
            raise BackupRefused(f"{file} is not a Bazaar backup (not a SQLite file)")
    return await migrate(f"sqlite:///{file.absolute()}", target_url, force=force)


FAILURES = (
    BackupRefused,
    BadAddress,
    DatabaseUnavailable,
    MigrationRefused,
    SchemaTooNew,
    OSError,
    asyncpg.PostgresError,
    sqlite3.Error,
)


async def run_backup(source_url: str, file: Path, *, out: TextIO, err: TextIO) -> int:
    """``bazaar backup``: 0 when written and every game replays, 1 on a mismatch, 2 when nothing was written."""
    try:
        report = await backup(source_url, file)
    except FAILURES as exc:
        print(f"No backup was written: {' '.join(str(exc).split())}", file=err)
        return 2
    print(report.summary(), file=out)
    return 0 if report.ok else 1


async def run_restore(file: Path, target_url: str, *, force: bool, out: TextIO, err: TextIO) -> int:
    """``bazaar restore``: 0 when restored and every game replays, 1 on a mismatch, 2 when nothing was restored."""
    try:
        report = await restore(file, target_url, force=force)
    except FAILURES as exc:
        print(f"Nothing was restored: {' '.join(str(exc).split())}", file=err)
        return 2
    print(report.summary(), file=out)
    return 0 if report.ok else 1
