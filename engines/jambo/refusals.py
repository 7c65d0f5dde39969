"""Why a move is refused: a code naming the rule it breaks, with the parameters its sentence needs.

``refusal`` is called only for moves that are not legal now. It names the first rule the move
breaks, in the order a player would check: is it a move at all, is it this decision's kind of
move, is there an action left, is the card in the hand (or the utility in play and face up),
does the card's own requirement hold (gold, room, wares, supply, a target).
"""

from __future__ import annotations

from typing import Any

from engines.base import CHANCE, NOT_A_MOVE, IllegalMove
from engines.jambo import deck, flow, stands, trade, turn, utilities
from engines.jambo.cards import (
    ANIMALS,
    ARABIAN,
    BASKET,
    BOAT,
    CARRIER,
    CROCODILE,
    DANCER,
    DRUMMER,
    DRUMS,
    GUARD,
    KETTLE,
    LEOPARD,
    MASK,
    NAMES,
    PARROT,
    PORTUGUESE,
    PSYCHIC,
    RAIN_MAKER,
    SCALE,
    SHAMAN,
    SMALL_STAND,
    SUPPLIES,
    THRONE,
    TRAVELING,
    UTILITIES,
    WARE_CARDS,
    WARE_COUNT,
    WARE_ID,
    WARES,
    WELL,
    split_card,
    value,
)
from engines.jambo.data import DATA
from engines.jambo.state import JamboState, other
from engines.jambo.steps import head

Reason = tuple[str, dict[str, Any]] | None
DECISION_VERBS = frozenset(
    {"keep", "discard", "take", "give", "return", "bid", "pass", "react", "decline", "choose", "done", "pay"}
)
MAIN_VERBS = frozenset({"draw", "play", "buy", "sell", "use", "end"})


def normalise(move: str) -> str:
    """Lower case, single spaces, ``+`` spaced as in card names (``2 tea+silk`` -> ``2 tea + silk``)."""
    return " ".join(move.strip().lower().replace("+", " + ").split())


def spellings(move: str) -> list[str]:
    """Other ways a player may type a move than its canonical text: two wares in either order."""
    words = normalise(move).split()
    if words[:3] == ["play", "traveling", "merchant"] and len(words) == 5:
        return [" ".join([*words[:3], words[4], words[3]])]
    return []


def refusal(state: JamboState, move: str) -> IllegalMove:
    """The refusal of ``move``, which is not legal in ``state``."""
    typed = move.strip()
    words = normalise(move).split()
    if not words:
        return IllegalMove(NOT_A_MOVE, move=typed)
    if flow.to_move(state) == CHANCE:
        return IllegalMove("chance_due", move=typed)
    step = head(state)
    if step is not None:
        return _step_refusal(state, words, typed)
    if words[0] not in MAIN_VERBS:
        return _not_now(state, typed) if words[0] in DECISION_VERBS else IllegalMove(NOT_A_MOVE, move=typed)
    reason = _main_reason(state, words)
    if reason is None:
        return IllegalMove(NOT_A_MOVE, move=typed)
    return IllegalMove(reason[0], **reason[1])


def _not_now(state: JamboState, typed: str) -> IllegalMove:
    """A move of another kind than the decision due: the refusal says what is due."""
    found = flow.decision(state, flow.to_move(state))
    decision = {"seat": found[0], "code": found[1], "params": found[2]} if found else None
    return IllegalMove("not_now", move=typed, decision=decision)


def _step_refusal(state: JamboState, words: list[str], typed: str) -> IllegalMove:
    step = head(state)
    if step is not None and step.kind == "auction" and words[0] == "bid" and len(words) == 2 and words[1].isdigit():
        bid, lowest = int(words[1]), (DATA.auction_opening_bid if state.bidder < 0 else state.bid + 1)
        if bid < lowest:
            return IllegalMove("bid_too_low", gold=lowest)
        return IllegalMove("bid_over_gold", gold=state.gold[step.seat])
    if step is not None and step.kind == "auction" and words[0] == "pass":
        return IllegalMove("must_open", gold=DATA.auction_opening_bid)
    answer = {"guard": GUARD, "rain": RAIN_MAKER}.get(step.kind) if step is not None else None
    if step is not None and answer is not None and words[0] == "react" and not deck.in_hand(state, step.seat, answer):
        return IllegalMove("not_in_hand", card=NAMES[answer])  # the answer asked for, without the card to give it
    return _not_now(state, typed)


