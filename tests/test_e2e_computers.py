"""Computer players end to end: the real bot against the fake Discord.

A solo game of every game to its end (one person, computers in the other seats, playing by themselves
after each of the person's moves), a computer taking over a late player's seat at the deadline, a
computer turn that fell due while the bot was down played when it is back, ``/bazaar hint``, and
the computers thinking in a real worker process.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from e2e import boards, settled, to_move

import engines
from bench.e2e import command_for, next_move
from bot.config import Settings
from bot.core.host import replay_log
from bot.fakediscord.state import Channel, User
from bot.local import Sandbox


async def open_solo(box: Sandbox, game: str, user: User, computers: int = 1) -> tuple[int, Channel]:
    options: dict = {"computers": computers}
    if game == "cairo":
        options["start"] = "preset"
    await settled(box.fake.slash(user, box.channel, f"{game} new", options))
    thread = box.fake.threads(box.channel)[-1]
    lobby = box.fake.messages(thread)[0]
    assert lobby.content.count("🤖") == computers
    start = next(c for c in lobby.button_ids if ":start" in c)
    await (await box.fake.click(user, lobby, start)).done()
    return int(thread.name.rsplit("#", 1)[1]), thread


async def settle(box: Sandbox) -> None:
    """Wait until the computers have stopped thinking and everything they owe is posted."""
    await box.bot.get_cog("Computers").turns.idle()
    await box.fake.idle()


async def person_moves(box: Sandbox, game: str, game_id: int, thread: Channel, user: User, rng: random.Random) -> None:
    found = await next_move(box, game_id, rng)
    assert found is not None and found[0] == user.id, "after the computers, it is the person's turn"
    command, options = command_for(box, game, found[1])
    await settled(box.fake.slash(user, thread, f"{game} {command}", options))


@pytest.mark.slow
@pytest.mark.parametrize("game", engines.names())
async def test_a_solo_game_against_the_computer_plays_to_the_end(sandbox: Sandbox, game: str) -> None:
    ana = sandbox.user("ana")
    game_id, thread = await open_solo(sandbox, game, ana)
    rng = random.Random(4)
    for _ in range(1500):
        await settle(sandbox)
        board = boards(sandbox, thread)[-1]
        if "Game over" in board.content:
            break
        assert to_move(sandbox, board) is ana, board.content
        await person_moves(sandbox, game, game_id, thread, ana, rng)
    else:
        raise AssertionError("the game did not end")
    final = boards(sandbox, thread)[-1].content
    assert "Final scores" in final and "🤖" in final and "Ana" in final
    store = sandbox.bot.host.store
    log = await store.moves(game_id)
    assert any(row.user_id is not None and row.user_id < 0 for row in log), "the computer made its own moves"
    assert not any("<@-" in m.content for m in sandbox.fake.messages(thread)), "a computer is never pinged"
    record = await store.get_game(game_id)
    assert engines.get(game).dumps(replay_log(record, 2, log)) == record.state


async def test_a_late_players_seat_goes_to_a_computer_and_the_game_goes_on(tmp_path: Path) -> None:
    now = [1_750_000_000.0]
    box = Sandbox(tmp_path / "b.db", rng=random.Random(2), clock=lambda: now[0])
    async with box:
        ana, ben, cy = box.user("ana"), box.user("ben"), box.user("cy")
        await settled(box.fake.slash(ana, box.channel, "marrakech new", {}))
        thread = box.fake.threads(box.channel)[-1]
        for user in (ben, cy):
            lobby = box.fake.messages(thread)[0]
            await (await box.fake.click(user, lobby, next(c for c in lobby.button_ids if ":join" in c))).done()
        lobby = box.fake.messages(thread)[0]
        await (await box.fake.click(ana, lobby, next(c for c in lobby.button_ids if ":start" in c))).done()
        late = to_move(box, boards(box, thread)[-1])
        other = next(u for u in (ana, ben, cy) if u is not late)
        now[0] += 73 * 3600
        await box.bot.get_cog("Clock").tick(now[0])
        await box.fake.idle()
        notice = next(m for m in reversed(box.fake.messages(thread)) if "deadline has passed" in m.content)
        replace = next(c for c in notice.button_ids if ":replace" in c)
        await (await box.fake.click(other, notice, replace)).done()
        await settle(box)
        posted = [m.content for m in box.fake.messages(thread)]
        assert any("handed" in text and "computer" in text for text in posted), "\n---\n".join(posted[-4:])
        played = await box.bot.host.snapshot(int(thread.name.rsplit("#", 1)[1]))
        seat = played.seat_of(late.id)
        assert played.is_computer(seat) and played.to_move != seat, "the computer took the late turn"
        it = await settled(box.fake.slash(late, thread, "marrakech turn", {"direction": "left"}))
        assert it.ephemeral and ("computer plays" in it.content or "not your turn" in it.content)


async def test_a_computer_turn_due_while_the_bot_was_down_is_played_when_it_is_back(sandbox: Sandbox) -> None:
    ana = sandbox.user("ana")
    game_id, thread = await open_solo(sandbox, "marrakech", ana)
    await settle(sandbox)
    rng = random.Random(6)
    sandbox.bot.host.committed = lambda game: None  # the bot goes down before the computer thinks
    while True:
        await person_moves(sandbox, "marrakech", game_id, thread, ana, rng)
        played = await sandbox.bot.host.snapshot(game_id)
        if played.is_computer(played.to_move_player):
            break
    version = played.game.version
    await sandbox.restart_bot()
    for _ in range(100):
        if (await sandbox.bot.host.game(game_id)).version > version:
            break
        await asyncio.sleep(0.05)
    await settle(sandbox)
    after = await sandbox.bot.host.snapshot(game_id)
    assert after.game.version > version and not after.is_computer(after.to_move_player)
    assert to_move(sandbox, boards(sandbox, thread)[-1]) is ana


async def test_a_hint_suggests_a_legal_move_privately_and_changes_nothing(sandbox: Sandbox) -> None:
    ana = sandbox.user("ana")
    game_id, thread = await open_solo(sandbox, "marrakech", ana)
    await settle(sandbox)
    before = await sandbox.bot.host.game(game_id)
    it = await settled(sandbox.fake.slash(ana, thread, "bazaar hint", {}))
    assert it.ephemeral and "The computer (normal) would play:" in it.content, it.content
    assert any(word in it.content for word in ("Turn left", "Straight on", "Turn right"))
    assert (await sandbox.bot.host.game(game_id)).version == before.version

    await settled(sandbox.fake.slash(ana, sandbox.channel, "marrakech new", {"computers": 1, "hints": False}))
    strict = sandbox.fake.threads(sandbox.channel)[-1]
    lobby = sandbox.fake.messages(strict)[0]
    await (await sandbox.fake.click(ana, lobby, next(c for c in lobby.button_ids if ":start" in c))).done()
    await settle(sandbox)
    it = await settled(sandbox.fake.slash(ana, strict, "bazaar hint", {}))
    assert it.ephemeral and "Hints are turned off" in it.content


async def test_the_lobby_button_adds_a_computer(sandbox: Sandbox) -> None:
    ana = sandbox.user("ana")
    await settled(sandbox.fake.slash(ana, sandbox.channel, "jambo new", {}))
    thread = sandbox.fake.threads(sandbox.channel)[-1]
    lobby = sandbox.fake.messages(thread)[0]
    await (await sandbox.fake.click(ana, lobby, next(c for c in lobby.button_ids if ":computer" in c))).done()
    assert "🤖" in sandbox.fake.messages(thread)[0].content and "(2/2)" in sandbox.fake.messages(thread)[0].content
    it = await sandbox.fake.click(
        ana, sandbox.fake.messages(thread)[0], next(c for c in lobby.button_ids if ":computer" in c)
    )
    await it.done()
    assert it.ephemeral and "full" in it.content


@pytest.mark.slow
async def test_computers_think_in_a_worker_process(tmp_path: Path) -> None:
    settings = Settings(token="", computer_workers=1, computer_iterations=30)
    async with Sandbox(tmp_path / "b.db", rng=random.Random(8), settings=settings) as box:
        assert box.bot.get_cog("Computers").pool is not None
        ana = box.user("ana")
        game_id, thread = await open_solo(box, "marrakech", ana)
        rng = random.Random(9)
        for _ in range(3):
            await settle(box)
            await person_moves(box, "marrakech", game_id, thread, ana, rng)
        await settle(box)
        log = await box.bot.host.store.moves(game_id)
        assert sum(1 for row in log if row.user_id is not None and row.user_id < 0) >= 2
