"""The Kairo game state: pydantic models, JSON round-trip exact, and small questions asked of it.

Squares are stored by name (``e5``, ``q1``), coins as value per colour, building cards as counts per
card name (deck, discard) or lists in canonical card order (hands, display slots). ``NEUTRAL`` is
the owner of the 2-player neutral stalls.

The parts (``Stall``, ``Pending``, ``LastAction``, ``FinalLine``) are frozen: a change replaces the
part, so ``copy_state`` can share them between copies and copy only the containers.

``CairoState`` is a pydantic *dataclass* (the contract's ``StateLike``): reading an attribute of a
pydantic model goes through its ``__getattr__`` hook and setting one through its ``__setattr__``,
several times the cost of a plain attribute, on every line of the rules. Its fields, validation
and JSON are those the ``GameState`` model had (the engine's ``state_json`` reads and writes it).

A state may keep its board analysis (``engines.cairo.layout``) under ``KEPT`` in its ``__dict__``:
not a field, so never dumped, compared or validated; a copy shares it, pickling drops it.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

from pydantic import BaseModel, ConfigDict
from pydantic.dataclasses import dataclass as pydantic_dataclass

NEUTRAL = -1
"""Owner of a neutral stall (2-player game)."""
KEPT = "_kept_layout"
"""The key of the layout a state keeps in its ``__dict__`` (see ``engines.cairo.layout``)."""

SETUP_PHASES = ("queue", "deal", "start", "place", "neutral")
PAYING_PHASES = ("card", "pay")
"""Phases in the middle of a build: its site is chosen, its cards (then coins) are still owed."""


class Stall(BaseModel):
    """A main stall with its entrance and extensions; ``id`` is its index in ``CairoState.stalls``."""

    model_config = ConfigDict(frozen=True)

    id: int
    colour: str
    owner: int
    square: str
    door: str
    extensions: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        """Tiles in the stall: points scored, coins paid per customer."""
        return 1 + len(self.extensions)

    @property
    def tiles(self) -> tuple[str, ...]:
        """The main stall square and every extension square."""
        return (self.square, *self.extensions)


class Pending(BaseModel):
    """A build chosen this turn and not yet paid for (phases "card" and "pay").

    ``action`` is "build", "extend" or "move"; ``payment`` is the card payment once made: ``card``,
    ``card`` and ``coin`` (a wildcard), or ``cards`` (three cards).
    """

    model_config = ConfigDict(frozen=True)

    action: str
    colour: str
    square: str
    door: str | None = None
    stall: int | None = None
    price: int = 0
    payment: dict[str, str | list[str]] | None = None


class LastAction(BaseModel):
    """The last player action and the squares it touched (the board frames them)."""

    model_config = ConfigDict(frozen=True)

    seat: int
    action: str
    squares: tuple[str, ...] = ()


class FinalLine(BaseModel):
    """One seat's final scoring."""

    model_config = ConfigDict(frozen=True)

    seat: int
    track: int
    medals: int
    coins: int
    total: int


