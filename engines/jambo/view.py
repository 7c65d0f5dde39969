"""What a seat sees, the state rebuilt from a view alone, and what changed between two views.

Hidden: each hand (its owner sees it; the other player sees the cards of it they know, see
``known``), the deck's order and contents, the card(s) a player is looking at (a phase-1 draw,
a Scale's two cards, a Psychic's six), and the deck's top cards a Psychic put back (their seer
sees them). Spectators see no card of any hand. Everything else is public.

``details`` of the View (cards and wares by name):

* ``wares``: the ware names in table order; ``supply``: {ware: tokens left}.
* ``active_seat``, ``turn`` (counting from 1), ``stage`` (``deal``, ``start``, ``drawing``,
  ``playing``, ``over``), ``actions_used``, ``actions_left``, ``wise_men`` (this turn),
  ``small_stand_cost`` (the next one), ``stands_built``.
* ``players``: per seat {seat, gold, hand_count, hand (names, the viewer's own only, else None),
  known (names of that hand's cards the other player knows; None for spectators), wares
  {ware: count}, large (wares on the large stand), small_stands, spaces, free, utilities
  [{card, used}], orders {guard: {animal: mode}, rain, rain_min}}.
* ``deck_count``, ``deck_top_count``, ``deck_seer`` (who knows the top cards, or None),
  ``deck_top`` (their names, for the seer only); ``discard`` (bottom first), ``discard_count``.
* ``drawn_seat``, ``drawn_count``, ``drawn`` (names, for that seat only).
* ``table_cards`` (face up in the middle), ``table_wares`` {ware: count}; ``auction``
  {bid, bidder_seat} while an auction runs; ``pending_card``: the ware card waiting for a Rain
  Maker, or the animal waiting for a Guard; ``pending_target``: that animal's target (a ware for
  the Parrot, the opponent's utility for the Crocodile), else None.
* ``trigger_seat``: who reached the goal (the other plays the last turn), else None.
* ``steps``: what is still to resolve, first first ({kind, seat, card, arg, n, dest, free, chained});
  ``last_seat``: the seat of the last move made by a player.
"""

from __future__ import annotations

import random
from dataclasses import asdict
from typing import Any

from engines.base import Decision, Outcome, SeatView, View
from engines.jambo import flow, stands, trade, turn
from engines.jambo.cards import ANIMAL_ORDER, CARD_ID, COUNT, NAMES, NT, NW, PARROT, WARES
from engines.jambo.data import DATA
from engines.jambo.deck import deck_size
from engines.jambo.state import NOBODY, Deck, JamboState, Orders, Step, other
from engines.jambo.steps import head

GAME = "jambo"


# ---- the view -----------------------------------------------------------------------------------------------
def build_view(state: JamboState, viewer: int | None) -> View:
    mover = flow.to_move(state)
    seats = [
        SeatView(seat=s, score=state.gold[s], out=s in state.resigned, to_move=s == mover)
        for s in range(state.num_players)
    ]
    found = flow.decision(state, viewer)
    decision = Decision(seat=found[0], code=found[1], params=found[2]) if found else None
    return View(
        game=GAME,
        viewer=viewer,
        seats=seats,
        phase=phase(state),
        to_move=mover,
        decision=decision,
        outcome=outcome(state),
        details=details(state, viewer),
    )


def phase(state: JamboState) -> str:
    step = head(state)
    if step is None or state.stage == "over":
        return state.stage
    return "chance" if step.kind == "draw" else step.kind


def outcome(state: JamboState) -> Outcome | None:
    if state.stage != "over":
        return None
    details: dict[str, Any] = {"gold": state.gold[:], "winner_seat": state.winners[0], "goal": DATA.goal_gold}
    if state.trigger != NOBODY:
        details.update(trigger_seat=state.trigger, last_seat=other(state.trigger))
    return Outcome(scores=state.gold[:], winners=state.winners[:], termination=state.termination or "", details=details)


def _names(cards: list[int]) -> list[str]:
    return [NAMES[c] for c in cards]


def _ware_map(counts: list[int]) -> dict[str, int]:
    return {WARES[w]: counts[w] for w in range(NW)}


