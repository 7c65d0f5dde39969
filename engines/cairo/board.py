"""Kairo board geometry: squares, their names, kinds and sectors, and orthogonal neighbours.

The board (names from ``data/cairo.json``): columns ``a``–``n`` are x 0–13, rows ``1``–``13`` are
y 1–13 (north to south). x 1–12, y 1–12 is the souk (12×12, nine 4×4 sectors). Column ``a``,
column ``n`` and row 13 are the tavern zone (38 squares); a tavern square belongs to the sector it
borders. The queue squares ``q1``–``q5`` are at y 0 over the queue columns, joined to each other
and to the souk square below them.

Squares are numbered (``Square.index``): the tavern and souk squares row by row from the north,
then the queue squares from the west. Everything the rules ask of a square is a list indexed by
that number, built once.

For the quick local blocking test (``engines.cairo.paths.ring_keeps_joined``) each square also
knows its *ring*: the up to eight squares around it, clockwise from the north-west, as bits
(``Ring``), and ``around``: itself and those eight (what a change to one square can affect).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from engines.cairo.data import CairoData, load_cairo_data

SOUK = "souk"
TAVERN = "tavern"
QUEUE = "queue"
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""North, east, south, west: the order neighbours are listed in."""
RING_STEPS = ((-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))
"""The ring around a square, clockwise from the north-west: bit ``i`` of a ring mask is ``RING_STEPS[i]``."""


@dataclass(frozen=True, slots=True)
class Square:
    """One square of the board."""

    index: int
    name: str
    x: int
    y: int
    kind: str
    sector: str | None


@dataclass(frozen=True, slots=True, eq=False)
class Ring:
    """The squares around one square, as bits of an 8-bit mask (bit ``i`` is ``RING_STEPS[i]``).

    ``squares``: ``(bit, square)`` for each ring position on the board; ``cells``: the square at
    each ring position (-1: off the board). ``links``: bit ``i`` set when ring positions ``i`` and
    ``i + 1`` (mod 8) are neighbours on the board (both exist and are joined). ``sides``: the bits
    of the ring positions that are the square's own neighbours. ``answers``: per mask of walkable
    ring squares, the ring test's answer once worked out (shared by the rings alike).
    """

    squares: tuple[tuple[int, int], ...]
    cells: tuple[int, ...]
    links: int
    sides: int
    answers: list[bool | None]


class Board:
    """The fixed geometry: every square, its kind, sector and orthogonal neighbours."""

    def __init__(self, data: CairoData) -> None:
        self.data = data
        self.squares: tuple[Square, ...] = tuple(_all_squares(data))
        self.index: dict[str, int] = {square.name: square.index for square in self.squares}
        self.names: tuple[str, ...] = tuple(square.name for square in self.squares)
        self.kinds: tuple[str, ...] = tuple(square.kind for square in self.squares)
        self.sectors: tuple[str, ...] = tuple(square.sector or "" for square in self.squares)
        self.neighbours: tuple[tuple[int, ...], ...] = _neighbour_table(self.squares)
        self.queue: tuple[int, ...] = tuple(s.index for s in self.squares if s.kind == QUEUE)
        self.rings: tuple[Ring, ...] = _ring_table(self.squares, self.neighbours)
        self.around: tuple[tuple[int, ...], ...] = tuple(
            (square, *(other for _, other in ring.squares)) for square, ring in enumerate(self.rings)
        )
        """Each square and the squares of its ring."""
        self.souk_sides: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((1 << bit, other) for bit, other in enumerate(around) if self.kinds[other] == SOUK)
            for around in self.neighbours
        )
        """For each square, ``(bit, neighbour)`` for its souk neighbours (where an entrance may be): bit ``i``
        stands for ``neighbours[square][i]``."""
        self.width = max(square.x for square in self.squares) + 2
        """Bits per row of a board mask: one more than the columns, so a shift east or west off a row lands on a
        bit that no mask holds."""
        self.bits: tuple[int, ...] = tuple(1 << (square.y * self.width + square.x) for square in self.squares)
        """Each square as one bit of a board mask (row by row from the north, queue squares in row 0): a
        square's orthogonal neighbours are its bits shifted by 1 and by ``width``."""
        self.at: tuple[int, ...] = tuple(bit.bit_length() - 1 for bit in self.bits)
        """Each square's bit position in a board mask."""
        self.at_bit: dict[int, int] = {at: square for square, at in enumerate(self.at)}
        """The square of each bit position (``bit.bit_length() - 1``)."""

    def square(self, name: str) -> Square | None:
        """The square called ``name`` (lower case), or None."""
        found = self.index.get(name)
        return None if found is None else self.squares[found]

    def name(self, index: int) -> str:
        """The name of square ``index``."""
        return self.names[index]

    def of_kind(self, kind: str) -> tuple[int, ...]:
        """The squares of one kind, in board order."""
        return tuple(index for index, found in enumerate(self.kinds) if found == kind)

    def side(self, square: int, other: int) -> str | None:
        """Which side of ``square`` ``other`` lies on ("north", "east", "south", "west"), None if not next to it."""
        first, second = self.squares[square], self.squares[other]
        step = (second.x - first.x, second.y - first.y)
        return dict(zip(STEPS, ("north", "east", "south", "west"), strict=True)).get(step)


