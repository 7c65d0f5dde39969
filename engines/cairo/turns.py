"""How a Kairo turn ends and the next begins: refills, the final stage, the last build, final scoring.

Every function changes the state in place and records what happens in ``events``.
"""

from __future__ import annotations

from engines.base import Events
from engines.cairo.data import load_cairo_data
from engines.cairo.layout import layout_of
from engines.cairo.moves import take_moves
from engines.cairo.rules import extensions_left_on
from engines.cairo.state import CairoState, FinalLine, seats_in_play, turn_order_from
from engines.cairo.tell import tell

ALL_PASSED = "all_passed"
"""Termination: every merchant has stopped building in the final stage."""
RESIGNED = "resigned"
"""Termination: fewer than two merchants are left (the shared code)."""


def end_turn(state: CairoState, events: Events) -> None:
    """The active merchant's turn is over: the quiet-market count, display refills, then the next merchant."""
    data = load_cairo_data()
    if not state.final_stage:
        state.quiet_turns = 0 if state.built_this_turn else state.quiet_turns + 1
        if state.quiet_turns >= data.quiet_rounds_to_final_stage * len(seats_in_play(state)):
            start_final_stage(state, events, "final_stage_quiet_market", rounds=data.quiet_rounds_to_final_stage)
    state.built_this_turn = False
    state.pending = None
    state.draws_left = 0
    state.deals = refill_deals(state)
    if state.deals:
        state.phase = "deal"
        state.after_deals = "next"
    else:
        next_turn(state, events)


def refill_deals(state: CairoState) -> list[str]:
    """The empty display slots that can be refilled (as many as there are cards left)."""
    available = sum(state.deck.values()) + sum(state.discard.values())
    empty = [f"display:{slot}" for slot, card in enumerate(state.display) if card is None]
    return empty[:available]


def next_turn(state: CairoState, events: Events) -> None:
    """The next merchant in turn order who has not passed; the end when nobody is left in the final stage."""
    assert state.active is not None
    order = [seat for seat in turn_order_from(state, state.active + 1) if seat not in state.passed]
    if state.final_stage and not order:
        finish(state, ALL_PASSED)
        return
    state.active = order[0]
    state.phase = "final" if state.final_stage else "play"


def after_deals(state: CairoState, events: Events) -> None:
    """The cards due are dealt: go on with what was waiting for them."""
    follow_up, state.after_deals = state.after_deals, None
    if follow_up == "start":
        state.phase = "start"
    elif follow_up == "pick":
        after_pick(state, events)
    elif follow_up == "next":
        next_turn(state, events)


def after_pick(state: CairoState, events: Events) -> None:
    """After one pick of a draw: another pick, the hand limit, or the end of the turn."""
    seat = state.active
    assert seat is not None
    if state.draws_left > 0 and take_moves(state):
        state.phase = "draw"
    elif len(state.hands[seat]) > load_cairo_data().hand_limit:
        state.phase = "keep"
    else:
        end_turn(state, events)


# ---- the final stage ------------------------------------------------------------------------
def final_stage_cause(state: CairoState) -> tuple[str, dict[str, object]] | None:
    """Why the final stage is due after an extension (a colour out, or two colours down to one), or None."""
    left = extensions_left_on(layout_of(state), load_cairo_data())
    out = [colour for colour, count in left.items() if count <= 0]
    if out:
        return "final_stage_no_extensions", {"colour": out[0]}
    low = [colour for colour, count in left.items() if count == 1]
    if len(low) >= 2:
        return "final_stage_low_extensions", {"colours": low}
    return None


def start_final_stage(state: CairoState, events: Events, code: str, **params: object) -> None:
    """From now on the only action is to build; ``code`` says why the stage began."""
    state.final_stage = True
    state.passed = []
    tell(events, code, **params)


def finish(state: CairoState, termination: str) -> None:
    """Final scoring and the end of the game."""
    state.final = [final_line(state, seat) for seat in range(state.num_players)]
    state.phase = "over"
    state.termination = termination
    state.deals, state.pending = [], None


def final_line(state: CairoState, seat: int) -> FinalLine:
    """Medals held score again; 1 point per 3 coins of value."""
    data = load_cairo_data()
    held = [medal for holders in state.medals.values() for medal, holder in holders.items() if holder == seat]
    medals = sum(data.medal_points[medal] for medal in held)
    coins = sum(state.coins[seat].values()) // data.coins_per_point
    track = state.scores[seat]
    return FinalLine(seat=seat, track=track, medals=medals, coins=coins, total=track + medals + coins)