def player_details(state: JamboState, seat: int, viewer: int | None) -> dict[str, Any]:
    used = state.used[:] if seat == state.active else []
    shown = []
    for card in state.utilities[seat]:
        turned = card in used
        if turned:
            used.remove(card)
        shown.append({"card": NAMES[card], "used": turned})
    orders = state.orders[seat]
    return {
        "seat": seat,
        "gold": state.gold[seat],
        "hand_count": len(state.hands[seat]),
        "hand": _names(state.hands[seat]) if viewer == seat else None,
        "known": _names(state.known[seat]) if viewer is not None else None,
        "wares": _ware_map(state.wares[seat]),
        "large": state.large[seat],
        "small_stands": state.smalls[seat],
        "spaces": stands.capacity(state, seat),
        "free": stands.free_spaces(state, seat),
        "utilities": shown,
        "orders": {
            "guard": {NAMES[a]: orders.guard[i] for i, a in enumerate(ANIMAL_ORDER)},
            "rain": orders.rain,
            "rain_min": orders.rain_min,
        },
    }


def _pending_target(state: JamboState) -> str | None:
    """The target named with the animal waiting for a Guard: a ware (Parrot) or a utility (Crocodile)."""
    for step in state.steps:
        if step.kind == "animal" and step.arg != NOBODY:
            return WARES[step.arg] if step.card == PARROT else NAMES[step.arg]
    return None


def _pending_card(state: JamboState) -> str | None:
    for step in state.steps:
        if step.kind in ("rain", "guard", "dancer"):
            return NAMES[step.card]
    return None


def details(state: JamboState, viewer: int | None) -> dict[str, Any]:
    deck = state.deck
    return {
        "wares": list(WARES),
        "supply": _ware_map(stands.supply_counts(state)),
        "active_seat": state.active,
        "turn": state.turn,
        "stage": state.stage,
        "actions_used": state.actions,
        "actions_left": turn.ACTIONS - state.actions,
        "wise_men": state.wise,
        "small_stand_cost": trade.stand_cost(state),
        "stands_built": state.stands_built,
        "players": [player_details(state, s, viewer) for s in range(state.num_players)],
        "deck_count": deck_size(state),
        "deck_top_count": len(deck.top),
        "deck_seer": deck.seer if deck.top else None,
        "deck_top": _names(deck.top) if deck.top and viewer == deck.seer else None,
        "discard": _names(state.discard),
        "discard_count": len(state.discard),
        "drawn_seat": state.drawn_seat if state.drawn else None,
        "drawn_count": len(state.drawn),
        "drawn": _names(state.drawn) if state.drawn and viewer == state.drawn_seat else None,
        "table_cards": _names(state.table_cards),
        "table_wares": _ware_map(state.table_wares),
        "auction": {"bid": state.bid, "bidder_seat": state.bidder} if _auction_on(state) else None,
        "pending_card": _pending_card(state),
        "pending_target": _pending_target(state),
        "trigger_seat": state.trigger if state.trigger != NOBODY else None,
        "steps": [asdict(step) for step in state.steps],
        "last_seat": state.last_seat,
        "resigned": state.resigned[:],
    }


def _auction_on(state: JamboState) -> bool:
    return any(step.kind == "auction" for step in state.steps)


# ---- the state rebuilt from a view --------------------------------------------------------------------------
def _ids(names: list[str]) -> list[int]:
    return [CARD_ID[name] for name in names]


def _counts(ware_map: dict[str, int]) -> list[int]:
    return [ware_map[w] for w in WARES]


def _unseen(view: View, d: dict[str, Any]) -> list[int]:
    """Every card the viewer cannot place: 110 cards less the public ones and what the viewer knows."""
    left = list(COUNT)
    seen: list[str] = [*d["discard"], *d["table_cards"]]
    seen += ["small stand"] * d["stands_built"]
    for player in d["players"]:
        seen += [u["card"] for u in player["utilities"]]
        if player["hand"] is not None:
            seen += player["hand"]
        elif player["known"] is not None:
            seen += player["known"]
    seen += [NAMES[s["card"]] for s in d["steps"] if s["kind"] in ("rain", "dancer")]
    seen += d["drawn"] or []
    seen += d["deck_top"] or []
    for name in seen:
        left[CARD_ID[name]] -= 1
    return [card for card in range(NT) for _ in range(left[card])]


