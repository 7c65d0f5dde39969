"""The computer player's parts one by one: values, worth, the tree's choices, levels and budgets, the final pick."""

from __future__ import annotations

import pkgutil
import random
from collections import Counter

import pytest

import ai.games
import engines
from ai.evaluate import WIN_SHARE, finished_values, margin_values, margins, state_values
from ai.games import module_of
from ai.games.cairo import project as cairo_projection
from ai.games.cairo import spread as cairo_spread
from ai.levels import DEFAULT_PROFILE, LEVELS, Budget, Profile, budget_of, profile_of, steadied
from ai.search import analyse, one_step, pick, ranked, settled
from ai.tree import Node, best_by_ucb, pick_child, widening_limit
from ai.worth import projected
from engines.base import CHANCE, Engine, GameState


def play_randomly(engine: Engine, players: int, seed: int, until: int | None = None) -> GameState:
    """A seeded random game, to the end or for ``until`` moves."""
    rng = random.Random(seed)
    state = engine.new_game(players)
    made = 0
    while (seat := engine.to_move(state)) is not None and (until is None or made < until):
        move = engine.sample_chance(state, rng) if seat == CHANCE else rng.choice(engine.legal_moves(state))
        engine.apply_in_place(state, move)
        made += 1
    return state


# ---- values -----------------------------------------------------------------------------------------------
def test_a_margin_is_the_distance_to_the_best_other_seat() -> None:
    assert margins([10, 7, 3]) == [3, -3, -7]
    assert margins([5, 5]) == [0, 0]


def test_a_margin_against_the_mean_counts_every_other_seat() -> None:
    assert margins([10, 7, 3], "mean") == [5, 0.5, -5.5]
    assert margins([5, 9], "mean") == margins([5, 9]), "between two seats the mean is the other seat"
    assert margin_values([10, 20, 0], rivals="mean")[0] > margin_values([10, 20, 10], rivals="mean")[0]
    assert margin_values([10, 20, 0])[0] == margin_values([10, 20, 10])[0], "the best other alone counts"


def test_kairo_at_three_judges_a_merchant_against_both_others_not_only_the_leader() -> None:
    engine = engines.get("cairo")
    state = play_randomly(engine, 3, seed=4, until=12)
    assert engine.to_move(state) is not None
    values = []
    for trailing in (0, 8):
        world = engine.copy(state)
        world.scores[:] = [10, 20, trailing]
        values.append(state_values(engine, world)[0])
    assert values[0] > values[1], "the third merchant's points count against the first, though he trails the leader"
    left = engine.copy(state)
    left.resigned.append(2)
    left.scores[:] = [10, 20, 0]
    judged = state_values(engine, left)
    assert judged[2] == 0.0
    assert judged[0] == pytest.approx(margin_values(cairo_projection(left)[:2], cairo_spread(left), "mean")[0]), (
        "a merchant who left is not in the others' mean"
    )


def test_a_merchant_who_is_out_is_no_ones_rival() -> None:
    engine = engines.get("marrakech")
    state = engine.resign(play_randomly(engine, 3, seed=6, until=30), 2)
    projection = projected(engine, state)
    assert projection[2] is None and engine.to_move(state) is not None
    inside = [score for score in projection if score is not None]
    expected = margin_values(inside)  # judged between the two still in, on their scale
    assert state_values(engine, state) == pytest.approx([*expected, 0.0])


def test_a_finished_kairo_game_leaves_a_merchant_who_left_out_of_the_others_mean() -> None:
    engine = engines.get("cairo")
    state = engine.resign(play_randomly(engine, 4, seed=5, until=20), 3)
    rng = random.Random(5)
    while (seat := engine.to_move(state)) is not None:
        move = engine.sample_chance(state, rng) if seat == CHANCE else rng.choice(engine.legal_moves(state))
        engine.apply_in_place(state, move)
    outcome = engine.outcome(state)
    assert outcome is not None and 3 not in outcome.winners
    values = state_values(engine, state)
    expected = finished_values(outcome.scores[:3], outcome.winners, "mean")
    assert values == pytest.approx([*expected, 0.0]), "the three still in are judged among themselves"


def test_margin_values_are_even_when_level_and_grow_with_the_lead() -> None:
    level = margin_values([20, 20, 20])
    assert level == [0.5, 0.5, 0.5]
    values = margin_values([30, 20, 10])
    assert 1 > values[0] > 0.5 > values[1] > values[2] > 0
    assert margin_values([12, 10])[0] > margin_values([62, 60])[0], "two points matter more early"


