"""Shards, several bots at once, dropped gateway connections and a bot in another process.

Plain discord.py clients (`Client` with `shard_id`/`shard_count`, `AutoShardedClient`) run against the
fake; raw websockets check the handshake refusals and the replay of missed events on RESUME. Run as a
script, this file is the child bot of the multi-process test (it reads the fake from the environment).
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from offline.fakediscord import Channel, FakeDiscord, Guild, User
from offline.fakediscord.remote import point_discord_py_from_environment
from offline.fakediscord.testing import run_bot, stop_bot

REPOSITORY = Path(__file__).resolve().parents[1]

# -- the sample bots --------------------------------------------------------------------------------


class Recorder:
    """What each test bot does: answer /whoami with its name and shard, record what reaches it."""

    def __init__(self, name: str, **options: Any) -> None:
        super().__init__(  # type: ignore[call-arg]
            intents=discord.Intents.default(), guild_ready_timeout=0.05, chunk_guilds_at_startup=False, **options
        )
        self.name = name
        self.tree = app_commands.CommandTree(self)  # type: ignore[arg-type]
        self.interaction_guilds: list[int | None] = []
        self.heard: list[str] = []
        self.joined: list[int] = []
        self.gateway_events: list[str] = []

        @self.tree.command(name="whoami", description="Say which bot and shard answer")
        async def whoami(interaction: discord.Interaction) -> None:
            shard = interaction.guild.shard_id if interaction.guild else 0
            await interaction.response.send_message(f"{self.name} shard {shard}")

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No pause: discord.py waits 5 s before a non-initial IDENTIFY (Discord's identify rate limit)."""

    async def on_socket_event_type(self, event_type: str) -> None:
        if event_type in ("READY", "RESUMED"):
            self.gateway_events.append(event_type)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.interaction_guilds.append(interaction.guild_id)

    async def on_message(self, message: discord.Message) -> None:
        if not message.author.bot:
            self.heard.append(message.content)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        self.joined.append(guild.id)


class PlainBot(Recorder, discord.Client):
    """A `discord.Client` (one shard, or the one given by `shard_id`/`shard_count`)."""


class ShardedBot(Recorder, discord.AutoShardedClient):
    """An `AutoShardedClient` (the recommended shards, or `shard_ids` of `shard_count`)."""


# -- fixtures ---------------------------------------------------------------------------------------


@dataclass
class Scene:
    fake: FakeDiscord
    zero: Guild  # on shard 0 of 2
    one: Guild  # on shard 1 of 2
    games: Channel  # in zero
    market: Channel  # in one
    ana: User


@pytest.fixture
async def world() -> AsyncIterator[Scene]:
    fake = FakeDiscord(shard_count=2)
    await fake.start()
    fake.point_discord_py()
    zero = fake.add_guild("Zero", shard=0)
    one = fake.add_guild("One", shard=1)
    games = fake.add_text_channel(zero, "games")
    market = fake.add_text_channel(one, "market")
    ana = fake.add_user("ana")
    fake.add_member(zero, ana)
    fake.add_member(one, ana)
    yield Scene(fake, zero, one, games, market, ana)
    fake.restore_discord_py()
    await fake.stop()


@pytest.fixture
async def running() -> AsyncIterator[list[tuple[discord.Client, asyncio.Task[None]]]]:
    """Bots a test started with `start`; stopped at teardown."""
    bots: list[tuple[discord.Client, asyncio.Task[None]]] = []
    yield bots
    for client, task in reversed(bots):
        await stop_bot(client, task)


async def start(world: Scene, running: list[Any], bot: discord.Client) -> Any:
    running.append((bot, await run_bot(world.fake, bot)))
    return bot


def mention(world: Scene) -> str:
    return world.fake.bot_user.mention


# -- sharding ---------------------------------------------------------------------------------------


async def test_gateway_bot_recommends_the_configured_shard_count(world: Scene) -> None:
    headers = {"Authorization": f"Bot {world.fake.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{world.fake.api_url}/gateway/bot", headers=headers) as response,
    ):
        body = await response.json()

    assert (body["shards"], body["url"]) == (2, world.fake.gateway_url)
    assert body["session_start_limit"]["max_concurrency"] == 1


