"""A fake Discord on 127.0.0.1 that speaks Discord's protocol, to run the real bot with no network.

The unmodified discord.py bot logs in, opens the gateway websocket, registers its commands, receives
interactions and answers them over REST exactly as with Discord; the fake keeps what it receives so
tests can assert on what users would see. Humans can drive it too (local play). docs/fake-discord.md
is the guide; in short:

    fake = FakeDiscord(shard_count=1)            # also: bot_permissions=, clock=
    await fake.start(); fake.point_discord_py()  # or fake.environment() for a bot in another process
    it = await fake.slash(user, channel, "demo new", {"size": 3}); await fake.click(user, message, "id")

Faults and time (`faults`, `failures`, `nonces`):
    fake.faults.rate_limit(SEND_MESSAGE, retry_after=0.05, channel=games)   # 429 as Discord sends it
    fake.faults.server_error(FOLLOWUP, 502, nth=2)     # 500/502/503/504; `times=`, `guild=`, predicates
    fake.faults.drop(SEND_MESSAGE, applied=True)       # connection closed after the post took effect
    fake.faults.delay(CALLBACK, 0.5)                   # a slow Discord
    fake.faults.too_late(CALLBACK)                     # 404 Unknown interaction (10062); FOLLOWUP: 401 50027
    fake.faults.served                                 # every fault served
    fake.advance_clock(3.1); fake.expire_interaction(it); fake.expire_token(it)
    Posts with `nonce` + `enforce_nonce` (discord.py always sends both) return the earlier message.

Gateway (`gateway`, `sessions`): `GET /gateway/bot` recommends `shard_count`; each session gets the guilds
of its shard (`(guild_id >> 22) % count`, DMs on shard 0); `add_guild(name, shard=1)`; several bots at
once; interactions go to the newest connected session owning the guild. `drop_gateway(code=4000|1001|None,
resumable=True)` and `ask_to_reconnect()` make discord.py RESUME (missed events are replayed) or, with
`resumable=False`, IDENTIFY again; `sessions`, `wait_for_sessions(count, shard=)`.

Forged clients: `forged_click(user, channel, message, custom_id)` and `forged_select(...)` act in one
channel on a message that lives in another (another guild), which Discord's own client never sends.

Modules:
- `driver`: `FakeDiscord`, the async API tests use (build guilds/users/channels, slash commands,
  autocomplete, clicks, selects, modals, and reading messages, threads, DMs; faults, time, gateway).
- `testing`: `run_bot` / `stop_bot`, to start and stop a discord.py bot against the fake.
- `remote`: the environment contract (`FAKEDISCORD_API_URL`, `FAKEDISCORD_GATEWAY_URL`,
  `FAKEDISCORD_TOKEN`) and `point_discord_py_from_environment()` for a bot in a child process.
- `server`, `rest_channels`, `rest_interactions`, `wire`: the aiohttp REST API.
- `spec` (with `spec/openapi.json`, Discord's OpenAPI description): every request body and every JSON answer
  validated against the operation it matches; `ratelimits`: per-route buckets, `X-RateLimit-*`, real 429s.
- `gateway`, `sessions`: the gateway websocket, shard routing, sessions that survive a dropped connection.
- `faults`, `failures`: injected faults (which calls, how often) and how they look on the wire.
- `state`: the in-memory world (users, guilds, channels, threads, messages, interactions, Discord's clock).
- `payloads`: Discord JSON for those records; `commands`, `components`: interaction data built from the
  registered command schema or the clicked message, refusing what Discord never sends.
- `messages`, `nonces`, `limits`, `errors`, `events`, `permissions`: message bodies and files, enforced
  nonces, Discord's limits, its error answers, gateway events, permission bits.

Only aiohttp and the standard library are imported (discord.py only inside `FakeDiscord.point_discord_py`,
`remote` and `testing`); nothing here imports the rest of the project (`bot`, `offline`).
"""

from .driver import FakeDiscord
from .faults import Call, Fault, Faults, Served
from .sessions import GatewaySession
from .state import Channel, Guild, Interaction, Message, RequestProblem, User

__all__ = [
    "Call",
    "Channel",
    "FakeDiscord",
    "Fault",
    "Faults",
    "GatewaySession",
    "Guild",
    "Interaction",
    "Message",
    "RequestProblem",
    "Served",
    "User",
]
