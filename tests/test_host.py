"""The game host and its storage: lobby rules, turns, chance, the move log, races, exactly-once, replay.

Discord-free: the host, the store and the post composer on a SQLite file and on a PostgreSQL database
(the ``host`` fixture runs each test on both), with a seeded RNG and a counting clock.
"""

from __future__ import annotations

import asyncio
import os
import random
import stat
import time
from pathlib import Path
from typing import Any

import pytest

import engines
from bot.core.db import SchemaTooNew, SqliteDatabase, open_database
from bot.core.host import GameHost, replay_log
from bot.core.posts import Posts
from bot.core.refused import Refused
from bot.core.schedule import ScheduleStore
from bot.core.store import Shards, Store
from bot.core.timing import Timing
from engines.jambo.cards import CARD_ID

ANA, BEN, CY = 1001, 1002, 1003


async def make_host(path: Path | str, seed: int = 7) -> GameHost:
    store = Store(await open_database(path))
    schedule = ScheduleStore(store.db)
    clock = iter(range(1_000_000, 2_000_000))
    return GameHost(store, schedule, Posts(schedule), rng=random.Random(seed), clock=lambda: float(next(clock)))


@pytest.fixture
async def host(database_url: str):
    made = await make_host(database_url)
    yield made
    await made.store.close()


async def new_game(host: GameHost, players=(ANA, BEN), options=None, game: str = "marrakech") -> int:
    played = await host.create(
        guild_id=1,
        channel_id=10,
        game=game,
        options=options or {},
        user_id=players[0],
        name="p0",
        timing=Timing(),
        thread=True,
    )
    for i, user in enumerate(players[1:], start=1):
        await host.join(played.game.id, user, f"p{i}")
    return played.game.id


