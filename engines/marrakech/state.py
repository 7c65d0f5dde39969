"""The state of a game of Marrakech: flat lists and scalars only, so copying it is cheap.

Squares are indices into the board lists (see ``engines.marrakech.board``); colours are colour
ids (indices into ``DATA.colour_names``); which seat owns which colour follows from the number
of players (``data.colour_owners``).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from engines.base import GameState

Phase = Literal["orient", "roll", "draw", "place", "over"]
EMPTY = -1
"""A bare square in ``board_carpet`` and ``board_colour``; no seat in ``last_seat`` and ``last_payee``."""


class MarrakechState(GameState):
    """A game of Marrakech.

    Phases of a turn: ``orient`` → ``roll`` (chance) → [``draw`` (chance, 2 players)] → ``place``;
    with the variant ``roll`` → [``draw``] → ``place`` → ``orient`` (for the next merchant).
    The ``last_*`` fields tell the most recent turn for the picture (who rolled what, the path
    walked, the tribute, the carpet laid, whether the roller went out).
    """

    dirhams: list[int]
    out: list[bool]
    pile: list[int]
    """Carpets of each colour not yet laid (counts only: the 2-player pile order is a chance draw)."""
    board_carpet: list[int]
    """The id of the carpet on top of each square (ids count up from 0 as carpets are laid), or -1."""
    board_colour: list[int]
    """The colour id of the carpet on top of each square, or -1."""
    carpets_laid: int = 0
    assam: int
    """Assam's square."""
    facing: str
    seat: int = 0
    """The merchant whose turn it is."""
    phase: Phase = "orient"
    next_carpet: int | None = None
    """The colour id of the carpet to lay this turn, once the roll (or the 2-player draw) has fixed it."""
    last_seat: int = EMPTY
    last_roll: int = 0
    last_path: list[int] = Field(default_factory=list)
    last_payee: int = EMPTY
    last_paid: int = 0
    last_out: bool = False
    last_carpet: list[int] = Field(default_factory=list)
    termination: str | None = None

    def __setattr__(self, name: str, value: Any) -> None:
        """Set a field straight into ``__dict__``: fields are never validated on assignment, and pydantic's
        per-assignment bookkeeping (``model_fields_set``, unused here) was a third of a random game's time."""
        if name in _FIELD_NAMES:
            self.__dict__[name] = value
        else:
            super().__setattr__(name, value)


_FIELD_NAMES = frozenset(MarrakechState.model_fields)
LIST_FIELDS = tuple(
    name for name, field in MarrakechState.model_fields.items() if field.annotation in (list[int], list[bool])
)


def copy_state(state: MarrakechState) -> MarrakechState:
    """An independent copy: a shallow model copy with every list and the options copied (no deep copy)."""
    new = state.model_copy()
    fields = new.__dict__
    for name in LIST_FIELDS:
        fields[name] = fields[name][:]
    fields["options"] = dict(state.options)
    return new
