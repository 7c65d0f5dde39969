"""Customer paths: distances over the walkable squares, and which squares may be blocked.

Customers walk orthogonally over *walkable* squares: souk squares without a stall tile (free
squares, entrances, squares with customers) and queue squares, never the tavern zone. The tools
here take ``steps``: for each square, its walkable neighbours (none for a square that is not
walkable itself).

Distances: ``walk_distances`` walks from one square to every square it reaches;
``distances_after_blocking`` updates such a walk when one square gets a tile, touching only the
squares whose distance grows (in an open souk, a handful).

The rule "every entrance stays reachable by every customer" asks, for a square about to get a
tile (and perhaps a new entrance next to it), whether the *terminals* (every customer and every
entrance) stay in one piece. Two answers:

* ``ring_keeps_joined``, local and usually enough: if the walkable neighbours of the square are
  joined to each other through the eight squares around it, a tile there cuts nothing apart.
* ``PathIndex``, global: one depth-first search of the terminals' piece (Tarjan's articulation
  points) records for each square its place in the search tree (``SearchTree``), the size of its
  subtree and how many terminals the subtree holds. Removing a square splits its piece into the
  subtrees of the children that cannot climb above it, and the rest; blocking is allowed when at
  most one of those pieces holds terminals, and a new entrance must lie in that one. The search
  tree depends on the walkable squares only, so customers walking reuse it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from heapq import heappop, heappush

from engines.cairo.board import Ring

Ranges = tuple[tuple[int, int], ...]
RING_BITS = 8


def walking_steps(neighbours: Sequence[Sequence[int]], walkable: Sequence[bool]) -> list[list[int]]:
    """For each square, the walkable squares a customer standing there can step to."""
    return [[n for n in around if walkable[n]] if walkable[square] else [] for square, around in enumerate(neighbours)]


# ---- distances ------------------------------------------------------------------------------


def walk_distances(steps: Sequence[Sequence[int]], start: int) -> list[int]:
    """Steps from ``start`` to every square (-1: out of reach), by a breadth-first walk."""
    dist = [-1] * len(steps)
    dist[start] = 0
    queue = [start]
    for here in queue:
        step = dist[here] + 1
        for there in steps[here]:
            if dist[there] < 0:
                dist[there] = step
                queue.append(there)
    return dist


def distances_after_blocking(
    steps: Sequence[Sequence[int]], dist: list[int], blocked: int, sides: Sequence[int]
) -> list[int]:
    """``dist`` (a walk from one start) updated for a tile on ``blocked``; ``steps`` are those after the tile.

    ``sides``: the walkable neighbours ``blocked`` had. Returns ``dist`` itself when nothing changes.
    """
    if dist[blocked] < 0:
        return dist
    if dist[blocked] == 0:
        return walk_distances(steps, blocked)
    lost = _lost_squares(steps, dist, blocked, sides)
    new = dist.copy()
    new[blocked] = -1
    if len(lost) > 1:
        for square in lost:
            new[square] = -1
        _settle(steps, new, lost)
    return new


def _lost_squares(steps: Sequence[Sequence[int]], dist: list[int], blocked: int, sides: Sequence[int]) -> list[int]:
    """``blocked`` and the squares whose every shortest way ran through it (their distance grows)."""
    lost, is_lost = [blocked], {blocked}
    for here in lost:
        level = dist[here]
        after = level + 1
        for there in sides if here == blocked else steps[here]:
            if dist[there] != after or there in is_lost:
                continue
            for other in steps[there]:
                if dist[other] == level and other not in is_lost:
                    break
            else:
                is_lost.add(there)
                lost.append(there)
    return lost


def _settle(steps: Sequence[Sequence[int]], dist: list[int], lost: list[int]) -> None:
    """New distances for the ``lost`` squares (set to -1), from their neighbours that kept theirs."""
    waiting: list[tuple[int, int]] = []
    for square in lost[1:]:
        best = min((dist[other] for other in steps[square] if dist[other] >= 0), default=-1)
        if best >= 0:
            heappush(waiting, (best + 1, square))
    is_lost = set(lost)
    while waiting:
        step, square = heappop(waiting)
        if dist[square] >= 0:
            continue
        dist[square] = step
        for other in steps[square]:
            if dist[other] < 0 and other in is_lost:
                heappush(waiting, (step + 1, other))


# ---- the local blocking test -------------------------------------------------------------------
def ring_mask(ring: Ring, walkable: Sequence[bool]) -> int:
    """The ring positions holding a walkable square, as bits."""
    mask = 0
    for bit, square in ring.squares:
        if walkable[square]:
            mask |= bit
    return mask


def ring_keeps_joined(ring: Ring, walkable: Sequence[bool]) -> bool:
    """Whether the walkable neighbours of a square stay joined through its ring if the square is blocked.

    True means a tile there cuts nothing apart (the converse does not hold: the neighbours may be
    joined the long way round, which only ``PathIndex`` knows).
    """
    mask = 0
    for bit, square in ring.squares:
        if walkable[square]:
            mask |= bit
    found = ring.answers[mask]
    if found is None:
        found = ring.answers[mask] = _one_arc(ring.links, ring.sides, mask)
    return found


WINDOW_RING = (0, 1, 2, 7, -1, 3, 6, 5, 4)
"""Bit ``i`` of a 3×3 window of a board mask (rows north to south, each west to east) is ring position
``WINDOW_RING[i]`` (-1: the square itself)."""
WINDOW_MASKS = tuple(
    sum(1 << WINDOW_RING[bit] for bit in range(9) if code >> bit & 1 and WINDOW_RING[bit] >= 0) for code in range(512)
)
"""The ring mask of each 3×3 window of a board mask (see ``WINDOW_RING``)."""


def ring_mask_at(ring: Ring, at: int, width: int, walk: int, walkable: Sequence[bool]) -> int:
    """``ring_mask`` for the square at bit ``at`` of the board masks, read off the walkable mask ``walk`` (its 3×3
    window, ``WINDOW_MASKS``; a square on the board's first row reads its ring square by square)."""
    if at <= width:
        return ring_mask(ring, walkable)
    return WINDOW_MASKS[
        (walk >> (at - width - 1)) & 7 | ((walk >> (at - 1)) & 7) << 3 | ((walk >> (at + width - 1)) & 7) << 6
    ]


def ring_joined_at(ring: Ring, at: int, width: int, walk: int, walkable: Sequence[bool]) -> bool:
    """``ring_keeps_joined`` for the square at bit ``at`` of the board masks, read off the walkable mask ``walk``
    (``Board.bits``: rows ``width`` bits apart; squares off the board are never walkable)."""
    mask = ring_mask_at(ring, at, width, walk, walkable)
    found = ring.answers[mask]
    if found is None:
        found = ring.answers[mask] = _one_arc(ring.links, ring.sides, mask)
    return found


def _one_arc(links: int, sides: int, mask: int) -> bool:
    """Whether the walkable side positions of ``mask`` lie on one arc of live ring links."""
    need = [bit for bit in range(RING_BITS) if sides >> bit & 1 and mask >> bit & 1]
    if len(need) < 2:
        return True
    live = [bool(links >> bit & 1 and mask >> bit & 1 and mask >> ((bit + 1) % RING_BITS) & 1) for bit in range(8)]
    if all(live):
        return True
    arc, label, start = 0, [0] * RING_BITS, live.index(False)
    for step in range(1, RING_BITS + 1):
        bit = (start + step) % RING_BITS
        label[bit] = arc
        if not live[bit]:
            arc += 1
    return len({label[bit] for bit in need}) == 1


# ---- the global blocking test -------------------------------------------------------------------
class SearchTree:
    """A depth-first search of the walkable squares from ``root``: preorder, low-links, parents, sizes.

    Squares the search does not reach keep order -1. ``by_order`` lists the squares reached in preorder.
    """

    __slots__ = ("by_order", "low", "order", "parent", "root", "size", "steps")

    def __init__(self, steps: Sequence[Sequence[int]], root: int) -> None:
        count = len(steps)
        self.steps, self.root = steps, root
        self.order = [-1] * count
        self.parent = [-1] * count
        self.low: list[int] = []
        self.size = [1] * count
        self.by_order: list[int] = []
        if root >= 0:
            self._visit(root)
            self._climb()

    def _visit(self, root: int) -> None:
        """Preorder and parents: an iterative depth-first search (each square's parent is its last pusher)."""
        order, parent, steps, by_order = self.order, self.parent, self.steps, self.by_order
        stack = [root]
        while stack:
            here = stack.pop()
            if order[here] >= 0:
                continue
            order[here] = len(by_order)
            by_order.append(here)
            for there in steps[here]:
                if order[there] < 0:
                    parent[there] = here
                    stack.append(there)

    def _climb(self) -> None:
        """Low-links and subtree sizes, children before parents (reverse preorder).

        A square's low-link: the least preorder among itself, its neighbours but its parent, and
        its children's low-links (edges to descendants never lower it).
        """
        order, parent, size, steps = self.order, self.parent, self.size, self.steps
        low = self.low = list(order)
        for here in reversed(self.by_order):
            best, up = low[here], parent[here]
            for there in steps[here]:
                if order[there] < best and there != up:
                    best = order[there]
            low[here] = best
            if up >= 0:
                if best < low[up]:
                    low[up] = best
                size[up] += size[here]

    def count(self, terminals: Collection[int]) -> list[int]:
        """For each square, the terminals in its subtree."""
        counts = [0] * len(self.order)
        for terminal in terminals:
            counts[terminal] = 1
        parent = self.parent
        for here in reversed(self.by_order):
            up = parent[here]
            if up >= 0:
                counts[up] += counts[here]
        return counts


class PathIndex:
    """The search tree of the terminals' piece of the board, and the terminals in each subtree.

    ``tree``: a search tree of the same walkable squares to reuse (customers moved, no tile placed);
    it must reach every terminal, else the index searches afresh.
    """

    __slots__ = ("joined", "low", "main", "order", "parent", "size", "steps", "terminals", "tree")

    def __init__(
        self, steps: Sequence[Sequence[int]], terminals: Sequence[int], tree: SearchTree | None = None
    ) -> None:
        if tree is None or tree.steps is not steps or any(tree.order[t] < 0 for t in terminals):
            tree = SearchTree(steps, terminals[0] if terminals else -1)
        self.tree, self.steps = tree, steps
        self.order, self.low, self.parent, self.size = tree.order, tree.low, tree.parent, tree.size
        self.terminals = tree.count(terminals)
        self.joined = all(self.order[t] >= 0 for t in terminals)
        self.main = tree.root if self.joined and terminals else -1

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
