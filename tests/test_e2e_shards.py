"""Two bot processes, one PostgreSQL, one fake Discord with two shards: the set-up of a large deployment, for real.

Each process is ``python -m bot run`` owning one shard (``BAZAAR_SHARD_COUNT=2``, ``BAZAAR_SHARD_IDS``);
the fake routes each guild's events to the process of its shard. Games in guilds of both shards are
played to the end; a reminder due while both run is sent exactly once; one process is killed in
the middle of a move and restarted, and nothing is lost or doubled; the inbox of a player in both
servers lists both games, whichever process answers.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

import pytest
from pgserver import fresh_database

import engines
from bot.core.db import open_database
from bot.core.host import state_of
from bot.core.store import Store
from offline.fakediscord import FakeDiscord
from offline.fakediscord.faults import SEND_MESSAGE
from offline.fakediscord.state import Channel, Guild, Message, User

pytestmark = pytest.mark.slow


@dataclass
class Shard:
    """One bot process serving one shard."""

    fake: FakeDiscord
    url: str
    shard: int
    process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        env = {
            **os.environ,
            **self.fake.environment(),
            "BAZAAR_DATABASE": self.url,
            "BAZAAR_SHARD_COUNT": "2",
            "BAZAAR_SHARD_IDS": str(self.shard),
            "BAZAAR_CLOCK_TICK": "0.5",
            "BAZAAR_DELIVERY_LEASE": "1",
            "BAZAAR_COMPUTER_WORKERS": "0",
            "BAZAAR_LOG_LEVEL": "WARNING",
        }
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "run", env=env, stdout=asyncio.subprocess.DEVNULL
        )
        await until(lambda: any(s.connected and s.ready and s.shard == [self.shard, 2] for s in self.fake.sessions))

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.terminate()
            try:
                await asyncio.wait_for(self.process.wait(), 10)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()


async def until(ready: Callable[[], bool], timeout: float = 30.0) -> None:
    """Keep the fake serving (await) until ``ready()``."""
    async with asyncio.timeout(timeout):
        while not ready():
            await asyncio.sleep(0.05)


@dataclass
class World:
    fake: FakeDiscord
    store: Store
    guilds: list[Guild]
    channels: list[Channel]
    ana: User
    ben: User
    shards: list[Shard]


@pytest.fixture
async def world() -> AsyncIterator[World]:
    async with fresh_database() as url:
        fake = FakeDiscord(shard_count=2)
        await fake.start()
        owner = fake.add_user("owner")
        ana, ben = fake.add_user("ana"), fake.add_user("ben")
        guilds = [fake.add_guild(f"Bazaar {n}", owner=owner, shard=n) for n in (0, 1)]
        channels = [fake.add_text_channel(guild, "games") for guild in guilds]
        for guild in guilds:
            fake.add_member(guild, ana)
            fake.add_member(guild, ben)
        shards = [Shard(fake, url, n) for n in (0, 1)]
        store = Store(await open_database(url))
        try:
            for shard in shards:
                await shard.start()
            await until(lambda: bool(fake.registered_commands()))
            yield World(fake, store, guilds, channels, ana, ben, shards)
        finally:
            for shard in shards:
                await shard.stop()
            await store.close()
            await fake.stop()


def boards(fake: FakeDiscord, thread: Channel) -> list[Message]:
    return [m for m in fake.messages(thread) if any(name.endswith(".png") for name, _ in m.files)]


async def open_game(world: World, n: int, options: dict[str, Any] | None = None) -> tuple[int, Channel]:
    fake, channel = world.fake, world.channels[n]
    await fake.slash(world.ana, channel, "marrakech new", options or {})
    await until(lambda: any(fake.messages(t) for t in fake.threads(channel)))
    thread = fake.threads(channel)[-1]
    lobby = fake.messages(thread)[0]
    await fake.click(world.ben, lobby, next(c for c in lobby.button_ids if ":join" in c))
    await until(lambda: "Ben" in fake.messages(thread)[0].content)
    lobby = fake.messages(thread)[0]
    await fake.click(world.ana, lobby, next(c for c in lobby.button_ids if ":start" in c))
    await until(lambda: bool(boards(fake, thread)))
    return int(thread.name.rsplit("#", 1)[1]), thread


def passes_the_turn(move: str) -> bool:
    """Whether a Marrakech move surely ends the mover's turn: placing a carpet does. Turning Assam does not, unless
    the roll after it lands on tribute the mover cannot pay (they are out, and at two players the game ends)."""
    return move.startswith("place ")


async def one_move(world: World, game_id: int, thread: Channel, rng: random.Random, *, passing: bool = False) -> None:
    """The player to move makes a random legal move with /marrakech play (one that ends the turn when
    ``passing``); wait for it to be stored and answered: a new board in the thread when the turn passed (or the
    game ended), the mover's private answer with their board while their turn goes on (one post per turn)."""
    fake = world.fake
    record = await world.store.get_game(game_id)
    before = len(boards(fake, thread))
    seats = await world.store.seats(game_id)
    users = {world.ana.id: world.ana, world.ben.id: world.ben}
    mover = users[next(s.user_id for s in seats if s.seat == record.to_move)]
    moves = engines.get("marrakech").legal_moves(state_of(record))
    if passing:
        moves = [m for m in moves if passes_the_turn(m)]
    move = rng.choice(moves)
    it = await fake.slash(mover, thread, "marrakech play", {"move": move})
    await until(lambda: len(boards(fake, thread)) > before or (bool(it.content) and bool(it.files)))
    after = await world.store.get_game(game_id)
    assert after.version > record.version
    if after.status == "active" and after.to_move == record.to_move:
        assert not passes_the_turn(move)
        assert it.ephemeral and len(boards(fake, thread)) == before, "inside a turn, the answer is private"
    else:  # the turn passed (a carpet laid, or the mover out of dirhams): a new board in the thread, once
        await until(lambda: len(boards(fake, thread)) > before)
        assert not it.files, "a passed turn's board is in the thread, not in the mover's answer"


