"""Animal cards: played for an action, then the opponent may cancel them with a Guard; if not, their effect.

Notation: ``play ape``, ``play cheetah``, ``play crocodile <utility of the opponent>``,
``play elephant``, ``play hyena``, ``play lion``, ``play parrot <ware of the opponent>``,
``play snake``. Follow-ups, each a decision of the seat named:

* Ape, Elephant, Lion: players take in turn, the one who played first: ``take <card>`` /
  ``take <ware>`` / ``take <utility>``; a last kind left is taken without asking. After the Lion a
  player with more than 3 utilities discards down to 3: ``discard <utility>``. In the Elephant a
  player whose stands are full is passed over; wares nobody can place go back to the supply.
* Cheetah: the opponent ``choose gold`` (gives 2 gold) or ``choose cards`` (you draw 2); with
  fewer than 2 gold they must let you draw, and with no card left to draw they must pay.
* Crocodile: the utility goes to the discard pile; you may use it once, free:
  ``use <utility> ...`` as if it were yours, or ``decline`` (not the Mask).
* Hyena: you see the opponent's hand, ``take <card>`` from it, then ``give <card>`` from yours.
* Parrot: the ware moves to your stands (the overflow rule if you have no room).
* Snake: each player, you first, keeps one face-up utility: ``keep <utility>``; the other face-up
  ones are discarded (turned ones stay).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.base import Event, Events
from engines.jambo import deck, stands, utilities
from engines.jambo.cards import (
    APE,
    CHEETAH,
    CROCODILE,
    ELEPHANT,
    HYENA,
    LION,
    MASK,
    NAMES,
    NW,
    PARROT,
    SNAKE,
    WARE_ID,
    WARES,
    split_card,
    value,
)
from engines.jambo.data import DATA
from engines.jambo.reactions import guard_window
from engines.jambo.state import NOBODY, JamboState, Step, other, own
from engines.jambo.steps import StepRule, changed, draw, insert_second, make_step, pop, push, replace
from engines.jambo.trade import gain


# ---- playing an animal --------------------------------------------------------------------------------------
def play_moves(state: JamboState, seat: int, card: int) -> list[str]:
    them = other(seat)
    if card == CROCODILE:
        return [CROCODILE_MOVES[u] for u in sorted(set(state.utilities[them]))]
    if card == PARROT:
        return [PARROT_MOVES[w] for w in stands.kinds_held(state, them)]
    return [f"play {NAMES[card]}"]


CROCODILE_MOVES = tuple(f"play {NAMES[CROCODILE]} {name}" for name in NAMES)
PARROT_MOVES = tuple(f"play {NAMES[PARROT]} {name}" for name in WARES)


def apply_play(state: JamboState, seat: int, card: int, words: list[str], events: Events) -> None:
    """After the card is played: the Guard window, then the effect (with the move's target in ``arg``)."""
    target = NOBODY
    if card == CROCODILE:
        target = (split_card(words) or (NOBODY, []))[0]
    elif card == PARROT:
        target = WARE_ID[words[0]]
    push(state, guard_window(state, card), make_step("animal", seat, card=card, arg=target))


def _animal_auto(state: JamboState, step: Step, events: Events) -> bool:
    pop(state)
    EFFECTS[step.card](state, step, events)
    return True


# ---- effects ------------------------------------------------------------------------------------------------
def _ape(state: JamboState, step: Step, events: Events) -> None:
    pool = sorted(state.hands[0] + state.hands[1])
    state.hands = [[], []]
    state.known = [[], []]
    state.table_cards = pool
    events.emit("hands_pooled", seat=step.seat, count=len(pool))
    push(state, make_step("pick", step.seat, dest="ape"))


def _cheetah(state: JamboState, step: Step, events: Events) -> None:
    push(state, make_step("cheetah", other(step.seat)))


def _crocodile(state: JamboState, step: Step, events: Events) -> None:
    them = other(step.seat)
    utilities.take_off(state, them, step.arg)
    deck.to_discard(state, step.arg)
    events.emit("utility_eaten", seat=step.seat, other_seat=them, card=NAMES[step.arg])
    if step.arg != MASK:
        push(state, make_step("croc", step.seat, card=step.arg, chained=True))


def _elephant(state: JamboState, step: Step, events: Events) -> None:
    pool = [state.wares[0][w] + state.wares[1][w] for w in range(NW)]
    state.wares = [[0] * NW, [0] * NW]
    state.large = [0, 0]
    state.table_wares = pool
    events.emit("wares_pooled", seat=step.seat, wares=stands.wares_text(pool))
    push(state, make_step("pick", step.seat, dest="elephant"))


def _hyena(state: JamboState, step: Step, events: Events) -> None:
    them = other(step.seat)
    if not state.hands[them]:
        events.emit("hyena_empty", seat=step.seat, other_seat=them)
        return
    own(state, "known")[them] = state.hands[them][:]
    events.emit("hyena_looked", seat=step.seat, other_seat=them)
    push(state, make_step("hyena_take", step.seat))


def _lion(state: JamboState, step: Step, events: Events) -> None:
    seat, them = step.seat, other(step.seat)
    pool = utilities.face_up(state, seat) + state.utilities[them]
    for card in utilities.face_up(state, seat):
        utilities.take_off_face_up(state, seat, card)
    own(state, "utilities")[them] = []
    state.table_cards = sorted(pool)
    events.emit("utilities_pooled", seat=seat, cards=[NAMES[c] for c in state.table_cards])
    push(state, make_step("pick", seat, dest="lion"))


def _parrot(state: JamboState, step: Step, events: Events) -> None:
    them = other(step.seat)
    stands.remove(state, them, step.arg)
    events.emit("ware_stolen", seat=step.seat, other_seat=them, ware=WARES[step.arg])
    gain(state, step.seat, [step.arg], events, chained=True, told=True)


def _snake(state: JamboState, step: Step, events: Events) -> None:
    push(state, make_step("snake", step.seat), make_step("snake", other(step.seat)))


EFFECTS: dict[int, Callable[[JamboState, Step, Events], None]] = {
    APE: _ape,
    CHEETAH: _cheetah,
    CROCODILE: _crocodile,
    ELEPHANT: _elephant,
    HYENA: _hyena,
    LION: _lion,
    PARROT: _parrot,
    SNAKE: _snake,
}


# ---- drafts: Ape, Elephant, Lion ----------------------------------------------------------------------------
def _pool_kinds(state: JamboState, step: Step) -> list[int]:
    if step.dest == "elephant":
        return [w for w in range(NW) if state.table_wares[w]]
    return sorted(set(state.table_cards))


def _pick_auto(state: JamboState, step: Step, events: Events) -> bool:
    kinds = _pool_kinds(state, step)
    if not kinds:
        pop(state)
        if step.dest == "lion":
            push(state, make_step("trim", state.active))
            push_last_trim(state)
        return True
    if step.dest == "elephant" and not stands.fits_one(state, step.seat):
        return _elephant_pass(state, step, events)
    if len(kinds) == 1:
        _take(state, step, kinds[0], events)
        return True
    return False


def push_last_trim(state: JamboState) -> None:
    """The opponent's trim comes after the active player's."""
    insert_second(state, make_step("trim", other(state.active)))


def _elephant_pass(state: JamboState, step: Step, events: Events) -> bool:
    them = other(step.seat)
    if stands.fits_one(state, them):
        events.emit("no_room_to_take", seat=step.seat)
        replace(state, changed(step, seat=them))
        return True
    events.emit("wares_to_supply", wares=stands.wares_text(state.table_wares))
    state.table_wares = [0] * NW
    pop(state)
    return True


def _take(state: JamboState, step: Step, kind: int, events: Events) -> None:
    seat = step.seat
    if step.dest == "elephant":
        own(state, "table_wares")[kind] -= 1
        stands.place(state, seat, kind, events)
        events.emit("ware_picked", seat=seat, ware=WARES[kind])
    else:
        own(state, "table_cards").remove(kind)
        if step.dest == "ape":
            deck.add_to_hand(state, seat, kind, known=True)
        else:
            own(state, "utilities")[seat].append(kind)
        events.emit("card_picked", seat=seat, card=NAMES[kind])
    replace(state, changed(step, seat=other(seat)))


def _pick_moves(state: JamboState, step: Step) -> list[str]:
    names = WARES if step.dest == "elephant" else NAMES
    return [f"take {names[k]}" for k in _pool_kinds(state, step)]


def _pick_apply(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    kind = WARE_ID[words[1]] if step.dest == "elephant" else (split_card(words[1:]) or (NOBODY, []))[0]
    _take(state, step, kind, events)


def _pick_decision(state: JamboState, step: Step, viewer: int | None) -> tuple[str, dict[str, Any]]:
    return f"{step.dest}_pick", {}


def _trim_auto(state: JamboState, step: Step, events: Events) -> bool:
    mine = state.utilities[step.seat]
    if len(mine) <= DATA.utility_limit:
        pop(state)
        return True
    if len(set(mine)) == 1:
        _trim_one(state, step.seat, mine[0], events)
        return True
    return False


def _trim_one(state: JamboState, seat: int, card: int, events: Events) -> None:
    utilities.take_off(state, seat, card)
    deck.to_discard(state, card)
    events.emit("utility_discarded", seat=seat, card=NAMES[card])


def _trim_moves(state: JamboState, step: Step) -> list[str]:
    return [f"discard {NAMES[u]}" for u in sorted(set(state.utilities[step.seat]))]


def _trim_apply(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    _trim_one(state, step.seat, (split_card(words[1:]) or (NOBODY, []))[0], events)
    replace(state, changed(step, chained=True))


def _trim_decision(state: JamboState, step: Step, viewer: int | None) -> tuple[str, dict[str, Any]]:
    return "lion_trim", {"count": len(state.utilities[step.seat]) - DATA.utility_limit}


# ---- Snake --------------------------------------------------------------------------------------------------
def _snake_auto(state: JamboState, step: Step, events: Events) -> bool:
    kinds = sorted(set(utilities.face_up(state, step.seat)))
    if len(kinds) > 1:
        return False
    if kinds:
        _keep_one(state, step.seat, kinds[0], events)
    pop(state)
    return True


def _keep_one(state: JamboState, seat: int, card: int, events: Events) -> None:
    gone = utilities.face_up(state, seat)
    gone.remove(card)
    for lost in gone:
        utilities.take_off_face_up(state, seat, lost)
        deck.to_discard(state, lost)
    events.emit("utility_kept", seat=seat, card=NAMES[card], cards=[NAMES[c] for c in gone])


def _snake_moves(state: JamboState, step: Step) -> list[str]:
    return [f"keep {NAMES[u]}" for u in sorted(set(utilities.face_up(state, step.seat)))]


def _snake_apply(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    _keep_one(state, step.seat, (split_card(words[1:]) or (NOBODY, []))[0], events)
    pop(state)


def _snake_decision(state: JamboState, step: Step, viewer: int | None) -> tuple[str, dict[str, Any]]:
    return "snake_keep", {}


# ---- Cheetah ------------------------------------------------------------------------------------------------
def _cheetah_choices(state: JamboState, step: Step) -> list[str]:
    choices = ["choose gold"] if state.gold[step.seat] >= value(CHEETAH, "gold") else []
    return [*choices, "choose cards"] if deck.can_draw(state) else choices


def _cheetah_auto(state: JamboState, step: Step, events: Events) -> bool:
    choices = _cheetah_choices(state, step)
    if len(choices) > 1:
        return False
    if choices:
        _cheetah_apply(state, step, choices[0].split(), events)
    else:
        events.emit("cheetah_nothing", seat=step.seat)
        pop(state)
    return True


def _cheetah_apply(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    pop(state)
    them = other(step.seat)
    if words[1] == "gold":
        gold = value(CHEETAH, "gold")
        own(state, "gold")[step.seat] -= gold
        own(state, "gold")[them] += gold
        events.emit("gold_given", seat=step.seat, other_seat=them, gold=gold)
    else:
        events.emit("cards_allowed", seat=step.seat, other_seat=them, count=value(CHEETAH, "draw"))
        push(state, draw(them, value(CHEETAH, "draw"), "hand"))


def _cheetah_decision(state: JamboState, step: Step, viewer: int | None) -> tuple[str, dict[str, Any]]:
    return "cheetah_choice", {
        "by_seat": other(step.seat),
        "gold": value(CHEETAH, "gold"),
        "count": value(CHEETAH, "draw"),
    }


# ---- Crocodile's free use -----------------------------------------------------------------------------------
def _croc_moves(state: JamboState, step: Step) -> list[str]:
    uses = utilities.card_use_moves(state, step.seat, step.card, free=True)
    return [*uses, "decline"]


def _croc_auto(state: JamboState, step: Step, events: Events) -> bool:
    if utilities.args(state, step.seat, step.card, free=True):
        return False
    pop(state)
    return True


def _croc_apply(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    pop(state)
    if words[0] == "decline":
        events.emit("free_use_declined", seat=step.seat, card=NAMES[step.card])
        return
    card, rest = split_card(words[1:]) or (NOBODY, [])
    utilities.apply_use(state, step.seat, card, rest, events, free=True)


def _croc_decision(state: JamboState, step: Step, viewer: int | None) -> tuple[str, dict[str, Any]]:
    return "crocodile_use", {"card": NAMES[step.card]}


# ---- Hyena --------------------------------------------------------------------------------------------------
def _hyena_take_moves(state: JamboState, step: Step) -> list[str]:
    return [f"take {NAMES[c]}" for c in deck.hand_types(state, other(step.seat))]


def _hyena_take_apply(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    card = (split_card(words[1:]) or (NOBODY, []))[0]
    seat, them = step.seat, other(step.seat)
    deck.remove_from_hand(state, them, card)
    deck.add_to_hand(state, seat, card, known=True)
    _between_players(events, "card_taken", seat, them, card)
    pop(state)
    push(state, make_step("hyena_give", seat, chained=True))


def _hyena_give_moves(state: JamboState, step: Step) -> list[str]:
    return [f"give {NAMES[c]}" for c in deck.hand_types(state, step.seat)]


def _hyena_give_apply(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    card = (split_card(words[1:]) or (NOBODY, []))[0]
    seat, them = step.seat, other(step.seat)
    deck.remove_from_hand(state, seat, card)
    deck.add_to_hand(state, them, card, known=True)
    _between_players(events, "card_given", seat, them, card)
    pop(state)


def _between_players(events: Events, code: str, seat: int, them: int, card: int) -> None:
    """An event both players read with the card, spectators without it."""
    params = {"seat": seat, "other_seat": them, "card": NAMES[card]}
    hidden = Event(f"{code}_hidden", {"seat": seat, "other_seat": them})
    events.emit(code, seat=seat, public=Event(code, params, them, hidden), other_seat=them, card=NAMES[card])


def _hyena_decision(state: JamboState, step: Step, viewer: int | None) -> tuple[str, dict[str, Any]]:
    return step.kind, {"other_seat": other(step.seat)}


STEPS: dict[str, StepRule] = {
    "animal": StepRule(auto=_animal_auto),
    "pick": StepRule(moves=_pick_moves, apply=_pick_apply, auto=_pick_auto, decision=_pick_decision),
    "trim": StepRule(moves=_trim_moves, apply=_trim_apply, auto=_trim_auto, decision=_trim_decision),
    "snake": StepRule(moves=_snake_moves, apply=_snake_apply, auto=_snake_auto, decision=_snake_decision),
    "cheetah": StepRule(moves=_cheetah_choices, apply=_cheetah_apply, auto=_cheetah_auto, decision=_cheetah_decision),
    "croc": StepRule(moves=_croc_moves, apply=_croc_apply, auto=_croc_auto, decision=_croc_decision),
    "hyena_take": StepRule(moves=_hyena_take_moves, apply=_hyena_take_apply, decision=_hyena_decision),
    "hyena_give": StepRule(moves=_hyena_give_moves, apply=_hyena_give_apply, decision=_hyena_decision),
}
