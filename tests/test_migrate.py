"""``bazaar migrate``: every table copied with its ids, the copy checked by replaying every game's log.

The source is a SQLite database holding games in every state (lobby, a player who left, active with
undone moves and an open undo request, finished, abandoned before and after starting, one game of
every engine), settings, timers, notices sent, handled interactions and messages still owed. The
target is each backend in turn (``database_url``).
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

import engines
from bot.__main__ import main
from bot.core.db import Database, open_database
from bot.core.host import GameHost
from bot.core.migrate import TABLES, MigrationRefused, migrate
from bot.core.posts import Posts
from bot.core.schedule import GuildSettings, ScheduleStore, TurnKey
from bot.core.store import NewDelivery, Store
from bot.core.timing import Timing
from bot.core.undo import answer_undo, ask_undo

ANA, BEN, CY = 1001, 1002, 1003
SNOWFLAKE = 1_180_000_000_000_000_001


async def open_host(url: str | Path) -> GameHost:
    store = Store(await open_database(url))
    schedule = ScheduleStore(store.db)
    clock = iter(range(1_000_000, 2_000_000))
    return GameHost(store, schedule, Posts(schedule), rng=random.Random(5), clock=lambda: float(next(clock)))


async def lobby(host: GameHost, game: str, players=(ANA, BEN), options: dict | None = None) -> int:
    played = await host.create(
        guild_id=SNOWFLAKE,
        channel_id=SNOWFLAKE + 1,
        game=game,
        options=options or {},
        user_id=players[0],
        name="p0",
        timing=Timing(reminder_hours=12.0, deadline_hours=48.0, auto_skip=True),
        thread=True,
    )
    for i, user in enumerate(players[1:], start=1):
        await host.join(played.game.id, user, f"p{i}", expected_version=None)
    return played.game.id


async def play_some(host: GameHost, game_id: int, moves: int, rng: random.Random) -> None:
    played = await host.snapshot(game_id)
    for n in range(moves):
        if played.to_move is None:
            return
        legal = played.engine.legal_moves(played.state)
        played = await host.play(
            game_id, played.user_of(played.to_move), [rng.choice(legal)], interaction_id=n + 1 + game_id * 1000
        )


async def populate(path: Path) -> dict[str, int]:
    """A database with games in every state and every kind of side row; the interesting game ids."""
    host = await open_host(path)
    rng = random.Random(9)
    ids: dict[str, int] = {}
    ids["lobby"] = await lobby(host, "marrakech", (ANA, BEN, CY))
    await host.leave(ids["lobby"], CY)
    ids["abandoned_lobby"] = await lobby(host, "marrakech")
    await host.abandon(ids["abandoned_lobby"], ANA, "p0")

    ids["undone"] = await lobby(host, "marrakech", (ANA, BEN, CY))
    played = await host.start(ids["undone"], ANA)
    for _ in range(2):
        played = await host.play(
            ids["undone"], played.user_of(played.to_move), [played.engine.legal_moves(played.state)[0]]
        )
    requester = played.user_of((played.to_move - 1) % 3)
    asked = await ask_undo(host, ids["undone"], requester)
    others = [u for u in (ANA, BEN, CY) if u != requester]
    for other in others:
        await answer_undo(host, ids["undone"], asked.request.record.version, other, agree=True)
    played = await host.snapshot(ids["undone"])
    played = await host.play(
        ids["undone"], played.user_of(played.to_move), [played.engine.legal_moves(played.state)[0]]
    )
    asked = await ask_undo(host, ids["undone"], played.user_of((played.to_move - 1) % 3))  # left open, one agreed
    waiting = asked.request.waiting_for[0].user_id
    await answer_undo(host, ids["undone"], asked.request.record.version, waiting, agree=True)

    ids["finished"] = await lobby(host, "marrakech")
    played = await host.start(ids["finished"], ANA)
    while played.to_move is not None:
        played = await host.play(
            ids["finished"], played.user_of(played.to_move), [rng.choice(played.engine.legal_moves(played.state))]
        )
    ids["abandoned_active"] = await lobby(host, "marrakech")
    await host.start(ids["abandoned_active"], ANA)
    await play_some(host, ids["abandoned_active"], 3, rng)
    await host.abandon(ids["abandoned_active"], ANA, "p0")
    ids["resigned"] = await lobby(host, "marrakech", (ANA, BEN, CY))
    await host.start(ids["resigned"], ANA)
    await play_some(host, ids["resigned"], 4, rng)
    await host.resign(ids["resigned"], CY)
    for name in engines.names():
        engine = engines.get(name)
        ids[name] = await lobby(host, name, (ANA, BEN, CY)[: max(2, engine.min_players)])
        await host.start(ids[name], ANA)
        await play_some(host, ids[name], 6, rng)

    schedule = host.schedule
    await schedule.set_dm_everywhere(ANA, True)
    await schedule.set_dm_in_guild(BEN, SNOWFLAKE, False)
    await schedule.set_away(CY, True, 5.0)
    await schedule.set_layout(ANA, "portrait")
    await schedule.update_guild_settings(SNOWFLAKE, lambda s: GuildSettings(s.guild_id, 6.0, 24.0, False, 77))
    active = await host.game(ids["resigned"])
    turn = TurnKey(active.id, active.turn_started_at or 0.0, active.to_move or 0)
    await schedule.claim_notice(turn, "reminder", 9.0, lambda last: True, [NewDelivery("dm", {"to": ANA}, active.id)])
    await host.store.set_meta("commands_hash", "abc")
    claimed = await host.store.claim_deliveries(now=2_000_000.0, lease=30.0, limit=3)
    await host.store.delivered(claimed[0].id, SNOWFLAKE + 5, SNOWFLAKE + 6)
    await host.store.delivery_failed(claimed[1].id, None, "gone")  # claimed[2] stays 'sending'
    await host.store.close()
    return ids


async def table_rows(db: Database) -> dict[str, list[dict[str, Any]]]:
    return {table: [dict(r) for r in await db.fetch(f"SELECT * FROM {table} ORDER BY {key}")] for table, key in TABLES}


@pytest.fixture
async def source(tmp_path: Path) -> tuple[str, dict[str, int]]:
    path = tmp_path / "source.db"
    return str(path), await populate(path)


async def test_every_row_is_copied_with_its_ids_and_every_game_replays(source, database_url: str) -> None:
    source_url, ids = source
    report = await migrate(source_url, database_url)
    assert report.ok, report.summary()
    assert report.verified == len(ids) - 2  # every game but the two that never started
    before, after = await open_database(source_url), await open_database(database_url)
    try:
        wanted, copied = await table_rows(before), await table_rows(after)
        for table, _ in TABLES:
            assert copied[table] == wanted[table], table
            assert report.copied[table] == len(wanted[table]) > 0, table
        statuses = {r["status"] for r in copied["games"]}
        assert statuses == {"lobby", "active", "finished", "abandoned"}
        assert any(r["undone"] for r in copied["moves"]) and {r["status"] for r in copied["undo_requests"]} >= {
            "granted",
            "open",
        }
        assert {r["status"] for r in copied["outbox"]} == {"pending", "sending", "done", "failed"}
    finally:
        await before.close()
        await after.close()


async def test_the_copy_plays_on_and_new_rows_get_new_ids(source, database_url: str) -> None:
    source_url, ids = source
    await migrate(source_url, database_url)
    host = await open_host(database_url)
    try:
        highest_game = max(ids.values())
        highest_delivery = await host.store.db.fetchval("SELECT MAX(id) FROM outbox")
        fresh = await lobby(host, "marrakech")
        assert fresh == highest_game + 1
        assert min(d.id for d in await host.store.pending_deliveries(fresh)) == highest_delivery + 1
        played = await host.snapshot(ids["marrakech"])
        moved = await host.play(
            played.game.id, played.user_of(played.to_move), [played.engine.legal_moves(played.state)[0]]
        )
        assert moved.game.version == played.game.version + 1
        assert (await host.schedule.guild_settings(SNOWFLAKE)).allowed_channel_id == 77
    finally:
        await host.store.close()


async def test_a_target_that_holds_games_is_refused_unless_forced(source, database_url: str) -> None:
    source_url, _ = source
    await migrate(source_url, database_url)
    target = await open_database(database_url)
    await Store(target).set_meta("written_after", "yes")
    counts = {t: len(rows) for t, rows in (await table_rows(target)).items()}
    await target.close()
    with pytest.raises(MigrationRefused, match="not empty"):
        await migrate(source_url, database_url)
    target = await open_database(database_url)
    assert {t: len(rows) for t, rows in (await table_rows(target)).items()} == counts  # nothing written
    await target.close()
    report = await migrate(source_url, database_url, force=True)
    assert report.ok and report.replaced == sum(counts.values())
    target = await open_database(database_url)
    assert await Store(target).meta("written_after") is None
    assert report.copied["meta"] == 1 == len((await table_rows(target))["meta"])
    await target.close()


async def test_a_database_is_never_copied_onto_itself_nor_from_nowhere(source, tmp_path: Path) -> None:
    source_url, _ = source
    with pytest.raises(MigrationRefused, match="same database"):
        await migrate(source_url, f"sqlite:///{source_url}", force=True)
    with pytest.raises(MigrationRefused, match="no database at"):
        await migrate(str(tmp_path / "typo.db"), str(tmp_path / "target.db"))
    assert not (tmp_path / "typo.db").exists()


async def test_a_stored_state_that_its_log_does_not_give_is_caught(source, database_url: str) -> None:
    source_url, ids = source
    db = await open_database(source_url)
    async with db.transaction() as tx:
        state = await tx.fetchval("SELECT state FROM games WHERE id = ?", ids["abandoned_active"])
        await tx.execute("UPDATE games SET state = ? WHERE id = ?", state, ids["resigned"])  # another game's state
        await tx.execute("UPDATE moves SET undone = 1 WHERE game_id = ? AND ply = 3", ids["cairo"])  # a log row lost
    await db.close()
    report = await migrate(source_url, database_url)
    assert not report.ok
    assert sorted(m.game_id for m in report.mismatches) == sorted([ids["resigned"], ids["cairo"]])
    assert f"game #{ids['resigned']} (marrakech)" in report.summary()


def test_the_command_prints_a_summary_and_fails_on_a_mismatch(source, tmp_path: Path, capsys) -> None:
    source_url, ids = source
    target = f"sqlite:///{tmp_path / 'target.db'}"
    assert main(["migrate", "--from", source_url, "--to", target]) == 0
    out = capsys.readouterr().out
    assert f"Replayed the logs of {len(ids) - 2} started games: {len(ids) - 2} match" in out
    assert main(["migrate", "--from", source_url, "--to", target]) == 2
    assert "not empty" in capsys.readouterr().err

    async def corrupt() -> None:
        db = await open_database(source_url)
        async with db.transaction() as tx:
            await tx.execute("UPDATE games SET state = '{}' WHERE id = ?", ids["finished"])
        await db.close()

    asyncio.run(corrupt())
    assert main(["migrate", "--from", source_url, "--to", target, "--force"]) == 1
    assert f"game #{ids['finished']} (marrakech)" in capsys.readouterr().out


async def test_there_and_back_again(source, postgres_url: str, tmp_path: Path) -> None:
    """SQLite to PostgreSQL to SQLite gives the same rows."""
    source_url, _ = source
    back = str(tmp_path / "back.db")
    assert (await migrate(source_url, postgres_url)).ok
    assert (await migrate(postgres_url, back)).ok
    first, last = await open_database(source_url), await open_database(back)
    assert await table_rows(first) == await table_rows(last)
    await first.close()
    await last.close()
