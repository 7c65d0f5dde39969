"""Utility cards: putting one in play (at most three), and using each of the ten once per turn.

Using a utility costs an action and turns it over until the end of the turn, unless it is used
through a Crocodile (``free``: no action, and the card is already in the discard pile). Each
utility's ``args`` lists the words a move needs after ``use <utility>`` (``""`` when none) and
is empty when it cannot be used now; ``USE`` applies it. Multi-step utilities push steps whose
rules are in ``STEPS``.

Notation: ``play <utility>`` (``play <utility> replace <utility in play>`` with three in play),
``use boat`` → ``discard <card>`` | ``discard <utility> in play`` → ``take <ware>``;
``use drums <ware>``; ``use kettle`` → ``discard <card>`` (once or twice) [→ ``done``];
``use leopard statue <ware>``; ``use mask <card>``; ``use scale`` → ``keep <card> give <card>``;
``use supplies`` → ``pay`` | ``discard <card>``; ``use throne take <ware> give <ware>``;
``use weapons`` → ``discard ...`` as the Boat; ``use well``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from engines.base import Event, Events
from engines.jambo import deck, stands
from engines.jambo.cards import (
    BOAT,
    DRUMS,
    KETTLE,
    LEOPARD,
    MASK,
    NAMES,
    SCALE,
    SUPPLIES,
    THRONE,
    WARE_ID,
    WARES,
    WEAPONS,
    WELL,
    split_card,
    value,
)
from engines.jambo.data import DATA
from engines.jambo.state import NOBODY, JamboState, Step, other, own
from engines.jambo.steps import StepRule, changed, draw, make_step, pop, push, replace

LIMIT = DATA.utility_limit


# ---- in play ------------------------------------------------------------------------------------------------
def unused(state: JamboState, seat: int) -> list[int]:
    """The distinct utilities ``seat`` has face up (not yet used this turn)."""
    mine = state.utilities[seat]
    if seat == state.active and state.used:
        used = state.used
        return sorted(u for u in set(mine) if mine.count(u) > used.count(u))
    return sorted(set(mine)) if len(mine) > 1 else mine[:]


def is_face_up(state: JamboState, seat: int, card: int) -> bool:
    """Whether ``seat`` has a copy of ``card`` in play that is not used this turn (``card in unused(...)``)."""
    mine = state.utilities[seat]
    if seat == state.active and state.used:
        return mine.count(card) > state.used.count(card)
    return card in mine


def face_up(state: JamboState, seat: int) -> list[int]:
    """Every face-up utility of ``seat`` (a multiset: the turned ones taken out)."""
    cards = state.utilities[seat][:]
    if seat == state.active:
        for card in state.used:
            cards.remove(card)
    return sorted(cards)


def take_off(state: JamboState, seat: int, card: int) -> None:
    """Remove one ``card`` from ``seat``'s play area, a turned copy first (it is spent this turn anyway)."""
    own(state, "utilities")[seat].remove(card)
    if seat == state.active and card in state.used:
        own(state, "used").remove(card)


def take_off_face_up(state: JamboState, seat: int, card: int) -> None:
    """Remove one face-up ``card`` from ``seat``'s play area."""
    own(state, "utilities")[seat].remove(card)


# ---- playing a utility card ---------------------------------------------------------------------------------
def play_moves(state: JamboState, seat: int, card: int) -> list[str]:
    mine = state.utilities[seat]
    if len(mine) < LIMIT:
        return [PLAY_MOVES[card]]
    return [replace_move(card, u) for u in sorted(set(mine))]


PLAY_MOVES = tuple(f"play {name}" for name in NAMES)


@cache
def replace_move(card: int, replaced: int) -> str:
    return f"play {NAMES[card]} replace {NAMES[replaced]}"


def apply_play(state: JamboState, seat: int, card: int, words: list[str], events: Events) -> None:
    if words:
        replaced, _ = split_card(words[1:]) or (NOBODY, [])
        take_off(state, seat, replaced)
        deck.to_discard(state, replaced)
        events.emit("utility_replaced", seat=seat, card=NAMES[replaced])
    own(state, "utilities")[seat].append(card)
    events.emit("utility_played", seat=seat, card=NAMES[card])


# ---- using a utility ----------------------------------------------------------------------------------------
def _scrap_choices(state: JamboState, seat: int) -> list[str]:
    """What a Boat or Weapons may discard: a card of the hand or a utility in play."""
    hand = [NAMES[c] for c in deck.hand_types(state, seat)]
    play = [f"{NAMES[u]} in play" for u in sorted(set(state.utilities[seat]))]
    return hand + play


