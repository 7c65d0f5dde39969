"""Faults, time and idempotency in the fake Discord, met by a small real discord.py bot.

Every fault is served to the unmodified discord.py HTTP layer, so its own handling runs: it sleeps out a
429 and retries, retries a 500 after a second, raises on a 503, sees a dropped connection as aiohttp's
`ServerDisconnectedError`. Raw aiohttp calls check the wire shapes (headers, bodies) and the nonce rules.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from offline.fakediscord import Channel, FakeDiscord, Guild, User, permissions
from offline.fakediscord.faults import (
    CALLBACK,
    FOLLOWUP,
    SEND_MESSAGE,
    START_THREAD,
    WEBHOOK_ROUTES,
    Call,
    Faults,
    route_matches,
)
from offline.fakediscord.testing import run_bot, stop_bot

# -- the sample bot ---------------------------------------------------------------------------------


class ClaimButton(discord.ui.DynamicItem[discord.ui.Button], template=r"claim:(?P<prize>[a-z]+)"):
    """A persistent button; the bot records which guild and message each click claims to come from."""

    def __init__(self, prize: str) -> None:
        super().__init__(discord.ui.Button(label=f"Claim {prize}", custom_id=f"claim:{prize}"))
        self.prize = prize

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> ClaimButton:
        return cls(match["prize"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, FaultBot) and interaction.message is not None
        bot.claims.append((interaction.guild_id, interaction.message.id, self.prize))
        await interaction.response.send_message(f"claimed {self.prize}", ephemeral=True)


class FaultBot(discord.Client):
    """Posts, replies, defers and follows up; records what each of its Discord calls ended in."""

    def __init__(self, **options: Any) -> None:
        super().__init__(
            intents=discord.Intents.default(), guild_ready_timeout=0.05, chunk_guilds_at_startup=False, **options
        )
        self.tree = app_commands.CommandTree(self)
        self.outcomes: list[str] = []
        self.claims: list[tuple[int | None, int, str]] = []
        self.gate = asyncio.Event()
        self.holding = asyncio.Event()
        self._add_commands()

    async def setup_hook(self) -> None:
        self.add_dynamic_items(ClaimButton)
        await self.tree.sync()

    async def post(self, channel: discord.abc.Messageable, text: str, **options: Any) -> discord.Message | None:
        """Send a message; record `sent` or the failure discord.py raised."""
        try:
            message = await channel.send(text, **options)
        except discord.RateLimited as error:
            self.outcomes.append(f"RateLimited {error.retry_after}")
        except discord.HTTPException as error:
            self.outcomes.append(f"{type(error).__name__} {error.status}")
        except aiohttp.ClientError as error:
            self.outcomes.append(type(error).__name__)
        else:
            self.outcomes.append("sent")
            return message
        return None

    async def hold(self) -> None:
        """Wait until the test opens the gate (to age an interaction while the bot is busy)."""
        self.holding.set()
        await self.gate.wait()

    def _add_commands(self) -> None:
        @self.tree.command(name="post", description="Post a text in this channel")
        async def post(interaction: discord.Interaction, text: str) -> None:
            await interaction.response.send_message("posting", ephemeral=True)
            assert isinstance(interaction.channel, discord.TextChannel)
            await self.post(interaction.channel, text)

        @self.tree.command(name="post_safely", description="Post, and post again with the same nonce if lost")
        async def post_safely(interaction: discord.Interaction, text: str) -> None:
            await interaction.response.send_message("posting", ephemeral=True)
            assert isinstance(interaction.channel, discord.TextChannel)
            nonce = str(interaction.id)
            if await self.post(interaction.channel, text, nonce=nonce) is None:
                await self.post(interaction.channel, text, nonce=nonce)

        @self.tree.command(name="reply", description="Reply at once")
        async def reply(interaction: discord.Interaction) -> None:
            try:
                await interaction.response.send_message("pong")
            except discord.HTTPException as error:
                self.outcomes.append(f"{type(error).__name__} {error.status} {error.code}")
            else:
                self.outcomes.append("replied")

        @self.tree.command(name="thread", description="Open a thread here")
        async def thread(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("opening", ephemeral=True)
            assert isinstance(interaction.channel, discord.TextChannel)
            try:
                await interaction.channel.create_thread(name="game", type=discord.ChannelType.public_thread)
            except discord.HTTPException as error:
                self.outcomes.append(f"{type(error).__name__} {error.status}")
            else:
                self.outcomes.append("opened")

        @self.tree.command(name="late_reply", description="Reply once the test lets go")
        async def late_reply(interaction: discord.Interaction) -> None:
            await self.hold()
            try:
                await interaction.response.send_message("pong")
            except discord.NotFound as error:
                self.outcomes.append(f"NotFound {error.code}")

        @self.tree.command(name="think", description="Defer, then follow up once the test lets go")
        async def think(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            await self.hold()
            try:
                await interaction.followup.send("thought")
            except discord.HTTPException as error:
                self.outcomes.append(f"{type(error).__name__} {error.status} {error.code}")
            else:
                self.outcomes.append("followed up")

        @self.tree.command(name="prize", description="Offer a prize")
        async def prize(interaction: discord.Interaction) -> None:
            view = discord.ui.View(timeout=None)
            view.add_item(ClaimButton("camel"))
            await interaction.response.send_message("a prize", view=view)

        @self.tree.command(name="menu", description="Offer a choice")
        async def menu(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("choose", view=PrizeMenu())


class PrizeMenu(discord.ui.View):
    """A one-off view with a string select; records the guild each choice claims to come from."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(custom_id="menu:prize", options=[discord.SelectOption(label=n, value=n) for n in ("tea", "rug")])
    async def choose(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        bot = interaction.client
        assert isinstance(bot, FaultBot) and interaction.message is not None
        bot.claims.append((interaction.guild_id, interaction.message.id, select.values[0]))
        await interaction.response.send_message(f"chose {select.values[0]}", ephemeral=True)


# -- fixtures ---------------------------------------------------------------------------------------


@dataclass
class Scene:
    fake: FakeDiscord
    guild: Guild
    games: Channel
    lobby: Channel
    ana: User


@pytest.fixture
async def scene() -> AsyncIterator[Scene]:
    fake = FakeDiscord()
    await fake.start()
    fake.point_discord_py()
    guild = fake.add_guild("Bazaar Test")
    games = fake.add_text_channel(guild, "games")
    lobby = fake.add_text_channel(guild, "lobby")
    ana = fake.add_member(guild, fake.add_user("ana"))
    yield Scene(fake, guild, games, lobby, ana)
    fake.restore_discord_py()
    await fake.stop()


async def started(scene: Scene, **options: Any) -> tuple[FaultBot, asyncio.Task[None]]:
    bot = FaultBot(**options)
    return bot, await run_bot(scene.fake, bot)


@pytest.fixture
async def bot(scene: Scene) -> AsyncIterator[FaultBot]:
    fault_bot, task = await started(scene)
    yield fault_bot
    await stop_bot(fault_bot, task)
    assert scene.fake.errors == []


async def post(scene: Scene, text: str, channel: Channel | None = None, command: str = "post") -> None:
    await scene.fake.slash(scene.ana, channel or scene.games, command, {"text": text})
    await scene.fake.idle()


def texts(scene: Scene, channel: Channel | None = None) -> list[str]:
    return [message.content for message in scene.fake.messages(channel or scene.games)]


def sends(scene: Scene) -> list[str]:
    """The outcome of every POST to a channel's messages, in order."""
    return [
        line.rsplit(" -> ", 1)[1]
        for line in scene.fake.world.request_log
        if line.startswith("POST") and line.split(" ")[1].endswith("/messages")
    ]


async def rest(scene: Scene, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any, Any]:
    """A raw call as the bot (status, JSON or text body, headers)."""
    headers = {"Authorization": f"Bot {scene.fake.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, scene.fake.api_url + path, json=body, headers=headers) as response,
    ):
        is_json = response.content_type == "application/json"
        return response.status, await (response.json() if is_json else response.text()), response.headers


# -- matching -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pattern", "method", "path", "expected"),
    [
        (SEND_MESSAGE, "POST", "/channels/12/messages", True),
        (SEND_MESSAGE, "PATCH", "/channels/12/messages", False),
        (SEND_MESSAGE, "POST", "/channels/12/messages/34", False),
        ("POST /channels/12/messages", "POST", "/channels/12/messages", True),
        ("POST /channels/13/messages", "POST", "/channels/12/messages", False),
        ("* /channels/*/messages", "GET", "/channels/12/messages", True),
        (WEBHOOK_ROUTES, "PATCH", "/webhooks/1/tok/messages/@original", True),
        (WEBHOOK_ROUTES, "POST", "/interactions/1/tok/callback", False),
        ("PATCH /webhooks/{app}/{token}/messages/@original", "PATCH", "/webhooks/1/t/messages/@original", True),
        ("/channels/{id}/threads", "POST", "/channels/12/threads", True),
    ],
)
def test_route_patterns(pattern: str, method: str, path: str, expected: bool) -> None:
    assert route_matches(pattern, method, path) is expected


