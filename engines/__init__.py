"""Game engines: the rules of each game, pure (standard library and pydantic only).

``engines.get(name)`` returns the engine registered under a name or alias;
``engines.names()`` lists the registered games. See ``engines.base`` for the interface.
"""

from __future__ import annotations

import importlib

from engines.base import CHANCE, Engine, GameError, GameState, IllegalMove, Option, Outcome

__all__ = ["CHANCE", "Engine", "GameError", "GameState", "IllegalMove", "Option", "Outcome", "get", "names"]

# name -> module that defines ENGINE; games not built yet are simply absent.
_MODULES: dict[str, str] = {
    "marrakech": "engines.marrakech",
    "cairo": "engines.cairo",
}
_ALIASES: dict[str, str] = {"kairo": "cairo", "el cairo": "cairo"}
_loaded: dict[str, Engine] = {}


def names() -> list[str]:
    """The canonical names of every registered game."""
    return list(_MODULES)


def get(name: str) -> Engine:
    """The engine for ``name`` (canonical name or alias, any case); GameError if unknown."""
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in _MODULES:
        raise GameError(f"Unknown game {name!r}. Games: {', '.join(names())}.")
    if key not in _loaded:
        _loaded[key] = importlib.import_module(_MODULES[key]).ENGINE
    return _loaded[key]
