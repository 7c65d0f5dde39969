"""A fake Discord on 127.0.0.1 that speaks Discord's protocol, to run the real bot with no network.

The unmodified discord.py bot logs in, opens the gateway websocket, registers its commands, receives
interactions and answers them over REST exactly as with Discord; the fake keeps what it receives so
tests can assert on what users would see. Humans can drive it too (local play).

Modules:
- `driver`: `FakeDiscord`, the async API tests use (build guilds/users/channels, slash commands,
  autocomplete, clicks, selects, modals, and reading messages, threads, DMs).
- `testing`: `run_bot` / `stop_bot`, to start and stop a discord.py bot against the fake.
- `server`, `gateway`, `rest_channels`, `rest_interactions`, `wire`: the aiohttp REST API and gateway.
- `state`: the in-memory world (users, guilds, channels, threads, messages, interactions).
- `payloads`: Discord JSON for those records; `commands`, `components`: interaction data built from the
  registered command schema or the clicked message, refusing what Discord never sends.
- `messages`, `limits`, `errors`, `events`, `permissions`: message bodies and files, Discord's limits,
  its error answers, gateway events, permission bits.

Only aiohttp and the standard library are imported (discord.py only inside `FakeDiscord.point_discord_py`
and `testing`); nothing here imports the rest of `bot/`.
"""

from .driver import FakeDiscord
from .state import Channel, Guild, Interaction, Message, RequestProblem, User

__all__ = ["Channel", "FakeDiscord", "Guild", "Interaction", "Message", "RequestProblem", "User"]
