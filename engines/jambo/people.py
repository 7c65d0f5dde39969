"""Person cards: played for an action and discarded; each does what its text says.

Notation (follow-ups are decisions of the seat named):

* ``play arabian merchant``: 3 cards turned face up, auctioned (``engines.jambo.auction``).
* ``play basket maker <ware>``: pay 2, take 2 of that ware (the overflow rule if no room).
* ``play carrier wares <ware>`` (2 of that ware, room needed; the opponent draws 2) or
  ``play carrier cards`` (you draw 2; the opponent then ``take <ware>``: 2 of a ware, if they
  have room for both; nothing if they cannot).
* ``play dancer <ware card with 3 wares>`` then ``return <ware>`` three times: you take the
  card's sell price; the card may be taken by a Rain Maker.
* ``play drummer <utility in the discard pile>``: it goes to your hand.
* ``play shaman <ware> for <ware>``: all of the first ware for as many of the second.
* ``play traveling merchant <ware> <ware>``: 2 wares of the supply auctioned.
* ``play tribal elder discard`` (the opponent discards down to 3: ``discard <card>`` each) or
  ``play tribal elder draw`` (you draw until you hold 5).
* ``play portuguese`` then ``return <ware>`` for each ware sold at 2 gold, and ``done``.
* ``play psychic``: you look at the deck's top 6, ``take <card>``; the 5 others go back on top
  in the same order (you know them until they are drawn).
* ``play wise man``: ware cards this turn buy for 2 less and sell for 2 more (each Wise Man).
* Guard and Rain Maker are not played in your own turn: they answer the opponent's cards.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from engines.base import Event, Events
from engines.jambo import deck, stands
from engines.jambo.auction import OPENING, auction
from engines.jambo.cards import (
    ARABIAN,
    BASKET,
    CARRIER,
    DANCER,
    DRUMMER,
    ELDER,
    GUARD,
    NAMES,
    NW,
    PORTUGUESE,
    PSYCHIC,
    RAIN_MAKER,
    SHAMAN,
    TRAVELING,
    UTILITIES,
    WARE_CARDS,
    WARE_COUNT,
    WARE_ID,
    WARES,
    WISE_MAN,
    split_card,
    value,
)
from engines.jambo.reactions import rain_window
from engines.jambo.state import NOBODY, JamboState, Step, other, own
from engines.jambo.steps import StepRule, changed, counted_down, draw, make_step, pop, push, replace
from engines.jambo.trade import gain, sell_price

Options = Callable[[JamboState, int], list[str]]


# ---- what each person may be played for ---------------------------------------------------------------------
def _arabian(state: JamboState, seat: int) -> list[str]:
    return [""] if state.gold[seat] >= OPENING and deck.can_draw(state) else []


def _basket(state: JamboState, seat: int) -> list[str]:
    count = value(BASKET, "wares")
    if state.gold[seat] < value(BASKET, "cost"):
        return []
    return [WARES[w] for w in stands.kinds_in_supply(state, count)]


def _carrier(state: JamboState, seat: int) -> list[str]:
    count = value(CARRIER, "wares")
    wares = [f"wares {WARES[w]}" for w in stands.kinds_in_supply(state, count)]
    return ([*wares] if stands.can_place(state, seat, count) else []) + ["cards"]


def _dancer(state: JamboState, seat: int) -> list[str]:
    if stands.held(state, seat) < value(DANCER, "wares"):
        return []
    cards = [c for c in deck.hand_types(state, seat) if c in WARE_CARDS and WARE_COUNT[c] == value(DANCER, "wares")]
    return [NAMES[c] for c in cards]


def _drummer(state: JamboState, seat: int) -> list[str]:
    return [NAMES[c] for c in sorted(set(state.discard) & UTILITIES)]


def _shaman(state: JamboState, seat: int) -> list[str]:
    mine = state.wares[seat]
    return [
        f"{WARES[a]} for {WARES[b]}"
        for a in range(NW)
        if mine[a]
        for b in range(NW)
        if b != a and stands.supply(state, b) >= mine[a]
    ]


def _traveling(state: JamboState, seat: int) -> list[str]:
    if state.gold[seat] < OPENING:
        return []
    supply = stands.supply_counts(state)
    return [
        f"{WARES[a]} {WARES[b]}"
        for a in range(NW)
        for b in range(a, NW)
        if supply[a] >= 1 + (a == b) and supply[b] >= 1
    ]


def _elder(state: JamboState, seat: int) -> list[str]:
    return ["discard", "draw"]


def _portuguese(state: JamboState, seat: int) -> list[str]:
    return [""] if stands.held(state, seat) else []


def _psychic(state: JamboState, seat: int) -> list[str]:
    return [""] if deck.can_draw(state) else []


def _wise_man(state: JamboState, seat: int) -> list[str]:
    return [""]


def _never(state: JamboState, seat: int) -> list[str]:
    return []


OPTIONS: dict[int, Options] = {
    ARABIAN: _arabian,
    BASKET: _basket,
    CARRIER: _carrier,
    DANCER: _dancer,
    DRUMMER: _drummer,
    GUARD: _never,
    RAIN_MAKER: _never,
    SHAMAN: _shaman,
    TRAVELING: _traveling,
    ELDER: _elder,
    PORTUGUESE: _portuguese,
    PSYCHIC: _psychic,
    WISE_MAN: _wise_man,
}


def play_moves(state: JamboState, seat: int, card: int) -> list[str]:
    return [play_move(card, arg) for arg in OPTIONS[card](state, seat)]


@cache
def play_move(card: int, arg: str) -> str:
    return f"play {NAMES[card]} {arg}" if arg else f"play {NAMES[card]}"


# ---- what each person does ----------------------------------------------------------------------------------
def _play_arabian(state: JamboState, seat: int, words: list[str], events: Events) -> None:
    push(state, draw(seat, value(ARABIAN, "draw"), "table"), auction(seat, "cards"))


def _play_basket(state: JamboState, seat: int, words: list[str], events: Events) -> None:
    ware = WARE_ID[words[0]]
    own(state, "gold")[seat] -= value(BASKET, "cost")
    events.emit("gold_paid", seat=seat, gold=value(BASKET, "cost"))
    gain(state, seat, [ware] * value(BASKET, "wares"), events, chained=True)


def _play_carrier(state: JamboState, seat: int, words: list[str], events: Events) -> None:
    them = other(seat)
    if words[0] == "wares":
        gain(state, seat, [WARE_ID[words[1]]] * value(CARRIER, "wares"), events, chained=True)
        push(state, draw(them, value(CARRIER, "draw"), "hand"))
    else:
        push(state, draw(seat, value(CARRIER, "draw"), "hand"), make_step("carrier", them))


def _play_dancer(state: JamboState, seat: int, words: list[str], events: Events) -> None:
    card = (split_card(words) or (NOBODY, []))[0]
    deck.remove_from_hand(state, seat, card)
    events.emit("ware_card_danced", seat=seat, card=NAMES[card])
    push(state, make_step("dancer", seat, card=card, n=value(DANCER, "wares"), chained=True))


def _play_drummer(state: JamboState, seat: int, words: list[str], events: Events) -> None:
    card = (split_card(words) or (NOBODY, []))[0]
    index = len(state.discard) - 1 - state.discard[::-1].index(card)
    del own(state, "discard")[index]
    deck.add_to_hand(state, seat, card, known=True)
    events.emit("card_from_discard", seat=seat, card=NAMES[card])


def _play_shaman(state: JamboState, seat: int, words: list[str], events: Events) -> None:
    given, taken = WARE_ID[words[0]], WARE_ID[words[2]]
    count = state.wares[seat][given]
    own(state, "wares")[seat][given] = 0
    own(state, "wares")[seat][taken] += count
    events.emit("wares_traded", seat=seat, wares=[WARES[given]] * count, taken_wares=[WARES[taken]] * count)


def _play_traveling(state: JamboState, seat: int, words: list[str], events: Events) -> None:
    for word in words:
        own(state, "table_wares")[WARE_ID[word]] += 1
    events.emit("wares_offered", seat=seat, wares=words)
    push(state, auction(seat, "wares"))


def _play_elder(state: JamboState, seat: int, words: list[str], events: Events) -> None:
    events.emit(
        f"elder_chose_{words[0]}",
        seat=seat,
        other_seat=other(seat),
        count=value(ELDER, "keep" if words[0] == "discard" else "fill"),
    )
    if words[0] == "discard":
        push(state, make_step("elder", other(seat)))
        return
    missing = value(ELDER, "fill") - len(state.hands[seat])
    if missing > 0:
        push(state, draw(seat, missing, "hand"))


def _play_portuguese(state: JamboState, seat: int, words: list[str], events: Events) -> None:
    push(state, make_step("portuguese", seat, chained=True))


def _play_psychic(state: JamboState, seat: int, words: list[str], events: Events) -> None:
    push(state, draw(seat, value(PSYCHIC, "look"), "look", card=PSYCHIC), make_step("psychic", seat))


def _play_wise_man(state: JamboState, seat: int, words: list[str], events: Events) -> None:
    state.wise += 1
    events.emit("wise_man", seat=seat, gold=value(WISE_MAN, "discount") * state.wise)


PLAY: dict[int, Callable[[JamboState, int, list[str], Events], None]] = {
    ARABIAN: _play_arabian,
    BASKET: _play_basket,
    CARRIER: _play_carrier,
    DANCER: _play_dancer,
    DRUMMER: _play_drummer,
    SHAMAN: _play_shaman,
    TRAVELING: _play_traveling,
    ELDER: _play_elder,
    PORTUGUESE: _play_portuguese,
    PSYCHIC: _play_psychic,
    WISE_MAN: _play_wise_man,
}


def apply_play(state: JamboState, seat: int, card: int, words: list[str], events: Events) -> None:
    PLAY[card](state, seat, words, events)


# ---- the follow-up steps ------------------------------------------------------------------------------------
def _carrier_choices(state: JamboState, step: Step) -> list[str]:
    count = value(CARRIER, "wares")
    if not stands.can_place(state, step.seat, count):
        return []
    return [f"take {WARES[w]}" for w in stands.kinds_in_supply(state, count)]


def _carrier_auto(state: JamboState, step: Step, events: Events) -> bool:
    if _carrier_choices(state, step):
        return False
    events.emit("no_room_to_take", seat=step.seat)
    pop(state)
    return True


def _carrier_apply(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    pop(state)
    gain(state, step.seat, [WARE_ID[words[1]]] * value(CARRIER, "wares"), events, chained=False)


def _dancer_moves(state: JamboState, step: Step) -> list[str]:
    return [f"return {WARES[w]}" for w in stands.kinds_held(state, step.seat)]


def _dancer_apply(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    ware = WARE_ID[words[1]]
    stands.remove(state, step.seat, ware)
    events.emit("ware_returned", seat=step.seat, ware=WARES[ware])
    if step.n > 1:
        replace(state, counted_down(step))
        return
    pop(state)
    gold = sell_price(state, step.card)
    own(state, "gold")[step.seat] += gold
    events.emit("danced", seat=step.seat, card=NAMES[step.card], gold=gold)
    push(state, rain_window(state, step.card))


def _dancer_decision(state: JamboState, step: Step, viewer: int | None) -> tuple[str, dict[str, Any]]:
    return "dancer_return", {"count": step.n, "card": NAMES[step.card]}


def _elder_auto(state: JamboState, step: Step, events: Events) -> bool:
    if len(state.hands[step.seat]) > value(ELDER, "keep"):
        return False
    pop(state)
    return True


def _elder_moves(state: JamboState, step: Step) -> list[str]:
    return [f"discard {NAMES[c]}" for c in deck.hand_types(state, step.seat)]


def _elder_apply(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    card = (split_card(words[1:]) or (NOBODY, []))[0]
    deck.remove_from_hand(state, step.seat, card)
    deck.to_discard(state, card)
    events.emit("card_discarded", seat=step.seat, card=NAMES[card])
    replace(state, changed(step, chained=True))


def _elder_decision(state: JamboState, step: Step, viewer: int | None) -> tuple[str, dict[str, Any]]:
    return "elder_discard", {"count": len(state.hands[step.seat]) - value(ELDER, "keep"), "keep": value(ELDER, "keep")}


def _portuguese_moves(state: JamboState, step: Step) -> list[str]:
    return [*(f"return {WARES[w]}" for w in stands.kinds_held(state, step.seat)), "done"]


def _portuguese_apply(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    if words[0] == "done":
        pop(state)
        return
    ware = WARE_ID[words[1]]
    gold = value(PORTUGUESE, "gold_per_ware")
    stands.remove(state, step.seat, ware)
    own(state, "gold")[step.seat] += gold
    events.emit("ware_sold", seat=step.seat, ware=WARES[ware], gold=gold)
    if not stands.held(state, step.seat):
        pop(state)


def _portuguese_decision(state: JamboState, step: Step, viewer: int | None) -> tuple[str, dict[str, Any]]:
    return "portuguese_return", {"gold": value(PORTUGUESE, "gold_per_ware")}


def _psychic_auto(state: JamboState, step: Step, events: Events) -> bool:
    if len(set(state.drawn)) > 1:
        return False
    if state.drawn:
        _psychic_take(state, step, state.drawn[0], events)
    else:
        state.drawn_seat = NOBODY
        pop(state)
    return True


def _psychic_take(state: JamboState, step: Step, card: int, events: Events) -> None:
    rest = state.drawn[:]
    rest.remove(card)
    state.drawn, state.drawn_seat = [], NOBODY
    deck_ = own(state, "deck")
    deck_.top = rest + deck_.top
    deck_.seer = step.seat if deck_.top else NOBODY
    deck.add_to_hand(state, step.seat, card, known=False)
    hidden = Event("psychic_took_hidden", {"seat": step.seat, "count": len(rest)})
    events.emit("psychic_took", seat=step.seat, public=hidden, card=NAMES[card], count=len(rest))
    pop(state)


def _psychic_moves(state: JamboState, step: Step) -> list[str]:
    return [f"take {NAMES[c]}" for c in sorted(set(state.drawn))]


def _psychic_apply(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    _psychic_take(state, step, (split_card(words[1:]) or (NOBODY, []))[0], events)


def _psychic_decision(state: JamboState, step: Step, viewer: int | None) -> tuple[str, dict[str, Any]]:
    cards = [NAMES[c] for c in state.drawn] if viewer == step.seat else []
    return "psychic_take", {"cards": cards, "count": len(state.drawn)}


def _carrier_decision(state: JamboState, step: Step, viewer: int | None) -> tuple[str, dict[str, Any]]:
    return "carrier_take", {"count": value(CARRIER, "wares")}


STEPS: dict[str, StepRule] = {
    "carrier": StepRule(moves=_carrier_choices, apply=_carrier_apply, auto=_carrier_auto, decision=_carrier_decision),
    "dancer": StepRule(moves=_dancer_moves, apply=_dancer_apply, decision=_dancer_decision),
    "elder": StepRule(moves=_elder_moves, apply=_elder_apply, auto=_elder_auto, decision=_elder_decision),
    "portuguese": StepRule(moves=_portuguese_moves, apply=_portuguese_apply, decision=_portuguese_decision),
    "psychic": StepRule(moves=_psychic_moves, apply=_psychic_apply, auto=_psychic_auto, decision=_psychic_decision),
}
