"""The market's geometry and its names: stalls, their corner spaces, juice points, neighbours, the rooftop ring.

A stall is a flat index ``y * SIZE + x`` (x = column 0..4 west→east, letters ``a``–``e``; y = row
0..4 north→south, numbers ``1``–``5``): ``c3`` is column c, row 3. Its four worker spaces are its
corners ``nw ne sw se``; space index ``stall * 4 + corner``, named ``c3 ne``. The juice tokens lie
on the (SIZE+1)×(SIZE+1) grid intersections ("points", index ``py * (SIZE+1) + px``); the corner
of a stall touches one point, which up to four stalls share. Everything is tabled once at import.
"""

from __future__ import annotations

import string

from engines.morocco.data import COLOURS, DATA

SIZE = DATA.market_size
STALLS = range(SIZE * SIZE)
SPACES = range(SIZE * SIZE * 4)
POINT_SIDE = SIZE + 1
POINTS = range(POINT_SIDE * POINT_SIDE)
COLUMN_LETTERS = string.ascii_lowercase[:SIZE]
CORNERS: tuple[str, ...] = DATA.corners
DIRECTIONS: tuple[str, ...] = ("north", "east", "south", "west")
STEPS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
CORNER_OFFSETS: tuple[tuple[int, int], ...] = ((0, 0), (1, 0), (0, 1), (1, 1))
"""Where each corner (nw, ne, sw, se) lies, in points, from the stall's north-west point."""
RING = range(1, DATA.roof_spaces + 1)
"""The rooftop ring spaces, numbered 1..5 clockwise; 0 is the centre where the pawn starts."""


def stall_at(x: int, y: int) -> int:
    """The stall at column ``x``, row ``y``; -1 off the market."""
    return y * SIZE + x if 0 <= x < SIZE and 0 <= y < SIZE else -1


def stall_xy(stall: int) -> tuple[int, int]:
    """``(x, y)`` of ``stall``."""
    return stall % SIZE, stall // SIZE


STALL_NAMES: tuple[str, ...] = tuple(f"{COLUMN_LETTERS[s % SIZE]}{s // SIZE + 1}" for s in STALLS)
STALL_BY_NAME: dict[str, int] = {name: stall for stall, name in enumerate(STALL_NAMES)}
SPACE_NAMES: tuple[str, ...] = tuple(f"{STALL_NAMES[s // 4]} {CORNERS[s % 4]}" for s in SPACES)
SPACE_BY_NAME: dict[str, int] = {name: space for space, name in enumerate(SPACE_NAMES)}
COLOUR_BY_NAME: dict[str, int] = {name: index for index, name in enumerate(COLOURS)}
DIRECTION_BY_NAME: dict[str, int] = {name: index for index, name in enumerate(DIRECTIONS)}


def row_of(stall: int) -> int:
    """The row index (0..4) of ``stall``: its row cube is ``rows[row_of(stall)]``."""
    return stall // SIZE


def column_of(stall: int) -> int:
    """The column index (0..4) of ``stall``: its column cube is ``columns[column_of(stall)]``."""
    return stall % SIZE


def _point_of(space: int) -> int:
    x, y = stall_xy(space // 4)
    dx, dy = CORNER_OFFSETS[space % 4]
    return (y + dy) * POINT_SIDE + x + dx


POINT_OF: tuple[int, ...] = tuple(_point_of(space) for space in SPACES)
"""The juice point each space touches."""


def _point_name(point: int) -> str:
    """A point named after the first space (in index order) that touches it, e.g. ``a1 nw`` or ``e5 se``."""
    return SPACE_NAMES[POINT_OF.index(point)]


POINT_NAMES: tuple[str, ...] = tuple(_point_name(point) for point in POINTS)


def _neighbour(stall: int, direction: int) -> int:
    x, y = stall_xy(stall)
    dx, dy = STEPS[direction]
    return stall_at(x + dx, y + dy)


NEIGHBOUR: tuple[tuple[int, ...], ...] = tuple(tuple(_neighbour(s, d) for d in range(4)) for s in STALLS)
"""``NEIGHBOUR[stall][direction]``: the stall north/east/south/west of ``stall``, or -1 off the market."""
ADJACENT: tuple[tuple[int, ...], ...] = tuple(tuple(n for n in row if n >= 0) for row in NEIGHBOUR)


def _cousin_spaces(space: int) -> tuple[int, ...]:
    """Spaces of orthogonally adjacent stalls touching the same point as ``space`` (GAMES.md ruling 6)."""
    point = POINT_OF[space]
    return tuple(
        other
        for neighbour in ADJACENT[space // 4]
        for other in range(neighbour * 4, neighbour * 4 + 4)
        if POINT_OF[other] == point
    )


COUSIN_SPACES: tuple[tuple[int, ...], ...] = tuple(_cousin_spaces(space) for space in SPACES)
"""Where a cousin's free assistant may go after the first one stands on ``space``."""


def ring_neighbours(space: int) -> tuple[int, int]:
    """The two ring spaces beside ring space ``space`` (1..5)."""
    count = len(RING)
    return (space - 2) % count + 1, space % count + 1
