"""The obstacles of a ``Layout`` in pieces, to tell a narrow square from a cut vertex without searching the board.

Customers walk between squares that share a side; everything else is an obstacle (stall tiles, the
tavern zone, and off the board: ``OUT``), and obstacles touching at a side or a corner form
pieces. On a square grid the two views are dual: when a walkable square's walkable neighbours fall
into several arcs around it (the ring test fails), a tile there cuts the walkers apart exactly when
two of the obstacle stretches between those arcs (the *gaps*) belong to one obstacle piece — with
the tile they would close a loop around part of the board.

The pieces are a union-find over the squares and ``OUT``. A tile only ever merges pieces, so a
derived layout copies its parent's and joins the new tile to the obstacles around it; ``merged``
names the parent's pieces it joined, which is all that can change any square's answer elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engines.cairo.board import RING_STEPS
from engines.cairo.occupancy import Layout
from engines.cairo.paths import ring_mask_at

ORTHOGONAL = tuple(at for at, (dx, dy) in enumerate(RING_STEPS) if dx == 0 or dy == 0)
"""The ring positions sharing a side with the square."""


@dataclass(slots=True)  # never changed once made (not frozen: a frozen dataclass is three times as slow to make)
class Obstacles:
    """The obstacle pieces: ``parent`` is a union-find over the squares and ``OUT`` (the last index).

    ``merged``: the parent layout's pieces (their roots there) the last tile joined into one; empty
    when it joined at most one.
    """

    parent: list[int]
    merged: frozenset[int]
    apart: dict[int, tuple[int, ...]]
    """The walkable narrow squares found so far whose gaps lie in distinct pieces (a tile there cuts nothing
    apart; ``engines.cairo.cuts``), with their gaps' pieces: kept while no tile lands on their ring and no two
    pieces merge (shared by the layouts with these pieces)."""


def obstacles(layout: Layout) -> Obstacles:
    """The obstacle pieces of ``layout`` (kept with it; a derived layout updates its parent's)."""
    found: Obstacles | None = layout.analyses.get("obstacles")
    if found is None:
        found = layout.analyses["obstacles"] = _derived(layout) or _fresh(layout)
    return found


def find(parent: list[int], item: int) -> int:
    """The root of ``item``'s piece (halving the path on the way)."""
    while parent[item] != item:
        parent[item] = parent[parent[item]]
        item = parent[item]
    return item


def _fresh(layout: Layout) -> Obstacles:
    """Every obstacle joined to those around it."""
    parent = list(range(len(layout.walkable) + 1))
    for square, walkable in enumerate(layout.walkable):
        if not walkable:
            _join_around(layout, parent, square)
    return Obstacles(parent, frozenset(), {})


def _derived(layout: Layout) -> Obstacles | None:
    """The parent's pieces, with the square that lost its walkers joined to the obstacles around it."""
    parent, change = layout.parent, layout.change
    if parent is None or change is None:
        return None
    old = obstacles(parent)
    if change.blocked < 0:
        return Obstacles(old.parent, frozenset(), old.apart)
    pieces = old.parent.copy()
    joined = _join_around(layout, pieces, change.blocked)
    if len(joined) > 1:
        return Obstacles(pieces, frozenset(joined), {})
    apart = old.apart.copy()
    for square in layout.board.around[change.blocked]:
        apart.pop(square, None)
    return Obstacles(pieces, frozenset(), apart)


def _join_around(layout: Layout, parent: list[int], square: int) -> set[int]:
    """Join the obstacle ``square`` to the obstacles around it; the distinct pieces it touched (their roots)."""
    ring, walkable = layout.board.rings[square], layout.walkable
    touched = {find(parent, len(walkable))} if len(ring.squares) < len(RING_STEPS) else set()
    for _, other in ring.squares:
        if not walkable[other]:
            touched.add(find(parent, other))
    here = find(parent, square)
    for root in touched:
        if root != here:
            parent[root] = here
    touched.discard(here)
    return touched


def gaps_around(layout: Layout, pieces: list[int], square: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """For a walkable ``square`` whose neighbours fall into several arcs: the arcs and the gap before each.

    Going round the ring from the north-west, an *arc* is a run of walkable squares holding some of
    ``square``'s neighbours (returned as those neighbours) and the gap before it is the stretch from
    the previous such arc; the obstacles of one gap touch one another (at a side, or at a corner
    across a walkable corner square), so any of them names the gap's obstacle piece (its root).
    """
    gaps, arcs, cells = ring_gaps(layout, pieces, square)
    return gaps, tuple(tuple(cells[at] for at in arc) for arc in arcs)


def ring_gaps(
    layout: Layout, pieces: list[int], square: int
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """``gaps_around`` with the arcs as ring positions, and the ring's cells (the squares only made when needed)."""
    board = layout.board
    ring, outside = board.rings[square], len(layout.walkable)
    befores, arcs = ring_shape(ring_mask_at(ring, board.at[square], board.width, layout.walk_bits, layout.walkable))
    cells = ring.cells
    gaps = []
    for at in befores:  # ``find``, inlined
        item = cells[at]
        if item < 0:
            item = outside
        while pieces[item] != item:
            pieces[item] = pieces[pieces[item]]
            item = pieces[item]
        gaps.append(item)
    return tuple(gaps), arcs, cells


@cache
def ring_shape(mask: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """For a ring whose walkable positions are ``mask``: its arcs holding a side (their side positions)
    and, before each, the first obstacle position of the gap leading to it."""
    size = len(RING_STEPS)
    open_ = [bool(mask >> at & 1) for at in range(size)]
    start = next(at for at in range(size) if not open_[at] and open_[at - 1])
    befores: list[int] = []
    arcs: list[tuple[int, ...]] = []
    sides: list[int] = []
    current = -1
    for step in range(size):
        at = (start + step) % size
        if open_[at]:
            if at in ORTHOGONAL:
                sides.append(at)
            continue
        if sides:
            arcs.append(tuple(sides))
            befores.append(current)
            sides, current = [], -1
        if current < 0:
            current = at
    if sides:
        arcs.append(tuple(sides))
        befores.append(current)
    return tuple(befores), tuple(arcs)


def arc_pieces(gaps: tuple[int, ...]) -> list[int]:
    """Which arcs a tile would leave joined: a label per arc (equal labels, one piece).

    Two gaps in one obstacle piece close a loop through the tile around the arcs between them; two
    arcs stay joined unless such a loop has one of them inside and the other outside.
    """
    count = len(gaps)
    loops = [(i, j) for i in range(count) for j in range(i + 1, count) if gaps[i] == gaps[j]]
    label = list(range(count))
    for a in range(count):
        for b in range(a + 1, count):
            if label[b] == b and all((i <= a < j) == (i <= b < j) for i, j in loops):
                label[b] = label[a]
    return label


def cuts_apart(layout: Layout, square: int) -> tuple[bool, tuple[int, ...]]:
    """Whether a tile on the walkable ``square`` (its ring test failed) cuts the walkers apart, and its gaps' pieces."""
    gaps, _, _ = ring_gaps(layout, obstacles(layout).parent, square)
    return len(set(gaps)) < len(gaps), gaps
