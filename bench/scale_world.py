"""The fake Discord for a populated database, and real bot processes pointed at it.

``fake_for(url)`` starts a ``FakeDiscord`` whose servers, channels, players and active game threads
carry the ids stored in the database (``bench.population`` wrote them), so a real ``python -m bot run``
finds every game where it lives. ``BotProcess`` runs that command with ``BAZAAR_*`` settings, one
process per shard range, the way ``tests/test_e2e_crash.py`` does.

The fake's ``threads_of`` scans every channel; with ten thousand game threads that would make the
fake's own GUILD_CREATE payloads the slowest part of a start-up, so it is served from an index here
(rebuilt whenever a channel is added). Everything else is the fake as the tests use it.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import asyncpg

import engines
from bot.core.db import is_postgres_url, sqlite_path
from offline.fakediscord import FakeDiscord
from offline.fakediscord.permissions import EVERYONE_DEFAULT, MANAGE_GUILD
from offline.fakediscord.state import Channel, ChannelType, Guild, Member, Role, User


@dataclass
class ActiveGame:
    """What the load generator needs of one active game."""

    id: int
    game: str
    guild_id: int
    thread: Channel
    players: list[User]
    """Seat order."""


@dataclass
class Stored:
    """The database's world: servers with their channel, players by server, active games."""

    channels: dict[int, int] = field(default_factory=dict)
    """guild id -> channel id."""
    members: dict[int, dict[int, str]] = field(default_factory=lambda: defaultdict(dict))
    """guild id -> {user id: name}."""
    active: list[tuple[int, str, int, int, int]] = field(default_factory=list)
    """(game id, game, guild id, channel id, thread id) of the active games."""
    seats: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    """active game id -> user ids in seat order."""


async def read_world(url: str) -> Stored:
    """Servers, channels, members (everyone seated in a server's games) and active games from the database."""
    queries = {
        "channels": "SELECT DISTINCT guild_id, channel_id FROM games",
        "members": "SELECT DISTINCT g.guild_id, s.user_id, s.name FROM seats s JOIN games g ON g.id = s.game_id",
        "active": "SELECT id, game, guild_id, channel_id, thread_id FROM games WHERE status = 'active' ORDER BY id",
        "seats": "SELECT s.game_id, s.user_id FROM seats s JOIN games g ON g.id = s.game_id"
        " WHERE g.status = 'active' ORDER BY s.game_id, s.seat",
    }
    rows = await _fetch_all(url, queries)
    stored = Stored()
    for guild, channel in rows["channels"]:
        stored.channels.setdefault(guild, channel)
    for guild, user, name in rows["members"]:
        stored.members[guild][user] = name
    stored.active = [tuple(r) for r in rows["active"]]  # type: ignore[misc]
    for game_id, user in rows["seats"]:
        stored.seats[game_id].append(user)
    return stored


async def _fetch_all(url: str, queries: dict[str, str]) -> dict[str, list[tuple[Any, ...]]]:
    if is_postgres_url(url):
        conn = await asyncpg.connect(url)
        try:
            return {name: [tuple(r) for r in await conn.fetch(sql)] for name, sql in queries.items()}
        finally:
            await conn.close()
    import sqlite3

    db = sqlite3.connect(sqlite_path(url))
    try:
        return {name: db.execute(sql).fetchall() for name, sql in queries.items()}
    finally:
        db.close()


@dataclass
class FakeWorld:
    fake: FakeDiscord
    stored: Stored
    users: dict[int, User]
    channels: dict[int, Channel]
    """guild id -> its games channel."""
    games: list[ActiveGame]


async def fake_for(url: str, shard_count: int = 1) -> FakeWorld:
    """A started fake Discord holding the database's servers, channels, players and active threads."""
    stored = await read_world(url)
    fake = FakeDiscord(shard_count=shard_count)
    await fake.start()
    world = fake.world
    owner = fake.add_user("owner")
    users: dict[int, User] = {}
    channels: dict[int, Channel] = {}
    highest = 0
    for guild_id, channel_id in stored.channels.items():
        guild = _guild(fake, guild_id, owner)
        channel = Channel(id=channel_id, guild_id=guild_id, name="games", type=ChannelType.TEXT, position=0)
        world.channels[channel_id] = channel
        guild.channel_ids.append(channel_id)
        channels[guild_id] = channel
        for user_id, name in stored.members[guild_id].items():
            if user_id not in users:
                users[user_id] = User(id=user_id, name=name)
                world.users[user_id] = users[user_id]
            guild.members[user_id] = Member(user_id=user_id, role_ids=[])
        highest = max(highest, guild_id, channel_id, *stored.members[guild_id])
    games = []
    for game_id, game, guild_id, channel_id, thread_id in stored.active:
        thread = Channel(
            id=thread_id,
            guild_id=guild_id,
            name=f"{engines.get(game).title} #{game_id}",
            type=ChannelType.PUBLIC_THREAD,
            parent_id=channel_id,
            owner_id=world.bot_user.id,
            auto_archive_duration=10080,
            member_ids=[world.bot_user.id],
        )
        world.channels[thread_id] = thread
        games.append(ActiveGame(game_id, game, guild_id, thread, [users[u] for u in stored.seats[game_id]]))
        highest = max(highest, thread_id)
    world.snowflakes._last = max(world.snowflakes._last, highest)  # new ids come after the stored ones
    _index_threads(fake)
    return FakeWorld(fake, stored, users, channels, games)


