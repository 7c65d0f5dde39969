"""Sample views of seeded random games: what palettes are chosen from and what warms a process's caches.

``sample_views(game, count)`` plays seeded random games of ``game`` (every player count in turn)
and yields views along the way — for spectators and for players, with names of every length — each
with the places that changed since the previous sample (to highlight every other time).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import engines
from engines.base import CHANCE, View

NAMES = ("Aïcha", "Benjamin the very long-named merchant", "Chen", "Dmitri", "Eva")
EVERY = 17
"""A view is taken at most every this many moves."""


def sample_views(game: str, count: int, seed: int = 7) -> Iterator[tuple[View, tuple[str, ...]]]:
    """``count`` views of seeded random games of ``game`` (each game the next player count), with places to highlight.

    Each game gives at most a share of the views, so that every player count is seen twice before any more.
    """
    engine = engines.get(game)
    rng = random.Random(seed)
    counts = list(range(engine.min_players, engine.max_players + 1))
    per_game = max(1, -(-count // (2 * len(counts))))
    made = games = 0
    while made < count:
        players = counts[games % len(counts)]
        games += 1
        state = engine.new_game(players)
        previous: View | None = None
        taken = steps = 0
        while (seat := engine.to_move(state)) is not None and made < count and taken < per_game:
            move = engine.sample_chance(state, rng) if seat == CHANCE else rng.choice(engine.legal_moves(state))
            state = engine.apply(state, move)
            steps += 1
            if steps % EVERY or rng.random() < 0.4:
                continue
            viewer = rng.choice([None, *range(players)])
            view = engine.view(state, viewer).with_names(list(NAMES[:players]))
            places = engine.changed_places(previous, view) if previous is not None and made % 2 else ()
            previous = view
            made += 1
            taken += 1
            yield view, tuple(places)
        if made < count and engine.to_move(state) is None:
            viewer = rng.choice([None, *range(players)])
            made += 1
            yield engine.view(state, viewer).with_names(list(NAMES[:players])), ()
