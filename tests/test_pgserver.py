"""The tests' PostgreSQL databases (``tests/pgserver.py``): each test gets an empty one, whatever the test before it
left, and a process that outlives its test never reaches the next test's."""

from __future__ import annotations

import asyncpg
import pytest
from pgserver import fresh_database, server_url


@pytest.fixture
def server() -> str:
    return server_url()


async def test_a_database_handed_on_is_empty_whatever_the_test_before_left(server: str) -> None:
    async with fresh_database() as first:
        conn = await asyncpg.connect(first)
        await conn.execute("CREATE TABLE games (id INT GENERATED ALWAYS AS IDENTITY, name TEXT)")
        await conn.execute("INSERT INTO games (name) VALUES ('a'), ('b')")
        await conn.execute("CREATE SCHEMA elsewhere")
        await conn.close()
    for _ in range(2):
        async with fresh_database() as url:
            conn = await asyncpg.connect(url)
            try:
                tables = await conn.fetchval(
                    "SELECT count(*) FROM pg_tables WHERE schemaname NOT LIKE 'pg\\_%'"
                    " AND schemaname <> 'information_schema'"
                )
                schemas = await conn.fetch(
                    "SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%'"
                    " AND nspname <> 'information_schema'"
                )
                await conn.execute("CREATE TABLE games (id INT GENERATED ALWAYS AS IDENTITY, name TEXT)")
                first_id = await conn.fetchval("INSERT INTO games (name) VALUES ('c') RETURNING id")
            finally:
                await conn.close()
            assert tables == 0 and [row["nspname"] for row in schemas] == ["public"]
            assert first_id == 1


async def test_a_process_that_outlives_its_test_cannot_reach_the_next_tests_database(server: str) -> None:
    async with fresh_database() as first:
        straggler = await asyncpg.connect(first)
    with pytest.raises((asyncpg.PostgresError, OSError, asyncpg.InterfaceError)):
        await straggler.fetchval("SELECT 1")  # its connection was ended
    with pytest.raises(asyncpg.InvalidCatalogNameError):
        await asyncpg.connect(first)  # and the name it knew is gone
    async with fresh_database() as second:
        assert second != first
        conn = await asyncpg.connect(second)
        try:
            await conn.execute("SELECT 1")
        finally:
            await conn.close()
    await straggler.close()
