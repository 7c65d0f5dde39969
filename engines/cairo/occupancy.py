"""Who stands where: the stalls, entrances and customers as lists indexed by square (a ``Layout``).

A layout holds no reference to the state it was read from, only plain numbers and strings, so one
layout serves every state with the same stalls and customers. It is built afresh (``Layout``) or
*derived* from the layout one move earlier (``with_stall``, ``with_extension``,
``with_customers``): the lists are copied and the few squares the move touched are patched, and
the ``Change`` records what differs, so the analyses kept with a layout (``engines.cairo.reach``,
``engines.cairo.sites``) can update the parent's answers instead of computing them again.

A layout is never changed once built; its analyses are filled in when first asked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.cairo.board import QUEUE, SOUK, Board
from engines.cairo.paths import PathIndex, walking_steps

NOBODY = -1
GENERATIONS = 12
MAIN_ANSWERS = frozenset({"owned_colours", "closed", "sectors_taken"})
"""Answers that depend on the main stalls alone (colours and squares): an extension keeps them too."""
"""How many ancestors a derived layout keeps (their answers may be updated for it; older ones are let go)."""


@dataclass(frozen=True, slots=True)
class Spot:
    """One stall as the layout sees it: squares as indexes."""

    id: int
    colour: str
    owner: int
    square: int
    door: int
    extensions: tuple[int, ...]

    @property
    def size(self) -> int:
        return 1 + len(self.extensions)

    @property
    def tiles(self) -> tuple[int, ...]:
        return (self.square, *self.extensions)


@dataclass(slots=True)  # never changed once made (not frozen: a frozen dataclass is three times as slow to make)
class Change:
    """What a derived layout changed from its parent.

    ``touched``: the squares that got a tile, an entrance, or became free or not free (a customer
    moving between a queue square and an entrance touches nothing). ``blocked``: the square that
    stopped being walkable (-1: none). ``terminals``: whether the squares with a customer or an
    entrance changed; ``arrived``: the squares that became one.
    """

    touched: tuple[int, ...]
    blocked: int = -1
    terminals: bool = False
    arrived: tuple[int, ...] = ()


class Layout:
    """The board's occupants: for each square its stall tile, entrance and customer, and what follows.

    ``tile``/``door``: the id of the stall with a tile / its entrance there (-1: none); ``main``:
    the tile is a main stall; ``customer``: the colour standing there; ``free``: no stall, entrance,
    customer, not a queue square (``free_bits``: the same as one board mask); ``walkable``: customers
    may stand there (``walk_bits``: the same as one board mask, ``Board.bits``); ``steps``: for each
    square, the walkable neighbours a customer standing there can step to; ``touching``: the first
    neighbouring square (north, east, south, west) with a stall tile; ``terminals``: the squares
    with a customer or an entrance, sorted.
    """

    __slots__ = (
        "_mains",
        "_paths",
        "analyses",
        "board",
        "change",
        "customer",
        "customers",
        "door",
        "free",
        "free_bits",
        "main",
        "memo",
        "parent",
        "spots",
        "stalls_memo",
        "steps",
        "terminals",
        "tile",
        "touching",
        "walk_bits",
        "walkable",
    )

    def __init__(self, board: Board, spots: tuple[Spot, ...], customers: dict[str, int]) -> None:
        count = len(board.squares)
        self.board = board
        self.spots: dict[int, Spot] = {spot.id: spot for spot in spots}
        self.customers = customers
        self.tile = [NOBODY] * count
        self.main = [False] * count
        self.door = [NOBODY] * count
        self.customer: list[str | None] = [None] * count
        for spot in spots:
            self.tile[spot.square] = spot.id
            self.main[spot.square] = True
            for extension in spot.extensions:
                self.tile[extension] = spot.id
            self.door[spot.door] = spot.id
        for colour, square in customers.items():
            self.customer[square] = colour
        self.free = [self._is_free(square) for square in range(count)]
        self.free_bits = sum(bit for bit, free in zip(board.bits, self.free, strict=True) if free)
        self.walkable = [self._is_walkable(square) for square in range(count)]
        self.walk_bits = sum(bit for bit, walkable in zip(board.bits, self.walkable, strict=True) if walkable)
        self.steps = walking_steps(board.neighbours, self.walkable)
        self.touching = [self._first_tile_around(square) for square in range(count)]
        self.terminals = _terminals(customers, spots)
        self.parent: Layout | None = None
        self.change: Change | None = None
        self._reset()

    def _reset(self) -> None:
        """No analysis yet."""
        self._mains: dict[str, list[Spot]] | None = None
        self._paths: PathIndex | None = None
        self.analyses: dict[str, Any] = {}
        """The analyses of ``engines.cairo.reach`` and ``engines.cairo.sites``, by name, once computed."""
        self.memo: dict[tuple[object, ...], Any] = {}
        """Answers computed from this layout by the rules (building sites per colour, texts ...), by key.

        Each key's answer has its own type: the function that fills a key reads it back into a typed name."""
        self.stalls_memo: dict[tuple[object, ...], Any] = {}
        """Answers that depend on the stalls alone (whose stalls, extensions left ...): a layout whose customers
        alone moved shares its parent's dict, so an answer found for either serves both."""

    # ---- one square ---------------------------------------------------------------------------
    def _is_free(self, square: int) -> bool:
        """No tile, entrance or customer, and not a queue square."""
        return (
            self.board.kinds[square] != QUEUE
            and self.tile[square] < 0
            and self.door[square] < 0
            and self.customer[square] is None
        )

    def _is_walkable(self, square: int) -> bool:
        """A souk or queue square without a tile."""
        return self.board.kinds[square] in (SOUK, QUEUE) and self.tile[square] < 0

    def _first_tile_around(self, square: int) -> int:
        """The first neighbour of ``square`` holding a stall tile, or -1."""
        tile = self.tile
        for other in self.board.neighbours[square]:
            if tile[other] >= 0:
                return other
        return NOBODY

    # ---- what follows ------------------------------------------------------------------------
    @property
    def mains_by_sector(self) -> dict[str, list[Spot]]:
        """The main stalls standing in each sector (a tavern square counts for the sector it borders)."""
        if self._mains is None:
            found: dict[str, list[Spot]] = {}
            for spot in self.spots.values():
                found.setdefault(self.board.sectors[spot.square], []).append(spot)
            self._mains = found
        return self._mains

    @property
    def paths(self) -> PathIndex:
        """Reachability between every customer and every entrance (the global blocking test).

        A layout whose customers alone moved reuses its parent's search of the walkable squares.
        """
        if self._paths is None:
            parent, change = self.parent, self.change
            tree = None
            if parent is not None and parent._paths is not None and change is not None and change.blocked < 0:
                tree = parent._paths.tree
            self._paths = PathIndex(self.steps, self.terminals, tree)
        return self._paths

    # ---- derived layouts ---------------------------------------------------------------------
    def _child(self) -> Layout:
        """A copy of the lists (to be patched), with this layout as its parent."""
        child = Layout.__new__(Layout)
        child.board, child.spots, child.customers = self.board, self.spots, self.customers
        child.tile, child.main, child.door = self.tile, self.main, self.door
        child.customer, child.free, child.walkable = self.customer, self.free, self.walkable
        child.walk_bits, child.free_bits = self.walk_bits, self.free_bits
        child.steps, child.touching, child.terminals = self.steps, self.touching, self.terminals
        child.parent, child.change = self, None
        child._reset()
        ancestor = self
        for _ in range(GENERATIONS - 1):
            if ancestor.parent is None:
                break
            ancestor = ancestor.parent
        ancestor.parent = None
        return child

    def _place_tile(self, square: int, sid: int, main: bool) -> int:
        """Patch a stall tile onto ``square`` (lists already copied); the square walkers lose, or -1."""
        self.tile[square] = sid
        self.main[square] = main
        self.free[square] = False
        self.free_bits &= ~self.board.bits[square]
        for other in self.board.neighbours[square]:
            self.touching[other] = self._first_tile_around(other)
        if not self.walkable[square]:
            return NOBODY
        self.walkable[square] = False
        self.walk_bits ^= self.board.bits[square]
        for other in self.steps[square]:
            self.steps[other] = [n for n in self.steps[other] if n != square]
        self.steps[square] = []
        return square

    def _copy_tiles(self) -> None:
        """Own copies of the lists a tile changes."""
        self.tile, self.main, self.free = list(self.tile), list(self.main), list(self.free)
        self.walkable, self.steps, self.touching = list(self.walkable), list(self.steps), list(self.touching)


