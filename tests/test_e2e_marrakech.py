"""Marrakech end to end: the real bot against the fake Discord, through slash commands and buttons only."""

from __future__ import annotations

import asyncio
import random

import pytest
from e2e import PNG_MAGIC, boards, click_label, open_game, press_something, private_prompt, settled, to_move

import engines
from bot.core.host import replay_log
from engines.marrakech.data import seat_colours
from offline.sandbox import Sandbox


async def play_to_the_end(box: Sandbox, thread, rng: random.Random, use_commands: bool) -> str:
    """Answer every prompt until the final scores; half the turns by slash command when asked."""
    fake = box.fake
    prompt, user = None, None
    for turn in range(400):
        board = boards(box, thread)[-1]
        _, data = board.files[0]
        assert data.startswith(PNG_MAGIC) and len(data) < 300_000
        if "Game over" in board.content:
            return board.content
        if prompt is None:  # a new board: the player it pings decides
            prompt, user = board, to_move(box, board)
            assert user is not None and f"<@{user.id}>" in board.content
        if use_commands and turn % 2 == 0 and "turn Assam" in prompt.content:
            it = await fake.slash(user, thread, "marrakech turn", {"direction": rng.choice(["left", "right"])})
        elif use_commands and turn % 2 == 0 and "place a" in prompt.content:
            choices = await fake.autocomplete(user, thread, "marrakech place", {"carpet": ""}, focused="carpet")
            assert choices, "placing must offer choices"
            it = await fake.slash(user, thread, "marrakech place", {"carpet": rng.choice(choices)["value"]})
        else:
            it = await press_something(box, prompt, rng, user)
        await it.done()
        if boards(box, thread)[-1].id != board.id:
            prompt = None  # the turn passed: one new board
        else:  # a step inside the turn: answered to the mover alone, with the board and their next choices
            prompt = private_prompt(it)
            assert prompt is not None and prompt.files, f"no board and no private answer (refused? {it.content})"
    raise AssertionError("the game did not end")


@pytest.mark.slow
async def test_full_two_player_game_by_buttons(sandbox: Sandbox) -> None:
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "marrakech", ana, [ben])
    final = await play_to_the_end(sandbox, thread, random.Random(1), use_commands=False)
    assert "Final scores" in final and "Winner" in final
    record = await sandbox.bot.host.store.get_game(game_id)
    assert record.status == "finished"


@pytest.mark.slow
async def test_full_three_player_game_by_commands_and_buttons(sandbox: Sandbox) -> None:
    ana, ben, cy = sandbox.user("ana"), sandbox.user("ben"), sandbox.user("cy")
    game_id, thread = await open_game(sandbox, "marrakech", ana, [ben, cy], {"variant": True})
    final = await play_to_the_end(sandbox, thread, random.Random(2), use_commands=True)
    assert all(name in final for name in ("Ana", "Ben", "Cy"))
    store = sandbox.bot.host.store
    record = await store.get_game(game_id)
    rebuilt = replay_log(record, 3, await store.moves(game_id))
    assert engines.get("marrakech").dumps(rebuilt) == record.state
    await sandbox.settle()  # the animated replay after the final board is drawn in the background
    assert not await store.pending_deliveries(), "everything owed was delivered"


async def test_the_lobby_lists_players_and_only_the_creator_starts(sandbox: Sandbox) -> None:
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    await settled(sandbox.fake.slash(ana, sandbox.channel, "marrakech new"))
    thread = sandbox.fake.threads(sandbox.channel)[-1]
    lobby = sandbox.fake.messages(thread)[0]
    await click_label(sandbox, ben, lobby, "Join")
    assert "Players (2/4): Ana and Ben" in sandbox.fake.messages(thread)[0].content
    it = await click_label(sandbox, ben, sandbox.fake.messages(thread)[0], "Start")
    assert it.ephemeral and "creator" in it.content
    it = await click_label(sandbox, ben, sandbox.fake.messages(thread)[0], "Join")
    assert it.ephemeral and "already in" in it.content
    assert not boards(sandbox, thread)


async def refusals_leave_state_alone(box: Sandbox, game_id: int, action) -> str:
    store = box.bot.host.store
    before = await store.get_game(game_id)
    it = await action()
    await it.done()
    after = await store.get_game(game_id)
    assert it.ephemeral, f"refusals are ephemeral: {it.content}"
    assert (after.version, after.state) == (before.version, before.state)
    return it.content