async def test_guilds_can_be_placed_on_a_shard(world: Scene) -> None:
    placed = [world.fake.add_guild(f"g{n}", shard=n % 3, shard_count=3) for n in range(7)]

    assert [(guild.id >> 22) % 3 for guild in placed] == [n % 3 for n in range(7)]
    assert (world.fake.shard_of(world.zero), world.fake.shard_of(world.one)) == (0, 1)


async def test_an_auto_sharded_bot_runs_the_recommended_shards(world: Scene, running: list[Any]) -> None:
    bot = await start(world, running, ShardedBot("auto"))

    in_zero = await world.fake.slash(world.ana, world.games, "whoami")
    in_one = await world.fake.slash(world.ana, world.market, "whoami")

    assert bot.shard_count == 2
    assert sorted(session.shard for session in world.fake.sessions) == [[0, 2], [1, 2]]
    assert {guild.id for guild in bot.guilds} == {world.zero.id, world.one.id}
    assert (in_zero.content, in_zero.shard) == ("auto shard 0", [0, 2])
    assert (in_one.content, in_one.shard) == ("auto shard 1", [1, 2])


async def test_two_bots_each_see_and_answer_only_their_shards_guilds(world: Scene, running: list[Any]) -> None:
    zero_bot = await start(world, running, ShardedBot("first", shard_ids=[0], shard_count=2))
    one_bot = await start(world, running, PlainBot("second", shard_id=1, shard_count=2))

    in_zero = await world.fake.slash(world.ana, world.games, "whoami")
    in_one = await world.fake.slash(world.ana, world.market, "whoami")
    in_dm = await world.fake.slash(world.ana, world.fake.dm_channel(world.ana), "whoami")
    await world.fake.say(world.ana, world.market, f"{mention(world)} hello market")
    await world.fake.say(world.ana, world.games, f"{mention(world)} hello games")
    await world.fake.idle()
    await asyncio.sleep(0.05)

    assert [guild.id for guild in zero_bot.guilds] == [world.zero.id]
    assert [guild.id for guild in one_bot.guilds] == [world.one.id]
    assert (in_zero.content, in_one.content, in_dm.content) == ("first shard 0", "second shard 1", "first shard 0")
    assert zero_bot.interaction_guilds == [world.zero.id, None]  # DMs belong to shard 0
    assert one_bot.interaction_guilds == [world.one.id]
    assert (zero_bot.heard, one_bot.heard) == ([f"{mention(world)} hello games"], [f"{mention(world)} hello market"])


async def test_a_guild_joined_later_reaches_only_its_shard(world: Scene, running: list[Any]) -> None:
    zero_bot = await start(world, running, ShardedBot("first", shard_ids=[0], shard_count=2))
    one_bot = await start(world, running, ShardedBot("second", shard_ids=[1], shard_count=2))

    later = world.fake.add_guild("Later", shard=1)
    for _ in range(50):
        if one_bot.joined:
            break
        await asyncio.sleep(0.01)

    assert (zero_bot.joined, one_bot.joined) == ([], [later.id])


async def test_the_newest_session_of_a_shard_gets_its_interactions(world: Scene, running: list[Any]) -> None:
    world.fake.shard_count = 1
    older = await start(world, running, PlainBot("older"))
    newer = PlainBot("newer")
    newer_task = await run_bot(world.fake, newer)

    to_newer = await world.fake.slash(world.ana, world.games, "whoami")
    await stop_bot(newer, newer_task)
    back_to_older = await world.fake.slash(world.ana, world.games, "whoami")

    assert (to_newer.content, back_to_older.content) == ("newer shard 0", "older shard 0")
    assert older.interaction_guilds == [world.zero.id]


# -- gateway handshake ------------------------------------------------------------------------------


async def receive(ws: aiohttp.ClientWebSocketResponse) -> dict[str, Any]:
    message = await ws.receive(timeout=5)
    if message.type != aiohttp.WSMsgType.TEXT:
        return {"closed": ws.close_code}
    return json.loads(message.data)


