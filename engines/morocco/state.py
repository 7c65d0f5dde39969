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

from dataclasses import field, fields
from operator import itemgetter

from pydantic.dataclasses import dataclass as pydantic_dataclass

OPEN = -1
"""``tiles[stall]`` of a stall still open."""
EMPTY_TILE = -2
"""``tiles[stall]`` of a stall closed under an empty-stall tile."""
NO_ARROW = -1
WILD = -2
"""``die`` after a wild roll (otherwise the colour rolled, or -1 before any roll)."""
KIND_ASSISTANT, KIND_BODYGUARD, KIND_TOURIST = 0, 1, 2

CHANCE_STEPS = frozenset({"deal_juice", "deal_rows", "deal_columns", "deal_roof", "deal_start", "roll"})


@pydantic_dataclass(kw_only=True)
class MoroccoState:
    """A game of Morocco (see the module docstring for the steps and encodings).

    The fields, their validation and their JSON are those a ``GameState`` model would have
    (``num_players``, ``options`` and ``resigned`` first; the engine's ``state_json`` reads and writes it), but
    this is a pydantic *dataclass*: reading an attribute of a pydantic model goes through its
    ``__getattr__`` hook and setting one through its ``__setattr__``, which slow a random game down.
    """

    num_players: int
    options: dict[str, bool | int | str] = field(default_factory=dict)
    resigned: list[int] = field(default_factory=list)
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
    owed: list[int] = field(default_factory=list)
    """Seats still owed the current choice (``wild``, ``keep``, ``reward``), first to decide first."""
    reward_places: list[int] = field(default_factory=list)
    """With ``owed`` in step ``reward``: the place (2 or 3) each owed seat is rewarded for."""
    queue: list[int] = field(default_factory=list)
    """Full stalls waiting to score, in the order they filled."""
    closing: int = -1
    winner: int = -1
    """The lone first of the closing stall (-1 after a tie or with no worker on it)."""
    closer: int = -1
    """The seat placing the closing stall's tile and choosing its arrow."""
    movers: list[int] = field(default_factory=list)
    """Seats whose tourists still have to leave the closing stall, in turn order from the active player."""
    final_round: bool = False
    termination: str = ""
    last_placed: list[int] = field(default_factory=list)
    """The space(s) of the last worker placement (two for a cousin)."""
    recent_closed: list[int] = field(default_factory=list)
    """Stalls closed since the last worker placement, in closing order."""


LIST_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(MoroccoState) if f.type in ("list[int]", list[int]))
_LISTS = itemgetter(*LIST_FIELDS)


def copy_state(state: MoroccoState) -> MoroccoState:
    """An independent copy: the fields copied, every list and the options copied (no pydantic copy)."""
    values = state.__dict__.copy()
    values.update(zip(LIST_FIELDS, map(list.copy, _LISTS(values)), strict=True))
    values["options"] = dict(values["options"])
    new = object.__new__(MoroccoState)
    new.__dict__ = values
    return new