async def placement_away_from_assam(box: Sandbox, game_id: int) -> str:
    """A well-formed placement that does not touch Assam's square."""
    engine = engines.get("marrakech")
    state = engine.loads((await box.bot.host.store.get_game(game_id)).state)
    square = engine.view(state, None).details["assam"]["square"]
    x, y = "abcdefg".index(square[0]), int(square[1:]) - 1
    for row in range(7):
        for col in range(6):
            if abs(row - y) > 1 or (abs(col - x) > 1 and abs(col + 1 - x) > 1):
                return f"{'abcdefg'[col]}{row + 1}-{'abcdefg'[col + 1]}{row + 1}"
    raise AssertionError("no square away from Assam")


async def test_refusals_are_ephemeral_and_change_nothing(sandbox: Sandbox) -> None:
    fake = sandbox.fake
    ana, ben, eve = sandbox.user("ana"), sandbox.user("ben"), sandbox.user("eve")
    game_id, thread = await open_game(sandbox, "marrakech", ana, [ben])
    board = boards(sandbox, thread)[-1]
    mover = to_move(sandbox, board)
    other = ben if mover is ana else ana

    text = await refusals_leave_state_alone(sandbox, game_id, lambda: fake.click(eve, board, board.button_ids[0]))
    assert "not playing" in text
    text = await refusals_leave_state_alone(
        sandbox, game_id, lambda: fake.slash(other, thread, "marrakech turn", {"direction": "left"})
    )
    assert "not your turn" in text and mover.name.capitalize() in text
    text = await refusals_leave_state_alone(
        sandbox, game_id, lambda: fake.slash(ana, thread, "marrakech status", {"game": 999})
    )
    assert "no game #999" in text
    text = await refusals_leave_state_alone(
        sandbox, game_id, lambda: fake.slash(mover, thread, "marrakech play", {"move": "fly away"})
    )
    assert "not a legal move" in text or "fly away" in text

    it = await fake.click(mover, board, board.button_ids[1])  # straight on: rolls and moves Assam
    await it.done()
    place_board = boards(sandbox, thread)[-1]
    text = await refusals_leave_state_alone(sandbox, game_id, lambda: fake.click(mover, board, board.button_ids[0]))
    assert "out of date" in text
    far = await placement_away_from_assam(sandbox, game_id)
    text = await refusals_leave_state_alone(
        sandbox, game_id, lambda: fake.slash(mover, thread, "marrakech place", {"carpet": far})
    )
    assert "Assam" in text
    text = await refusals_leave_state_alone(
        sandbox, game_id, lambda: fake.slash(mover, thread, "marrakech place", {"carpet": "zz9"})
    )
    assert text
    assert place_board.id == boards(sandbox, thread)[-1].id


async def test_two_conflicting_clicks_apply_exactly_once(sandbox: Sandbox) -> None:
    fake = sandbox.fake
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "marrakech", ana, [ben])
    board = boards(sandbox, thread)[-1]
    mover = to_move(sandbox, board)
    left, right = board.button_ids[0], board.button_ids[2]
    results = await asyncio.gather(fake.click(mover, board, left), fake.click(mover, board, right))
    for it in results:
        await it.done()
    assert sorted(it.content.startswith("Done") for it in results) == [False, True]  # one applied, one refused
    moves = [m for m in await sandbox.bot.host.store.moves(game_id) if m.kind == "move"]
    assert len(moves) == 1


async def test_restart_mid_game_keeps_the_game_and_its_buttons(sandbox: Sandbox) -> None:
    fake = sandbox.fake
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    _, thread = await open_game(sandbox, "marrakech", ana, [ben])
    board = boards(sandbox, thread)[-1]
    await sandbox.restart_bot()
    mover = to_move(sandbox, board)
    assert mover is not None
    it = await fake.click(mover, board, board.button_ids[0])
    await it.done()
    prompt = private_prompt(it)  # a step inside the turn: answered to the mover alone, with the board as it stands
    assert prompt is not None and prompt.files and "place a" in it.content, it.content
    assert boards(sandbox, thread)[-1].id == board.id
    await sandbox.restart_bot()
    await (await press_something(sandbox, prompt, random.Random(3), mover)).done()
    after = boards(sandbox, thread)[-1]
    assert after.id != board.id and "placed a" in after.content and "turned Assam" in after.content
    it = await fake.slash(ana, thread, "marrakech status")
    await it.done()
    assert it.ephemeral and "Ana" in it.content and "Ben" in it.content