def test_a_fault_fires_on_the_nth_matching_call_for_times_calls() -> None:
    faults = Faults(lambda: 0.0)
    fault = faults.server_error(SEND_MESSAGE, 503, nth=2, times=2)
    calls = [Call("POST", f"/channels/{n}/messages", channel_id=n) for n in range(5)]

    fired = []
    for call in calls:
        failure = faults.plan(call).failure
        if failure is not None:
            faults.record(failure, call, "503")
        fired.append(failure is fault)

    assert fired == [False, True, True, False, False]
    assert [served.call.channel_id for served in faults.served] == [1, 2]
    assert fault.spent


def test_faults_refuse_what_discord_never_does() -> None:
    faults = Faults(lambda: 0.0)

    with pytest.raises(ValueError, match="never applies"):
        faults.rate_limit(SEND_MESSAGE, applied=True)
    with pytest.raises(ValueError, match="5xx"):
        faults.server_error(SEND_MESSAGE, 404)
    with pytest.raises(ValueError, match="kind"):
        faults.add(SEND_MESSAGE, "flood")


# -- rate limits ------------------------------------------------------------------------------------


async def test_a_429_is_slept_out_and_retried_by_discord_py(scene: Scene, bot: FaultBot) -> None:
    fault = scene.fake.faults.rate_limit(SEND_MESSAGE, retry_after=0.05, channel=scene.games)

    await post(scene, "hello")

    assert bot.outcomes == ["sent"]
    assert texts(scene) == ["hello"]
    assert sends(scene) == ["429 (fault)", "200"]
    assert [served.outcome for served in scene.fake.faults.served] == ["429"]
    assert fault.spent


