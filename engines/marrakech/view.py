"""What a seat sees (everyone sees everything: Marrakech hides nothing), the state rebuilt from it, and what changed.

``details`` of the View (JSON values; squares by name, colours by colour id):

* ``variant`` bool; ``colours`` the colour names by colour id; ``carpets_left`` per colour id
  (the 2-player pile is counts only); ``carpets_laid`` how many carpets were laid so far.
* ``players``: per seat {seat, colours: [colour ids], dirhams, carpets_left, visible}.
* ``board``: 7 rows (row 1 first) of 7 cells, each None or {colour, carpet: its id, neutral}.
* ``assam``: {square, facing}; ``turn_seat``: the merchant whose turn it is (also while the die
  rolls); ``carpet_in_hand``: the colour id to lay this turn once known, else None.
* ``last``: the most recent turn or None: {seat, roll, path: squares from start to stop,
  tribute: {payer, payee, amount} or None, carpet: the two squares laid or None,
  eliminated: the seat who went out or None}.
* ``resigned``: seats that left the game.

Decisions: ``orient`` {square, facing, for_next: the variant's turn for the next merchant};
``place`` {colour: name, square: Assam's}.
"""

from __future__ import annotations

from typing import Any

from engines.base import Decision, SeatView, View
from engines.marrakech.board import SIZE, SQUARES, index, parse_square, square_name
from engines.marrakech.data import DATA, colour_owners, seat_colours
from engines.marrakech.rules import carpets_left, outcome, score, to_move, visible_squares
from engines.marrakech.state import EMPTY, MarrakechState

GAME = "marrakech"


# ---- the view -------------------------------------------------------------------------------------
def build_view(state: MarrakechState, viewer: int | None) -> View:
    """The view of ``state``: the same for every seat and for spectators."""
    mover = to_move(state)
    seats = [
        SeatView(seat=seat, score=score(state, seat), out=state.out[seat], to_move=seat == mover)
        for seat in range(state.num_players)
    ]
    return View(
        game=GAME,
        viewer=viewer,
        seats=seats,
        phase=state.phase,
        to_move=mover,
        decision=decision(state),
        outcome=outcome(state),
        details=details(state),
    )


def decision(state: MarrakechState) -> Decision | None:
    """What the merchant to move decides: how to turn Assam, or where to lay the carpet in hand."""
    square = square_name(state.assam)
    if state.phase == "orient":
        params = {"square": square, "facing": state.facing, "for_next": bool(state.options.get("variant"))}
        return Decision(seat=state.seat, code="orient", params=params)
    if state.phase == "place" and state.next_carpet is not None:
        colour = DATA.colour_names[state.next_carpet]
        return Decision(seat=state.seat, code="place", params={"colour": colour, "square": square})
    return None


def details(state: MarrakechState) -> dict[str, Any]:
    """The game's own picture of ``state`` (see the module docstring)."""
    return {
        "variant": bool(state.options.get("variant")),
        "colours": list(DATA.colour_names[: len(state.pile)]),
        "carpets_left": list(state.pile),
        "carpets_laid": state.carpets_laid,
        "players": [player_details(state, seat) for seat in range(state.num_players)],
        "board": [[cell(state, index(x, y)) for x in range(SIZE)] for y in range(SIZE)],
        "assam": {"square": square_name(state.assam), "facing": state.facing},
        "turn_seat": state.seat,
        "carpet_in_hand": state.next_carpet,
        "last": last_turn(state),
        "resigned": list(state.resigned),
    }


def player_details(state: MarrakechState, seat: int) -> dict[str, Any]:
    """One merchant's colours, money, carpets still to lay and visible squares that score."""
    return {
        "seat": seat,
        "colours": list(seat_colours(state.num_players)[seat]),
        "dirhams": state.dirhams[seat],
        "carpets_left": carpets_left(state, seat),
        "visible": visible_squares(state, seat),
    }


def cell(state: MarrakechState, square: int) -> dict[str, Any] | None:
    """The carpet on top of ``square``, or None."""
    colour = state.board_colour[square]
    if colour == EMPTY:
        return None
    neutral = state.out[colour_owners(state.num_players)[colour]]
    return {"colour": colour, "carpet": state.board_carpet[square], "neutral": neutral}


def last_turn(state: MarrakechState) -> dict[str, Any] | None:
    """The most recent roll, walk, tribute and carpet, or None before the first roll."""
    if state.last_seat == EMPTY:
        return None
    tribute = None
    if state.last_payee != EMPTY:
        tribute = {"payer": state.last_seat, "payee": state.last_payee, "amount": state.last_paid}
    return {
        "seat": state.last_seat,
        "roll": state.last_roll,
        "path": [square_name(square) for square in state.last_path],
        "tribute": tribute,
        "carpet": [square_name(square) for square in state.last_carpet] or None,
        "eliminated": state.last_seat if state.last_out else None,
    }


# ---- back from a view ---------------------------------------------------------------------------------
def sample_state(view: View) -> MarrakechState:
    """The exact state ``view`` shows (nothing is hidden in Marrakech, the pile is counts only)."""
    found = view.details
    board = [found["board"][y][x] for y in range(SIZE) for x in range(SIZE)]
    return MarrakechState(
        num_players=len(view.seats),
        options={"variant": found["variant"]},
        resigned=list(found["resigned"]),
        dirhams=[player["dirhams"] for player in found["players"]],
        out=[seat.out for seat in view.seats],
        pile=list(found["carpets_left"]),
        board_carpet=[EMPTY if c is None else c["carpet"] for c in board],
        board_colour=[EMPTY if c is None else c["colour"] for c in board],
        carpets_laid=found["carpets_laid"],
        assam=_square(found["assam"]["square"]),
        facing=found["assam"]["facing"],
        seat=found["turn_seat"],
        phase=view.phase,
        next_carpet=found["carpet_in_hand"],
        termination=view.outcome.termination if view.outcome else None,
        **_last_fields(found["last"]),
    )


def _square(name: str) -> int:
    square = parse_square(name)
    if square is None:
        raise ValueError(f"{name!r} is not a square of the market")
    return square


def _last_fields(last: dict[str, Any] | None) -> dict[str, Any]:
    """The ``last_*`` state fields from the view's ``last``."""
    if last is None:
        return {}
    tribute = last["tribute"]
    return {
        "last_seat": last["seat"],
        "last_roll": last["roll"],
        "last_path": [_square(name) for name in last["path"]],
        "last_payee": tribute["payee"] if tribute else EMPTY,
        "last_paid": tribute["amount"] if tribute else 0,
        "last_out": last["eliminated"] is not None,
        "last_carpet": [_square(name) for name in last["carpet"] or []],
    }


# ---- what changed --------------------------------------------------------------------------------------
def changed_places(before: View, after: View) -> list[str]:
    """Squares whose carpet changed, and Assam's squares if he moved or turned, in reading order."""
    old, new = before.details, after.details
    changed = {
        square
        for square in SQUARES
        if old["board"][square // SIZE][square % SIZE] != new["board"][square // SIZE][square % SIZE]
    }
    if old["assam"] != new["assam"]:
        changed |= {_square(old["assam"]["square"]), _square(new["assam"]["square"])}
    return [square_name(square) for square in sorted(changed)]
