"""``bazaar backup`` / ``bazaar restore``: a SQLite file of every game, taken while the bot writes, restored
into an empty database of either kind, and checked by replaying every game's log.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import pytest
from test_migrate import open_host, populate, table_rows

from bot.__main__ import main
from bot.core.backup import BackupRefused, backup, restore
from bot.core.db import open_database
from bot.core.migrate import MigrationRefused, migrate
from bot.core.refused import Refused


@pytest.fixture
async def source(tmp_path: Path) -> tuple[str, dict[str, int]]:
    path = tmp_path / "source.db"
    return str(path), await populate(path)


async def test_a_sqlite_backup_taken_while_another_connection_writes_is_whole_and_restores(
    source, database_url: str, tmp_path: Path
) -> None:
    source_url, ids = source
    host = await open_host(source_url)
    stop = asyncio.Event()
    written = 0

    async def keep_writing() -> None:
        nonlocal written
        rng = random.Random(3)
        games = [ids[name] for name in ("marrakech", "cairo", "morocco", "jambo")]
        while not stop.is_set():
            game_id = rng.choice(games)
            played = await host.snapshot(game_id)
            if played.to_move is not None:
                move = rng.choice(played.engine.legal_moves(played.state))
                try:
                    await host.play(game_id, played.user_of(played.to_move), [move])
                    written += 1
                except Refused:  # half a decision (a Kairo build without its payment): another move
                    pass
            await host.store.set_meta(f"tick{written}", "x")
            await asyncio.sleep(0)

    async def until_written(count: int) -> None:
        async with asyncio.timeout(30):
            while written < count and not writer.done():
                await asyncio.sleep(0.01)
        if writer.done():
            writer.result()

    writer = asyncio.create_task(keep_writing())
    try:
        await until_written(5)
        report = await backup(source_url, tmp_path / "backups" / "b.db")
        await until_written(written + 5)
    finally:
        stop.set()
        await writer
        await host.store.close()
    assert report.ok and report.verified == len(ids) - 2, report.summary()
    assert sorted(p.name for p in (tmp_path / "backups").iterdir()) == ["b.db"], "no partial or WAL files left"

    db = sqlite3.connect(tmp_path / "backups" / "b.db")
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()
    restored = await restore(tmp_path / "backups" / "b.db", database_url)
    assert restored.ok, restored.summary()
    kept, back = await open_database(tmp_path / "backups" / "b.db"), await open_database(database_url)
    try:
        assert await table_rows(kept) == await table_rows(back)
    finally:
        await kept.close()
        await back.close()
    with pytest.raises(MigrationRefused, match="not empty"):
        await restore(tmp_path / "backups" / "b.db", database_url)
    assert (await restore(tmp_path / "backups" / "b.db", database_url, force=True)).ok


async def test_a_postgresql_backup_is_a_sqlite_file_made_by_the_bot_that_restores_the_same_rows(
    source, postgres_url: str, tmp_path: Path
) -> None:
    source_url, ids = source
    assert (await migrate(source_url, postgres_url)).ok
    report = await backup(postgres_url, tmp_path / "pg.db")
    assert report.ok and report.verified == len(ids) - 2, report.summary()
    again = str(tmp_path / "again.db")
    assert (await restore(tmp_path / "pg.db", again)).ok
    first, last = await open_database(source_url), await open_database(again)
    try:
        assert await table_rows(first) == await table_rows(last)
    finally:
        await first.close()
        await last.close()


def test_the_commands_refuse_in_one_line_and_write_nothing(source, tmp_path: Path, capsys) -> None:
    source_url, _ = source
    made = tmp_path / "b.db"
    assert main(["backup", "--from", source_url, "--to", str(made)]) == 0
    assert "Done." in capsys.readouterr().out
    assert main(["backup", "--from", source_url, "--to", str(made)]) == 2
    assert capsys.readouterr().err.strip().endswith("already exists; choose a new file name")
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    assert main(["restore", "--from", str(text), "--to", str(tmp_path / "r.db")]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "not a Bazaar backup" in err
    assert not (tmp_path / "r.db").exists()
    assert main(["restore", "--from", str(made), "--to", str(tmp_path / "r.db")]) == 0
    assert "Done." in capsys.readouterr().out
    with pytest.raises(BackupRefused):
        asyncio.run(backup(str(tmp_path / "missing.db"), tmp_path / "x.db"))
