"""What only one player may see, sent to them alone: their hand as an image, in the layout they chose.

``send_hand`` is what ``/cairo hand`` and ``/jambo hand`` (and any game with a private image) share:
the player's seat in the command's game, refused politely to anyone else; the reply deferred (the
image takes a moment), then the picture of the viewer's own view with the game's words beside it, its alt
text saying what they hold in words (``Posts.hand_alt``, the game's ``GameWords.holding``).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import discord

from bot.core.catalog import N_
from bot.core.played import Played
from bot.core.wording import say_for
from bot.ui.errors import acknowledge, reply_private
from bot.ui.services import services

HAND_NOBODY = N_("Only the players of a started game have a hand.")


async def send_hand(interaction: discord.Interaction, played: Played, text: Callable[[Played, int], str]) -> int | None:
    """Reply privately with the user's hand image and ``text(played, seat)``; their seat, or None if they have none."""
    svc = services(interaction)
    seat = played.seat_of(interaction.user.id)
    if seat is None or played.state is None:
        await reply_private(interaction, say_for(played.game.game, ())._(HAND_NOBODY))
        return None
    await acknowledge(interaction, ephemeral=True, thinking=True)
    layout = await svc.schedule.image_layout(interaction.user.id)
    png = await svc.images.private(played.view(seat), layout)
    kwargs: dict[str, Any] = {"ephemeral": True, "allowed_mentions": discord.AllowedMentions.none()}
    if png is not None:
        name = f"{played.game.game}-{played.game.id}-hand.png"
        kwargs["file"] = discord.File(io.BytesIO(png), filename=name, description=svc.posts.hand_alt(played, seat))
    await interaction.followup.send(text(played, seat), **kwargs)
    return seat
