"""Move texts formatted once: a site's ``build red e5 door e6`` is the same string in every game.

The generators (``engines.cairo.moves``) list the same few thousand texts over and over; the
tables here format each one the first time it is needed and hand out the same string after.
"""

from __future__ import annotations

from functools import cache

from engines.cairo.board import get_board

MASKS = 16
"""Entrance masks of one square: a bit per neighbour (``Board.souk_sides``), at most four."""


@cache
def site_table(word: str, colour: str) -> list[list[tuple[str, ...] | None]]:
    """Per square, per entrance mask: the site texts (filled in by ``site_texts_at``; None until then)."""
    return [[None] * MASKS for _ in get_board().squares]


def site_texts_at(word: str, colour: str, square: int, mask: int) -> tuple[str, ...]:
    """``{word} {colour} {square} door {door}`` for every entrance of ``mask``, in neighbour order."""
    row = site_table(word, colour)[square]
    found = row[mask]
    if found is None:
        board = get_board()
        name, names = board.names[square], board.names
        found = row[mask] = tuple(
            f"{word} {colour} {name} door {names[door]}" for bit, door in board.souk_sides[square] if mask & bit
        )
    return found


@cache
def _square_table(form: str, colour: str) -> tuple[str, ...]:
    """``form`` filled in with ``colour`` and each square's name, for every square."""
    return tuple(form.format(colour=colour, square=name) for name in get_board().names)


def extend_text(colour: str, square: int) -> str:
    """``extend red f5``."""
    return _square_table("extend {colour} {square}", colour)[square]


@cache
def extend_texts(colour: str) -> tuple[str, ...]:
    """``extend_text`` of every square for one colour."""
    return _square_table("extend {colour} {square}", colour)


def attract_text(colour: str, square: int) -> str:
    """``attract red to f6``."""
    return _square_table("attract {colour} to {square}", colour)[square]