async def test_migrations_create_the_schema_and_are_not_applied_twice(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    store = Store(await open_database(path))
    version = await store.schema_version()
    assert version >= 4
    await store.close()
    store = Store(await open_database(f"sqlite:///{path}"))  # a restart must not fail on existing tables
    assert await store.schema_version() == version
    await store.close()


async def test_a_database_from_a_newer_bot_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    store = Store(await open_database(path))
    await store.db._db.execute("PRAGMA user_version=999")  # type: ignore[attr-defined]
    await store.close()
    with pytest.raises(SchemaTooNew):
        await SqliteDatabase.open(path)


async def test_the_database_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "fresh" / "bazaar.db"
    store = Store(await open_database(path))
    await store.close()
    assert stat.S_IMODE(os.stat(path.parent).st_mode) == 0o700
    for candidate in path.parent.iterdir():
        assert stat.S_IMODE(os.stat(candidate).st_mode) == 0o600, candidate


async def test_lobby_refuses_double_join_a_full_table_and_strangers_starting(host: GameHost) -> None:
    game = await new_game(host, (ANA, BEN, CY, 1004))
    with pytest.raises(Refused) as refused:
        await host.join(game, BEN, "again")
    assert refused.value.code == "already_joined"
    with pytest.raises(Refused) as refused:
        await host.join(game, 1005, "fifth")
    assert refused.value.code == "game_full" and refused.value.params["max"] == 4
    with pytest.raises(Refused) as refused:
        await host.start(game, BEN)
    assert refused.value.code == "only_creator_starts"
    played = await host.start(game, BEN, can_manage=True)
    assert played.game.status == "active"


async def test_a_game_cannot_start_alone(host: GameHost) -> None:
    game = await new_game(host, (ANA,))
    with pytest.raises(Refused) as refused:
        await host.start(game, ANA)
    assert refused.value.code == "too_few_players" and refused.value.params["min"] == 2


async def test_unknown_options_are_refused_at_creation(host: GameHost) -> None:
    with pytest.raises(engines.GameError) as refused:
        await host.create(
            guild_id=1,
            channel_id=1,
            game="marrakech",
            options={"nope": 1},
            user_id=ANA,
            name="a",
            timing=Timing(),
            thread=True,
        )
    assert refused.value.code == "unknown_option"


async def test_creating_a_game_owes_its_lobby_in_the_same_transaction(host: GameHost) -> None:
    game = await new_game(host, (ANA,))
    owed = await host.store.pending_deliveries(game)
    assert [d.kind for d in owed] == ["lobby"]


async def test_only_the_player_to_move_can_move_and_refusals_change_nothing(host: GameHost) -> None:
    game = await new_game(host)
    played = await host.start(game, ANA)
    mover = played.user_of(played.to_move)
    other = BEN if mover == ANA else ANA
    before = await host.game(game)
    with pytest.raises(Refused) as refused:
        await host.play(game, other, ["left"])
    assert refused.value.code == "not_your_turn" and refused.value.params["to_move_seat"] == played.to_move
    with pytest.raises(Refused) as refused:
        await host.play(game, 4242, ["left"])
    assert refused.value.code == "not_a_player"
    with pytest.raises(engines.IllegalMove):
        await host.play(game, mover, ["backwards"])
    after = await host.game(game)
    assert (after.version, after.state) == (before.version, before.state)


async def test_a_refusal_knows_its_game_and_players(host: GameHost) -> None:
    game = await new_game(host)
    played = await host.start(game, ANA)
    other = BEN if played.user_of(played.to_move) == ANA else ANA
    with pytest.raises(Refused) as refused:
        await host.play(game, other, ["left"])
    assert refused.value.game == "marrakech"  # type: ignore[attr-defined]
    assert sorted(refused.value.names) == ["p0", "p1"]  # type: ignore[attr-defined]


async def test_a_move_rolls_the_die_logs_the_roll_and_owes_the_board(host: GameHost) -> None:
    game = await new_game(host)
    played = await host.start(game, ANA)
    mover = played.user_of(played.to_move)
    result = await host.play(game, mover, ["straight"])
    kinds = [s.entry.kind for s in result.steps]
    assert kinds[0] == "move" and "chance" in kinds
    assert any(e.code for s in result.steps for e in s.events)
    log = await host.store.moves(game)
    assert [r.move for r in log][-len(result.steps) :] == [s.entry.move for s in result.steps]
    assert result.game.version == played.game.version + 1
    assert result.game.to_move == result.to_move
    # the mover goes on (a carpet to lay): no board, the step is kept as news for the turn's post
    assert result.goes_on and result.user_of(result.to_move) == mover
    boards = [d for d in await host.store.pending_deliveries(game) if d.kind == "board"]
    assert boards[-1].version == played.game.version
    assert [n.version for n in await host.store.news(game)] == [result.game.version]
    placed = await host.play(game, mover, [result.engine.legal_moves(result.state)[0]])
    boards = [d for d in await host.store.pending_deliveries(game) if d.kind == "board"]
    assert not placed.goes_on and boards[-1].version == placed.game.version
    assert boards[-1].payload["ping"] == [placed.user_of(placed.to_move)] != [mover]
    (turn,) = boards[-1].payload["happened"]  # the whole turn, one line: both steps and the roll between
    assert "Assam" in turn and "rolled" in turn and "placed" in turn, turn
    assert not await host.store.news(game)


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
    refusals = [r for r in results if isinstance(r, Refused)]
    assert [r.code for r in refusals] == ["moved_on"]
    moves = [r.move for r in await host.store.moves(game) if r.kind == "move"]
    assert len(moves) == 1


async def test_a_command_typed_out_of_turn_is_refused_at_once_and_never_held(host: GameHost) -> None:
    game = await new_game(host)
    played = await host.start(game, ANA)
    mover = played.user_of(played.to_move)
    other = BEN if mover == ANA else ANA
    version = played.game.version
    waiting = asyncio.create_task(host.play(game, other, ["left"], expected_version=version))
    await host.play(game, mover, ["straight"], expected_version=version)
    with pytest.raises(Refused) as refused:
        await waiting
    assert refused.value.code in ("not_your_turn", "moved_on")
    assert [r.user_id for r in await host.store.moves(game) if r.kind == "move"] == [mover]


async def test_the_same_interaction_is_applied_once(host: GameHost) -> None:
    game = await new_game(host)
    played = await host.start(game, ANA)
    mover = played.user_of(played.to_move)
    await host.play(game, mover, ["straight"], interaction_id=555)
    handled = await host.handled(555)
    assert handled is not None and handled.game_id == game
    again = await host.snapshot(game)
    legal = again.engine.legal_moves(again.state)[0]
    with pytest.raises(Refused):
        await host.play(game, mover, [legal], expected_version=again.game.version, interaction_id=555)
    assert len([r for r in await host.store.moves(game) if r.kind == "move"]) == 1


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
    for record in await host.store.list_games(statuses=("active", "finished")):
        full = await host.game(record.id)
        seats = await host.store.seats(record.id)
        rebuilt = replay_log(full, len(seats), await host.store.moves(record.id))
        assert engine.dumps(rebuilt) == full.state


async def test_a_player_who_resigned_leaves_the_inbox_queries(host: GameHost) -> None:
    game = await new_game(host, (ANA, BEN, CY))
    await host.start(game, ANA)
    await host.resign(game, CY)
    assert [g.id for g in await host.store.list_games(user_id=CY)] == []
    assert [g.id for g in await host.store.list_games(user_id=BEN)] == [game]


async def test_a_full_game_finishes_is_scored_and_its_thread_archived(host: GameHost) -> None:
    rng = random.Random(5)
    game = await new_game(host)
    played = await host.start(game, ANA)
    while played.to_move is not None:
        move = rng.choice(played.engine.legal_moves(played.state))
        played = await host.play(game, played.user_of(played.to_move), [move])
    assert played.game.status == "finished"
    assert played.outcome is not None and played.outcome.winners
    assert (await host.store.pending_deliveries(game))[-1].kind == "archive"
    with pytest.raises(Refused) as refused:
        await host.play(game, ANA, ["left"])
    assert refused.value.code == "game_finished"


@pytest.mark.parametrize("game", engines.names())
async def test_status_marks_a_player_who_resigned_as_out_in_every_game(host: GameHost, game: str) -> None:
    engine = engines.get(game)
    players = (ANA, BEN, CY)[: max(engine.min_players, min(3, engine.max_players))]
    game_id = await new_game(host, players, game=game)
    await host.start(game_id, ANA)
    leaving = players[-1]
    played = await host.resign(game_id, leaving)
    seat = played.seat_of(leaving)
    line = next(line for line in host.posts.status_text(played).splitlines() if line.startswith(f"{seat + 1}. "))
    assert line.endswith("(out)"), line


async def test_a_command_sent_before_the_last_change_is_refused_even_if_read_after_it(host: GameHost) -> None:
    game = await new_game(host)
    played = await host.start(game, ANA)
    mover = played.user_of(played.to_move)
    sent = 5_000.0  # Discord's clock (the interactions' snowflakes): both commands sent now, before any move
    first = await host.play(game, mover, ["straight"], sent_at=sent + 1e-3)
    # the second, identical command is read only now: its version check alone would let it through
    place = first.engine.legal_moves(first.state)[0]
    with pytest.raises(Refused) as refused:
        await host.play(game, mover, [place], expected_version=first.game.version, sent_at=sent)
    assert refused.value.code == "moved_on"
    await host.play(game, mover, [place], expected_version=first.game.version, sent_at=sent + 1.0)


@pytest.mark.parametrize("skew", [5.0, -5.0])
async def test_the_stale_command_guard_reads_discords_clock_never_the_hosts(database_url: str, skew: float) -> None:
    """A host clock 5 s fast or slow changes nothing: commands are ordered by their snowflakes' time only."""
    store = Store(await open_database(database_url))
    schedule = ScheduleStore(store.db)
    host = GameHost(store, schedule, Posts(schedule), rng=random.Random(7), clock=lambda: time.time() + skew)
    try:
        game = await new_game(host)
        played = await host.start(game, ANA)
        mover = played.user_of(played.to_move)
        sent = time.time() - 0.2  # Discord's clock: an interaction arrives a moment after it was sent
        first = await host.play(game, mover, ["straight"], sent_at=sent)
        place = first.engine.legal_moves(first.state)[0]
        with pytest.raises(Refused) as refused:  # sent before the first command changed the game
            await host.play(game, mover, [place], expected_version=first.game.version, sent_at=sent - 0.05)
        assert refused.value.code == "moved_on"
        await asyncio.sleep(0.01)
        second = await host.play(game, mover, [place], expected_version=first.game.version, sent_at=time.time())
        for _ in range(6):  # typed at a normal pace, each after the last change: never refused
            if second.game.status != "active":
                break
            await asyncio.sleep(0.01)
            mover = second.user_of(second.to_move)
            move = second.engine.legal_moves(second.state)[0]
            second = await host.play(game, mover, [move], expected_version=second.game.version, sent_at=time.time())
    finally:
        await store.close()


async def test_claims_left_by_a_killed_process_are_released_at_start_up_for_its_shards_only(host: GameHost) -> None:
    store = host.store
    mine = await new_game(host)  # guild 1: shard 0 of 2
    record = await store.get_game(mine)
    other = await host.create(  # a guild of shard 1 of 2
        guild_id=1 << 22,
        channel_id=10,
        game="marrakech",
        options={},
        user_id=ANA,
        name="p0",
        timing=Timing(),
        thread=True,
    )
    await store.claim_deliveries(now=3_000_000.0, lease=30.0)  # claimed by a process that is then killed
    assert record is not None and not await store.claim_deliveries(now=3_000_001.0, lease=30.0)
    released = await store.release_claims(3_000_002.0, Shards(2, (0,)))
    assert released >= 1
    again = await store.claim_deliveries(now=3_000_002.0, lease=30.0)
    assert again and {d.game_id for d in again} == {mine}, "only the rows of this process's shards"
    await store.release_claims(3_000_003.0)  # one process serving every shard: all of them
    assert other.game.id in {d.game_id for d in await store.claim_deliveries(now=3_000_003.0, lease=30.0)}


# ---- standing orders are not moves -----------------------------------------------------------------------------
async def test_orders_alone_keep_the_games_moved_version_and_moves_stay_exactly_once(host: GameHost) -> None:
    game_id = await new_game(host, game="jambo")
    started = await host.start(game_id, ANA)
    mover = started.to_move_player
    mover_id, other_id = (started.user_of(mover), started.user_of(1 - mover))
    seen = started.game.version
    orders = await host.standing(game_id, other_id, "orders guard never")
    assert orders.game.version == seen + 1 and orders.game.moved_version == seen
    stored = await host.store.get_game(game_id)
    assert (stored.version, stored.moved_version, stored.updated_at) == (seen + 1, seen, started.game.updated_at)
    assert stored.shows(seen) and stored.shows(seen + 1) and not stored.shows(seen - 1)
    assert not await host.store.pending_deliveries(game_id) or all(
        d.version != seen + 1 for d in await host.store.pending_deliveries(game_id)
    ), "orders owe no post"
    await host.standing(game_id, mover_id, "orders rain maker ask")
    played = await host.play(game_id, mover_id, ["end"], expected_version=seen + 1, interaction_id=77)
    assert played.game.moved_version == played.game.version == seen + 3, "a control made between orders is good"
    state = played.engine.loads((await host.store.get_game(game_id)).state)
    assert set(state.orders[1 - mover].guard) == {"never"} and state.orders[mover].rain == "ask", "moves keep orders"
    for old in (seen, seen + 1, seen + 2):  # exactly once: the move made them all out of date
        with pytest.raises(Refused, match="moved_on"):
            await host.play(game_id, played.user_of(played.to_move_player), ["end"], expected_version=old)
    assert (await host.store.get_game(game_id)).version == seen + 3


async def test_an_order_that_answers_a_waiting_decision_is_a_move(host: GameHost) -> None:
    """The Guard's window waits for the other player; an order that answers it moves the game (a post, and
    every older control out of date), even when the next decision is that player's again."""
    game_id = await new_game(host, game="jambo")
    started = await host.start(game_id, ANA)
    engine = started.engine
    mover = started.to_move_player
    state = engine.loads((await host.store.get_game(game_id)).state)
    state.stage, state.hands[mover] = "playing", sorted([CARD_ID["cheetah"], *state.hands[mover][1:]])
    state.deck.pool[CARD_ID["cheetah"]] -= 1
    state.deck.pool[started.state.hands[mover][0]] += 1
    async with host.store.db.transaction() as tx:
        await tx.execute("UPDATE games SET state = ? WHERE id = ?", engine.dumps(state), game_id)
    played = await host.play(game_id, started.user_of(mover), ["play cheetah"])
    assert played.to_move_player == 1 - mover and played.view(1 - mover).decision.code == "react_guard"
    answered = await host.standing(game_id, played.user_of(1 - mover), "orders guard never")
    # the Cheetah's choice is the same player's next: the same seat to move, yet the game moved on
    assert answered.to_move_player == 1 - mover and answered.view(1 - mover).decision.code == "cheetah_choice"
    assert answered.game.moved_version == answered.game.version == played.game.version + 1
    assert any(d.version == answered.game.version for d in await host.store.pending_deliveries(game_id))


async def test_a_language_is_written_when_it_changes_and_not_again_after_a_restart(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player's client language is stored for their DMs: written the first time it is seen and each time it
    changes, not at every click; a process that starts reads what is stored, so a restart writes nobody's again."""
    store = Store(await open_database(database_url))
    try:
        written: list[int] = []
        original = store.db.transaction

        def counted() -> Any:
            written.append(1)
            return original()

        monkeypatch.setattr(store.db, "transaction", counted)
        first = ScheduleStore(store.db)
        await first.set_language_of(ANA, "es")
        await first.set_language_of(ANA, "es")
        await first.set_language_of(BEN, "en")
        assert len(written) == 2, "the same language twice is written once"
        await first.set_language_of(ANA, "en")
        assert len(written) == 3 and await first.language_of(ANA) == "en"
        restarted = ScheduleStore(store.db)
        assert await restarted.load_languages() == 2
        await restarted.set_language_of(ANA, "en")
        await restarted.set_language_of(BEN, "en")
        assert len(written) == 3, "a restart writes no language it read"
        await restarted.set_language_of(BEN, "es")
        assert len(written) == 4 and await restarted.language_of(BEN) == "es"
    finally:
        await store.close()
