"""What a position cut off mid-game is worth: each seat's final score as it looks now, read from the state.

The search judges a position it stops at (``ai.evaluate``) on what each seat is likely to score at the
end. Where the final scoring adds what the running score leaves out (Morocco's gold, juice and largest
district; Kairo's medals and coins; Jambo's wares and cards; Marrakech's regions and the tribute Assam is
about to collect), the game's own module (``ai.games.<name>``) has ``project(state)``: the projected final
score of every seat (None for a seat that is out). It reads the sampled state directly (the only full states
the computer holds are drawn from its view), so no ``View`` is built per iteration. A game without one is
judged on the public scores of its view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from ai.games import module_of
from engines.base import Engine, S

Projection = Callable[[Any], list[float | None]]
Rivals = Literal["best", "mean"]
"""Whom a seat's margin is measured against: the best other seat, or the others' mean (``ai.evaluate.margins``)."""


def projection(game: str) -> Projection | None:
    """``ai.games.<game>.project`` if the game has one."""
    found = getattr(module_of(game), "project", None)
    return found if callable(found) else None


def projected(engine: Engine[S], state: S) -> list[float | None]:
    """Each seat's projected final score (None: out), by the game's ``project`` or else its view's scores."""
    project = projection(engine.name)
    if project is not None:
        return project(state)
    seats = engine.view(state, None).seats
    return [None if seat.out else float(seat.score or 0) for seat in seats]


Terms = Callable[[Any], list[dict[str, float] | None]]


def term_ids(game: str) -> tuple[str, ...]:
    """The ids of the parts of ``game``'s projection (``ai.games.<game>.TERMS``); ``("score",)`` without one."""
    module = module_of(game)
    found = getattr(module, "TERMS", None)
    return tuple(found) if isinstance(found, tuple) and callable(getattr(module, "terms", None)) else ("score",)


def terms(engine: Engine[S], state: S) -> list[dict[str, float] | None]:
    """Each seat's projection split into its named parts (they add up to ``projected``; None: out).

    ``ai.games.<game>.terms`` where the game has one (its ids are ``TERMS``, stable: the bot words them),
    else the one part ``score``.
    """
    split: Terms | None = getattr(module_of(engine.name), "terms", None)
    if callable(split):
        return split(state)
    return [None if score is None else {"score": score} for score in projected(engine, state)]


def spread(engine: Engine[S], state: S) -> float | None:
    """How far the margin between seats may still move by the end (one standard deviation, in points):
    ``ai.games.<game>.spread(state)`` where the game has one and tells it, else None (``ai.evaluate`` then scales
    by the scores).
    """
    found = getattr(module_of(engine.name), "spread", None)
    told = found(state) if callable(found) else None
    return None if told is None else float(told)


def rivals(engine: Engine[S]) -> Rivals:
    """Whom a seat's margin is measured against in ``engine``'s game: ``ai.games.<game>.RIVALS`` where the game
    sets it to ``"mean"`` (the others' mean: Kairo), else ``"best"`` (the best other seat). Between two seats the
    two are the same."""
    return "mean" if getattr(module_of(engine.name), "RIVALS", "best") == "mean" else "best"
