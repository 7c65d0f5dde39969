"""The engine interface contract, checked for every registered engine by seeded random play.

At every step: legal moves exist unless the game is over; they apply; something that is not a
legal move is refused; the state survives ``dumps``/``loads``; ``apply`` leaves its input alone;
no seat's view (nor the spectator's) shows another seat's secrets. Every game ends within a
bound, and replaying its log gives the same state.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import engines
from engines.base import CHANCE, Engine, GameState, IllegalMove

MAX_STEPS = 20_000
MOVES_TRIED_PER_STEP = 12


def _cairo_secrets(view: dict[str, Any], seat: int | None) -> list[str]:
    """Hidden Kairo fields visible to the wrong seat."""
    leaks = []
    for player in view.get("players", []):
        if player.get("seat") == seat:
            continue
        for key in ("hand", "coins", "coin_value"):
            if player.get(key) is not None:
                leaks.append(f"seat {player.get('seat')} {key}")
    return leaks


def _marrakech_secrets(view: dict[str, Any], seat: int | None) -> list[str]:
    """The order of a 2-player pile must never show, only its size."""
    text = json.dumps(view)
    return ["pile order"] if '"pile"' in text or '"piles"' in text else []


SECRETS: dict[str, Callable[[dict[str, Any], int | None], list[str]]] = {
    "cairo": _cairo_secrets,
    "marrakech": _marrakech_secrets,
}

CASES = [
    (name, players, seed)
    for name in engines.names()
    for players in range(engines.get(name).min_players, engines.get(name).max_players + 1)
    for seed in (1, 2)
]


def _pick(engine: Engine, state: GameState, rng: random.Random) -> str:
    if engine.to_move(state) == CHANCE:
        return engine.sample_chance(state, rng)
    return rng.choice(engine.legal_moves(state))


def _check_step(engine: Engine, state: GameState, rng: random.Random) -> None:
    text = engine.dumps(state)
    assert engine.dumps(engine.loads(text)) == text, "dumps/loads must round-trip exactly"
    moves = engine.legal_moves(state)
    assert moves, "a game that is not over must have a legal move"
    assert len(set(moves)) == len(moves), "legal moves must not repeat"
    for move in rng.sample(moves, min(len(moves), MOVES_TRIED_PER_STEP)):
        engine.apply(state, move)
        assert engine.dumps(state) == text, f"apply({move!r}) changed its input"
    with pytest.raises(IllegalMove):
        engine.apply(state, "definitely not a move 42")
    check = SECRETS.get(engine.name)
    if check:
        for seat in [None, *range(state.num_players)]:
            view = engine.view(state, seat)
            json.dumps(view)
            assert not check(view, seat), f"view for {seat} leaks {check(view, seat)}"


@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_random_games_keep_the_contract_and_replay_exactly(name: str, players: int, seed: int) -> None:
    engine = engines.get(name)
    rng = random.Random(seed * 1000 + players)
    state = engine.new_game(players)
    start = engine.dumps(state)
    log: list[str] = []
    for step in range(MAX_STEPS):
        if engine.to_move(state) is None:
            break
        if step % 7 == 0 or engine.to_move(state) != CHANCE:
            _check_step(engine, state, rng)
        move = _pick(engine, state, rng)
        log.append(move)
        state = engine.apply(state, move)
    else:
        pytest.fail(f"{name} with {players} players did not end within {MAX_STEPS} moves")
    outcome = engine.outcome(state)
    assert outcome is not None and len(outcome.scores) == players and outcome.winners
    assert engine.legal_moves(state) == []
    with pytest.raises(IllegalMove):
        engine.apply(state, log[-1])
    replayed = engine.loads(start)
    for move in log:
        replayed = engine.apply(replayed, move)
    assert engine.dumps(replayed) == engine.dumps(state)


@pytest.mark.parametrize("name", engines.names())
def test_bad_player_counts_and_options_are_refused(name: str) -> None:
    engine = engines.get(name)
    for count in (engine.min_players - 1, engine.max_players + 1):
        with pytest.raises(engines.GameError):
            engine.new_game(count)
    with pytest.raises(engines.GameError):
        engine.new_game(engine.min_players, {"no such option": True})


def test_registry_knows_every_name_and_alias() -> None:
    assert engines.get("kairo") is engines.get("cairo") is engines.get("Cairo")
    assert engines.get("marrakech").name == "marrakech"
    with pytest.raises(engines.GameError, match="Unknown game"):
        engines.get("chess")