# ---- the active player's own actions ------------------------------------------------------------------------
def _main_reason(state: JamboState, words: list[str]) -> Reason:
    verb, seat = words[0], state.active
    if verb == "end":
        return None
    if state.actions >= turn.ACTIONS:
        return "no_actions_left", {"actions": turn.ACTIONS}
    if verb == "draw":
        return _draw_reason(state)
    found = split_card(words[1:])
    if found is None:
        return "unknown_card", {"text": " ".join(words[1:])}
    card, rest = found
    if verb == "use":
        return _use_reason(state, seat, card, rest)
    if card not in state.hands[seat]:
        return "not_in_hand", {"card": NAMES[card]}
    if card in WARE_CARDS:
        return _ware_card_reason(state, seat, card, verb)
    if verb != "play":
        return "not_a_ware_card", {"card": NAMES[card]}
    return _play_reason(state, seat, card, rest)


def _draw_reason(state: JamboState) -> Reason:
    if state.stage == "playing":
        return "drawing_over", {}
    if not deck.drawable(state):
        return "no_cards_left", {}
    return None


def _ware_card_reason(state: JamboState, seat: int, card: int, verb: str) -> Reason:
    if verb == "play":
        return "buy_or_sell", {"card": NAMES[card]}
    reason = trade.buy_refusal(state, seat, card) if verb == "buy" else trade.sell_refusal(state, seat, card)
    return (reason[0], {"card": NAMES[card], **reason[1]}) if reason else None


def _play_reason(state: JamboState, seat: int, card: int, rest: list[str]) -> Reason:
    if card in (GUARD, RAIN_MAKER):
        return "answer_card", {"card": NAMES[card]}
    if card == SMALL_STAND:
        return _gold(state, seat, trade.stand_cost(state))
    if card in UTILITIES:
        return _utility_play_reason(state, seat, card, rest)
    if card in ANIMALS:
        return _animal_reason(state, seat, card, rest) or _bad_choice(card, rest)
    return _person_reason(state, seat, card, rest) or _bad_choice(card, rest)


def _bad_choice(card: int, rest: list[str]) -> Reason:
    return "bad_choice", {"card": NAMES[card], "text": " ".join(rest)}


def _gold(state: JamboState, seat: int, gold: int) -> Reason:
    return ("not_enough_gold", {"gold": gold, "have": state.gold[seat]}) if state.gold[seat] < gold else None


def _utility_play_reason(state: JamboState, seat: int, card: int, rest: list[str]) -> Reason:
    mine = state.utilities[seat]
    if len(mine) >= utilities.LIMIT and not rest:
        return "utility_limit", {"card": NAMES[card], "count": utilities.LIMIT}
    if rest and rest[0] == "replace":
        replaced = split_card(rest[1:])
        if replaced is None or replaced[0] not in mine:
            return "not_in_play", {"card": " ".join(rest[1:]), "seat": seat}
        if len(mine) < utilities.LIMIT:
            return "no_need_to_replace", {"count": utilities.LIMIT}
    return _bad_choice(card, rest)


# ---- utilities in play --------------------------------------------------------------------------------------
def _use_reason(state: JamboState, seat: int, card: int, rest: list[str]) -> Reason:
    if card not in UTILITIES:
        return "not_a_utility", {"card": NAMES[card]}
    if card not in state.utilities[seat]:
        return "not_in_play", {"card": NAMES[card], "seat": seat}
    if card not in utilities.unused(state, seat):
        return "already_used", {"card": NAMES[card]}
    return _utility_need(state, seat, card, rest) or _bad_choice(card, rest)


def _ware_arg(rest: list[str], index: int = 0) -> int | None:
    return WARE_ID.get(rest[index]) if len(rest) > index else None


def _utility_need(state: JamboState, seat: int, card: int, rest: list[str]) -> Reason:
    if card in (SCALE, SUPPLIES, DRUMS, WELL) and not deck.drawable(state):
        return "no_cards_left", {}
    if card in (BOAT, LEOPARD):
        return _supply_room(state, seat, _ware_arg(rest), value(LEOPARD, "cost") if card == LEOPARD else 0)
    if card == DRUMS:
        return _held(state, seat, _ware_arg(rest))
    if card == KETTLE and not state.hands[seat]:
        return "empty_hand", {}
    if card == MASK:
        return _mask_reason(state, seat, rest)
    if card == THRONE and not (stands.held(state, seat) and stands.held(state, other(seat))):
        return "throne_needs_wares", {"other_seat": other(seat)}
    if card == WELL:
        return _gold(state, seat, value(WELL, "cost"))
    return None


def _supply_room(state: JamboState, seat: int, ware: int | None, spending: int) -> Reason:
    if spending and state.gold[seat] < spending:
        return _gold(state, seat, spending)
    if ware is not None and stands.supply(state, ware) < 1:
        return "supply_short", {"wares": [WARES[ware]]}
    if not stands.kinds_in_supply(state):
        return "supply_empty", {}
    if stands.free_spaces(state, seat) < 1:
        return "no_room", {"count": 1, "free": 0}
    if not stands.can_place(state, seat, 1, spending):
        return _gold(state, seat, spending + stands.FEE)
    return None


