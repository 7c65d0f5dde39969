"""Kairo's rule of thumb: the final score as it would stand now, a point a building card, ahead of the others.

The final scoring adds the medals held again and a point per 3 coins (``engines.cairo.turns.final_line``);
a beginner counts that now, and a point for each building card in hand (the next stall to build) and half
one a charlatan.
"""

from __future__ import annotations

from ai.baselines.lookahead import ahead
from engines.cairo.state import CairoState
from engines.cairo.turns import final_line

CARD = 1.0
CHARLATAN = 0.5


def value(state: CairoState, seat: int) -> float:
    """Track, medals twice, coins / 3, cards and charlatans; less the best other merchant's."""
    values = []
    for s in range(state.num_players):
        line = final_line(state, s)
        coins = sum(state.coins[s].values()) / 3 if state.coins else 0.0
        values.append(
            line.track + line.medals + coins + CARD * len(state.hands[s]) + CHARLATAN * state.charlatans[s]
            if state.hands and state.charlatans
            else float(line.track + line.medals) + coins
        )
    return ahead(values, seat)
