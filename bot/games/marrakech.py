"""Marrakech on Discord: ``/marrakech turn`` and ``/marrakech place``, and how its prompts read."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

from bot.games import GameAdapter

LABELS = {"left": "Turn left", "straight": "Straight on", "right": "Turn right"}
EMOJI = {"left": "↰", "straight": "⬆️", "right": "↱"}
FILES = "abcdefg"


def square(x: int, y: int) -> str:
    return f"{FILES[x]}{y + 1}"


def prompt(view: dict[str, Any]) -> str:
    """What the player to move has to decide."""
    phase = view.get("phase")
    assam = view.get("assam", {})
    where = square(assam.get("x", 3), assam.get("y", 3))
    if phase == "orient":
        after = " for the next player" if view.get("variant") and view.get("last") else ""
        return f"turn Assam{after} (he is on {where} facing {assam.get('facing', 'N')}): left, straight or right"
    if phase == "place":
        colours = view.get("colours", [])
        colour = view.get("next_carpet")
        name = colours[colour] if isinstance(colour, int) and colour < len(colours) else ""
        return f"place a {name} carpet next to Assam on {where}".replace("  ", " ")
    return "your move"


def label(move: str, view: dict[str, Any] | None = None) -> str:
    if move in LABELS:
        return LABELS[move]
    if move.startswith("place "):
        return "Carpet on " + move.removeprefix("place ").replace("-", " + ")
    return move


async def turn(
    interaction: discord.Interaction,
    direction: Literal["left", "straight", "right"],
    game: int | None = None,
) -> None:
    """Turn Assam (never all the way round); the bot then rolls and moves him."""
    from bot.actions import play_moves
    from bot.commands import current_game

    played = await current_game(interaction, game)
    await play_moves(interaction, played.game.id, [direction])


async def place(interaction: discord.Interaction, carpet: str, game: int | None = None) -> None:
    """Place your carpet on two squares next to Assam, e.g. c3-d3."""
    from bot.actions import play_moves
    from bot.commands import current_game

    played = await current_game(interaction, game)
    text = carpet.strip().lower()
    await play_moves(interaction, played.game.id, [text if text.startswith("place") else f"place {text}"])


async def autocomplete_carpet(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    from bot.commands import filter_moves, my_legal_moves

    moves = [m for m in await my_legal_moves(interaction) if m.startswith("place ")]
    return filter_moves(moves, current, label)


def add_commands(group: app_commands.Group) -> None:
    from bot.commands import make_command

    group.add_command(make_command("turn", turn))
    place_command = make_command("place", place)
    place_command.autocomplete("carpet")(autocomplete_carpet)
    group.add_command(place_command)


ADAPTER = GameAdapter(
    "marrakech", add_commands=add_commands, prompt=prompt, label=label, emoji=lambda move: EMOJI.get(move)
)