async def test_commands_outside_the_thread_take_a_game_option(sandbox: Sandbox) -> None:
    fake = sandbox.fake
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "marrakech", ana, [ben])
    choices = await fake.autocomplete(ana, sandbox.channel, "marrakech board", {"game": ""}, focused="game")
    assert [c["value"] for c in choices] == [game_id]
    it = await settled(fake.slash(ben, sandbox.channel, "marrakech board", {"game": game_id}))
    assert it.ephemeral and it.files and it.files[0][1].startswith(PNG_MAGIC)
    it = await settled(fake.slash(ben, sandbox.channel, "marrakech games"))
    assert it.ephemeral and f"#{game_id}" in it.content
    board = boards(sandbox, thread)[-1]
    mover = to_move(sandbox, board)
    it = await fake.slash(mover, sandbox.channel, "marrakech turn", {"direction": "straight", "game": game_id})
    await it.done()
    assert it.ephemeral and "Done" in it.content
    prompt = private_prompt(it)
    assert prompt is not None and mover is not None
    await (await press_something(sandbox, prompt, random.Random(2), mover)).done()
    assert boards(sandbox, thread)[-1].id != board.id, "the board goes to the game's thread"


async def test_a_game_in_a_channel_without_threads_uses_the_channel(sandbox: Sandbox) -> None:
    fake = sandbox.fake
    plain = fake.add_text_channel(sandbox.guild, "nothreads", threads_allowed=False)
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    it = await settled(fake.slash(ana, plain, "marrakech new"))
    lobby = fake.messages(plain)[-1]
    assert "waiting for players" in lobby.content
    await click_label(sandbox, ben, lobby, "Join")
    await click_label(sandbox, ana, fake.messages(plain)[-1], "Start")
    assert boards(sandbox, plain), "the board is posted in the channel itself"
    assert it is not None


async def test_an_unexpected_error_is_logged_with_an_id_and_the_user_gets_an_apology(
    sandbox: Sandbox, monkeypatch, caplog
) -> None:
    import re

    import render

    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    _, thread = await open_game(sandbox, "marrakech", ana, [ben])

    def broken(*args, **kwargs):
        raise RuntimeError("the paint ran out")

    monkeypatch.setattr(render, "render_board", broken)
    caplog.set_level("ERROR", logger="bazaar.errors")
    with caplog.at_level("ERROR", logger="bazaar.errors"):
        it = await sandbox.fake.slash(ben, thread, "marrakech board")
        await it.done()
    assert it.ephemeral and "Sorry" in it.content
    error_id = re.search(r"error id `([0-9a-f]+)`", it.content).group(1)
    logged = [r for r in caplog.records if error_id in r.getMessage()]
    assert logged and "marrakech board" in logged[0].getMessage()
    assert "the paint ran out" in (logged[0].exc_text or str(logged[0].exc_info))


async def test_a_merchant_who_cannot_pay_after_turning_assam_is_out_and_the_final_board_goes_to_the_thread(
    sandbox: Sandbox,
) -> None:
    """Turning Assam is a step inside the turn, answered privately, unless the roll after it lands on tribute the
    mover cannot pay: they are out, and at two the game is over. Then the final board is posted in the thread and
    the mover's answer says what happened and links to it, with no board of its own."""
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "marrakech", ana, [ben])
    engine, store = engines.get("marrakech"), sandbox.bot.host.store
    state = engine.loads((await store.get_game(game_id)).state)
    mover = state.seat
    colour = seat_colours(2)[1 - mover][0]
    state.board_colour = [colour] * len(state.board_colour)  # every square the other's: any roll owes tribute
    state.board_carpet = [square // 2 for square in range(len(state.board_carpet))]
    state.dirhams[mover] = 0
    async with store.db.transaction() as tx:
        await tx.execute("UPDATE games SET state = ? WHERE id = ?", engine.dumps(state), game_id)
    before = len(boards(sandbox, thread))
    player = to_move(sandbox, boards(sandbox, thread)[-1])
    assert player is not None
    it = await settled(sandbox.fake.slash(player, thread, "marrakech turn", {"direction": "left"}))
    assert (await store.get_game(game_id)).status == "finished"
    assert len(boards(sandbox, thread)) == before + 1
    final = boards(sandbox, thread)[-1].content
    assert "Game over" in final and f"{player.name.title()} is out" in final, final
    assert "with nothing left to pay" in final and "paid" not in final, final
    assert it.ephemeral and not it.files, it.describe()
    assert "is out" in it.content and "The board: https://discord.com/channels/" in it.content, it.content
