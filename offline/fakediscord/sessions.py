"""Gateway sessions: what Discord keeps of one bot connection, so it survives a dropped websocket.

IDENTIFY creates a `GatewaySession`: its id, intents, shard, sequence numbers, and a buffer of every
dispatch it was sent. A session is attached to at most one `GatewayConnection` (a websocket) at a time.
When the connection drops, the session stays resumable: events meant for it are still numbered and kept,
and a RESUME (op 6) on a new connection replays those after the bot's last sequence number, then
RESUMED. A session ends (INVALID_SESSION, op 9 `d: false`, on a later RESUME) when the bot closes with
1000 or 1001, when the fake drops it with `resumable=False`, when it stayed unconnected too long
(`Gateway.resume_window`), or when its buffer no longer reaches back.

Discord's close codes for a bad handshake: 4003 not authenticated (an op before IDENTIFY), 4004 wrong
token, 4005 a second IDENTIFY, 4010 an invalid shard.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from aiohttp import WSMsgType, web

from .payloads import guild_create_payload, member_payload, ready_payload
from .state import Guild, World

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT, REQUEST_MEMBERS = 0, 1, 2, 6, 7, 8
INVALID_SESSION, HELLO, HEARTBEAT_ACK = 9, 10, 11
HEARTBEAT_INTERVAL_MS = 41250
GUILDS_INTENT = 1 << 0
GUILD_MEMBERS_INTENT = 1 << 1
MESSAGE_CONTENT_INTENT = 1 << 15
MESSAGE_EVENTS = ("MESSAGE_CREATE", "MESSAGE_UPDATE")
NOT_AUTHENTICATED, AUTHENTICATION_FAILED, ALREADY_AUTHENTICATED, INVALID_SHARD = 4003, 4004, 4005, 4010
SESSION_ENDING_CLOSES = (1000, 1001)
RESUME_BUFFER = 5000


@dataclass(frozen=True)
class Close:
    """Close the websocket once everything queued before has been written."""

    code: int
    reason: str


Outgoing = str | Callable[[], None] | Close | None


class Host(Protocol):
    """What sessions and connections need of the gateway that owns them."""

    world: World
    url: str

    @property
    def bot_id(self) -> int: ...

    def identify(self, connection: GatewayConnection, intents: int, shard: list[int] | None) -> GatewaySession: ...

    def resume(self, connection: GatewayConnection, session_id: str, sequence: int) -> bool: ...


class GatewaySession:
    """One identified bot session, attached to a connection or waiting for a RESUME."""

    def __init__(self, gateway: Host, intents: int, shard: list[int] | None) -> None:
        self.gateway = gateway
        self.session_id = secrets.token_hex(16)
        self.intents = intents
        self.shard = shard
        self.sequence = 0
        self.ready = False
        self.ended = False
        self.resumes = 0
        self.attached_order = 0
        self.dropped_at = 0.0
        self.connection: GatewayConnection | None = None
        self._sent: deque[tuple[int, str]] = deque(maxlen=RESUME_BUFFER)

    def __repr__(self) -> str:
        state = "ended" if self.ended else "connected" if self.connected else "resumable"
        return f"GatewaySession({self.session_id[:8]}, shard={self.shard}, {state}, seq={self.sequence})"

    @property
    def connected(self) -> bool:
        return self.connection is not None and not self.connection.ws.closed

    def wants(self, intent: int) -> bool:
        return not self.ended and (intent == 0 or self.intents & intent == intent)

    def covers(self, guild_id: int | None) -> bool:
        """Whether this session's shard receives this guild's events (DMs go to shard 0)."""
        if self.shard is None:
            return True
        shard_id, shard_count = self.shard
        return (guild_id >> 22) % shard_count == shard_id if guild_id is not None else shard_id == 0

    def send_dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Number and keep a dispatch; send it now if a connection is attached."""
        self.sequence += 1
        frame = json.dumps({"op": DISPATCH, "t": event, "s": self.sequence, "d": data})
        self._sent.append((self.sequence, frame))
        if self.connection is not None:
            self.connection.send(frame)

    def attach(self, connection: GatewayConnection, order: int) -> None:
        self.connection = connection
        self.attached_order = order
        connection.session = self

    def replay(self, connection: GatewayConnection, after: int) -> bool:
        """Send what came after sequence `after` on a new connection; False when the buffer misses some."""
        if after > self.sequence or (self._sent and self._sent[0][0] > after + 1):
            return False
        for sequence, frame in self._sent:
            if sequence > after:
                connection.send(frame)
        return True

    def start(self, guilds: list[Guild]) -> None:
        """READY with the guilds of this shard, then a GUILD_CREATE for each."""
        world = self.gateway.world
        ready = ready_payload(
            world, world.bot_user, world.application_id, guilds, self.session_id, self.gateway.url, self.shard
        )
        self.send_dispatch("READY", ready)
        for guild in guilds:
            self.send_guild_create(guild)
        if self.connection is not None:
            self.connection.call_when_sent(self._mark_ready)

    def send_guild_create(self, guild: Guild, *, joined: bool = False) -> None:
        """GUILD_CREATE for a guild of READY, or (`joined`) one the bot joined afterwards."""
        if self.wants(GUILDS_INTENT):
            world, all_members = self.gateway.world, self.wants(GUILD_MEMBERS_INTENT)
            data = guild_create_payload(world, guild, self.gateway.bot_id, all_members=all_members, joined=joined)
            self.send_dispatch("GUILD_CREATE", data)

    def visible(self, event: str, data: dict[str, Any]) -> dict[str, Any]:
        """What this session may see of an event: without MESSAGE_CONTENT, other users' guild messages
        arrive with empty content, embeds, attachments and components unless they mention the bot."""
        if event not in MESSAGE_EVENTS or self.wants(MESSAGE_CONTENT_INTENT) or "guild_id" not in data:
            return data
        bot_id = str(self.gateway.bot_id)
        if data["author"]["id"] == bot_id or any(user["id"] == bot_id for user in data.get("mentions", [])):
            return data
        return {**data, "content": "", "embeds": [], "attachments": [], "components": []}

    def send_member_chunk(self, data: dict[str, Any]) -> None:
        world = self.gateway.world
        guild = world.guilds.get(int(data.get("guild_id", 0)))
        if guild is None:
            return
        query = (data.get("query") or "").lower()
        wanted = {int(user_id) for user_id in data.get("user_ids") or []}
        members = [
            member_payload(world, guild, member)
            for member in guild.members.values()
            if (member.user_id in wanted if wanted else world.users[member.user_id].name.lower().startswith(query))
        ]
        chunk = {"guild_id": str(guild.id), "members": members, "chunk_index": 0, "chunk_count": 1, "not_found": []}
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        self.send_dispatch("GUILD_MEMBERS_CHUNK", chunk)

    def _mark_ready(self) -> None:
        self.ready = True
        self.gateway.world.touch()


