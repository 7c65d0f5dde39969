"""Board images: Pillow pictures drawn from an engine's ``view`` dict, returned as PNG bytes.

``render_board(game_name, view, highlight=None)`` picks the game's renderer by ``view["game"]``
(``game_name`` is used only when the view does not say) and returns the PNG. Renderers read
the view and nothing else: they compute no rules, and callers point at squares through
``highlight``. Each game has a module (``render.marrakech``); the modules shared by all games
hold the colours (``palette``), fonts, colour-blind-safe patterns, grid geometry, text layout,
panel cards, small widgets (swatches, tags, die faces) and PNG encoding.

This package may import ``engines``; it never imports the bot, discord or the database.
"""

from __future__ import annotations

import importlib
from typing import Any

# game name -> module defining render_board(view, *, highlight=None) -> bytes
_MODULES: dict[str, str] = {"marrakech": "render.marrakech", "cairo": "render.cairo"}


def games() -> list[str]:
    """The games that have a board image."""
    return list(_MODULES)


def has_board(game_name: str) -> bool:
    """Whether ``game_name`` has a board image."""
    return game_name.strip().lower() in _MODULES


def render_board(game_name: str, view: dict[str, Any], highlight: dict[str, Any] | None = None) -> bytes:
    """The PNG board image of ``view``; ValueError if that game has no renderer."""
    name = str(view.get("game") or game_name).strip().lower()
    if name not in _MODULES:
        raise ValueError(f"There is no board image for {name!r}; games with one: {', '.join(games())}.")
    module = importlib.import_module(_MODULES[name])
    return module.render_board(view, highlight=highlight)
