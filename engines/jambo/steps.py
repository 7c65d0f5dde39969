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
from typing import Any

from engines.base import Events
from engines.jambo.cards import WARE_ID
from engines.jambo.state import JamboState, Step

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
    """Put ``steps`` at the front of the queue, in this order."""
    state.steps[0:0] = steps


def pop(state: JamboState) -> Step:
    return state.steps.pop(0)


def replace(state: JamboState, step: Step) -> None:
    """Replace the head of the queue by ``step``."""
    state.steps[0] = step


def drop_following(state: JamboState, kind: str) -> None:
    """Remove the step right after the head if it is of ``kind`` (a cancelled card's effect)."""
    if len(state.steps) > 1 and state.steps[1].kind == kind:
        del state.steps[1]


def draw(seat: int, count: int, dest: str) -> Step:
    """A draw of ``count`` cards for ``seat`` going to ``dest`` (hand, look, table, reveal)."""
    return Step(kind="draw", seat=seat, n=count, dest=dest)


def ware_words(words: list[str]) -> list[int]:
    """Ware names in move words as ware numbers (the words are canonical)."""
    return [WARE_ID[word] for word in words]