def _boat_args(state: JamboState, seat: int, free: bool) -> list[str]:
    if not stands.kinds_in_supply(state) or not stands.can_place(state, seat, 1):
        return []
    return [""] if free is False or _scrap_choices(state, seat) else []


def _drums_args(state: JamboState, seat: int, free: bool) -> list[str]:
    if not deck.has_cards(state, value(DRUMS, "draw")):
        return []
    return [WARES[w] for w in stands.kinds_held(state, seat)]


def _kettle_args(state: JamboState, seat: int, free: bool) -> list[str]:
    return [""] if state.hands[seat] else []


def _leopard_args(state: JamboState, seat: int, free: bool) -> list[str]:
    cost = value(LEOPARD, "cost")
    if state.gold[seat] < cost or not stands.can_place(state, seat, 1, spending=cost):
        return []
    return [WARES[w] for w in stands.kinds_in_supply(state)]


def _mask_args(state: JamboState, seat: int, free: bool) -> list[str]:
    if free or state.stage != "start" or not state.discard:
        return []
    return [NAMES[c] for c in deck.hand_types(state, seat)]


def _draw_args(state: JamboState, seat: int, free: bool) -> list[str]:
    return [""] if deck.can_draw(state) else []


def _throne_args(state: JamboState, seat: int, free: bool) -> list[str]:
    theirs = stands.kinds_held(state, other(seat))
    mine = stands.kinds_held(state, seat)
    return [THRONE_ARGS[a][b] for a in theirs for b in mine if a != b]


THRONE_ARGS = tuple(tuple(f"take {taken} give {given}" for given in WARES) for taken in WARES)


def _weapons_args(state: JamboState, seat: int, free: bool) -> list[str]:
    return [""] if not free or _scrap_choices(state, seat) else []


def _well_args(state: JamboState, seat: int, free: bool) -> list[str]:
    return [""] if state.gold[seat] >= value(WELL, "cost") and deck.can_draw(state) else []


ARGS: dict[int, Callable[[JamboState, int, bool], list[str]]] = {
    BOAT: _boat_args,
    DRUMS: _drums_args,
    KETTLE: _kettle_args,
    LEOPARD: _leopard_args,
    MASK: _mask_args,
    SCALE: _draw_args,
    SUPPLIES: _draw_args,
    THRONE: _throne_args,
    WEAPONS: _weapons_args,
    WELL: _well_args,
}


def args(state: JamboState, seat: int, card: int, free: bool = False) -> list[str]:
    """The words that may follow ``use <card>`` now (``""``: none needed); empty if it cannot be used."""
    return ARGS[card](state, seat, free)


@cache
def use_move(card: int, arg: str) -> str:
    return f"use {NAMES[card]} {arg}" if arg else f"use {NAMES[card]}"


def card_use_moves(state: JamboState, seat: int, card: int, free: bool = False) -> list[str]:
    """The ``use <card> ...`` moves of one utility (face up, or used for free through a Crocodile)."""
    return [use_move(card, arg) for arg in ARGS[card](state, seat, free)]


def use_moves(state: JamboState, seat: int) -> list[str]:
    """Every ``use ...`` move of ``seat``'s face-up utilities."""
    return [use_move(card, arg) for card in unused(state, seat) for arg in ARGS[card](state, seat, False)]


def _use_boat(state: JamboState, seat: int, words: list[str], events: Events) -> None:
    push(state, make_step("scrap", seat, card=BOAT, chained=True), make_step("boat_take", seat, chained=True))


def _use_drums(state: JamboState, seat: int, words: list[str], events: Events) -> None:
    ware = WARE_ID[words[0]]
    stands.remove(state, seat, ware)
    events.emit("ware_returned", seat=seat, ware=WARES[ware])
    push(state, draw(seat, value(DRUMS, "draw"), "hand"))


def _use_kettle(state: JamboState, seat: int, words: list[str], events: Events) -> None:
    push(state, make_step("kettle", seat, chained=True))


def _use_leopard(state: JamboState, seat: int, words: list[str], events: Events) -> None:
    ware = WARE_ID[words[0]]
    cost = value(LEOPARD, "cost")
    own(state, "gold")[seat] -= cost
    stands.place(state, seat, ware, events)
    events.emit("ware_bought", seat=seat, ware=WARES[ware], gold=cost)