@pydantic_dataclass(kw_only=True)
class CairoState:
    """Everything about a game of Kairo (``num_players``, ``options`` and ``resigned`` as in ``GameState``)."""

    num_players: int
    options: dict[str, bool | int | str] = field(default_factory=dict)
    resigned: list[int] = field(default_factory=list)
    phase: str = "queue"
    active: int | None = None
    start_player: int | None = None
    stalls: list[Stall] = field(default_factory=list)
    customers: dict[str, str] = field(default_factory=dict)
    waiting: str | None = None
    coins: list[dict[str, int]] = field(default_factory=list)
    bank: dict[str, int] = field(default_factory=dict)
    hands: list[list[str]] = field(default_factory=list)
    charlatans: list[int] = field(default_factory=list)
    charlatan_supply: int = 0
    deck: dict[str, int] = field(default_factory=dict)
    discard: dict[str, int] = field(default_factory=dict)
    display: list[str | None] = field(default_factory=list)
    deals: list[str] = field(default_factory=list)
    after_deals: str | None = None
    medals: dict[str, dict[str, int | None]] = field(default_factory=dict)
    scores: list[int] = field(default_factory=list)
    final_stage: bool = False
    passed: list[int] = field(default_factory=list)
    pending: Pending | None = None
    draws_left: int = 0
    place_order: list[int] = field(default_factory=list)
    neutrals: list[str] = field(default_factory=list)
    neutral_drawn: str | None = None
    quiet_turns: int = 0
    built_this_turn: bool = False
    last: LastAction | None = None
    final: list[FinalLine] | None = None
    termination: str | None = None

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the layout it keeps (see the module docstring)."""
        return {name: value for name, value in self.__dict__.items() if name != KEPT}

    def __setstate__(self, fields: dict[str, Any]) -> None:
        self.__dict__.update(fields)


_DICTS = ("options", "customers", "bank", "deck", "discard")
_LISTS = ("resigned", "stalls", "charlatans", "display", "deals", "scores", "passed", "place_order", "neutrals")
"""The flat containers ``copy_state`` copies (written out there; ``tests/test_cairo_fast.py`` checks it copies
every container)."""
_new_state = object.__new__


def copy_state(state: CairoState) -> CairoState:
    """An independent copy: containers copied, frozen parts shared (much cheaper than a deep copy)."""
    fields = state.__dict__.copy()
    # _DICTS and _LISTS, written out (a loop over the names costs a lookup per name on every copy)
    fields["options"] = state.options.copy()
    fields["customers"] = state.customers.copy()
    fields["bank"] = state.bank.copy()
    fields["deck"] = state.deck.copy()
    fields["discard"] = state.discard.copy()
    fields["resigned"] = state.resigned.copy()
    fields["stalls"] = state.stalls.copy()
    fields["charlatans"] = state.charlatans.copy()
    fields["display"] = state.display.copy()
    fields["deals"] = state.deals.copy()
    fields["scores"] = state.scores.copy()
    fields["passed"] = state.passed.copy()
    fields["place_order"] = state.place_order.copy()
    fields["neutrals"] = state.neutrals.copy()
    fields["coins"] = [purse.copy() for purse in state.coins]
    fields["hands"] = [hand.copy() for hand in state.hands]
    fields["medals"] = {colour: holders.copy() for colour, holders in state.medals.items()}
    if state.final is not None:
        fields["final"] = state.final.copy()
    new = _new_state(CairoState)
    new.__dict__ = fields
    return new


def owned_stall(state: CairoState, seat: int | None, colour: str) -> Stall | None:
    """``seat``'s main stall of ``colour`` if it is on the board."""
    for stall in state.stalls:
        if stall.owner == seat and stall.colour == colour:
            return stall
    return None


def seats_in_play(state: CairoState) -> list[int]:
    """Seats still in the game (not resigned), in seat order."""
    return [seat for seat in range(state.num_players) if seat not in state.resigned]


def turn_order_from(state: CairoState, first: int) -> list[int]:
    """Seats still in the game, clockwise starting at ``first``."""
    seats = [(first + step) % state.num_players for step in range(state.num_players)]
    return [seat for seat in seats if seat not in state.resigned]


def extensions_left(state: CairoState, colours: tuple[str, ...], per_colour: int) -> dict[str, int]:
    """Extensions of each colour still in the general supply."""
    left = dict.fromkeys(colours, per_colour)
    for stall in state.stalls:
        left[stall.colour] -= len(stall.extensions)
    return left


def deal_source(state: CairoState) -> dict[str, int]:
    """The pile the next card is dealt from: the deck, or the discard pile when the deck is empty."""
    return state.deck if any(state.deck.values()) else state.discard


def cards_available(state: CairoState) -> int:
    """Building cards left to draw: the deck and the discard pile (reshuffled when the deck runs out)."""
    return sum(state.deck.values()) + sum(state.discard.values())
