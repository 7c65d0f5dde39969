"""Who stands where: a snapshot of the stalls, entrances and customers, as lists indexed by square.

Every placement and path question reads a ``Layout``. It holds no reference to the state it was
read from, only plain numbers and strings, so one snapshot serves every state with the same stalls
and customers: ``layout_of(state)`` keeps the most recent ones (a turn asks many questions of one
board, and a draw or a payment leaves it as it was). A snapshot also keeps the answers computed
from it (the path index, distances, building sites), each computed once.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from functools import cached_property
from threading import Lock

from engines.cairo.board import QUEUE, SOUK, Board, get_board
from engines.cairo.paths import PathIndex, distances, walking_steps
from engines.cairo.state import CairoState

NOBODY = -1
CACHE_SIZE = 16
"""Layouts kept: a turn asks many questions of one or two boards; older ones are not asked again."""


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


Key = tuple[tuple[tuple[int, str, int, str, str, tuple[str, ...]], ...], tuple[tuple[str, str], ...], int | None]


class Layout:
    """The board's occupants: for each square its stall tile, entrance and customer, and what follows."""

    def __init__(self, board: Board, spots: tuple[Spot, ...], customers: dict[str, int]) -> None:
        count = len(board.squares)
        self.board = board
        self.spots: dict[int, Spot] = {spot.id: spot for spot in spots}
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
        self.customers = customers
        kinds = board.kinds
        self.free = [
            kinds[i] != QUEUE and self.tile[i] < 0 and self.door[i] < 0 and self.customer[i] is None
            for i in range(count)
        ]
        self.walkable = [kinds[i] in (SOUK, QUEUE) and self.tile[i] < 0 for i in range(count)]
        self._steps: dict[str, dict[int, int]] = {}
        self.memo: dict[tuple[object, ...], object] = {}
        """Answers computed from this layout by the rules (building sites per colour ...)."""

    @cached_property
    def touching(self) -> list[int]:
        """For each square, the first neighbouring square holding a stall tile (north, east, south, west), or -1."""
        tile = self.tile
        return [next((n for n in around if tile[n] >= 0), NOBODY) for around in self.board.neighbours]

    @cached_property
    def mains_by_sector(self) -> dict[str, list[Spot]]:
        """The main stalls standing in each sector (a tavern square counts for the sector it borders)."""
        found: dict[str, list[Spot]] = {}
        for spot in self.spots.values():
            found.setdefault(self.board.sectors[spot.square], []).append(spot)
        return found

    @cached_property
    def paths(self) -> PathIndex:
        """Reachability between every customer and every entrance."""
        terminals = sorted({*self.customers.values(), *(s.door for s in self.spots.values())})
        return PathIndex(self.steps, terminals)

    @cached_property
    def steps(self) -> list[list[int]]:
        """For each square, the squares a customer standing there can step to."""
        return walking_steps(self.board.neighbours, self.walkable)

    def free_doors(self, colour: str) -> list[int]:
        """The entrances of ``colour`` stalls with no customer on them."""
        return [s.door for s in self.spots.values() if s.colour == colour and self.customer[s.door] is None]

    def steps_from(self, colour: str) -> dict[int, int]:
        """Steps from the ``colour`` customer's square to each free entrance of its colour it can reach."""
        found = self._steps.get(colour)
        if found is None:
            start, doors = self.customers[colour], self.free_doors(colour)
            found = self._steps[colour] = distances(self.steps, start, doors)
        return found

    @cached_property
    def open_squares(self) -> dict[str, list[tuple[int, tuple[int, ...]]]]:
        """Per kind of square: the free squares touching no stall, each with the entrances it may take.

        An entrance: a free souk square next to it, the stall and the entrance leaving every
        customer joined to every entrance. Colour rules (zone, one per sector) come on top.
        """
        board, free, touching, paths = self.board, self.free, self.touching, self.paths
        kinds, neighbours = board.kinds, board.neighbours
        found: dict[str, list[tuple[int, tuple[int, ...]]]] = {}
        for square in range(len(kinds)):
            if not free[square] or touching[square] >= 0:
                continue
            candidates = tuple(door for door in neighbours[square] if kinds[door] == SOUK and free[door])
            doors = paths.entrances_when_blocked(square, candidates) if candidates else ()
            if doors:
                found.setdefault(kinds[square], []).append((square, doors))
        return found


_CACHE: OrderedDict[Key, Layout] = OrderedDict()
_CACHE_LOCK = Lock()


def layout_key(state: CairoState, lifted: int | None = None) -> Key:
    """What a layout depends on: every stall (but ``lifted``) and every customer."""
    stalls = tuple((s.id, s.colour, s.owner, s.square, s.door, s.extensions) for s in state.stalls)
    return stalls, tuple(state.customers.items()), lifted


def layout_of(state: CairoState, lifted: int | None = None) -> Layout:
    """The layout of ``state`` (the stall ``lifted`` taken off the board first), from the cache when it can."""
    key = layout_key(state, lifted)
    with _CACHE_LOCK:
        found = _CACHE.get(key)
        if found is not None:
            _CACHE.move_to_end(key)
            return found
    board = get_board()
    index = board.index
    spots = tuple(
        Spot(sid, colour, owner, index[square], index[door], tuple(index[e] for e in extensions))
        for sid, colour, owner, square, door, extensions in key[0]
        if sid != lifted
    )
    layout = Layout(board, spots, {colour: index[square] for colour, square in key[1]})
    with _CACHE_LOCK:
        _CACHE[key] = layout
        if len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
    return layout
