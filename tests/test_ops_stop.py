"""A graceful stop, for real: ``python -m bot run`` against the fake Discord gets SIGTERM (or SIGINT) mid-game.

It exits 0 within 10 s, leaves no worker process behind (image and computer workers, found in
``/proc`` before the signal), and after a restart nothing is lost or doubled: every stored move has
its board, once, and a computer that was thinking plays its turn once. A second process on the same
SQLite file is refused in one line.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from test_e2e_crash import (
    BotProcess,
    World,
    alive,
    board_messages,
    bot_world,
    children,
    computer_turn,
    lay_carpet,
    open_game,
    stored_moves,
    turn_assam,
    until,
)
from test_e2e_records import replay_name

from bot.core.replay_image import MAX_FRAMES
from offline.fakediscord import FakeDiscord
from offline.fakediscord.faults import SEND_MESSAGE
from offline.fakediscord.state import Channel, User

pytestmark = pytest.mark.slow


async def stopped_within(bot: BotProcess, sig: int, limit: float = 10.0) -> tuple[int, float, set[int]]:
    """Send ``sig``; the exit code, the seconds it took, and the bot's former workers still running."""
    assert bot.process is not None
    workers = children(bot.process.pid)
    began = time.monotonic()
    bot.process.send_signal(sig)
    code = await asyncio.wait_for(bot.process.wait(), limit + 5)
    took = time.monotonic() - began
    await asyncio.sleep(0.2)
    return code, took, {pid for pid in workers if alive(pid)}


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    # as deployed: workers for the images and the computers, each image worker warming up as it starts, whole replays
    settings = {
        "BAZAAR_IMAGE_WORKERS": "1",
        "BAZAAR_COMPUTER_WORKERS": "1",
        "BAZAAR_IMAGE_WARM_UP": "true",
        "BAZAAR_REPLAY_FRAMES": str(MAX_FRAMES),
    }
    async with bot_world(tmp_path / "bazaar.db", settings) as found:
        yield found


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_a_stop_mid_move_exits_0_quickly_with_no_workers_left_and_loses_nothing(
    world: tuple[FakeDiscord, Channel, User, User, BotProcess], sig: int
) -> None:
    fake, channel, ana, ben, bot = world
    game_id, thread = await open_game(fake, channel, ana, ben)
    first = board_messages(fake, thread)[-1]
    mover = {ana.id: ana, ben.id: ben}[first.mentions[0]]
    assert bot.process is not None and children(bot.process.pid), "the bot runs worker processes"
    prompt = await turn_assam(fake, first, mover)  # the turn's first step, answered privately
    move = asyncio.create_task(lay_carpet(fake, mover, prompt))  # the step that ends the turn and posts a board
    await asyncio.sleep(0.05)  # the selection is on its way, or being handled
    code, took, left = await stopped_within(bot, sig)
    move.cancel()
    assert code == 0, f"exit code {code}"
    assert took < 10.0, f"took {took:.1f} s"
    assert not left, f"worker processes left running: {left}"

    await bot.start()
    stored = stored_moves(bot.database, game_id)
    assert stored in (1, 2), stored
    turns = 1 + (stored == 2)  # the first board, and the turn's board when its last step was stored
    await until(lambda: len(board_messages(fake, thread)) >= turns, "every finished turn's board", 30)
    await asyncio.sleep(3.0)  # the delivery loop runs every 2 s: a second copy would have come by now
    assert len(board_messages(fake, thread)) == turns, "one board per finished turn, none lost, none doubled"
    if stored == 1:  # the carpet was not laid: the mover's private reply still lays it
        await lay_carpet(fake, mover, prompt)
    else:
        board = board_messages(fake, thread)[-1]
        player = {ana.id: ana, ben.id: ben}[board.mentions[0]]
        await fake.click(player, board, board.button_ids[1])
    await until(lambda: stored_moves(bot.database, game_id) == stored + 1, "the game goes on after the restart")