async def test_a_global_429_also_holds_the_bot_back(scene: Scene, bot: FaultBot) -> None:
    scene.fake.faults.rate_limit(SEND_MESSAGE, retry_after=0.05, is_global=True)

    await post(scene, "hello")

    assert (bot.outcomes, texts(scene), sends(scene)) == (["sent"], ["hello"], ["429 (fault)", "200"])


async def test_a_429_longer_than_the_bots_patience_raises_rate_limited(scene: Scene) -> None:
    bot, task = await started(scene, max_ratelimit_timeout=30)
    scene.fake.faults.rate_limit(SEND_MESSAGE, retry_after=60.5)
    try:
        await post(scene, "hello")
    finally:
        await stop_bot(bot, task)

    assert bot.outcomes == ["RateLimited 60.5"]
    assert texts(scene) == []


async def test_the_429_looks_like_discords(scene: Scene) -> None:
    scene.fake.faults.rate_limit(SEND_MESSAGE, retry_after=4.2)
    scene.fake.faults.rate_limit(SEND_MESSAGE, retry_after=0.5, is_global=True)

    status, body, headers = await rest(scene, "POST", f"/channels/{scene.games.id}/messages", {"content": "x"})
    _, global_body, global_headers = await rest(scene, "POST", f"/channels/{scene.games.id}/messages", {"content": "x"})

    assert status == 429
    assert body == {"message": "You are being rate limited.", "retry_after": 4.2, "global": False}
    assert headers["Content-Type"] == "application/json"
    assert (headers["Retry-After"], headers["X-RateLimit-Remaining"], headers["X-RateLimit-Scope"]) == (
        "5",
        "0",
        "user",
    )
    assert float(headers["X-RateLimit-Reset-After"]) == 4.2
    assert re.fullmatch(r"[0-9a-f]{32}", headers["X-RateLimit-Bucket"])
    assert headers["Via"]  # discord.py takes a 429 without Via for a Cloudflare ban
    assert global_body["global"] is True
    assert (global_headers["X-RateLimit-Global"], global_headers["X-RateLimit-Scope"]) == ("true", "global")
    assert texts(scene) == []


