"""The computer player (``ai``): legal moves in every game, repeatable decisions, and no way to cheat.

Every engine found is covered: in seeded whole games of every player count, the computer (a small
budget, every level's noise) and the baselines must choose only legal moves; the same view, level and
seed give the same move, in this process and in another with a different string hashing; two full
states that look the same to the seat give the same decision, and the computer only ever reads
states it drew itself from the view. The package imports only ``engines`` and the standard library.
"""

from __future__ import annotations

import ast
import inspect
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from sources import syntax

import ai
import engines
from ai import Budget, GreedyPlayer, RandomPlayer
from ai.search import analyse, choose
from engines.base import CHANCE, Engine, GameState, View

ROOT = Path(__file__).resolve().parent.parent
SMALL = Budget(iterations=6)
"""A budget small enough for whole games in a test; the search does all it does, only fewer times."""


def needs_sampling(engine: Engine) -> None:
    """Skip, saying why, an engine that cannot yet rebuild a state from a view."""
    try:
        engine.sample_state(engine.view(engine.new_game(engine.min_players), 0), random.Random(0))
    except NotImplementedError:
        pytest.skip(f"{engine.name}: sample_state is not implemented yet, the computer cannot play it")


def positions(engine: Engine, players: int, seed: int, every: int) -> list[GameState]:
    """States of one seeded random game where a seat is to choose among several moves, one in ``every``."""
    rng = random.Random(seed)
    state = engine.new_game(players)
    found = []
    step = 0
    while (seat := engine.to_move(state)) is not None:
        moves = engine.legal_moves(state) if seat != CHANCE else []
        if len(moves) > 1:
            step += 1
            if step % every == 0:
                found.append(engine.copy(state))
        move = engine.sample_chance(state, rng) if seat == CHANCE else rng.choice(moves)
        engine.apply_in_place(state, move)
    return found


GAMES = [
    pytest.param(
        engine.name,
        players,
        seed,
        id=f"{engine.name}-{players}-{seed}",
        # the quick run plays one whole game of each of the short games (Marrakech, Morocco), at the smallest table;
        # the full run every game at every size twice. Kairo's and Jambo's computers choose legal moves in the quick
        # run too, at positions of their games, every level and baseline
        # (``test_the_computer_reads_only_states_it_drew_from_the_view``).
        marks=[]
        if (seed, players) == (1, engine.min_players) and engine.name in ("marrakech", "morocco")
        else [pytest.mark.slow],
    )
    for engine in engines.all_engines()
    for players in range(engine.min_players, engine.max_players + 1)
    for seed in (1, 2)
]


@pytest.mark.parametrize(("name", "players", "seed"), GAMES)
def test_the_computer_and_the_baselines_choose_only_legal_moves_in_whole_games(
    name: str, players: int, seed: int
) -> None:
    """One seat is the computer (every level in turn, a small budget), the others random or greedy players."""
    engine = engines.get(name)
    needs_sampling(engine)
    rng = random.Random(seed * 10 + players)
    levels = list(ai.LEVELS)
    state = engine.new_game(players)
    chosen = 0
    while (seat := engine.to_move(state)) is not None:
        if seat == CHANCE:
            engine.apply_in_place(state, engine.sample_chance(state, rng))
            continue
        view, decision_seed = engine.view(state, seat), rng.getrandbits(32)
        if seat == seed % players:
            move = choose(engine, view, levels[chosen % len(levels)], decision_seed, SMALL)
        elif (seat + seed) % 2:
            move = RandomPlayer().choose(engine, view, decision_seed)
        else:
            move = GreedyPlayer(worlds=1).choose(engine, view, decision_seed)
        assert move in engine.legal_moves(state), f"seat {seat} chose {move!r}, not a legal move"
        engine.apply_in_place(state, move)
        chosen += 1
    assert engine.outcome(state) is not None and chosen > players


@pytest.mark.parametrize("name", engines.names())
def test_the_same_view_level_and_seed_give_the_same_move(name: str) -> None:
    engine = engines.get(name)
    needs_sampling(engine)
    for state in positions(engine, engine.max_players, seed=3, every=15)[:6]:
        view = engine.view(state, engine.to_move(state))
        first = analyse(engine, view, "easy", 11, Budget(iterations=30))
        again = analyse(engine, view, "easy", 11, Budget(iterations=30))
        assert (first.move, first.candidates, first.iterations) == (again.move, again.candidates, again.iterations)
        assert first.move in engine.legal_moves(state)


def test_decisions_do_not_depend_on_the_process_or_its_string_hashing() -> None:
    """A worker pool may run the same decision anywhere: nothing may hang on set order or ``hash``."""
    cases = []
    for engine in engines.all_engines():
        try:
            found = positions(engine, engine.max_players, seed=5, every=20)[:2]
        except NotImplementedError:
            continue
        cases += [(engine.name, engine.view(state, engine.to_move(state)).model_dump_json()) for state in found]
    script = (
        "import json, sys, engines, ai\n"
        "from engines.base import View\n"
        "cases = json.loads(sys.stdin.read())\n"
        "print(json.dumps([ai.choose(engines.get(g), View.model_validate_json(v), 'normal', 7, ai.Budget(40))"
        " for g, v in cases]))\n"
    )
    here = [choose(engines.get(game), View.model_validate_json(view), "normal", 7, Budget(40)) for game, view in cases]
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        done = subprocess.run(
            [sys.executable, "-c", script], input=json.dumps(cases), capture_output=True, text=True, env=env, check=True
        )
        assert json.loads(done.stdout) == here


