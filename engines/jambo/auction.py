"""Auctions (Arabian Merchant: 3 cards; Traveling Merchant: 2 wares): alternate bids until one player passes.

The player who played the card opens with a bid of at least 1 (``bid <gold>``, no pass); then
the other player, and so on in turn, either bids more (``bid <gold>``) or passes (``pass``).
Nobody bids more gold than they have; a player who cannot raise passes without being asked.
The highest bidder pays the bank and takes the lot: the cards into their hand (in view of both),
the wares onto their stands (the overflow rule if they have no room).
"""

from __future__ import annotations

from typing import Any

from engines.base import Events
from engines.jambo import deck, stands
from engines.jambo.cards import NAMES, NW, WARES
from engines.jambo.data import DATA
from engines.jambo.state import NOBODY, JamboState, Step, other, own
from engines.jambo.steps import StepRule, changed, make_step, pop, replace
from engines.jambo.trade import gain

OPENING = DATA.auction_opening_bid


def auction(seat: int, lot: str) -> Step:
    """The auction of the ``lot`` on the table (``cards`` or ``wares``), ``seat`` opening."""
    return make_step("auction", seat, dest=lot)


def lot_is_empty(state: JamboState, step: Step) -> bool:
    return not (state.table_cards if step.dest == "cards" else any(state.table_wares))


def _lowest(state: JamboState) -> int:
    return OPENING if state.bidder == NOBODY else state.bid + 1


def _auction_auto(state: JamboState, step: Step, events: Events) -> bool:
    if lot_is_empty(state, step):
        events.emit("auction_empty", seat=step.seat)
        pop(state)
        return True
    if state.bidder != NOBODY and state.gold[step.seat] < _lowest(state):
        _end(state, step, events)
        return True
    return False


def _auction_moves(state: JamboState, step: Step) -> list[str]:
    bids = [f"bid {gold}" for gold in range(_lowest(state), state.gold[step.seat] + 1)]
    return bids if state.bidder == NOBODY else [*bids, "pass"]


def _auction_apply(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    if words[0] == "pass":
        _end(state, step, events)
        return
    state.bid = int(words[1])
    state.bidder = step.seat
    events.emit("bid", seat=step.seat, gold=state.bid)
    replace(state, changed(step, seat=other(step.seat)))


def _end(state: JamboState, step: Step, events: Events) -> None:
    """``step.seat`` passes: the highest bidder pays and takes the lot."""
    winner, price = state.bidder, state.bid
    events.emit("passed", seat=step.seat)
    own(state, "gold")[winner] -= price
    state.bid, state.bidder = 0, NOBODY
    pop(state)
    if step.dest == "cards":
        cards, state.table_cards = state.table_cards, []
        for card in cards:
            deck.add_to_hand(state, winner, card, known=True)
        events.emit("auction_won", seat=winner, gold=price, cards=[NAMES[c] for c in cards])
        return
    wares = [w for w in range(NW) for _ in range(state.table_wares[w])]
    state.table_wares = [0] * NW
    events.emit("auction_won", seat=winner, gold=price, wares=[WARES[w] for w in wares])
    gain(state, winner, wares, events, chained=False, told=True)


def _auction_decision(state: JamboState, step: Step, viewer: int | None) -> tuple[str, dict[str, Any]]:
    lot: dict[str, Any] = (
        {"cards": [NAMES[c] for c in state.table_cards]}
        if step.dest == "cards"
        else {"wares": stands.wares_text(state.table_wares)}
    )
    if state.bidder == NOBODY:
        return "bid_open", {**lot, "gold": OPENING}
    return "bid_raise", {**lot, "gold": state.bid, "bidder_seat": state.bidder}


STEPS: dict[str, StepRule] = {
    "auction": StepRule(moves=_auction_moves, apply=_auction_apply, auto=_auction_auto, decision=_auction_decision),
}