def _held(state: JamboState, seat: int, ware: int | None) -> Reason:
    if not stands.held(state, seat):
        return "no_wares", {}
    if ware is not None and not state.wares[seat][ware]:
        return "missing_wares", {"wares": [WARES[ware]]}
    return None


def _mask_reason(state: JamboState, seat: int, rest: list[str]) -> Reason:
    if state.stage != "start":
        return "mask_before_drawing", {}
    if not state.discard:
        return "discard_empty", {}
    found = split_card(rest)
    if found is not None and found[0] not in state.hands[seat]:
        return "not_in_hand", {"card": NAMES[found[0]]}
    return None


# ---- people and animals -------------------------------------------------------------------------------------
def _animal_reason(state: JamboState, seat: int, card: int, rest: list[str]) -> Reason:
    them = other(seat)
    if card == CROCODILE:
        if not state.utilities[them]:
            return "no_target", {"card": NAMES[card], "other_seat": them}
        target = split_card(rest)
        if target is not None and target[0] not in state.utilities[them]:
            return "not_in_play", {"card": NAMES[target[0]], "seat": them}
    if card == PARROT:
        if not stands.held(state, them):
            return "no_target", {"card": NAMES[card], "other_seat": them}
        ware = _ware_arg(rest)
        if ware is not None and not state.wares[them][ware]:
            return "ware_not_held", {"ware": WARES[ware], "seat": them}
    return None


def _person_reason(state: JamboState, seat: int, card: int, rest: list[str]) -> Reason:
    if card in (ARABIAN, PSYCHIC) and not deck.drawable(state):
        return "no_cards_left", {}
    if card in (ARABIAN, TRAVELING):
        return _gold(state, seat, DATA.auction_opening_bid) or _pair_in_supply(state, rest if card == TRAVELING else [])
    if card == BASKET:
        return _gold(state, seat, value(BASKET, "cost")) or _pair_in_supply(state, rest * 2)
    if card == CARRIER and rest[:1] == ["wares"]:
        return _pair_in_supply(state, rest[1:] * 2) or _room(state, seat, value(CARRIER, "wares"))
    if card == DANCER:
        return _dancer_reason(state, seat, rest)
    if card == DRUMMER:
        return _drummer_reason(state, rest)
    if card == SHAMAN:
        return _shaman_reason(state, seat, rest)
    if card == PORTUGUESE and not stands.held(state, seat):
        return "no_wares", {}
    return None


def _pair_in_supply(state: JamboState, names: list[str]) -> Reason:
    wares = [WARE_ID[n] for n in names if n in WARE_ID]
    short = [WARES[w] for w in sorted(set(wares)) if stands.supply(state, w) < wares.count(w)]
    return ("supply_short", {"wares": short}) if short else None


def _room(state: JamboState, seat: int, count: int) -> Reason:
    free = stands.free_spaces(state, seat)
    if free < count:
        return "no_room", {"count": count, "free": free}
    return None if stands.can_place(state, seat, count) else _gold(state, seat, stands.FEE)


def _dancer_reason(state: JamboState, seat: int, rest: list[str]) -> Reason:
    count = value(DANCER, "wares")
    if stands.held(state, seat) < count:
        return "not_enough_wares", {"count": count, "have": stands.held(state, seat)}
    found = split_card(rest)
    if found is not None and found[0] not in state.hands[seat]:
        return "not_in_hand", {"card": NAMES[found[0]]}
    if found is None or found[0] not in WARE_CARDS or WARE_COUNT[found[0]] != count:
        return "dancer_needs_card", {"count": count}
    return None


def _drummer_reason(state: JamboState, rest: list[str]) -> Reason:
    if not set(state.discard) & UTILITIES:
        return "no_utility_in_discard", {}
    found = split_card(rest)
    if found is not None and found[0] not in state.discard:
        return "not_in_discard", {"card": NAMES[found[0]]}
    return None


def _shaman_reason(state: JamboState, seat: int, rest: list[str]) -> Reason:
    if not stands.held(state, seat):
        return "no_wares", {}
    given, taken = _ware_arg(rest), _ware_arg(rest, 2)
    if given is not None and not state.wares[seat][given]:
        return "missing_wares", {"wares": [WARES[given]]}
    if given is not None and taken is not None and stands.supply(state, taken) < state.wares[seat][given]:
        return "supply_short", {"wares": [WARES[taken]]}
    return None


def orders_refusal(move: str) -> IllegalMove:
    return IllegalMove("bad_orders", move=move.strip())
