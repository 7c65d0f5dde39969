"""Idempotent sends: `POST /channels/{id}/messages` with a `nonce` and `enforce_nonce: true`.

Discord checks an enforced nonce for uniqueness over the past few minutes (`World.nonce_window`): when
the same author already created a message with that nonce in that channel, it answers that message
(200) instead of creating a second one, and 404 Unknown Message when that message has been deleted since.
discord.py sends a random nonce with `enforce_nonce` on every `Messageable.send` and sends the same body
again when it retries, so a retried post never doubles. A nonce is an integer or a string of at most 25
characters; anything else is 400 Invalid Form Body.
"""

from __future__ import annotations

from typing import Any

from .errors import UNKNOWN_MESSAGE, DiscordError
from .state import Message, World

MAX_NONCE_LENGTH = 25
PRUNE_AT = 1000


def nonce_problems(payload: dict[str, Any]) -> list[str]:
    """What Discord refuses in a body's `nonce` and `enforce_nonce`."""
    nonce = payload.get("nonce")
    problems = []
    if nonce is not None and (isinstance(nonce, bool) or not isinstance(nonce, int | str)):
        problems.append(f"nonce {nonce!r} must be an integer or a string")
    elif isinstance(nonce, str) and len(nonce) > MAX_NONCE_LENGTH:
        problems.append(f"nonce {nonce!r} is longer than {MAX_NONCE_LENGTH} characters")
    if "enforce_nonce" in payload and not isinstance(payload["enforce_nonce"], bool):
        problems.append(f"enforce_nonce {payload['enforce_nonce']!r} must be a boolean")
    return problems


def _key(channel_id: int, author_id: int, payload: dict[str, Any]) -> tuple[int, int, str] | None:
    nonce = payload.get("nonce")
    if nonce is None or not payload.get("enforce_nonce"):
        return None
    return channel_id, author_id, str(nonce)


def earlier_message(world: World, channel_id: int, author_id: int, payload: dict[str, Any]) -> Message | None:
    """The message this enforced nonce already created within the window, if any (404 if deleted since)."""
    key = _key(channel_id, author_id, payload)
    found = world.nonces.get(key) if key is not None else None
    if found is None:
        return None
    message, created_at = found
    if world.now() - created_at > world.nonce_window:
        return None
    if message.deleted:
        detail = f"nonce {payload['nonce']!r} created message {message.id}, which was deleted since"
        raise DiscordError(404, UNKNOWN_MESSAGE, "Unknown Message", detail=detail, expected=True)
    return message


def remember(world: World, message: Message, payload: dict[str, Any]) -> None:
    """Keep an enforced nonce so a repeat of the same post returns this message."""
    key = _key(message.channel_id, message.author_id, payload)
    if key is None:
        return
    if len(world.nonces) >= PRUNE_AT:
        oldest = world.now() - world.nonce_window
        world.nonces = {k: found for k, found in world.nonces.items() if found[1] >= oldest}
    world.nonces[key] = (message, world.now())
