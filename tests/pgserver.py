"""Throwaway PostgreSQL databases for tests: one fresh database per test on the server ``BAZAAR_TEST_POSTGRES`` names.

``BAZAAR_TEST_POSTGRES`` is a server address such as ``postgresql://bazaar@127.0.0.1:5432/postgres``
(a role allowed to create databases). ``.ci/with-postgres COMMAND`` starts such a server for the
command and sets it (``.ci/run`` runs the tests so). Without it the PostgreSQL variants of the tests
skip, saying so — unless ``BAZAAR_TEST_POSTGRES_REQUIRED=1`` (CI), where a missing server fails them.

Safe with several pytest-xdist workers on one server: every database is named after its worker
(``PYTEST_XDIST_WORKER``, e.g. ``gw1``) and a random suffix, so no two tests ever share or drop one another's.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
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


def database_name(prefix: str = "bazaar_test") -> str:
    """A database name no other test, in this process or another xdist worker, uses at the same time."""
    worker = "".join(ch for ch in os.environ.get("PYTEST_XDIST_WORKER", "main") if ch.isalnum()).lower()
    return f"{prefix}_{worker}_{uuid.uuid4().hex[:16]}"


@asynccontextmanager
async def fresh_database(prefix: str = "bazaar_test") -> AsyncIterator[str]:
    """A new, empty database on the test server (its address), dropped afterwards whatever happened."""
    server = server_url()
    name = database_name(prefix)
    admin = await asyncpg.connect(server)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    try:
        yield with_database(server, name)
    finally:
        admin = await asyncpg.connect(server)
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()
