"""Depth-limited expectimax (``ai.expectimax``), Marrakech's search at the levels without noise.

Every chance outcome is weighed by its odds (a root move's value at the shallowest depth is the odds-weighted
mean of the values after the die and the draw, computed here by hand); a larger budget of judged positions
searches deeper and a depth is never judged beyond its budget; below the root the beam follows only the best
few moves; ``normal`` and ``hard`` in Marrakech use it (``easy`` keeps the noisy tree search), answer the same
for the same view and seed, and rank their candidates best first.
"""

from __future__ import annotations

import random

import pytest

import engines
from ai import Budget, analyse
from ai.evaluate import state_values
from ai.expectimax import root_values
from ai.levels import profile_of
from engines.base import CHANCE
from engines.marrakech.state import MarrakechState


def position(turns: int, phase: str, seed: int = 3) -> MarrakechState:
    """A 2-player position of a seeded random game after ``turns`` moves, at the next ``phase``."""
    engine = engines.get("marrakech")
    rng = random.Random(seed)
    state = engine.new_game(2)
    made = 0
    while made < turns or state.phase != phase:
        seat = engine.to_move(state)
        assert seat is not None, "the game ended before the position"
        move = engine.sample_chance(state, rng) if seat == CHANCE else rng.choice(engine.legal_moves(state))
        engine.apply_in_place(state, move)
        made += 1
    return state


def after(state: MarrakechState, move: str) -> MarrakechState:
    engine = engines.get("marrakech")
    copied = engine.copy(state)
    engine.apply_in_place(copied, move)
    return copied


def test_every_outcome_of_the_die_and_the_draw_is_weighed_by_its_odds() -> None:
    engine = engines.get("marrakech")
    state = position(40, "orient")
    seat = state.seat
    # 3 turns x 4 faces x at most 2 colours: only depth 0 fits 30 judged positions
    found, depth = root_values(engine, state, seat, engine.legal_moves(state), 30, None)
    assert depth == 0
    for move, judged, worth in found:
        turned = after(state, move)
        expected = judged_by_hand = 0.0
        for roll, odds in engine.chance_odds(turned):
            rolled = after(turned, roll)
            draws = engine.chance_odds(rolled) if engine.to_move(rolled) == CHANCE else [(None, 1.0)]
            for draw, chance in draws:
                drawn = rolled if draw is None else after(rolled, draw)
                expected += odds * chance * state_values(engine, drawn)[seat]
                judged_by_hand += 1
        assert worth == pytest.approx(expected)
        assert judged == judged_by_hand


def test_a_larger_budget_searches_deeper_and_no_depth_judges_more_than_its_budget() -> None:
    engine = engines.get("marrakech")
    state = position(30, "place")
    moves = engine.legal_moves(state)
    depths = []
    for leaves in (len(moves), 400, 5000):
        found, depth = root_values(engine, state, state.seat, moves, leaves, None)
        assert sum(judged for _, judged, _ in found) <= leaves
        assert [move for move, _, _ in found] == moves
        depths.append(depth)
    assert depths == sorted(depths) and depths[0] < depths[-1], depths


def test_below_the_root_the_beam_follows_only_the_best_few_moves() -> None:
    engine = engines.get("marrakech")
    state = position(30, "orient")
    seat, moves = state.seat, engine.legal_moves(state)
    # depth 1: the carpet laid after each roll and draw, judged as it stands. The beam ranks the placements by
    # those very judgments, so it follows the best of them at no extra cost: the same values, the same count
    full, depth = root_values(engine, state, seat, moves, 600, None)
    narrow, narrow_depth = root_values(engine, state, seat, moves, 600, None, beam=2)
    assert depth == narrow_depth == 1
    assert narrow == full
    # depth 2: after one's own carpet the other merchant turns, rolls and draws. Without a beam every placement
    # is followed there; with a beam of 2 only the best two: fewer judged positions for every move
    full, depth = root_values(engine, state, seat, moves, 6_000, None)
    narrow, narrow_depth = root_values(engine, state, seat, moves, 6_000, None, beam=2)
    assert depth == narrow_depth == 2
    for (move, judged, _), (same, narrow_judged, _) in zip(full, narrow, strict=True):
        assert move == same
        assert narrow_judged < judged / 3


def test_normal_and_hard_marrakech_search_by_expectimax_and_easy_keeps_its_noise() -> None:
    engine = engines.get("marrakech")
    assert profile_of("marrakech").expectimax > 0
    state = position(20, "place")
    view = engine.view(state, state.seat)
    moves = engine.legal_moves(state)
    first = analyse(engine, view, "normal", 5, Budget(60))
    again = analyse(engine, view, "normal", 99, Budget(60))  # nothing hidden, nothing sampled: the seed is idle
    assert (first.move, first.candidates, first.iterations) == (again.move, again.candidates, again.iterations)
    assert {move for move, _, _ in first.candidates} == set(moves)
    values = [worth for _, _, worth in first.candidates]
    assert values == sorted(values, reverse=True) and first.move == first.candidates[0][0]
    assert (
        first.iterations == sum(judged for _, judged, _ in first.candidates) <= 60 * profile_of("marrakech").expectimax
    )
    hard = analyse(engine, view, "hard", 5, Budget(600))
    assert hard.iterations > first.iterations
    easy = analyse(engine, view, "easy", 5, Budget(60))
    assert easy.iterations <= 60  # tree search iterations, not judged positions


def test_a_depth_that_would_run_far_over_the_budget_is_not_begun(monkeypatch: pytest.MonkeyPatch) -> None:
    import ai.expectimax as expectimax

    engine = engines.get("marrakech")
    state = position(30, "place")
    moves = engine.legal_moves(state)
    calls = 0

    def counted(engine_: object, judged_state: MarrakechState) -> list[float]:
        nonlocal calls
        calls += 1
        return state_values(engines.get("marrakech"), judged_state)

    monkeypatch.setattr(expectimax, "state_values", counted)
    # a carpet (depth 0), then every turn, roll and draw of the other merchant (depth 1, about 24 times as many):
    # the next depth would grow as much again, far beyond 400, so it is not begun and no judging is thrown away
    found, depth = root_values(engine, state, state.seat, moves, 400, None)
    complete = sum(judged for _, judged, _ in found)
    assert depth == 1 and 24 * len(moves) <= complete <= 400
    assert calls == len(moves) + complete
    # begun anyway, the deeper depth runs out and is abandoned: the same answer for more work
    calls = 0
    monkeypatch.setattr(expectimax, "GROWTH_SLACK", float("inf"))
    assert root_values(engine, state, state.seat, moves, 400, None) == (found, depth)
    assert calls == len(moves) + complete + 400  # the 401st is refused before it is judged
