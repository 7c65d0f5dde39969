"""A real crash: the bot runs as its own process (``python -m bot run``) and is killed with SIGKILL
between storing a move and posting its board. After a restart the board arrives exactly once, the next
player is pinged, and the game goes on — whether Discord had already taken the post or not.

The fake Discord runs in the test's event loop; the bot process reaches it through the
``FAKEDISCORD_*`` environment (``offline.fakediscord.remote``).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sqlite3
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from e2e import menu, private_prompt

from bot.core.seating import COMPUTER_SENDER
from offline.fakediscord import FakeDiscord
from offline.fakediscord.faults import SEND_MESSAGE, START_THREAD
from offline.fakediscord.state import Channel, Interaction, Message, User

pytestmark = pytest.mark.slow


def children(pid: int) -> set[int]:
    """Every process descended from ``pid`` (from /proc: psutil is not a dependency)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` is still a running process (a zombie is not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


class BotProcess:
    """``python -m bot run`` against the fake, on one database file; killable for real."""

    def __init__(self, fake: FakeDiscord, database: Path) -> None:
        self.fake = fake
        self.database = database
        self.process: asyncio.subprocess.Process | None = None
        self.settings: dict[str, str] = {}
        """More ``BAZAAR_*`` settings for the next start."""
        self.log: Path | None = None
        """Where the process's log (its standard error) goes, appended to; None: the test run's own."""

    async def start(self) -> None:
        env = {
            **os.environ,
            **self.fake.environment(),
            "BAZAAR_DATABASE": str(self.database),
            "BAZAAR_DELIVERY_LEASE": "1",
            "BAZAAR_LOG_LEVEL": "WARNING",
            **self.settings,
        }
        env.pop("BAZAAR_TOKEN", None)
        with contextlib.ExitStack() as files:
            log = None if self.log is None else files.enter_context(self.log.open("ab"))
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", "run", env=env, stdout=asyncio.subprocess.DEVNULL, stderr=log
            )
        await self.fake.wait_for_sessions(len([s for s in self.fake.sessions if s.connected]) + 1)
        await until(lambda: bool(self.fake.registered_commands()), "the bot registers its commands")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)

    async def wait(self) -> None:
        if self.process is not None:
            await self.process.wait()

    async def close(self) -> None:
        """The end of a test: the process is killed (its graceful stop is tested in test_ops_stop, and a fault
        left delaying Discord's answers would hold a graceful one for seconds)."""
        self.fake.faults.clear()
        if self.process is not None and self.process.returncode is None:
            self.kill()
            await self.process.wait()

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.terminate()
            try:
                await asyncio.wait_for(self.process.wait(), 10)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()


async def until(ready, what: str, timeout: float = 20.0) -> None:
    """Wait (awaiting, so the fake keeps serving the bot process) until ``ready()``."""
    async with asyncio.timeout(timeout):
        while not ready():
            await asyncio.sleep(0.05)
    assert ready(), what


def stored_moves(database: Path, game_id: int) -> int:
    with sqlite3.connect(database) as db:
        return db.execute("SELECT COUNT(*) FROM moves WHERE game_id = ? AND kind = 'move'", (game_id,)).fetchone()[0]


World = tuple[FakeDiscord, Channel, User, User, BotProcess]
"""The fake, its #games channel, Ana and Ben, and the bot process."""


@asynccontextmanager
async def bot_world(database: Path, settings: dict[str, str] | None = None) -> AsyncIterator[World]:
    """A fake Discord with one server (#games, Ana and Ben), and ``python -m bot run`` on ``database`` against it
    (with ``settings``), killed at the end (the crash, lobby-crash and graceful-stop tests share it)."""
    fake = FakeDiscord()
    await fake.start()
    admin = fake.add_user("admin")
    guild = fake.add_guild("Bazaar", owner=admin)
    channel = fake.add_text_channel(guild, "games")
    ana, ben = fake.add_user("ana"), fake.add_user("ben")
    fake.add_member(guild, ana)
    fake.add_member(guild, ben)
    bot = BotProcess(fake, database)
    bot.settings = dict(settings or {})
    await bot.start()
    try:
        yield fake, channel, ana, ben, bot
    finally:
        await bot.close()
        await fake.stop()


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with bot_world(tmp_path / "bazaar.db") as found:
        yield found


async def open_game(fake: FakeDiscord, channel: Channel, ana: User, ben: User) -> tuple[int, Channel]:
    await fake.slash(ana, channel, "marrakech new", {})
    await until(lambda: bool(fake.threads(channel)) and bool(fake.messages(fake.threads(channel)[-1])), "a lobby")
    thread = fake.threads(channel)[-1]
    lobby = fake.messages(thread)[0]
    join = next(c for c in lobby.button_ids if ":join" in c or c.endswith("join"))
    await fake.click(ben, lobby, join)
    await until(lambda: "Ben" in fake.messages(thread)[0].content, "ben joined")
    start = next(c for c in fake.messages(thread)[0].button_ids if "start" in c)
    await fake.click(ana, fake.messages(thread)[0], start)
    await until(lambda: bool(board_messages(fake, thread)), "the first board")
    return int(thread.name.rsplit("#", 1)[1]), thread


def board_messages(fake: FakeDiscord, thread: Channel) -> list:
    return [m for m in fake.messages(thread) if any(name.endswith(".png") for name, _ in m.files)]


def stored_news(database: Path, game_id: int) -> int:
    """Steps kept as news: a turn's steps not yet worded by a post (``outbox`` rows of kind ``news``)."""
    with sqlite3.connect(database) as db:
        return db.execute("SELECT COUNT(*) FROM outbox WHERE game_id = ? AND kind = 'news'", (game_id,)).fetchone()[0]


async def turn_assam(fake: FakeDiscord, board: Message, mover: User) -> Message:
    """The mover keeps Assam straight with the board's button: a step inside their turn, stored as news and
    answered to them alone (the board as it stands, the carpet's choices); nothing is posted."""
    it = await fake.click(mover, board, board.button_ids[1])
    await until(lambda: private_prompt(it) is not None, "the mover's own reply (a followup of the click)")
    prompt = private_prompt(it)
    assert prompt is not None and prompt.files, it.content
    return prompt


async def lay_carpet(fake: FakeDiscord, mover: User, prompt: Message) -> Interaction:
    """The mover lays a carpet from their own reply (its menu, else its first move button): the turn passes."""
    choices = menu(prompt)
    if choices is not None:
        return await fake.select(mover, prompt, choices["custom_id"], [choices["options"][0]["value"]])
    return await fake.click(mover, prompt, next(i for i in prompt.button_ids if i.startswith("bz:mv:")))


@pytest.mark.parametrize("discord_took_the_post", [False, True])
async def test_a_board_lost_to_a_kill_between_commit_and_post_arrives_once_after_a_restart(
    world: tuple[FakeDiscord, Channel, User, User, BotProcess], discord_took_the_post: bool
) -> None:
    fake, channel, ana, ben, bot = world
    game_id, thread = await open_game(fake, channel, ana, ben)
    first = board_messages(fake, thread)[-1]
    users = {ana.id: ana, ben.id: ben}
    mover = users[first.mentions[0]]
    other = ben if mover is ana else ana
    prompt = await turn_assam(fake, first, mover)
    assert len(board_messages(fake, thread)) == 1 and stored_news(bot.database, game_id) == 1
    if discord_took_the_post:
        fault = fake.faults.delay(SEND_MESSAGE, 30.0, channel=thread, applied=True, times=1)
    else:
        fault = fake.faults.server_error(SEND_MESSAGE, 503, channel=thread, times=None)
    click = asyncio.create_task(lay_carpet(fake, mover, prompt))
    await until(lambda: stored_moves(bot.database, game_id) == 2 and fault.calls > 0, "the turn is stored, posting")
    bot.kill()
    await bot.wait()
    click.cancel()
    fake.faults.clear()
    assert len(board_messages(fake, thread)) in (1, 2)
    assert stored_news(bot.database, game_id) == 0, "the turn's board took its news in the same transaction"

    await bot.start()
    await until(lambda: len(board_messages(fake, thread)) >= 2, "the board after the restart", timeout=30)
    await asyncio.sleep(3.0)  # the delivery loop runs every 2 s: a second copy would have come by now
    posted = board_messages(fake, thread)
    assert len(posted) == 2, [m.content for m in posted]
    assert "kept Assam" in posted[-1].content and "placed a" in posted[-1].content, "the whole turn, one post"
    assert posted[-1].mentions == [other.id]
    assert stored_moves(bot.database, game_id) == 2

    after = posted[-1]
    await fake.click(other, after, after.button_ids[0])
    await until(lambda: stored_moves(bot.database, game_id) == 3, "the game goes on after the restart")


async def test_a_kill_between_two_steps_of_a_turn_loses_neither_from_the_turns_post(
    world: tuple[FakeDiscord, Channel, User, User, BotProcess],
) -> None:
    """Killed after the first step of a turn (stored, answered privately, nothing posted): after the restart
    the mover's next step, from the same private reply, posts one board that words both steps."""
    fake, channel, ana, ben, bot = world
    game_id, thread = await open_game(fake, channel, ana, ben)
    first = board_messages(fake, thread)[-1]
    mover = ana if first.mentions == [ana.id] else ben
    other = ben if mover is ana else ana
    prompt = await turn_assam(fake, first, mover)
    assert stored_news(bot.database, game_id) == 1
    bot.kill()
    await bot.wait()

    await bot.start()
    await asyncio.sleep(2.5)  # the delivery loop has run: news is never sent on its own
    assert len(board_messages(fake, thread)) == 1 and stored_news(bot.database, game_id) == 1
    await lay_carpet(fake, mover, prompt)
    await until(lambda: len(board_messages(fake, thread)) == 2, "the turn's one post")
    await asyncio.sleep(2.5)
    posted = board_messages(fake, thread)
    assert len(posted) == 2, [m.content for m in posted]
    text = posted[-1].content
    assert "kept Assam" in text and "rolled" in text and "placed a" in text, text
    assert text.count("\n") == 3, "title, the turn in one line, the standings, who is next"
    assert posted[-1].mentions == [other.id]
    assert stored_news(bot.database, game_id) == 0 and stored_moves(bot.database, game_id) == 2


def stored_games(database: Path) -> int:
    with sqlite3.connect(database) as db:
        return db.execute("SELECT COUNT(*) FROM games").fetchone()[0]


@pytest.mark.parametrize("stopped_at", [START_THREAD, SEND_MESSAGE])
async def test_a_new_game_killed_before_its_lobby_is_posted_gets_it_after_a_restart(
    world: tuple[FakeDiscord, Channel, User, User, BotProcess], stopped_at: str
) -> None:
    fake, channel, ana, ben, bot = world
    fault = fake.faults.server_error(stopped_at, 503, times=None)
    created = asyncio.create_task(fake.slash(ana, channel, "marrakech new", {}))
    await until(lambda: stored_games(bot.database) == 1 and fault.calls > 0, "the game is stored, the lobby not")
    bot.kill()
    await bot.wait()
    created.cancel()
    fake.faults.clear()
    await bot.start()
    await until(lambda: any(fake.messages(t) for t in fake.threads(channel)), "the lobby after the restart", 30)
    await asyncio.sleep(3.0)
    threads = fake.threads(channel)
    assert len(threads) == 1, "one thread for the game, not a second one"
    lobbies = [m for m in fake.messages(threads[0]) if "waiting for players" in m.content]
    assert len(lobbies) == 1 and lobbies[0].button_ids, "the lobby, once, with its buttons"
    join = next(c for c in lobbies[0].button_ids if "join" in c)
    await fake.click(ben, lobbies[0], join)
    await until(lambda: "Ben" in fake.messages(threads[0])[0].content, "the lobby works")


def computer_turn(database: Path, game_id: int) -> tuple[bool, int]:
    """Whether a computer is to move in the game, and how many moves computers have stored."""
    with sqlite3.connect(database) as db:
        to_move = db.execute("SELECT to_move FROM games WHERE id = ?", (game_id,)).fetchone()[0]
        level = db.execute("SELECT computer FROM seats WHERE game_id = ? AND seat = ?", (game_id, to_move)).fetchone()
        made = db.execute(
            "SELECT COUNT(*) FROM moves WHERE game_id = ? AND kind = 'move' AND user_id <= ?",
            (game_id, COMPUTER_SENDER),
        ).fetchone()[0]
    return level is not None and level[0] is not None, made


async def test_a_computer_turn_due_when_the_bot_was_killed_is_played_once_after_the_restart(
    world: tuple[FakeDiscord, Channel, User, User, BotProcess],
) -> None:
    fake, channel, ana, _, bot = world
    await bot.stop()
    bot.settings = {"BAZAAR_COMPUTER_ITERATIONS": "1000000"}  # the computer thinks until its level's cap (10 s)
    await bot.start()
    await fake.slash(ana, channel, "marrakech new", {"computers": 1, "level": "hard"})
    await until(lambda: bool(fake.threads(channel)) and bool(fake.messages(fake.threads(channel)[-1])), "a lobby")
    thread = fake.threads(channel)[-1]
    game_id = int(thread.name.rsplit("#", 1)[1])
    start = next(c for c in fake.messages(thread)[0].button_ids if "start" in c)
    await fake.click(ana, fake.messages(thread)[0], start)
    await until(lambda: bool(board_messages(fake, thread)), "the first board")
    if not computer_turn(bot.database, game_id)[0]:  # Ana was seated first: her turn, then the computer's
        prompt = await turn_assam(fake, board_messages(fake, thread)[-1], ana)
        await lay_carpet(fake, ana, prompt)
        await until(lambda: computer_turn(bot.database, game_id)[0], "the computer's turn")
    await asyncio.sleep(0.5)
    assert computer_turn(bot.database, game_id) == (True, 0), "killed while the computer thinks"
    assert bot.process is not None
    workers = children(bot.process.pid)
    assert workers, "the bot runs worker processes (images, the computer)"
    bot.kill()
    await bot.wait()
    # its workers (the computer's still thinking) end with it, not left waiting for good
    await until(lambda: not any(alive(pid) for pid in workers), "the killed bot's workers end", 10)
    posted = len(board_messages(fake, thread))

    bot.settings = {"BAZAAR_COMPUTER_ITERATIONS": "50"}
    await bot.start()
    await until(lambda: not computer_turn(bot.database, game_id)[0], "the computer played after the restart", 30)
    await until(lambda: len(board_messages(fake, thread)) > posted, "its turn's post", 30)
    await asyncio.sleep(3.0)  # a second play of the same turn, or a second board, would have come by now
    assert computer_turn(bot.database, game_id) == (False, 2), "its decision (orient, place) stored once"
    boards = board_messages(fake, thread)
    after = [m.content for m in boards[posted:]]
    assert len(after) == 1 and "🤖" in after[0], "its turn (orient, place) posted once, in one post:\n" + (
        "\n=====\n".join(after)
    )
    assert "Assam" in after[0] and "placed" in after[0], after[0]
    assert boards[-1].mentions == [ana.id], "Ana is pinged for her turn"
