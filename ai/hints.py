"""Hints that teach: the root's best moves, each with its estimated chance to win and the reason it helps.

``suggest(engine, view, level, seed)`` searches the decision like ``ai.analyse`` (the same view, level and seed
give the same first move as ``ai.choose``) and returns up to ``top`` of the root's moves, most searched first
(where the game is searched by expectimax, ``ai.expectimax``: best valued first, every move searched as deep).
For a decision of several moves these are the options of its first step (what the player picks next).

* ``chance`` is the move's mean result over its simulations, for the seat: the value ``ai.evaluate`` backs up,
  in [0, 1] — the win share of a finished game (``WIN_SHARE`` for a win, split between tied winners, plus a part
  for the margin) and, where the search cut off, the projected score margin squashed so that 0.5 is level with the
  best other seat (in a game judged against the others' mean, ``ai.worth.rivals``, Kairo at three and four: level with
  that mean) — read as a chance among the seats still in (``as_chance``): all level reads a fair share (a third among
  three, not a half), far ahead towards 1, far behind towards 0, and the moves keep their order. It is the search's
  estimate, shown as a chance to win, not a calibrated probability. A move the
  search never tried (a root of one move; a search settled before it tried three) is ranked after those it tried,
  with its value right after the move, averaged over the sampled worlds.
* ``reason`` is the id of the projection's part (``ai.worth.terms``, the game's ``TERMS``) that moved most in the
  seat's favour right after the move (a half-made move finished with its first options, as the search's priors
  do; chance not yet drawn), averaged over a few worlds drawn from the view; where
  none gains, the one that lost least. Where nothing moved at once (the projection already counted on the best
  choice: Marrakech's tribute risk before Assam turns), the part in which the move does best against the other moves
  shown. ``change`` is how much it moved, in projected points; ``reason`` is None when nothing moved or the move does
  no better in any part.

Like the search it holds only states drawn from the view, so a hint knows nothing the seat does not.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from ai.evaluate import state_values
from ai.levels import Budget, Profile
from ai.search import Analysis, analyse, decider
from ai.worth import term_ids, terms
from engines.base import AnyEngine, View

STILL = 0.05
"""A part that moves less than this (in projected points) did not move."""
FINISH = 3
"""At most this many steps finish a half-made move (a Kairo build's payments) before its effect is read."""


@dataclass(frozen=True)
class Suggestion:
    """One ranked move: how often the search tried it, its chance to win (see the module), and why it helps."""

    move: str
    searches: int
    chance: float
    reason: str | None
    change: float


def suggest(
    engine: AnyEngine,
    view: View,
    level: str = "normal",
    seed: int = 0,
    budget: Budget | None = None,
    profile: Profile | None = None,
    top: int = 3,
    worlds: int = 4,
) -> tuple[Analysis, list[Suggestion]]:
    """The search's analysis of ``view``'s decision, and its ``top`` moves ranked with their chances and reasons."""
    seat = decider(view)
    analysis = analyse(engine, view, level, seed, budget, profile)
    rng = random.Random(seed ^ 0x5EED)
    samples = [engine.sample_state(view, rng) for _ in range(worlds)]
    legal = engine.legal_moves(samples[0])
    chosen = [c for c in analysis.candidates if c[1] > 0][:top]
    for move in legal:  # too few searched (a root of one or two moves, a search settled at once): the next legal ones
        if len(chosen) >= top:
            break
        if all(move != other for other, _, _ in chosen):
            chosen.append((move, 0, 0.0))
    ids = term_ids(engine.name)
    seats = sum(1 for other in view.seats if not other.out)
    changes: list[dict[str, float]] = []
    values: list[float] = []
    for move, _, _ in chosen:
        moved, value = effect(engine, samples, seat, move, ids)
        changes.append(moved)
        values.append(value)
    found = []
    for index, (move, searches, mean) in enumerate(chosen):
        reason, change = why(changes[index], ids)
        others = [other for at, other in enumerate(changes) if at != index]
        if reason is None and others:  # nothing moved at once: what it does better than the others shown
            reason, change = why({t: changes[index][t] - sum(o[t] for o in others) / len(others) for t in ids}, ids)
            if change < 0:
                reason, change = None, 0.0
        chance = as_chance(min(1.0, max(0.0, mean if searches else values[index])), seats)
        found.append(Suggestion(move, searches, chance, reason, change))
    return analysis, found


def as_chance(value: float, seats: int) -> float:
    """A value the search backs up (in [0, 1], 0.5 level with the best other seat or the others' mean) read as a
    chance to win among ``seats`` seats still in: ``value ** log2(seats)``. Everyone level then reads a fair share
    (1 / 2, 1 / 3, 1 / 4), a value near 1 (a sure, wide win) near 1 and one near 0 near 0, and a better value still
    reads a better chance; between two seats it is the value itself. (Without it a merchant level with three others
    read "50% to win".) It is a reading, not a calibration: where the margin is over the best other (Marrakech,
    Morocco), two co-leaders far ahead of the rest are each level with the best other and read a fair share too,
    and a narrow finished win (0.75 and a part of the margin, ``ai.evaluate.finished_values``) reads about 77 %
    among four."""
    return value if seats <= 2 else value ** math.log2(seats)


def effect(
    engine: AnyEngine, samples: list[Any], seat: int, move: str, ids: tuple[str, ...]
) -> tuple[dict[str, float], float]:
    """How far ``move`` moves each of ``seat``'s terms at once, and the value to ``seat`` right after it, averaged
    over the sampled worlds where it is legal."""
    gained = dict.fromkeys(ids, 0.0)
    value, counted = 0.0, 0
    for world in samples:
        if not engine.is_legal(world, move):
            continue
        after_state = engine.copy(world)
        engine.apply_in_place(after_state, move)
        steps = 0  # a half-made move finished with its first options, as ``ai.search.one_step`` does
        while steps < FINISH and engine.to_move(after_state) == seat and engine.partial(after_state):
            engine.apply_in_place(after_state, engine.legal_moves(after_state)[0])
            steps += 1
        before, after = terms(engine, world)[seat], terms(engine, after_state)[seat]
        value += state_values(engine, after_state)[seat]
        counted += 1
        if before is not None and after is not None:
            for term in ids:
                gained[term] += after.get(term, 0.0) - before.get(term, 0.0)
    if not counted:
        return gained, 0.5
    return {term: total / counted for term, total in gained.items()}, value / counted


def why(gained: dict[str, float], ids: tuple[str, ...]) -> tuple[str | None, float]:
    """The part that gained most (in ``ids`` order on ties); where none gained, the one that lost least; None: still."""
    moved = [(term, gained[term]) for term in ids if abs(gained[term]) >= STILL]
    if not moved:
        return None, 0.0
    up = [(term, change) for term, change in moved if change > 0]
    term, change = max(up, key=lambda t: t[1]) if up else max(moved, key=lambda t: t[1])
    return term, change
