"""Morocco's move notation, and the builders the other Morocco tests use to set up positions.

The notation tests check that every canonical text reads back to itself, that the short forms a
player may type are read as documented, that what ``legal_moves`` lists and what ``is_legal`` /
``refusal`` accept are the same set of moves in positions met in random games, and that reading
junk gives a refusal code, never an exception of another kind.
"""

from __future__ import annotations

import random

import pytest

from engines.base import CHANCE, IllegalMove
from engines.morocco import ENGINE
from engines.morocco.board import SPACE_BY_NAME, STALL_BY_NAME
from engines.morocco.data import COLOURS, KINDS
from engines.morocco.notation import MOVE_BY_TEXT, TEXT_BY_MOVE, read_move
from engines.morocco.rules import refusal
from engines.morocco.state import MoroccoState

E = ENGINE
ROWS = "orange black purple green brown"
"""Rows 1..5 (row 3 is purple)."""
COLUMNS = "orange black green purple brown"
"""Columns a..e (column c is green): stall c3 costs a purple and a green cube."""
ROOF = "orange black purple green brown"
"""Ring spaces 1..5."""
JUICE = [(2, 3, 4)[point % 3] for point in range(36)]
"""A fixed deal: point ``p`` (reading order over the 6×6 intersections) holds ``(2, 3, 4)[p % 3]``."""


# ---- builders ---------------------------------------------------------------------------------------
def dealt(
    players: int = 3,
    *,
    juice: list[int] | None = None,
    rows: str = ROWS,
    columns: str = COLUMNS,
    roof: str = ROOF,
    start: int = 0,
) -> MoroccoState:
    """A game right after the setup deal (start player ``start``, a seat number from 0)."""
    state = E.new_game(players)
    for value in juice or JUICE:
        state = E.apply(state, f"juice {value}")
    state = E.apply(state, f"rows {rows}")
    state = E.apply(state, f"columns {columns}")
    state = E.apply(state, f"roof {roof}")
    return E.apply(state, f"start {start + 1}")


def set_cubes(state: MoroccoState, seat: int, **counts: int) -> None:
    """Give ``seat`` exactly these cubes (``purple=2, green=1``)."""
    for colour, name in enumerate(COLOURS):
        state.cubes[seat * len(COLOURS) + colour] = counts.get(name, 0)


def cubes(state: MoroccoState, seat: int) -> dict[str, int]:
    """``seat``'s cubes by colour name (only colours held)."""
    held = state.cubes[seat * len(COLOURS) : (seat + 1) * len(COLOURS)]
    return {name: n for name, n in zip(COLOURS, held, strict=True) if n}


def workers_turn(state: MoroccoState, seat: int, *, turns_taken: int | None = None, **counts: int) -> MoroccoState:
    """A copy of ``state`` in the worker phase, ``seat`` to place, holding exactly the cubes ``counts``."""
    state = E.copy(state)
    state.step = "workers"
    state.seat = seat
    state.turns_taken = (seat - state.start) % state.num_players if turns_taken is None else turns_taken
    set_cubes(state, seat, **counts)
    return state


def space(name: str) -> int:
    return SPACE_BY_NAME[name]


def stall(name: str) -> int:
    return STALL_BY_NAME[name]


def put(state: MoroccoState, where: str, seat: int, kind: str = "assistant") -> None:
    """Stand a worker of ``seat`` on space ``where`` (taken from its supply)."""
    state.workers[space(where)] = 1 + seat * 3 + KINDS.index(kind)
    if kind == "assistant":
        state.assistants[seat] -= 1
    elif kind == "tourist":
        state.tourists[seat] -= 1
    else:
        state.guards_quarters[seat] -= 1


def close(state: MoroccoState, where: str, owner: int = -2, arrow: int = -1) -> None:
    """Close stall ``where`` under ``owner``'s market tile (-2: an empty-stall tile), arrow direction ``arrow``."""
    state.tiles[stall(where)] = owner
    state.arrows[stall(where)] = arrow


def play(state: MoroccoState, *moves: str) -> tuple[MoroccoState, list]:
    """Apply ``moves`` in turn; the final state and every event, in order."""
    events = []
    for move in moves:
        step = E.transition(state, move)
        state = step.state
        events.extend(step.events)
    return state, events


def codes(events: list) -> list[str]:
    return [event.code for event in events]


