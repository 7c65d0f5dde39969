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
from importlib.util import find_spec

from ai.baselines.jambo import Ender, Trader
from ai.baselines.lookahead import Beginner
from ai.players import Player

BASELINES: dict[str, Callable[[], Player]] = {"beginner": Beginner, "ender": Ender, "trader": Trader}
"""Every baseline by the name the arena knows it by."""
ONLY: dict[str, str] = {"ender": Ender.game, "trader": Trader.game}
"""Baselines that know one game only, and which."""


def plays(name: str, game: str) -> bool:
    """Whether the baseline ``name`` plays ``game``: a beginner where the game has a rule of thumb."""
    if name in ONLY:
        return ONLY[name] == game
    return name in BASELINES and game.isidentifier() and find_spec(f"ai.baselines.{game}") is not None


def make(name: str) -> Player:
    """The baseline called ``name`` (``BASELINES``)."""
    return BASELINES[name]()


__all__ = ["BASELINES", "ONLY", "Beginner", "Ender", "Trader", "make", "plays"]