def with_stall(parent: Layout, spot: Spot) -> Layout | None:
    """``parent`` with the new main stall ``spot`` (no extension yet); None if it does not fit on free squares."""
    free = parent.free
    if spot.id in parent.spots or spot.extensions or spot.square == spot.door:
        return None
    if not free[spot.square] or not free[spot.door]:
        return None
    child = parent._child()
    child._copy_tiles()
    child.door = list(parent.door)
    child.spots = {**parent.spots, spot.id: spot}
    child.door[spot.door] = spot.id
    child.free[spot.door] = False
    child.free_bits &= ~parent.board.bits[spot.door]
    blocked = child._place_tile(spot.square, spot.id, True)
    child.terminals = tuple(sorted({*parent.terminals, spot.door}))
    child.change = Change((spot.square, spot.door), blocked, True, (spot.door,))
    return child


def with_extension(parent: Layout, spot: Spot, square: int) -> Layout | None:
    """``parent`` with ``spot`` (already on the board, smaller by ``square``) extended onto ``square``."""
    old = parent.spots.get(spot.id)
    if old is None or (*old.extensions, square) != spot.extensions or not parent.free[square]:
        return None
    if (old.colour, old.owner, old.square, old.door) != (spot.colour, spot.owner, spot.square, spot.door):
        return None
    child = parent._child()
    child._copy_tiles()
    child.spots = {**parent.spots, spot.id: spot}
    blocked = child._place_tile(square, spot.id, False)
    child.change = Change((square,), blocked, False)
    child.stalls_memo.update((key, value) for key, value in parent.stalls_memo.items() if key[0] in MAIN_ANSWERS)
    return child


