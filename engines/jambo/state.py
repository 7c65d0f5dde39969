"""The state of a game of Jambo: flat lists and small frozen steps, copied on write so copying it is cheap.

Cards are card-type numbers and wares ware-kind numbers (``engines.jambo.cards``). Hands are
sorted lists; the deck is a count per card type (``Deck.pool``: its order is a chance draw when a
card is drawn) plus the cards on top whose order someone knows (``Deck.top``, after a Psychic).
What is still to be resolved is a queue of ``Step`` s: the head is what happens next (a draw,
a reaction window, a card's effect, or a decision of one seat); an empty queue means the active
player chooses their next action.

A copy (``copy_state``) shares the lists of its source; whichever of the two changes a list first
copies it (``own``). So the engine never changes a list it read from ``state.<field>``: it changes
``own(state, "<field>")`` or assigns a new list.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel
from pydantic.dataclasses import dataclass as pydantic_dataclass

NOBODY = -1


@dataclass(frozen=True, slots=True, kw_only=True)
class Step:
    """One thing still to resolve. ``kind`` says what; ``seat`` who decides (or whom it concerns).

    ``card`` is the card concerned (the animal played, the ware card played, the utility used);
    ``arg`` its target (a ware kind or a card type); ``n`` a count (cards to draw, wares to return,
    cards already discarded); ``dest`` where drawn cards go (``hand``, ``look``, ``table``,
    ``reveal``); ``free`` marks a utility used through a Crocodile (no action, nothing turned);
    ``chained`` marks a decision that continues its seat's previous move (see ``partial``).
    Steps are frozen: states share them.
    """

    kind: str
    seat: int
    card: int = NOBODY
    arg: int = NOBODY
    n: int = 0
    dest: str = ""
    free: bool = False
    chained: bool = False


@dataclass(kw_only=True)
class Deck:
    """The face-down deck: ``top`` (drawn first, in order; known to ``seer``) then ``pool`` (counts per type)."""

    pool: list[int]
    top: list[int] = field(default_factory=list)
    seer: int = NOBODY


class Orders(BaseModel):
    """A player's standing orders for reactions (public: whether the game waits shows them anyway).

    ``guard`` per animal (``cards.ANIMAL_ORDER``): ``ask`` (wait for my answer), ``auto`` (play a
    Guard at once if I hold one), ``never``. ``rain``: ``never`` (do not wait), ``ask``, or
    ``auto`` (play a Rain Maker at once, if I hold one, on a ware card selling for ``rain_min`` or more).
    """

    guard: list[str]
    rain: str = "never"
    rain_min: int = 0


@pydantic_dataclass(kw_only=True)
class JamboState:
    """A game of Jambo (2 players). See the module docstring for the representation.

    The fields, their validation and their JSON are those a ``GameState`` model would have
    (``num_players``, ``options`` and ``resigned`` first; the engine's ``state_json`` reads and writes it), but
    this is a pydantic *dataclass*: reading an attribute of a pydantic model goes through its
    ``__getattr__`` hook and setting one through its ``__setattr__``, which made a random game a
    third slower. ``Step`` and ``Deck`` are plain dataclasses for the same reason.
    """

    num_players: int
    options: dict[str, bool | int | str] = field(default_factory=dict)
    resigned: list[int] = field(default_factory=list)
    active: int = 0
    stage: str = "deal"
    """``deal`` (opening hands), ``start`` (nothing drawn yet), ``drawing`` (phase 1 under way),
    ``playing`` (phase 2), ``over``."""
    actions: int = 0
    """Actions used this turn."""
    gold: list[int]
    hands: list[list[int]]
    known: list[list[int]]
    """Per seat, the cards of that seat's hand that the other player knows (taken in view of both)."""
    deck: Deck
    drawn: list[int] = field(default_factory=list)
    """Cards drawn and being looked at by ``drawn_seat`` only (phase 1, Scale, Psychic)."""
    drawn_seat: int = NOBODY
    discard: list[int] = field(default_factory=list)
    """The discard pile, face up, bottom first."""
    utilities: list[list[int]]
    """Per seat, the utilities in play."""
    used: list[int] = field(default_factory=list)
    """The active player's utilities turned this turn (a multiset of types)."""
    wares: list[list[int]]
    """Per seat, how many of each ware kind are on their stands."""
    large: list[int]
    """Per seat, how many wares stand on the large stand (the rest are on small stands)."""
    smalls: list[int]
    """Per seat, small stands built."""
    stands_built: int = 0
    table_cards: list[int] = field(default_factory=list)
    """Face-up cards in the middle: an auction lot, the Ape's or Lion's pool, Supplies' turned cards."""
    table_wares: list[int]
    """Wares in the middle: a Traveling Merchant's lot or the Elephant's pool."""
    bid: int = 0
    bidder: int = NOBODY
    wise: int = 0
    """Wise Men played this turn."""
    steps: list[Step] = field(default_factory=list)
    last_seat: int = NOBODY
    """The seat of the last move made by a player (``NOBODY`` after a chance move)."""
    trigger: int = NOBODY
    """The seat who ended a turn with the goal's gold; the other plays the last turn."""
    turn: int = 0
    orders: list[Orders]
    termination: str | None = None
    winners: list[int] = field(default_factory=list)

    def __copy__(self) -> JamboState:
        """A shallow copy (``copy.copy``) that owns none of the lists it shares (see ``own``)."""
        new = object.__new__(JamboState)
        new.__dict__ = {name: value for name, value in self.__dict__.items() if name != OWNED}
        return new


OWNED = "_owned"
"""The key, in a state's ``__dict__`` (pydantic ignores it), of the fields that state may change in place."""
_FLAT_LISTS = ("gold", "drawn", "discard", "used", "large", "smalls", "table_cards", "table_wares", "steps", "orders")


def _copy_deck(deck: Deck) -> Deck:
    new = object.__new__(Deck)
    new.__dict__ = {"pool": deck.pool[:], "top": deck.top[:], "seer": deck.seer}
    return new


def _copy_nested(lists: list[list[int]]) -> list[list[int]]:
    return list(map(list.copy, lists))


_COPIERS: dict[str, Callable[[Any], Any]] = {
    **dict.fromkeys(_FLAT_LISTS, list.copy),
    **dict.fromkeys(("hands", "known", "utilities", "wares"), _copy_nested),
    "deck": _copy_deck,
}
"""How each changeable field is copied before a state first changes it (``orders`` holds frozen-by-use
``Orders``: the list is copied, an ``Orders`` is replaced, never changed)."""


def copy_state(state: JamboState) -> JamboState:
    """An independent copy that shares every list with ``state`` until one of them changes it (``own``).

    Both states lose the right to change shared lists in place: the next change copies the list
    first. ``resigned`` is copied at once (the base class appends to a copy's list directly).
    """
    fields = state.__dict__.copy()
    owned = fields.get(OWNED)
    if owned:
        owned.clear()
    fields[OWNED] = {"resigned"}
    fields["resigned"] = fields["resigned"][:]
    new = object.__new__(JamboState)
    new.__dict__ = fields
    return new


def own(state: JamboState, name: str) -> Any:
    """``state.<name>`` ready to be changed in place: copied first unless ``state`` made it itself.

    Every change the engine makes to a list of the state (or to its deck) goes through here, so
    states made by ``copy_state`` (and by ``apply``, which copies) can share what neither changes.
    """
    fields = state.__dict__
    try:
        owned = fields[OWNED]
    except KeyError:
        owned = fields[OWNED] = set()
    if name not in owned:
        fields[name] = _COPIERS[name](fields[name])
        owned.add(name)
    return fields[name]


def other(seat: int) -> int:
    """The other player (Jambo is for two)."""
    return 1 - seat
