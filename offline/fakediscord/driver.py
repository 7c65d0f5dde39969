"""`FakeDiscord`: the async API tests and local play use to build a world and act in it as users.

    fake = FakeDiscord()
    await fake.start(); fake.point_discord_py()
    guild = fake.add_guild("Bazaar Test", owner=fake.add_user("olga"))
    chan = fake.add_text_channel(guild, "games")
    ana = fake.add_user("ana"); fake.add_member(guild, ana)
    ... start the bot (see testing.run_bot) ...
    it = await fake.slash(ana, chan, "demo new", {"size": 3})
    await fake.click(ana, fake.messages(chan)[-1], "demo:vote:3")

Every interaction is built the way Discord builds it and refused (AssertionError) when Discord's client
could never send it; each call waits for the bot's callback and returns the `Interaction` record.

Faults and time: `fake.faults` injects failures into chosen REST calls (see `faults`);
`advance_clock`, `expire_interaction` and `expire_token` age interactions without sleeping.
Gateway: `shard_count` (what `GET /gateway/bot` recommends), `add_guild(shard=...)`, `sessions`,
`wait_for_sessions`, `drop_gateway` and `ask_to_reconnect`. Another process: `environment()` (see
`remote`). Forged clients: `forged_click` and `forged_select` act in one channel on a message of another.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from typing import Any

from .commands import CHANNEL, USER, Refused, Resolver, Visibility, base_names, build_command_data, check_visible
from .components import button_data, modal_submit_data, select_data
from .events import channel_created, member_added, message_created, message_deleted, role_updated, thread_updated
from .faults import Faults
from .gateway import Gateway
from .messages import pinged_users
from .payloads import interaction_base, interaction_channel_payload, member_payload, message_payload, user_payload
from .permissions import ALL, BOT_DEFAULT, EVERYONE_DEFAULT, MANAGE_GUILD
from .remote import environment as remote_environment
from .server import FakeServer
from .sessions import GatewaySession
from .state import (
    WAIT,
    Channel,
    ChannelType,
    Guild,
    Interaction,
    Member,
    Message,
    RequestProblem,
    Role,
    User,
    World,
    bot_handler_tasks,
    iso_now,
    wait_for_handlers,
)

APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
ChannelRef = Channel | int


class FakeDiscord:
    """An in-memory Discord served on 127.0.0.1, plus the driver to act in it as users."""

    def __init__(
        self,
        *,
        bot_permissions: int = BOT_DEFAULT,
        shard_count: int = 1,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.token = f"fake.{secrets.token_urlsafe(8)}.{secrets.token_urlsafe(27)}"
        self.world = World(token=self.token, clock=clock)
        self.world.bot_permissions = bot_permissions
        self.gateway = Gateway(self.world, shard_count)
        self.world.events = self.gateway
        self.faults = Faults(self.world.now)
        self.server = FakeServer(self.world, self.gateway, self.faults)
        self.rate_limits = self.server.rate_limits
        """Per-route buckets (`ratelimits`): `enabled`, `limits`, and the 429s served in `limited`."""
        self._saved_discord: tuple[Any, Any] | None = None

    # -- identity and records -----------------------------------------------------------------------

    @property
    def port(self) -> int:
        return self.server.port

    @property
    def api_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return self.gateway.url

    @property
    def bot_user(self) -> User:
        return self.world.bot_user

    @property
    def application_id(self) -> int:
        return self.world.application_id

    @property
    def errors(self) -> list[RequestProblem]:
        """Requests the fake did not expect: unknown routes, bodies Discord would refuse, late answers."""
        return self.world.errors

    @property
    def refusals(self) -> list[RequestProblem]:
        """Discord-like refusals a correct bot handles (missing permissions, archived thread, DMs closed)."""
        return self.world.refusals

    @property
    def response_deadline(self) -> float | None:
        """Seconds the bot has for its first answer to an interaction (3, as Discord; None: no limit)."""
        return self.world.response_deadline

    @response_deadline.setter
    def response_deadline(self, seconds: float | None) -> None:
        self.world.response_deadline = seconds

    @property
    def nonce_window(self) -> float:
        """Seconds an enforced nonce returns the message it created (Discord: "a few minutes")."""
        return self.world.nonce_window

    @nonce_window.setter
    def nonce_window(self, seconds: float) -> None:
        self.world.nonce_window = seconds

    @property
    def shard_count(self) -> int:
        """The shard count `GET /gateway/bot` recommends (bots may choose another)."""
        return self.gateway.shard_count

    @shard_count.setter
    def shard_count(self, count: int) -> None:
        if count < 1:
            raise ValueError("a bot runs at least one shard")
        self.gateway.shard_count = count

    @property
    def sessions(self) -> list[GatewaySession]:
        """Live gateway sessions (connected, or dropped and resumable), oldest first."""
        return self.gateway.live_sessions()

    def environment(self) -> dict[str, str]:
        """Environment variables that point a bot in another process here (see `remote`)."""
        return remote_environment(self.api_url, self.gateway_url, self.token)

    # -- lifecycle ----------------------------------------------------------------------------------

    async def start(self, port: int = 0) -> None:
        """Serve on 127.0.0.1 (a free port unless one is given); see `port`."""
        await self.server.start(port=port)

    async def stop(self) -> None:
        await self.server.stop()

    def point_discord_py(self) -> None:
        """Send discord.py's REST and gateway traffic here (process-global; undo with restore_discord_py)."""
        import discord.gateway
        import discord.http
        import yarl

        if not self.port:
            raise AssertionError("start the fake before pointing discord.py at it")
        if self._saved_discord is None:
            self._saved_discord = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        discord.http.Route.BASE = self.api_url
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway.url)

    def restore_discord_py(self) -> None:
        import discord.gateway
        import discord.http

        if self._saved_discord is not None:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved_discord
            self._saved_discord = None

    async def wait_for_sessions(
        self, count: int = 1, *, shard: int | None = None, timeout: float = 10
    ) -> list[GatewaySession]:
        """Wait until `count` sessions (of shard id `shard`, if given) are connected and ready; return them."""

        def ready() -> list[GatewaySession]:
            found = [s for s in self.gateway.connected_sessions(shard) if s.ready]
            return found if len(found) >= count else []

        return await self.world.wait_until(
            ready, timeout, lambda: f"fewer than {count} ready sessions within {timeout}s: {self.sessions}"
        )

    async def wait_for_ready(self, timeout: float = 10) -> None:
        """Wait until a bot has identified and received READY and every GUILD_CREATE."""
        await self.world.wait_until(
            self.gateway.newest_ready, timeout, lambda: f"no bot became ready within {timeout}s; {self._log_tail()}"
        )

    # -- building the world -------------------------------------------------------------------------

    def add_user(self, name: str, *, dms_open: bool = True, locale: str = "en-US") -> User:
        """A Discord account; ``locale`` is its client's language (``es-ES``, ``es-419``, ``en-US`` …)."""
        user = User(id=self.world.snowflakes.next(), name=name, dms_open=dms_open, locale=locale)
        self.world.users[user.id] = user
        return user

    def add_guild(
        self,
        name: str,
        owner: User | None = None,
        *,
        shard: int | None = None,
        shard_count: int | None = None,
        locale: str = "en-US",
    ) -> Guild:
        """A guild the bot has joined, with @everyone, a Moderator role (Manage Server) and the bot's role.

        `shard` picks an id that shard `shard` of `shard_count` (default: `self.shard_count`) owns.
        """
        owner = owner or self.add_user("owner")
        snowflakes = self.world.snowflakes
        count = shard_count or self.shard_count
        guild_id = snowflakes.next() if shard is None else snowflakes.next_in_shard(shard, count)
        roles = [
            Role(id=guild_id, name="@everyone", permissions=EVERYONE_DEFAULT),
            Role(id=self.world.snowflakes.next(), name="Moderator", permissions=MANAGE_GUILD, position=1),
            Role(
                id=self.world.snowflakes.next(),
                name=self.bot_user.name,
                permissions=self.world.bot_permissions,
                position=2,
                managed=True,
                bot_id=self.bot_user.id,
            ),
        ]
        guild = Guild(id=guild_id, name=name, owner_id=owner.id, roles=roles, locale=locale)
        guild.members[owner.id] = Member(user_id=owner.id, role_ids=[])
        guild.members[self.bot_user.id] = Member(user_id=self.bot_user.id, role_ids=[roles[2].id])
        self.world.guilds[guild.id] = guild
        self.gateway.guild_created(guild)
        self.world.touch()
        return guild

    def add_text_channel(
        self, guild: Guild, name: str, *, threads_allowed: bool = True, topic: str | None = None
    ) -> Channel:
        """A text channel; `threads_allowed=False` makes thread creation there fail with 403."""
        channel = Channel(
            id=self.world.snowflakes.next(),
            guild_id=guild.id,
            name=name,
            type=ChannelType.TEXT,
            threads_allowed=threads_allowed,
            topic=topic,
            position=len(guild.channel_ids),
        )
        self.world.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        channel_created(self.world, channel)
        return channel

    def add_member(self, guild: Guild, user: User, manage_guild: bool = False, *, nick: str | None = None) -> User:
        """Make a user a member; `manage_guild` gives them the Moderator role (Manage Server)."""
        role_ids = [guild.roles[1].id] if manage_guild else []
        guild.members[user.id] = Member(user_id=user.id, role_ids=role_ids, nick=nick)
        member_added(self.world, guild, user.id)
        return user

    def set_bot_permissions(self, granted: int) -> None:
        """Change what the bot's role grants in every guild (as an admin editing it would)."""
        self.world.bot_permissions = granted
        for guild in self.world.guilds.values():
            role = next(role for role in guild.roles if role.managed)
            role.permissions = granted
            role_updated(self.world, guild, role)

    def set_archived(self, thread: Channel, archived: bool = True, *, locked: bool | None = None) -> None:
        """Archive or unarchive a thread as a moderator would; archiving locks it unless `locked=False`.

        Posting to an archived, locked thread fails (400, code 50083); posting to an archived thread that
        is not locked unarchives it.
        """
        if not thread.is_thread:
            raise AssertionError(f"channel {thread.name!r} is not a thread")
        thread.archived = archived
        thread.locked = archived if locked is None else locked
        thread.archive_timestamp = iso_now()
        thread_updated(self.world, thread)

    def shard_of(self, guild: Guild, shard_count: int | None = None) -> int:
        """The shard id that owns a guild: `(guild_id >> 22) % shard_count`."""
        return (guild.id >> 22) % (shard_count or self.shard_count)

    # -- time, expiry and the gateway ---------------------------------------------------------------

    def advance_clock(self, seconds: float) -> None:
        """Move Discord's clock: 3.1 closes every open answer window, 900.1 kills every interaction token."""
        self.world.advance_clock(seconds)

    def expire_interaction(self, interaction: Interaction) -> None:
        """Close the 3-second window: a callback now gets 404 Unknown interaction (10062)."""
        interaction.window_closed = True
        self.world.touch()

    def expire_token(self, interaction: Interaction) -> None:
        """End the 15-minute token: followups and edits get 401 Invalid Webhook Token (50027)."""
        interaction.token_expired = True
        self.world.touch()

    async def drop_gateway(
        self, *, shard: int | None = None, code: int | None = 4000, resumable: bool = True
    ) -> list[GatewaySession]:
        """Close connected sessions (of shard id `shard`, if given) from Discord's side; return them.

        `code` is the close code (1001 and 4000 are what Discord sends when it restarts a gateway node),
        None cuts the TCP connection with no close frame. discord.py reconnects and RESUMEs; the events
        it missed are replayed. `resumable=False` ends the sessions: the RESUME gets INVALID_SESSION and
        discord.py IDENTIFYs again (after `before_identify_hook`, 5 s by default).
        """
        sessions = self.gateway.connected_sessions(shard)
        await self.gateway.drop(sessions, code, resumable=resumable)
        return sessions

    def ask_to_reconnect(self, *, shard: int | None = None) -> list[GatewaySession]:
        """Send op 7 RECONNECT to connected sessions (of shard id `shard`): they close and RESUME."""
        sessions = self.gateway.connected_sessions(shard)
        self.gateway.ask_to_reconnect(sessions)
        return sessions

    def delete_message(self, message: Message) -> None:
        """A moderator deletes a message: the bot gets MESSAGE_DELETE, and 404 Unknown Message afterwards."""
        message.deleted = True
        message_deleted(self.world, message)

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between the bot and this user (created if needed)."""
        found = self.world.dm_channel_for(user.id)
        if found is not None:
            return found
        channel = Channel(
            id=self.world.snowflakes.next(), guild_id=None, name="", type=ChannelType.DM, recipient_id=user.id
        )
        self.world.channels[channel.id] = channel
        return channel

    # -- reading the world --------------------------------------------------------------------------

    def channel(self, channel_id: int) -> Channel | None:
        return self.world.channel(channel_id)

    def messages(self, channel: ChannelRef) -> list[Message]:
        """Every non-ephemeral, undeleted message of a channel or thread, in order, edits applied."""
        return self.world.channel_messages(_channel_id(channel))

    def notifications(self, user: User) -> list[Message]:
        """The messages that notified `user` (pinged when created; edits notify nobody), oldest first."""
        found = [m for m in self.world.messages.values() if user.id in m.notified]
        return sorted(found, key=lambda m: m.created)

    def threads(self, channel: ChannelRef) -> list[Channel]:
        return self.world.threads_of(_channel_id(channel))

    def dms(self, user: User) -> list[Message]:
        """Messages in the bot's DM channel with this user."""
        channel = self.world.dm_channel_for(user.id)
        return self.world.channel_messages(channel.id) if channel else []

    def all_messages(self) -> list[Message]:
        """Every message in creation order, ephemeral and DM ones included (for local play transcripts)."""
        return sorted(self.world.messages.values(), key=lambda message: message.created)

    def registered_commands(self, guild: Guild | None = None) -> list[dict[str, Any]]:
        """The command schemas the bot registered (globally, or for one guild)."""
        return self.world.commands.list(guild.id if guild else None)

    async def wait_for_message(
        self,
        channel: ChannelRef,
        predicate: Callable[[Message], bool] | None = None,
        timeout: float = WAIT,
        *,
        after: Message | None = None,
    ) -> Message:
        """Wait until a visible message of the channel matches (newer than `after`); return the newest match."""
        channel_id = _channel_id(channel)

        def newest_match() -> Message | None:
            found = self.world.channel_messages(channel_id)
            found = [m for m in found if after is None or m.created > after.created]
            matches = [m for m in found if predicate is None or predicate(m)]
            return matches[-1] if matches else None

        return await self.world.wait_until(
            newest_match,
            timeout,
            lambda: (
                f"no matching message in channel {channel_id} within {timeout}s; "
                f"messages: {self.world.channel_messages(channel_id)!r}"
            ),
        )

    async def idle(self, timeout: float = WAIT) -> None:
        """Wait until no interaction handler runs in this loop and no request is in flight."""
        try:
            async with asyncio.timeout(timeout):
                await wait_for_handlers()
                await self.world.wait_until_forever(lambda: self.world.inflight == 0)
        except TimeoutError:
            raise AssertionError(f"the bot did not go idle within {timeout}s; {self._log_tail()}") from None

    # -- acting as users ----------------------------------------------------------------------------

    async def slash(
        self, user: User, channel: Channel, path: str, options: dict[str, Any] | None = None, *, timeout: float = WAIT
    ) -> Interaction:
        """Run `/path` ("group sub" words) with options by name; wait for the bot's callback."""
        data = self._command_data(user, channel, path, options or {}, focused=None)
        return await self._dispatch(user, channel, APPLICATION_COMMAND, data, timeout=timeout)

    async def autocomplete(
        self, user: User, channel: Channel, path: str, options: dict[str, Any], focused: str, *, timeout: float = WAIT
    ) -> list[dict[str, Any]]:
        """Type into option `focused` of `/path`; return the bot's choices ([{"name", "value"}])."""
        data = self._command_data(user, channel, path, options, focused=focused)
        interaction = await self._dispatch(user, channel, AUTOCOMPLETE, data, timeout=timeout)
        return interaction.choices or []

    async def click(self, user: User, message: Message, custom_id: str, *, timeout: float = WAIT) -> Interaction:
        """Click the button `custom_id` on a recorded message; wait for the bot's callback."""
        channel = self._clickable_channel(user, message)
        data = button_data(message, custom_id)
        return await self._dispatch(user, channel, MESSAGE_COMPONENT, data, clicked=message, timeout=timeout)

    async def select(
        self, user: User, message: Message, custom_id: str, values: list[Any], *, timeout: float = WAIT
    ) -> Interaction:
        """Choose `values` in the select menu `custom_id` (strings; users/channels for those menus)."""
        channel = self._clickable_channel(user, message)
        data = select_data(message, custom_id, values, self._resolver(user, channel))
        return await self._dispatch(user, channel, MESSAGE_COMPONENT, data, clicked=message, timeout=timeout)

    async def submit_modal(
        self, user: User, opened_by: Interaction, answers: dict[str, Any], *, timeout: float = WAIT
    ) -> Interaction:
        """Fill in and submit the modal the bot opened in answer to `opened_by`."""
        if opened_by.modal is None:
            raise Refused(f"the bot opened no modal for interaction {opened_by.id}")
        if user.id != opened_by.user_id:
            raise Refused("only the user the modal was shown to can submit it")
        channel = self.world.channels[opened_by.channel_id]
        data = modal_submit_data(opened_by.modal, answers)
        clicked = opened_by.clicked_message
        return await self._dispatch(user, channel, MODAL_SUBMIT, data, clicked=clicked, timeout=timeout)

    async def forged_click(
        self, user: User, channel: Channel, message: Message, custom_id: str, *, timeout: float = WAIT
    ) -> Interaction:
        """What a forged client can send: a click in `channel` on a button of `message`, which lives elsewhere.

        The interaction's guild, channel and member are those of `channel` (where `user` must be); the
        `message` it carries belongs to another channel, usually of another guild. Discord's own client
        never sends this; a bot must check the message is one of the interaction's guild.
        """
        self._check_forgery(user, channel, message)
        data = button_data(message, custom_id)
        return await self._dispatch(user, channel, MESSAGE_COMPONENT, data, clicked=message, timeout=timeout)

    async def forged_select(
        self,
        user: User,
        channel: Channel,
        message: Message,
        custom_id: str,
        values: list[Any],
        *,
        timeout: float = WAIT,
    ) -> Interaction:
        """Like `forged_click`, choosing `values` in a select menu of a message that lives elsewhere."""
        self._check_forgery(user, channel, message)
        data = select_data(message, custom_id, values, self._resolver(user, channel))
        return await self._dispatch(user, channel, MESSAGE_COMPONENT, data, clicked=message, timeout=timeout)

    async def say(self, user: User, channel: Channel, content: str) -> Message:
        """A user posts a plain message (MESSAGE_CREATE reaches bots with the message intents)."""
        self._check_member(user, channel)
        message = Message(
            id=self.world.snowflakes.next(),
            channel_id=channel.id,
            author_id=user.id,
            created=self.world.next_created(),
            content=content,
            guild_id=channel.guild_id,
            mentions=pinged_users(self.world, content, None),
        )
        self.world.add_message(message)
        channel.last_message_id = message.id
        message_created(self.world, message)
        return message

    # -- internals ----------------------------------------------------------------------------------

    def _command_data(
        self, user: User, channel: Channel, path: str, options: dict[str, Any], focused: str | None
    ) -> dict[str, Any]:
        self._check_member(user, channel)
        name, *rest = path.strip().lstrip("/").split()
        command = self.world.commands.find_chat_input(channel.guild_id, name, user.locale)
        if command is None:
            registered = self.world.commands.names(channel.guild_id)
            raise Refused(f"no command /{name} is registered; registered: {registered}")
        guild = self.world.guild_of(channel)
        granted = self.world.member_permissions(guild, user.id) if guild else ALL
        check_visible(command, Visibility(permissions=granted, in_dm=guild is None))
        rest, options = base_names(command, rest, options, user.locale)
        if focused is not None:
            focused = next(iter(base_names(command, rest, {focused: None}, user.locale)[1]))
        return build_command_data(command, rest, options, self._resolver(user, channel), focused=focused)

    def _check_member(self, user: User, channel: Channel) -> None:
        guild = self.world.guild_of(channel)
        if guild is not None and user.id not in guild.members:
            raise Refused(f"{user.name} is not a member of guild {guild.name!r}")
        if channel.type == ChannelType.DM and channel.recipient_id != user.id:
            raise Refused(f"{user.name} is not in DM channel {channel.id}")

    def _check_forgery(self, user: User, channel: Channel, message: Message) -> None:
        self._check_member(user, channel)
        if message.channel_id == channel.id:
            raise AssertionError(f"message {message.id} is in channel {channel.id}: use click or select")

    def _clickable_channel(self, user: User, message: Message) -> Channel:
        channel = self.world.channels[message.channel_id]
        self._check_member(user, channel)
        if message.ephemeral:
            owner = self.world.interaction_with_id(message.interaction_id)
            if owner is None or owner.user_id != user.id:
                raise Refused(f"ephemeral message {message.id} is only visible to the user it answered")
        return channel

    def _resolver(self, user: User, channel: Channel) -> Resolver:
        world = self.world
        guild = world.guild_of(channel)

        def resolve(kind: int, value: Any) -> tuple[str, dict[str, dict[str, Any]]]:
            if kind == USER:
                return _resolve_user(world, guild, value)
            if kind == CHANNEL:
                return _resolve_channel(world, guild, user, value)
            raise Refused(f"option type {kind} is not supported by the fake")

        return resolve

    async def _dispatch(
        self,
        user: User,
        channel: Channel,
        kind: int,
        data: dict[str, Any],
        *,
        clicked: Message | None = None,
        timeout: float,
    ) -> Interaction:
        session = self.gateway.receiver(channel.guild_id)
        if session is None:
            raise AssertionError(
                f"no bot session is ready for guild {channel.guild_id} (shard "
                f"{self.shard_of(self.world.guilds[channel.guild_id]) if channel.guild_id else 0}); "
                f"sessions: {self.sessions}"
            )
        interaction_id, token = self.world.snowflakes.next(), f"aW50ZXJhY3Rpb24{secrets.token_urlsafe(96)}"
        payload = interaction_base(
            self.world,
            interaction_id=interaction_id,
            token=token,
            type_=kind,
            application_id=self.application_id,
            user=user,
            channel=channel,
            data=data,
            bot_user_id=self.bot_user.id,
        )
        if clicked is not None:
            payload["message"] = message_payload(self.world, clicked)
        interaction = Interaction(
            id=interaction_id,
            token=token,
            type=kind,
            user_id=user.id,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            payload=payload,
            world=self.world,
            clicked_message=clicked,
            session_id=session.session_id,
            shard=session.shard,
        )
        self.world.add_interaction(token, interaction)
        log_start = len(self.world.request_log)
        interaction.handler_tasks_before = frozenset(bot_handler_tasks())
        interaction.dispatched_at = self.world.now()
        interaction.advanced_before = self.world.clock_advanced
        session.send_dispatch("INTERACTION_CREATE", payload)
        what = data.get("name") or data.get("custom_id")
        await self.world.wait_until(
            lambda: interaction.response_type is not None or interaction.refused_answers,
            timeout,
            lambda: (
                f"the bot did not answer interaction {what!r} within {timeout}s; it went to {session!r}; "
                f"requests received meanwhile: {self.world.request_log[log_start:]}; "
                f"errors: {[str(e) for e in self.world.errors]}"
            ),
        )
        if interaction.response_type is None:
            raise AssertionError(f"Discord refused the bot's answer to {what!r}: {interaction.refused_answers}")
        return interaction

    async def redeliver(self, interaction: Interaction, *, settle: float = 0.5) -> None:
        """Send an interaction's INTERACTION_CREATE to the bot once more, as Discord rarely but really does
        (the same id and token). Its second answer is refused as already acknowledged (40060), a refusal
        recorded like any other; this waits until the bot's handlers are done."""
        session = self.gateway.receiver(interaction.guild_id)
        if session is None:
            raise AssertionError("no bot session to redeliver to")
        before = frozenset(bot_handler_tasks())
        session.send_dispatch("INTERACTION_CREATE", interaction.payload)
        await asyncio.sleep(0.05)
        await asyncio.wait_for(wait_for_handlers(exclude=before), settle + WAIT)
        await self.idle()

    def _log_tail(self) -> str:
        return f"last requests: {self.world.request_log[-10:]}; errors: {[str(e) for e in self.world.errors]}"


def _channel_id(channel: ChannelRef) -> int:
    return channel if isinstance(channel, int) else channel.id


def _resolve_user(world: World, guild: Guild | None, value: Any) -> tuple[str, dict[str, dict[str, Any]]]:
    user = value if isinstance(value, User) else world.user(int(value))
    if user is None:
        raise Refused(f"no user {value!r}")
    entries: dict[str, dict[str, Any]] = {"users": {str(user.id): user_payload(user)}}
    if guild is not None and user.id in guild.members:
        member = member_payload(world, guild, guild.members[user.id], with_user=False, with_permissions=True)
        entries["members"] = {str(user.id): member}
    return str(user.id), entries


def _resolve_channel(
    world: World, guild: Guild | None, user: User, value: Any
) -> tuple[str, dict[str, dict[str, Any]]]:
    channel = value if isinstance(value, Channel) else world.channel(int(value))
    if channel is None or guild is None or channel.guild_id != guild.id:
        raise Refused(f"channel {value!r} is not in this guild")
    payload = interaction_channel_payload(world, channel, user.id)
    return str(channel.id), {"channels": {str(channel.id): payload}}
