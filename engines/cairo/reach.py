"""What the customers reach on a ``Layout``: their piece of the board, their walks, and what a tile would cut.

Each answer is kept with the layout (``Layout.analyses``) and, for a layout derived from its
parent by one move, updated from the parent's answer rather than computed again:

* ``reach``: the terminals' piece (the squares joined to every customer and entrance). A tile
  takes its square out of the piece; only a tile that may cut the piece in two (the local test
  fails) makes us search again.
* ``walk_from``: a customer's distance to every square. A tile lengthens only the walks that ran
  through its square (``distances_after_blocking``); a customer who moved walks afresh.
* ``tile_allowed`` / ``allowed_entrances``: the rule "every entrance stays reachable by every
  customer", by the local ring test when it suffices, else by the layout's ``PathIndex``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engines.cairo.cuts import cut_at
from engines.cairo.occupancy import Layout
from engines.cairo.paths import distances_after_blocking, ring_joined_at, walk_distances


@dataclass(slots=True)  # never changed once made (not frozen: a frozen dataclass is three times as slow to make)
class Reach:
    """The terminals' piece: ``inside[square]``; ``joined``: every terminal is in it; ``any``: there are terminals.

    ``derived``: updated from the parent layout's piece (False: searched afresh); ``left``: the
    squares that left the piece then, besides the one blocked (a pocket closed off).
    """

    inside: list[bool]
    joined: bool
    any: bool
    derived: bool
    left: tuple[int, ...] = ()


def reach(layout: Layout) -> Reach:
    """The terminals' piece of ``layout`` (kept with it)."""
    found: Reach | None = layout.analyses.get("reach")
    if found is None:
        found = layout.analyses["reach"] = _derived_reach(layout) or _fresh_reach(layout)
    return found


def _fresh_reach(layout: Layout) -> Reach:
    """Search from the first terminal."""
    terminals = layout.terminals
    if not terminals:
        return Reach([False] * len(layout.steps), True, False, False)
    inside = [dist >= 0 for dist in walk_distances(layout.steps, terminals[0])]
    return Reach(inside, all(inside[t] for t in terminals), True, False)


def _derived_reach(layout: Layout) -> Reach | None:
    """The parent's piece less the square its tile blocked and what that closed off (None: search afresh)."""
    parent, change = layout.parent, layout.change
    if parent is None or change is None:
        return None
    old = reach(parent)
    if not old.joined or not old.any or not layout.terminals:
        return None
    inside, blocked = old.inside, change.blocked
    left: tuple[int, ...] = ()
    if blocked >= 0 and inside[blocked]:
        board = layout.board
        if ring_joined_at(board.rings[blocked], board.at[blocked], board.width, layout.walk_bits, layout.walkable):
            inside = list(inside)
            inside[blocked] = False
        elif (found := _after_cut(parent, inside, blocked)) is not None:
            inside, left = found
        else:
            return None
    for terminal in change.arrived:
        if not inside[terminal]:
            return None
    return Reach(inside, True, True, True, left)


def _after_cut(parent: Layout, inside: list[bool], blocked: int) -> tuple[list[bool], tuple[int, ...]] | None:
    """The piece once ``blocked`` (in it) gets a tile, by the cut it makes; None if the tile splits terminals.

    Also the squares that leave with it: the pieces cut off that hold no terminal.
    """
    cut, _ = cut_at(parent, blocked)
    if cut is not None and not cut.allowed:
        return None
    keep = cut.squares[cut.holding()] if cut is not None else None
    if cut is None:
        left: tuple[int, ...] = ()
    elif keep is None:
        left = tuple(square for squares in cut.squares if squares is not None for square in squares)
    else:
        left = tuple(
            square for square, there in enumerate(inside) if there and square not in keep and square != blocked
        )
    inside = list(inside)
    inside[blocked] = False
    for square in left:
        inside[square] = False
    return inside, left


# ---- walks ------------------------------------------------------------------------------------
def walk_from(layout: Layout, colour: str) -> list[int]:
    """Steps from the ``colour`` customer's square to every square (-1: out of reach)."""
    walks: dict[str, list[int]] = layout.analyses.setdefault("walks", {})
    found = walks.get(colour)
    if found is None:
        start = layout.customers[colour]
        found = walks[colour] = _derived_walk(layout, colour, start) or walk_distances(layout.steps, start)
    return found


def _derived_walk(layout: Layout, colour: str, start: int) -> list[int] | None:
    """The parent's walk of a customer who stayed put, lengthened around the tile just placed."""
    parent, change = layout.parent, layout.change
    if parent is None or change is None or parent.customers.get(colour) != start:
        return None
    walks: dict[str, list[int]] = parent.analyses.get("walks", {})
    old = walks.get(colour)
    if old is None or change.blocked < 0:
        return old
    return distances_after_blocking(layout.steps, old, change.blocked, parent.steps[change.blocked])


# ---- what a tile would cut -------------------------------------------------------------------------
def narrow_bits(layout: Layout) -> int:
    """The walkable squares whose ring test fails (a tile there might cut the walkers apart), as a board mask
    (kept with the layout; a derived layout asks again only the squares around the one its tile blocked)."""
    found: int | None = layout.analyses.get("narrow")
    if found is None:
        parent, change = layout.parent, layout.change
        if parent is None or change is None:
            found = _narrow_among(layout, 0, range(len(layout.walkable)))
        elif change.blocked < 0:
            found = narrow_bits(parent)
        else:
            found = _narrow_among(layout, narrow_bits(parent), layout.board.around[change.blocked])
        layout.analyses["narrow"] = found
    return found


def _narrow_among(layout: Layout, mask: int, squares: Iterable[int]) -> int:
    """``mask`` with the bits of ``squares`` set again by the ring test."""
    board, walkable, walk = layout.board, layout.walkable, layout.walk_bits
    rings, at, bits, width = board.rings, board.at, board.bits, board.width
    for square in squares:
        if walkable[square] and not ring_joined_at(rings[square], at[square], width, walk, walkable):
            mask |= bits[square]
        else:
            mask &= ~bits[square]
    return mask


def needs_search(layout: Layout, found: Reach, square: int) -> bool:
    """Whether a tile on ``square`` can only be judged by the global test (it might cut the piece)."""
    if not (found.any and layout.walkable[square] and found.inside[square]):
        return False
    board = layout.board
    return not ring_joined_at(board.rings[square], board.at[square], board.width, layout.walk_bits, layout.walkable)


def tile_allowed(layout: Layout, square: int) -> bool:
    """Whether a tile on ``square`` keeps every terminal joined to every other (``PathIndex.can_block``)."""
    found = reach(layout)
    if not found.joined:
        return False
    if needs_search(layout, found, square):
        cut, _ = cut_at(layout, square)
        return cut is None or cut.allowed
    return True


def allowed_entrances(layout: Layout, square: int, candidates: tuple[int, ...]) -> tuple[int, ...]:
    """The ``candidates`` that may be the entrance of a tile on ``square`` (``PathIndex.entrances_when_blocked``)."""
    found = reach(layout)
    if not found.joined:
        return ()
    if not found.any:
        return candidates
    cut = cut_at(layout, square)[0] if needs_search(layout, found, square) else None
    if cut is not None:
        keep = cut.sides[cut.holding()] if cut.allowed else ()
        return tuple(door for door in candidates if door in keep)
    inside = found.inside
    return tuple(door for door in candidates if inside[door])