# -- server errors and dropped connections ----------------------------------------------------------


async def test_a_500_is_retried_by_discord_py(scene: Scene, bot: FaultBot) -> None:
    scene.fake.faults.server_error(SEND_MESSAGE, 500)

    await post(scene, "hello")

    assert (bot.outcomes, texts(scene), sends(scene)) == (["sent"], ["hello"], ["500 (fault)", "200"])


async def test_a_500_after_the_post_took_effect_does_not_double_it(scene: Scene, bot: FaultBot) -> None:
    scene.fake.faults.server_error(SEND_MESSAGE, 500, applied=True)

    await post(scene, "hello")

    # discord.py retried with the same nonce and enforce_nonce, so Discord returned the first message.
    assert (bot.outcomes, texts(scene), sends(scene)) == (["sent"], ["hello"], ["500 (fault)", "200"])


async def test_a_503_fails_the_call(scene: Scene, bot: FaultBot) -> None:
    scene.fake.faults.server_error(SEND_MESSAGE, 503)

    await post(scene, "hello")

    assert bot.outcomes == ["DiscordServerError 503"]
    assert texts(scene) == []


@pytest.mark.parametrize(
    ("status", "content_type", "text"), [(502, "text/html", "cloudflare"), (503, "text/plain", "upstream")]
)
async def test_gateway_errors_are_not_json(scene: Scene, status: int, content_type: str, text: str) -> None:
    scene.fake.faults.server_error(SEND_MESSAGE, status)

    got, body, headers = await rest(scene, "POST", f"/channels/{scene.games.id}/messages", {"content": "x"})

    assert (got, headers["Content-Type"].split(";")[0]) == (status, content_type)
    assert text in body


async def test_a_dropped_connection_reaches_the_bot_as_a_client_error(scene: Scene, bot: FaultBot) -> None:
    scene.fake.faults.drop(SEND_MESSAGE)

    await post(scene, "hello")

    assert bot.outcomes == ["ServerDisconnectedError"]
    assert texts(scene) == []
    assert [served.outcome for served in scene.fake.faults.served] == ["drop"]


async def test_a_post_whose_answer_was_lost_is_not_doubled_when_sent_again_with_its_nonce(
    scene: Scene, bot: FaultBot
) -> None:
    scene.fake.faults.drop(SEND_MESSAGE, applied=True)

    await post(scene, "hello", command="post_safely")

    assert bot.outcomes == ["ServerDisconnectedError", "sent"]
    assert texts(scene) == ["hello"]


async def test_faults_narrowed_by_channel_nth_call_and_predicate(scene: Scene, bot: FaultBot) -> None:
    faults = scene.fake.faults
    faults.server_error(SEND_MESSAGE, 503, nth=2, channel=scene.games)
    faults.server_error(lambda call: bool(call.body and call.body.get("content") == "boom"), 503)

    for text in ("one", "two", "three"):
        await post(scene, text)
    await post(scene, "elsewhere", channel=scene.lobby)
    await post(scene, "boom", channel=scene.lobby)

    assert texts(scene) == ["one", "three"]
    assert texts(scene, scene.lobby) == ["elsewhere"]
    assert bot.outcomes == ["sent", "DiscordServerError 503", "sent", "sent", "DiscordServerError 503"]
    assert [str(served) for served in faults.served] == [
        f"POST /channels/{scene.games.id}/messages -> 503",
        f"POST /channels/{scene.lobby.id}/messages -> 503",
    ]
    assert faults.pending == []


