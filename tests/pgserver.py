"""Throwaway PostgreSQL databases for tests: an empty one for each test on the server ``BAZAAR_TEST_POSTGRES`` names.

``BAZAAR_TEST_POSTGRES`` is a server address such as ``postgresql://bazaar@127.0.0.1:5432/postgres``
(a role allowed to create databases). ``.ci/with-postgres COMMAND`` starts such a server for the
command and sets it (``.ci/run`` runs the tests so). Without it the PostgreSQL variants of the tests
skip, saying so — unless ``BAZAAR_TEST_POSTGRES_REQUIRED=1`` (CI), where a missing server fails them.

Safe with several pytest-xdist workers on one server: every database is named after its worker
(``PYTEST_XDIST_WORKER``, e.g. ``gw1``) and a random suffix, so no two tests ever use one at the same time or drop
one another's.

A database a test is done with is emptied and handed to the process's next test that asks for one, instead of
dropped: its connections ended, it is renamed (a process that outlived its test and connects again by the old name
finds no database, as it would after a drop) and its one schema dropped and made anew, as ``CREATE DATABASE`` makes
it (PostgreSQL 15's way). That takes about 0.02 s where making a database takes 0.04–0.3 s (it copies a
template of several megabytes), a wait in every PostgreSQL test. The bot keeps everything in that schema;
what it never makes (large objects, database-level settings) would outlive the emptying. A database that cannot be
emptied (someone connected again, a lock held too long, a server older than PostgreSQL 14) is dropped as before.
``drop_spares`` drops what is left when the process's tests end (``tests/conftest.py``).
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

SERVER_ENV = "BAZAAR_TEST_POSTGRES"
REQUIRED_ENV = "BAZAAR_TEST_POSTGRES_REQUIRED"
SKIP_REASON = f"{SERVER_ENV} is not set: no PostgreSQL server to test against (.ci/with-postgres starts one)"
BACKENDS = ("sqlite", "postgres")


def server_url() -> str:
    """The test server's address; skips the test when there is none."""
    url = os.environ.get(SERVER_ENV, "").strip()
    if not url:
        if os.environ.get(REQUIRED_ENV) == "1":
            pytest.fail(f"{SKIP_REASON}, and {REQUIRED_ENV}=1 says the PostgreSQL tests must run")
        pytest.skip(SKIP_REASON)
    return url


def with_database(url: str, name: str) -> str:
    """``url`` pointing at the database ``name`` instead."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


def database_name() -> str:
    """A database name no other test, in this process or another xdist worker, uses at the same time."""
    worker = "".join(ch for ch in os.environ.get("PYTEST_XDIST_WORKER", "main") if ch.isalnum()).lower()
    return f"bazaar_test_{worker}_{uuid.uuid4().hex[:16]}"


_SPARE: list[str] = []
"""This process's emptied databases, waiting for the next test (``fresh_database``)."""

_EMPTY = """
SET LOCAL lock_timeout = '5s';
DROP SCHEMA public CASCADE;
CREATE SCHEMA public AUTHORIZATION pg_database_owner;
GRANT USAGE ON SCHEMA public TO PUBLIC;
"""
"""A new database's one schema, as ``CREATE DATABASE`` gives it (PostgreSQL 15 and later)."""


@asynccontextmanager
async def _connected(url: str) -> AsyncIterator[asyncpg.Connection]:
    """A connection to ``url`` (the server's, or one database's), closed afterwards."""
    conn = await asyncpg.connect(url)
    try:
        yield conn
    finally:
        await conn.close()


@asynccontextmanager
async def fresh_database() -> AsyncIterator[str]:
    """An empty database on the test server (its address): a new one or one emptied after an earlier test; emptied
    for the next test, or dropped, afterwards, whatever happened."""
    server = server_url()
    if _SPARE:
        name = _SPARE.pop()
    else:
        name = database_name()
        async with _connected(server) as admin:
            await admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield with_database(server, name)
    finally:
        name, empty = await _emptied(server, name)
        if empty:
            _SPARE.append(name)
        else:
            await _drop(server, name)


async def _emptied(server: str, name: str) -> tuple[str, bool]:
    """The database ``name`` emptied under a new name: its name now, and whether it is empty (if not, it is to be
    dropped).

    Every connection to it is ended, waiting until each has gone (the test's, a killed process's the server has
    not noticed yet); the rename fails if any came back, so a process still alive can never reach the next test's
    data; then its schema is dropped and made anew, and nothing but that schema may be left."""
    renamed = database_name()
    try:
        async with _connected(server) as admin:
            await admin.execute(
                "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity"
                " WHERE datname = $1 AND pid <> pg_backend_pid()",
                name,
            )
            await admin.execute(f'ALTER DATABASE "{name}" RENAME TO "{renamed}"')
        name = renamed
        async with _connected(with_database(server, name)) as conn:
            async with conn.transaction():
                await conn.execute(_EMPTY)
            left = await conn.fetchval(
                "SELECT count(*) FROM pg_namespace WHERE nspname <> 'public' AND nspname <> 'information_schema'"
                " AND nspname NOT LIKE 'pg\\_%'"
            )
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
        return name, False
    return name, left == 0


async def _drop(server: str, name: str) -> None:
    """Drop the database ``name`` (if it is there), ending its connections."""
    async with _connected(server) as admin:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def drop_spares() -> None:
    """Drop this process's emptied databases (its tests are over); one the server will not drop now is left."""
    server = os.environ.get(SERVER_ENV, "").strip()
    if _SPARE and server:
        asyncio.run(_drop_all(server))


async def _drop_all(server: str) -> None:
    while _SPARE:
        with suppress(OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
            await _drop(server, _SPARE.pop())
