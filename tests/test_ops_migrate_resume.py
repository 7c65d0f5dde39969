"""``bazaar migrate`` in batches: each batch read by its key and committed with a mark, so a copy cut short
resumes where it stopped when run again (``--force`` starts over), and the result is the same rows."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_migrate import populate, table_rows

from bot.core.db import open_database
from bot.core.migrate import PROGRESS_TABLE, TABLES, MigrationRefused, migrate


class Interrupted(Exception):
    """The copy is cut short here (a kill, a lost connection)."""


@pytest.fixture
async def source(tmp_path: Path) -> str:
    path = tmp_path / "source.db"
    await populate(path)
    return str(path)


async def test_an_interrupted_copy_resumes_at_its_mark_and_gives_the_same_rows(source: str, database_url: str) -> None:
    batches: list[tuple[str, int]] = []

    def cut_after_five(table: str, rows: int, seconds: float) -> None:
        batches.append((table, rows))
        if len(batches) == 5:
            raise Interrupted

    with pytest.raises(Interrupted):
        await migrate(source, database_url, batch=7, on_batch=cut_after_five)
    target = await open_database(database_url)
    try:
        held = sum([int(await target.fetchval(f"SELECT COUNT(*) FROM {t}")) for t, _ in TABLES])
        assert held == sum(n for _, n in batches), "the five batches committed, each with its mark"
    finally:
        await target.close()

    other = source.replace("source.db", "other.db")
    await (await open_database(other)).close()
    with pytest.raises(MigrationRefused, match="unfinished copy from another source"):
        await migrate(other, database_url)
    resumed_batches: list[tuple[str, int]] = []
    report = await migrate(source, database_url, batch=7, on_batch=lambda t, n, s: resumed_batches.append((t, n)))
    assert report.ok and report.resumed == held, report.summary()
    assert "resumed an interrupted copy" in report.summary()
    assert sum(n for _, n in batches + resumed_batches) == sum(report.copied.values()), "no row copied twice"

    first, last = await open_database(source), await open_database(database_url)
    try:
        assert await table_rows(first) == await table_rows(last)
        if last.dialect == "sqlite":
            assert not await last.fetchval(f"SELECT COUNT(*) FROM sqlite_master WHERE name = '{PROGRESS_TABLE}'")
        else:
            assert not await last.fetchval(f"SELECT to_regclass('{PROGRESS_TABLE}') IS NOT NULL")
    finally:
        await first.close()
        await last.close()


async def test_force_starts_an_interrupted_copy_over(source: str, database_url: str) -> None:
    def cut(table: str, rows: int, seconds: float) -> None:
        raise Interrupted

    with pytest.raises(Interrupted):
        await migrate(source, database_url, batch=3, on_batch=cut)
    report = await migrate(source, database_url, force=True)
    assert report.ok and report.resumed == 0 and report.replaced == 3, report.summary()


async def test_batches_are_read_by_key_not_by_offset(source: str) -> None:
    """Every batch's query is ``WHERE key > last`` on the table's primary key (SQLite's plan says so)."""
    db = await open_database(source)
    try:
        plan = await db.fetch(
            "EXPLAIN QUERY PLAN SELECT * FROM moves WHERE (game_id, ply) > (?, ?) ORDER BY game_id, ply LIMIT ?",
            3,
            2,
            10,
        )
    finally:
        await db.close()
    assert "SEARCH moves USING INDEX" in plan[0]["detail"] and ">" in plan[0]["detail"], plan
