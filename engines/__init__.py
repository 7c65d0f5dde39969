"""Game engines: the rules of each game, pure (standard library and pydantic only).

Every game is a package ``engines.<name>`` whose ``ENGINE`` is its ``Engine``; nothing here lists
them. ``engines.get(name)`` finds a game by its name or one of its aliases (as the engine classes
declare them); ``engines.names()`` lists every game found. See ``engines.base`` for the interface.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from engines.base import (
    CHANCE,
    UNKNOWN_GAME,
    AnyEngine,
    Decision,
    Engine,
    Event,
    GameError,
    GameState,
    IllegalMove,
    Option,
    Outcome,
    SeatView,
    Transition,
    View,
)

__all__ = [
    "CHANCE",
    "AnyEngine",
    "Decision",
    "Engine",
    "Event",
    "GameError",
    "GameState",
    "IllegalMove",
    "Option",
    "Outcome",
    "SeatView",
    "Transition",
    "View",
    "all_engines",
    "get",
    "names",
]


@cache
def all_engines() -> tuple[AnyEngine, ...]:
    """Every game package's engine, in name order."""
    found: list[AnyEngine] = []
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg:
            engine = getattr(importlib.import_module(f"{__name__}.{module.name}"), "ENGINE", None)
            if isinstance(engine, Engine):
                found.append(engine)
    return tuple(sorted(found, key=lambda e: e.name))


@cache
def _by_name() -> dict[str, AnyEngine]:
    table: dict[str, AnyEngine] = {}
    for engine in all_engines():
        for key in (engine.name, *engine.aliases):
            table[" ".join(key.lower().split())] = engine
    return table


def names() -> list[str]:
    """The canonical names of every game."""
    return [engine.name for engine in all_engines()]


def get(name: str) -> AnyEngine:
    """The engine for ``name`` (canonical name or alias, any case); GameError if unknown."""
    engine = _by_name().get(" ".join(str(name).lower().split()))
    if engine is None:
        raise GameError(UNKNOWN_GAME, text=str(name)[:100], games=names())
    return engine