def _guild(fake: FakeDiscord, guild_id: int, owner: User) -> Guild:
    """A server with the roles ``FakeDiscord.add_guild`` gives one, under a stored id."""
    world = fake.world
    roles = [
        Role(id=guild_id, name="@everyone", permissions=EVERYONE_DEFAULT),
        Role(id=world.snowflakes.next(), name="Moderator", permissions=MANAGE_GUILD, position=1),
        Role(
            id=world.snowflakes.next(),
            name=fake.bot_user.name,
            permissions=world.bot_permissions,
            position=2,
            managed=True,
        ),
    ]
    guild = Guild(id=guild_id, name=f"Server {guild_id % 10_000}", owner_id=owner.id, roles=roles)
    guild.members[owner.id] = Member(user_id=owner.id, role_ids=[])
    guild.members[fake.bot_user.id] = Member(user_id=fake.bot_user.id, role_ids=[roles[2].id])
    world.guilds[guild_id] = guild
    return guild


def _index_threads(fake: FakeDiscord) -> None:
    """Serve ``world.threads_of`` from an index of threads by parent (rebuilt when channels are added)."""
    world = fake.world
    index: dict[int, list[Channel]] = {}
    seen = [-1]

    def threads_of(channel_id: int) -> list[Channel]:
        if len(world.channels) != seen[0]:
            index.clear()
            for channel in world.channels.values():
                if channel.is_thread and channel.parent_id is not None:
                    index.setdefault(channel.parent_id, []).append(channel)
            seen[0] = len(world.channels)
        return list(index.get(channel_id, ()))

    world.threads_of = threads_of  # type: ignore[method-assign]


class BotProcess:
    """``python -m bot run`` against the fake, on one database, for some shards."""

    def __init__(
        self, fake: FakeDiscord, url: str, *, shard: int | None = None, shard_count: int = 1, **settings: str
    ) -> None:
        self.fake = fake
        self.url = url
        self.shard = shard
        self.shard_count = shard_count
        self.settings = settings
        self.process: asyncio.subprocess.Process | None = None
        self.started_at = 0.0
        self.log_path = os.environ.get("BENCH_BOT_LOG")
        """Where the bot's log goes (appended; default: nowhere)."""
        self.profile = os.environ.get("BENCH_BOT_PROFILE")
        """Where the bot's profiles go (``bench.profiled``: switched on and off by ``profiling``), if anywhere."""

    def environment(self) -> dict[str, str]:
        env = {
            **os.environ,
            **self.fake.environment(),
            "BAZAAR_DATABASE": self.url,
            "BAZAAR_LOG_LEVEL": "WARNING",
            **{f"BAZAAR_{k.upper()}": v for k, v in self.settings.items()},
        }
        if self.shard is not None:
            env["BAZAAR_SHARD_COUNT"] = str(self.shard_count)
            env["BAZAAR_SHARD_IDS"] = str(self.shard)
        env.pop("BAZAAR_TOKEN", None)
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed bot starts from compiled bytecode (pip compiles it)
        return env

    async def start(self) -> float:
        """Start the process and wait until its gateway session is ready; seconds from spawn to ready."""
        before = {id(s) for s in self.fake.sessions}
        self.started_at = time.perf_counter()
        log = open(self.log_path, "ab") if self.log_path else asyncio.subprocess.DEVNULL  # noqa: SIM115
        command = ["-m", "bench.profiled", f"{self.profile}.{self.shard or 0}"] if self.profile else ["-m", "bot"]
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, *command, "run", env=self.environment(), stdout=asyncio.subprocess.DEVNULL, stderr=log
        )
        wanted = 1 if self.shard is not None else self.fake.shard_count  # without shard ids it runs every shard
        async with asyncio.timeout(60):
            while sum(id(s) not in before and s.ready and s.connected for s in self.fake.sessions) < wanted:
                if self.process.returncode is not None:
                    raise RuntimeError(f"the bot process ended with {self.process.returncode}")
                await asyncio.sleep(0.01)
        return time.perf_counter() - self.started_at

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.terminate()
            try:
                await asyncio.wait_for(self.process.wait(), 15)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()

    def profiling(self, on: bool) -> None:
        """Start (``on``) or stop and write the bot's profile, when it runs under ``bench.profiled``."""
        if self.profile and self.process is not None and self.process.returncode is None:
            self.process.send_signal(signal.SIGUSR1 if on else signal.SIGUSR2)

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None
