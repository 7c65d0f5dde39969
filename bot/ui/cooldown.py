"""Per-user cooldown on commands and buttons: a burst of clicks is answered, not obeyed.

One ``commands.CooldownMapping`` keyed by the user (as RoboDanny keeps its spam control): every slash
command and every click of a game's button or menu takes a token from its user's bucket (``rate`` per
``per`` seconds, ``BAZAAR_COOLDOWN_RATE`` / ``BAZAAR_COOLDOWN_SECONDS``); past that, the interaction gets
a short private "slow down" and changes nothing. Autocomplete is never counted (Discord asks at every
keystroke). A rate of 0 turns the cooldown off.
"""

from __future__ import annotations

import math

import discord
from discord.ext import commands

from bot.core.catalog import N_
from bot.core.wording import say_for

SLOW_DOWN = N_("Slow down: that was too many at once. Try again in {seconds} seconds.")


def _user_of(interaction: discord.Interaction) -> int:
    return interaction.user.id


class Cooldowns:
    """Buckets of ``rate`` interactions per ``per`` seconds, one per user (``rate`` 0: no limit)."""

    def __init__(self, rate: int, per: float) -> None:
        self.mapping: commands.CooldownMapping[discord.Interaction] | None = None
        if rate > 0 and per > 0:
            self.mapping = commands.CooldownMapping(commands.Cooldown(rate, per), _user_of)

    def retry_after(self, interaction: discord.Interaction) -> float | None:
        """Seconds the user must wait when this interaction is one too many, else None (the token is taken)."""
        if self.mapping is None or interaction.type == discord.InteractionType.autocomplete:
            return None
        bucket = self.mapping.get_bucket(interaction)
        return None if bucket is None else bucket.update_rate_limit()


async def too_fast(interaction: discord.Interaction) -> bool:
    """Whether the user is over their cooldown; if so they are told, privately, to slow down."""
    cooldowns: Cooldowns | None = getattr(interaction.client, "cooldowns", None)
    wait = cooldowns.retry_after(interaction) if cooldowns is not None else None
    if wait is None:
        return False
    text = say_for("bazaar", ()).fill(SLOW_DOWN, {"seconds": str(max(1, math.ceil(wait)))})
    if not interaction.response.is_done():
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
    return True
