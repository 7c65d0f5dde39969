"""The game host and its storage: lobby rules, turns, chance, the move log, races and replay."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

import engines
from bot.host import GameHost, Refused, replay_log
from bot.storage import Store

ANA, BEN, CY = 1001, 1002, 1003


@pytest.fixture
async def host(tmp_path: Path):
    store = await Store.open(tmp_path / "db" / "bazaar.db")
    clock = iter(range(1_000_000, 2_000_000))
    yield GameHost(store, rng=random.Random(7), clock=lambda: float(next(clock)))
    await store.close()


async def new_game(host: GameHost, players=(ANA, BEN), options=None) -> int:
    record = await host.create(
        guild_id=1,
        channel_id=10,
        thread_id=11,
        game="marrakech",
        options=options or {},
        user_id=players[0],
        name="p0",
    )
    for i, user in enumerate(players[1:], start=1):
        await host.join(record.id, user, f"p{i}")
    return record.id


async def test_migrations_create_the_schema_and_are_not_applied_twice(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    store = await Store.open(path)
    assert await store.schema_version() >= 1
    await store.close()
    store = await Store.open(path)  # a restart must not fail on existing tables
    assert await store.schema_version() >= 1
    await store.close()


async def test_lobby_refuses_double_join_a_full_table_and_strangers_starting(host: GameHost) -> None:
    game = await new_game(host, (ANA, BEN, CY, 1004))
    with pytest.raises(Refused, match="already in"):
        await host.join(game, BEN, "again")
    with pytest.raises(Refused, match="full"):
        await host.join(game, 1005, "fifth")
    with pytest.raises(Refused, match="creator"):
        await host.start(game, BEN)
    played = await host.start(game, BEN, can_manage=True)
    assert played.game.status == "active"


async def test_a_game_cannot_start_alone(host: GameHost) -> None:
    game = await new_game(host, (ANA,))
    with pytest.raises(Refused, match="at least 2"):
        await host.start(game, ANA)


async def test_unknown_options_are_refused_at_creation(host: GameHost) -> None:
    with pytest.raises(engines.GameError):
        await host.create(
            guild_id=1,
            channel_id=1,
            thread_id=None,
            game="marrakech",
            options={"nope": 1},
            user_id=ANA,
            name="a",
        )


async def test_only_the_player_to_move_can_move_and_refusals_change_nothing(host: GameHost) -> None:
    game = await new_game(host)
    played = await host.start(game, ANA)
    mover = played.user_of(played.to_move)
    other = BEN if mover == ANA else ANA
    before = await host.game(game)
    with pytest.raises(Refused, match="not your turn"):
        await host.play(game, other, ["left"])
    with pytest.raises(Refused, match="not playing"):
        await host.play(game, 4242, ["left"])
    with pytest.raises(engines.IllegalMove):
        await host.play(game, mover, ["backwards"])
    after = await host.game(game)
    assert (after.version, after.state) == (before.version, before.state)


async def test_a_move_rolls_the_die_and_logs_the_roll_as_chance(host: GameHost) -> None:
    game = await new_game(host)
    played = await host.start(game, ANA)
    mover = played.user_of(played.to_move)
    result = await host.play(game, mover, ["straight"])
    kinds = [s.entry.kind for s in result.steps]
    assert kinds[0] == "move" and "chance" in kinds
    log = await host.store.moves(game)
    assert [r.move for r in log][-len(result.steps) :] == [s.entry.move for s in result.steps]
    assert result.game.version == played.game.version + 1


async def test_two_conflicting_moves_at_once_apply_exactly_once(host: GameHost) -> None:
    game = await new_game(host)
    played = await host.start(game, ANA)
    mover = played.user_of(played.to_move)
    version = played.game.version
    results = await asyncio.gather(
        host.play(game, mover, ["left"], expected_version=version),
        host.play(game, mover, ["right"], expected_version=version),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert sum(isinstance(r, Refused) for r in results) == 1
    moves = [r.move for r in await host.store.moves(game) if r.kind == "move"]
    assert len(moves) == 1


async def test_every_stored_game_rebuilds_from_its_log(host: GameHost) -> None:
    rng = random.Random(3)
    for players in ((ANA, BEN), (ANA, BEN, CY)):
        game = await new_game(host, players)
        played = await host.start(game, ANA)
        for _ in range(40):
            if played.to_move is None:
                break
            move = rng.choice(played.engine.legal_moves(played.state))
            played = await host.play(game, played.user_of(played.to_move), [move])
    await host.resign(game, CY)
    engine = engines.get("marrakech")
    for record in await host.store.all_games():
        if record.state is None:
            continue
        seats = await host.store.seats(record.id)
        rebuilt = replay_log(record, len(seats), await host.store.moves(record.id))
        assert engine.dumps(rebuilt) == record.state


async def test_a_full_game_finishes_and_is_scored(host: GameHost) -> None:
    rng = random.Random(5)
    game = await new_game(host)
    played = await host.start(game, ANA)
    while played.to_move is not None:
        move = rng.choice(played.engine.legal_moves(played.state))
        played = await host.play(game, played.user_of(played.to_move), [move])
    assert played.game.status == "finished"
    assert played.outcome is not None and played.outcome.winners
    with pytest.raises(Refused, match="over"):
        await host.play(game, ANA, ["left"])
