"""The quick reference (``bot.games.<game>.rules``): every topic, within Discord's limits, and its examples legal.

Every example that stands for moves is checked against the engine: each of its moves must be legal at
some state of a few seeded random games (the engine's canonical notation, as the autocomplete offers it).
"""

from __future__ import annotations

import random
import string
from functools import cache

import pytest

import engines
from bot.core.rules import PICTURED, TOPICS, fresh_view, game_rules, page_text
from engines.base import CHANCE

GAMES = [engine.name for engine in engines.all_engines()]


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@cache
def moves_seen(game: str, games: int = 6, steps: int = 400, seed: int = 3) -> frozenset[str]:
    """Every move legal at some state of ``games`` seeded random games (every player count in turn)."""
    engine = engines.get(game)
    rng = random.Random(seed)
    seen: set[str] = set()
    for number in range(games):
        players = engine.min_players + number % (engine.max_players - engine.min_players + 1)
        state = engine.new_game(players)
        for _ in range(steps):
            seat = engine.to_move(state)
            if seat is None:
                break
            if seat == CHANCE:
                state = engine.apply(state, engine.sample_chance(state, rng))
                continue
            moves = engine.legal_moves(state)
            seen.update(moves)
            state = engine.apply(state, rng.choice(moves))
    return frozenset(seen)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_every_topic_and_each_page_fits_a_message(game: str) -> None:
    rules = game_rules(game)
    assert rules is not None, f"bot/games/{game}/rules.py is missing"
    assert set(rules.pages) == set(TOPICS)
    used: set[str] = set()
    for topic in TOPICS:
        for paragraph in rules.pages[topic]:
            used |= fields(paragraph)
        text = page_text(game, topic)
        assert len(text) <= 2000, f"{game} {topic}: {len(text)} characters"
        assert "{" not in text and "}" not in text, f"{game} {topic}: an unfilled field"
        assert "@" not in text, "no mention, not even by accident"
    assert used <= set(rules.examples), f"{game}: unknown examples {used - set(rules.examples)}"
    assert set(rules.examples) <= used, f"{game}: examples never shown {set(rules.examples) - used}"


@pytest.mark.parametrize("game", GAMES)
def test_every_example_move_is_legal_notation_at_some_reachable_state(game: str) -> None:
    rules = game_rules(game)
    assert rules is not None
    seen = moves_seen(game)
    for name, example in rules.examples.items():
        assert example.command.startswith(f"/{game} "), f"{game} {name}: {example.command}"
        for move in example.moves:
            assert move in seen, f"{game} example {name} ({example.command}): {move!r} never legal"


@pytest.mark.parametrize("game", GAMES)
def test_the_pictured_page_shows_a_fresh_game(game: str) -> None:
    view = fresh_view(game)
    assert view.outcome is None and view.to_move is not None
    assert PICTURED in TOPICS
