"""A random game played through its engine with every word checked: what the wording tests share.

``play_and_word`` plays a seeded random game of an engine to its end, words every ``every``-th state's decisions
(for every viewer) and the refusals of some bad inputs, and every event each viewer sees, handing each text to
``check(text, what)``; the caller says what a good text is (has words, no English, fits a limit...).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from bot.core.wording import Say
from engines.base import CHANCE, Engine, GameError, GameState, events_seen_by

Check = Callable[[str, str], None]
"""Judges one text: ``check(text, what)`` (what: e.g. ``event placed``), raising when it is not good."""


def word_state(engine: Engine[Any], state: GameState, say: Say, check: Check, bad_inputs: Sequence[str]) -> None:
    """Every viewer's decision in ``state``, and the refusal of each of ``bad_inputs`` when a player is to move."""
    for viewer in [None, *range(state.num_players)]:
        view = engine.view(state, viewer)
        if view.decision is not None:
            check(say.decision(view.decision), f"decision {view.decision.code}")
    if engine.to_move(state) not in (None, CHANCE):
        for bad in bad_inputs:
            try:
                engine.apply(state, bad)
            except GameError as refusal:
                check(say.refusal(refusal), f"refusal {refusal.code}")


def play_and_word(
    engine: Engine[Any],
    players: int,
    rng: random.Random,
    say: Say,
    check: Check,
    *,
    bad_inputs: Sequence[str],
    every: int,
    limit: int,
    also: Callable[[GameState], None] | None = None,
) -> GameState:
    """A random game of ``engine`` (at most ``limit`` steps), worded as the module says; ``also(state)`` runs
    beside ``word_state`` (more texts to check). The state it ends in."""
    state = engine.new_game(players)
    for step in range(limit):
        if engine.to_move(state) is None:
            break
        if step % every == 0:
            word_state(engine, state, say, check, bad_inputs)
            if also is not None:
                also(state)
        moves = engine.legal_moves(state)
        move = engine.sample_chance(state, rng) if engine.to_move(state) == CHANCE else rng.choice(moves)
        transition = engine.transition(state, move)
        for viewer in [None, *range(players)]:
            for event in events_seen_by(transition.events, viewer):
                check(say.event(event), f"event {event.code}")
        state = transition.state
    return state
