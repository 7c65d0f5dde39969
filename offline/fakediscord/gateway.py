"""The gateway: websocket connections, the sessions behind them, and where each event goes.

`Gateway` is the world's event sink. It fans every event out to the sessions whose intents and shard
want it: a guild's events reach the sessions whose shard is `(guild_id >> 22) % shard_count`, DMs reach
shard 0, a session that sent no shard gets everything. Several bots (processes) may be connected at once,
each with its own shards. An interaction goes to one session: the newest connected one whose shard owns
the guild (the newest after a reconnect or restart); when none is connected, the newest resumable one,
which receives it on RESUME. `shard_count` is what `GET /gateway/bot` recommends.

The fake can drop connections (`drop`, close code 1001/4000, or a cut TCP connection) and ask bots to
reconnect (op 7); discord.py then RESUMEs, and missed events are replayed (see `sessions`). A session
left without a connection stays resumable for `resume_window` seconds of Discord's clock, then ends.
Note that discord.py 2.7's `Client.close()` races its own reader and closes with 4000, not 1000, so a
stopped bot's session lingers as resumable (as it does on Discord) until that window passes.
"""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web

from .sessions import RECONNECT, GatewayConnection, GatewaySession
from .state import Guild, World

# Discord does not document how long a dropped session stays resumable; a couple of minutes here.
RESUME_WINDOW = 120.0


class Gateway:
    """All bot connections and sessions; the world's event sink."""

    def __init__(self, world: World, shard_count: int = 1) -> None:
        self.world = world
        self.url = ""
        self.shard_count = shard_count
        self.resume_window = RESUME_WINDOW
        self.sessions: list[GatewaySession] = []
        self.connections: list[GatewayConnection] = []
        self._numbers = 0
        self._attachments = 0
        self._closing: set[asyncio.Task[None]] = set()

    @property
    def bot_id(self) -> int:
        return self.world.bot_user.id

    # -- events -------------------------------------------------------------------------------------

    def dispatch(self, event: str, data: dict[str, Any], intent: int) -> None:
        guild_id = int(data["guild_id"]) if data.get("guild_id") else None
        for session in self.live_sessions():
            if session.wants(intent) and session.covers(guild_id):
                session.send_dispatch(event, session.visible(event, data))

    def guild_created(self, guild: Guild) -> None:
        """Tell sessions about a guild the bot joined after READY."""
        for session in self.live_sessions():
            if session.covers(guild.id):
                session.send_guild_create(guild, joined=True)

    def receiver(self, guild_id: int | None) -> GatewaySession | None:
        """The session an interaction in this guild (None: a DM) goes to."""
        live = self.live_sessions()
        owners = sorted((s for s in live if s.ready and s.covers(guild_id)), key=lambda s: s.attached_order)
        connected = [s for s in owners if s.connected]
        return (connected or owners or [None])[-1]

    def newest_ready(self) -> GatewaySession | None:
        ready = sorted((s for s in self.sessions if s.ready and s.connected), key=lambda s: s.attached_order)
        return ready[-1] if ready else None

    # -- sessions -----------------------------------------------------------------------------------

    def live_sessions(self) -> list[GatewaySession]:
        """Sessions connected or still resumable; those dropped longer than `resume_window` ago end here."""
        now = self.world.now()
        for session in list(self.sessions):
            if session.connection is None and now - session.dropped_at > self.resume_window:
                self._end(session)
        return list(self.sessions)

    def identify(self, connection: GatewayConnection, intents: int, shard: list[int] | None) -> GatewaySession:
        session = GatewaySession(self, intents, shard)
        self.sessions.append(session)
        self._attach(session, connection)
        session.start([guild for guild in self.world.guilds.values() if session.covers(guild.id)])
        return session

    def resume(self, connection: GatewayConnection, session_id: str, sequence: int) -> bool:
        """Attach a resumable session to a new connection and replay what it missed; False if it cannot."""
        session = next((s for s in self.live_sessions() if s.session_id == session_id), None)
        if session is None:
            return False
        if not session.replay(connection, sequence):
            self._end(session)
            return False
        if session.connection is not None:
            self._kick(session.connection)
        self._attach(session, connection)
        session.resumes += 1
        session.send_dispatch("RESUMED", {"_trace": ['["fake-discord-gateway"]']})
        self.world.touch()
        return True

    def _attach(self, session: GatewaySession, connection: GatewayConnection) -> None:
        self._attachments += 1
        session.attach(connection, self._attachments)

    def _kick(self, connection: GatewayConnection) -> None:
        """Close an older connection of a session that resumed elsewhere."""
        task = asyncio.create_task(connection.close(4000, resumable=True), name="fakediscord-gateway-kick")
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    def _end(self, session: GatewaySession) -> None:
        session.ended = True
        session.connection = None
        if session in self.sessions:
            self.sessions.remove(session)
        self.world.touch()

    def _connection_closed(self, connection: GatewayConnection) -> None:
        self.connections.remove(connection)
        session = connection.session
        if session is not None and session.connection is connection:
            session.connection = None
            session.dropped_at = self.world.now()
            if connection.ends_session():
                self._end(session)
        self.world.touch()

    # -- connections --------------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """aiohttp handler of the websocket endpoint."""
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self._numbers += 1
        connection = GatewayConnection(self, ws, request, self._numbers)
        self.connections.append(connection)
        try:
            await connection.run()
        finally:
            self._connection_closed(connection)
        return ws

    def connected_sessions(self, shard_id: int | None = None) -> list[GatewaySession]:
        """Sessions with a live connection, of one shard id if given."""
        return [s for s in self.sessions if s.connected and (shard_id is None or (s.shard or [0, 1])[0] == shard_id)]

    async def drop(self, sessions: list[GatewaySession], code: int | None, *, resumable: bool) -> None:
        """Close these sessions' connections from Discord's side (`code=None`: cut the TCP connection)."""
        for session in sessions:
            connection = session.connection
            if not resumable:
                self._end(session)  # before closing, so a quick RESUME already finds it gone
            if connection is not None:
                await connection.close(code, resumable=resumable, message=b"fake discord dropped you")

    def ask_to_reconnect(self, sessions: list[GatewaySession]) -> None:
        """Send op 7 RECONNECT: the bot closes and RESUMEs on a new connection."""
        for session in sessions:
            if session.connection is not None:
                session.connection.send_op(RECONNECT)

    async def close_all(self) -> None:
        for connection in list(self.connections):
            await connection.close(1001, resumable=False, message=b"fake discord stopping")
        for session in list(self.sessions):
            self._end(session)
