"""Hints that teach (``ai.hints``): a decision's best moves ranked, each with a chance to win and a reason.

In positions from seeded random games of every game, ``ai.suggest`` ranks up to three of the root's moves, most
searched first (best valued first where the game is searched by expectimax: Marrakech), with chances in [0, 1],
the first of them the move ``ai.choose`` makes; every reason is one of the game's projection terms
(``ai.games.<game>.TERMS``), whose parts add up to the projection; a move that gains gold or tribute safety is given
that reason; a chance reads a fair share at a level start (a quarter among four merchants, not a half); and the hint
reads only states it drew from the view.
"""

from __future__ import annotations

import random

import pytest
from test_ai import Watched, positions

import ai
import engines
from ai import Budget
from ai.games import marrakech, module_of
from ai.hints import as_chance, why
from ai.levels import profile_of
from ai.worth import projected, term_ids, terms
from engines.base import CHANCE

GAMES = ["cairo", "jambo", "marrakech", "morocco"]


@pytest.mark.parametrize("name", GAMES)
def test_the_best_moves_are_ranked_with_chances_and_a_real_reason(name: str) -> None:
    engine = engines.get(name)
    ids = module_of(name).TERMS  # type: ignore[union-attr]
    checked = reasons = 0
    for state in positions(engine, 2, seed=3, every=7)[:4]:
        seat = engine.to_move(state)
        view = engine.view(state, seat)
        analysis, ranked = ai.suggest(engine, view, "normal", 7, Budget(40))
        legal = engine.legal_moves(state)
        assert len(ranked) == min(3, len(legal)), "three moves where there are three"
        assert ranked[0].move == ai.choose(engine, view, "normal", 7, Budget(40)) == analysis.move
        if profile_of(name).expectimax:  # every move searched as deep: ranked by value, best first
            assert [r.chance for r in ranked] == sorted((r.chance for r in ranked), reverse=True)
        else:
            assert [r.searches for r in ranked] == sorted((r.searches for r in ranked), reverse=True)
        assert len({r.move for r in ranked}) == len(ranked) and all(r.move in legal for r in ranked)
        for hint in ranked:
            assert 0.0 <= hint.chance <= 1.0
            assert hint.reason is None or hint.reason in ids, hint.reason
            reasons += hint.reason is not None
        checked += 1
    assert checked >= 3 and reasons >= 3, "most hints have a reason"


@pytest.mark.parametrize("name", GAMES)
def test_the_terms_add_up_to_the_projection(name: str) -> None:
    engine = engines.get(name)
    for state in positions(engine, engine.max_players, seed=5, every=15)[:6]:
        split, whole = terms(engine, state), projected(engine, state)
        for parts, value in zip(split, whole, strict=True):
            assert (parts is None) == (value is None)
            if parts is not None and value is not None:
                assert set(parts) == set(term_ids(name))
                assert sum(parts.values()) == pytest.approx(value)


def test_a_reason_is_the_term_that_gained_most_or_else_lost_least() -> None:
    ids = ("gold", "wares", "cards")
    assert why({"gold": 3.0, "wares": -4.0, "cards": 1.0}, ids) == ("gold", 3.0)
    assert why({"gold": -3.0, "wares": -1.0, "cards": 0.0}, ids) == ("wares", -1.0)
    assert why({"gold": 0.01, "wares": 0.0, "cards": 0.0}, ids) == (None, 0.0)


def test_marrakech_turning_away_from_the_others_carpets_is_less_tribute_risk() -> None:
    """Assam faces a board covered by the other merchant's carpets but the squares to his left: turning left
    is the best move, and its reason is the tribute expected."""
    engine = engines.get("marrakech")
    state = engine.new_game(2)
    while engine.to_move(state) == CHANCE:
        engine.apply_in_place(state, engine.sample_chance(state, random.Random(1)))
    roller = engine.to_move(state)
    other = 1 if roller == 0 else 0  # at two players seat 0 owns colours 0 and 2, seat 1 owns 1 and 3
    board = [other] * len(state.board_colour)
    safe = {marrakech.WALKS[state.assam, marrakech.turned(state.facing, "left"), s].square for s in range(1, 5)}
    for square in safe:
        board[square] = roller
    state.board_colour = board
    _, ranked = ai.suggest(engine, engine.view(state, roller), "normal", 2, Budget(60))
    assert ranked[0].move == "left", ranked
    assert ranked[0].reason == "tribute" and ranked[0].change > 0
    assert ranked[0].chance > ranked[-1].chance


@pytest.mark.parametrize("name", GAMES)
def test_a_hint_reads_only_states_it_drew_from_the_view(name: str) -> None:
    engine = engines.get(name)
    state = positions(engine, 2, seed=4, every=25)[0]
    watched = Watched(engine, state)
    ranked = ai.suggest(watched, engine.view(state, engine.to_move(state)), "normal", 1, Budget(20))[1]  # type: ignore[arg-type]
    assert ranked and watched.checked > 20, "the spy saw the hint at work"


def test_a_value_reads_as_a_chance_among_the_seats_still_in() -> None:
    assert as_chance(0.5, 2) == 0.5 and as_chance(0.8, 2) == 0.8, "between two the value is the chance"
    assert as_chance(0.5, 3) == pytest.approx(1 / 3) and as_chance(0.5, 4) == pytest.approx(1 / 4)
    assert as_chance(1.0, 4) == 1.0 and as_chance(0.0, 3) == 0.0
    values = [0.1, 0.3, 0.5, 0.7, 0.9]
    for seats in (3, 4, 5):
        chances = [as_chance(value, seats) for value in values]
        assert chances == sorted(chances) and len(set(chances)) == len(chances), "a better value, a better chance"


@pytest.mark.parametrize(("name", "players"), [("cairo", 3), ("cairo", 4), ("morocco", 5)])
def test_a_level_start_reads_about_a_fair_share_not_a_half(name: str, players: int) -> None:
    """At the first decision with a choice every merchant is level: the best move's chance is near 1 / players."""
    engine = engines.get(name)
    state = engine.new_game(players)
    rng = random.Random(5)
    while (seat := engine.to_move(state)) == CHANCE or len(engine.legal_moves(state)) < 2:
        move = engine.sample_chance(state, rng) if seat == CHANCE else engine.legal_moves(state)[0]
        engine.apply_in_place(state, move)
    seat = engine.to_move(state)
    _, ranked = ai.suggest(engine, engine.view(state, seat), "normal", 3, Budget(40))
    fair = 1 / players
    assert abs(ranked[0].chance - fair) < 0.4 * fair, (ranked[0].chance, fair)  # the value itself read 0.43-0.5