async def test_two_shard_processes_play_games_in_both_shards_to_the_end(world: World) -> None:
    games = [await open_game(world, n) for n in (0, 1)]
    rng = random.Random(3)
    for _ in range(500):
        running = [(gid, thread) for gid, thread in games if (await world.store.get_game(gid)).status == "active"]
        if not running:
            break
        for game_id, thread in running:
            await one_move(world, game_id, thread, rng)
    for game_id, thread in games:
        record = await world.store.get_game(game_id)
        assert record.status == "finished" and "Game over" in boards(world.fake, thread)[-1].content
    pending = await world.store.pending_deliveries()
    for _ in range(600):  # the replays of both games are drawn after their final boards: seconds each
        if not pending:
            break
        await asyncio.sleep(0.1)
        pending = await world.store.pending_deliveries()
    assert not pending, pending

    it = await world.fake.slash(world.ana, world.channels[1], "bazaar games", {})
    await until(lambda: bool(it.content))
    assert it.content.startswith("You are in no running games"), "finished games leave the inbox"


async def test_a_reminder_due_while_both_run_is_sent_once_and_the_inbox_spans_both_shards(world: World) -> None:
    (first, thread0), (second, thread1) = [await open_game(world, n, {"reminder_hours": 1}) for n in (0, 1)]
    for n in (0, 1):
        it = await world.fake.slash(world.ben, world.channels[n], "bazaar games", {})
        await until(lambda it=it: bool(it.content))
        assert it.shard == [n, 2], "each guild's interactions reach the process of its shard"
        assert f"#{first}" in it.content and f"#{second}" in it.content, it.content
    now = time.time()
    async with world.store.db.transaction() as tx:  # the player to move has waited 72 minutes of a 1-hour interval
        await tx.execute("UPDATE games SET turn_started_at = ?, next_due_at = ? WHERE id = ?", now - 4320, now, first)

    def reminders() -> list[Message]:
        return [m for m in world.fake.messages(thread0) if "Reminder" in m.content]

    await until(lambda: bool(reminders()))
    await asyncio.sleep(3.0)  # both processes tick every half second meanwhile
    assert len(reminders()) == 1, [m.content for m in reminders()]
    notices = await world.store.db.fetch("SELECT number FROM turn_notices WHERE game_id = ?", first)
    assert len(notices) == 1, "claimed once"
    assert not [m for m in world.fake.messages(thread1) if "Reminder" in m.content]


async def test_a_process_killed_in_the_middle_of_a_move_loses_and_doubles_nothing(world: World) -> None:
    game_id, thread = await open_game(world, 0)
    rng = random.Random(7)
    await one_move(world, game_id, thread, rng)  # Assam turns: answered privately, the turn goes on
    before = len(boards(world.fake, thread))
    fault = world.fake.faults.server_error(SEND_MESSAGE, 503, channel=thread, times=None)
    record = await world.store.get_game(game_id)
    task = asyncio.create_task(one_move(world, game_id, thread, rng, passing=True))
    await until(lambda: fault.calls > 0)
    world.shards[0].kill()
    await world.shards[0].process.wait()  # type: ignore[union-attr]
    task.cancel()
    world.fake.faults.clear()
    after = await world.store.get_game(game_id)
    assert after.version == record.version + 1, "the move was stored before the kill"
    await world.shards[0].start()
    await until(lambda: len(boards(world.fake, thread)) == before + 1)
    await asyncio.sleep(2.5)
    assert len(boards(world.fake, thread)) == before + 1, "the board arrives once"
    await one_move(world, game_id, thread, rng)
    assert (await world.store.get_game(game_id)).version == record.version + 2, "the game goes on"
