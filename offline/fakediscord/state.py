"""The in-memory world of the fake Discord: users, guilds, channels, threads, messages and interactions.

Records are plain mutable objects shared by the server and the driver: a `Message` a test holds shows
later edits. Every change calls `World.touch()`, which wakes whoever waits in `World.wait_until`.

`World.now()` is Discord's clock (monotonic seconds): the 3-second answer window, the 15-minute
interaction token and the nonce window are measured on it, and `World.advance_clock` moves it forward
so tests can age interactions without sleeping.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import IntEnum
from typing import Any, Protocol, TypeVar

from .commands import CommandRegistry
from .permissions import BOT_DEFAULT, effective

DISCORD_EPOCH_MS = 1420070400000
WORKER_BITS = (1 << 22) - 1
EPHEMERAL = 1 << 6
LOADING = 1 << 7
HAS_THREAD = 1 << 5
TOKEN_LIFETIME = 15 * 60.0
# Discord checks an enforced nonce "in the past few minutes" (undocumented exactly): two minutes here.
NONCE_WINDOW = 120.0

WAIT = 30.0
"""How long the driver waits for the bot by default (an answer, followups, going idle): generous, so a loaded
machine (tests in parallel) makes a test slower, never failing; a bot that never answers still fails it."""

T = TypeVar("T")


def iso_now() -> str:
    """The current time as Discord writes timestamps."""
    return datetime.now(UTC).isoformat()


class SnowflakeFactory:
    """Makes increasing Discord ids (19 digits, time-ordered, as discord.py's mention regexes expect)."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        """A new id, greater than every id made before."""
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(candidate, self._last + 1)
        return self._last

    def next_in_shard(self, shard_id: int, shard_count: int) -> int:
        """A new id whose guild shard is `shard_id` of `shard_count`: `(id >> 22) % shard_count == shard_id`.

        The shard depends on the id's millisecond timestamp, so the id may lie a few milliseconds ahead.
        """
        if not 0 <= shard_id < shard_count:
            raise ValueError(f"shard {shard_id} is not one of {shard_count} shards")
        fresh = self.next()
        milliseconds = (fresh >> 22) + (1 if fresh & WORKER_BITS else 0)
        milliseconds += (shard_id - milliseconds) % shard_count
        self._last = milliseconds << 22
        return self._last


class ChannelType(IntEnum):
    """The channel types the fake knows."""

    TEXT = 0
    DM = 1
    CATEGORY = 4
    PUBLIC_THREAD = 11
    PRIVATE_THREAD = 12


@dataclass(eq=False)
class User:
    """A Discord account: a human player or the bot."""

    id: int
    name: str
    bot: bool = False
    dms_open: bool = True
    locale: str = "en-US"
    """The language of the user's Discord client, sent with each of their interactions (``locale``)."""

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass(eq=False)
class Role:
    """A guild role; the @everyone role has the guild's id."""

    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    bot_id: int | None = None


@dataclass(eq=False)
class Member:
    """A user's membership in one guild."""

    user_id: int
    role_ids: list[int]
    joined_at: str = field(default_factory=iso_now)
    nick: str | None = None


@dataclass(eq=False)
class Guild:
    """A server; `channel_ids` lists its text channels in creation order (threads are separate)."""

    id: int
    name: str
    owner_id: int
    roles: list[Role] = field(default_factory=list)
    members: dict[int, Member] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    locale: str = "en-US"
    """The server's preferred locale (a community server's choice), sent as ``guild_locale``."""

    def role(self, role_id: int) -> Role | None:
        return next((role for role in self.roles if role.id == role_id), None)


@dataclass(eq=False)
class Channel:
    """A text channel, a thread (type 11/12, with parent_id) or a DM channel (type 1, with recipient_id)."""

    id: int
    guild_id: int | None
    name: str
    type: int
    parent_id: int | None = None
    owner_id: int | None = None
    recipient_id: int | None = None
    threads_allowed: bool = True
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    archive_timestamp: str = field(default_factory=iso_now)
    created_timestamp: str = field(default_factory=iso_now)
    member_ids: list[int] = field(default_factory=list)
    message_count: int = 0
    total_message_sent: int = 0
    last_message_id: int | None = None
    position: int = 0
    topic: str | None = None

    @property
    def is_thread(self) -> bool:
        return self.type in (ChannelType.PUBLIC_THREAD, ChannelType.PRIVATE_THREAD)

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"


@dataclass(eq=False)
class Attachment:
    """A file uploaded with a message."""

    id: int
    filename: str
    data: bytes
    content_type: str
    width: int | None = None
    height: int | None = None
    description: str | None = None


@dataclass(eq=False)
class Message:
    """A message as Discord stores it, edits applied in place.

    `mentions` holds the ids of the users the message pings: `<@id>` in the content, kept only where
    `allowed_mentions` lets it through. `notified` the users Discord notified: those pinged when the message
    was created (or when a deferred response got its content); an edit notifies nobody, even one adding a
    mention. `created` is the creation order over the whole fake.
    """

    id: int
    channel_id: int
    author_id: int
    created: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    mentions: list[int] = field(default_factory=list)
    notified: list[int] = field(default_factory=list)
    allowed_mentions: dict[str, Any] | None = None
    flags: int = 0
    type: int = 0
    guild_id: int | None = None
    webhook_id: int | None = None
    interaction_id: int | None = None
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    edits: int = 0
    deleted: bool = False
    tts: bool = False
    nonce: str | int | None = None
    message_reference: dict[str, Any] | None = None
    thread_id: int | None = None
    reactions: list[str] = field(default_factory=list)

    @property
    def files(self) -> list[tuple[str, bytes]]:
        return [(attachment.filename, attachment.data) for attachment in self.attachments]

    @property
    def alt_texts(self) -> dict[str, str | None]:
        """Each attachment's description (its alt text, what a screen reader speaks), by filename."""
        return {attachment.filename: attachment.description for attachment in self.attachments}

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def button_ids(self) -> list[str]:
        """custom_ids of every button with one, wherever it is nested."""
        return [c["custom_id"] for c in walk_components(self.components) if c.get("type") == 2 and "custom_id" in c]

    def file(self, filename: str) -> bytes:
        """The bytes of the attached file with this name."""
        for attachment in self.attachments:
            if attachment.filename == filename:
                return attachment.data
        raise KeyError(f"no file {filename!r} on message {self.id}; files: {[a.filename for a in self.attachments]}")

    def __repr__(self) -> str:
        files = [attachment.filename for attachment in self.attachments]
        return (
            f"Message(id={self.id}, channel_id={self.channel_id}, author_id={self.author_id}, "
            f"content={self.content!r}, embeds={len(self.embeds)}, buttons={self.button_ids}, files={files}, "
            f"flags={self.flags})"
        )


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component in a message's component tree (rows, containers, sections, accessories)."""
    for component in components:
        yield component
        yield from walk_components(component.get("components", []))
        for key in ("accessory", "component"):
            if isinstance(component.get(key), dict):
                yield from walk_components([component[key]])


@dataclass
class RequestProblem:
    """A request the fake did not expect (or Discord would refuse), kept for a test to assert on."""

    method: str
    path: str
    status: int
    detail: str

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status}: {self.detail}"


