"""Making a move on Discord: slash commands, buttons and menus of every game end up here, so a move
made any way behaves the same.

The interaction is answered first (deferred, so Discord's 3 seconds are never missed), then the
host applies the move against the game version the sender saw, the courier posts the new board
in the game's thread, and the mover gets privately what only they may read (a card they drew).
The same interaction arriving twice is answered from its first result and applied once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.core.catalog import N_
from bot.core.host import Refused
from bot.core.played import Played
from bot.core.wording import say_for
from bot.ui.errors import reply_private
from bot.ui.services import services

DONE = N_("Done: {happened}")
DONE_PRIVATE = N_("Only you can see this: {private}")
SEE_BOARD = N_("The board: {link}")


@dataclass(frozen=True)
class MoveRequest:
    """Moves of one user on one game, made against the version they saw."""

    game_id: int
    version: int | None
    moves: Sequence[str]


async def defer(interaction: discord.Interaction) -> None:
    """Answer at once: a button click updates nothing visible yet, a command "thinks" privately."""
    if interaction.response.is_done():
        return
    if interaction.type == discord.InteractionType.component:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)


async def make_moves(interaction: discord.Interaction, request: MoveRequest) -> Played | None:
    """Apply the user's moves and post the board; None when this interaction was handled before."""
    svc = services(interaction)
    if await svc.host.handled(interaction.id) is not None:
        raise Refused("already_handled")
    await defer(interaction)
    played = await svc.host.play(
        request.game_id, interaction.user.id, list(request.moves), request.version, interaction_id=interaction.id
    )
    await svc.courier.deliver_game(request.game_id)
    await tell_mover(interaction, played)
    return played


async def tell_mover(interaction: discord.Interaction, played: Played) -> None:
    """What only the mover may read (a command also gets what it did and a link to the board)."""
    svc = services(interaction)
    seat = played.seat_of(interaction.user.id)
    private = svc.posts.private_lines(played, seat) if seat is not None else ""
    say = say_for(played.game.game, tuple(played.names))
    lines: list[str] = []
    if interaction.type != discord.InteractionType.component:
        happened = svc.posts.happened(played, seat)
        if happened:
            lines.append(say.fill(DONE, {"happened": happened}))
        link = await board_link(interaction, played)
        if link:
            lines.append(say.fill(SEE_BOARD, {"link": link}))
    elif private:
        lines.append(say.fill(DONE_PRIVATE, {"private": private}))
    if lines:
        await reply_private(interaction, "\n".join(lines))


async def board_link(interaction: discord.Interaction, played: Played) -> str | None:
    """A link to the game's newest board message, once it is posted."""
    board = await services(interaction).store.last_board_message(played.game.id)
    if board is None or board.message_id is None or board.channel_id is None:
        return None
    return f"https://discord.com/channels/{played.game.guild_id}/{board.channel_id}/{board.message_id}"
