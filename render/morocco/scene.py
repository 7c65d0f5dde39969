"""Reading a Morocco ``View`` for the picture: stalls, players, colours and marks (no rules computed here).

Player colours and their patterns, the cube colours and their letters (``cube_letter``: in English K is black,
B brown), and the
worker shapes (assistant round, bodyguard square, tourist triangle) are chosen here, so that every
mark reads without colour: a seat number on every piece and tile, a letter on every cube.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.base import View
from render.palette import RGB, piece_rgb
from render.patterns import pattern_for
from render.words import NO_WORDS, Words

PLAYER_COLOURS = ("blue", "red", "yellow", "teal", "pink")
CUBE_COLOURS = ("orange", "black", "purple", "green", "brown")
CORNERS = ("nw", "ne", "sw", "se")
DIRECTION_STEPS = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
COLUMN_LETTERS = "abcde"


@dataclass(frozen=True)
class Worker:
    corner: str
    seat: int
    kind: str


@dataclass(frozen=True)
class Stall:
    """One stall as the view shows it; ``x``, ``y`` its column and row (0-based)."""

    name: str
    x: int
    y: int
    open: bool
    tile_seat: int | None
    arrow: str | None
    overflow: int
    count: int
    workers: tuple[Worker, ...]


def player_rgb(seat: int) -> RGB:
    """The colour of ``seat``'s pieces and tiles."""
    return piece_rgb(PLAYER_COLOURS[seat % len(PLAYER_COLOURS)], seat)


def player_pattern(seat: int) -> str:
    return pattern_for(seat)


def cube_rgb(colour: str) -> RGB:
    return piece_rgb(colour, 0)


def cube_letter(colour: str, words: Words) -> str:
    """The letter on ``colour``'s cubes and die face in ``words``' language (English "black" -> "K")."""
    return words(f"letter:cube:{colour}")


def stall_xy(name: str) -> tuple[int, int]:
    """``"c3"`` -> ``(2, 2)``."""
    return COLUMN_LETTERS.index(name[0]), int(name[1:]) - 1


def stalls(view: View) -> list[Stall]:
    """The 25 stalls of the view."""
    found = []
    for entry in view.details.get("stalls", []):
        x, y = stall_xy(entry["stall"])
        workers = tuple(Worker(w["corner"], w["seat"], w["kind"]) for w in entry.get("workers", []))
        found.append(
            Stall(
                name=entry["stall"],
                x=x,
                y=y,
                open=entry["open"],
                tile_seat=entry.get("tile_seat"),
                arrow=entry.get("arrow"),
                overflow=entry.get("overflow", 0),
                count=entry.get("count", 0),
                workers=workers,
            )
        )
    return found


def player_name(view: View, seat: int, words: Words = NO_WORDS) -> str:
    """The player's name from the view, else "Player N"."""
    name = view.name_of(seat)
    return name or words("player", number=seat + 1)


def details(view: View) -> dict[str, Any]:
    return view.details
