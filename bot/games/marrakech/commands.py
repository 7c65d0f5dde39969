"""Marrakech on Discord: ``/marrakech turn`` and ``/marrakech place``, and the looks of its move buttons.

Turning Assam and laying a carpet are public choices, so they are also offered as buttons (the
turn) and a menu (the carpet) under every board (``bot.features.play``).
"""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.wording import say_for
from bot.ui.context import GameId, choices_from, make_command, my_turn, target
from bot.ui.moves import MoveRequest, make_moves
from bot.ui.services import GameUI, services

GAME = "marrakech"
EMOJI = {"left": "↰", "straight": "⬆️", "right": "↱"}


async def turn(
    interaction: discord.Interaction, direction: Literal["left", "straight", "right"], game: GameId | None = None
) -> None:
    """Turn Assam (never all the way round); the bot then rolls and moves him."""
    aim = await target(interaction, game)
    await make_moves(interaction, MoveRequest.at(aim, [direction]))


async def place(interaction: discord.Interaction, carpet: str, game: GameId | None = None) -> None:
    """Place your carpet on two squares next to Assam, e.g. c3-d3."""
    aim = await target(interaction, game)
    text = " ".join(carpet.split()).lower()
    await make_moves(interaction, MoveRequest.at(aim, [text if text.startswith("place") else f"place {text}"]))


async def autocomplete_carpet(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The legal carpet placements, for the player to move only."""
    played = await my_turn(interaction)
    if played is None:
        return []
    moves = [m.removeprefix("place ") for m in played.engine.legal_moves(played.state) if m.startswith("place ")]
    say = say_for(GAME, tuple(played.names))
    view = played.view(None)
    return choices_from(moves, current, lambda m: say.label(f"place {m}", view))


async def setup(bot: commands.Bot) -> None:
    """Add ``turn`` and ``place`` to ``/marrakech``; give its buttons their arrows."""
    svc = services(bot)
    group = svc.game_groups[GAME]
    group.add_command(make_command("turn", turn))
    place_command = make_command("place", place)
    place_command.autocomplete("carpet")(autocomplete_carpet)
    group.add_command(place_command)
    svc.game_ui[GAME] = GameUI(emoji=EMOJI)
