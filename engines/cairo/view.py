"""What one seat may see of a Kairo game (its shape: the ``engines.cairo`` docstring), and a whole game rebuilt from it.

Hidden: the other merchants' building cards (only how many) and coins, and which cards are in the
deck and the discard pile (only how many). Public: everything on the table — scores, charlatans,
stalls, medals, customers, the face-up display, the bank's coins, whose turn it is and what is
being built.

``sample_state(view, rng)`` copies the public parts and draws the hidden ones: the other hands,
the deck and the discard pile from the cards the viewer cannot see, the other purses from the
coins neither the bank nor the viewer holds. A merchant in the middle of a build is given cards
and coins that can finish it, as the real ones could.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engines.base import CHANCE, Decision, Outcome, SeatView, View
from engines.cairo.board import get_board
from engines.cairo.data import CairoData, load_cairo_data
from engines.cairo.moves import colours_to_place, to_move
from engines.cairo.rules import covering_wilds
from engines.cairo.state import (
    NEUTRAL,
    CairoState,
    FinalLine,
    LastAction,
    Pending,
    Stall,
    extensions_left,
)

GAME = "cairo"


# ---- the view ------------------------------------------------------------------------------------
def build_view(state: CairoState, viewer: int | None, outcome: Outcome | None) -> View:
    """The view of ``state`` for ``viewer`` (None: a spectator)."""
    seat = to_move(state)
    seats = [
        SeatView(
            seat=other,
            score=outcome.scores[other] if outcome is not None else state.scores[other],
            out=other in state.resigned,
            to_move=other == seat,
        )
        for other in range(state.num_players)
    ]
    return View(
        game=GAME,
        viewer=viewer,
        seats=seats,
        phase=state.phase,
        to_move=seat,
        decision=decision(state, seat),
        outcome=outcome,
        details=details(state, viewer),
    )


def decision(state: CairoState, seat: int | None) -> Decision | None:
    """What the seat to move is deciding, by phase (None while chance or nobody moves)."""
    if seat is None or seat == CHANCE:
        return None
    phase, data = state.phase, load_cairo_data()
    if phase == "place":
        return Decision(seat=seat, code="place", params={"colours": colours_to_place(state)})
    if phase == "neutral":
        return Decision(seat=seat, code="place_neutral", params={"colour": state.neutral_drawn})
    if phase in ("card", "pay"):
        code = "pay_cards" if phase == "card" else "pay_coins"
        return Decision(seat=seat, code=code, params=pending_params(state.pending))
    if phase == "draw":
        return Decision(seat=seat, code="second_pick", params={"left": state.draws_left})
    if phase == "keep":
        return Decision(seat=seat, code="keep", params={"limit": data.hand_limit, "count": len(state.hands[seat])})
    return Decision(seat=seat, code=phase)


def pending_params(pending: Pending | None) -> dict[str, Any]:
    """The build being paid for: action, colour, square, door, price (and the cards once paid)."""
    assert pending is not None
    params: dict[str, Any] = {
        "action": pending.action,
        "colour": pending.colour,
        "square": pending.square,
        "door": pending.door,
        "price": pending.price,
    }
    if pending.payment is not None:
        params["payment"] = pending.payment
    return params


def details(state: CairoState, viewer: int | None) -> dict[str, Any]:
    """The game's own picture (its shape: the ``engines.cairo`` docstring)."""
    data = load_cairo_data()
    return {
        "active": state.active,
        "start_player": state.start_player,
        "options": dict(state.options),
        "colours": list(data.colours),
        "tavern_colour": data.tavern_colour,
        "sectors": {code: {"label": s.label, "x": list(s.x), "y": list(s.y)} for code, s in data.sectors.items()},
        "zones": {name: {"label": z.label, "sectors": list(z.sectors)} for name, z in data.zones.items()},
        "cards": card_table(data),
        "board": board_view(state, data),
        "stalls": [stall_view(state, stall) for stall in state.stalls],
        "customers": dict(state.customers),
        "waiting": state.waiting,
        "display": list(state.display),
        "deck": sum(state.deck.values()),
        "discard": sum(state.discard.values()),
        "bank": dict(state.bank),
        "charlatan_supply": state.charlatan_supply,
        "extensions_left": extensions_left(state, data.colours, data.extensions_per_colour),
        "medals": {colour: dict(holders) for colour, holders in state.medals.items()},
        "medal_points": dict(data.medal_points),
        "players": [player_view(state, data, other, viewer) for other in range(state.num_players)],
        "final_stage": state.final_stage,
        "passed": list(state.passed),
        "pending": {**pending_params(state.pending), "stall": state.pending.stall} if state.pending else None,
        "draws_left": state.draws_left,
        "deals": list(state.deals),
        "after_deals": state.after_deals,
        "place_order": list(state.place_order),
        "neutrals": list(state.neutrals),
        "neutral_to_place": state.neutral_drawn,
        "quiet_turns": state.quiet_turns,
        "built_this_turn": state.built_this_turn,
        "last": state.last.model_dump(mode="json") if state.last else None,
    }


