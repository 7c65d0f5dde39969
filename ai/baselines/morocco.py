"""Morocco's rule of thumb: the final score as it would stand now, ahead of the others.

The rules add at the end the points on the track, the juice tokens held, a point per gold coin and 3 points
per stall of the largest district; a beginner counts all of it now (``engines.morocco.scoring``), and a
little for cubes in hand (they pay for the stalls to come).
"""

from __future__ import annotations

from ai.baselines.lookahead import ahead
from engines.morocco.scoring import breakdown
from engines.morocco.state import MoroccoState

CUBE = 0.5


def value(state: MoroccoState, seat: int) -> float:
    """The final score if the game ended now, plus half a point a cube, less the best other player's."""
    total = breakdown(state)["total"]
    players = state.num_players
    values = [total[s] + CUBE * sum(state.cubes[s * 5 : s * 5 + 5]) for s in range(players)]
    return ahead(values, seat)
