"""Pointing a discord.py bot in another process at a running fake Discord, through the environment.

The parent (a test, a local-play session) starts the fake and passes `fake.environment()` to the child:

    FAKEDISCORD_API_URL      http://127.0.0.1:<port>/api/v10   REST, interaction callbacks, webhooks
    FAKEDISCORD_GATEWAY_URL  ws://127.0.0.1:<port>/gateway      the websocket (`GET /gateway/bot` names it too)
    FAKEDISCORD_TOKEN        the bot token the fake accepts (REST `Bot <token>`, IDENTIFY, RESUME)

The child calls `point_discord_py_from_environment()` before it builds its client and logs in with the
token it returns (or does the same by hand: `discord.http.Route.BASE = FAKEDISCORD_API_URL`,
`discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(FAKEDISCORD_GATEWAY_URL)`). Each child picks
its own shards (`shard_id`/`shard_count`, or `shard_ids` of an `AutoShardedClient`). The fake runs in the
parent's event loop, whose driver acts as users while the children answer; the parent must keep its loop
running (await something) while a child talks to the fake.

This module imports only the standard library (discord.py inside the function), so a child pays nothing
for it but the import of this package.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

API_URL = "FAKEDISCORD_API_URL"
GATEWAY_URL = "FAKEDISCORD_GATEWAY_URL"
TOKEN = "FAKEDISCORD_TOKEN"


def environment(api_url: str, gateway_url: str, token: str) -> dict[str, str]:
    """The variables a child process needs to reach the fake."""
    return {API_URL: api_url, GATEWAY_URL: gateway_url, TOKEN: token}


def point_discord_py_from_environment(environ: Mapping[str, str] | None = None) -> str | None:
    """Send this process's discord.py traffic to the fake the environment names; return the bot token.

    Returns None (and changes nothing) when the environment names no fake.
    """
    environ = os.environ if environ is None else environ
    if API_URL not in environ:
        return None
    missing = [name for name in (GATEWAY_URL, TOKEN) if not environ.get(name)]
    if missing:
        raise RuntimeError(f"{API_URL} is set but {missing} are not: use FakeDiscord.environment()")
    import discord.gateway
    import discord.http
    import yarl

    discord.http.Route.BASE = environ[API_URL]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(environ[GATEWAY_URL])
    return environ[TOKEN]