def _neighbour_table(squares: tuple[Square, ...]) -> tuple[tuple[int, ...], ...]:
    by_xy = {(s.x, s.y): s.index for s in squares}
    table = []
    for square in squares:
        around = (by_xy.get((square.x + dx, square.y + dy)) for dx, dy in STEPS)
        table.append(tuple(i for i in around if i is not None and _joined(square, squares[i])))
    return tuple(table)


def _ring_table(squares: tuple[Square, ...], neighbours: tuple[tuple[int, ...], ...]) -> tuple[Ring, ...]:
    """The ring of every square (see ``Ring``)."""
    by_xy = {(s.x, s.y): s.index for s in squares}
    table: list[Ring] = []
    answers: dict[tuple[int, int], list[bool | None]] = {}
    for square in squares:
        ring = [by_xy.get((square.x + dx, square.y + dy)) for dx, dy in RING_STEPS]
        links = sides = 0
        for bit, here in enumerate(ring):
            after = ring[(bit + 1) % len(ring)]
            if here is not None and after is not None and after in neighbours[here]:
                links |= 1 << bit
            if here is not None and here in neighbours[square.index]:
                sides |= 1 << bit
        found = tuple((1 << bit, here) for bit, here in enumerate(ring) if here is not None)
        cells = tuple(-1 if here is None else here for here in ring)
        shared = answers.setdefault((links, sides), [None] * (1 << len(RING_STEPS)))
        table.append(Ring(found, cells, links, sides, shared))
    return tuple(table)


def _joined(first: Square, second: Square) -> bool:
    """Queue squares touch only each other and the souk below them."""
    kinds = {first.kind, second.kind}
    return QUEUE not in kinds or kinds <= {QUEUE, SOUK}


def _all_squares(data: CairoData) -> Iterable[Square]:
    """Tavern and souk squares row by row (north to south), then the queue squares west to east."""
    size = data.souk_size
    index = 0
    for y in range(1, size + 2):
        for x in range(size + 2):
            kind = SOUK if 1 <= x <= size and y <= size else TAVERN
            yield Square(index, f"{data.columns[x]}{y}", x, y, kind, sector_at(data, x, y))
            index += 1
    for number, column in enumerate(data.queue_columns, start=1):
        yield Square(index, f"q{number}", data.columns.index(column), 0, QUEUE, None)
        index += 1


def sector_at(data: CairoData, x: int, y: int) -> str:
    """The sector of the square at x, y; tavern squares take the sector they border."""
    size = data.souk_size
    cx, cy = min(max(x, 1), size), min(max(y, 1), size)
    for code, sector in data.sectors.items():
        if sector.x[0] <= cx <= sector.x[1] and sector.y[0] <= cy <= sector.y[1]:
            return code
    raise ValueError(f"no sector holds {x},{y}")


@cache
def get_board() -> Board:
    """The board built from the packaged data (built once)."""
    return Board(load_cairo_data())