def card_table(data: CairoData) -> dict[str, dict[str, Any]]:
    return {
        card: {
            "kind": "wild" if data.is_wild(card) else "standard",
            "label": data.card_label(card),
            "sectors": list(data.card_sectors(card)),
        }
        for card in data.card_names
    }


def owner_value(owner: int) -> int | str:
    return "neutral" if owner == NEUTRAL else owner


def board_view(state: CairoState, data: CairoData) -> dict[str, Any]:
    tiles: dict[str, dict[str, Any]] = {}
    doors: dict[str, dict[str, Any]] = {}
    for stall in state.stalls:
        base = {"id": stall.id, "colour": stall.colour, "owner": owner_value(stall.owner)}
        tiles[stall.square] = {**base, "main": True}
        for extension in stall.extensions:
            tiles[extension] = {**base, "main": False}
        doors[stall.door] = {"stall": stall.id, "colour": stall.colour, "owner": owner_value(stall.owner)}
    customers = {square: colour for colour, square in state.customers.items()}
    squares = [
        {
            "name": square.name,
            "x": square.x,
            "y": square.y,
            "kind": square.kind,
            "sector": square.sector,
            "stall": tiles.get(square.name),
            "entrance": doors.get(square.name),
            "customer": customers.get(square.name),
        }
        for square in get_board().squares
    ]
    return {"columns": data.columns, "rows": data.souk_size + 1, "squares": squares}


def stall_view(state: CairoState, stall: Stall) -> dict[str, Any]:
    return {
        "id": stall.id,
        "colour": stall.colour,
        "owner": owner_value(stall.owner),
        "square": stall.square,
        "door": stall.door,
        "extensions": list(stall.extensions),
        "size": stall.size,
        "inactive": stall.owner in state.resigned,
    }


def player_view(state: CairoState, data: CairoData, seat: int, viewer: int | None) -> dict[str, Any]:
    own = seat == viewer
    medals = [[colour, medal] for colour, holders in state.medals.items() for medal, h in holders.items() if h == seat]
    placed = {stall.colour for stall in state.stalls if stall.owner == seat}
    return {
        "seat": seat,
        "charlatans": state.charlatans[seat],
        "hand_size": len(state.hands[seat]),
        "hand": list(state.hands[seat]) if own else None,
        "coins": dict(state.coins[seat]) if own else None,
        "coin_value": sum(state.coins[seat].values()) if own else None,
        "medals": medals,
        "stalls_in_supply": [c for c in data.colours if c not in placed],
        "passed": seat in state.passed,
        "resigned": seat in state.resigned,
    }


