"""The database connection under the store: one small interface, one class per SQL dialect.

The store writes portable SQL with ``?`` placeholders (``ON CONFLICT``, ``RETURNING``, no
``INSERT OR …``); a dialect class runs it. ``open_database(url)`` picks the class from the
address: a path or ``sqlite:///path`` (the default, embedded), or ``postgresql://…``.

Numbered migrations live in ``bot/core/migrations/<dialect>/NNN_name.sql`` and are applied at
start-up, each in its own transaction. A database written by a newer Bazaar (a migration this
code does not know) is refused rather than misread.
"""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

import aiosqlite

Row = Mapping[str, Any]
MEMORY = ":memory:"


class SchemaTooNew(RuntimeError):
    """The database was migrated by a newer version of the bot."""


class Connection(Protocol):
    """What a transaction offers (``?`` placeholders)."""

    async def execute(self, sql: str, *params: Any) -> int:
        """Run a statement; the number of rows it changed."""
        ...

    async def fetch(self, sql: str, *params: Any) -> list[Row]: ...

    async def fetchrow(self, sql: str, *params: Any) -> Row | None: ...

    async def fetchval(self, sql: str, *params: Any) -> Any: ...


class Database(Protocol):
    """A database: transactions, reads outside them, migrations."""

    dialect: str

    def transaction(self) -> Any:
        """``async with db.transaction() as tx:`` — all of it or nothing."""
        ...

    async def fetch(self, sql: str, *params: Any) -> list[Row]: ...

    async def fetchrow(self, sql: str, *params: Any) -> Row | None: ...

    async def fetchval(self, sql: str, *params: Any) -> Any: ...

    async def schema_version(self) -> int: ...

    async def close(self) -> None: ...


def migrations(dialect: str) -> list[tuple[int, str]]:
    """The numbered migration scripts of ``dialect``, in order."""
    folder = resources.files("bot.core") / "migrations" / dialect
    found = []
    for entry in folder.iterdir():
        match = re.fullmatch(r"(\d{3})_\w+\.sql", entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    return sorted(found)


# ---- SQLite ------------------------------------------------------------------------------------
class _SqliteTx:
    """A transaction on the one aiosqlite connection."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, *params: Any) -> int:
        cursor = await self._db.execute(sql, params)
        count = cursor.rowcount
        await cursor.close()
        return count

    async def fetch(self, sql: str, *params: Any) -> list[Row]:
        async with self._db.execute(sql, params) as cursor:
            return [dict(row) for row in await cursor.fetchall()]

    async def fetchrow(self, sql: str, *params: Any) -> Row | None:
        rows = await self.fetch(sql, *params)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, *params: Any) -> Any:
        async with self._db.execute(sql, params) as cursor:
            row = await cursor.fetchone()
        return None if row is None else row[0]


class SqliteDatabase:
    """SQLite through aiosqlite (WAL). One connection; statements of concurrent callers never interleave."""

    dialect = "sqlite"

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        self.path = path

    @classmethod
    async def open(cls, path: str | Path) -> SqliteDatabase:
        """Open (creating if needed: a 0700 folder, 0600 files) the database at ``path`` and migrate it."""
        text = str(path)
        if text != MEMORY:
            _prepare_private_file(Path(text))
        db = await aiosqlite.connect(text)
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=NORMAL")
        await db.execute("PRAGMA foreign_keys=ON")
        await db.execute("PRAGMA busy_timeout=5000")
        database = cls(db, text)
        await database._migrate()
        if text != MEMORY:
            _restrict_files(Path(text))
        return database

    async def _migrate(self) -> None:
        current = await self.schema_version()
        scripts = migrations(self.dialect)
        newest = scripts[-1][0] if scripts else 0
        if current > newest:
            raise SchemaTooNew(f"the database is at schema {current}; this bot knows up to {newest}")
        for number, sql in scripts:
            if number > current:
                await self._db.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version={number};\nCOMMIT;")

    async def schema_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_SqliteTx]:
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield _SqliteTx(self._db)
            except BaseException:
                await self._db.rollback()
                raise
            await self._db.commit()

    async def fetch(self, sql: str, *params: Any) -> list[Row]:
        async with self._lock:
            return await _SqliteTx(self._db).fetch(sql, *params)

    async def fetchrow(self, sql: str, *params: Any) -> Row | None:
        rows = await self.fetch(sql, *params)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, *params: Any) -> Any:
        async with self._lock:
            return await _SqliteTx(self._db).fetchval(sql, *params)

    async def close(self) -> None:
        await self._db.close()


def _prepare_private_file(path: Path) -> None:
    """The database's folder (0700 when we create it) and file (0600), before SQLite opens it."""
    folder = path.parent
    if not folder.exists():
        folder.mkdir(parents=True, mode=0o700)
    if not path.exists():
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))


def _restrict_files(path: Path) -> None:
    """The database and its WAL companions readable by their owner only."""
    for candidate in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        if candidate.exists():
            os.chmod(candidate, 0o600)


def sqlite_path(url: str | Path) -> str:
    """The file of a ``sqlite:///…`` address or a plain path."""
    text = str(url)
    return text.removeprefix("sqlite:///") if text.startswith("sqlite:///") else text.removeprefix("sqlite://")


async def open_database(url: str | Path) -> Database:
    """The database at ``url``: a path or ``sqlite:///path`` (SQLite), or ``postgresql://…``."""
    text = str(url)
    if text.startswith(("postgresql://", "postgres://")):
        raise ValueError("PostgreSQL storage is not available in this version; use a SQLite path")
    return await SqliteDatabase.open(sqlite_path(text))


def placeholders(count: int) -> str:
    """``?, ?, ?`` for an ``IN (…)`` list of ``count`` values."""
    return ", ".join("?" * count)


def as_params(values: Sequence[Any]) -> tuple[Any, ...]:
    return tuple(values)
