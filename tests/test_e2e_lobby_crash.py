"""A real crash in the lobby: the bot process is killed (SIGKILL) while a player's Join, Leave, Start or Add
computer is being handled — before the change is stored (Discord holds the answer to the deferral) or after it
(Discord refuses the lobby's update and the board) — in every game. After a restart the game is consistent:
still a lobby whose message shows who is seated, or a started game whose board is posted with the player to
move pinged (or a computer to move), nothing left owed.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from test_e2e_crash import BotProcess, World, board_messages, bot_world, until

import engines
from offline.fakediscord import FakeDiscord
from offline.fakediscord.faults import CALLBACK, EDIT_MESSAGE, SEND_MESSAGE
from offline.fakediscord.state import Channel, Message, User

pytestmark = pytest.mark.slow

ACTIONS = ("join", "leave", "start", "computer")


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with bot_world(tmp_path / "bazaar.db") as found:
        yield found


def row(database: Path, sql: str, *args: object) -> tuple:
    with sqlite3.connect(database) as db:
        return db.execute(sql, args).fetchone()


def version(database: Path, game_id: int) -> int:
    return row(database, "SELECT version FROM games WHERE id = ?", game_id)[0]


def owed(database: Path) -> int:
    return row(database, "SELECT COUNT(*) FROM outbox WHERE status IN ('pending', 'sending')")[0]


def lobby_button(message: Message, action: str) -> str:
    return next(c for c in message.button_ids if c.endswith(f":{action}"))


async def open_lobby(fake: FakeDiscord, channel: Channel, ana: User, game: str) -> tuple[int, Channel]:
    await fake.slash(ana, channel, f"{game} new", {})
    await until(lambda: bool(fake.threads(channel)) and bool(fake.messages(fake.threads(channel)[-1])), "a lobby")
    thread = fake.threads(channel)[-1]
    return int(thread.name.rsplit("#", 1)[1]), thread


async def check_consistent(fake: FakeDiscord, thread: Channel, bot: BotProcess, game_id: int) -> str:
    """The game after the restart: a lobby showing its seats, or a started game with its board and a mover."""
    await until(lambda: owed(bot.database) == 0, "nothing owed after the restart", timeout=30)
    status, to_move = row(bot.database, "SELECT status, to_move FROM games WHERE id = ?", game_id)
    with sqlite3.connect(bot.database) as db:
        seats = db.execute("SELECT user_id, name, seat, computer FROM seats WHERE game_id = ?", (game_id,)).fetchall()
    lobby = fake.messages(thread)[0]
    assert all(name in lobby.content for _, name, _, _ in seats), (lobby.content, seats)
    if status == "lobby":
        assert lobby.button_ids, "the lobby keeps its buttons"
        assert not board_messages(fake, thread)
        return status
    assert status == "active", status
    assert not lobby.button_ids, "a started game's lobby has no buttons"
    assert all(seat is not None for _, _, seat, _ in seats), seats
    boards = board_messages(fake, thread)
    if any(computer is not None for *_, computer in seats):  # a computer may be playing on: its boards follow
        assert boards, "the first board"
        return status
    assert len(boards) == 1, [m.content for m in boards]
    mover = next(s for s in seats if s[2] == to_move)
    assert boards[0].mentions == [mover[0]], (boards[0].content, mover)
    return status


GAMES = engines.names()
CASES = sorted(
    {(game, "start", "after_commit") for game in GAMES}
    | {(GAMES[n % len(GAMES)], action, "after_commit") for n, action in enumerate(ACTIONS)}
    | {("jambo", action, "before_commit") for action in ACTIONS}
)
"""Killed after the change was stored: Start (which posts the game's own first board) in every game, every other
action in one game each, the games taking turns (the lobby is shared code); before it was stored, every action
in Jambo (where players met it)."""


@pytest.mark.parametrize(("game", "action", "when"), CASES)
async def test_a_kill_during_a_lobby_action_leaves_a_consistent_game(
    world: tuple[FakeDiscord, Channel, User, User, BotProcess], game: str, action: str, when: str
) -> None:
    fake, channel, ana, ben, bot = world
    game_id, thread = await open_lobby(fake, channel, ana, game)
    if action in ("leave", "start"):
        await fake.click(ben, fake.messages(thread)[0], lobby_button(fake.messages(thread)[0], "join"))
        await until(lambda: "Ben" in fake.messages(thread)[0].content, "ben joined")
        await until(lambda: owed(bot.database) == 0, "the lobby is up to date")
    actor = ana if action in ("start", "computer") else ben
    before = version(bot.database, game_id)
    if when == "before_commit":
        fault = fake.faults.delay(CALLBACK, 30.0, times=1)
        stored = lambda: fault.calls > 0  # noqa: E731
    else:
        fault = fake.faults.server_error(EDIT_MESSAGE, 503, channel=thread, times=None)
        fake.faults.server_error(SEND_MESSAGE, 503, channel=thread, times=None)
        stored = lambda: version(bot.database, game_id) > before and fault.calls > 0  # noqa: E731
    lobby = fake.messages(thread)[0]
    pressed = asyncio.create_task(fake.click(actor, lobby, lobby_button(lobby, action)))
    await until(stored, f"{action} reached the moment of the kill ({when})")
    bot.kill()
    await bot.wait()
    pressed.cancel()
    fake.faults.clear()

    await bot.start()
    status = await check_consistent(fake, thread, bot, game_id)
    if when == "after_commit":
        assert version(bot.database, game_id) == before + 1, "the change stored before the kill stays"
        assert status == ("active" if action == "start" else "lobby")
    if status == "lobby":  # the lobby still works after the restart
        lobby = fake.messages(thread)[0]
        seated = row(bot.database, "SELECT COUNT(*) FROM seats WHERE game_id = ?", game_id)[0]
        if "Ben" not in lobby.content and seated < engines.get(game).max_players:
            await fake.click(ben, lobby, lobby_button(lobby, "join"))
            await until(lambda: "Ben" in fake.messages(thread)[0].content, "ben joined after the restart")
        lobby = fake.messages(thread)[0]
        await fake.click(ana, lobby, lobby_button(lobby, "start"))
        await until(lambda: bool(board_messages(fake, thread)), "the game starts after the restart", timeout=30)
        await check_consistent(fake, thread, bot, game_id)


async def test_a_board_being_sent_when_the_bot_was_killed_comes_at_once_after_the_restart(
    world: tuple[FakeDiscord, Channel, User, User, BotProcess],
) -> None:
    """Killed while Discord held the first board's post: the claim of the dead process is not waited out (the
    delivery lease, 30 s by default), the restarted bot posts the board at once, and the player to move is
    pinged — never a started game with no board and nobody told to move."""
    fake, channel, ana, ben, bot = world
    await bot.stop()
    bot.settings = {"BAZAAR_DELIVERY_LEASE": "30"}
    await bot.start()
    game_id, thread = await open_lobby(fake, channel, ana, "jambo")
    await fake.click(ben, fake.messages(thread)[0], lobby_button(fake.messages(thread)[0], "join"))
    await until(lambda: "Ben" in fake.messages(thread)[0].content, "ben joined")
    fault = fake.faults.delay(SEND_MESSAGE, 120.0, channel=thread, times=1)
    lobby = fake.messages(thread)[0]
    pressed = asyncio.create_task(fake.click(ana, lobby, lobby_button(lobby, "start")))
    await until(lambda: fault.calls > 0, "the board is being sent")
    bot.kill()
    await bot.wait()
    pressed.cancel()
    fake.faults.clear()
    await bot.start()
    await until(lambda: bool(board_messages(fake, thread)), "the board well within the lease", timeout=12)
    await check_consistent(fake, thread, bot, game_id)