class EventSink(Protocol):
    """Where the world sends gateway events (the connected bot sessions)."""

    def dispatch(self, event: str, data: dict[str, Any], intent: int) -> None: ...


class NoEvents:
    """An event sink for a world with no gateway."""

    def dispatch(self, event: str, data: dict[str, Any], intent: int) -> None:
        return None


HANDLER_TASK_PREFIXES = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch",
    "discord-ui-dynamic-item",
    "discord-ui-modal-dispatch",
    "discord.py: on_interaction",
    "discord.py: on_app_command",
)


def bot_handler_tasks() -> set[asyncio.Task[Any]]:
    """discord.py tasks still running an interaction handler in this event loop (in-process bots only)."""
    current = asyncio.current_task()
    return {
        task
        for task in asyncio.all_tasks()
        if task is not current and not task.done() and task.get_name().startswith(HANDLER_TASK_PREFIXES)
    }


@dataclass(eq=False)
class Interaction:
    """One interaction the driver sent, and everything the bot answered to it.

    `response` is the raw callback body, `message` the message the response created (type 4/5) or the
    clicked message it targets (type 6/7), `followups` the webhook messages, `choices` an autocomplete
    answer, `modal` a modal the bot opened. `dispatched_at`/`responded_at` are on Discord's clock
    (`World.now()`); `session_id` and `shard` say which gateway session received it; `window_closed` and
    `token_expired` are set when a test expired the 3-second window or the 15-minute token; `answer_lost`
    when an applied fault took the callback but lost Discord's answer to it.
    """

    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    guild_id: int | None
    payload: dict[str, Any]
    world: World = field(repr=False)
    dispatched_at: float = 0.0
    advanced_before: float = 0.0
    session_id: str | None = None
    shard: list[int] | None = None
    window_closed: bool = False
    token_expired: bool = False
    answer_lost: bool = False
    clicked_message: Message | None = None
    response: dict[str, Any] | None = None
    response_type: int | None = None
    responded_at: float | None = None
    message: Message | None = None
    followups: list[Message] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    refused_answers: list[str] = field(default_factory=list)
    handler_tasks_before: frozenset[asyncio.Task[Any]] = field(default_factory=frozenset, repr=False)

    @property
    def latency(self) -> float:
        """Seconds from dispatching the interaction to receiving the bot's callback."""
        if self.responded_at is None:
            raise AssertionError("the bot has not answered this interaction")
        return self.responded_at - self.dispatched_at

    @property
    def ephemeral(self) -> bool:
        if self.message is not None and self.response_type in (4, 5, 7):
            return self.message.ephemeral
        return bool(self.followups) and self.followups[0].ephemeral

    @property
    def content(self) -> str:
        """The text of the initial response, or of the first followup when the response had none."""
        if self.message is not None and self.response_type in (4, 5, 7) and self.message.content:
            return self.message.content
        if self.followups:
            return self.followups[0].content
        return self.message.content if self.message is not None and self.response_type == 6 else ""

    @property
    def files(self) -> list[tuple[str, bytes]]:
        """Files of the response message and of every followup."""
        messages = [self.message] if self.message is not None and self.response_type != 6 else []
        messages += [m for m in self.followups if m is not self.message]
        return [file for message in messages for file in message.files]

    @property
    def alt_texts(self) -> dict[str, str | None]:
        """The alt text of every file of the response message and of every followup, by filename."""
        messages = [self.message] if self.message is not None and self.response_type != 6 else []
        messages += [m for m in self.followups if m is not self.message]
        return {name: alt for message in messages for name, alt in message.alt_texts.items()}

    def describe(self) -> str:
        """What the bot did with this interaction so far, for assertion messages."""
        return (
            f"interaction {self.id} (type {self.type}): response={self.response}, "
            f"message={self.message!r}, followups={self.followups!r}"
        )

    def is_settled(self) -> bool:
        """Whether the bot answered, and a deferred 'thinking' answer has been replaced by content."""
        if self.response_type is None:
            return False
        return not (self.response_type == 5 and self.message is not None and self.message.loading)

    async def done(self, timeout: float = WAIT, *, handler: bool = True) -> Interaction:
        """Wait until the response, its followups and edits have settled.

        Settled means: answered, a deferred 'thinking' answer replaced, no request in flight and (when the
        bot runs in this event loop and `handler` is true) every discord.py handler task started since
        this interaction was sent has finished. A handler that awaits a view or a modal never finishes
        on its own: pass `handler=False` for those.
        """
        try:
            async with asyncio.timeout(timeout):
                await self.world.wait_until_forever(self.is_settled)
                if handler:
                    await wait_for_handlers(exclude=self.handler_tasks_before)
                await self.world.wait_until_forever(lambda: self.world.inflight == 0)
        except TimeoutError:
            running = [t.get_name() for t in bot_handler_tasks() - self.handler_tasks_before]
            raise AssertionError(
                f"interaction did not settle within {timeout}s: {self.describe()}; handler tasks still running: "
                f"{running} (a handler awaiting a view or modal needs done(handler=False))"
            ) from None
        return self