def _use_mask(state: JamboState, seat: int, words: list[str], events: Events) -> None:
    card, _ = split_card(words) or (NOBODY, [])
    took = own(state, "discard").pop()
    deck.remove_from_hand(state, seat, card)
    deck.to_discard(state, card)
    deck.add_to_hand(state, seat, took, known=True)
    events.emit("mask_swapped", seat=seat, card=NAMES[card], taken_card=NAMES[took])


def _use_scale(state: JamboState, seat: int, words: list[str], events: Events) -> None:
    push(state, draw(seat, value(SCALE, "draw"), "look"), make_step("scale", seat))


def _use_supplies(state: JamboState, seat: int, words: list[str], events: Events) -> None:
    push(state, draw(seat, 1, "reveal"), make_step("supplies", seat))


def _use_throne(state: JamboState, seat: int, words: list[str], events: Events) -> None:
    took, gave = WARE_ID[words[1]], WARE_ID[words[3]]
    them = other(seat)
    own(state, "wares")[them][took] -= 1
    own(state, "wares")[seat][took] += 1
    own(state, "wares")[seat][gave] -= 1
    own(state, "wares")[them][gave] += 1
    events.emit("throne_swapped", seat=seat, other_seat=them, taken_ware=WARES[took], given_ware=WARES[gave])


def _use_weapons(state: JamboState, seat: int, words: list[str], events: Events) -> None:
    push(state, make_step("scrap", seat, card=WEAPONS, chained=True))


def _use_well(state: JamboState, seat: int, words: list[str], events: Events) -> None:
    cost = value(WELL, "cost")
    own(state, "gold")[seat] -= cost
    events.emit("gold_paid", seat=seat, gold=cost)
    push(state, draw(seat, value(WELL, "draw"), "hand"))


USE: dict[int, Callable[[JamboState, int, list[str], Events], None]] = {
    BOAT: _use_boat,
    DRUMS: _use_drums,
    KETTLE: _use_kettle,
    LEOPARD: _use_leopard,
    MASK: _use_mask,
    SCALE: _use_scale,
    SUPPLIES: _use_supplies,
    THRONE: _use_throne,
    WEAPONS: _use_weapons,
    WELL: _use_well,
}


def apply_use(state: JamboState, seat: int, card: int, words: list[str], events: Events, *, free: bool) -> None:
    """Use ``card`` with the move's remaining ``words``: an action and the card turned, unless ``free``."""
    if free:
        events.emit("utility_used_free", seat=seat, card=NAMES[card])
    else:
        state.actions += 1
        own(state, "used").append(card)
        events.emit("utility_used", seat=seat, card=NAMES[card])
    USE[card](state, seat, words, events)


# ---- the steps of multi-step utilities ----------------------------------------------------------------------
def _scrap_moves(state: JamboState, step: Step) -> list[str]:
    return [f"discard {choice}" for choice in _scrap_choices(state, step.seat)]