def random_states(players: int, seed: int, every: int = 7) -> list[MoroccoState]:
    """States met in one seeded random game, one every ``every`` moves."""
    rng = random.Random(seed)
    state = E.new_game(players)
    found = []
    count = 0
    while (seat := E.to_move(state)) is not None:
        move = E.sample_chance(state, rng) if seat == CHANCE else rng.choice(E.legal_moves(state))
        state = E.apply(state, move)
        count += 1
        if count % every == 0:
            found.append(state)
    return found


# ---- tests ---------------------------------------------------------------------------------------------
def test_every_canonical_text_reads_back_to_itself() -> None:
    for text, move in MOVE_BY_TEXT.items():
        assert TEXT_BY_MOVE[move] == text
        assert read_move(text.upper(), "workers", [0, 1, 2, 3, 4]) == move


@pytest.mark.parametrize(
    ("typed", "step", "canonical"),
    [
        ("  Assistant   C3 NE ", "workers", "assistant c3 ne"),
        ("assistant c3ne", "workers", "assistant c3 ne"),
        ("assistant ne c3", "workers", "assistant c3 ne"),
        ("tourist d4 nw green", "workers", "tourist d4 nw cube green"),
        ("cousin c3 ne d3 nw orange", "workers", "cousin c3 ne then d3 nw cube orange"),
        ("swap rows 3 1", "workers", "swap rows 1 3"),
        ("swap d b", "workers", "swap columns b d"),
        ("swap row 2 5", "workers", "swap rows 2 5"),
        ("scout purple", "scout", "scout 3"),
        ("green", "keep", "keep green"),
        ("purple", "wild", "wild purple"),
        ("gold", "reward", "reward gold"),
        ("n", "arrow", "arrow north"),
        ("west", "arrow", "arrow west"),
        ("c4 nw", "tourist", "tourist to c4 nw"),
        ("tourist c4 nw", "tourist", "tourist to c4 nw"),
    ],
)
def test_short_forms_a_player_may_type_are_read_as_the_canonical_move(typed: str, step: str, canonical: str) -> None:
    roof = [0, 1, 2, 3, 4]
    assert TEXT_BY_MOVE[read_move(typed, step, roof)] == canonical


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("assistant z9 ne", "no_such_stall"),
        ("assistant c3 up", "no_such_corner"),
        ("assistant c3", "bad_form"),
        ("tourist c3 ne", "extra_cube_needed"),
        ("tourist c3 ne cube pink", "no_such_colour"),
        ("cousin c3 ne cube green", "bad_form"),
        ("swap rows 1 9", "no_such_line"),
        ("swap rows 2 2", "swap_same"),
        ("swap 1 b", "no_such_line"),
        ("swap columns b 2", "no_such_line"),
        ("scout 7", "no_such_ring_space"),
        ("scout", "bad_form"),
        ("arrow up", "no_such_direction"),
        ("keep", "bad_form"),
        ("wild teal", "no_such_colour"),
        ("dance", "unknown_move"),
        ("x" * 2000, "unknown_move"),
    ],
)
def test_what_cannot_be_read_is_refused_with_a_code(typed: str, code: str) -> None:
    with pytest.raises(IllegalMove) as refused:
        read_move(typed, "workers", [0, 1, 2, 3, 4])
    assert refused.value.code == code


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_legal_moves_are_exactly_the_moves_the_rules_accept(players: int) -> None:
    """Every canonical move text: listed by ``legal_moves`` if and only if ``refusal`` finds nothing wrong."""
    for state in random_states(players, seed=players, every=11):
        listed = set(E.legal_moves(state))
        accepted = {text for text, move in MOVE_BY_TEXT.items() if refusal(state, move) is None}
        assert listed == accepted, (state.step, sorted(listed ^ accepted)[:5])
        assert all(E.is_legal(state, text) for text in listed)


def test_the_refusal_of_any_typed_text_is_an_illegal_move_with_a_code() -> None:
    rng = random.Random(5)
    junk = ["", "pass pass", "assistant", "cousin a1 nw then a1 nw cube green", "reward silver", "keep 3", "ü" * 50]
    for state in random_states(4, seed=9, every=13):
        for text in [*junk, rng.choice(list(MOVE_BY_TEXT))]:
            if text in E.legal_moves(state):
                continue
            error = E.refusal(state, text)
            assert isinstance(error, IllegalMove) and error.code