async def wait_for_handlers(exclude: frozenset[asyncio.Task[Any]] = frozenset()) -> None:
    """Wait until no discord.py interaction handler task (but those excluded) runs in this loop."""
    while tasks := bot_handler_tasks() - exclude:
        await asyncio.wait(tasks)


class World:
    """Everything the fake Discord knows, with lookups and change notification."""

    def __init__(self, *, token: str = "", clock: Callable[[], float] = time.monotonic) -> None:
        self.token = token
        self.clock = clock
        self.clock_advanced = 0.0
        self.snowflakes = SnowflakeFactory()
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.interactions: dict[str, Interaction] = {}
        self.errors: list[RequestProblem] = []
        self.refusals: list[RequestProblem] = []
        self.events: EventSink = NoEvents()
        self.inflight = 0
        self.response_deadline: float | None = 3.0
        self.token_lifetime = TOKEN_LIFETIME
        self.nonce_window = NONCE_WINDOW
        self.nonces: dict[tuple[int, int, str], tuple[Message, float]] = {}
        self.bot_permissions = BOT_DEFAULT
        self.bot_user = User(id=self.snowflakes.next(), name="Bazaar", bot=True)
        self.application_id = self.bot_user.id
        self.users[self.bot_user.id] = self.bot_user
        self.commands = CommandRegistry(self.snowflakes, self.application_id)
        self.request_log: list[str] = []
        self._creation_order = itertools.count(1)
        self._changed = asyncio.Event()
        self._in_channel: dict[int, list[Message]] = {}
        """Each channel's messages in the order they were made (``add_message``): a channel's list reads these,
        not every message of the world (a whole game makes thousands)."""
        self._interaction_ids: dict[int, Interaction] = {}

    def next_created(self) -> int:
        return next(self._creation_order)

    def add_message(self, message: Message) -> None:
        """Record a message made in its channel (every message the fake makes comes through here)."""
        self.messages[message.id] = message
        self._in_channel.setdefault(message.channel_id, []).append(message)

    def add_interaction(self, token: str, interaction: Interaction) -> None:
        """Record an interaction sent to the bot, by its token and by its id."""
        self.interactions[token] = interaction
        self._interaction_ids[interaction.id] = interaction

    def interaction_with_id(self, interaction_id: int | None) -> Interaction | None:
        """The interaction with this id, if the fake sent it."""
        return None if interaction_id is None else self._interaction_ids.get(interaction_id)

    def now(self) -> float:
        """Discord's clock: the injected clock (monotonic seconds) plus every `advance_clock`."""
        return self.clock() + self.clock_advanced

    def advance_clock(self, seconds: float) -> None:
        """Move Discord's clock forward: interactions, tokens and nonces age without anyone sleeping."""
        if seconds < 0:
            raise ValueError("Discord's clock only moves forward")
        self.clock_advanced += seconds
        self.touch()

    def touch(self) -> None:
        """Announce a change to everyone waiting in `wait_until`."""
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def wait_until(self, predicate: Callable[[], T], timeout: float, describe: Callable[[], str]) -> T:
        """Wait until `predicate()` is truthy and return it; on timeout raise AssertionError(describe())."""
        try:
            async with asyncio.timeout(timeout):
                return await self.wait_until_forever(predicate)
        except TimeoutError:
            raise AssertionError(describe()) from None

    async def wait_until_forever(self, predicate: Callable[[], T]) -> T:
        """Wait until `predicate()` is truthy and return it (the caller bounds the time)."""
        while not (result := predicate()):
            await self._changed.wait()
        return result

    def user(self, user_id: int) -> User | None:
        return self.users.get(user_id)

    def channel(self, channel_id: int) -> Channel | None:
        return self.channels.get(channel_id)

    def guild_of(self, channel: Channel) -> Guild | None:
        return self.guilds.get(channel.guild_id) if channel.guild_id is not None else None

    def member_permissions(self, guild: Guild, user_id: int) -> int:
        """Guild permissions of a member: @everyone, their roles, everything for the owner."""
        member = guild.members.get(user_id)
        role_ids = [guild.id, *(member.role_ids if member else [])]
        bits = [role.permissions for role in guild.roles if role.id in role_ids]
        return effective(bits, is_owner=guild.owner_id == user_id)

    def channel_messages(self, channel_id: int) -> list[Message]:
        """Visible messages of a channel in order: not ephemeral, not deleted."""
        found = [m for m in self._in_channel.get(channel_id, ()) if not m.ephemeral and not m.deleted]
        return sorted(found, key=lambda m: m.created)

    def threads_of(self, channel_id: int) -> list[Channel]:
        return [c for c in self.channels.values() if c.is_thread and c.parent_id == channel_id]

    def dm_channel_for(self, user_id: int) -> Channel | None:
        return next((c for c in self.channels.values() if c.type == ChannelType.DM and c.recipient_id == user_id), None)

    def record_error(self, problem: RequestProblem) -> None:
        self.errors.append(problem)
        self.touch()

    def record_refusal(self, problem: RequestProblem) -> None:
        self.refusals.append(problem)
        self.touch()