def _scrap_apply(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    card, rest = split_card(words[1:]) or (NOBODY, [])
    if rest:
        take_off(state, step.seat, card)
    else:
        deck.remove_from_hand(state, step.seat, card)
    deck.to_discard(state, card)
    events.emit("card_discarded" if not rest else "utility_discarded", seat=step.seat, card=NAMES[card])
    pop(state)
    if step.card == WEAPONS:
        own(state, "gold")[step.seat] += value(WEAPONS, "gold")
        events.emit("gold_taken", seat=step.seat, gold=value(WEAPONS, "gold"))


def _scrap_decision(state: JamboState, step: Step, viewer: int | None) -> tuple[str, dict[str, Any]]:
    return "scrap", {"card": NAMES[step.card]}


def _boat_take_moves(state: JamboState, step: Step) -> list[str]:
    return [f"take {WARES[w]}" for w in stands.kinds_in_supply(state)]


def _boat_take_apply(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    ware = WARE_ID[words[1]]
    stands.place(state, step.seat, ware, events)
    events.emit("ware_taken", seat=step.seat, ware=WARES[ware])
    pop(state)


def _boat_take_decision(state: JamboState, step: Step, viewer: int | None) -> tuple[str, dict[str, Any]]:
    return "boat_take", {}


def _kettle_moves(state: JamboState, step: Step) -> list[str]:
    moves = (
        [f"discard {NAMES[c]}" for c in deck.hand_types(state, step.seat)]
        if step.n < value(KETTLE, "max_discard")
        else []
    )
    return [*moves, "done"] if step.n else moves


def _kettle_apply(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    if words[0] == "done":
        _kettle_draw(state, step.seat, step.n)
        return
    card, _ = split_card(words[1:]) or (NOBODY, [])
    deck.remove_from_hand(state, step.seat, card)
    deck.to_discard(state, card)
    events.emit("card_discarded", seat=step.seat, card=NAMES[card])
    count = step.n + 1
    if count >= value(KETTLE, "max_discard") or not state.hands[step.seat]:
        _kettle_draw(state, step.seat, count)
    else:
        replace(state, changed(step, n=count))


def _kettle_draw(state: JamboState, seat: int, count: int) -> None:
    pop(state)
    push(state, draw(seat, count, "hand"))


def _kettle_decision(state: JamboState, step: Step, viewer: int | None) -> tuple[str, dict[str, Any]]:
    return "kettle_discard", {"discarded": step.n}


def _scale_auto(state: JamboState, step: Step, events: Events) -> bool:
    if len(state.drawn) >= 2:
        return False
    if state.drawn:
        card = own(state, "drawn").pop()
        deck.add_to_hand(state, step.seat, card, known=False)
        _kept_event(events, step.seat, card)
    state.drawn_seat = NOBODY
    pop(state)
    return True


def _kept_event(events: Events, seat: int, card: int) -> None:
    deck.tell_drawer(events, "card_kept", seat, card)


def _scale_moves(state: JamboState, step: Step) -> list[str]:
    first, second = state.drawn[0], state.drawn[1]
    moves = [f"keep {NAMES[first]} give {NAMES[second]}"]
    return moves if first == second else [*moves, f"keep {NAMES[second]} give {NAMES[first]}"]


def _scale_apply(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    give_at = words.index("give")
    kept, _ = split_card(words[1:give_at]) or (NOBODY, [])
    given, _ = split_card(words[give_at + 1 :]) or (NOBODY, [])
    seat, them = step.seat, other(step.seat)
    state.drawn = []
    state.drawn_seat = NOBODY
    deck.add_to_hand(state, seat, kept, known=False)
    deck.add_to_hand(state, them, given, known=True)
    hidden = Event("scale_split_hidden", {"seat": seat, "other_seat": them})
    for_them = Event("scale_gift", {"seat": seat, "other_seat": them, "given_card": NAMES[given]}, them, hidden)
    events.emit("scale_split", seat=seat, public=for_them, other_seat=them, card=NAMES[kept], given_card=NAMES[given])
    pop(state)


def _scale_decision(state: JamboState, step: Step, viewer: int | None) -> tuple[str, dict[str, Any]]:
    cards = [NAMES[c] for c in state.drawn] if viewer == step.seat else []
    return "scale_choose", {"cards": cards}


def _supplies_auto(state: JamboState, step: Step, events: Events) -> bool:
    if state.table_cards:
        events.emit("cards_discarded", cards=[NAMES[c] for c in state.table_cards])
        own(state, "discard").extend(state.table_cards)
        state.table_cards = []
    if state.gold[step.seat] < value(SUPPLIES, "cost") and not state.hands[step.seat]:
        pop(state)
        return True
    return False


def _supplies_moves(state: JamboState, step: Step) -> list[str]:
    pay = ["pay"] if state.gold[step.seat] >= value(SUPPLIES, "cost") else []
    return pay + [f"discard {NAMES[c]}" for c in deck.hand_types(state, step.seat)]


def _supplies_apply(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    if words[0] == "pay":
        own(state, "gold")[step.seat] -= value(SUPPLIES, "cost")
        events.emit("gold_paid", seat=step.seat, gold=value(SUPPLIES, "cost"))
    else:
        card, _ = split_card(words[1:]) or (NOBODY, [])
        deck.remove_from_hand(state, step.seat, card)
        deck.to_discard(state, card)
        events.emit("card_discarded", seat=step.seat, card=NAMES[card])
    pop(state)


def _supplies_decision(state: JamboState, step: Step, viewer: int | None) -> tuple[str, dict[str, Any]]:
    return "supplies_pay", {"gold": value(SUPPLIES, "cost")}


STEPS: dict[str, StepRule] = {
    "scrap": StepRule(moves=_scrap_moves, apply=_scrap_apply, decision=_scrap_decision),
    "boat_take": StepRule(moves=_boat_take_moves, apply=_boat_take_apply, decision=_boat_take_decision),
    "kettle": StepRule(moves=_kettle_moves, apply=_kettle_apply, decision=_kettle_decision),
    "scale": StepRule(moves=_scale_moves, apply=_scale_apply, auto=_scale_auto, decision=_scale_decision),
    "supplies": StepRule(
        moves=_supplies_moves, apply=_supplies_apply, auto=_supplies_auto, decision=_supplies_decision
    ),
}
