"""The database connection under the store: one small interface, one class per SQL dialect.

The store writes portable SQL with ``?`` placeholders (``ON CONFLICT``, ``RETURNING``, no
``INSERT OR …``, 0/1 integers for flags); a dialect class runs it. ``open_database(url)`` picks
the class from the address: a path or ``sqlite:///path`` (the default, embedded, aiosqlite), or
``postgresql://…`` (asyncpg, a pool of connections; ``?`` becomes ``$1, $2 …``).

Numbered migrations live in ``bot/core/migrations/<dialect>/NNN_name.sql`` and are applied at
start-up, each in its own transaction. A database written by a newer Bazaar (a migration this
code does not know) is refused rather than misread.

Races. SQLite's ``BEGIN IMMEDIATE`` makes every writing transaction wait for the one before it.
PostgreSQL runs transactions side by side (READ COMMITTED), and the store's guarantee rests on
row locks instead: a conditional ``UPDATE games … WHERE id = ? AND version = ?`` locks the row;
a second writer with the same version waits for that lock and, once the first commits, re-reads
the row, no longer finds the version it expected, and changes nothing (0 rows: ``StaleGame``).
Every store transaction that changes a game makes that update first, so a game's changes are
applied one after another, in one process or several. Other read-then-write transactions
re-check their condition in the statement that writes (an outbox claim, a notice's key).
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import os
import re
import sqlite3
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

import aiosqlite
import asyncpg

Row = Mapping[str, Any]
MEMORY = ":memory:"


class SchemaTooNew(RuntimeError):
    """The database was migrated by a newer version of the bot."""


@dataclass(frozen=True)
class Statement:
    """One writing statement of a batch (``Connection.batch``): run once with ``params``, or once per row of
    ``rows``."""

    sql: str
    params: tuple[Any, ...] = ()
    rows: Sequence[Sequence[Any]] | None = None
    changes: int | None = None
    """The number of rows it must change (all its runs together), else the batch stops there: ``Unchanged``."""


class Unchanged(Exception):
    """A statement of a batch changed another number of rows than it had to (``Statement.changes``)."""

    def __init__(self, index: int, sql: str, changed: int) -> None:
        super().__init__(f"statement {index} of the batch changed {changed} rows: {sql}")
        self.index = index


class Connection(Protocol):
    """What a transaction offers (``?`` placeholders)."""

    async def execute(self, sql: str, *params: Any) -> int:
        """Run a statement; the number of rows it changed."""
        ...

    async def fetch(self, sql: str, *params: Any) -> list[Row]: ...

    async def fetchrow(self, sql: str, *params: Any) -> Row | None: ...

    async def fetchval(self, sql: str, *params: Any) -> Any: ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement for each row of parameters (bulk copies)."""
        ...

    async def batch(self, statements: Sequence[Statement], *, commit: bool = False) -> list[int]:
        """Run writing statements in order; the rows each changed. SQLite runs them all in one trip to its thread
        (``commit``: and ends the transaction in the same trip; nothing may follow them in it then); PostgreSQL
        one after another. A statement that changes another number of rows than its ``changes`` raises
        ``Unchanged``: the transaction is rolled back."""
        ...


class Database(Protocol):
    """A database: transactions, reads outside them, migrations."""

    dialect: str

    def transaction(self) -> Any:
        """``async with db.transaction() as tx:`` — all of it or nothing."""
        ...

    async def execute(self, sql: str, *params: Any) -> int:
        """One writing statement, committed on its own (a transaction of one statement, in one trip)."""
        ...

    async def execute_all(self, statements: Sequence[Statement]) -> list[int]:
        """Writing statements in order, the rows each changed: SQLite commits them together in one trip,
        PostgreSQL each on its own (one trip each, as ``execute``)."""
        ...

    async def write_fetch(self, sql: str, *params: Any) -> list[Row]:
        """One writing statement with ``RETURNING``, committed on its own (one trip); the rows it returned."""
        ...

    async def fetch(self, sql: str, *params: Any) -> list[Row]: ...

    async def fetchrow(self, sql: str, *params: Any) -> Row | None: ...

    async def fetchval(self, sql: str, *params: Any) -> Any: ...

    async def schema_version(self) -> int: ...

    async def reset_identities(self) -> None:
        """After rows were copied in with their ids: new rows get ids above the highest one."""
        ...

    async def close(self) -> None: ...


def _migration_files(dialect: str) -> list[Any]:
    folder = resources.files("bot.core") / "migrations" / dialect
    return [entry for entry in folder.iterdir() if re.fullmatch(r"\d{3}_\w+\.sql", entry.name)]