def test_a_finished_game_pays_the_win_shared_between_tied_winners() -> None:
    alone = finished_values([40, 30, 20], [0])
    assert alone[0] > WIN_SHARE > alone[1] > alone[2] >= 0
    tied = finished_values([40, 40, 20], [0, 1])
    assert tied[0] == tied[1] == pytest.approx(WIN_SHARE / 2 + (1 - WIN_SHARE) * 0.5)
    assert finished_values([40, 39], [0])[1] > finished_values([40, 10], [0])[1], "a close loss beats a rout"


@pytest.mark.parametrize("name", engines.names())
def test_the_value_of_a_finished_game_comes_from_its_outcome(name: str) -> None:
    engine = engines.get(name)
    state = play_randomly(engine, engine.min_players, seed=2)
    outcome = engine.outcome(state)
    assert outcome is not None
    values = state_values(engine, state)
    assert values == finished_values(outcome.scores, outcome.winners)
    assert max(values) == max(values[seat] for seat in outcome.winners)


@pytest.mark.parametrize("name", engines.names())
def test_values_mid_game_lie_between_0_and_1_for_every_seat(name: str) -> None:
    engine = engines.get(name)
    for until in (20, 60):
        values = state_values(engine, play_randomly(engine, engine.max_players, seed=3, until=until))
        assert len(values) == engine.max_players and all(0 <= v <= 1 for v in values)


def test_a_game_without_a_projection_is_judged_on_its_views_scores() -> None:
    class Unknown:
        name = "no such game"

        def __init__(self, engine: Engine) -> None:
            self.engine = engine

        def view(self, state: GameState, seat: int | None) -> object:
            return self.engine.view(state, seat)

    engine = engines.get("marrakech")
    state = play_randomly(engine, 3, seed=1, until=30)
    scores = [float(s.score or 0) for s in engine.view(state, None).seats]
    assert projected(Unknown(engine), state) == scores  # type: ignore[arg-type]


# ---- the tree -------------------------------------------------------------------------------------------
def test_progressive_widening_lets_a_node_consider_more_moves_as_it_is_searched() -> None:
    limits = [widening_limit(visits, 2.0) for visits in (0, 3, 15, 99, 399)]
    assert limits == sorted(limits) and limits[0] == 2 and limits[-1] == 40


def test_a_node_adds_untried_moves_until_its_limit_then_chooses_by_ucb() -> None:
    rng = random.Random(1)
    node = Node(2)
    moves = [f"m{i}" for i in range(50)]
    first, child = pick_child(node, 0, moves, rng, exploration=0.7, widen=1.0)
    assert (0, first) in node.children and child.available == 1
    child.record([1.0, 0.0])
    node.record([1.0, 0.0])
    second, _ = pick_child(node, 0, moves, rng, exploration=0.7, widen=1.0)  # limit 2: one more
    assert second != first and len(node.children) == 2
    node.children[(0, second)].record([0.2, 0.8])
    node.record([0.2, 0.8])
    node.visits = 2  # limit ceil(sqrt(3)) = 2: no third move yet
    chosen, _ = pick_child(node, 0, moves, rng, exploration=0.0, widen=1.0)
    assert chosen == first, "without exploration the better move for seat 0"
    chosen, _ = pick_child(node, 1, [*moves], rng, exploration=0.0, widen=1.0)
    assert len(node.children) == 3, "seat 1 has no child here yet: its moves are keyed apart"


def test_ucb_tries_an_unvisited_child_first_and_counts_every_legal_child_as_available() -> None:
    seen, unseen = Node(1), Node(1)
    seen.record([1.0])
    assert best_by_ucb([("seen", seen), ("unseen", unseen)], 0, 0.7)[0] == "unseen"
    assert seen.available == unseen.available == 1


