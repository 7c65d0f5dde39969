"""Morocco's game knowledge: the final score as it stands now.

The track leaves out what the final scoring adds: the juice tokens held (face down: a seat's own are
known, the others' are drawn with the world), a point per gold coin and 3 points per stall of the largest
district (``engines.morocco.scoring.breakdown``). ``project`` adds them, and a little for the cubes in hand
(they pay for the workers still to place). The default search settings (``PROFILE``).
"""

from __future__ import annotations

from ai.levels import Profile
from engines.morocco.scoring import breakdown
from engines.morocco.state import MoroccoState

PROFILE = Profile()

CUBE = 0.5
"""A cube in hand: it lets a worker go where it scores."""


def project(state: MoroccoState) -> list[float | None]:
    """Each player's final score if the game ended now, plus the cubes' worth (None for one who resigned)."""
    total = breakdown(state)["total"]
    return [
        None if seat in state.resigned else total[seat] + CUBE * sum(state.cubes[seat * 5 : seat * 5 + 5])
        for seat in range(state.num_players)
    ]