async def test_a_callback_whose_answer_was_lost_is_acknowledged_when_retried(scene: Scene, bot: FaultBot) -> None:
    scene.fake.faults.server_error(CALLBACK, 500, applied=True)

    it = await scene.fake.slash(scene.ana, scene.games, "reply")
    await scene.fake.idle()

    # discord.py's webhook adapter retried the callback; Discord had taken the first one.
    assert it.content == "pong"
    assert bot.outcomes == ["HTTPException 400 40060"]
    assert [problem.status for problem in scene.fake.refusals] == [400]


async def test_thread_routes_fail_too(scene: Scene, bot: FaultBot) -> None:
    scene.fake.faults.server_error(START_THREAD, 503, channel=scene.games)

    await scene.fake.slash(scene.ana, scene.games, "thread")
    await scene.fake.idle()
    await scene.fake.slash(scene.ana, scene.games, "thread")
    await scene.fake.idle()

    assert bot.outcomes == ["DiscordServerError 503", "opened"]
    assert [thread.name for thread in scene.fake.threads(scene.games)] == ["game"]


async def test_a_delay_makes_discord_slow(scene: Scene, bot: FaultBot) -> None:
    scene.fake.faults.delay(CALLBACK, 0.2)

    it = await scene.fake.slash(scene.ana, scene.games, "reply")

    assert it.content == "pong"
    assert it.latency >= 0.2


async def test_a_delay_after_the_effect_shows_the_message_before_the_bot_hears_back(
    scene: Scene, bot: FaultBot
) -> None:
    scene.fake.faults.delay(SEND_MESSAGE, 0.3, applied=True)

    await scene.fake.slash(scene.ana, scene.games, "post", {"text": "hello"})
    await scene.fake.wait_for_message(scene.games, lambda m: m.content == "hello")
    outcomes_when_visible = list(bot.outcomes)
    await scene.fake.idle()

    assert (outcomes_when_visible, bot.outcomes) == ([], ["sent"])


# -- the 3-second window and the 15-minute token ----------------------------------------------------


async def test_a_callback_that_arrives_too_late_is_an_unknown_interaction(scene: Scene, bot: FaultBot) -> None:
    scene.fake.faults.too_late(CALLBACK)

    with pytest.raises(AssertionError, match="10062 Unknown interaction"):
        await scene.fake.slash(scene.ana, scene.games, "reply")

    assert [problem.status for problem in scene.fake.refusals] == [404]
    assert [served.outcome for served in scene.fake.faults.served] == ["too late: the 3-second window closed"]


async def test_the_window_closes_on_discords_clock(scene: Scene, bot: FaultBot) -> None:
    answering = asyncio.ensure_future(scene.fake.slash(scene.ana, scene.games, "late_reply"))
    await asyncio.wait_for(bot.holding.wait(), 5)
    scene.fake.advance_clock(3.1)
    bot.gate.set()

    with pytest.raises(AssertionError, match="Unknown interaction"):
        await answering
    await scene.fake.idle()

    assert bot.outcomes == ["NotFound 10062"]
    assert [problem.status for problem in scene.fake.refusals] == [404]


async def test_an_interaction_expired_by_hand_refuses_its_callback(scene: Scene, bot: FaultBot) -> None:
    answering = asyncio.ensure_future(scene.fake.slash(scene.ana, scene.games, "late_reply"))
    await asyncio.wait_for(bot.holding.wait(), 5)
    [pending] = scene.fake.world.interactions.values()
    scene.fake.expire_interaction(pending)
    bot.gate.set()

    with pytest.raises(AssertionError, match="Unknown interaction"):
        await answering
    await scene.fake.idle()

    assert bot.outcomes == ["NotFound 10062"]


async def test_a_followup_after_15_minutes_gets_invalid_webhook_token(scene: Scene, bot: FaultBot) -> None:
    it = await scene.fake.slash(scene.ana, scene.games, "think")
    scene.fake.advance_clock(15 * 60 + 1)
    bot.gate.set()
    await scene.fake.idle()

    assert it.response_type == 5
    assert bot.outcomes == ["HTTPException 401 50027"]
    assert [problem.status for problem in scene.fake.refusals] == [401]


