"""Words and pictures found by play: what a table of players reads, end to end against the fake Discord."""

from __future__ import annotations

from e2e import boards, click_label, open_game, settled, to_move

from bot.local import Sandbox


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
    await settled(fake.slash(other, thread, "marrakech resign"))
    for custom_id in board.button_ids:
        it = await fake.click(mover, board, custom_id)
        await it.done()
        assert it.ephemeral and f"Marrakech #{game_id} is over" in it.content, it.content
        assert "out of date" not in it.content


async def test_the_games_list_after_the_end_says_the_last_game_ended_and_who_won(sandbox: Sandbox) -> None:
    fake = sandbox.fake
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    game_id, thread = await open_game(sandbox, "marrakech", ana, [ben])
    await settled(fake.slash(ben, thread, "marrakech resign"))
    it = await settled(fake.slash(ana, sandbox.channel, "marrakech games"))
    assert it.ephemeral and "yet" not in it.content, it.content
    assert "No open or running Marrakech games here" in it.content, it.content
    assert f"#{game_id} (finished)" in it.content and "won by Ana" in it.content and "<t:" in it.content
    assert "<@" not in it.content
    second, _ = await open_game(sandbox, "marrakech", ana, [ben])
    it = await settled(fake.slash(ana, sandbox.channel, "marrakech games"))
    running, ended = it.content.splitlines()
    assert running.startswith(f"#{second} (active)") and ended.startswith(f"#{game_id} (finished)"), it.content
