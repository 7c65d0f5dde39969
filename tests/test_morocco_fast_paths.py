"""Morocco's fast paths for search agree with the public, checked ones over seeded random games of every size.

At every position: ``copy`` + ``apply_in_place`` gives the state ``transition`` gives, and so does
``apply`` (which skips the events); ``is_legal`` is membership in ``legal_moves`` for every listed
move and for moves listed elsewhere in the game; chance samples are outcomes the odds allow; copies
are independent both ways.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engines.base import CHANCE, IllegalMove
from engines.morocco import ENGINE as E
from engines.morocco import MoroccoState

CASES = [
    pytest.param(players, seed, marks=[pytest.mark.slow] if seed else [])
    for players in range(2, 6)
    for seed in range(2)
]
"""A random game of every size in the quick run, two in the full run."""
OTHERS_TRIED = 12


def positions(players: int, seed: int) -> Iterator[tuple[MoroccoState, str]]:
    """Every position of one seeded random game and the move made there."""
    rng = random.Random(seed * 10 + players)
    state = E.new_game(players)
    while (seat := E.to_move(state)) is not None:
        move = E.sample_chance(state, rng) if seat == CHANCE else rng.choice(E.legal_moves(state))
        yield state, move
        state = E.apply(state, move)


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_in_place_apply_and_apply_equal_transition(players: int, seed: int) -> None:
    for state, move in positions(players, seed):
        before = E.dumps(state)
        expected = E.dumps(E.transition(state, move).state)
        fast = E.copy(state)
        E.apply_in_place(fast, move)
        assert E.dumps(fast) == expected, move
        assert E.dumps(E.apply(state, move)) == expected, move
        assert E.dumps(state) == before, f"{move!r} changed the state it was applied to a copy of"


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_is_legal_is_membership_in_the_legal_moves(players: int, seed: int) -> None:
    rng = random.Random(seed)
    seen: set[str] = {"definitely not a move", "", "assistant", "swap rows 1 1", "keep", "scout 0"}
    for state, _ in positions(players, seed):
        legal = E.legal_moves(state)
        seen.update(legal)
        for move in legal:
            assert E.is_legal(state, move), move
        for move in rng.sample(sorted(seen), min(OTHERS_TRIED, len(seen))):
            assert E.is_legal(state, move) == (move in legal), move
            if move not in legal:
                with pytest.raises(IllegalMove):
                    E.apply(state, move)


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_chance_samples_are_outcomes_the_odds_allow(players: int, seed: int) -> None:
    rng = random.Random(seed)
    for state, _ in positions(players, seed):
        if E.to_move(state) == CHANCE:
            odds = dict(E.chance_odds(state))
            assert odds and abs(sum(odds.values()) - 1) < 1e-9
            assert all(odds[E.sample_chance(state, rng)] > 0 for _ in range(3))


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_copies_are_independent_both_ways(players: int, seed: int) -> None:
    rng = random.Random(seed)
    for state, move in positions(players, seed):
        original = E.dumps(state)
        copy = E.copy(state)
        E.apply_in_place(copy, move)
        assert E.dumps(state) == original, "moving a copy changed its source"
        moved = E.dumps(copy)
        if (seat := E.to_move(copy)) is not None:
            grandchild = E.copy(copy)
            E.apply_in_place(grandchild, E.sample_chance(copy, rng) if seat == CHANCE else E.legal_moves(copy)[-1])
            assert E.dumps(copy) == moved and E.dumps(state) == original, "moving a copy of a copy changed it"
        source = E.loads(original)
        twin = E.copy(source)
        E.apply_in_place(source, move)
        assert E.dumps(twin) == original, "moving the source changed its copy"
        assert E.dumps(source) == moved