async def identify(ws: aiohttp.ClientWebSocketResponse, token: str, **extra: Any) -> None:
    await ws.send_json({"op": 2, "d": {"token": token, "intents": 513, "properties": {}, **extra}})


@pytest.mark.parametrize(
    ("first", "then", "code"),
    [
        ({"op": 2, "d": {"token": "wrong", "intents": 1}}, None, 4004),
        ({"op": 2, "d": {"token": "TOKEN", "intents": 1, "shard": [2, 2]}}, None, 4010),
        ({"op": 8, "d": {"guild_id": "1"}}, None, 4003),
        ({"op": 2, "d": {"token": "TOKEN", "intents": 1}}, {"op": 2, "d": {"token": "TOKEN", "intents": 1}}, 4005),
    ],
)
async def test_a_bad_handshake_is_closed_with_discords_code(
    world: Scene, first: dict[str, Any], then: dict[str, Any] | None, code: int
) -> None:
    def with_token(message: dict[str, Any]) -> dict[str, Any]:
        return json.loads(json.dumps(message).replace("TOKEN", world.fake.token))

    async with aiohttp.ClientSession() as session, session.ws_connect(world.fake.gateway_url) as ws:
        await receive(ws)  # HELLO
        for message in [first] + ([then] if then else []):
            await ws.send_json(with_token(message))
        frames = [await receive(ws)]
        while "closed" not in frames[-1]:
            frames.append(await receive(ws))

    assert frames[-1] == {"closed": code}
    assert [frame.get("t") for frame in frames[:-1]] == (["READY", "GUILD_CREATE", "GUILD_CREATE"] if then else [])


async def test_resume_replays_what_the_bot_missed_then_resumed(world: Scene) -> None:
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(world.fake.gateway_url) as ws:
            await receive(ws)
            await identify(ws, world.fake.token, shard=[1, 2])
            ready, guild_create = await receive(ws), await receive(ws)
            await world.fake.wait_for_sessions(shard=1)
            await ws.close(code=4000)
        await world.fake.say(world.ana, world.market, f"{mention(world)} while you were away")
        [session_state] = world.fake.sessions
        async with session.ws_connect(world.fake.gateway_url) as ws:
            await receive(ws)
            resume = {"token": world.fake.token, "session_id": ready["d"]["session_id"], "seq": guild_create["s"]}
            await ws.send_json({"op": 6, "d": resume})
            replayed, resumed = await receive(ws), await receive(ws)

    assert (ready["d"]["shard"], guild_create["d"]["id"]) == ([1, 2], str(world.one.id))
    assert (replayed["t"], replayed["s"]) == ("MESSAGE_CREATE", 3)
    assert replayed["d"]["content"] == f"{mention(world)} while you were away"
    assert (resumed["t"], resumed["s"]) == ("RESUMED", 4)
    assert session_state.resumes == 1


@pytest.mark.parametrize("why", ["unknown session", "window passed", "closed with 1000"])
async def test_a_session_that_cannot_resume_gets_invalid_session(world: Scene, why: str) -> None:
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(world.fake.gateway_url) as ws:
            await receive(ws)
            await identify(ws, world.fake.token)
            ready = await receive(ws)
            await world.fake.wait_for_sessions()
            await ws.close(code=1000 if why == "closed with 1000" else 4000)
        if why == "window passed":
            world.fake.advance_clock(world.fake.gateway.resume_window + 1)
        session_id = "0" * 32 if why == "unknown session" else ready["d"]["session_id"]
        async with session.ws_connect(world.fake.gateway_url) as ws:
            await receive(ws)
            await ws.send_json({"op": 6, "d": {"token": world.fake.token, "session_id": session_id, "seq": 1}})
            answer = await receive(ws)

    assert answer == {"op": 9, "d": False}
    assert len(world.fake.sessions) == (1 if why == "unknown session" else 0)


# -- dropped connections with discord.py ------------------------------------------------------------


