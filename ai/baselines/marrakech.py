"""Marrakech's rule of thumb: the score, plus half of the largest region of your colours, ahead of the others.

The score is what the rules count at the end (dirhams plus visible squares of your colours); the largest
connected region of your colours is what brings tribute in, so a beginner counts half of it on top. A
merchant who is out has nothing.
"""

from __future__ import annotations

from ai.baselines.lookahead import ahead
from engines.marrakech.board import NEIGHBOURS
from engines.marrakech.rules import colours_of, score
from engines.marrakech.state import MarrakechState

OUT = -1000.0


def largest_region(state: MarrakechState, seat: int) -> int:
    """The most squares of ``seat``'s colours joined side by side (one colour at a time, as tribute counts)."""
    own = colours_of(state, seat)
    board, seen, best = state.board_colour, set(), 0
    for start, colour in enumerate(board):
        if colour not in own or start in seen:
            continue
        seen.add(start)
        frontier, size = [start], 0
        while frontier:
            size += 1
            for near in NEIGHBOURS[frontier.pop()]:
                if near not in seen and board[near] == colour:
                    seen.add(near)
                    frontier.append(near)
        best = max(best, size)
    return best


def value(state: MarrakechState, seat: int) -> float:
    """Score plus half the largest region, less the best other merchant's."""
    values = [OUT if state.out[s] else score(state, s) + 0.5 * largest_region(state, s) for s in range(len(state.out))]
    return ahead(values, seat)
