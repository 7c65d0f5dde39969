"""What a position is worth to every seat, as numbers in [0, 1] that the search backs up (max^n).

A finished game pays its winners: ``WIN_SHARE`` split between tied winners, plus a part for the
score margin, so a lost game is still better lost by less (in a game of three or more that keeps a
beaten player from handing the game to another). A position cut off mid-game is judged on each
seat's projected final score (``ai.worth``: the game's own knowledge, read from the sampled state), by the
margin to the best other seat (or, where the game says so, ``ai.worth.rivals``, to the others' mean), squashed
by ``tanh`` on a scale that grows with the scores (a 5-point lead matters more at 10 points each than at 60),
or, where the game can tell how far the margin may still move by the end (``ai.worth.spread``), on that spread:
a lead early in a long game is less sure than the same lead near its end. Seats that are out (resigned,
bankrupt) get nothing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ai.worth import Rivals, projected, rivals, spread
from engines.base import Engine, S

WIN_SHARE = 0.75
"""The part of a finished game's reward that is the win itself; the rest is the margin."""
MIN_SCALE = 3.0
"""The smallest score scale: early on, when every score is near 0, a point is still only a point."""
SCALE_PER_POINT = 0.15
"""The scale grows by this much per point of the average absolute score."""
TANH_PER_SPREAD = 1.18
"""``tanh(m / (1.18 * sd))`` matches the normal distribution's ``2 * Phi(m / sd) - 1`` (logistic ~ Phi(x / 1.7))."""


def margins(scores: Sequence[float], rivals: Rivals = "best") -> list[float]:
    """Each seat's score minus the best score of the others (``rivals`` "best"), or minus their mean ("mean";
    between two seats the same)."""
    result = []
    for seat, own in enumerate(scores):
        others = [s for other, s in enumerate(scores) if other != seat]
        if not others:
            result.append(0.0)
        else:
            result.append(own - (max(others) if rivals == "best" else sum(others) / len(others)))
    return result


def margin_values(scores: Sequence[float], spread: float | None = None, rivals: Rivals = "best") -> list[float]:
    """The margins squashed into [0, 1]: 0.5 level with the best other (or the others' mean), towards 1 far ahead.

    ``spread``, where the game tells it (``ai.worth.spread``), is how far a margin may still move by the end
    (one standard deviation, in points): the value is then about the chance that the margin holds
    (``0.5 + 0.5 * tanh(m / (TANH_PER_SPREAD * spread))`` is within 0.01 of the normal distribution's
    ``Phi(m / spread)``). Without it the scale grows with the scores."""
    if spread is not None:
        scale = max(MIN_SCALE, TANH_PER_SPREAD * spread)
    else:
        scale = max(MIN_SCALE, SCALE_PER_POINT * sum(abs(s) for s in scores) / max(len(scores), 1))
    return [0.5 + 0.5 * math.tanh(m / scale) for m in margins(scores, rivals)]


def state_values(engine: Engine[S], state: S) -> list[float]:
    """The value of ``state`` (finished or not) to every seat: the seats still in are judged among themselves (a
    seat that is out, whatever its score, is no one's rival) and a seat that is out gets nothing."""
    scores = projected(engine, state)
    inside = [seat for seat, score in enumerate(scores) if score is not None]
    outcome = engine.outcome(state)
    if outcome is not None:
        winners = [inside.index(seat) for seat in outcome.winners if seat in inside]
        found = finished_values([outcome.scores[seat] for seat in inside], winners, rivals(engine))
    else:
        found = margin_values([scores[seat] or 0.0 for seat in inside], spread(engine, state), rivals(engine))
    values = [0.0] * len(scores)
    for seat, value in zip(inside, found, strict=True):
        values[seat] = value
    return values


def finished_values(scores: Sequence[int], winners: Sequence[int], rivals: Rivals = "best") -> list[float]:
    """A finished game: the win shared between the winners, plus the margin part for everyone."""
    margin = margin_values(scores, rivals=rivals)
    share = WIN_SHARE / len(winners) if winners else 0.0
    return [(share if seat in winners else 0.0) + (1 - WIN_SHARE) * margin[seat] for seat in range(len(scores))]
