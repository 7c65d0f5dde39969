"""Jambo's fast paths for search agree with the public, checked ones over many seeded random games.

At every position of each game: ``copy`` + ``apply_in_place`` gives the state ``transition`` gives,
and so does ``apply`` (which skips the events); ``is_legal`` is membership in ``legal_moves`` for
every listed move and for moves listed elsewhere in the game; chance samples are outcomes the odds
allow; copies are independent both ways. A copy shares its lists with its source until one of them
changes a list (``engines.jambo.state.own``): with every list of the source frozen, no move may change
one in place.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from quick import quick_first

from engines.base import CHANCE, IllegalMove
from engines.jambo import ENGINE as E
from engines.jambo import JamboState
from engines.jambo.state import OWNED

SEEDS = quick_first(range(6))
"""Seeded random games: the quick run plays the first, the full run all six."""
OTHERS_TRIED = 12


class Frozen(list):  # type: ignore[type-arg]
    """A list that refuses every change in place."""

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise AssertionError("a list shared between states was changed in place")

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse  # type: ignore[assignment]
    append = extend = insert = pop = remove = sort = reverse = clear = _refuse  # type: ignore[assignment]


def freeze(state: JamboState) -> None:
    """Make every list of ``state`` (and of its deck) a ``Frozen`` one, owned by nobody."""
    fields = state.__dict__
    for name, value in list(fields.items()):
        if isinstance(value, list):
            fields[name] = Frozen(Frozen(item) if isinstance(item, list) else item for item in value)
    deck = state.deck.__dict__
    deck["pool"], deck["top"] = Frozen(deck["pool"]), Frozen(deck["top"])
    fields.pop(OWNED, None)


def positions(seed: int) -> Iterator[tuple[JamboState, str]]:
    """Every position of one seeded random game (standing orders changed now and then) and the move made there."""
    rng = random.Random(seed)
    state = E.new_game(2)
    while (seat := E.to_move(state)) is not None:
        if rng.random() < 0.03:
            changer = rng.randrange(2)
            state = E.apply_standing(state, changer, rng.choice(E.standing_moves(state, changer))).state
            continue
        move = E.sample_chance(state, rng) if seat == CHANCE else rng.choice(E.legal_moves(state))
        yield state, move
        state = E.apply(state, move)


@pytest.mark.parametrize("seed", SEEDS)
def test_in_place_apply_and_apply_equal_transition(seed: int) -> None:
    for state, move in positions(seed):
        before = E.dumps(state)
        expected = E.dumps(E.transition(state, move).state)
        fast = E.copy(state)
        E.apply_in_place(fast, move)
        assert E.dumps(fast) == expected, move
        assert E.dumps(E.apply(state, move)) == expected, move
        assert E.dumps(state) == before, f"{move!r} changed the state it was applied to a copy of"


@pytest.mark.parametrize("seed", SEEDS)
def test_is_legal_is_membership_in_the_legal_moves(seed: int) -> None:
    rng = random.Random(seed)
    seen: set[str] = {"definitely not a move", "", "card", "use", "play", "card nothing"}
    for state, _ in positions(seed):
        legal = E.legal_moves(state)
        seen.update(legal)
        for move in legal:
            assert E.is_legal(state, move), move
        for move in rng.sample(sorted(seen), min(OTHERS_TRIED, len(seen))):
            assert E.is_legal(state, move) == (move in legal), move
            if move not in legal:
                with pytest.raises(IllegalMove):
                    E.apply(state, move)


@pytest.mark.parametrize("seed", SEEDS)
def test_chance_samples_are_outcomes_the_odds_allow(seed: int) -> None:
    rng = random.Random(seed)
    for state, _ in positions(seed):
        if E.to_move(state) == CHANCE:
            odds = dict(E.chance_odds(state))
            assert odds and abs(sum(odds.values()) - 1) < 1e-9
            assert all(odds[E.sample_chance(state, rng)] > 0 for _ in range(3))


@pytest.mark.parametrize("seed", SEEDS)
def test_copies_are_independent_both_ways(seed: int) -> None:
    rng = random.Random(seed)
    for state, move in positions(seed):
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


@pytest.mark.parametrize("seed", SEEDS)
def test_no_move_changes_a_list_a_copy_shares(seed: int) -> None:
    for state, move in positions(seed):
        frozen = E.loads(E.dumps(state))
        freeze(frozen)
        fast = E.copy(frozen)
        E.apply_in_place(fast, move)
        assert E.dumps(fast) == E.dumps(E.apply(state, move))
        E.transition(frozen, move)
