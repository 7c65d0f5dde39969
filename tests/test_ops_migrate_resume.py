"""``bazaar migrate`` in batches: each batch read by its key and committed with a mark, so a copy cut short
resumes where it stopped when run again (``--force`` starts over), and the result is the same rows."""

from __future__ import annotations

import asyncio
import math
from pathlib import Path

import pytest
from test_migrate import populate, table_rows

from bot.core.db import open_database
from bot.core.migrate import (
    PROGRESS_TABLE,
    TABLES,
    CopyProgress,
    MigrationRefused,
    MigrationReport,
    migrate,
    verify_games,
)
from bot.core.store import Store


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


async def _keys_and_indexes(url: str) -> set[tuple[str, str]]:
    """A PostgreSQL database's foreign keys and indexes, by table and definition."""
    db = await open_database(url)
    try:
        keys = await db.fetch(
            "SELECT conrelid::regclass::text AS tbl, pg_get_constraintdef(oid) AS definition FROM pg_constraint"
            " WHERE contype IN ('f', 'p', 'u', 'c') AND connamespace = 'public'::regnamespace"
        )
        indexes = await db.fetch(
            "SELECT tablename AS tbl, indexdef AS definition FROM pg_indexes WHERE schemaname = 'public'"
        )
    finally:
        await db.close()
    return {(str(r["tbl"]), str(r["definition"])) for r in [*keys, *indexes] if r["tbl"] != PROGRESS_TABLE}


async def test_a_postgres_target_gets_back_every_key_and_index_set_aside_for_the_copy(
    source: str, postgres_url: str
) -> None:
    """The copy into PostgreSQL drops the foreign keys and secondary indexes and makes them again when whole:
    also when it was cut short and resumed, or cut short and started over with ``force``."""
    fresh = await _keys_and_indexes(postgres_url)
    assert any("FOREIGN KEY" in d for _, d in fresh) and any("seats_by_user" in d for _, d in fresh)

    def cut(table: str, rows: int, seconds: float) -> None:
        if table == "moves":
            raise Interrupted

    with pytest.raises(Interrupted):
        await migrate(source, postgres_url, batch=5, on_batch=cut)
    assert await _keys_and_indexes(postgres_url) < fresh, "set aside while the copy runs"
    with pytest.raises(Interrupted):
        await migrate(source, postgres_url, batch=5, on_batch=cut, force=True)
    report = await migrate(source, postgres_url, batch=5)
    assert report.ok and report.resumed, report.summary()
    assert await _keys_and_indexes(postgres_url) == fresh
    db = await open_database(postgres_url)
    try:
        with pytest.raises(Exception, match="foreign key"):
            await db.execute(
                "INSERT INTO moves (game_id, ply, seat, kind, move, created_at) VALUES (-5, 1, 0, 'move', 'x', 0)"
            )
    finally:
        await db.close()


async def test_the_replay_check_in_worker_processes_finds_a_game_that_does_not_replay(
    source: str, tmp_path: Path
) -> None:
    """Spread over worker processes, the check still replays every started game and names the one whose log
    was damaged, with the reason the checked replay gives."""
    db = await open_database(source)
    try:
        started = int(await db.fetchval("SELECT COUNT(*) FROM games WHERE state IS NOT NULL"))
        damaged = int(
            await db.fetchval("SELECT game_id FROM moves WHERE kind = 'move' ORDER BY game_id DESC, ply DESC LIMIT 1")
        )
        await db.execute(
            "UPDATE moves SET move = 'no such move' WHERE game_id = ? AND ply = (SELECT MAX(ply) FROM moves"
            " WHERE game_id = ? AND kind = 'move')",
            damaged,
            damaged,
        )
        report = MigrationReport(source, source, 0)
        await verify_games(Store(db), report, batch=2, workers=2, parallel_from=1)
    finally:
        await db.close()
    assert report.verified == started > 4
    assert [m.game_id for m in report.mismatches] == [damaged]
    assert "cannot be replayed" in report.mismatches[0].reason


async def test_the_replay_check_beside_the_copy_reads_only_the_games_the_copy_made_whole(source: str) -> None:
    """While the move logs are being copied, the check replays the games below the copy's mark and waits for
    the rest; when the logs are whole it finishes them all."""
    db = await open_database(source)
    try:
        ids = [int(r["id"]) for r in await db.fetch("SELECT id FROM games WHERE state IS NOT NULL ORDER BY id")]
        progress = CopyProgress()
        report = MigrationReport(source, source, 0)
        checking = asyncio.create_task(verify_games(Store(db), report, batch=1, ready=progress))
        await asyncio.sleep(0.2)
        assert report.verified == 0, "nothing before the logs are being copied"
        progress.advance(ids[2])
        for _ in range(50):
            await asyncio.sleep(0.02)
        assert report.verified == 2 and not checking.done(), "the games below the mark, and no further"
        progress.advance(math.inf)
        await asyncio.wait_for(checking, 30)
        assert report.verified == len(ids) and report.ok
    finally:
        await db.close()
