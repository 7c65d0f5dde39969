"""Depth-limited expectimax for games whose view hides nothing (Marrakech): every chance outcome weighed by its odds.

Where a seat's view is the whole state (``engine.sample_state`` draws the same world every time) and chance has
few outcomes (a die, a draw from two colours), sampling worlds and chance as the tree search does only adds
noise: here every outcome of every chance move is followed and weighed by its odds (``engine.chance_odds``),
each seat to move takes the move best for itself (max^n; two seats: minimax on the margin), and positions
``depth`` player decisions ahead are judged by ``ai.evaluate.state_values`` (the game's projection).

The search deepens one decision at a time while the next depth fits the leaf budget (``Profile.expectimax``
leaves per level iteration): a depth that would judge more leaves than the budget is abandoned and the last
complete depth answers; a depth whose growth, estimated from the last one's, would judge far more than the
budget (``GROWTH_SLACK``) is not begun at all, since its work would be thrown away. The count of leaves, not
the clock, decides, so the same view, level and seed give the same move (a budget's time cap only stops
deepening after a complete depth; the move then depends on timing, as the tree search's does).
"""

from __future__ import annotations

import time

from ai.evaluate import state_values
from engines.base import CHANCE, Engine, S

GROWTH_SLACK = 2.0
"""A depth is not begun when the last depth's growth, repeated, would judge more than this many times the budget:
it would run out and be abandoned, its work lost (the growth alternates between a turn's decisions, so the
estimate is only trusted this far)."""


class OutOfLeaves(Exception):
    """The depth being searched judged more leaves than its budget allows."""


class Counter:
    """Leaves judged so far, against a limit."""

    __slots__ = ("beam", "cut", "leaves", "limit")

    def __init__(self, limit: int, beam: int = 0) -> None:
        self.leaves = 0
        self.limit = limit
        self.beam = beam
        """Below the root, at most this many moves of a decision are followed: the best as they stand (0: all)."""
        self.cut = False
        """Whether a leaf was judged because the depth ran out (not because the game ended)."""


def value(engine: Engine[S], state: S, depth: int, counter: Counter) -> list[float]:
    """Every seat's value of ``state``, looking ``depth`` player decisions ahead (chance is free)."""
    seat = engine.to_move(state)
    if seat is None or (depth <= 0 and seat != CHANCE):
        counter.cut = counter.cut or seat is not None
        return judged(engine, state, counter)
    if seat == CHANCE:
        total: list[float] = []
        weight = 0.0
        for move, chance in engine.chance_odds(state):
            found = value(engine, applied(engine, state, move), depth, counter)
            total = total or [0.0] * len(found)
            for index, part in enumerate(found):
                total[index] += chance * part
            weight += chance
        return [part / weight for part in total]
    children = [applied(engine, state, move) for move in engine.legal_moves(state)]
    known: list[list[float] | None] = [None] * len(children)
    if 0 < counter.beam < len(children):  # the best few as they stand (a stable sort: ties in the engine's order)
        worth = [judged(engine, child, counter) for child in children]
        ranked = sorted(range(len(children)), key=lambda index: -worth[index][seat])[: counter.beam]
        children = [children[index] for index in ranked]
        # a followed child about to be judged as it stands (no chance before it) was judged just now
        known = [
            worth[index] if depth <= 1 and engine.to_move(children[at]) != CHANCE else None
            for at, index in enumerate(ranked)
        ]
    best: list[float] | None = None
    for child, seen in zip(children, known, strict=True):
        if seen is not None:
            counter.cut = counter.cut or engine.to_move(child) is not None
        found = value(engine, child, depth - 1, counter) if seen is None else seen
        if best is None or found[seat] > best[seat]:
            best = found
    assert best is not None
    return best


def judged(engine: Engine[S], state: S, counter: Counter) -> list[float]:
    """Every seat's value of ``state`` as it stands, counted against the budget."""
    counter.leaves += 1
    if counter.leaves > counter.limit:
        raise OutOfLeaves
    return state_values(engine, state)


def root_values(
    engine: Engine[S], world: S, seat: int, moves: list[str], leaves: int, seconds: float | None, beam: int = 0
) -> tuple[list[tuple[str, int, float]], int]:
    """Each root move's value to ``seat`` at the deepest depth that fit ``leaves`` (move, leaves judged, value),
    in the engine's order, and that depth."""
    deadline = None if seconds is None else time.perf_counter() + seconds
    answer: list[tuple[str, int, float]] = []
    reached = depth = 0
    judged_at: list[int] = []  # leaves each complete depth judged
    while True:
        if len(judged_at) >= 2 and judged_at[-1] ** 2 > GROWTH_SLACK * leaves * max(1, judged_at[-2]):
            break  # the next depth would grow as the last did and judge far more than the budget: not begun
        counter = Counter(leaves, beam)
        found: list[tuple[str, int, float]] = []
        try:
            for move in moves:
                before = counter.leaves
                worth = value(engine, applied(engine, world, move), depth, counter)[seat]
                found.append((move, counter.leaves - before, worth))
        except OutOfLeaves:
            break
        answer, reached = found, depth
        judged_at.append(counter.leaves)
        if not counter.cut:  # every line ends the game within reach: deeper finds nothing new
            break
        if deadline is not None and time.perf_counter() > deadline:
            break
        depth += 1
    if not answer:  # not one move fits the budget even judged as it stands
        answer = [(move, 1, state_values(engine, applied(engine, world, move))[seat]) for move in moves]
    return answer, reached


def applied(engine: Engine[S], state: S, move: str) -> S:
    """A copy of ``state`` with ``move`` made."""
    after = engine.copy(state)
    engine.apply_in_place(after, move)
    return after
