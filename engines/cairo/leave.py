"""A merchant leaves a Kairo game (ruling 23 of ``docs/rules/cairo.md``).

Their stalls stay on the board and block as usual but pay nobody; their building cards go to the
discard pile, their charlatans to their space, their coins to the bank. A build they had started is
cancelled and the turn passes. The game goes on while two or more merchants remain.
"""

from __future__ import annotations

from engines.base import Events
from engines.cairo.setup import after_placement
from engines.cairo.state import SETUP_PHASES, CairoState, seats_in_play
from engines.cairo.tell import tell
from engines.cairo.turns import RESIGNED, after_deals, end_turn, finish


def resign(state: CairoState, seat: int, events: Events) -> None:
    """Take ``seat`` (already listed in ``state.resigned``) out of the game."""
    return_belongings(state, seat)
    if len(seats_in_play(state)) < 2:
        finish(state, RESIGNED)
        return
    hand_deal = f"hand:{seat}"
    was_drawing = hand_deal in state.deals
    state.deals = [deal for deal in state.deals if deal != hand_deal]
    if state.phase in ("place", "neutral"):
        state.place_order = [s for s in state.place_order if s != seat]
        after_placement(state)
    elif state.phase == "deal":
        if not state.deals:
            after_deals(state, events)
    elif state.phase not in SETUP_PHASES and state.active == seat and (was_drawing or not state.deals):
        if state.pending is not None:
            tell(events, "build_cancelled", seat=seat, colour=state.pending.colour, square=state.pending.square)
        state.after_deals = None
        end_turn(state, events)


def return_belongings(state: CairoState, seat: int) -> None:
    """Cards to the discard pile, charlatans to their space, coins to the bank."""
    for card in state.hands[seat]:
        state.discard[card] = state.discard.get(card, 0) + 1
    state.hands[seat] = []
    state.charlatan_supply += state.charlatans[seat]
    state.charlatans[seat] = 0
    for colour, value in state.coins[seat].items():
        state.bank[colour] += value
        state.coins[seat][colour] = 0