async def test_a_stop_while_a_computer_thinks_ends_its_worker_and_it_plays_once_after_the_restart(
    world: tuple[FakeDiscord, Channel, User, User, BotProcess],
) -> None:
    fake, channel, ana, _, bot = world
    await bot.stop()
    bot.settings |= {"BAZAAR_COMPUTER_ITERATIONS": "1000000"}  # thinks until its level's cap (10 s)
    await bot.start()
    await fake.slash(ana, channel, "marrakech new", {"computers": 1, "level": "hard"})
    await until(lambda: bool(fake.threads(channel)) and bool(fake.messages(fake.threads(channel)[-1])), "a lobby")
    thread = fake.threads(channel)[-1]
    game_id = int(thread.name.rsplit("#", 1)[1])
    start = next(c for c in fake.messages(thread)[0].button_ids if "start" in c)
    await fake.click(ana, fake.messages(thread)[0], start)
    await until(lambda: bool(board_messages(fake, thread)), "the first board")
    if not computer_turn(bot.database, game_id)[0]:
        prompt = await turn_assam(fake, board_messages(fake, thread)[-1], ana)
        await lay_carpet(fake, ana, prompt)
        await until(lambda: computer_turn(bot.database, game_id)[0], "the computer's turn")
        await until(lambda: len(board_messages(fake, thread)) == 2, "Ana's turn posted")
    await asyncio.sleep(1.0)
    assert computer_turn(bot.database, game_id) == (True, 0), "stopped while the computer thinks"
    code, took, left = await stopped_within(bot, signal.SIGTERM)
    assert (code, not left) == (0, True), (code, left)
    assert took < 10.0, f"took {took:.1f} s"
    posted = len(board_messages(fake, thread))

    bot.settings |= {"BAZAAR_COMPUTER_ITERATIONS": "50"}
    await bot.start()
    await until(lambda: not computer_turn(bot.database, game_id)[0], "the computer played after the restart", 30)
    await until(lambda: len(board_messages(fake, thread)) > posted, "the computer's turn posted", 30)
    await asyncio.sleep(3.0)
    assert computer_turn(bot.database, game_id) == (False, 2), "its decision stored once"
    assert len(board_messages(fake, thread)) == posted + 1, "its turn (two decisions) posted once, in one post"


async def test_a_second_process_on_the_same_sqlite_file_is_refused_in_one_line(
    world: tuple[FakeDiscord, Channel, User, User, BotProcess],
) -> None:
    fake, _, _, _, bot = world
    env = {**os.environ, **fake.environment(), "BAZAAR_DATABASE": str(bot.database), "BAZAAR_LOG_LEVEL": "WARNING"}
    env.pop("BAZAAR_TOKEN", None)
    second = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "run", env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )
    _, err = await asyncio.wait_for(second.communicate(), 30)
    lines = [line for line in err.decode().splitlines() if line.strip()]
    assert second.returncode == 2 and len(lines) == 1, lines
    assert "another bot process already runs on" in lines[0]
    assert bot.process is not None and bot.process.returncode is None, "the first one runs on"


async def test_a_move_being_posted_when_the_stop_comes_is_finished_before_the_exit(
    world: tuple[FakeDiscord, Channel, User, User, BotProcess],
) -> None:
    fake, channel, ana, ben, bot = world
    game_id, thread = await open_game(fake, channel, ana, ben)
    first = board_messages(fake, thread)[-1]
    mover = {ana.id: ana, ben.id: ben}[first.mentions[0]]
    prompt = await turn_assam(fake, first, mover)  # the turn's first step, answered privately
    slow = fake.faults.delay(SEND_MESSAGE, 2.0, channel=thread, times=1)  # the new board is on its way for 2 s
    move = asyncio.create_task(lay_carpet(fake, mover, prompt))
    await until(lambda: slow.calls > 0, "the turn is stored and its board being posted")
    code, took, left = await stopped_within(bot, signal.SIGTERM)
    move.cancel()
    assert (code, left) == (0, set()) and took < 10.0, (code, took, left)
    assert stored_moves(bot.database, game_id) == 2
    assert len(board_messages(fake, thread)) == 2, "the move in flight was finished: its board posted before the exit"


async def test_a_stop_while_the_replay_is_drawn_leaves_it_and_the_archive_for_the_restart(
    world: tuple[FakeDiscord, Channel, User, User, BotProcess], tmp_path: Path
) -> None:
    """A game ends (a player resigns); its animated replay is being drawn, and the thread's archiving waits behind
    it, when the stop comes. The process exits 0 with nothing failing in the background on its closed database, and
    the restarted bot posts the replay once and archives the thread."""
    fake, channel, ana, ben, bot = world
    await bot.stop()
    bot.log = tmp_path / "bot.log"
    await bot.start()
    _, thread = await open_game(fake, channel, ana, ben)
    asked = await fake.slash(ben, thread, "marrakech resign", {})
    await asked.done()
    question = asked.followups[0] if asked.followups else asked.message
    assert question is not None
    await (await fake.click(ben, question, question.button_ids[0])).done()
    await until(lambda: "Game over" in board_messages(fake, thread)[-1].content, "the final board")
    code, took, left = await stopped_within(bot, signal.SIGTERM)
    assert (code, left) == (0, set()) and took < 10.0, (code, took, left)
    assert not [m for m in fake.messages(thread) if any(replay_name(name) for name, _ in m.files)], "stopped in time"
    assert not fake.world.channels[thread.id].archived
    stopped = bot.log.read_text()
    assert "Traceback" not in stopped and "background delivery" not in stopped, stopped

    await bot.start()
    await until(lambda: fake.world.channels[thread.id].archived, "the thread archived after the restart", 30)
    await asyncio.sleep(3.0)  # the delivery loop runs every 2 s: a second copy would have come by now
    replays = [m for m in fake.messages(thread) if any(replay_name(name) for name, _ in m.files)]
    assert len(replays) == 1, "the replay posted once after the restart"
    assert "Traceback" not in bot.log.read_text()
