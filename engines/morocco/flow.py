"""The loop that carries a game from one decision to the next: every step nobody has to decide runs here.

After a move, ``advance`` runs the automatic steps (scoring a full stall, settling it, the next
turn, the round's end) and resolves what leaves no choice: an arrow with one way to point, a
tourist with one free space or none, a forced reward, a player who can neither place a worker nor
spend gold (they pass), and every choice owed by a seat that has left the game (its safe default).
It stops at a chance step, a real choice of a player still in the game, or the end.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.base import Events
from engines.morocco import closing, rounds
from engines.morocco.rules import arrow_options, can_place, cubes_of, free_spaces, tourist_target
from engines.morocco.state import MoroccoState


def advance(state: MoroccoState, events: Events) -> None:
    """Run automatic steps until a chance move, a player's choice or the end."""
    while (handler := AUTOMATIC.get(state.step)) is not None and handler(state, events):
        pass


def _left(state: MoroccoState, seat: int) -> bool:
    return seat in state.resigned


def _score(state: MoroccoState, events: Events) -> bool:
    closing.score_stall(state, events)
    return True


def _reward(state: MoroccoState, events: Events) -> bool:
    if not (_left(state, state.owed[0]) or closing.reward_is_forced(state)):
        return False
    closing.choose_reward(state, closing.forced_reward(state), events)
    return True


def _settle(state: MoroccoState, events: Events) -> bool:
    closing.settle(state, events)
    return True


def _arrow(state: MoroccoState, events: Events) -> bool:
    direction = closing.auto_arrow(state)
    if direction is None and not _left(state, state.closer):
        return False
    closing.set_arrow(state, direction if direction is not None else arrow_options(state, state.closing)[0], events)
    return True


def _tourist(state: MoroccoState, events: Events) -> bool:
    if not state.movers:
        closing.start_next_closing(state)
        return True
    target = tourist_target(state)
    spaces = free_spaces(state, target) if target >= 0 else []
    if not spaces:
        closing.tourist_leaves(state, events)
    elif len(spaces) == 1 or _left(state, state.movers[0]):
        closing.move_tourist(state, spaces[0], events)
    else:
        return False
    return True


def _turn_done(state: MoroccoState, events: Events) -> bool:
    rounds.next_turn(state)
    return True


def _workers(state: MoroccoState, events: Events) -> bool:
    if state.gold[state.seat] > 0 or can_place(state, state.seat):
        return False
    rounds.pass_turn(state, events, forced=True)
    return True


def _scout_next(state: MoroccoState, events: Events) -> bool:
    rounds.next_scout(state)
    return True


def _round_end(state: MoroccoState, events: Events) -> bool:
    rounds.end_round(state, events)
    return True


def _new_round(state: MoroccoState, events: Events) -> bool:
    rounds.new_round(state, events)
    return True


def _keep(state: MoroccoState, events: Events) -> bool:
    seat = state.owed[0]
    if not _left(state, seat):
        return False
    held = cubes_of(state, seat)
    rounds.keep_owed(state, held.index(max(held)), events)
    return True


def _wild(state: MoroccoState, events: Events) -> bool:
    if not _left(state, state.owed[0]):
        return False
    rounds.take_wild(state, 0, events)
    return True


AUTOMATIC: dict[str, Callable[[MoroccoState, Events], bool]] = {
    "score": _score,
    "reward": _reward,
    "settle": _settle,
    "arrow": _arrow,
    "tourist": _tourist,
    "turn_done": _turn_done,
    "workers": _workers,
    "scout_next": _scout_next,
    "round_end": _round_end,
    "new_round": _new_round,
    "keep": _keep,
    "wild": _wild,
}
"""Steps that may run by themselves; each handler returns False when a player has to decide."""
