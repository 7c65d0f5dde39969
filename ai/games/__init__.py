"""Each game's search settings, one module per game named like its engine (``ai.games.<name>``).

A game's module may hold ``PROFILE`` (an ``ai.levels.Profile`` tuned in the arena: budget scale,
playout length) and ``project(state) -> list[float | None]`` (each seat's final score as it looks now,
read from the sampled state; see ``ai.worth``) and ``thin(state, moves) -> list[str]`` (the legal moves the
search tries, where a decision offers many alike: Jambo's bids; ``ai.search.considered``) and ``spread(state) ->
float`` (how far the margin may still move by the end, one standard deviation in points; ``ai.evaluate`` values a
lead by the chance it holds: Marrakech, Kairo at three and four) and ``RIVALS`` (``"mean"``: a seat's margin is taken
over the others' mean rather than the best other, ``ai.worth.rivals``: Kairo). A game without a
module, or without one of them, searches with the defaults. Adding a game adds a module here and touches no shared file.
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType


@cache
def module_of(game: str) -> ModuleType | None:
    """``ai.games.<game>`` if that game has one, else None."""
    if not game.isidentifier():
        return None
    name = f"{__name__}.{game}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name != name:
            raise
        return None
