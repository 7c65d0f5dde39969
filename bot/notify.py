"""Reaching players outside the game's thread: direct messages for those who asked for them.

A player chooses with ``/bazaar notify`` (per server or everywhere) to get a DM when it becomes
their turn; reminders go by DM to them too. A DM that Discord refuses (DMs closed) is logged and
dropped: the ping in the thread still stands.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, cast

import discord

if TYPE_CHECKING:
    from bot.app import BazaarBot
    from bot.host import Played
    from bot.storage import GameRecord

log = logging.getLogger("bazaar.notify")


def channel_link(record: GameRecord) -> str:
    """A link that opens the game's thread (or channel) from anywhere, DMs included."""
    return f"https://discord.com/channels/{record.guild_id}/{record.post_channel_id}"


def game_label(client: discord.Client, played: Played) -> str:
    """The game's name and server (e.g. **Marrakech #3** on Bazaar), for messages read outside the server."""
    guild = client.get_guild(played.game.guild_id)
    where = f" on {guild.name}" if guild is not None else ""
    return f"**{played.engine.title} #{played.game.id}**{where}"


async def turn_dm_recipient(client: discord.Client, played: Played, actor_id: int | None) -> int | None:
    """The player to DM because it just became their turn, if they opted in (never the actor)."""
    if not played.turn_began:
        return None
    user_id = played.user_of(played.to_move)
    if user_id is None or user_id == actor_id:
        return None
    schedule = cast("BazaarBot", client).host.schedule
    return user_id if await schedule.wants_dm(user_id, played.game.guild_id) else None


async def send_dm(client: discord.Client, user_id: int, content: str) -> bool:
    """DM ``content`` to a user; False (logged) when Discord refuses."""
    try:
        user = client.get_user(user_id) or await client.fetch_user(user_id)
        await user.send(content)
    except discord.HTTPException as exc:
        log.info("could not DM user %s: %s", user_id, exc)
        return False
    return True


async def dm_turn(client: discord.Client, user_id: int, played: Played, link: str) -> None:
    """Tell ``user_id`` privately that it is their turn, with a link to the board."""
    await send_dm(client, user_id, f"🎲 It's your turn in {game_label(client, played)}: {link}")
