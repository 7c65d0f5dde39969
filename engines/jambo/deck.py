"""Cards moving: the deck (drawn by chance), the discard pile and its reshuffle, hands and what is known of them.

A card drawn from the deck is a chance move naming the card (``card boat``): the odds are the
deck's counts, or certainty while cards whose order someone knows lie on top. When a card must
be drawn and the deck is empty, the discard pile is shuffled into a new deck.
``known[seat]`` lists the cards of ``seat``'s hand that the other player knows: a card taken in
view of both (from the discard pile, an auction, a Rain Maker, a Hyena, a Scale's gift, an Ape)
is known until it leaves the hand.
"""

from __future__ import annotations

from bisect import insort

from engines.base import NO_EVENTS, Event, Events
from engines.jambo.cards import NAMES
from engines.jambo.state import NOBODY, JamboState, own


def deck_size(state: JamboState) -> int:
    return sum(state.deck.pool) + len(state.deck.top)


def drawable(state: JamboState) -> int:
    """Cards that can still be drawn: the deck and, reshuffled, the discard pile."""
    return deck_size(state) + len(state.discard)


def can_draw(state: JamboState) -> bool:
    """Whether a card can still be drawn (``drawable(state) > 0``, without counting)."""
    return bool(state.discard or state.deck.top or any(state.deck.pool))


def has_cards(state: JamboState, count: int) -> bool:
    """Whether ``count`` cards can still be drawn (``drawable(state) >= count``)."""
    return (count <= 1 and can_draw(state)) or drawable(state) >= count


def chance_odds(state: JamboState) -> list[tuple[int, float]]:
    """The card the next draw may bring, with its probability."""
    deck = state.deck
    if deck.top:
        return [(deck.top[0], 1.0)]
    total = sum(deck.pool)
    return [(card, count / total) for card, count in enumerate(deck.pool) if count]


def may_draw(state: JamboState, card: int) -> bool:
    """Whether ``card`` can be the next card drawn."""
    deck = state.deck
    return deck.top[0] == card if deck.top else 0 <= card < len(deck.pool) and deck.pool[card] > 0


def take_from_deck(state: JamboState, card: int) -> None:
    """Remove the drawn ``card`` (a legal chance outcome) from the deck."""
    deck = own(state, "deck")
    if deck.top:
        deck.top.pop(0)
        if not deck.top:
            deck.seer = NOBODY
    else:
        deck.pool[card] -= 1


def reshuffle(state: JamboState, events: Events) -> None:
    """The discard pile, shuffled, becomes the deck."""
    pool = own(state, "deck").pool
    for card in state.discard:
        pool[card] += 1
    events.emit("reshuffled", cards=len(state.discard))
    state.discard = []


def tell_drawer(events: Events, code: str, seat: int, card: int) -> None:
    """``code`` naming ``card`` for ``seat``; everyone else reads ``<code>_hidden`` without it (built only if kept)."""
    if events is not NO_EVENTS:
        events.emit(code, seat=seat, public=Event(f"{code}_hidden", {"seat": seat}), card=NAMES[card])


def add_to_hand(state: JamboState, seat: int, card: int, *, known: bool) -> None:
    insort(own(state, "hands")[seat], card)
    if known:
        insort(own(state, "known")[seat], card)


def remove_from_hand(state: JamboState, seat: int, card: int) -> None:
    """Take ``card`` out of ``seat``'s hand (in view of both: it is no longer a known card there)."""
    own(state, "hands")[seat].remove(card)
    if card in state.known[seat]:
        own(state, "known")[seat].remove(card)


def in_hand(state: JamboState, seat: int, card: int) -> bool:
    return card in state.hands[seat]


def hand_types(state: JamboState, seat: int) -> list[int]:
    """The distinct card types in ``seat``'s hand, in order."""
    return sorted(set(state.hands[seat]))


def to_discard(state: JamboState, card: int) -> None:
    own(state, "discard").append(card)