class GatewayConnection:
    """One websocket: HELLO, heartbeat ACKs, and the ops a bot sends, written in order by one writer task."""

    def __init__(self, gateway: Host, ws: web.WebSocketResponse, request: web.Request, number: int) -> None:
        self.gateway = gateway
        self.ws = ws
        self.request = request
        self.number = number
        self.session: GatewaySession | None = None
        self.closed_by_fake: int | None = None
        self.resumable_after_close = True
        self._outgoing: asyncio.Queue[Outgoing] = asyncio.Queue()

    def send(self, frame: str) -> None:
        self._outgoing.put_nowait(frame)

    def send_op(self, op: int, data: Any = None) -> None:
        self.send(json.dumps({"op": op, "d": data}))

    def call_when_sent(self, action: Callable[[], None]) -> None:
        """Run `action` once everything queued before it has been written."""
        self._outgoing.put_nowait(action)

    async def run(self) -> None:
        """Serve this connection until the bot or the fake closes it."""
        writer = asyncio.create_task(self._write(), name=f"fakediscord-gateway-writer-{self.number}")
        self.send_op(HELLO, {"heartbeat_interval": HEARTBEAT_INTERVAL_MS, "_trace": ["fake"]})
        try:
            async for frame in self.ws:
                if frame.type == WSMsgType.TEXT:
                    self._receive(json.loads(frame.data))
                elif frame.type == WSMsgType.ERROR:
                    break
        finally:
            self._outgoing.put_nowait(None)
            with contextlib.suppress(Exception):
                await writer

    async def close(self, code: int | None, *, resumable: bool, message: bytes = b"") -> None:
        """Close from the fake's side: with a close frame, or (`code=None`) by cutting the TCP connection."""
        self.closed_by_fake = code if code is not None else 1006
        self.resumable_after_close = resumable
        if code is None:
            if self.request.transport is not None:
                self.request.transport.abort()
            return
        await self.ws.close(code=code, message=message)

    def ends_session(self) -> bool:
        """Whether the close that ended this connection also ended its session."""
        if self.closed_by_fake is not None:
            return not self.resumable_after_close
        return self.ws.close_code in SESSION_ENDING_CLOSES

    async def _write(self) -> None:
        while (item := await self._outgoing.get()) is not None:
            if isinstance(item, Close):
                await self.ws.close(code=item.code, message=item.reason.encode())
                return
            if callable(item):
                item()
            elif not self.ws.closed:
                with contextlib.suppress(ConnectionError):
                    await self.ws.send_str(item)

    def _receive(self, message: dict[str, Any]) -> None:
        op, data = message.get("op"), message.get("d")
        if op == HEARTBEAT:
            self.send_op(HEARTBEAT_ACK)
        elif op == IDENTIFY:
            self._identify(data or {})
        elif op == RESUME:
            self._resume(data or {})
        elif self.session is None:
            self._refuse(NOT_AUTHENTICATED, "Not authenticated.")
        elif op == REQUEST_MEMBERS:
            self.session.send_member_chunk(data or {})

    def _identify(self, data: dict[str, Any]) -> None:
        if self.session is not None:
            self._refuse(ALREADY_AUTHENTICATED, "Already authenticated.")
        elif data.get("token") != self.gateway.world.token:
            self._refuse(AUTHENTICATION_FAILED, "Authentication failed.")
        elif not _valid_shard(data.get("shard")):
            self._refuse(INVALID_SHARD, "Invalid shard.")
        else:
            self.gateway.identify(self, int(data.get("intents", 0) or 0), data.get("shard"))

    def _resume(self, data: dict[str, Any]) -> None:
        if data.get("token") != self.gateway.world.token:
            self._refuse(AUTHENTICATION_FAILED, "Authentication failed.")
        elif not self.gateway.resume(self, str(data.get("session_id")), int(data.get("seq") or 0)):
            self.send_op(INVALID_SESSION, False)

    def _refuse(self, code: int, reason: str) -> None:
        """Close with one of Discord's handshake codes, after what was already queued."""
        self.closed_by_fake = code
        self.resumable_after_close = False
        self._outgoing.put_nowait(Close(code, reason))


def _valid_shard(shard: Any) -> bool:
    if shard is None:
        return True
    if not isinstance(shard, list) or len(shard) != 2 or not all(isinstance(n, int) for n in shard):
        return False
    shard_id, shard_count = shard
    return shard_count >= 1 and 0 <= shard_id < shard_count
