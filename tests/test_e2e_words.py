"""Words and pictures found by play: what a table of players reads, end to end against the fake Discord."""

from __future__ import annotations

from e2e import boards, click_label, confirm_label, open_game, resign, settled, to_move

from offline.sandbox import Sandbox


async def test_the_lobby_of_a_two_player_game_says_two_players_not_a_range(sandbox: Sandbox) -> None:
    ana = sandbox.user("ana")
    await settled(sandbox.fake.slash(ana, sandbox.channel, "jambo new"))
    lobby = sandbox.fake.messages(sandbox.fake.threads(sandbox.channel)[-1])[0]
    assert "once 2 players are in" in lobby.content and "2–2" not in lobby.content, lobby.content


async def test_a_full_lobby_refuses_with_the_games_title(sandbox: Sandbox) -> None:
    ana, ben, cy = sandbox.user("ana"), sandbox.user("ben"), sandbox.user("cy")
    await settled(sandbox.fake.slash(ana, sandbox.channel, "jambo new"))
    thread = sandbox.fake.threads(sandbox.channel)[-1]
    await click_label(sandbox, ben, sandbox.fake.messages(thread)[0], "Join")
    it = await click_label(sandbox, cy, sandbox.fake.messages(thread)[0], "Join")
    assert it.ephemeral and "Jambo #1 is full" in it.content and "Game #1" not in it.content, it.content


async def test_a_button_of_a_finished_game_says_the_game_is_over_privately(sandbox: Sandbox) -> None:
    fake = sandbox.fake
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "marrakech", ana, [ben])
    board = boards(sandbox, thread)[-1]
    mover = to_move(sandbox, board)
    assert mover is not None
    other = ben if mover is ana else ana
    await resign(sandbox, other, thread, "marrakech")
    for custom_id in board.button_ids:
        it = await fake.click(mover, board, custom_id)
        await it.done()
        assert it.ephemeral and f"Marrakech #{game_id} is over" in it.content, it.content
        assert "out of date" not in it.content


async def test_the_games_list_after_the_end_says_the_last_game_ended_and_who_won(sandbox: Sandbox) -> None:
    fake = sandbox.fake
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "marrakech", ana, [ben])
    await resign(sandbox, ben, thread, "marrakech")
    it = await settled(fake.slash(ana, sandbox.channel, "marrakech games"))
    assert it.ephemeral and "yet" not in it.content, it.content
    assert "No open or running Marrakech games here" in it.content, it.content
    assert f"#{game_id} (finished)" in it.content and "won by Ana" in it.content and "<t:" in it.content
    assert "<@" not in it.content
    second, _ = await open_game(sandbox, "marrakech", ana, [ben])
    it = await settled(fake.slash(ana, sandbox.channel, "marrakech games"))
    running, ended = it.content.splitlines()
    assert running.startswith(f"#{second} (active)") and ended.startswith(f"#{game_id} (finished)"), it.content


async def test_resigning_asks_first_privately_and_cancel_keeps_the_seat(sandbox: Sandbox) -> None:
    fake = sandbox.fake
    ana, ben, cy = sandbox.user("ana"), sandbox.user("ben"), sandbox.user("cy")
    game_id, thread = await open_game(sandbox, "marrakech", ana, [ben, cy])
    for options in ({"replace_with_computer": True}, {}):
        asked = await settled(fake.slash(ben, thread, "marrakech resign", options))
        question = asked.followups[0] if asked.followups else asked.message
        assert asked.ephemeral and question is not None and question.ephemeral, asked
        assert len(question.button_ids) == 2 and "Marrakech #1" in question.content, question.content
        played = await sandbox.bot.host.snapshot(game_id)
        assert not played.is_computer(played.seat_of(ben.id)) and not played.state.resigned, "nothing yet"
        it = await click_label(sandbox, ben, question, "Cancel")
        assert "still in the game" in it.content
    played = await sandbox.bot.host.snapshot(game_id)
    assert played.game.status == "active" and not played.state.resigned


async def test_a_confirmed_resign_with_a_computer_hands_the_seat_over(sandbox: Sandbox) -> None:
    ana, ben, cy = sandbox.user("ana"), sandbox.user("ben"), sandbox.user("cy")
    game_id, thread = await open_game(sandbox, "marrakech", ana, [ben, cy])
    it = await resign(sandbox, cy, thread, "marrakech", replace=True)
    assert it.message is not None and it.message.ephemeral and "a computer plays on" in it.content, it.content
    played = await sandbox.bot.host.snapshot(game_id)
    assert played.is_computer(played.seat_of(cy.id))


async def test_a_stale_resign_confirmation_says_so_clearly(sandbox: Sandbox) -> None:
    fake = sandbox.fake
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "marrakech", ana, [ben])
    asked = await settled(fake.slash(ben, thread, "marrakech resign"))
    question = asked.followups[0] if asked.followups else asked.message
    await resign(sandbox, ana, thread, "marrakech")  # the game ends before Ben confirms
    it = await click_label(sandbox, ben, question, confirm_label(question))
    assert it.ephemeral and f"Marrakech #{game_id} is over" in it.content, it.content