SECRET_GAMES = [engine.name for engine in engines.all_engines() if engine.secret_fields]


@pytest.mark.parametrize(
    "name", [pytest.param(name, marks=[pytest.mark.slow] if name == "cairo" else []) for name in SECRET_GAMES]
)  # Kairo's searches take a second: the full run's
def test_two_full_states_that_look_the_same_to_the_seat_give_the_same_decision(name: str) -> None:
    engine = engines.get(name)
    needs_sampling(engine)
    rng = random.Random(8)
    compared = 0
    for state in positions(engine, engine.max_players, seed=8, every=10)[:8]:
        seat = engine.to_move(state)
        view = engine.view(state, seat)
        other = engine.sample_state(view, rng)  # the same to this seat, hidden fields drawn afresh
        assert engine.view(other, seat) == view
        real, drawn = json.loads(engine.dumps(state)), json.loads(engine.dumps(other))
        if all(real[field] == drawn[field] for field in engine.secret_fields):
            continue
        compared += 1
        for level in ai.LEVELS:
            assert choose(engine, engine.view(state, seat), level, 5, Budget(25)) == choose(
                engine, engine.view(other, seat), level, 5, Budget(25)
            )
    assert compared >= 3, "too few positions where the hidden fields differed"


class Watched:
    """An engine seen through a spy: every state the computer hands it must be one it drew from the view."""

    def __init__(self, engine: Engine, real: GameState) -> None:
        self.engine = engine
        self.real = real
        self.drawn: set[int] = set()
        self.keep: list[GameState] = []  # keeps ids unique while the spy lives
        self.checked = 0
        self.takes_state: dict[str, bool] = {}  # by method name: read once, not at every call

    def own(self, state: GameState) -> GameState:
        self.drawn.add(id(state))
        self.keep.append(state)
        return state

    def check(self, state: Any) -> None:
        self.checked += 1
        assert state is not self.real, "the computer was handed the real state"
        assert id(state) in self.drawn, "the computer read a state it did not draw from the view"

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self.engine, name)
        if name == "sample_state":
            return lambda view, rng: self.own(attribute(view, rng))
        if name == "copy":
            return lambda state: (self.check(state), self.own(attribute(state)))[1]
        if not callable(attribute):
            return attribute
        if name not in self.takes_state:
            self.takes_state[name] = "state" in inspect.signature(attribute).parameters
        if self.takes_state[name]:
            return lambda state, *rest, **kw: (self.check(state), attribute(state, *rest, **kw))[1]
        return attribute


@pytest.mark.parametrize("name", engines.names())
def test_the_computer_reads_only_states_it_drew_from_the_view(name: str) -> None:
    engine = engines.get(name)
    needs_sampling(engine)
    for state in positions(engine, engine.min_players, seed=4, every=25)[:3]:
        watched = Watched(engine, state)
        view = engine.view(state, engine.to_move(state))
        for level in ai.LEVELS:
            assert choose(watched, view, level, 1, Budget(20)) in engine.legal_moves(state)  # type: ignore[arg-type]
        GreedyPlayer().choose(watched, view, 1)  # type: ignore[arg-type]
        RandomPlayer().choose(watched, view, 1)  # type: ignore[arg-type]
        assert watched.drawn and watched.checked > 20, "the spy saw the computer at work"


def test_every_entry_point_takes_a_view_never_a_state() -> None:
    entries = (ai.choose, ai.analyse, ai.suggest, RandomPlayer.choose, GreedyPlayer.choose, ai.SearchPlayer.choose)
    for function in entries:
        hints = inspect.signature(function).parameters
        assert "view" in hints and not any("state" in name for name in hints), function.__qualname__


def test_a_seat_that_is_not_to_move_is_refused() -> None:
    engine = engines.get("marrakech")
    state = engine.new_game(3)
    while engine.to_move(state) == CHANCE:
        engine.apply_in_place(state, engine.sample_chance(state, random.Random(1)))
    mover = engine.to_move(state)
    assert mover is not None
    with pytest.raises(ValueError):
        choose(engine, engine.view(state, (mover + 1) % 3))
    with pytest.raises(ValueError):
        choose(engine, engine.view(state, None))
    with pytest.raises(ValueError):
        choose(engine, engine.view(state, mover), level="grandmaster")


def test_the_package_imports_only_engines_and_the_standard_library() -> None:
    allowed = {"ai", "engines", *sys.stdlib_module_names}
    for path in sorted((ROOT / "ai").glob("*.py")):
        tree = syntax(path)
        assert ast.get_docstring(tree), f"{path.name} has no module docstring"
        for node in ast.walk(tree):
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            for name in names:
                assert name.split(".")[0] in allowed, f"{path.name} imports {name}"