def changed_places(before: View, after: View) -> list[str]:
    """The squares whose stall tile, entrance or customer differs between two views."""
    old = {sq["name"]: sq for sq in before.details.get("board", {}).get("squares", [])}
    changed = []
    for square in after.details.get("board", {}).get("squares", []):
        was = old.get(square["name"], {})
        if any(square.get(key) != was.get(key) for key in ("stall", "entrance", "customer")):
            changed.append(square["name"])
    return changed


# ---- a whole game from a view ---------------------------------------------------------------------
def sample_state(view: View, rng: random.Random) -> CairoState:
    """A state that looks exactly like ``view`` to its viewer, everything hidden drawn at random."""
    data, d = load_cairo_data(), view.details
    state = public_state(view)
    hidden = [p["seat"] for p in d["players"] if p["hand"] is None]
    mover = view.to_move if view.to_move in hidden and view.phase in ("card", "pay") else None
    cards = unseen_cards(data, d)
    needs = building_needs(data, state, mover, d)
    deal_hands(state, d, hidden, cards, mover, needs, rng)
    deal_coins(state, data, d, hidden, mover, needs, rng)
    return state


def public_state(view: View) -> CairoState:
    """Every public part of the state read back from the view; hands and coins of others left empty."""
    d, players = view.details, view.details["players"]
    outcome = view.outcome
    final = [FinalLine(**line) for line in outcome.details["final"]] if outcome else None
    return CairoState(
        num_players=len(view.seats),
        options=dict(d["options"]),
        resigned=[seat.seat for seat in view.seats if seat.out],
        phase=view.phase,
        active=d["active"],
        start_player=d["start_player"],
        stalls=[stall_from(s) for s in d["stalls"]],
        customers=dict(d["customers"]),
        waiting=d["waiting"],
        coins=[dict(p["coins"]) if p["coins"] is not None else {} for p in players],
        bank=dict(d["bank"]),
        hands=[list(p["hand"]) if p["hand"] is not None else [] for p in players],
        charlatans=[p["charlatans"] for p in players],
        charlatan_supply=d["charlatan_supply"],
        display=list(d["display"]),
        deals=list(d["deals"]),
        after_deals=d["after_deals"],
        medals={colour: dict(holders) for colour, holders in d["medals"].items()},
        scores=[line.track for line in final] if final else [seat.score or 0 for seat in view.seats],
        final_stage=d["final_stage"],
        passed=list(d["passed"]),
        pending=pending_from(d["pending"]),
        draws_left=d["draws_left"],
        place_order=list(d["place_order"]),
        neutrals=list(d["neutrals"]),
        neutral_drawn=d["neutral_to_place"],
        quiet_turns=d["quiet_turns"],
        built_this_turn=d["built_this_turn"],
        last=LastAction(**d["last"]) if d["last"] else None,
        final=final,
        termination=outcome.termination if outcome else None,
    )


def stall_from(entry: dict[str, Any]) -> Stall:
    owner = NEUTRAL if entry["owner"] == "neutral" else int(entry["owner"])
    return Stall(
        id=entry["id"],
        colour=entry["colour"],
        owner=owner,
        square=entry["square"],
        door=entry["door"],
        extensions=tuple(entry["extensions"]),
    )


def pending_from(entry: dict[str, Any] | None) -> Pending | None:
    if entry is None:
        return None
    stall = entry.get("stall")
    return Pending(
        action=entry["action"],
        colour=entry["colour"],
        square=entry["square"],
        door=entry["door"],
        stall=stall,
        price=entry["price"],
        payment=entry.get("payment"),
    )


def unseen_cards(data: CairoData, d: dict[str, Any]) -> list[str]:
    """The building cards the viewer cannot see: all but their own hand and the face-up display."""
    pool = Counter(data.full_deck())
    pool.subtract(card for card in d["display"] if card)
    for player in d["players"]:
        pool.subtract(player["hand"] or [])
    return sorted(pool.elements(), key=data.card_order.__getitem__)


