"""Per-game pieces of the bot: the game's own slash commands and how its prompts read.

Everything shared (lobby, board, status, resign, move buttons) is in ``bot.commands`` and
``bot.posting``; a game adds only what is its own through a ``GameAdapter``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from discord import app_commands


def _no_commands(group: app_commands.Group) -> None:
    return None


def _generic_prompt(view: dict[str, Any]) -> str:
    return "your move"


def _plain_label(move: str, view: dict[str, Any] | None = None) -> str:
    return move


@dataclass(frozen=True)
class GameAdapter:
    """How the bot presents one game."""

    name: str
    add_commands: Callable[[app_commands.Group], None] = _no_commands
    prompt: Callable[[dict[str, Any]], str] = _generic_prompt
    label: Callable[..., str] = _plain_label  # (move, view=None) -> words for a button or menu
    emoji: Callable[[str], str | None] = field(default=lambda move: None)
    public_moves: Callable[[dict[str, Any]], bool] = field(default=lambda view: True)


def adapter(name: str) -> GameAdapter:
    """The adapter for a game (a plain one if the game has no module of its own)."""
    from bot.games import cairo, marrakech

    known = {"marrakech": marrakech.ADAPTER, "cairo": cairo.ADAPTER}
    return known.get(name, GameAdapter(name))
