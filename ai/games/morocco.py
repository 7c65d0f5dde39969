"""Morocco's game knowledge: the final score as it stands now.

The track leaves out what the final scoring adds: the juice tokens held (face down: a seat's own are
known, the others' are drawn with the world), a point per gold coin and 3 points per stall of the largest
district (``engines.morocco.scoring.breakdown``). ``project`` adds them, and a little for the cubes in hand
(they pay for the workers still to place). The default search settings (``PROFILE``). ``terms`` splits the
projection into its named parts (``TERMS``), which a hint words as the reason for a move.
"""

from __future__ import annotations

from ai.levels import Profile
from engines.morocco.scoring import breakdown
from engines.morocco.state import MoroccoState

PROFILE = Profile()

TERMS = ("track", "gold", "juice", "district", "cubes")
"""The parts of ``project``, by stable id: the scoring track, gold, juice held, the largest district (×3), cubes."""

CUBE = 0.5
"""A cube in hand: it lets a worker go where it scores."""


def project(state: MoroccoState) -> list[float | None]:
    """Each player's final score if the game ended now, plus the cubes' worth (None for one who resigned)."""
    total = breakdown(state)["total"]
    return [
        None if seat in state.resigned else total[seat] + CUBE * sum(state.cubes[seat * 5 : seat * 5 + 5])
        for seat in range(state.num_players)
    ]


def terms(state: MoroccoState) -> list[dict[str, float] | None]:
    """``project`` split into ``TERMS`` for each player (they add up to it; None for one who resigned)."""
    parts = breakdown(state)
    return [
        None
        if seat in state.resigned
        else {
            "track": float(parts["track"][seat]),
            "gold": float(parts["gold"][seat]),
            "juice": float(parts["juice"][seat]),
            "district": float(parts["district"][seat]),
            "cubes": CUBE * sum(state.cubes[seat * 5 : seat * 5 + 5]),
        }
        for seat in range(state.num_players)
    ]
