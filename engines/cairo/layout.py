"""The ``Layout`` of a state: found in a few microseconds, derived from the last one after a move.

Every placement and path question reads a ``Layout`` (``engines.cairo.occupancy``). ``layout_of``
finds the one of a state, fastest first:

1. the layout kept with the state itself (``KEPT``, a key of the state's ``__dict__`` that is no
   pydantic field: not dumped, not compared, dropped when pickled) while its stalls and customers
   are still those the layout was read from;
2. else, when one move changed them (a new stall, an extension, customers walking), the kept
   layout's *derived* child, whose analyses update the parent's;
3. else a recent layout with the same stalls and customers (states rebuilt from a view, loaded,
   built by tests), or a fresh one.

A copy of a state (``copy_state``) keeps its layout, so a move applied to the copy finds the
layout before the move and derives the next one from it.
"""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock

from engines.cairo.board import get_board
from engines.cairo.occupancy import NOBODY, Layout, Spot, with_customers, with_extension, with_stall, without_stall
from engines.cairo.state import KEPT, CairoState, Stall

__all__ = ["NOBODY", "Layout", "Spot", "layout_of"]

CACHE_SIZE = 16
"""Layouts kept by content: a turn asks many questions of one or two boards; older ones are not asked again."""

Key = tuple[tuple[tuple[int, str, int, str, str, tuple[str, ...]], ...], tuple[tuple[str, str], ...], int | None]
Kept = tuple[list[Stall], dict[str, str], Layout]
"""What a state keeps: the stalls and customers its layout was read from, and the layout."""


def layout_of(state: CairoState, lifted: int | None = None) -> Layout:
    """The layout of ``state`` (the stall ``lifted`` taken off the board first)."""
    if lifted is not None:
        return lifted_layout(layout_of(state), lifted)
    kept: Kept | None = state.__dict__.get(KEPT)
    if kept is not None:
        stalls, customers, layout = kept
        if stalls == state.stalls and customers == state.customers:
            return layout
        found = following(layout, stalls, customers, state)
    else:
        found = None
    if found is None:
        found = cached_layout(state)
    state.__dict__[KEPT] = (list(state.stalls), dict(state.customers), found)
    return found


def following(layout: Layout, stalls: list[Stall], customers: dict[str, str], state: CairoState) -> Layout | None:
    """``layout`` after the one move that turned ``stalls`` and ``customers`` into the state's; None if more changed."""
    index = get_board().index
    if customers != state.customers:
        if stalls != state.stalls:
            return None
        return with_customers(layout, {colour: index[square] for colour, square in state.customers.items()})
    now = state.stalls
    if len(now) == len(stalls) + 1 and now[: len(stalls)] == stalls:
        return with_stall(layout, spot_of(now[-1]))
    changed = [
        at for at in range(len(now)) if at >= len(stalls) or (now[at] is not stalls[at] and now[at] != stalls[at])
    ]
    if len(now) != len(stalls) or len(changed) != 1:
        return None
    spot = spot_of(now[changed[0]])
    return with_extension(layout, spot, spot.extensions[-1]) if spot.extensions else None


def spot_of(stall: Stall) -> Spot:
    """The layout's view of ``stall``: squares as indexes."""
    index = get_board().index
    extensions = tuple(index[square] for square in stall.extensions)
    return Spot(stall.id, stall.colour, stall.owner, index[stall.square], index[stall.door], extensions)


# ---- layouts by content --------------------------------------------------------------------------
_CACHE: OrderedDict[Key, Layout] = OrderedDict()
_CACHE_LOCK = Lock()


def layout_key(state: CairoState, lifted: int | None = None) -> Key:
    """What a layout depends on: every stall (but ``lifted``) and every customer."""
    stalls = tuple((s.id, s.colour, s.owner, s.square, s.door, s.extensions) for s in state.stalls)
    return stalls, tuple(state.customers.items()), lifted


def cached_layout(state: CairoState) -> Layout:
    """A recent layout with the same stalls and customers, or a fresh one (then kept)."""
    key = layout_key(state)
    with _CACHE_LOCK:
        found = _CACHE.get(key)
        if found is not None:
            _CACHE.move_to_end(key)
            return found
    board = get_board()
    index = board.index
    spots = tuple(spot_of(stall) for stall in state.stalls)
    customers = {colour: index[square] for colour, square in key[1]}
    layout = Layout(board, spots, customers) if spots else empty_layout(customers)
    with _CACHE_LOCK:
        _CACHE[key] = layout
        if len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
    return layout


_EMPTY: dict[tuple[int, ...], Layout] = {}
EMPTY_SHARED = ("reach", "sites", "obstacles", "narrow")
"""The analyses of a board without stalls that hang on where the customers stand, not on who stands there."""
EMPTY_MEMO = frozenset({"site_list", "site_moves"})


def empty_layout(customers: dict[str, int]) -> Layout:
    """A layout without stalls: every game starts with one, its customers on the queue in some order.

    The first one with the customers on these squares is kept; a later one shares its lists and the
    answers found for it so far that do not hang on the customers' colours (the sites, the building
    sites of each colour), so a new game does not analyse the same empty board again.
    """
    board = get_board()
    where = tuple(sorted(customers.values()))
    with _CACHE_LOCK:
        first = _EMPTY.get(where)
        if first is None and len(_EMPTY) < CACHE_SIZE:
            first = _EMPTY[where] = Layout(board, (), customers)
            return first
    if first is None:
        return Layout(board, (), customers)
    layout = Layout.__new__(Layout)
    layout.board, layout.spots, layout.customers = board, {}, customers
    layout.tile, layout.main, layout.door = first.tile, first.main, first.door
    layout.customer = [None] * len(board.squares)
    for colour, square in customers.items():
        layout.customer[square] = colour
    layout.free, layout.walkable, layout.walk_bits = first.free, first.walkable, first.walk_bits
    layout.free_bits = first.free_bits
    layout.steps, layout.touching, layout.terminals = first.steps, first.touching, first.terminals
    layout.parent, layout.change = None, None
    layout._reset()
    layout._paths = first._paths
    for name in EMPTY_SHARED:
        if name in first.analyses:
            layout.analyses[name] = first.analyses[name]
    layout.memo.update((key, value) for key, value in tuple(first.memo.items()) if key[0] in EMPTY_MEMO)
    return layout


def lifted_layout(layout: Layout, lifted: int) -> Layout:
    """``layout`` with the stall ``lifted`` taken off the board (kept with ``layout``)."""
    key = ("lifted", lifted)
    found: Layout | None = layout.memo.get(key)
    if found is None:
        spot = layout.spots[lifted]
        if spot.extensions:
            spots = tuple(other for sid, other in layout.spots.items() if sid != lifted)
            found = Layout(layout.board, spots, layout.customers)
        else:
            found = without_stall(layout, lifted)
        layout.memo[key] = found
    return found
