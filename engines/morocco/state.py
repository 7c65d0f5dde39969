"""The state of a game of Morocco: flat lists of ints and scalars only, so copying it is cheap.

Indices: stalls, spaces and juice points as in ``engines.morocco.board``; colours are indices into
``DATA.colours``; per-seat tables are flat (``cubes[seat * 5 + colour]``, ``juice_held[seat * 3 +
value index]``). A worker on a space is coded ``1 + seat * 3 + kind`` (kind 0 assistant, 1 bodyguard,
2 tourist); 0 is a free space.

Steps (``step``): ``deal_juice`` → ``deal_rows`` → ``deal_columns`` → ``deal_roof`` → ``deal_start``
(chance: the setup), then each round ``roll`` (chance, 2–3 players) with ``wild`` choices, ``scout``,
``workers`` (each player two turns); a stall that fills is closed through ``reward`` (gold or
bodyguard choices), ``arrow`` (its tile's direction) and ``tourist`` (a moving tourist's space);
the round ends with ``keep`` (the one cube each player keeps); ``over`` ends the game.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from engines.base import GameState

OPEN = -1
"""``tiles[stall]`` of a stall still open."""
EMPTY_TILE = -2
"""``tiles[stall]`` of a stall closed under an empty-stall tile."""
NO_ARROW = -1
WILD = -2
"""``die`` after a wild roll (otherwise the colour rolled, or -1 before any roll)."""
KIND_ASSISTANT, KIND_BODYGUARD, KIND_TOURIST = 0, 1, 2

CHANCE_STEPS = frozenset({"deal_juice", "deal_rows", "deal_columns", "deal_roof", "deal_start", "roll"})


class MoroccoState(GameState):
    """A game of Morocco (see the module docstring for the steps and encodings)."""

    step: str = "deal_juice"
    juice: list[int]
    """The token face up on each juice point: 2, 3, 4, or 0 once it is gone (or not dealt yet)."""
    juice_dealt: int = 0
    rows: list[int]
    columns: list[int]
    roof: list[int]
    """The cube colour of ring spaces 1..5 (index 0..4); -1 before the deal."""
    start: int = -1
    """The start player of the current round (-1 before it is drawn)."""
    round: int = 0
    pawn: int = 0
    rolls_left: int = 0
    roller: int = -1
    die: int = -1
    seat: int = -1
    """The active player: the one scouting or placing workers (or rolling)."""
    scouts_taken: int = 0
    turns_taken: int = 0
    workers: list[int]
    tiles: list[int]
    """Per stall: OPEN, EMPTY_TILE, or the seat whose market tile closes it."""
    arrows: list[int]
    overflow: list[int]
    """Per stall: arrows of closed neighbours pointing at it."""
    cubes: list[int]
    points: list[int]
    gold: list[int]
    gold_supply: int
    assistants: list[int]
    tourists: list[int]
    cousins: list[int]
    guards_hand: list[int]
    guards_quarters: list[int]
    market_tiles: list[int]
    empty_tiles: int
    juice_held: list[int]
    """Per seat, the face-down tokens taken, counted per value (2, 3, 4): hidden from the other seats."""
    juice_removed: int = 0
    """How many tokens left the game (no worker at their corner when their stall closed); their values
    are not kept: like the taken ones, they are out of sight for good."""
    owed: list[int] = Field(default_factory=list)
    """Seats still owed the current choice (``wild``, ``keep``, ``reward``), first to decide first."""
    reward_places: list[int] = Field(default_factory=list)
    """With ``owed`` in step ``reward``: the place (2 or 3) each owed seat is rewarded for."""
    queue: list[int] = Field(default_factory=list)
    """Full stalls waiting to score, in the order they filled."""
    closing: int = -1
    winner: int = -1
    """The lone first of the closing stall (-1 after a tie or with no worker on it)."""
    closer: int = -1
    """The seat placing the closing stall's tile and choosing its arrow."""
    movers: list[int] = Field(default_factory=list)
    """Seats whose tourists still have to leave the closing stall, in turn order from the active player."""
    final_round: bool = False
    termination: str = ""
    last_placed: list[int] = Field(default_factory=list)
    """The space(s) of the last worker placement (two for a cousin)."""
    recent_closed: list[int] = Field(default_factory=list)
    """Stalls closed since the last worker placement, in closing order."""

    def __setattr__(self, name: str, value: Any) -> None:
        """Fields are set straight into ``__dict__`` (never validated on assignment): pydantic's
        per-assignment bookkeeping (``model_fields_set``, unused here) was a tenth of a random game's time."""
        if name in _FIELD_NAMES:
            self.__dict__[name] = value
        else:
            super().__setattr__(name, value)


_FIELD_NAMES = frozenset(MoroccoState.model_fields)
LIST_FIELDS: tuple[str, ...] = tuple(
    name for name, field in MoroccoState.model_fields.items() if field.annotation == list[int]
)
_set = object.__setattr__


def copy_state(state: MoroccoState) -> MoroccoState:
    """An independent copy: the fields copied, every list and the options copied (no pydantic copy)."""
    fields = state.__dict__.copy()
    for name in LIST_FIELDS:
        fields[name] = fields[name][:]
    fields["options"] = dict(fields["options"])
    new = object.__new__(MoroccoState)
    _set(new, "__dict__", fields)
    _set(new, "__pydantic_fields_set__", state.__pydantic_fields_set__)
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new
