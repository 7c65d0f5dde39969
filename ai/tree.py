"""The search tree: one node per sequence of player moves, shared by every sampled world.

Children are keyed by (seat, move). A child is *available* each time its move is legal in the
world being searched; UCB divides by that count instead of the parent's visits, so a move that is
legal only in some worlds is not favoured or starved for it (single-observer ISMCTS). Chance moves
are not nodes: every world draws its own and the walk goes on from the same node (open loop).
Which untried move a node adds next is random, unless the node holds ``priors`` (a wide root, see
``ai.search.one_step``): then the best of them by its prior, ties at random. (Adding the root's moves
best first by a one-move look-ahead was tried and lost games in Marrakech and Morocco: the greedy move's
head start in searches kept it chosen; priors are only for roots too wide to try every move, Kairo's.)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

Key = tuple[int, str]


class Node:
    """Statistics of the moves searched from one point: visits, summed values per seat, availability."""

    __slots__ = ("available", "children", "priors", "totals", "visits")

    def __init__(self, seats: int) -> None:
        self.children: dict[Key, Node] = {}
        self.priors: dict[str, float] | None = None
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * seats

    def mean(self, seat: int) -> float:
        """The average value of this node to ``seat`` (0.5 before any visit)."""
        return self.totals[seat] / self.visits if self.visits else 0.5

    def record(self, values: Sequence[float]) -> None:
        """Count one more visit worth ``values`` (one per seat)."""
        self.visits += 1
        totals = self.totals
        for seat, value in enumerate(values):
            totals[seat] += value


def widening_limit(visits: int, widen: float) -> int:
    """How many moves a node searched ``visits`` times may consider (progressive widening)."""
    return max(1, math.ceil(widen * math.sqrt(visits + 1)))


def pick_child(
    node: Node, seat: int, moves: Sequence[str], rng: random.Random, exploration: float, widen: float
) -> tuple[str, Node]:
    """The move to search from ``node`` for ``seat`` among the legal ``moves``, and its child (new if untried)."""
    known = [(move, child) for move in moves if (child := node.children.get((seat, move))) is not None]
    if len(known) < min(len(moves), widening_limit(node.visits, widen)):
        untried = [move for move in moves if (seat, move) not in node.children]
        priors = node.priors
        if priors:
            best = max(priors.get(move, 0.0) for move in untried)
            untried = [move for move in untried if priors.get(move, 0.0) == best]
        move = rng.choice(untried)
        child = node.children[(seat, move)] = Node(len(node.totals))
        child.available = 1
        for _, other in known:
            other.available += 1
        return move, child
    return best_by_ucb(known, seat, exploration)


def best_by_ucb(known: Sequence[tuple[str, Node]], seat: int, exploration: float) -> tuple[str, Node]:
    """The child with the highest upper confidence bound for ``seat`` (availability counts them all)."""
    best: tuple[str, Node] | None = None
    best_bound = -math.inf
    for move, child in known:
        child.available += 1
        if child.visits == 0:
            bound = math.inf
        else:
            bound = child.totals[seat] / child.visits + exploration * math.sqrt(
                math.log(child.available) / child.visits
            )
        if bound > best_bound:
            best, best_bound = (move, child), bound
    assert best is not None
    return best