def sample_state(view: View, rng: random.Random) -> JamboState:
    """A full state that ``view`` could come from: the hidden cards dealt at random from the unseen ones."""
    d = view.details
    unseen = _unseen(view, d)
    rng.shuffle(unseen)

    def deal(count: int) -> list[int]:
        dealt = unseen[:count]
        del unseen[:count]
        return dealt

    hands, known = [], []
    for player in d["players"]:
        if player["hand"] is not None:
            hands.append(_ids(player["hand"]))
        else:
            mine = _ids(player["known"] or [])
            hands.append(sorted(mine + deal(player["hand_count"] - len(mine))))
        known.append(sorted(_ids(player["known"] or [])))
    drawn = _ids(d["drawn"]) if d["drawn"] is not None else deal(d["drawn_count"])
    top = _ids(d["deck_top"]) if d["deck_top"] is not None else deal(d["deck_top_count"])
    pool = [0] * NT
    for card in unseen:
        pool[card] += 1
    return _rebuild(view, d, hands, known, drawn, Deck(pool=pool, top=top, seer=_or_nobody(d["deck_seer"])))


def _or_nobody(value: int | None) -> int:
    return NOBODY if value is None else value


def _rebuild(
    view: View, d: dict[str, Any], hands: list[list[int]], known: list[list[int]], drawn: list[int], deck: Deck
) -> JamboState:
    players = d["players"]
    active = d["active_seat"]
    used = [CARD_ID[u["card"]] for u in players[active]["utilities"] if u["used"]]
    outcome_ = view.outcome
    return JamboState(
        num_players=len(players),
        resigned=d["resigned"],
        active=active,
        stage=d["stage"],
        actions=d["actions_used"],
        gold=[p["gold"] for p in players],
        hands=hands,
        known=known,
        deck=deck,
        drawn=drawn,
        drawn_seat=_or_nobody(d["drawn_seat"]),
        discard=_ids(d["discard"]),
        utilities=[[CARD_ID[u["card"]] for u in p["utilities"]] for p in players],
        used=used,
        wares=[_counts(p["wares"]) for p in players],
        large=[p["large"] for p in players],
        smalls=[p["small_stands"] for p in players],
        stands_built=d["stands_built"],
        table_cards=_ids(d["table_cards"]),
        table_wares=_counts(d["table_wares"]),
        bid=d["auction"]["bid"] if d["auction"] else 0,
        bidder=d["auction"]["bidder_seat"] if d["auction"] else NOBODY,
        wise=d["wise_men"],
        steps=[Step(**step) for step in d["steps"]],
        last_seat=d["last_seat"],
        trigger=_or_nobody(d["trigger_seat"]),
        turn=d["turn"],
        orders=[_orders(p["orders"]) for p in players],
        termination=outcome_.termination if outcome_ else None,
        winners=outcome_.winners if outcome_ else [],
    )


def _orders(data: dict[str, Any]) -> Orders:
    return Orders(guard=[data["guard"][NAMES[a]] for a in ANIMAL_ORDER], rain=data["rain"], rain_min=data["rain_min"])


# ---- what changed -------------------------------------------------------------------------------------------
PLACE_KEYS = {"gold": "gold", "wares": "stand", "large": "stand", "small_stands": "stand", "utilities": "utilities"}


def changed_places(before: View, after: View) -> list[str]:
    """Places whose contents differ: ``stand:<seat>``, ``utilities:<seat>``, ``gold:<seat>``,
    ``hand:<seat>``, ``discard``, ``deck``, ``table``."""
    b, a = before.details, after.details
    places: list[str] = []
    for old, new in zip(b.get("players", []), a.get("players", []), strict=False):
        seat = new["seat"]
        for key, place in PLACE_KEYS.items():
            name = f"{place}:{seat}"
            if old.get(key) != new.get(key) and name not in places:
                places.append(name)
        if old.get("hand_count") != new.get("hand_count") or old.get("hand") != new.get("hand"):
            places.append(f"hand:{seat}")
    for key, place in (
        ("discard", "discard"),
        ("deck_count", "deck"),
        ("table_cards", "table"),
        ("table_wares", "table"),
    ):
        if b.get(key) != a.get(key) and place not in places:
            places.append(place)
    return places