async def test_an_expired_token_and_a_too_late_followup_fail_alike(scene: Scene, bot: FaultBot) -> None:
    first = await scene.fake.slash(scene.ana, scene.games, "think")
    scene.fake.expire_token(first)
    bot.gate.set()
    await scene.fake.idle()
    bot.gate.clear()
    scene.fake.faults.too_late(FOLLOWUP)
    await scene.fake.slash(scene.ana, scene.games, "think")
    bot.gate.set()
    await scene.fake.idle()

    assert bot.outcomes == ["HTTPException 401 50027", "HTTPException 401 50027"]


async def test_within_the_window_the_answer_is_taken(scene: Scene, bot: FaultBot) -> None:
    it = await scene.fake.slash(scene.ana, scene.games, "think")
    scene.fake.advance_clock(14 * 60)
    bot.gate.set()
    await it.done()

    assert bot.outcomes == ["followed up"]
    assert it.content == "thought"


# -- nonces -----------------------------------------------------------------------------------------


async def send(scene: Scene, channel: Channel, body: dict[str, Any]) -> tuple[int, Any]:
    status, answer, _ = await rest(scene, "POST", f"/channels/{channel.id}/messages", body)
    return status, answer


async def test_an_enforced_nonce_returns_the_earlier_message(scene: Scene) -> None:
    body = {"content": "board", "nonce": "game-7-turn-3", "enforce_nonce": True}

    first = await send(scene, scene.games, body)
    again = await send(scene, scene.games, body)

    assert (first[0], again[0]) == (200, 200)
    assert again[1]["id"] == first[1]["id"]
    assert again[1]["nonce"] == "game-7-turn-3"
    assert texts(scene) == ["board"]


@pytest.mark.parametrize("change", ["not enforced", "other channel", "window passed"])
async def test_a_nonce_creates_a_new_message_otherwise(scene: Scene, change: str) -> None:
    body: dict[str, Any] = {"content": "board", "nonce": 42, "enforce_nonce": True}
    await send(scene, scene.games, body if change != "not enforced" else {**body, "enforce_nonce": False})
    channel = scene.lobby if change == "other channel" else scene.games
    if change == "window passed":
        scene.fake.advance_clock(scene.fake.nonce_window + 1)

    status, answer = await send(scene, channel, body)

    assert status == 200
    assert len(scene.fake.messages(scene.games)) + len(scene.fake.messages(scene.lobby)) == 2
    assert answer["channel_id"] == str(channel.id)


async def test_a_nonce_of_a_deleted_message_is_unknown(scene: Scene) -> None:
    body = {"content": "board", "nonce": "n1", "enforce_nonce": True}
    _, first = await send(scene, scene.games, body)
    scene.fake.delete_message(scene.fake.world.messages[int(first["id"])])

    status, answer = await send(scene, scene.games, body)

    assert (status, answer["code"]) == (404, 10008)


async def test_a_nonce_longer_than_25_characters_is_refused(scene: Scene) -> None:
    status, answer = await send(scene, scene.games, {"content": "x", "nonce": "n" * 26, "enforce_nonce": True})

    assert (status, answer["code"]) == (400, 50035)
    assert [problem.status for problem in scene.fake.errors] == [400]
    scene.fake.errors.clear()


async def test_the_nonce_is_echoed_on_creation_only(scene: Scene) -> None:
    _, created = await send(scene, scene.games, {"content": "x", "nonce": "n2", "enforce_nonce": True})

    _, fetched, _ = await rest(scene, "GET", f"/channels/{scene.games.id}/messages/{created['id']}")

    assert created["nonce"] == "n2"
    assert "nonce" not in fetched


# -- history ----------------------------------------------------------------------------------------


async def history(scene: Scene, query: str) -> tuple[int, Any]:
    status, answer, _ = await rest(scene, "GET", f"/channels/{scene.games.id}/messages?{query}")
    return status, answer


async def test_history_pages_newest_first(scene: Scene) -> None:
    said = [await scene.fake.say(scene.ana, scene.games, f"m{n}") for n in range(6)]
    ids = [message.id for message in said]

    def contents(answer: list[dict[str, Any]]) -> list[str]:
        return [message["content"] for message in answer]

    assert contents((await history(scene, "limit=2"))[1]) == ["m5", "m4"]
    assert contents((await history(scene, f"before={ids[3]}"))[1]) == ["m2", "m1", "m0"]
    assert contents((await history(scene, f"after={ids[1]}&limit=2"))[1]) == ["m3", "m2"]
    assert contents((await history(scene, f"around={ids[3]}&limit=3"))[1]) == ["m4", "m3", "m2"]


