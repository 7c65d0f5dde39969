"""Guard and Rain Maker: answers played in the opponent's turn, and each player's standing orders for them.

Whether the game waits for an answer depends only on the answering player's standing orders,
never on their hand, so a wait tells the active player nothing. Per animal the Guard order is
``ask`` (the default: the game waits for ``react guard`` or ``decline``), ``auto`` (a Guard is
played at once if the player holds one, else nothing happens) or ``never``. The Rain Maker
order is ``never`` (the default: the game does not wait), ``ask``, or ``auto`` with a minimum
printed sell price. Orders are changed at any time with a standing move:

``orders guard ask|auto|never`` (every animal), ``orders guard <animal> ask|auto|never``,
``orders rain maker never|ask|auto``, ``orders rain maker auto <sell price>``.
"""

from __future__ import annotations

from typing import Any

from engines.base import Events
from engines.jambo import deck
from engines.jambo.cards import ANIMAL_ORDER, GUARD, NAMES, RAIN_MAKER, SELL, SELL_PRICES
from engines.jambo.state import JamboState, Orders, Step, other, own
from engines.jambo.steps import StepRule, drop_following, make_step, pop

MODES = ("ask", "auto", "never")
RAIN_MODES = ("never", "ask", "auto")
ANIMAL_INDEX = {card: index for index, card in enumerate(ANIMAL_ORDER)}


def default_orders() -> Orders:
    return Orders(guard=["ask"] * len(ANIMAL_ORDER), rain="never", rain_min=0)


# ---- standing orders ----------------------------------------------------------------------------------------
def standing_moves() -> list[str]:
    """Every orders move (the same for both players, at any time)."""
    moves = [f"orders guard {mode}" for mode in MODES]
    moves += [f"orders guard {NAMES[card]} {mode}" for card in ANIMAL_ORDER for mode in MODES]
    moves += [f"orders rain maker {mode}" for mode in RAIN_MODES]
    return moves + [f"orders rain maker auto {price}" for price in SELL_PRICES]


def apply_orders(state: JamboState, seat: int, move: str, events: Events) -> None:
    """Apply a canonical orders ``move`` of ``seat``."""
    words = move.split()
    orders = state.orders[seat].model_copy(deep=True)
    own(state, "orders")[seat] = orders
    if words[1] == "guard":
        mode = words[-1]
        animals = ANIMAL_ORDER if len(words) == 3 else [ANIMAL_INDEX_BY_NAME[" ".join(words[2:-1])]]
        for card in animals:
            orders.guard[ANIMAL_INDEX[card]] = mode
        events.emit("guard_orders", seat=seat, mode=mode, cards=[NAMES[c] for c in animals])
    else:
        orders.rain = words[3]
        orders.rain_min = int(words[4]) if len(words) > 4 else 0
        events.emit("rain_orders", seat=seat, mode=orders.rain, gold=orders.rain_min)


ANIMAL_INDEX_BY_NAME = {NAMES[card]: card for card in ANIMAL_ORDER}


# ---- the Guard window ---------------------------------------------------------------------------------------
def guard_window(state: JamboState, animal: int) -> Step:
    """The opponent's chance to cancel ``animal`` with a Guard."""
    return make_step("guard", other(state.active), card=animal)


def _guard_auto(state: JamboState, step: Step, events: Events) -> bool:
    mode = state.orders[step.seat].guard[ANIMAL_INDEX[step.card]]
    if mode == "ask":
        return False
    if mode == "auto" and deck.in_hand(state, step.seat, GUARD):
        _play_guard(state, step, events)
    else:
        pop(state)
    return True


def _play_guard(state: JamboState, step: Step, events: Events) -> None:
    deck.remove_from_hand(state, step.seat, GUARD)
    deck.to_discard(state, GUARD)
    events.emit("guarded", seat=step.seat, card=NAMES[step.card])
    drop_following(state, "animal")
    pop(state)


def _guard_moves(state: JamboState, step: Step) -> list[str]:
    return ["react guard", "decline"] if deck.in_hand(state, step.seat, GUARD) else ["decline"]


def _guard_apply(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    if words[0] == "react":
        _play_guard(state, step, events)
    else:
        events.emit("no_reaction", seat=step.seat)
        pop(state)


def _guard_decision(state: JamboState, step: Step, viewer: int | None) -> tuple[str, dict[str, Any]]:
    return "react_guard", {"card": NAMES[step.card], "by_seat": other(step.seat)}


# ---- the Rain Maker window ----------------------------------------------------------------------------------
def rain_window(state: JamboState, card: int) -> Step:
    """The opponent's chance to take the ware ``card`` just played; until then it lies on the table."""
    return make_step("rain", other(state.active), card=card)


def _rain_auto(state: JamboState, step: Step, events: Events) -> bool:
    orders = state.orders[step.seat]
    if orders.rain == "ask":
        return False
    if orders.rain == "auto" and SELL[step.card] >= orders.rain_min and deck.in_hand(state, step.seat, RAIN_MAKER):
        _play_rain_maker(state, step, events)
    else:
        deck.to_discard(state, step.card)
        pop(state)
    return True


def _play_rain_maker(state: JamboState, step: Step, events: Events) -> None:
    deck.remove_from_hand(state, step.seat, RAIN_MAKER)
    deck.to_discard(state, RAIN_MAKER)
    deck.add_to_hand(state, step.seat, step.card, known=True)
    events.emit("rain_maker", seat=step.seat, card=NAMES[step.card])
    pop(state)


def _rain_moves(state: JamboState, step: Step) -> list[str]:
    return ["react rain maker", "decline"] if deck.in_hand(state, step.seat, RAIN_MAKER) else ["decline"]


def _rain_apply(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    if words[0] == "react":
        _play_rain_maker(state, step, events)
    else:
        events.emit("no_reaction", seat=step.seat)
        deck.to_discard(state, step.card)
        pop(state)


def _rain_decision(state: JamboState, step: Step, viewer: int | None) -> tuple[str, dict[str, Any]]:
    return "react_rain_maker", {"card": NAMES[step.card], "by_seat": other(step.seat)}


STEPS: dict[str, StepRule] = {
    "guard": StepRule(moves=_guard_moves, apply=_guard_apply, auto=_guard_auto, decision=_guard_decision),
    "rain": StepRule(moves=_rain_moves, apply=_rain_apply, auto=_rain_auto, decision=_rain_decision),
}