# ---- levels, budgets, the final pick --------------------------------------------------------------------
def test_a_larger_level_with_a_steady_width_weighs_as_many_moves_each_more_often() -> None:
    steady = Profile(widen=2.0, steady_width=True)
    usual = 300
    for times in (2, 5, 10):
        narrowed = steadied(steady, usual * times, usual)
        for visits in (0, 8, 40, 150, 300):
            here, there = widening_limit(visits * times, narrowed.widen), widening_limit(visits, steady.widen)
            assert abs(here - there) <= 1, (times, visits, here, there)
    assert steadied(steady, usual, usual) == steady, "normal's own budget is not narrowed"
    assert steadied(steady, usual // 5, usual) == steady, "a smaller budget (easy) is not widened"
    loose = Profile(widen=2.0)
    assert steadied(loose, usual * 5, usual) == loose, "a game without a steady width keeps widening with its budget"


@pytest.mark.slow
def test_kairos_hard_root_weighs_as_many_moves_as_normal_each_searched_more() -> None:
    engine = engines.get("cairo")
    assert profile_of("cairo").steady_width
    rng, state = random.Random(3), play_randomly(engine, 2, seed=3, until=8)
    while (seat := engine.to_move(state)) == CHANCE or len(engine.legal_moves(state)) < 100:
        assert seat is not None
        move = engine.sample_chance(state, rng) if seat == CHANCE else engine.legal_moves(state)[0]
        engine.apply_in_place(state, move)
    view = engine.view(state, seat)
    normal, hard = (analyse(engine, view, level, seed=1) for level in ("normal", "hard"))
    assert len(hard.candidates) <= widening_limit(budget_of("normal", "cairo").iterations, profile_of("cairo").widen)
    assert len(hard.candidates) <= len(normal.candidates) + 1
    assert hard.candidates[0][1] > 3 * normal.candidates[0][1], "the leading move searched more (without: about 2x)"
    widened = analyse(engine, view, "normal", seed=1, budget=Budget(budget_of("hard", "cairo").iterations))
    assert len(widened.candidates) > len(hard.candidates) + 10, "an explicit budget keeps its level's width"


def test_levels_grow_in_budget_and_fall_in_noise() -> None:
    easy, normal, hard = LEVELS["easy"], LEVELS["normal"], LEVELS["hard"]
    assert easy.iterations < normal.iterations < hard.iterations
    assert easy.seconds <= normal.seconds <= 2 < hard.seconds <= 10
    assert easy.temperature > normal.temperature == hard.temperature == 0


def test_a_budget_scales_a_levels_iterations_by_the_games_profile() -> None:
    modules = {m.name for m in pkgutil.iter_modules(ai.games.__path__)}
    assert modules <= set(engines.names()), "a module in ai/games named after no engine would never be used"
    assert {game: profile_of(game) for game in modules} == {
        game: module_of(game).PROFILE  # type: ignore[union-attr]
        for game in modules
    }, "each game's own PROFILE is the one used"
    assert (
        profile_of("cairo").scale == 0.5 and profile_of("jambo").scale == 2.0 and profile_of("marrakech").playout == 0
    )
    for game in engines.names():
        profile = profile_of(game)
        assert budget_of("normal", game) == Budget(round(LEVELS["normal"].iterations * profile.scale), 2.0)
    assert profile_of("no such game") is DEFAULT_PROFILE
    assert budget_of("hard", "no such game") == Budget(LEVELS["hard"].iterations, LEVELS["hard"].seconds)


def test_the_search_stops_when_the_leading_move_cannot_be_caught() -> None:
    root = Node(1)
    for move, visits in (("a", 10), ("b", 4)):
        child = root.children[(0, move)] = Node(1)
        child.visits = visits
    assert settled(root, remaining=5) and not settled(root, remaining=6)


def test_the_final_pick_is_the_most_searched_move_or_a_draw_weighted_by_searches() -> None:
    candidates = [("a", 90, 0.6), ("b", 10, 0.7)]
    assert pick(candidates, 0.0, random.Random(1)) == "a"
    drawn = Counter(pick(candidates, 1.0, random.Random(seed)) for seed in range(400))
    assert 300 < drawn["a"] < 390 and drawn["b"] > 10


def test_ranked_lists_the_roots_moves_most_searched_first_ties_by_value() -> None:
    root = Node(2)
    for move, visits, total in (("x", 5, 2.0), ("y", 5, 4.0), ("z", 9, 1.0)):
        child = root.children[(1, move)] = Node(2)
        child.visits, child.totals[1] = visits, total
    assert [c[0] for c in ranked(root, 1, ["x", "y", "z"])] == ["z", "y", "x"]


def test_a_decision_with_one_legal_move_is_answered_without_a_search() -> None:
    found = []
    for engine in engines.all_engines():
        rng = random.Random(5)
        state = engine.new_game(engine.min_players)
        while (seat := engine.to_move(state)) is not None:
            moves = engine.legal_moves(state)
            if seat != CHANCE and len(moves) == 1:
                analysis = analyse(engine, engine.view(state, seat), "hard", 1)
                assert analysis.iterations == 0 and analysis.move == moves[0]
                found.append(engine.name)
                break
            engine.apply_in_place(state, engine.sample_chance(state, rng) if seat == CHANCE else rng.choice(moves))
    assert found, "no game offered a forced move"


def test_a_node_with_priors_adds_its_best_untried_move_first() -> None:
    node = Node(2)
    node.priors = {"a": 0.2, "b": 0.9, "c": 0.5}
    first, _ = pick_child(node, 0, ["a", "b", "c"], random.Random(1), exploration=0.7, widen=1.0)
    node.visits = 3  # limit 2: one more
    second, _ = pick_child(node, 0, ["a", "b", "c"], random.Random(1), exploration=0.7, widen=1.0)
    assert (first, second) == ("b", "c")


def test_a_wide_kairo_root_tries_the_extension_that_scores_before_random_sites() -> None:
    """Kairo's roots of hundreds of moves get priors: the search's first tries are the best one step ahead."""

    engine = engines.get("cairo")
    rng = random.Random(1)
    state = engine.new_game(2)
    while (seat := engine.to_move(state)) is not None:
        moves = engine.legal_moves(state) if seat != CHANCE else []
        if len(moves) > profile_of("cairo").prior_above and any(m.startswith("extend") for m in moves):
            break
        engine.apply_in_place(state, engine.sample_chance(state, rng) if seat == CHANCE else rng.choice(moves))
    assert seat is not None and seat != CHANCE
    priors = one_step(engine, engine.copy(state), seat, engine.legal_moves(state))
    best = max(priors, key=priors.__getitem__)
    assert priors[best] > sorted(priors.values())[len(priors) // 2], "some moves score better one step ahead"
    analysis = analyse(engine, engine.view(state, seat), "easy", 1, Budget(iterations=10))
    assert {move for move, _, _ in analysis.candidates} <= set(engine.legal_moves(state))
    assert max(priors[move] for move, _, _ in analysis.candidates) == priors[best]


def test_a_jambo_auction_is_searched_over_a_few_bids_and_the_answer_is_one_of_them() -> None:
    """An auction offers a bid for every gold the bidder holds; the search tries the lowest few and passing."""
    from ai.games.jambo import BIDS, thin

    engine = engines.get("jambo")
    found = None
    for seed in range(200):
        rng = random.Random(seed)
        state = engine.new_game(2)
        while (seat := engine.to_move(state)) is not None:
            if seat == CHANCE:
                engine.apply_in_place(state, engine.sample_chance(state, rng))
                continue
            moves = engine.legal_moves(state)
            if len([m for m in moves if m.startswith("bid ")]) > len(BIDS):
                found = state, seat, moves
                break
            engine.apply_in_place(state, rng.choice(moves))
        if found:
            break
    assert found is not None, "no auction with many bids in 200 random games"
    state, seat, moves = found
    kept = thin(state, moves)
    bids = [move for move in moves if move.startswith("bid ")]
    assert kept[: len(BIDS)] == [bids[step] for step in BIDS] and set(kept) <= set(moves)
    assert ("pass" in kept) == ("pass" in moves), "passing is always tried where it is allowed"
    analysis = analyse(engine, engine.view(state, seat), "normal", seed=1, budget=Budget(200))
    assert analysis.move in kept and {move for move, _, _ in analysis.candidates} <= set(kept)
    assert thin(state, ["draw", "end"]) == ["draw", "end"], "other decisions keep every move"


def test_finish_completes_a_kairo_build_by_its_best_payment() -> None:
    """``finish`` pays for a half-made build with the options best one step ahead: never worse than the engine's
    first option or a random one, and the move is whole afterwards."""
    from ai.search import finish

    engine = engines.get("cairo")
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = engine.new_game(3)
        while (seat := engine.to_move(state)) is not None and not engine.partial(state):
            moves = [] if seat == CHANCE else engine.legal_moves(state)
            extends = [m for m in moves if m.startswith("extend")]
            move = engine.sample_chance(state, rng) if seat == CHANCE else rng.choice(extends or moves)
            engine.apply_in_place(state, move)
        if seat is None or seat == CHANCE:
            continue
        finished, first, drawn = engine.copy(state), engine.copy(state), engine.copy(state)
        finish(engine, finished)
        for other in (first, drawn):
            while engine.to_move(other) == seat and engine.partial(other):
                options = engine.legal_moves(other)
                engine.apply_in_place(other, options[0] if other is first else rng.choice(options))
        assert not engine.partial(finished) or engine.to_move(finished) != seat
        best = state_values(engine, finished)[seat]
        assert best >= state_values(engine, first)[seat] - 1e-9
        assert best >= state_values(engine, drawn)[seat] - 1e-9
        checked += 1
    assert checked >= 10
