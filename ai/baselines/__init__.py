"""Independent baselines for the arena: rule-of-thumb "beginners" written from each game's rules alone.

They are not the search and do not use its evaluation (``ai.evaluate``, ``ai.games``): each game has a
short value of a position that a new player would reckon with (``ai.baselines.<game>.value``) and a
shallow look-ahead (``ai.baselines.lookahead``) that tries its moves in one world drawn from its view,
looking through the dice and cards that come before its next decision. Like every player they are
handed the view of the seat to move, never a state.

Players by name (``make``): ``beginner`` (the game's rule of thumb), and for Jambo ``ender`` (ends
every turn at once, for the gold of the unused actions) and ``trader`` (buys low, sells high).
"""

from __future__ import annotations

from collections.abc import Callable

from ai.baselines.jambo import Ender, Trader
from ai.baselines.lookahead import Beginner
from ai.players import Player

BASELINES: dict[str, Callable[[], Player]] = {"beginner": Beginner, "ender": Ender, "trader": Trader}
"""Every baseline by the name the arena knows it by."""
GAME_BASELINES: dict[str, tuple[str, ...]] = {
    "marrakech": ("beginner",),
    "cairo": ("beginner",),
    "morocco": ("beginner",),
    "jambo": ("beginner", "ender", "trader"),
}
"""The baselines that play each game (``ender`` and ``trader`` know Jambo only)."""


def make(name: str) -> Player:
    """The baseline called ``name`` (``BASELINES``)."""
    return BASELINES[name]()


__all__ = ["BASELINES", "GAME_BASELINES", "Beginner", "Ender", "Trader", "make"]
