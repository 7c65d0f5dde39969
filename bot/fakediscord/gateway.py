"""The gateway websocket: HELLO, heartbeat ACK, IDENTIFY -> READY + GUILD_CREATE, and event dispatch.

Every connected bot is a `GatewaySession` with its own sequence numbers and an outgoing queue, so
events reach it in the order the world produced them. `Gateway` is the world's event sink: it fans
events out to the sessions whose intents and shard want them, and picks the session that receives an
interaction (the newest one, as after a bot restart). RESUME is answered with "invalid session".
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType, web

from .payloads import guild_create_payload, member_payload, ready_payload
from .state import Guild, World

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, REQUEST_MEMBERS = 0, 1, 2, 6, 8
INVALID_SESSION, HELLO, HEARTBEAT_ACK = 9, 10, 11
HEARTBEAT_INTERVAL_MS = 41250
GUILDS_INTENT = 1 << 0
GUILD_MEMBERS_INTENT = 1 << 1
MESSAGE_CONTENT_INTENT = 1 << 15
MESSAGE_EVENTS = ("MESSAGE_CREATE", "MESSAGE_UPDATE")


class GatewaySession:
    """One bot connection."""

    def __init__(self, gateway: Gateway, ws: web.WebSocketResponse, number: int) -> None:
        self.gateway = gateway
        self.ws = ws
        self.number = number
        self.session_id = secrets.token_hex(16)
        self.sequence = 0
        self.intents = 0
        self.shard: list[int] | None = None
        self.identified = False
        self.ready = False
        self._outgoing: asyncio.Queue[str | Callable[[], None] | None] = asyncio.Queue()

    def wants(self, intent: int) -> bool:
        return self.identified and (intent == 0 or self.intents & intent == intent)

    def covers(self, guild_id: int | None) -> bool:
        """Whether this session's shard receives this guild's events (DMs go to shard 0)."""
        if self.shard is None:
            return True
        shard_id, shard_count = self.shard
        return (guild_id >> 22) % shard_count == shard_id if guild_id is not None else shard_id == 0

    def send_dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.sequence += 1
        self._send({"op": DISPATCH, "t": event, "s": self.sequence, "d": data})

    def _send(self, message: dict[str, Any]) -> None:
        self._outgoing.put_nowait(json.dumps(message))

    async def run(self) -> None:
        """Serve this connection until the bot or the fake closes it."""
        writer = asyncio.create_task(self._write(), name=f"fakediscord-gateway-writer-{self.number}")
        self._send({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS, "_trace": ["fake"]}})
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

    async def _write(self) -> None:
        while (item := await self._outgoing.get()) is not None:
            if callable(item):
                item()
            elif not self.ws.closed:
                await self.ws.send_str(item)

    def _receive(self, message: dict[str, Any]) -> None:
        op, data = message.get("op"), message.get("d")
        if op == HEARTBEAT:
            self._send({"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            self._identify(data or {})
        elif op == RESUME:
            self._send({"op": INVALID_SESSION, "d": False})
        elif op == REQUEST_MEMBERS:
            self._send_member_chunk(data or {})

    def _identify(self, data: dict[str, Any]) -> None:
        world = self.gateway.world
        self.intents = int(data.get("intents", 0) or 0)
        self.shard = data.get("shard")
        self.identified = True
        guilds = [guild for guild in world.guilds.values() if self.covers(guild.id)]
        self.send_dispatch("READY", self._ready_data(guilds))
        for guild in guilds:
            self.send_guild_create(guild)
        self._outgoing.put_nowait(self._mark_ready)

    def _ready_data(self, guilds: list[Guild]) -> dict[str, Any]:
        world = self.gateway.world
        return ready_payload(
            world, world.bot_user, world.application_id, guilds, self.session_id, self.gateway.url, self.shard
        )

    def send_guild_create(self, guild: Guild) -> None:
        if self.wants(GUILDS_INTENT):
            all_members = self.wants(GUILD_MEMBERS_INTENT)
            data = guild_create_payload(self.gateway.world, guild, self.gateway.bot_id, all_members=all_members)
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

    def _mark_ready(self) -> None:
        self.ready = True
        self.gateway.world.touch()

    def _send_member_chunk(self, data: dict[str, Any]) -> None:
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


class Gateway:
    """All bot connections; the world's event sink."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.url = ""
        self.sessions: list[GatewaySession] = []
        self._numbers = 0

    @property
    def bot_id(self) -> int:
        return self.world.bot_user.id

    def dispatch(self, event: str, data: dict[str, Any], intent: int) -> None:
        guild_id = int(data["guild_id"]) if data.get("guild_id") else None
        for session in self.sessions:
            if session.wants(intent) and session.covers(guild_id):
                session.send_dispatch(event, session.visible(event, data))

    def guild_created(self, guild: Guild) -> None:
        """Tell connected bots about a guild they joined after READY."""
        for session in self.sessions:
            if session.identified and session.covers(guild.id):
                session.send_guild_create(guild)

    def receiver(self, guild_id: int | None) -> GatewaySession | None:
        """The session an interaction goes to: the newest ready one that covers the guild."""
        ready = [s for s in self.sessions if s.ready and not s.ws.closed and s.covers(guild_id)]
        return ready[-1] if ready else None

    def newest_ready(self) -> GatewaySession | None:
        ready = [s for s in self.sessions if s.ready and not s.ws.closed]
        return ready[-1] if ready else None

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """aiohttp handler of the websocket endpoint."""
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self._numbers += 1
        session = GatewaySession(self, ws, self._numbers)
        self.sessions.append(session)
        try:
            await session.run()
        finally:
            self.sessions.remove(session)
            self.world.touch()
        return ws

    async def close_all(self) -> None:
        for session in list(self.sessions):
            await session.ws.close(code=1001, message=b"fake discord stopping")
