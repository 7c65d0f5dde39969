"""Customer paths: distances over the walkable squares, and which squares may be blocked.

Customers walk orthogonally over *walkable* squares: souk squares without a stall tile (free
squares, entrances, squares with customers) and queue squares, never the tavern zone. Both tools
here take ``steps``: for each square, its walkable neighbours (none for a square that is not
walkable itself).

The rule "every entrance stays reachable by every customer" asks, for a square about to get a
tile (and perhaps a new entrance next to it), whether the *terminals* (every customer and every
entrance) stay in one piece. ``PathIndex`` answers that in constant time per square: one
depth-first search of the terminals' piece (Tarjan's articulation points) records for each square
its place in the search tree, the size of its subtree and how many terminals the subtree holds.
Removing a square splits its piece into the subtrees of the children that cannot climb above it,
and the rest; blocking is allowed when at most one of those pieces holds terminals, and a new
entrance must lie in that one.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

Ranges = tuple[tuple[int, int], ...]


def walking_steps(neighbours: Sequence[Sequence[int]], walkable: Sequence[bool]) -> list[list[int]]:
    """For each square, the walkable squares a customer standing there can step to."""
    return [[n for n in around if walkable[n]] if walkable[square] else [] for square, around in enumerate(neighbours)]


def distances(steps: Sequence[Sequence[int]], start: int, targets: Collection[int]) -> dict[int, int]:
    """Steps from ``start`` to each of ``targets`` it can reach (a breadth-first walk that stops when all are found)."""
    wanted = set(targets)
    dist = [-1] * len(steps)
    dist[start] = 0
    reached = {start: 0} if start in wanted else {}
    queue = [start]
    for here in queue:
        if len(reached) == len(wanted):
            break
        step = dist[here] + 1
        for there in steps[here]:
            if dist[there] < 0:
                dist[there] = step
                queue.append(there)
                if there in wanted:
                    reached[there] = step
    return reached


class PathIndex:
    """The search tree of the terminals' piece of the board, and the terminals in each subtree."""

    __slots__ = ("joined", "low", "main", "order", "parent", "size", "steps", "terminals")

    def __init__(self, steps: Sequence[Sequence[int]], terminals: Sequence[int]) -> None:
        self.steps = steps
        count = len(steps)
        self.order = [-1] * count
        self.low = [0] * count
        self.parent = [-1] * count
        self.size = [1] * count
        self.terminals = [0] * count
        for terminal in terminals:
            self.terminals[terminal] = 1
        root = terminals[0] if terminals else -1
        if root >= 0:
            self._search(root)
        self.joined = all(self.order[t] >= 0 for t in terminals)
        self.main = root if self.joined else -1

    def _search(self, root: int) -> None:
        """Iterative depth-first search from ``root``: order, low-link, parent, subtree size and terminals.

        Squares the search does not reach keep order -1: they are not in the terminals' piece.
        """
        order, low, parent, size, terminals = self.order, self.low, self.parent, self.size, self.terminals
        steps = self.steps
        counter = 0
        order[root] = low[root] = 0
        stack = [(root, iter(steps[root]))]
        while stack:
            here, pending = stack[-1]
            for there in pending:
                if order[there] < 0:
                    counter += 1
                    order[there] = low[there] = counter
                    parent[there] = here
                    stack.append((there, iter(steps[there])))
                    break
                if there != parent[here] and order[there] < low[here]:
                    low[here] = order[there]
            else:
                stack.pop()
                up = parent[here]
                if up >= 0:
                    if low[here] < low[up]:
                        low[up] = low[here]
                    size[up] += size[here]
                    terminals[up] += terminals[here]

    def can_block(self, square: int, new_entrance: int | None = None) -> bool:
        """Whether a tile on ``square`` (plus a new entrance) keeps every terminal joined to every other."""
        if new_entrance is None:
            return self.blockable(square) is not None
        return new_entrance in self.entrances_when_blocked(square, (new_entrance,))

    def blockable(self, square: int) -> tuple[Ranges, bool] | None:
        """None if a tile on ``square`` cuts terminals apart; else where a new entrance may then lie.

        ``(ranges, inside)``: an entrance in the terminals' piece is still joined to them when its
        search order lies in one of the ``ranges`` (subtrees cut off by the tile) if ``inside``, in
        none of them if not.
        """
        if not self.joined:
            return None
        order = self.order
        if self.main < 0 or order[square] < 0:
            return ((), False)
        low, size, terminals, parent = self.low, self.size, self.terminals, self.parent
        here = order[square]
        apart = [c for c in self.steps[square] if parent[c] == square and low[c] >= here]
        if not apart:
            return ((), False)
        holding = [c for c in apart if terminals[c]]
        rest = terminals[self.main] - sum(terminals[c] for c in apart)
        if len(holding) + (rest > 0) > 1:
            return None
        if holding:
            child = holding[0]
            return (((order[child], order[child] + size[child]),), True)
        return (tuple((order[c], order[c] + size[c]) for c in apart), False)

    def entrances_when_blocked(self, square: int, candidates: tuple[int, ...]) -> tuple[int, ...]:
        """The ``candidates`` that may become entrances when ``square`` gets a tile (empty if it cannot)."""
        found = self.blockable(square)
        if found is None:
            return ()
        if self.main < 0:
            return candidates
        ranges, inside = found
        order = self.order
        if not ranges:
            return tuple(door for door in candidates if order[door] >= 0)
        return tuple(
            door
            for door in candidates
            if order[door] >= 0 and any(low <= order[door] < high for low, high in ranges) == inside
        )
