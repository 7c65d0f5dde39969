"""The market's geometry and its notation: squares, neighbours, Assam's walk round the border arcs, carpet shapes.

A square is a flat index ``y * SIZE + x`` (x = column 0..6 west→east, letters ``a``–``g``; y = row
0..6 north→south, numbers ``1``–``7``), so index order is reading order: row first, then column.
Everything Assam can do from a square is tabled once at import (``WALKS``, ``PLACEMENTS_AT``):
the rules look values up instead of computing geometry move by move.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass

from engines.marrakech.data import DATA, FACINGS

SIZE = DATA.board_size
SQUARES = range(SIZE * SIZE)
COLUMNS = string.ascii_lowercase[:SIZE]
STEPS: dict[str, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
TURNS: dict[str, int] = {"left": -1, "straight": 0, "right": 1}
"""The ways a merchant may turn Assam, as quarter turns clockwise. He never turns around."""


# ---- squares and their names ------------------------------------------------------------------------
def index(x: int, y: int) -> int:
    """The square at column ``x``, row ``y``."""
    return y * SIZE + x


def coordinates(square: int) -> tuple[int, int]:
    """``(x, y)`` of ``square``."""
    return square % SIZE, square // SIZE


def on_board(x: int, y: int) -> bool:
    """Whether column ``x``, row ``y`` is a square of the market."""
    return 0 <= x < SIZE and 0 <= y < SIZE


SQUARE_NAMES: tuple[str, ...] = tuple(f"{COLUMNS[s % SIZE]}{s // SIZE + 1}" for s in SQUARES)
SQUARE_BY_NAME: dict[str, int] = {name: square for square, name in enumerate(SQUARE_NAMES)}


def square_name(square: int) -> str:
    """``24`` (column 3, row 3) -> ``"d4"``."""
    return SQUARE_NAMES[square]


def parse_square(text: str) -> int | None:
    """``"d4"`` -> its square; None if the text names no square of the market."""
    return SQUARE_BY_NAME.get(text.strip().lower())


def _neighbours(square: int) -> tuple[int, ...]:
    x, y = coordinates(square)
    return tuple(index(x + dx, y + dy) for dx, dy in STEPS.values() if on_board(x + dx, y + dy))


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(square) for square in SQUARES)
"""The squares sharing a side with each square (never diagonal ones)."""


# ---- Assam's facing and walk ------------------------------------------------------------------------
def turned(facing: str, turn: str) -> str:
    """The facing after turning ``left``/``straight``/``right``."""
    return FACINGS[(FACINGS.index(facing) + TURNS[turn]) % 4]


def opposite(facing: str) -> str:
    """The facing behind ``facing``."""
    return FACINGS[(FACINGS.index(facing) + 2) % 4]


def step(square: int, facing: str) -> tuple[int, str, bool]:
    """One step of Assam: the square, facing, and whether he rode a border arc (which counts as the step)."""
    x, y = coordinates(square)
    dx, dy = STEPS[facing]
    if on_board(x + dx, y + dy):
        return index(x + dx, y + dy), facing, False
    exit_x, exit_y, new_facing = DATA.border_arcs[facing][x if facing in "NS" else y]
    return index(exit_x, exit_y), new_facing, True


@dataclass(frozen=True, slots=True)
class Walk:
    """Assam's walk for one roll: the squares he stood on (start first), where he ends, facing which way."""

    path: tuple[int, ...]
    square: int
    facing: str
    round_border: bool


def walk(square: int, facing: str, steps: int) -> Walk:
    """Assam's walk of ``steps`` steps from ``square`` facing ``facing`` (tabled in ``WALKS`` for the die)."""
    path, crossed = [square], False
    for _ in range(steps):
        square, facing, arc = step(square, facing)
        path.append(square)
        crossed = crossed or arc
    return Walk(tuple(path), square, facing, crossed)


WALKS: dict[tuple[int, str, int], Walk] = {
    (square, facing, steps): walk(square, facing, steps)
    for square in SQUARES
    for facing in FACINGS
    for steps in set(DATA.die_faces)
}
"""Every walk a roll of the die can make, by (start square, facing, roll)."""


# ---- carpets ------------------------------------------------------------------------------------------
def placement_move(first: int, second: int) -> str:
    """The canonical move laying a carpet on two squares: ``place c3-d3`` (reading order)."""
    first, second = min(first, second), max(first, second)
    return f"place {SQUARE_NAMES[first]}-{SQUARE_NAMES[second]}"


PLACEMENTS: dict[str, tuple[int, int]] = {placement_move(a, b): (a, b) for a in SQUARES for b in NEIGHBOURS[a] if a < b}
"""Every pair of side-by-side squares, by its move text, in reading order."""


def _placements_at(assam: int) -> dict[str, tuple[int, int]]:
    """The carpet shapes beside Assam: one square touching his, none on it, in reading order.

    Each square beside Assam has at least two other neighbours, and at most one of them can be
    the other visible half of the same carpet, so a legal placement always exists.
    """
    found = {
        move: (a, b)
        for move, (a, b) in PLACEMENTS.items()
        if assam not in (a, b) and (a in NEIGHBOURS[assam] or b in NEIGHBOURS[assam])
    }
    return dict(sorted(found.items(), key=lambda item: item[1]))


PLACEMENTS_AT: tuple[dict[str, tuple[int, int]], ...] = tuple(_placements_at(square) for square in SQUARES)
"""For each square of Assam, the carpet shapes touching it: move text -> squares, in reading order."""

_PLACEMENT_TEXT = re.compile(r"(?:place\s+)?([a-z]+\d+)\s*[-\s]\s*([a-z]+\d+)")


def placement_texts(move: str) -> tuple[str, str] | None:
    """The two square texts of ``place X-Y`` (also ``place X Y``, ``X-Y``), or None if it is not that shape."""
    match = _PLACEMENT_TEXT.fullmatch(" ".join(move.lower().split()))
    return (match[1], match[2]) if match else None


def parse_placement(move: str) -> tuple[int, int] | None:
    """The two squares a placement names, as written; None unless it names two squares of the market."""
    texts = placement_texts(move)
    if texts is None:
        return None
    first, second = parse_square(texts[0]), parse_square(texts[1])
    return None if first is None or second is None else (first, second)
