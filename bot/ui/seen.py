"""Interactions already handled by this process: Discord may, rarely, deliver the same one twice.

The first delivery is answered and acted on; a repeat is ignored (its answer was given the first time,
and Discord would refuse a second one). The game host also records the interactions that changed a
game, so a repeat reaching another process is refused there too (``GameHost.handled``).
"""

from __future__ import annotations

import discord

from bot.core.recent import Recent

REMEMBERED = 10_000


class Seen:
    """The ids of the latest interactions, oldest forgotten first."""

    def __init__(self, size: int = REMEMBERED) -> None:
        self._ids: Recent[int, bool] = Recent(size)

    def first_time(self, interaction_id: int) -> bool:
        """True the first time an id is seen (and remembers it), False for a repeat."""
        if interaction_id in self._ids:
            return False
        self._ids.put(interaction_id, True)
        return True


SEEN = Seen()


def first_time(interaction: discord.Interaction) -> bool:
    """Whether this process sees ``interaction`` for the first time (its snowflake's time, Discord's clock, moves
    the clock the game changes are stamped with: ``bot.core.ordering``)."""
    host = getattr(interaction.client, "host", None)
    store = getattr(host, "store", None)
    if store is not None:
        store.discord.saw(discord.utils.snowflake_time(interaction.id).timestamp())
    return SEEN.first_time(interaction.id)
