"""The round: the setup deal, the market die, scouting from the rooftop, worker turns, the cubes kept at round end.

Each function applies one thing that happens and leaves ``state.step`` at what comes next; the loop
that chains the automatic steps is in ``flow``.
"""

from __future__ import annotations

from engines.base import Events
from engines.morocco.board import POINT_NAMES, POINTS, ring_neighbours
from engines.morocco.data import COLOURS, DATA
from engines.morocco.notation import die_face_name, line_label
from engines.morocco.rules import NUM_COLOURS, cubes_of, has_worker, in_turn_order, next_playing
from engines.morocco.state import WILD, MoroccoState


def gain(state: MoroccoState, seat: int, colour: int, count: int = 1) -> None:
    """``seat`` takes ``count`` cubes of ``colour`` from the supply (unlimited, [R])."""
    state.cubes[seat * NUM_COLOURS + colour] += count


# ---- setup ----------------------------------------------------------------------------------------------
def deal_juice(state: MoroccoState, value: int, events: Events) -> None:
    """The next juice point in reading order gets a token of ``value``, face up."""
    point = state.juice_dealt
    state.juice[point] = value
    state.juice_dealt += 1
    events.emit("juice_placed", space=POINT_NAMES[point], value=value)
    if state.juice_dealt == len(POINTS):
        state.step = "deal_rows"


NEXT_DEAL = {"rows": "deal_columns", "columns": "deal_roof", "roof": "deal_start"}


def deal_line(state: MoroccoState, line: str, colours: tuple[int, ...], events: Events) -> None:
    """One cube of each colour to the rows, the columns or the rooftop ring spaces."""
    getattr(state, line)[:] = list(colours)
    events.emit(f"{line}_dealt", colours=[COLOURS[c] for c in colours])
    state.step = NEXT_DEAL[line]


def choose_start(state: MoroccoState, seat: int, events: Events) -> None:
    """The start player of the first round."""
    state.start = seat
    events.emit("start_player", seat=seat)
    begin_round(state, events)


# ---- a round --------------------------------------------------------------------------------------------
def begin_round(state: MoroccoState, events: Events) -> None:
    """Pawn in the centre; the die (2–3 players) or straight to scouting."""
    state.round += 1
    state.pawn = 0
    state.rolls_left = DATA.die_rolls[state.num_players]
    state.roller = state.seat = state.start
    state.scouts_taken = state.turns_taken = 0
    state.last_placed, state.recent_closed = [], []
    events.emit("round_started", round=state.round, seat=state.start)
    state.step = "roll" if state.rolls_left else "scout_next"


def roll(state: MoroccoState, face: int, events: Events) -> None:
    """A colour: every player takes a cube of it. Wild: each player chooses, in turn order from the roller."""
    state.die = face
    state.rolls_left -= 1
    if face == WILD:
        events.emit("die_wild", seat=state.roller)
        state.owed = in_turn_order(state, state.roller)
        state.step = "wild"
        return
    for seat in in_turn_order(state, state.roller):
        gain(state, seat, face)
    events.emit("die_rolled", seat=state.roller, colour=die_face_name(face))
    after_roll(state)


def after_roll(state: MoroccoState) -> None:
    """The next player rolls (2 players: each rolls once), or scouting begins."""
    if state.rolls_left > 0:
        state.roller = next_playing(state, state.roller)
        state.step = "roll"
    else:
        state.step = "scout_next"


def take_wild(state: MoroccoState, colour: int, events: Events) -> None:
    """The first owed player takes a cube of ``colour`` for the wild face."""
    seat = state.owed.pop(0)
    gain(state, seat, colour)
    events.emit("wild_taken", seat=seat, colour=COLOURS[colour])
    if not state.owed:
        after_roll(state)


def next_scout(state: MoroccoState) -> None:
    """The next player clockwise from the start player scouts; after everyone, worker turns begin."""
    n = state.num_players
    while state.scouts_taken < n:
        seat = (state.start + state.scouts_taken) % n
        if seat not in state.resigned:
            state.seat = seat
            state.step = "scout"
            return
        state.scouts_taken += 1
    state.step = "turn_done"


def scout(state: MoroccoState, space: int, events: Events) -> None:
    """Pawn to ring ``space``: the scout takes the two neighbouring cubes, every other player the one landed on."""
    seat = state.seat
    state.pawn = space
    beside = [state.roof[s - 1] for s in ring_neighbours(space)]
    for colour in beside:
        gain(state, seat, colour)
    landed = state.roof[space - 1]
    for other in in_turn_order(state, seat)[1:]:
        gain(state, other, landed)
    events.emit("scouted", seat=seat, space=space, colour=COLOURS[landed], gained=[COLOURS[c] for c in beside])
    state.scouts_taken += 1
    state.step = "scout_next"


# ---- worker turns ---------------------------------------------------------------------------------------
def next_turn(state: MoroccoState) -> None:
    """The next of the two worker turns each player takes, clockwise from the start player; then round end."""
    n = state.num_players
    while state.turns_taken < 2 * n:
        seat = (state.start + state.turns_taken) % n
        if seat not in state.resigned:
            state.seat = seat
            state.step = "workers"
            return
        state.turns_taken += 1
    state.step = "round_end"


def swap_lines(state: MoroccoState, axis: int, first: int, second: int, events: Events) -> None:
    """Spend a gold coin to swap two row cubes or two column cubes."""
    seat = state.seat
    state.gold[seat] -= 1
    state.gold_supply += 1
    line = state.rows if axis == 0 else state.columns
    line[first], line[second] = line[second], line[first]
    events.emit(
        "gold_swap",
        seat=seat,
        line="rows" if axis == 0 else "columns",
        first=line_label(axis, first),
        second=line_label(axis, second),
    )


def pass_turn(state: MoroccoState, events: Events, *, forced: bool) -> None:
    """The player places no worker this turn (forced: there was nothing they could do)."""
    events.emit("cannot_place" if forced else "passed", seat=state.seat)
    state.recent_closed = []
    state.turns_taken += 1
    state.step = "turn_done"


# ---- round end ----------------------------------------------------------------------------------------
def end_round(state: MoroccoState, events: Events) -> None:
    """The game ends after its final round (or when no one has a worker left); else each player keeps one cube."""
    events.emit("round_ended", round=state.round)
    playing = in_turn_order(state, state.start)
    if state.final_round or not any(has_worker(state, seat) for seat in playing):
        state.step = "over"
        state.termination = "market_closed" if state.final_round else "market_stuck"
        return
    state.owed = []
    for seat in playing:
        held = [c for c, n in enumerate(cubes_of(state, seat)) if n]
        if len(held) > 1:
            state.owed.append(seat)
        elif held:
            keep_cube(state, seat, held[0], events)
    state.step = "keep" if state.owed else "new_round"


def keep_cube(state: MoroccoState, seat: int, colour: int, events: Events) -> None:
    """``seat`` keeps one cube of ``colour``; the rest go back to the supply."""
    state.cubes[seat * NUM_COLOURS : (seat + 1) * NUM_COLOURS] = [0] * NUM_COLOURS
    gain(state, seat, colour, DATA.cubes_kept)
    events.emit("cube_kept", seat=seat, colour=COLOURS[colour])


def keep_owed(state: MoroccoState, colour: int, events: Events) -> None:
    """The first owed player keeps ``colour``."""
    keep_cube(state, state.owed.pop(0), colour, events)
    if not state.owed:
        state.step = "new_round"


def new_round(state: MoroccoState, events: Events) -> None:
    """The start player marker passes clockwise and the next round begins."""
    state.start = next_playing(state, state.start)
    begin_round(state, events)
