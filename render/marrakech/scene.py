"""What the view says, in the picture's terms: carpet styles, rug pieces, squares, names.

Only the ``View`` is read (``details`` as ``engines.marrakech.view`` documents it); nothing here
computes a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engines.base import View
from render.grid import Square
from render.marrakech.arcs import DIRECTIONS
from render.palette import RGB, piece_rgb
from render.patterns import pattern_for
from render.words import NO_WORDS, Words

COLUMNS = "abcdefg"


@dataclass(frozen=True)
class CarpetStyle:
    """How one colour id looks: its name, fill and colour-blind-safe pattern."""

    name: str
    base: RGB
    pattern: str


@dataclass(frozen=True)
class RugPiece:
    """The visible part of one carpet: one square, or two neighbouring squares drawn as one rug."""

    squares: tuple[Square, ...]
    colour: int
    neutral: bool


def square_of(name: str) -> Square:
    """``"d4"`` -> ``(3, 3)``."""
    return (COLUMNS.index(name[0]), int(name[1:]) - 1)


def squares_of(names: Sequence[str] | None) -> list[Square]:
    return [square_of(name) for name in names or ()]


def player_name(view: View, seat: int, words: Words = NO_WORDS) -> str:
    """The seat's name as the host filled it in, else "Player N"."""
    return view.name_of(seat) or words("player", number=seat + 1)


def carpet_styles(view: View) -> list[CarpetStyle]:
    """The style of every colour id named in the view."""
    names: list[str] = view.details.get("colours") or []
    return [CarpetStyle(name, piece_rgb(name, cid), pattern_for(cid)) for cid, name in enumerate(names)]


def seat_letters(view: View) -> dict[int, str]:
    """What is written on each colour id's carpets in the phone layout: its merchant's seat number."""
    players: list[dict[str, Any]] = view.details.get("players") or []
    return {colour: str(player["seat"] + 1) for player in players for colour in player.get("colours", ())}


def style_of(styles: Sequence[CarpetStyle], colour: int) -> CarpetStyle:
    """The style of colour id ``colour``, made up if the view did not name it."""
    if 0 <= colour < len(styles):
        return styles[colour]
    return CarpetStyle("", piece_rgb(None, colour), pattern_for(colour))


def _joined(first: Square, second: Square) -> bool:
    delta = (second[0] - first[0], second[1] - first[1])
    return delta in DIRECTIONS.values()


def rug_pieces(board: Sequence[Sequence[dict[str, Any] | None]]) -> list[RugPiece]:
    """The visible carpets: the halves sharing a carpet id and a side form one piece."""
    by_carpet: dict[int, list[tuple[Square, dict[str, Any]]]] = {}
    for y, row in enumerate(board):
        for x, cell in enumerate(row):
            if cell is not None:
                by_carpet.setdefault(cell["carpet"], []).append(((x, y), cell))
    pieces: list[RugPiece] = []
    for halves in by_carpet.values():
        joined = len(halves) == 2 and _joined(halves[0][0], halves[1][0])
        for group in [halves] if joined else [[half] for half in halves]:
            cell = group[0][1]
            pieces.append(RugPiece(tuple(s for s, _ in group), cell["colour"], bool(cell.get("neutral", False))))
    return pieces
