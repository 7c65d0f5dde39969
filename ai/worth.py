"""What a position holds beyond its score, in points, for games whose score leaves it out.

The search judges a position cut off mid-game on the public scores (``ai.evaluate``). In most games
that is what matters: the score so far, or the points on the track. Where a seat's pieces are worth
points to come that the score leaves out, the game's own module (``ai.games.<name>``) adds a
``worth(view)`` per seat, read from the public view only. A game without one adds nothing.
"""

from __future__ import annotations

from ai.games import module_of
from engines.base import View


def worth(view: View) -> list[float]:
    """The worth beyond the score of every seat in ``view`` (zeros for a game that adds none)."""
    found = getattr(module_of(view.game), "worth", None)
    return found(view) if found is not None else [0.0] * len(view.seats)
