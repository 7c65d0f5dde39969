"""A player's turn: five actions, phase 1 (draw) then phase 2 (play), the bonus, the end of the game.

Phase 1: ``draw`` (an action) turns up the deck's top card for you alone; ``keep`` it (phase 1
ends) or ``discard <card>`` it face up and draw again, up to five times, or go on to phase 2.
Phase 2 (also reached by playing any card from the hand): ``play ...``, ``buy ...``, ``sell ...``
cost an action each; ``use <utility> ...`` (any time in your turn) too. ``end`` ends the turn;
it ends by itself when no action is left. With 2 or more actions unused you take 1 gold; your
utilities are turned face up again. A player who ends their turn with 60 gold or more triggers
the end: the opponent plays one last full turn and wins with as much gold or more.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from engines.base import Events
from engines.jambo import animals, deck, people, trade, utilities
from engines.jambo.cards import ANIMALS, FIRST_WARE_CARD, KIND, NAMES, SMALL_STAND, UTILITIES, split_card
from engines.jambo.data import DATA
from engines.jambo.state import NOBODY, JamboState, Step, other, own
from engines.jambo.steps import StepRule, draw, make_step, pop, push

ACTIONS = DATA.actions_per_turn


def actions_left(state: JamboState) -> int:
    return ACTIONS - state.actions


# ---- the main decision: what the active player does next ----------------------------------------------------
def _stand_moves(state: JamboState, seat: int, card: int) -> list[str]:
    return trade.stand_moves(state, seat)


_MOVERS = {
    "ware": trade.ware_card_moves,
    "utility": utilities.play_moves,
    "animal": animals.play_moves,
    "person": people.play_moves,
    "stand": _stand_moves,
}
CARD_MOVER: tuple[Callable[[JamboState, int, int], Sequence[str]], ...] = tuple(_MOVERS[kind] for kind in KIND)
"""Per card type, the function listing the moves that play it from the hand."""
PLAY_VERBS = frozenset({"play", "buy", "sell"})


def main_moves(state: JamboState) -> list[str]:
    if state.actions >= ACTIONS:
        return ["end"]
    seat = state.active
    moves = ["draw"] if state.stage != "playing" and deck.can_draw(state) else []
    wares: list[int] = []
    for card in dict.fromkeys(state.hands[seat]):  # a hand is sorted: its distinct cards in order, ware cards last
        if card >= FIRST_WARE_CARD:
            wares.append(card)
        else:
            moves += CARD_MOVER[card](state, seat, card)
    if wares:
        moves += trade.ware_moves(state, seat, wares)
    if state.utilities[seat]:
        moves += utilities.use_moves(state, seat)
    moves.append("end")
    return moves


@lru_cache(maxsize=4096)
def read_move(move: str) -> tuple[str, int, tuple[str, ...]]:
    """A move's verb, the card named after it (the longest name that fits; ``NOBODY`` if none) and the words left."""
    verb, _, tail = move.partition(" ")
    found = split_card(tail.split())
    return (verb, NOBODY, ()) if found is None else (verb, found[0], tuple(found[1]))


def is_main_move(state: JamboState, move: str) -> bool:
    """Whether ``move`` is one of ``main_moves(state)``, checking only the card it names."""
    if move == "end":
        return True
    if state.actions >= ACTIONS:
        return False
    if move == "draw":
        return state.stage != "playing" and deck.can_draw(state)
    verb, card, _ = read_move(move)
    seat = state.active
    if verb == "use":
        return utilities.is_face_up(state, seat, card) and move in utilities.card_use_moves(state, seat, card)
    return verb in PLAY_VERBS and card in state.hands[seat] and move in CARD_MOVER[card](state, seat, card)


def apply_main(state: JamboState, move: str, events: Events) -> None:
    seat = state.active
    if move == "end":
        end_turn(state, events)
        return
    if move == "draw":
        state.actions += 1
        state.stage = "drawing"
        push(state, draw(seat, 1, "look"), make_step("look", seat))
        return
    verb, card, words = read_move(move)
    rest = list(words)
    if verb == "use":
        utilities.apply_use(state, seat, card, rest, events, free=False)
        return
    state.actions += 1
    state.stage = "playing"
    deck.remove_from_hand(state, seat, card)
    if verb == "buy":
        trade.apply_buy(state, seat, card, events)
    elif verb == "sell":
        trade.apply_sell(state, seat, card, events)
    elif card == SMALL_STAND:
        trade.apply_stand(state, seat, events)
    elif card in UTILITIES:
        utilities.apply_play(state, seat, card, rest, events)
    else:
        deck.to_discard(state, card)
        events.emit("card_played", seat=seat, card=NAMES[card], kind=KIND[card])
        (animals if card in ANIMALS else people).apply_play(state, seat, card, rest, events)


def main_decision(state: JamboState, viewer: int | None) -> tuple[str, dict[str, Any]]:
    code = "play" if state.stage == "playing" else "draw_or_play"
    return code, {"actions": actions_left(state)}


# ---- phase 1: the card looked at ----------------------------------------------------------------------------
def _look_moves(state: JamboState, step: Step) -> list[str]:
    return ["keep", f"discard {NAMES[state.drawn[0]]}"] if state.drawn else []


def _look_auto(state: JamboState, step: Step, events: Events) -> bool:
    if state.drawn:
        return False
    pop(state)
    return True


def _look_apply(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    card = own(state, "drawn").pop()
    state.drawn_seat = NOBODY
    pop(state)
    if words[0] == "keep":
        deck.add_to_hand(state, step.seat, card, known=False)
        state.stage = "playing"
        deck.tell_drawer(events, "card_kept", step.seat, card)
    else:
        deck.to_discard(state, card)
        events.emit("draw_discarded", seat=step.seat, card=NAMES[card])


def _look_decision(state: JamboState, step: Step, viewer: int | None) -> tuple[str, dict[str, Any]]:
    card = NAMES[state.drawn[0]] if viewer == step.seat and state.drawn else None
    return "keep_or_discard", {"card": card, "actions": actions_left(state)}


STEPS: dict[str, StepRule] = {
    "look": StepRule(moves=_look_moves, apply=_look_apply, auto=_look_auto, decision=_look_decision),
}


# ---- the turn's end and the game's --------------------------------------------------------------------------
def start_turn(state: JamboState, seat: int, events: Events) -> None:
    state.active = seat
    state.actions = 0
    state.stage = "start"
    state.turn += 1
    events.emit("turn_started", seat=seat, last=state.trigger != NOBODY)


def end_turn(state: JamboState, events: Events) -> None:
    seat = state.active
    if actions_left(state) >= DATA.bonus_unused_actions:
        own(state, "gold")[seat] += DATA.bonus_gold
        events.emit("bonus_gold", seat=seat, gold=DATA.bonus_gold, actions=actions_left(state))
    state.used = []
    state.wise = 0
    events.emit("turn_ended", seat=seat, gold=state.gold[seat])
    if state.trigger != NOBODY:
        finish(state, events)
        return
    if state.gold[seat] >= DATA.goal_gold:
        state.trigger = seat
        events.emit("last_turn", seat=other(seat), trigger_seat=seat, gold=state.gold[seat])
    start_turn(state, other(seat), events)


def finish(state: JamboState, events: Events) -> None:
    """The last turn is over: the one who did not trigger the end wins with equal or more gold."""
    trigger, last = state.trigger, other(state.trigger)
    state.winners = [last] if state.gold[last] >= state.gold[trigger] else [trigger]
    state.stage = "over"
    state.termination = "goal_reached"
    events.emit("game_won", seat=state.winners[0], gold=state.gold[state.winners[0]])