def migrations(dialect: str) -> list[tuple[int, str]]:
    """The numbered migration scripts of ``dialect``, in order."""
    return sorted((int(entry.name[:3]), entry.read_text(encoding="utf-8")) for entry in _migration_files(dialect))


# ---- SQLite ------------------------------------------------------------------------------------
class _SqliteTx:
    """Statements on the one aiosqlite connection, in a transaction or (reads) alone.

    Each statement is one trip to aiosqlite's thread (run, read, close the cursor there): the trips,
    not SQLite, are most of what a query costs the event loop. A transaction's ``BEGIN IMMEDIATE``
    travels with its first statement (a transaction that runs none costs nothing).
    """

    def __init__(self, db: aiosqlite.Connection, transaction: bool = False) -> None:
        self._db = db
        self._begin = transaction
        self.begun = False
        self.ended = False
        """Committed or rolled back by a batch (``batch(commit=True)``): the transaction has nothing left to do."""

    async def _run(self, fn: Any, sql: str, params: Any) -> Any:
        if self._begin:
            self._begin, self.begun = False, True
            return await self._db._execute(_begun, self._db._conn, fn, sql, params)
        return await self._db._execute(fn, self._db._conn, sql, params)

    async def execute(self, sql: str, *params: Any) -> int:
        return await self._run(_changed, sql, params)

    async def fetch(self, sql: str, *params: Any) -> list[Row]:
        return await self._run(_rows, sql, params)

    async def fetchrow(self, sql: str, *params: Any) -> Row | None:
        rows = await self.fetch(sql, *params)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, *params: Any) -> Any:
        return await self._run(_value, sql, params)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            await self._run(_many, sql, [tuple(r) for r in rows])

    async def batch(self, statements: Sequence[Statement], *, commit: bool = False) -> list[int]:
        if self.ended:
            raise RuntimeError("the transaction was already ended by a batch")
        if not statements and not (commit and self.begun):
            return []  # nothing to run (a transaction not begun yet stays so)
        begin, self._begin = self._begin, False
        self.begun = self.begun or begin
        self.ended = commit
        return await self._db._execute(_batch, self._db._conn, list(statements), begin, commit)


def _batch(conn: sqlite3.Connection, statements: list[Statement], begin: bool, commit: bool) -> list[int]:
    """(In aiosqlite's thread.) Statements in order, in the transaction (begun first when ``begin``; committed, or
    rolled back on failure, when ``commit``); the rows each changed."""
    if begin:
        conn.execute("BEGIN IMMEDIATE").close()
    changed = []
    try:
        for index, statement in enumerate(statements):
            if statement.rows is not None:
                cursor = conn.executemany(statement.sql, [tuple(row) for row in statement.rows])
            else:
                cursor = conn.execute(statement.sql, statement.params)
            count = cursor.rowcount
            cursor.close()
            if statement.changes is not None and count != statement.changes:
                raise Unchanged(index, statement.sql, count)
            changed.append(count)
        if commit:
            conn.commit()
    except BaseException:
        if commit:
            conn.rollback()
        raise
    return changed


def _begun(conn: sqlite3.Connection, fn: Any, sql: str, params: Any) -> Any:
    """(In aiosqlite's thread.) Begin the writing transaction, then run its first statement."""
    conn.execute("BEGIN IMMEDIATE").close()
    return fn(conn, sql, params)


