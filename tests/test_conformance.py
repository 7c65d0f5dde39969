"""The engine contract, checked for every game found in ``engines`` by seeded random play.

Nothing here names a game: a new engine is covered the moment its package exists. At every step
checked: legal moves exist unless the game is over and do not repeat; they apply, leaving their
input alone, and ``apply_in_place`` agrees with ``apply``; a string that is no move is refused with
a code; the state survives ``dumps``/``loads``; the view is JSON-able and agrees with ``to_move``.

Hidden information, generically: for every seat and the spectator, a state sampled from the view
alone gives the same view back (the view holds all the seat knows), every declared secret field that
ever held something is seen to vary between samples over a game (the view cannot be carrying it), and a move applied in
the real and in a sampled world tells that seat the same story (events do not leak either).
Every game ends within a bound, and replaying its log gives the same state.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict

import pytest

import engines
from engines.base import CHANCE, Engine, GameError, GameState, IllegalMove, View, events_seen_by

MAX_STEPS = 20_000
MOVES_TRIED_PER_STEP = 8
CHECK_EVERY = 5
SAMPLES_PER_CHECK = 2

CASES = [
    pytest.param(
        engine.name,
        players,
        seed,
        id=f"{engine.name}-{players}-{seed}",
        # the quick run plays one random game at the smallest and the largest table of each game (Kairo's, the
        # slowest, at two players only); the full run two at every size
        marks=[pytest.mark.slow]
        if seed == 2
        or (engine.name == "cairo" and players > engine.min_players)
        or engine.min_players < players < engine.max_players
        else [],
    )
    for engine in engines.all_engines()
    for players in range(engine.min_players, engine.max_players + 1)
    for seed in (1, 2)
]


def _pick(engine: Engine, state: GameState, rng: random.Random) -> str:
    if engine.to_move(state) == CHANCE:
        return engine.sample_chance(state, rng)
    return rng.choice(engine.legal_moves(state))


def _check_moves(engine: Engine, state: GameState, rng: random.Random) -> None:
    text = engine.dumps(state)
    assert engine.dumps(engine.loads(text)) == text, "dumps/loads must round-trip exactly"
    moves = engine.legal_moves(state)
    assert moves, "a game that is not over must have a legal move"
    assert len(set(moves)) == len(moves), "legal moves must not repeat"
    for move in rng.sample(moves, min(len(moves), MOVES_TRIED_PER_STEP)):
        step = engine.transition(state, move)
        assert engine.dumps(state) == text, f"apply({move!r}) changed its input"
        assert engine.is_legal(state, move)
        json.dumps([e.to_json() for e in step.events])
        fast = engine.copy(state)
        engine.apply_in_place(fast, move)
        assert engine.dumps(fast) == engine.dumps(step.state), f"apply_in_place({move!r}) disagrees with apply"
    with pytest.raises(IllegalMove) as refused:
        engine.apply(state, "definitely not a move 42")
    assert refused.value.code, "a refusal names its rule"
    seat = engine.to_move(state)
    if engine.partial(state):
        assert seat is not None and seat >= 0, "only a player can be part-way through a decision"
    if seat is not None and seat >= 0:
        assert engine.default_move(state) in moves


def _check_view(engine: Engine, state: GameState, viewer: int | None) -> View:
    view = engine.view(state, viewer)
    assert isinstance(view, View)
    json.dumps(view.model_dump(mode="json"))
    assert view.game == engine.name and view.viewer == viewer
    assert [s.seat for s in view.seats] == list(range(state.num_players))
    to_move = engine.to_move(state)
    assert view.to_move == to_move
    assert [s.to_move for s in view.seats] == [s.seat == to_move for s in view.seats]
    if to_move is not None and to_move >= 0:
        assert view.decision is not None and view.decision.seat == to_move
    return view


def _check_secrets(
    engine: Engine, state: GameState, rng: random.Random, varied: dict[str, int], move: str | None
) -> None:
    """Sampled worlds look the same to each seat, their secret fields vary, and ``move`` tells the same story."""
    real = json.loads(engine.dumps(state))
    for viewer in [None, *range(state.num_players)]:
        view = _check_view(engine, state, viewer)
        for _ in range(SAMPLES_PER_CHECK):
            sample = engine.sample_state(view, rng)
            again = engine.view(sample, viewer)
            assert again == view, f"a state sampled from seat {viewer}'s view looks different to that seat"
            fields = json.loads(engine.dumps(sample))
            for name in engine.secret_fields:
                if fields[name] != real[name]:
                    varied[name] += 1
            if move is not None and engine.is_legal(sample, move):
                mine = events_seen_by(engine.transition(state, move).events, viewer)
                theirs = events_seen_by(engine.transition(sample, move).events, viewer)
                assert mine == theirs, f"{move!r} tells seat {viewer} something hidden"


@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_random_games_keep_the_contract_and_replay_exactly(name: str, players: int, seed: int) -> None:
    engine = engines.get(name)
    rng = random.Random(seed * 1000 + players)
    state = engine.new_game(players)
    start = engine.dumps(state)
    log: list[str] = []
    varied: dict[str, int] = defaultdict(int)
    initial = json.loads(start)
    held: set[str] = set()
    for step in range(MAX_STEPS):
        if engine.to_move(state) is None:
            break
        move = _pick(engine, state, rng)
        if step % CHECK_EVERY == 0:
            _check_moves(engine, state, rng)
            _check_secrets(engine, state, rng, varied, move)
            fields = json.loads(engine.dumps(state))
            held |= {name for name in engine.secret_fields if fields[name] != initial[name]}
        log.append(move)
        state = engine.apply(state, move)
    else:
        pytest.fail(f"{name} with {players} players did not end within {MAX_STEPS} moves")
    outcome = engine.outcome(state)
    assert outcome is not None and len(outcome.scores) == players and outcome.winners and outcome.termination
    assert engine.legal_moves(state) == []
    assert _check_view(engine, state, None).outcome == outcome
    with pytest.raises(IllegalMove):
        engine.apply(state, log[-1])
    replayed = engine.loads(start)
    for move in log:
        replayed = engine.apply(replayed, move)
    assert engine.dumps(replayed) == engine.dumps(state)
    hidden_somewhere = [field for field in engine.secret_fields if field in held and not varied[field]]
    assert not hidden_somewhere, f"secret fields held something yet never varied between samples: {hidden_somewhere}"


@pytest.mark.parametrize("name", engines.names())
def test_a_player_can_leave_at_any_point_and_the_game_stays_whole(name: str) -> None:
    engine = engines.get(name)
    rng = random.Random(7)
    for players in range(engine.min_players, engine.max_players + 1):
        state = engine.new_game(players)
        leaving = rng.randrange(players)
        for _ in range(rng.randrange(10, 120)):
            if engine.to_move(state) is None:
                break
            state = engine.apply(state, _pick(engine, state, rng))
        if engine.to_move(state) is None:
            continue
        step = engine.resign_transition(state, leaving)
        assert leaving in step.state.resigned
        assert any(e.code == "resigned" for e in step.events)
        after = step.state
        for _ in range(MAX_STEPS):
            if engine.to_move(after) is None:
                break
            assert engine.to_move(after) != leaving, "a seat that left is never asked to move again"
            after = engine.apply(after, _pick(engine, after, rng))
        assert engine.outcome(after) is not None
        with pytest.raises(GameError):
            engine.resign_transition(step.state, leaving)


@pytest.mark.parametrize("name", engines.names())
def test_bad_player_counts_and_options_are_refused_with_codes(name: str) -> None:
    engine = engines.get(name)
    for count in (engine.min_players - 1, engine.max_players + 1):
        with pytest.raises(GameError) as refused:
            engine.new_game(count)
        assert refused.value.code == "bad_player_count"
    with pytest.raises(GameError) as refused:
        engine.new_game(engine.min_players, {"no such option": True})
    assert refused.value.code == "unknown_option"


def test_games_are_found_by_name_and_by_alias() -> None:
    assert engines.get("kairo") is engines.get("cairo") is engines.get("Cairo") is engines.get("El  Cairo")
    assert engines.get("marrakech").name == "marrakech"
    for engine in engines.all_engines():
        for alias in engine.aliases:
            assert engines.get(alias) is engine
    with pytest.raises(GameError) as refused:
        engines.get("chess")
    assert refused.value.code == "unknown_game"
