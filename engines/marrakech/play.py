"""Applying moves: turning Assam, the roll and walk, the tribute, the 2-player draw, laying a carpet, leaving.

Every function changes the state in place and, given an ``Events``, records what happened
(``events`` None: the fast path of search, which builds no events at all). Event codes and
parameters (all public; ``seat`` is the merchant):

* ``orient`` {seat, turn: left|straight|right, facing: the new facing N/E/S/W}
* ``roll`` {seat, roll, square: where Assam stops, facing, round_border: he rode a border arc}
* ``tribute`` {seat, payee_seat, amount: paid, due: the area's size} (amount < due: all they had)
* ``eliminated`` {seat} (could not pay: out, carpets neutral)
* ``carpet_drawn`` {seat, colour} (2 players)
* ``carpet_placed`` {seat, colour, squares: the two squares in reading order}
"""

from __future__ import annotations

from engines.base import Event, Events
from engines.marrakech.board import PLACEMENTS, WALKS, square_name, turned
from engines.marrakech.data import DATA, colour_owners
from engines.marrakech.rules import (
    ALL_CARPETS_LAID,
    COLOUR_IDS,
    LAST_MERCHANT,
    colours_of,
    next_seat,
    players_in,
    tribute_area,
)
from engines.marrakech.state import EMPTY, MarrakechState


def apply_move(state: MarrakechState, move: str, events: Events | None) -> None:
    """Apply a legal canonical ``move`` to ``state`` in place."""
    phase = state.phase
    if phase == "place":
        first, second = PLACEMENTS[move]
        place(state, first, second, events)
    elif phase == "orient":
        orient(state, move, events)
    elif phase == "roll":
        roll(state, int(move.removeprefix("roll ")), events)
    else:
        draw(state, COLOUR_IDS[move.removeprefix("draw ")], events)


def orient(state: MarrakechState, turn: str, events: Events | None) -> None:
    """Turn Assam; then roll (or, in the variant, hand the turn on: he was turned for the next merchant)."""
    state.facing = turned(state.facing, turn)
    if events is not None:
        events.add(Event("orient", {"seat": state.seat, "turn": turn, "facing": state.facing}))
    if state.options.get("variant"):
        pass_turn(state)
    else:
        state.phase = "roll"


def roll(state: MarrakechState, steps: int, events: Events | None) -> None:
    """Walk Assam ``steps`` squares, settle the tribute, then draw or lay a carpet (or pass on if out)."""
    walk = WALKS[state.assam, state.facing, steps]
    state.assam, state.facing = walk.square, walk.facing
    remember_roll(state, steps, walk.path)
    if events is not None:
        params = {"seat": state.seat, "roll": steps, "square": square_name(walk.square), "facing": walk.facing}
        events.add(Event("roll", {**params, "round_border": walk.round_border}))
    settle_tribute(state, events)
    own = colours_of(state, state.seat)
    if state.out[state.seat]:
        pass_turn(state)
    elif len(own) > 1:
        state.phase = "draw"
    else:
        state.next_carpet = own[0]
        state.phase = "place"


def remember_roll(state: MarrakechState, steps: int, path: tuple[int, ...]) -> None:
    """Start the record of the last turn (for the picture): who rolled what, the squares walked."""
    state.last_seat, state.last_roll, state.last_path = state.seat, steps, list(path)
    state.last_payee, state.last_paid, state.last_out, state.last_carpet = EMPTY, 0, False, []


def settle_tribute(state: MarrakechState, events: Events | None) -> None:
    """The merchant pays for the area Assam stands on; one who cannot pay all pays what they have and is out."""
    colour = state.board_colour[state.assam]
    if colour == EMPTY:
        return
    payer, payee = state.seat, colour_owners(state.num_players)[colour]
    if payee == payer or state.out[payee]:
        return
    due = len(tribute_area(state, state.assam))
    paid = min(due, state.dirhams[payer])
    state.dirhams[payer] -= paid
    state.dirhams[payee] += paid
    state.last_payee, state.last_paid = payee, paid
    if events is not None:
        events.add(Event("tribute", {"seat": payer, "payee_seat": payee, "amount": paid, "due": due}))
    if paid < due:
        take_out(state, payer)
        state.last_out = True
        if events is not None:
            events.add(Event("eliminated", {"seat": payer}))


def draw(state: MarrakechState, colour: int, events: Events | None) -> None:
    """The 2-player draw: the next carpet of the merchant's pile is ``colour``."""
    state.next_carpet = colour
    state.phase = "place"
    if events is not None:
        events.add(Event("carpet_drawn", {"seat": state.seat, "colour": DATA.colour_names[colour]}))


def place(state: MarrakechState, first: int, second: int, events: Events | None) -> None:
    """Lay the carpet in hand on two squares; the game ends with the last carpet, else the turn goes on."""
    colour = state.next_carpet
    assert colour is not None
    carpet = state.carpets_laid
    state.carpets_laid = carpet + 1
    state.board_carpet[first] = state.board_carpet[second] = carpet
    state.board_colour[first] = state.board_colour[second] = colour
    state.pile[colour] -= 1
    state.next_carpet = None
    if state.last_seat == state.seat:
        state.last_carpet = [first, second]
    if events is not None:
        squares = [square_name(first), square_name(second)]
        params = {"seat": state.seat, "colour": DATA.colour_names[colour], "squares": squares}
        events.add(Event("carpet_placed", params))
    if not any(state.pile):
        end_game(state, ALL_CARPETS_LAID)
    elif state.options.get("variant"):
        state.phase = "orient"
    else:
        pass_turn(state)


def pass_turn(state: MarrakechState) -> None:
    """Hand the turn to the next merchant who is in and has carpets, or end the game if there is none."""
    state.next_carpet = None
    if len(players_in(state)) < 2:
        end_game(state, LAST_MERCHANT)
        return
    following = next_seat(state)
    if following is None:
        end_game(state, ALL_CARPETS_LAID)
        return
    state.seat = following
    state.phase = "roll" if state.options.get("variant") else "orient"


def take_out(state: MarrakechState, seat: int) -> None:
    """``seat`` is out: carpets on the market turn neutral, carpets not laid leave the game."""
    state.out[seat] = True
    for colour in colours_of(state, seat):
        state.pile[colour] = 0


def end_game(state: MarrakechState, termination: str) -> None:
    """Mark the game over, saying why."""
    state.phase = "over"
    state.next_carpet = None
    state.termination = termination


def leave(state: MarrakechState, seat: int) -> None:
    """A merchant leaves (resigns): out like one who could not pay; the others play on while two are in."""
    take_out(state, seat)
    if len(players_in(state)) < 2:
        end_game(state, LAST_MERCHANT)
    elif seat == state.seat:
        pass_turn(state)
