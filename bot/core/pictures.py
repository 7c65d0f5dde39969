"""The words drawn inside a game's pictures, in one language: the table a renderer draws from (``render.words``).

Discord-free. Each game with pictures has a module ``bot.games.<game>.pictures`` whose ``TABLE`` maps stable
ids (``game_over``, ``ware:tea``) to ``Template``s marked ``N_``/``NN_`` (there or in its ``words``), and whose
optional ``worded(say)`` returns the texts it words itself (card titles built from ware names).
``picture_words(game, language)`` translates the table through the game's catalog (then the shared one) and
returns a plain ``dict`` of strings, the form ``render.render_board`` / ``render_private`` take and the image
workers are sent. A ``Plural`` becomes two entries: its "other" form under the id and its form for one under
``<id>#1`` (``render.words.Words.count`` picks). Adding a game touches nothing here.

Whose language: the caller's. A public board is drawn in the game's language, a private image (a hand, a board
answered privately) in its reader's (``bot.core.language``).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from types import ModuleType

from bot.core.catalog import Plural
from bot.core.wording import Say, Template, say_for
from render.words import ONE

Table = Mapping[str, Template]
"""A game's picture words before translation: id -> template (or an already worded text)."""


def _module(game: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"bot.games.{game}.pictures")
    except ModuleNotFoundError as exc:
        if exc.name not in (f"bot.games.{game}", f"bot.games.{game}.pictures"):
            raise
        return None


@cache
def picture_words(game: str, language: str) -> dict[str, str]:
    """Every word ``game``'s pictures draw, in ``language`` (a game without a table: none)."""
    module = _module(game)
    if module is None:
        return {}
    say = say_for(game, (), language)
    found = translated(module.TABLE, say)
    worded = getattr(module, "worded", None)
    if worded is not None:
        found.update(worded(say))
    return found


def translated(table: Table, say: Say) -> dict[str, str]:
    """``table`` in ``say``'s language: a plural's two forms under ``<id>`` and ``<id>#1``."""
    found: dict[str, str] = {}
    for key, template in table.items():
        if isinstance(template, Plural):
            found[key] = say.ngettext(template, 2)
            found[key + ONE] = say.ngettext(template, 1)
        else:
            found[key] = say._(template)
    return found