@pytest.mark.parametrize("kind", [PlainBot, ShardedBot])
@pytest.mark.parametrize("how", [1001, 4000, None, "op 7"])
async def test_the_bot_resumes_after_discord_drops_it(
    world: Scene, running: list[Any], kind: type[Recorder], how: int | str | None
) -> None:
    world.fake.shard_count = 1
    bot = await start(world, running, kind("bot"))  # type: ignore[arg-type]
    [session] = world.fake.sessions

    if how == "op 7":
        world.fake.ask_to_reconnect()
    else:
        await world.fake.drop_gateway(code=how if isinstance(how, int) else None)
    await world.fake.say(world.ana, world.games, f"{mention(world)} are you there?")
    it = await world.fake.slash(world.ana, world.games, "whoami")

    assert it.content == "bot shard 0"
    assert world.fake.sessions == [session]
    assert session.resumes == 1 and session.connected
    assert bot.heard == [f"{mention(world)} are you there?"]
    assert bot.gateway_events == ["READY", "RESUMED"]
    assert world.fake.errors == []


async def test_an_interaction_sent_while_the_connection_is_down_arrives_on_resume(
    world: Scene, running: list[Any]
) -> None:
    world.fake.shard_count = 1
    bot = await start(world, running, PlainBot("bot"))

    await world.fake.drop_gateway(code=None)
    asking = asyncio.ensure_future(world.fake.slash(world.ana, world.games, "whoami"))
    it = await asking

    assert it.content == "bot shard 0"
    assert bot.interaction_guilds == [world.zero.id]


@pytest.mark.parametrize("kind", [PlainBot, ShardedBot])
async def test_a_session_discord_ends_makes_the_bot_identify_again(
    world: Scene, running: list[Any], kind: type[Recorder]
) -> None:
    world.fake.shard_count = 1
    bot = await start(world, running, kind("bot"))  # type: ignore[arg-type]
    [old] = world.fake.sessions

    await world.fake.drop_gateway(code=4009, resumable=False)
    [new] = await world.fake.wait_for_sessions()
    it = await world.fake.slash(world.ana, world.games, "whoami")

    assert new is not old and new.session_id != old.session_id
    assert old.ended and world.fake.sessions == [new]
    assert bot.gateway_events == ["READY", "READY"]
    assert it.content == "bot shard 0"


# -- a bot in another process -----------------------------------------------------------------------


async def test_a_bot_in_another_process_owns_its_shard(world: Scene, running: list[Any]) -> None:
    await start(world, running, ShardedBot("here", shard_ids=[0], shard_count=2))
    environment = {**os.environ, **world.fake.environment(), "PYTHONPATH": str(REPOSITORY)}
    pipe = asyncio.subprocess.PIPE
    child = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "1", "2", env=environment, stdin=pipe, stderr=pipe, cwd=REPOSITORY
    )
    try:
        await world.fake.wait_for_sessions(2, timeout=30)
        there = await world.fake.slash(world.ana, world.market, "whoami")
        here = await world.fake.slash(world.ana, world.games, "whoami")
    finally:
        assert child.stdin is not None
        child.stdin.close()
        _, stderr = await asyncio.wait_for(child.communicate(), 30)

    assert child.returncode == 0, stderr.decode()
    assert there.content == f"child {child.pid} shard 1"
    assert here.content == "here shard 0"
    assert [session.shard for session in world.fake.sessions if session.connected] == [[0, 2]]
    assert world.fake.errors == []


def child_main(shard_id: int, shard_count: int) -> None:
    """The child bot: found through the environment, owns one shard, stops when stdin closes."""
    token = point_discord_py_from_environment()
    assert token is not None, "the parent did not pass FakeDiscord.environment()"
    bot = ShardedBot(f"child {os.getpid()}", shard_ids=[shard_id], shard_count=shard_count)

    async def main() -> None:
        loop = asyncio.get_running_loop()
        stdin_closed: asyncio.Future[None] = loop.create_future()

        def wait_for_eof() -> None:
            sys.stdin.read()
            loop.call_soon_threadsafe(stdin_closed.set_result, None)

        threading.Thread(target=wait_for_eof, daemon=True).start()
        async with bot:
            runner = asyncio.create_task(bot.start(token))
            await stdin_closed
            await bot.close()
            await runner

    asyncio.run(main())


if __name__ == "__main__":
    child_main(int(sys.argv[1]), int(sys.argv[2]))
