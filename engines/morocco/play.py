"""Applying a legal move: what it changes and the events it records, then the automatic steps that follow."""

from __future__ import annotations

from collections.abc import Callable

from engines.base import Events
from engines.morocco import closing, rounds
from engines.morocco.board import SPACE_NAMES, column_of, row_of
from engines.morocco.data import COLOURS
from engines.morocco.flow import advance
from engines.morocco.notation import Move
from engines.morocco.rules import NUM_COLOURS
from engines.morocco.state import KIND_ASSISTANT, KIND_BODYGUARD, KIND_TOURIST, MoroccoState

KIND_CODE = {"assistant": KIND_ASSISTANT, "bodyguard": KIND_BODYGUARD, "tourist": KIND_TOURIST}


def apply_move(state: MoroccoState, move: Move, events: Events) -> None:
    """Apply ``move`` (legal, parsed) to ``state`` in place, then run what follows by itself."""
    APPLY[move[0]](state, move, events)
    advance(state, events)


def _place(state: MoroccoState, move: Move, events: Events) -> None:
    """Pay the cubes, put the worker(s) down, queue any stall that filled (in the order they filled)."""
    _, kind, space, extra, second = move
    seat = state.seat
    paid = _pay(state, seat, space // 4, extra)
    state.last_placed = [space] if second < 0 else [space, second]
    state.recent_closed = []
    if kind == "cousin":
        state.cousins[seat] -= 1
        state.assistants[seat] -= 2
        state.workers[space] = state.workers[second] = 1 + seat * 3 + KIND_ASSISTANT
        events.emit("cousin_placed", seat=seat, space=SPACE_NAMES[space], second_space=SPACE_NAMES[second], paid=paid)
    else:
        _take_from_supply(state, seat, kind)
        state.workers[space] = 1 + seat * 3 + KIND_CODE[kind]
        events.emit("worker_placed", seat=seat, kind=kind, space=SPACE_NAMES[space], paid=paid)
    for where in state.last_placed:
        closing.note_if_full(state, where // 4)
    state.turns_taken += 1
    closing.start_next_closing(state)


def _pay(state: MoroccoState, seat: int, stall: int, extra: int) -> list[str]:
    """Spend the stall's row and column cubes (and the third cube ``extra``); the colours paid."""
    colours = [state.rows[row_of(stall)], state.columns[column_of(stall)]]
    if extra >= 0:
        colours.append(extra)
    for colour in colours:
        state.cubes[seat * NUM_COLOURS + colour] -= 1
    return [COLOURS[c] for c in colours]


def _take_from_supply(state: MoroccoState, seat: int, kind: str) -> None:
    if kind == "assistant":
        state.assistants[seat] -= 1
    elif kind == "bodyguard":
        state.guards_hand[seat] -= 1
    else:
        state.tourists[seat] -= 1


APPLY: dict[str, Callable[[MoroccoState, Move, Events], None]] = {
    "juice": lambda state, move, events: rounds.deal_juice(state, move[1], events),
    "rows": lambda state, move, events: rounds.deal_line(state, "rows", move[1], events),
    "columns": lambda state, move, events: rounds.deal_line(state, "columns", move[1], events),
    "roof": lambda state, move, events: rounds.deal_line(state, "roof", move[1], events),
    "start": lambda state, move, events: rounds.choose_start(state, move[1], events),
    "roll": lambda state, move, events: rounds.roll(state, move[1], events),
    "wild": lambda state, move, events: rounds.take_wild(state, move[1], events),
    "scout": lambda state, move, events: rounds.scout(state, move[1], events),
    "place": _place,
    "pass": lambda state, move, events: rounds.pass_turn(state, events, forced=False),
    "swap": lambda state, move, events: rounds.swap_lines(state, move[1], move[2], move[3], events),
    "reward": lambda state, move, events: closing.choose_reward(state, move[1], events),
    "arrow": lambda state, move, events: closing.set_arrow(state, move[1], events),
    "tourist_to": lambda state, move, events: closing.move_tourist(state, move[1], events),
    "keep": lambda state, move, events: rounds.keep_owed(state, move[1], events),
}
