"""REST routes for channels, messages, threads, DMs, users and guilds, with Discord's refusals.

Refusals a correct bot must handle: 403 Missing Permissions (thread in a channel that forbids them,
locking a thread without Manage Threads, editing someone else's message), 400 Thread is archived
(posting to an archived, locked thread), 403 Cannot send messages to this user (DMs closed).
Posting to an archived thread that is not locked unarchives it, as Discord does. A post with an enforced
nonce the same author used in that channel within the last minutes returns the earlier message (`nonces`).
History (`GET .../messages`) takes `limit` (1-100, default 50) and at most one of `around`, `before`,
`after`, newest first; without Read Message History it is empty, and fetching one message is 403.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from .errors import (
    CANNOT_DM,
    UNKNOWN_CHANNEL,
    UNKNOWN_GUILD,
    UNKNOWN_MEMBER,
    UNKNOWN_MESSAGE,
    UNKNOWN_USER,
    DiscordError,
    archived_thread,
    invalid_form,
    missing_permissions,
    unknown,
)
from .events import message_created, message_deleted, message_updated, thread_created, thread_updated
from .limits import thread_name_problems
from .messages import check_body, create_message, edit_message
from .nonces import earlier_message, nonce_problems, remember
from .payloads import (
    channel_payload,
    guild_payload,
    me_payload,
    member_payload,
    message_payload,
    role_payload,
    thread_member_payload,
    thread_payload,
    user_payload,
)
from .permissions import MANAGE_CHANNELS, MANAGE_MESSAGES, MANAGE_THREADS, READ_MESSAGE_HISTORY
from .permissions import has as has_permission
from .state import HAS_THREAD, Channel, ChannelType, Guild, Message, RequestProblem, World, iso_now
from .wire import json_response, no_content, read_body, snowflake

THREAD_CREATED = 18
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)
THREAD_ALREADY_CREATED = 160004
WRONG_CHANNEL_TYPE = 50024
EDIT_OTHERS_MESSAGE = 50005


class ChannelRoutes:
    """Handlers for /channels, /users and /guilds."""

    def __init__(self, world: World) -> None:
        self.world = world

    def routes(self) -> list[tuple[str, str, Any]]:
        return [
            ("GET", "/users/@me", self.get_me),
            ("POST", "/users/@me/channels", self.open_dm),
            ("GET", "/users/{user_id}", self.get_user),
            ("GET", "/channels/{channel_id}", self.get_channel),
            ("PATCH", "/channels/{channel_id}", self.edit_channel),
            ("GET", "/channels/{channel_id}/messages", self.history),
            ("POST", "/channels/{channel_id}/messages", self.post_message),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self.patch_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message),
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", self.thread_from_message),
            ("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", self.react),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", self.unreact),
            ("POST", "/channels/{channel_id}/threads", self.thread_without_message),
            ("GET", "/channels/{channel_id}/threads/archived/public", self.archived_threads),
            ("GET", "/channels/{channel_id}/thread-members", self.thread_members),
            ("GET", "/channels/{channel_id}/thread-members/{user_id}", self.thread_member),
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.join_thread),
            ("DELETE", "/channels/{channel_id}/thread-members/{user_id}", self.leave_thread),
            ("POST", "/channels/{channel_id}/typing", self.typing),
            ("GET", "/guilds/{guild_id}", self.get_guild),
            ("GET", "/guilds/{guild_id}/channels", self.guild_channels),
            ("GET", "/guilds/{guild_id}/roles", self.guild_roles),
            ("GET", "/guilds/{guild_id}/members", self.guild_members),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.guild_member),
            ("GET", "/guilds/{guild_id}/threads/active", self.active_threads),
        ]

    # -- lookups ------------------------------------------------------------------------------------

    def _channel(self, request: web.Request) -> Channel:
        channel = self.world.channel(snowflake(request, "channel_id"))
        if channel is None:
            raise unknown("Channel", UNKNOWN_CHANNEL, request.match_info["channel_id"])
        return channel

    def _message(self, request: web.Request, channel: Channel) -> Message:
        message = self.world.messages.get(snowflake(request, "message_id"))
        if message is None or message.channel_id != channel.id or message.ephemeral:
            raise unknown("Message", UNKNOWN_MESSAGE, request.match_info["message_id"])
        if message.deleted:
            # Someone deleted it (fake.delete_message): a correct bot expects that to happen.
            raise DiscordError(
                404,
                UNKNOWN_MESSAGE,
                "Unknown Message",
                detail=f"message {message.id} was deleted",
                expected=True,
            )
        return message

    def _guild(self, request: web.Request) -> Guild:
        guild = self.world.guilds.get(snowflake(request, "guild_id"))
        if guild is None:
            raise unknown("Guild", UNKNOWN_GUILD, request.match_info["guild_id"])
        return guild

    def _user_id(self, request: web.Request) -> int:
        raw = request.match_info["user_id"]
        return self.world.bot_user.id if raw == "@me" else snowflake(request, "user_id")

    def _bot_permissions(self, channel: Channel) -> int:
        guild = self.world.guild_of(channel)
        return self.world.member_permissions(guild, self.world.bot_user.id) if guild else self.world.bot_permissions

    # -- users and DMs ------------------------------------------------------------------------------

    async def get_me(self, request: web.Request) -> web.Response:
        return json_response(me_payload(self.world.bot_user))

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.world.user(snowflake(request, "user_id"))
        if user is None:
            raise unknown("User", UNKNOWN_USER, request.match_info["user_id"])
        return json_response(user_payload(user))

    async def open_dm(self, request: web.Request) -> web.Response:
        payload, _ = await read_body(request)
        user = self.world.user(int(payload.get("recipient_id") or 0))
        if user is None or user.bot:
            raise unknown("User", UNKNOWN_USER, f"recipient_id={payload.get('recipient_id')}")
        channel = self.world.dm_channel_for(user.id) or self._new_dm(user.id)
        return json_response(channel_payload(self.world, channel))

    def _new_dm(self, user_id: int) -> Channel:
        channel = Channel(
            id=self.world.snowflakes.next(), guild_id=None, name="", type=ChannelType.DM, recipient_id=user_id
        )
        self.world.channels[channel.id] = channel
        return channel

    # -- channels -----------------------------------------------------------------------------------

    async def get_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        return json_response(
            thread_payload(self.world, channel, for_user_id=self.world.bot_user.id)
            if channel.is_thread
            else channel_payload(self.world, channel)
        )

    async def edit_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        payload, _ = await read_body(request)
        if not channel.is_thread:
            if not has_permission(self._bot_permissions(channel), MANAGE_CHANNELS):
                raise missing_permissions(f"editing channel {channel.name!r} needs Manage Channels")
            channel.name = payload.get("name", channel.name)
            channel.topic = payload.get("topic", channel.topic)
            return json_response(channel_payload(self.world, channel))
        self._edit_thread(channel, payload)
        thread_updated(self.world, channel)
        return json_response(thread_payload(self.world, channel, for_user_id=self.world.bot_user.id))

    def _edit_thread(self, thread: Channel, payload: dict[str, Any]) -> None:
        if "name" in payload and thread_name_problems(payload["name"]):
            raise invalid_form(thread_name_problems(payload["name"]))
        manages = has_permission(self._bot_permissions(thread), MANAGE_THREADS)
        if "locked" in payload and bool(payload["locked"]) != thread.locked and not manages:
            raise missing_permissions(f"locking thread {thread.name!r} needs Manage Threads")
        if payload.get("archived") is False and thread.archived and thread.locked and not manages:
            raise missing_permissions(f"thread {thread.name!r} is locked; unarchiving needs Manage Threads")
        if "archived" in payload and bool(payload["archived"]) != thread.archived:
            thread.archived = bool(payload["archived"])
            thread.archive_timestamp = iso_now()
        thread.locked = bool(payload.get("locked", thread.locked))
        thread.name = payload.get("name", thread.name)
        thread.invitable = bool(payload.get("invitable", thread.invitable))
        thread.auto_archive_duration = int(payload.get("auto_archive_duration", thread.auto_archive_duration))

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return no_content()

    # -- messages -----------------------------------------------------------------------------------

    async def history(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        limit, anchor = _history_query(request)
        if not self._may_read_history(channel):
            return json_response([])
        found = self.world.channel_messages(channel.id)
        chosen = _history_page(found, limit, anchor)
        return json_response([message_payload(self.world, m) for m in sorted(chosen, key=lambda m: -m.id)])

    def _may_read_history(self, channel: Channel) -> bool:
        return has_permission(self._bot_permissions(channel), READ_MESSAGE_HISTORY)

    async def post_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        payload, files = await read_body(request)
        problems = nonce_problems(payload)
        if problems:
            raise invalid_form(problems)
        self._check_can_post(channel)
        check_body(payload, files)
        earlier = earlier_message(self.world, channel.id, self.world.bot_user.id, payload)
        if earlier is not None:
            return json_response(message_payload(self.world, earlier, with_nonce=True))
        message, problems = create_message(
            self.world, channel_id=channel.id, author_id=self.world.bot_user.id, payload=payload, files=files
        )
        remember(self.world, message, payload)
        self._after_post(request, channel, message, problems)
        return json_response(message_payload(self.world, message, with_nonce=True))

    def _check_can_post(self, channel: Channel) -> None:
        if channel.type == ChannelType.DM:
            recipient = self.world.users[channel.recipient_id or 0]
            if not recipient.dms_open:
                raise DiscordError(
                    403,
                    CANNOT_DM,
                    "Cannot send messages to this user",
                    detail=f"{recipient.name} does not accept DMs",
                    expected=True,
                )
        if channel.is_thread and channel.archived:
            if channel.locked:
                raise archived_thread(f"thread {channel.name!r} is archived and locked")
            channel.archived = False
            thread_updated(self.world, channel)

    def _after_post(self, request: web.Request, channel: Channel, message: Message, problems: list[str]) -> None:
        """Thread membership follows posting and mentions; broken image links are recorded as errors."""
        if channel.is_thread:
            for user_id in [message.author_id, *message.mentions]:
                if user_id not in channel.member_ids:
                    channel.member_ids.append(user_id)
        for problem in problems:
            self.world.record_error(RequestProblem(request.method, request.path, 200, problem))
        message_created(self.world, message)

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if not self._may_read_history(channel):
            raise missing_permissions(f"reading messages of channel {channel.id} needs Read Message History")
        return json_response(message_payload(self.world, self._message(request, channel)))

    async def patch_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        if message.author_id != self.world.bot_user.id:
            raise DiscordError(403, EDIT_OTHERS_MESSAGE, "Cannot edit a message authored by another user")
        payload, files = await read_body(request)
        check_body(payload, files, editing=True)
        for problem in edit_message(self.world, message, payload, files):
            self.world.record_error(RequestProblem(request.method, request.path, 200, problem))
        message_updated(self.world, message)
        return json_response(message_payload(self.world, message))

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        mine = message.author_id == self.world.bot_user.id
        if not mine and not has_permission(self._bot_permissions(channel), MANAGE_MESSAGES):
            raise missing_permissions("deleting another user's message needs Manage Messages")
        message.deleted = True
        message_deleted(self.world, message)
        return no_content()

    async def react(self, request: web.Request) -> web.Response:
        message = self._message(request, self._channel(request))
        message.reactions.append(request.match_info["emoji"])
        self.world.touch()
        return no_content()

    async def unreact(self, request: web.Request) -> web.Response:
        message = self._message(request, self._channel(request))
        emoji = request.match_info["emoji"]
        message.reactions = [r for r in message.reactions if r != emoji]
        self.world.touch()
        return no_content()

    # -- threads ------------------------------------------------------------------------------------

    def _check_threads_allowed(self, channel: Channel) -> None:
        if channel.type != ChannelType.TEXT:
            raise DiscordError(
                400,
                WRONG_CHANNEL_TYPE,
                "Cannot execute action on this channel type",
                detail=f"channel {channel.id} is type {channel.type}",
            )
        if not channel.threads_allowed:
            raise missing_permissions(f"threads are not allowed in #{channel.name}")

    async def thread_without_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        payload, _ = await read_body(request)
        self._check_threads_allowed(channel)
        kind = payload.get("type")
        if kind not in (ChannelType.PUBLIC_THREAD, ChannelType.PRIVATE_THREAD):
            raise invalid_form([f"type must be 11 or 12 in API v10, got {kind!r}"])
        thread = self._new_thread(channel, payload, thread_id=self.world.snowflakes.next(), kind=kind)
        thread_created(self.world, thread)
        if kind == ChannelType.PUBLIC_THREAD:
            self._announce_thread(channel, thread)
        return json_response(thread_payload(self.world, thread, for_user_id=self.world.bot_user.id), status=201)

    async def thread_from_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        payload, _ = await read_body(request)
        self._check_threads_allowed(channel)
        if message.thread_id is not None:
            raise DiscordError(400, THREAD_ALREADY_CREATED, "A thread has already been created for this message")
        thread = self._new_thread(channel, payload, thread_id=message.id, kind=ChannelType.PUBLIC_THREAD)
        message.thread_id = thread.id
        message.flags |= HAS_THREAD
        thread_created(self.world, thread)
        message_updated(self.world, message)
        return json_response(thread_payload(self.world, thread, for_user_id=self.world.bot_user.id), status=201)

    def _new_thread(self, parent: Channel, payload: dict[str, Any], *, thread_id: int, kind: int) -> Channel:
        name = payload.get("name") or ""
        duration = int(payload.get("auto_archive_duration") or 1440)
        problems = thread_name_problems(name)
        if duration not in ARCHIVE_DURATIONS:
            problems.append(f"auto_archive_duration {duration} is not one of {ARCHIVE_DURATIONS}")
        if problems:
            raise invalid_form(problems)
        thread = Channel(
            id=thread_id,
            guild_id=parent.guild_id,
            name=name,
            type=kind,
            parent_id=parent.id,
            owner_id=self.world.bot_user.id,
            auto_archive_duration=duration,
            invitable=bool(payload.get("invitable", True)),
            member_ids=[self.world.bot_user.id],
        )
        self.world.channels[thread.id] = thread
        return thread

    def _announce_thread(self, parent: Channel, thread: Channel) -> None:
        """The 'started a thread' system message Discord posts in the parent channel."""
        reference = {"channel_id": str(thread.id), "guild_id": str(parent.guild_id)}
        message, _ = create_message(
            self.world,
            channel_id=parent.id,
            author_id=self.world.bot_user.id,
            payload={"content": thread.name, "message_reference": reference},
            files=[],
            message_type=THREAD_CREATED,
        )
        message_created(self.world, message)

    async def archived_threads(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        threads = [t for t in self.world.threads_of(channel.id) if t.archived and t.type == ChannelType.PUBLIC_THREAD]
        payloads = [thread_payload(self.world, t) for t in reversed(threads)]
        return json_response({"threads": payloads, "members": [], "has_more": False})

    async def thread_members(self, request: web.Request) -> web.Response:
        thread = self._channel(request)
        return json_response([thread_member_payload(thread, user_id) for user_id in thread.member_ids])

    async def thread_member(self, request: web.Request) -> web.Response:
        thread = self._channel(request)
        user_id = self._user_id(request)
        if user_id not in thread.member_ids:
            raise unknown("Member", UNKNOWN_MEMBER, str(user_id))
        return json_response(thread_member_payload(thread, user_id))

    async def join_thread(self, request: web.Request) -> web.Response:
        thread = self._channel(request)
        user_id = self._user_id(request)
        guild = self.world.guild_of(thread)
        if not thread.is_thread or guild is None or user_id not in guild.members:
            raise unknown("Member", UNKNOWN_MEMBER, f"user {user_id} in channel {thread.id}")
        if thread.archived and thread.locked:
            raise archived_thread(f"thread {thread.name!r} is archived and locked")
        if user_id not in thread.member_ids:
            thread.member_ids.append(user_id)
        self.world.touch()
        return no_content()

    async def leave_thread(self, request: web.Request) -> web.Response:
        thread = self._channel(request)
        user_id = self._user_id(request)
        thread.member_ids = [member for member in thread.member_ids if member != user_id]
        self.world.touch()
        return no_content()

    # -- guilds -------------------------------------------------------------------------------------

    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        counts = {"approximate_member_count": len(guild.members), "approximate_presence_count": 0}
        return json_response({**guild_payload(guild), **counts})

    async def guild_channels(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        return json_response([channel_payload(self.world, self.world.channels[cid]) for cid in guild.channel_ids])

    async def guild_roles(self, request: web.Request) -> web.Response:
        return json_response([role_payload(role) for role in self._guild(request).roles])

    async def guild_members(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        limit = int(request.query.get("limit", 1))
        after = int(request.query.get("after", 0))
        members = sorted((m for m in guild.members.values() if m.user_id > after), key=lambda m: m.user_id)
        return json_response([member_payload(self.world, guild, m) for m in members[:limit]])

    async def guild_member(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        member = guild.members.get(snowflake(request, "user_id"))
        if member is None:
            raise unknown("Member", UNKNOWN_MEMBER, request.match_info["user_id"])
        return json_response(member_payload(self.world, guild, member))

    async def active_threads(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        threads = [t for cid in guild.channel_ids for t in self.world.threads_of(cid) if not t.archived]
        bot_id = self.world.bot_user.id
        members = [thread_member_payload(t, bot_id) for t in threads if bot_id in t.member_ids]
        payload = {"threads": [thread_payload(self.world, t) for t in threads], "members": members, "has_more": False}
        return json_response(payload)


def _history_query(request: web.Request) -> tuple[int, tuple[str, int] | None]:
    """`limit` and the one anchor (`around`, `before` or `after` and its id) of a history request."""
    raw_limit = request.query.get("limit", "50")
    problems = [] if raw_limit.isdigit() and 1 <= int(raw_limit) <= 100 else [f"limit {raw_limit!r} is not 1-100"]
    anchors = [(key, request.query[key]) for key in ("around", "before", "after") if key in request.query]
    if len(anchors) > 1:
        problems.append(f"around, before and after are mutually exclusive; got {[key for key, _ in anchors]}")
    problems += [f"{key} {value!r} is not a snowflake" for key, value in anchors if not value.isdigit()]
    if problems:
        raise invalid_form(problems)
    anchor = (anchors[0][0], int(anchors[0][1])) if anchors else None
    return int(raw_limit), anchor


def _history_page(messages: list[Message], limit: int, anchor: tuple[str, int] | None) -> list[Message]:
    """The `limit` messages next to the anchor (oldest first in, any order out)."""
    ordered = sorted(messages, key=lambda m: m.id)
    if anchor is None:
        return ordered[-limit:]
    key, pivot = anchor
    if key == "before":
        return [m for m in ordered if m.id < pivot][-limit:]
    if key == "after":
        return [m for m in ordered if m.id > pivot][:limit]
    older = [m for m in ordered if m.id < pivot][-(limit // 2) :] if limit > 1 else []
    return older + [m for m in ordered if m.id >= pivot][: limit - len(older)]