def building_needs(data: CairoData, state: CairoState, mover: int | None, d: dict[str, Any]) -> dict[str, Any]:
    """What a hidden merchant in the middle of a build must hold to finish it: a card, coins."""
    pending = state.pending
    if mover is None or pending is None:
        return {}
    needs: dict[str, Any] = {"price": pending.price, "colour": pending.colour}
    if state.phase == "card" and d["players"][mover]["hand_size"] < data.cards_for_any_square:
        sector = get_board().sectors[get_board().index[pending.square]]
        needs["sector"] = sector
    return needs


def deal_hands(
    state: CairoState,
    d: dict[str, Any],
    hidden: list[int],
    cards: list[str],
    mover: int | None,
    needs: dict[str, Any],
    rng: random.Random,
) -> None:
    """The hidden hands, then the deck and the discard pile, drawn from the unseen cards."""
    data = load_cairo_data()
    pool = list(cards)
    rng.shuffle(pool)
    if mover is not None and "sector" in needs:
        card = card_for_sector(data, pool, needs["sector"])
        if card is not None:
            pool.remove(card)
            state.hands[mover].append(card)
            needs["wild"] = card in data.zones
    for seat in hidden:
        wanted = d["players"][seat]["hand_size"] - len(state.hands[seat])
        state.hands[seat].extend(pool[:wanted])
        del pool[:wanted]
        state.hands[seat].sort(key=data.card_order.__getitem__)
    state.deck = counts(pool[: d["deck"]])
    state.discard = counts(pool[d["deck"] :])


def card_for_sector(data: CairoData, pool: list[str], sector: str) -> str | None:
    """A card of ``pool`` that builds in ``sector``: its standard card first, else a wildcard covering it."""
    if sector in pool:
        return sector
    wilds = covering_wilds(data, pool, sector)
    return wilds[0] if wilds else None


def counts(cards: list[str]) -> dict[str, int]:
    """A pile of counts per card name, in canonical card order."""
    found = Counter(cards)
    return {card: found[card] for card in load_cairo_data().card_names if found[card]}


def deal_coins(
    state: CairoState,
    data: CairoData,
    d: dict[str, Any],
    hidden: list[int],
    mover: int | None,
    needs: dict[str, Any],
    rng: random.Random,
) -> None:
    """The hidden purses: the coins neither the bank nor the viewer holds, shared at random.

    Merchants who left hold nothing. A hidden merchant in the middle of a build first gets what
    paying for it takes.
    """
    known = [p["coins"] for p in d["players"] if p["coins"] is not None]
    unseen = {
        colour: data.bank_value_per_colour - d["bank"][colour] - sum(purse[colour] for purse in known)
        for colour in data.colours
    }
    for seat in hidden:
        state.coins[seat] = dict.fromkeys(data.colours, 0)
    if mover is not None and needs:
        reserve_coins(state.coins[mover], unseen, needs, data, rng)
    holders = [seat for seat in hidden if seat not in state.resigned]
    for colour, left in unseen.items():
        for _ in range(left if holders else 0):
            state.coins[rng.choice(holders)][colour] += 1


def reserve_coins(
    purse: dict[str, int], unseen: dict[str, int], needs: dict[str, Any], data: CairoData, rng: random.Random
) -> None:
    """Move into ``purse`` enough of ``unseen`` to pay the build's price (and a wildcard's coin if it needs one)."""
    colour, price, rate = needs["colour"], needs["price"], data.other_colour_coins_per_unit
    take = min(unseen[colour], price)
    purse[colour] += take
    unseen[colour] -= take
    rest = rate * (price - take)
    others = [c for c in data.colours if c != colour]
    rng.shuffle(others)
    for other in others:
        give = min(unseen[other], rest)
        purse[other] += give
        unseen[other] -= give
        rest -= give
    if needs.get("wild"):
        spare = [c for c in data.colours if unseen[c] >= data.wild_card_coin_cost]
        if spare:
            coin = rng.choice(spare)
            purse[coin] += data.wild_card_coin_cost
            unseen[coin] -= data.wild_card_coin_cost
