"""Ware cards and stands: buying, selling, building a small stand, and wares that do not fit.

``buy <ware card>``: pay the buy price (less 2 per Wise Man this turn, never below 0) and put
every ware shown on your stands; you need the space, the wares in the supply and the gold, the
sixth-space fee included. ``sell <ware card>``: return every ware shown and take the sell price
(2 more per Wise Man). The card then lies on the table while the opponent may take it with a
Rain Maker (``engines.jambo.reactions``), and goes to the discard pile otherwise.
``play small stand``: the first small stand built in the game costs 6 gold, every later one 3.
A person or animal that gives you wares you have no room for lets you choose which wares, old
or new, go back to the supply: ``return <ware>``, once per ware too many.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engines.base import Events
from engines.jambo import stands
from engines.jambo.cards import BUY, CARD_WARES, NAMES, SELL, WARE_COUNT, WARE_ID, WARES, WISE_MAN, value
from engines.jambo.data import DATA
from engines.jambo.reactions import rain_window
from engines.jambo.stands import PER_KIND
from engines.jambo.state import JamboState, Step, own
from engines.jambo.steps import StepRule, counted_down, make_step, pop, push, replace

WISE_DISCOUNT = value(WISE_MAN, "discount")


def wise_bonus(state: JamboState) -> int:
    return WISE_DISCOUNT * state.wise


def buy_price(state: JamboState, card: int) -> int:
    return max(0, BUY[card] - wise_bonus(state))


def sell_price(state: JamboState, card: int) -> int:
    return SELL[card] + wise_bonus(state)


def buy_refusal(state: JamboState, seat: int, card: int) -> tuple[str, dict[str, Any]] | None:
    """Why ``seat`` cannot buy with ``card`` now (a refusal code and parameters), or None."""
    counts = CARD_WARES[card]
    short = [WARES[w] for w in range(len(counts)) if counts[w] > stands.supply(state, w)]
    if short:
        return "supply_short", {"wares": short}
    if stands.free_spaces(state, seat) < WARE_COUNT[card]:
        return "no_room", {"count": WARE_COUNT[card], "free": stands.free_spaces(state, seat)}
    cost = buy_price(state, card) + stands.fee_for(state, seat, WARE_COUNT[card])
    if state.gold[seat] < cost:
        return "not_enough_gold", {"gold": cost, "have": state.gold[seat]}
    return None


def sell_refusal(state: JamboState, seat: int, card: int) -> tuple[str, dict[str, Any]] | None:
    counts = CARD_WARES[card]
    missing = [WARES[w] for w in range(len(counts)) for _ in range(max(0, counts[w] - state.wares[seat][w]))]
    return ("missing_wares", {"wares": missing}) if missing else None


SHOWN: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((w, n) for w, n in enumerate(counts) if n) for counts in CARD_WARES
)
"""Per card type, the (ware, count) pairs a ware card shows."""


def ware_card_moves(state: JamboState, seat: int, card: int) -> list[str]:
    """The ``buy``/``sell`` moves of the ware ``card`` now (actions and the hand aside)."""
    return ware_moves(state, seat, (card,))


def ware_moves(state: JamboState, seat: int, cards: Iterable[int]) -> list[str]:
    """The ``buy``/``sell`` moves of the ware ``cards`` (distinct, in order) now: the supply, the room, the fee
    and the gold are looked at once for all of them."""
    first, second = state.wares
    table = state.table_wares
    mine = state.wares[seat]
    held = sum(mine)
    small_room = stands.SMALL * state.smalls[seat] - held + state.large[seat]
    large_room = stands.LARGE - state.large[seat]
    free = small_room + large_room
    gold = state.gold[seat]
    discount = WISE_DISCOUNT * state.wise
    moves: list[str] = []
    for card in cards:
        count = WARE_COUNT[card]
        can_buy, can_sell = free >= count, held >= count
        if can_buy or can_sell:
            for ware, needed in SHOWN[card]:
                if PER_KIND - first[ware] - second[ware] - table[ware] < needed:
                    can_buy = False
                if mine[ware] < needed:
                    can_sell = False
        if can_buy:
            can_buy = gold >= max(0, BUY[card] - discount) + stands.fee_owed(count, small_room, large_room)
        moves += TRADE_MOVES[card][can_buy][can_sell]
    return moves


TRADE_MOVES: tuple[tuple[tuple[tuple[str, ...], ...], ...], ...] = tuple(
    (((), (f"sell {name}",)), ((f"buy {name}",), (f"buy {name}", f"sell {name}"))) for name in NAMES
)
"""``TRADE_MOVES[card][can buy][can sell]``: the moves a ware card offers."""


def apply_buy(state: JamboState, seat: int, card: int, events: Events) -> None:
    price = buy_price(state, card)
    own(state, "gold")[seat] -= price
    events.emit("bought", seat=seat, card=NAMES[card], wares=stands.wares_text(CARD_WARES[card]), gold=price)
    for ware in range(len(WARES)):
        for _ in range(CARD_WARES[card][ware]):
            stands.place(state, seat, ware, events)
    push(state, rain_window(state, card))


def apply_sell(state: JamboState, seat: int, card: int, events: Events) -> None:
    price = sell_price(state, card)
    stands.remove_counts(state, seat, CARD_WARES[card])
    own(state, "gold")[seat] += price
    events.emit("sold", seat=seat, card=NAMES[card], wares=stands.wares_text(CARD_WARES[card]), gold=price)
    push(state, rain_window(state, card))


# ---- small stands -------------------------------------------------------------------------------------------
def stand_cost(state: JamboState) -> int:
    return DATA.small_stand_first_cost if state.stands_built == 0 else DATA.small_stand_cost


def stand_moves(state: JamboState, seat: int) -> list[str]:
    return ["play small stand"] if state.gold[seat] >= stand_cost(state) else []


def apply_stand(state: JamboState, seat: int, events: Events) -> None:
    cost = stand_cost(state)
    own(state, "gold")[seat] -= cost
    own(state, "smalls")[seat] += 1
    state.stands_built += 1
    events.emit("stand_built", seat=seat, gold=cost)


# ---- the overflow rule --------------------------------------------------------------------------------------
def gain(state: JamboState, seat: int, wares: list[int], events: Events, *, chained: bool, told: bool = False) -> None:
    """``seat`` receives ``wares`` from a person or animal; any that do not fit wait for ``return`` moves.

    ``told``: an event already said where the wares come from.
    """
    if not told:
        events.emit("wares_gained", seat=seat, wares=[WARES[w] for w in wares])
    over = stands.gain(state, seat, wares, events)
    if over:
        push(state, make_step("overflow", seat, n=over, chained=chained))


def _overflow_moves(state: JamboState, step: Step) -> list[str]:
    return [f"return {WARES[w]}" for w in stands.kinds_held(state, step.seat)]


def _overflow_apply(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    ware = WARE_ID[words[1]]
    own(state, "wares")[step.seat][ware] -= 1
    events.emit("ware_returned", seat=step.seat, ware=WARES[ware])
    if step.n > 1:
        replace(state, counted_down(step))
    else:
        pop(state)


def _overflow_decision(state: JamboState, step: Step, viewer: int | None) -> tuple[str, dict[str, Any]]:
    return "overflow_return", {"count": step.n}


STEPS: dict[str, StepRule] = {
    "overflow": StepRule(moves=_overflow_moves, apply=_overflow_apply, decision=_overflow_decision),
}
