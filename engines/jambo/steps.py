"""The queue of things still to resolve, and what a kind of step is: automatic, or a decision of its seat.

Each card module describes its own kinds of step with ``StepRule`` s (``engines.jambo.flow``
gathers them): ``auto`` resolves the step when nothing needs deciding (returns True when it
changed the queue, False to wait for the step's seat), ``moves`` lists the seat's legal moves,
``apply`` applies one of them (given as words), ``decision`` names what the seat decides (a code
and parameters, as ``viewer`` may read them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from engines.base import Events
from engines.jambo.cards import WARE_ID
from engines.jambo.state import NOBODY, JamboState, Step

Moves = Callable[[JamboState, Step], list[str]]
Apply = Callable[[JamboState, Step, list[str], Events], None]
Auto = Callable[[JamboState, Step, Events], bool]
DecisionOf = Callable[[JamboState, Step, "int | None"], tuple[str, dict[str, Any]]]


def _no_moves(state: JamboState, step: Step) -> list[str]:
    return []


def _nothing(state: JamboState, step: Step, words: list[str], events: Events) -> None:
    raise AssertionError(f"step {step.kind} takes no move")


def _waits(state: JamboState, step: Step, events: Events) -> bool:
    return False


def _no_decision(state: JamboState, step: Step, viewer: int | None) -> tuple[str, dict[str, Any]]:
    return step.kind, {}


@dataclass(frozen=True)
class StepRule:
    """How one kind of step resolves (see the module docstring)."""

    moves: Moves = _no_moves
    apply: Apply = _nothing
    auto: Auto = _waits
    decision: DecisionOf = _no_decision


def head(state: JamboState) -> Step | None:
    return state.steps[0] if state.steps else None


def push(state: JamboState, *steps: Step) -> None:
    """Put ``steps`` at the front of the queue, in this order.

    The queue is short: every change builds a new list rather than copying it first (``own``).
    """
    state.steps = [*steps, *state.steps]


def pop(state: JamboState) -> Step:
    queue = state.steps
    state.steps = queue[1:]
    return queue[0]


def replace(state: JamboState, step: Step) -> None:
    """Replace the head of the queue by ``step``."""
    state.steps = [step, *state.steps[1:]]


def insert_second(state: JamboState, step: Step) -> None:
    """Put ``step`` right after the head of the queue."""
    queue = state.steps
    state.steps = [queue[0], step, *queue[1:]]


def drop_following(state: JamboState, kind: str) -> None:
    """Remove the step right after the head if it is of ``kind`` (a cancelled card's effect)."""
    queue = state.steps
    if len(queue) > 1 and queue[1].kind == kind:
        state.steps = [queue[0], *queue[2:]]


@cache
def make_step(
    kind: str,
    seat: int,
    card: int = NOBODY,
    arg: int = NOBODY,
    n: int = 0,
    dest: str = "",
    free: bool = False,
    chained: bool = False,
) -> Step:
    """The ``Step`` with these fields, built once: steps are frozen, so states share them."""
    return Step(kind=kind, seat=seat, card=card, arg=arg, n=n, dest=dest, free=free, chained=chained)


def changed(step: Step, *, seat: int | None = None, n: int | None = None, chained: bool | None = None) -> Step:
    """``step`` with a new ``seat``, count ``n`` or ``chained`` mark (what ``model_copy(update=...)`` gives)."""
    return make_step(
        step.kind,
        step.seat if seat is None else seat,
        step.card,
        step.arg,
        step.n if n is None else n,
        step.dest,
        step.free,
        step.chained if chained is None else chained,
    )


def counted_down(step: Step) -> Step:
    """``step`` with one less to do (``n - 1``)."""
    return make_step(step.kind, step.seat, step.card, step.arg, step.n - 1, step.dest, step.free, step.chained)


def draw(seat: int, count: int, dest: str, card: int = NOBODY) -> Step:
    """A draw of ``count`` cards for ``seat`` going to ``dest`` (hand, look, table, reveal), for ``card`` (the
    Psychic's look reads "looked at", not "drew")."""
    return make_step("draw", seat, card=card, n=count, dest=dest)


def ware_words(words: list[str]) -> list[int]:
    """Ware names in move words as ware numbers (the words are canonical)."""
    return [WARE_ID[word] for word in words]