@pytest.mark.parametrize("query", ["limit=0", "limit=101", "limit=x", "before=1&after=2", "around=abc"])
async def test_history_refuses_bad_queries(scene: Scene, query: str) -> None:
    status, answer = await history(scene, query)

    assert (status, answer["code"]) == (400, 50035)
    scene.fake.errors.clear()


async def test_history_is_empty_without_read_message_history(scene: Scene) -> None:
    said = await scene.fake.say(scene.ana, scene.games, "secret plans")
    everyone = scene.guild.roles[0]
    everyone.permissions &= ~permissions.READ_MESSAGE_HISTORY
    scene.fake.set_bot_permissions(permissions.BOT_DEFAULT & ~permissions.READ_MESSAGE_HISTORY)

    listing = await history(scene, "limit=10")
    status, one, _ = await rest(scene, "GET", f"/channels/{scene.games.id}/messages/{said.id}")

    assert listing == (200, [])
    assert (status, one["code"]) == (403, 50013)


async def test_discord_py_reads_a_long_history_through_the_pages(scene: Scene, bot: FaultBot) -> None:
    for n in range(130):
        await scene.fake.say(scene.ana, scene.games, f"m{n}")
    channel = bot.get_channel(scene.games.id)
    assert isinstance(channel, discord.TextChannel)

    newest_first = [message.author.id async for message in channel.history(limit=None)]
    oldest_first = [message.id async for message in channel.history(limit=None, oldest_first=True)]

    assert len(newest_first) == 130
    assert oldest_first == [message.id for message in scene.fake.messages(scene.games)]
    fetched = await channel.fetch_message(oldest_first[0])
    assert fetched.id == oldest_first[0]


# -- forged components ------------------------------------------------------------------------------


async def test_a_forged_click_carries_a_message_of_another_guild(scene: Scene, bot: FaultBot) -> None:
    other = scene.fake.add_guild("Elsewhere")
    elsewhere = scene.fake.add_text_channel(other, "market")
    scene.fake.add_member(other, scene.ana)
    await scene.fake.slash(scene.ana, scene.games, "prize")
    [offer] = scene.fake.messages(scene.games)

    it = await scene.fake.forged_click(scene.ana, elsewhere, offer, "claim:camel")

    assert it.content == "claimed camel"
    assert bot.claims == [(other.id, offer.id, "camel")]
    assert (it.payload["guild_id"], it.payload["channel_id"]) == (str(other.id), str(elsewhere.id))
    assert it.payload["message"]["channel_id"] == str(scene.games.id)


async def test_a_forged_select_carries_a_message_of_another_guild(scene: Scene, bot: FaultBot) -> None:
    other = scene.fake.add_guild("Elsewhere")
    elsewhere = scene.fake.add_text_channel(other, "market")
    scene.fake.add_member(other, scene.ana)
    await scene.fake.slash(scene.ana, scene.games, "menu")
    [menu] = scene.fake.messages(scene.games)

    it = await scene.fake.forged_select(scene.ana, elsewhere, menu, "menu:prize", ["rug"])

    assert it.content == "chose rug"
    assert bot.claims == [(other.id, menu.id, "rug")]


async def test_a_forged_click_still_needs_what_a_client_needs(scene: Scene, bot: FaultBot) -> None:
    stranger_guild = scene.fake.add_guild("Strangers")
    stranger_channel = scene.fake.add_text_channel(stranger_guild, "hall")
    await scene.fake.slash(scene.ana, scene.games, "prize")
    [offer] = scene.fake.messages(scene.games)

    with pytest.raises(AssertionError, match="use click"):
        await scene.fake.forged_click(scene.ana, scene.games, offer, "claim:camel")
    with pytest.raises(AssertionError, match="not a member"):
        await scene.fake.forged_click(scene.ana, stranger_channel, offer, "claim:camel")
    with pytest.raises(AssertionError, match="has no component"):
        await scene.fake.forged_click(scene.ana, scene.lobby, offer, "claim:gold")