def _changed(conn: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> int:
    """(In aiosqlite's thread.) Run a statement; the rows it changed."""
    cursor = conn.execute(sql, params)
    try:
        return cursor.rowcount
    finally:
        cursor.close()


def _committed(conn: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> int:
    """(In aiosqlite's thread.) One statement in a writing transaction of its own; the rows it changed."""
    conn.execute("BEGIN IMMEDIATE").close()
    try:
        changed = _changed(conn, sql, params)
    except BaseException:
        conn.rollback()
        raise
    conn.commit()
    return changed


def _committed_rows(conn: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> list[Row]:
    """(In aiosqlite's thread.) One statement with ``RETURNING`` in a writing transaction of its own; its rows."""
    conn.execute("BEGIN IMMEDIATE").close()
    try:
        rows = _rows(conn, sql, params)
    except BaseException:
        conn.rollback()
        raise
    conn.commit()
    return rows


def _many(conn: sqlite3.Connection, sql: str, rows: list[tuple[Any, ...]]) -> None:
    """(In aiosqlite's thread.) Run a statement for each row of parameters."""
    conn.executemany(sql, rows).close()


def _rows(conn: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> list[Row]:
    """(In aiosqlite's thread.) Every row of a query, as dicts."""
    cursor = conn.execute(sql, params)
    try:
        return [dict(row) for row in cursor.fetchall()]
    finally:
        cursor.close()


def _value(conn: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> Any:
    """(In aiosqlite's thread.) The first column of a query's first row, or None."""
    cursor = conn.execute(sql, params)
    try:
        row = cursor.fetchone()
    finally:
        cursor.close()
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
        try:
            db.row_factory = aiosqlite.Row
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=NORMAL")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA busy_timeout=5000")
            database = cls(db, text)
            await database._migrate()
        except BaseException:  # a refused schema (a newer bot's) leaves no connection behind
            await db.close()
            raise
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
            tx = _SqliteTx(self._db, transaction=True)
            try:
                yield tx
            except BaseException:
                if tx.begun and not tx.ended:
                    await self._db.rollback()
                raise
            if tx.begun and not tx.ended:
                await self._db.commit()

    async def execute(self, sql: str, *params: Any) -> int:
        async with self._lock:
            return await self._db._execute(_committed, self._db._conn, sql, params)

    async def execute_all(self, statements: Sequence[Statement]) -> list[int]:
        async with self.transaction() as tx:
            return await tx.batch(statements, commit=True)

    async def write_fetch(self, sql: str, *params: Any) -> list[Row]:
        async with self._lock:
            return await self._db._execute(_committed_rows, self._db._conn, sql, params)

    async def fetch(self, sql: str, *params: Any) -> list[Row]:
        async with self._lock:
            return await _SqliteTx(self._db).fetch(sql, *params)

    async def fetchrow(self, sql: str, *params: Any) -> Row | None:
        rows = await self.fetch(sql, *params)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, *params: Any) -> Any:
        async with self._lock:
            return await _SqliteTx(self._db).fetchval(sql, *params)

    async def reset_identities(self) -> None:
        """Nothing to do: SQLite gives a new row the highest rowid plus one."""

    async def close(self) -> None:
        await self._db.close()


# ---- PostgreSQL --------------------------------------------------------------------------------
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
POOL_SIZE = 10
"""Connections per process (the server's max_connections must cover every process's pool)."""


async def _keep_session(conn: Any) -> None:
    """A pooled connection goes back as it is: the store sets no session state (asyncpg still rolls back an
    unfinished transaction first). The default reset query cost a round trip to the server per query."""


_NO_RESET_QUERY = {"reset": _keep_session} if "reset" in inspect.signature(asyncpg.create_pool).parameters else {}
MIGRATION_LOCK = 0x42415A4141520001
"""The advisory lock key (per database) held while migrating: two processes starting at once take turns."""
MIGRATIONS_TABLE = """CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
)"""
_SQL_TOKENS = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|--[^\n]*|/\*.*?\*/|\?", re.DOTALL)


@functools.lru_cache(maxsize=1024)
def postgres_sql(sql: str) -> str:
    """``sql`` with its ``?`` placeholders numbered ``$1, $2 …`` (literals, quoted names and comments kept)."""
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        if match.group() != "?":
            return match.group()
        count += 1
        return f"${count}"

    return _SQL_TOKENS.sub(number, sql)


def _rowcount(status: str) -> int:
    """The rows a command changed, from its status tag (``UPDATE 1``, ``INSERT 0 1``, ``DELETE 3``)."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class _PostgresTx:
    """Statements on one pooled connection (inside a transaction, or a single read)."""

    def __init__(self, conn: Any) -> None:
        self._conn = conn

    async def execute(self, sql: str, *params: Any) -> int:
        return _rowcount(await self._conn.execute(postgres_sql(sql), *params))

    async def fetch(self, sql: str, *params: Any) -> list[Row]:
        return [dict(row) for row in await self._conn.fetch(postgres_sql(sql), *params)]

    async def fetchrow(self, sql: str, *params: Any) -> Row | None:
        row = await self._conn.fetchrow(postgres_sql(sql), *params)
        return None if row is None else dict(row)

    async def fetchval(self, sql: str, *params: Any) -> Any:
        return await self._conn.fetchval(postgres_sql(sql), *params)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            await self._conn.executemany(postgres_sql(sql), [tuple(r) for r in rows])

    async def batch(self, statements: Sequence[Statement], *, commit: bool = False) -> list[int]:
        return [await self._one(index, statement) for index, statement in enumerate(statements)]

    async def _one(self, index: int, statement: Statement) -> int:
        if statement.rows is None:
            count = await self.execute(statement.sql, *statement.params)
        elif statement.changes is None:
            await self.executemany(statement.sql, statement.rows)
            count = -1  # asyncpg does not say how many rows a many-times statement changed
        else:
            count = sum([await self.execute(statement.sql, *row) for row in statement.rows])
        if statement.changes is not None and count != statement.changes:
            raise Unchanged(index, statement.sql, count)
        return count


class PostgresDatabase:
    """PostgreSQL through an asyncpg pool: transactions run side by side, READ COMMITTED (see the module)."""

    dialect = "postgres"

    def __init__(self, pool: Any, url: str) -> None:
        self._pool = pool
        self.url = url

    @classmethod
    async def open(cls, url: str, *, connections: int = POOL_SIZE) -> PostgresDatabase:
        """Connect to the database at ``url`` (it must exist) and migrate it.

        The pool's connections are all opened now and kept open: a command arriving while others are
        being handled never waits for a new connection to be made (a wait that would let work that
        arrived later overtake it).
        """
        pool = await asyncpg.create_pool(
            url,
            min_size=connections,
            max_size=connections,
            max_inactive_connection_lifetime=0,
            server_settings={"application_name": "bazaar"},
            **_NO_RESET_QUERY,
        )
        database = cls(pool, url)
        try:
            await database._migrate()
        except BaseException:
            await pool.close()
            raise
        return database

    async def _migrate(self) -> None:
        """Apply the missing migrations, each in its own transaction, holding the migration lock."""
        scripts = migrations(self.dialect)
        newest = scripts[-1][0] if scripts else 0
        names = {int(entry.name[:3]): entry.name for entry in _migration_files(self.dialect)}
        async with self._pool.acquire() as conn:
            await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            try:
                await conn.execute(MIGRATIONS_TABLE)
                current = await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
                if current > newest:
                    raise SchemaTooNew(f"the database is at schema {current}; this bot knows up to {newest}")
                for number, sql in scripts:
                    if number > current:
                        async with conn.transaction():
                            await conn.execute(sql)
                            await conn.execute(
                                "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", number, names[number]
                            )
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)

    async def schema_version(self) -> int:
        found = await self._pool.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL")
        if not found:
            return 0
        return int(await self._pool.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_PostgresTx]:
        async with self._pool.acquire() as conn, conn.transaction():
            yield _PostgresTx(conn)

    async def execute(self, sql: str, *params: Any) -> int:
        async with self._pool.acquire() as conn:
            return await _PostgresTx(conn).execute(sql, *params)

    async def execute_all(self, statements: Sequence[Statement]) -> list[int]:
        async with self._pool.acquire() as conn:
            return await _PostgresTx(conn).batch(statements)

    async def write_fetch(self, sql: str, *params: Any) -> list[Row]:
        async with self._pool.acquire() as conn:
            return await _PostgresTx(conn).fetch(sql, *params)

    async def fetch(self, sql: str, *params: Any) -> list[Row]:
        async with self._pool.acquire() as conn:
            return await _PostgresTx(conn).fetch(sql, *params)

    async def fetchrow(self, sql: str, *params: Any) -> Row | None:
        async with self._pool.acquire() as conn:
            return await _PostgresTx(conn).fetchrow(sql, *params)

    async def fetchval(self, sql: str, *params: Any) -> Any:
        async with self._pool.acquire() as conn:
            return await _PostgresTx(conn).fetchval(sql, *params)

    async def reset_identities(self) -> None:
        """Every identity column's sequence set past the highest id in its table."""
        async with self._pool.acquire() as conn:
            columns = await conn.fetch(
                "SELECT table_name, column_name FROM information_schema.columns"
                " WHERE table_schema = current_schema() AND is_identity = 'YES'"
            )
            for column in columns:
                table, name = _quoted(column["table_name"]), _quoted(column["column_name"])
                await conn.execute(
                    f"SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT MAX({name}) FROM {table}), 0) + 1,"
                    " false)",
                    column["table_name"],
                    column["column_name"],
                )

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self._pool.close(), timeout=10)
        except TimeoutError:
            self._pool.terminate()


def _quoted(identifier: str) -> str:
    return '"' + identifier.replace('"', '""') + '"'


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


def is_postgres_url(url: str | Path) -> bool:
    return str(url).startswith(POSTGRES_SCHEMES)


async def open_database(url: str | Path) -> Database:
    """The database at ``url``: a path or ``sqlite:///path`` (SQLite), or ``postgresql://…``."""
    text = str(url)
    if is_postgres_url(text):
        return await PostgresDatabase.open(text)
    return await SqliteDatabase.open(sqlite_path(text))


def placeholders(count: int) -> str:
    """``?, ?, ?`` for an ``IN (…)`` list of ``count`` values."""
    return ", ".join("?" * count)
