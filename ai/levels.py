"""How hard the computer tries: levels (budget and noise) and each game's search settings.

A ``Level`` is a number of search iterations, a time cap and a temperature for the final pick. The
iterations make the decision repeatable (same view, level and seed: same move); the cap only guards
against a slow machine and, when it is reached, the move depends on timing. A game's ``Profile``
scales the iterations to what one iteration costs in that game and sets the playout length; it lives in
the game's own module ``ai.games.<name>`` (found by the engine's name), and a game without one gets
``DEFAULT_PROFILE``.
The figures come from the arena (``python -m bench.arena``, ``docs/BENCHMARKS.md``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ai.games import module_of


@dataclass(frozen=True)
class Budget:
    """What one decision may spend: search iterations, and an optional cap in seconds."""

    iterations: int
    seconds: float | None = None


@dataclass(frozen=True)
class Level:
    """A named strength: iterations (before a game's scale), a time cap, and the noise of the final pick.

    ``temperature`` 0 plays the most searched move; above 0 a move is drawn with odds proportional to
    its searches raised to ``1 / temperature`` (1: in proportion to its searches).
    """

    name: str
    iterations: int
    seconds: float
    temperature: float


@dataclass(frozen=True)
class Profile:
    """Search settings of one game.

    ``scale`` multiplies a level's iterations; a random playout stops to score the position as it
    stands after ``playout`` player moves (chance moves are free) or once the moves it had to choose
    from add up to ``playout_work`` (listing moves is what costs: a Kairo opening offers thousands);
    ``exploration`` is the UCB constant; a node searched ``n`` times considers at most
    ``widen * n ** 0.5`` of its moves (progressive widening); a root with more than ``prior_above``
    moves (0: never) adds them best first by their value one step ahead (``ai.search.one_step``);
    ``chance_nodes`` gives each outcome of a chance move its own node (closed loop: the moves after a
    roll are searched for that roll), for games whose public chance has few outcomes (Marrakech's die);
    ``expectimax`` above 0 replaces the tree search at the levels without noise (temperature 0) by
    depth-limited expectimax (``ai.expectimax``) judging at most ``expectimax`` positions per iteration of
    the budget, for games whose view hides nothing and whose chance has few outcomes (Marrakech); below its
    root it follows only the ``beam`` moves of a decision that look best as they stand (0: all). ``finish``
    completes a half-made move (a Kairo build's cards and coins) by its best options before the random playout
    (``ai.search.finish``). ``steady_width``: a level with ``k`` times ``normal``'s iterations widens its nodes
    by ``widen / sqrt(k)``, so it considers as many moves as ``normal`` would and searches each ``k`` times as often,
    instead of spreading its budget over more moves (``steadied``).
    """

    scale: float = 1.0
    playout: int = 10
    playout_work: int = 2_000
    exploration: float = 0.7
    widen: float = 2.0
    prior_above: int = 0
    chance_nodes: bool = False
    expectimax: float = 0.0
    beam: int = 0
    finish: bool = False
    steady_width: bool = False


LEVELS: dict[str, Level] = {
    "easy": Level("easy", iterations=60, seconds=1.0, temperature=1.0),
    "normal": Level("normal", iterations=600, seconds=2.0, temperature=0.0),
    "hard": Level("hard", iterations=3000, seconds=10.0, temperature=0.0),
}

DEFAULT_PROFILE = Profile()


def profile_of(game: str) -> Profile:
    """The search settings for ``game`` (an engine's name): ``ai.games.<game>.PROFILE``, else the default."""
    profile = getattr(module_of(game), "PROFILE", None)
    return profile if isinstance(profile, Profile) else DEFAULT_PROFILE


def steadied(profile: Profile, iterations: int, usual: int) -> Profile:
    """``profile`` for a level of ``iterations`` where ``normal`` has ``usual`` (``LEVELS``, before any scale):
    unchanged, or with ``steady_width`` and a larger level its widening narrowed so that every node considers about
    as many moves as ``normal``'s.

    Progressive widening lets a node searched ``n`` times consider ``widen * sqrt(n)`` moves; ``k`` times the
    iterations visit each node about ``k`` times as often, so ``widen / sqrt(k)`` keeps its moves as they were."""
    if not profile.steady_width or iterations <= usual:
        return profile
    return replace(profile, widen=profile.widen * math.sqrt(usual / iterations))


def budget_of(level: str, game: str) -> Budget:
    """The budget of ``level`` in ``game``: its iterations scaled by the game's profile, its time cap."""
    chosen = LEVELS[level]
    return Budget(max(1, round(chosen.iterations * profile_of(game).scale)), chosen.seconds)