def with_customers(parent: Layout, customers: dict[str, int]) -> Layout | None:
    """``parent`` with the customers standing on ``customers``; None if two would share a square."""
    customer = list(parent.customer)
    moved = []
    for colour, square in parent.customers.items():
        if customers.get(colour) != square:
            customer[square] = None
            moved.append(square)
    for colour, square in customers.items():
        if parent.customers.get(colour) != square:
            if customer[square] is not None:
                return None
            customer[square] = colour
            moved.append(square)
    child = parent._child()
    child.customers, child.customer = customers, customer
    touched = tuple(square for square in dict.fromkeys(moved) if child._is_free(square) != parent.free[square])
    if touched:
        child.free = list(parent.free)
        for square in touched:
            child.free[square] = not parent.free[square]
            child.free_bits ^= parent.board.bits[square]
    terminals = set(parent.terminals)
    for square in moved:
        if customer[square] is not None or parent.door[square] >= 0:
            terminals.add(square)
        else:
            terminals.discard(square)
    changed = len(terminals) != len(parent.terminals) or not terminals.issuperset(parent.terminals)
    child.terminals = tuple(sorted(terminals)) if changed else parent.terminals
    arrived = tuple(terminals.difference(parent.terminals)) if changed else ()
    child.change = Change(touched, NOBODY, changed, arrived)
    child._mains = parent._mains
    child.stalls_memo = parent.stalls_memo
    return child


def without_stall(layout: Layout, sid: int) -> Layout:
    """``layout`` with the unextended stall ``sid`` lifted off the board (a layout of its own: no parent)."""
    spot = layout.spots[sid]
    lifted = Layout.__new__(Layout)
    lifted.board, lifted.customers = layout.board, layout.customers
    lifted.spots = {key: value for key, value in layout.spots.items() if key != sid}
    lifted.tile, lifted.main, lifted.door = list(layout.tile), list(layout.main), list(layout.door)
    lifted.customer, lifted.free, lifted.walkable = layout.customer, list(layout.free), list(layout.walkable)
    lifted.steps, lifted.touching = list(layout.steps), list(layout.touching)
    lifted.parent, lifted.change = None, None
    lifted._reset()
    lifted.tile[spot.square], lifted.main[spot.square], lifted.door[spot.door] = NOBODY, False, NOBODY
    lifted.free_bits = layout.free_bits
    for square in (spot.square, spot.door):
        lifted.free[square] = lifted._is_free(square)
        if lifted.free[square]:
            lifted.free_bits |= layout.board.bits[square]
        else:
            lifted.free_bits &= ~layout.board.bits[square]
    lifted.walkable[spot.square] = lifted._is_walkable(spot.square)
    lifted.walk_bits = layout.walk_bits | (layout.board.bits[spot.square] if lifted.walkable[spot.square] else 0)
    neighbours, walkable = layout.board.neighbours, lifted.walkable
    for square in (spot.square, *neighbours[spot.square]):
        lifted.steps[square] = [n for n in neighbours[square] if walkable[n]] if walkable[square] else []
        lifted.touching[square] = lifted._first_tile_around(square)
    lifted.terminals = _terminals(layout.customers, tuple(lifted.spots.values()))
    return lifted


def _terminals(customers: dict[str, int], spots: tuple[Spot, ...]) -> tuple[int, ...]:
    """The squares with a customer or an entrance, sorted."""
    return tuple(sorted({*customers.values(), *(spot.door for spot in spots)}))
