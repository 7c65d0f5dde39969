"""What one seat may see of a Kairo game: the JSON-able dict documented in ``docs/rules/cairo-view.md``.

Hidden: another player's coins and building cards (only the hand size shows), the deck order.
Public: scores, charlatans, stalls, medals, customers, the display, pile sizes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engines.cairo_board import Square
from engines.cairo_state import NEUTRAL, CairoState, Stall

if TYPE_CHECKING:
    from engines.cairo import CairoEngine


def build_view(engine: CairoEngine, state: CairoState, seat: int | None) -> dict[str, Any]:
    """The view of ``state`` for ``seat`` (None: a spectator)."""
    data = engine.data
    outcome = engine.outcome(state)
    return {
        "game": engine.name,
        "viewer": seat,
        "num_players": state.num_players,
        "phase": state.phase,
        "to_move": engine.to_move(state),
        "active": state.active,
        "start_player": state.start_player,
        "colours": list(data.colours),
        "tavern_colour": data.tavern_colour,
        "sectors": {code: {"label": s.label, "x": list(s.x), "y": list(s.y)} for code, s in data.sectors.items()},
        "zones": {name: {"label": z.label, "sectors": list(z.sectors)} for name, z in data.zones.items()},
        "cards": _card_table(engine),
        "board": _board_view(engine, state),
        "stalls": [_stall_view(state, stall) for stall in state.stalls],
        "customers": dict(state.customers),
        "waiting": state.waiting,
        "display": list(state.display),
        "deck": sum(state.deck.values()),
        "discard": sum(state.discard.values()),
        "charlatan_supply": state.charlatan_supply,
        "extensions_left": engine.extensions_left(state),
        "medals": {colour: dict(holders) for colour, holders in state.medals.items()},
        "medal_points": dict(data.medal_points),
        "players": [_player_view(engine, state, other, seat) for other in range(state.num_players)],
        "final_stage": state.final_stage,
        "passed": list(state.passed),
        "pending": _pending_view(state),
        "draws_left": state.draws_left,
        "neutral_to_place": state.neutral_drawn,
        "last": state.last.model_dump() if state.last else None,
        "outcome": outcome.model_dump() if outcome else None,
    }


def _card_table(engine: CairoEngine) -> dict[str, dict[str, Any]]:
    data = engine.data
    return {
        card: {
            "kind": "wild" if data.is_wild(card) else "standard",
            "label": data.card_label(card),
            "sectors": list(data.card_sectors(card)),
        }
        for card in data.card_names
    }


def _owner(owner: int) -> int | str:
    return "neutral" if owner == NEUTRAL else owner


def _board_view(engine: CairoEngine, state: CairoState) -> dict[str, Any]:
    tiles: dict[str, dict[str, Any]] = {}
    doors: dict[str, dict[str, Any]] = {}
    for stall in state.stalls:
        base = {"id": stall.id, "colour": stall.colour, "owner": _owner(stall.owner)}
        tiles[stall.square] = {**base, "main": True}
        for extension in stall.extensions:
            tiles[extension] = {**base, "main": False}
        doors[stall.door] = {"stall": stall.id, "colour": stall.colour, "owner": _owner(stall.owner)}
    customers = {square: colour for colour, square in state.customers.items()}
    squares = [_square_view(square, tiles, doors, customers) for square in engine.board.squares]
    return {"columns": engine.data.columns, "rows": engine.data.souk_size + 1, "squares": squares}


def _square_view(
    square: Square, tiles: dict[str, Any], doors: dict[str, Any], customers: dict[str, str]
) -> dict[str, Any]:
    return {
        "name": square.name,
        "x": square.x,
        "y": square.y,
        "kind": square.kind,
        "sector": square.sector,
        "stall": tiles.get(square.name),
        "entrance": doors.get(square.name),
        "customer": customers.get(square.name),
    }


def _stall_view(state: CairoState, stall: Stall) -> dict[str, Any]:
    return {
        "id": stall.id,
        "colour": stall.colour,
        "owner": _owner(stall.owner),
        "square": stall.square,
        "door": stall.door,
        "extensions": list(stall.extensions),
        "size": stall.size,
        "inactive": stall.owner in state.resigned,
    }


def _player_view(engine: CairoEngine, state: CairoState, seat: int, viewer: int | None) -> dict[str, Any]:
    own = seat == viewer
    medals = [[colour, medal] for colour, holders in state.medals.items() for medal, h in holders.items() if h == seat]
    placed = {stall.colour for stall in state.stalls if stall.owner == seat}
    return {
        "seat": seat,
        "score": state.scores[seat],
        "charlatans": state.charlatans[seat],
        "hand_size": len(state.hands[seat]),
        "hand": list(state.hands[seat]) if own else None,
        "coins": dict(state.coins[seat]) if own else None,
        "coin_value": sum(state.coins[seat].values()) if own else None,
        "medals": medals,
        "stalls_in_supply": [c for c in engine.data.colours if c not in placed],
        "passed": seat in state.passed,
        "resigned": seat in state.resigned,
    }


def _pending_view(state: CairoState) -> dict[str, Any] | None:
    pending = state.pending
    if pending is None:
        return None
    return {
        "action": pending.action,
        "colour": pending.colour,
        "square": pending.square,
        "door": pending.door,
        "stall": pending.stall,
        "card": pending.card,
        "price": pending.price,
    }
