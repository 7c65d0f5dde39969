"""The beginners' shallow look-ahead: try each move in a world drawn from the view, then judge the result.

A beginner draws one world from its view (``engine.sample_state``), tries its moves there and judges
each by its game's rule-of-thumb ``value`` (``ai.baselines.<game>``). Dice and cards drawn before its
next decision are looked through (every outcome weighed by its odds when there are few, a few drawn
otherwise); when the same seat decides again before anyone else (Marrakech: orient, roll, place;
Kairo: a site, then its cards and coins), it looks one or two of its own steps further, taking its
best. Wide choices (a Kairo opening lists thousands of sites) are cut to a few moves of each kind
(the first two words: ``build red``, ``extend blue``, ``take deck``), drawn at random.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any, cast

from ai.search import decider
from engines.base import CHANCE, AnyEngine, View

Value = Callable[[Any, int], float]
"""A position's worth to a seat (higher is better), from the sampled state."""

CHANCE_SPREAD = 6
"""Chance with at most this many outcomes is weighed outcome by outcome; with more, ``CHANCE_DRAWS`` are drawn."""
CHANCE_DRAWS = 2
DEPTH = 2
"""How many of its own further steps a beginner looks at (Kairo's site, then cards, then coins); a game's
module may set its own ``DEPTH`` (Jambo: every action of a turn is a step, and one is enough)."""


def shortlist(moves: list[str], per_kind: int, rng: random.Random) -> list[str]:
    """At most ``per_kind`` moves of each kind (the first two words), drawn at random, in the engine's order."""
    kinds: dict[str, list[str]] = {}
    for move in moves:
        kinds.setdefault(" ".join(move.split()[:2]), []).append(move)
    if all(len(group) <= per_kind for group in kinds.values()):
        return moves
    kept = {m for group in kinds.values() for m in (group if len(group) <= per_kind else rng.sample(group, per_kind))}
    return [move for move in moves if move in kept]


class Beginner:
    """The game's rule of thumb (``value``) one decision deep, looking through chance and its own next steps."""

    name = "beginner"

    def __init__(self, value: Value | None = None, depth: int | None = None, per_kind: int = 8) -> None:
        self.value = value
        self.depth = depth
        self.per_kind = per_kind

    def choose(self, engine: AnyEngine, view: View, seed: int) -> str:
        seat = decider(view)
        rng = random.Random(seed)
        value = self.value or value_of(engine.name)
        depth = depth_of(engine.name) if self.depth is None else self.depth
        world = engine.sample_state(view, rng)
        moves = engine.legal_moves(world)
        if len(moves) == 1:
            return moves[0]
        scored = []
        for move in shortlist(moves, self.per_kind, rng):
            after = engine.copy(world)
            engine.apply_in_place(after, move)
            scored.append((look(engine, after, seat, value, depth, self.per_kind, rng), move))
        best = max(score for score, _ in scored)
        return rng.choice([move for score, move in scored if score == best])


def look(
    engine: AnyEngine, state: Any, seat: int, value: Value, depth: int, per_kind: int, rng: random.Random
) -> float:
    """The worth of ``state`` to ``seat``: through chance, and its own next ``depth`` steps at their best."""
    mover = engine.to_move(state)
    if mover == CHANCE:
        odds = engine.chance_odds(state)
        if len(odds) > CHANCE_SPREAD:
            drawn = [engine.sample_chance(state, rng) for _ in range(CHANCE_DRAWS)]
            odds = [(move, 1.0 / CHANCE_DRAWS) for move in drawn]
        total = weight = 0.0
        for move, chance in odds:
            after = engine.copy(state)
            engine.apply_in_place(after, move)
            total += chance * look(engine, after, seat, value, depth, per_kind, rng)
            weight += chance
        return total / weight if weight else value(state, seat)
    if mover == seat and depth > 0:
        best = -float("inf")
        for move in shortlist(engine.legal_moves(state), max(2, per_kind // 2), rng):
            after = engine.copy(state)
            engine.apply_in_place(after, move)
            best = max(best, look(engine, after, seat, value, depth - 1, per_kind, rng))
        return best
    return value(state, seat)


def depth_of(game: str) -> int:
    """How far ahead the beginner of ``game`` looks: ``ai.baselines.<game>.DEPTH``, else ``DEPTH``."""
    found = getattr(importlib.import_module(f"ai.baselines.{game}"), "DEPTH", DEPTH)
    return found if isinstance(found, int) else DEPTH


def value_of(game: str) -> Value:
    """The rule of thumb of ``game``: ``ai.baselines.<game>.value`` (found by the engine's name)."""
    found = getattr(importlib.import_module(f"ai.baselines.{game}"), "value", None)
    if not callable(found):
        raise ValueError(f"no beginner for {game!r}")
    return cast(Value, found)


def ahead(values: list[float], seat: int) -> float:
    """``seat``'s value less the best other seat's: a beginner plays to get ahead."""
    others = [v for other, v in enumerate(values) if other != seat]
    return values[seat] - max(others, default=0.0)
