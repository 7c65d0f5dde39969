"""The arena's independent baselines (``ai.baselines``): legal moves from views only, and clearly better than random.

Each beginner (and Jambo's ender and trader) plays seeded whole games against a random player: every
move it makes must be legal, it must only ever read states it drew from its view (the same spy as the
computer's test), and over a few games it must win clearly more than half. Small samples (a handful of
games each, seats alternating): the arena measures the rest.
"""

from __future__ import annotations

import random

import pytest

import engines
from ai.baselines import BASELINES, make, plays
from ai.baselines.jambo import Ender, Trader
from bench.arena import Pairing, Task, run_task
from engines.base import CHANCE
from tests.test_ai import Watched, positions

CASES = [(game, name) for game in engines.names() for name in BASELINES if plays(name, game)]
GAMES_AGAINST_RANDOM = {"marrakech": 6, "morocco": 4, "cairo": 4, "jambo": 4}
QUICK = {("jambo", "ender")}
"""The baseline whose games take a fraction of a second; the others' (1–50 s on a loaded machine, Marrakech's
beginner about one) run in the full suite."""


def test_every_game_has_a_beginner_and_jambo_its_ender_and_trader() -> None:
    assert {game for game, name in CASES if name == "beginner"} == set(engines.names())
    assert {name for game, name in CASES if game == "jambo"} == {"beginner", "ender", "trader"}


@pytest.mark.parametrize(("game", "name"), CASES)
def test_a_baseline_reads_only_states_it_drew_from_its_view(game: str, name: str) -> None:
    engine = engines.get(game)
    for state in positions(engine, engine.min_players, seed=6, every=15)[:3]:
        watched = Watched(engine, state)
        view = engine.view(state, engine.to_move(state))
        assert make(name).choose(watched, view, 3) in engine.legal_moves(state)  # type: ignore[arg-type]
        assert watched.drawn, "the baseline drew its world from the view"


@pytest.mark.parametrize(
    ("game", "name"), [pytest.param(*case, marks=[] if case in QUICK else [pytest.mark.slow]) for case in CASES]
)
def test_a_baseline_beats_random_clearly(game: str, name: str) -> None:
    """Seats alternate; the arena refuses any illegal move (``engine.apply``)."""
    games = GAMES_AGAINST_RANDOM[game]
    shares = [run_task(Task(Pairing(game, 2, name, "random"), index)).share for index in range(games)]
    assert sum(shares) / games >= 0.75, f"{name} won {sum(shares)} of {games} against random"


def test_the_ender_ends_every_turn_at_once_and_the_trader_sells_when_it_can() -> None:
    """Ender against trader: every turn the ender could end, it ends; every sale the trader could make, it makes."""
    engine = engines.get("jambo")
    ended = sold = 0
    for seed in range(1, 5):
        rng = random.Random(seed)
        state = engine.new_game(2)
        while (seat := engine.to_move(state)) is not None and state.turn < 40:
            if seat == CHANCE:
                engine.apply_in_place(state, engine.sample_chance(state, rng))
                continue
            view, moves = engine.view(state, seat), engine.legal_moves(state)
            move = (Ender() if seat == 0 else Trader()).choose(engine, view, rng.getrandbits(32))
            if seat == 0 and "end" in moves:
                assert move == "end"
                ended += 1
            if seat == 1 and any(m.startswith("sell ") for m in moves):
                assert move.startswith("sell ")
                sold += 1
            engine.apply_in_place(state, move)
        if sold:
            break
    assert ended >= 10 and sold >= 1
