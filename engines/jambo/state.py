"""The state of a game of Jambo: flat lists and small frozen steps, so copying it is cheap.

Cards are card-type numbers and wares ware-kind numbers (``engines.jambo.cards``). Hands are
sorted lists; the deck is a count per card type (``Deck.pool``: its order is a chance draw when a
card is drawn) plus the cards on top whose order someone knows (``Deck.top``, after a Psychic).
What is still to be resolved is a queue of ``Step`` s: the head is what happens next (a draw,
a reaction window, a card's effect, or a decision of one seat); an empty queue means the active
player chooses their next action.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from engines.base import GameState

NOBODY = -1


class Step(BaseModel):
    """One thing still to resolve. ``kind`` says what; ``seat`` who decides (or whom it concerns).

    ``card`` is the card concerned (the animal played, the ware card played, the utility used);
    ``arg`` its target (a ware kind or a card type); ``n`` a count (cards to draw, wares to return,
    cards already discarded); ``dest`` where drawn cards go (``hand``, ``look``, ``table``,
    ``reveal``); ``free`` marks a utility used through a Crocodile (no action, nothing turned);
    ``chained`` marks a decision that continues its seat's previous move (see ``partial``).
    """

    model_config = ConfigDict(frozen=True)

    kind: str
    seat: int
    card: int = NOBODY
    arg: int = NOBODY
    n: int = 0
    dest: str = ""
    free: bool = False
    chained: bool = False


class Deck(BaseModel):
    """The face-down deck: ``top`` (drawn first, in order; known to ``seer``) then ``pool`` (counts per type)."""

    pool: list[int]
    top: list[int] = Field(default_factory=list)
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


class JamboState(GameState):
    """A game of Jambo (2 players). See the module docstring for the representation."""

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
    drawn: list[int] = Field(default_factory=list)
    """Cards drawn and being looked at by ``drawn_seat`` only (phase 1, Scale, Psychic)."""
    drawn_seat: int = NOBODY
    discard: list[int] = Field(default_factory=list)
    """The discard pile, face up, bottom first."""
    utilities: list[list[int]]
    """Per seat, the utilities in play."""
    used: list[int] = Field(default_factory=list)
    """The active player's utilities turned this turn (a multiset of types)."""
    wares: list[list[int]]
    """Per seat, how many of each ware kind are on their stands."""
    large: list[int]
    """Per seat, how many wares stand on the large stand (the rest are on small stands)."""
    smalls: list[int]
    """Per seat, small stands built."""
    stands_built: int = 0
    table_cards: list[int] = Field(default_factory=list)
    """Face-up cards in the middle: an auction lot, the Ape's or Lion's pool, Supplies' turned cards."""
    table_wares: list[int]
    """Wares in the middle: a Traveling Merchant's lot or the Elephant's pool."""
    bid: int = 0
    bidder: int = NOBODY
    wise: int = 0
    """Wise Men played this turn."""
    steps: list[Step] = Field(default_factory=list)
    last_seat: int = NOBODY
    """The seat of the last move made by a player (``NOBODY`` after a chance move)."""
    trigger: int = NOBODY
    """The seat who ended a turn with the goal's gold; the other plays the last turn."""
    turn: int = 0
    orders: list[Orders]
    termination: str | None = None
    winners: list[int] = Field(default_factory=list)

    def __setattr__(self, name: str, value: Any) -> None:
        """Fields are set straight into ``__dict__`` (never validated on assignment): pydantic's
        per-assignment bookkeeping would dominate a random game's time."""
        if name in _FIELD_NAMES:
            self.__dict__[name] = value
        else:
            super().__setattr__(name, value)


_FIELD_NAMES = frozenset(JamboState.model_fields)
_FLAT_LISTS = ("gold", "drawn", "discard", "used", "large", "smalls", "table_cards", "table_wares", "steps", "resigned")
_NESTED_LISTS = ("hands", "known", "utilities", "wares")
_set = object.__setattr__


def _clone(model: BaseModel, fields: dict[str, Any]) -> Any:
    """A shallow copy of ``model`` holding ``fields`` (what ``model_copy`` does, without its overhead)."""
    new = object.__new__(type(model))
    _set(new, "__dict__", fields)
    _set(new, "__pydantic_fields_set__", model.__pydantic_fields_set__)
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new


def copy_state(state: JamboState) -> JamboState:
    """An independent copy without a deep copy: lists copied; steps and orders (never changed in place) shared."""
    fields = dict(state.__dict__)
    for name in _FLAT_LISTS:
        fields[name] = fields[name][:]
    for name in _NESTED_LISTS:
        fields[name] = [inner[:] for inner in fields[name]]
    deck = state.deck
    fields["deck"] = _clone(deck, {"pool": deck.pool[:], "top": deck.top[:], "seer": deck.seer})
    fields["orders"] = state.orders[:]
    fields["winners"] = state.winners[:]
    fields["options"] = dict(state.options)
    return _clone(state, fields)


def other(seat: int) -> int:
    """The other player (Jambo is for two)."""
    return 1 - seat
