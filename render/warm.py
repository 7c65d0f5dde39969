"""Warming a process's picture caches, so that its first real board costs what the later ones do.

Every game caches what it draws once (static layers, sprites, cards, glyphs) per process. A fresh
process — a worker of a pool — pays for them on its first boards (25–200 ms instead of a few).
``warm_up()`` draws a few sample boards of every game in both layouts (and the private images)
and throws them away; call it once when a worker starts, with the words its pictures will be drawn with
(``tables``: a function giving a game's tables of words, one per language; cached layers hold words).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence

import engines
import render
from render.samples import sample_views


def warm_up(
    games: Iterable[str] | None = None,
    *,
    views: int = 4,
    tables: Callable[[str], Sequence[Mapping[str, str]]] | None = None,
) -> float:
    """Draw ``views`` sample pictures of each game (every game with a picture by default), with each table of
    words ``tables(game)`` gives (none: no words); the seconds it took."""
    start = time.perf_counter()
    for game in games if games is not None else [name for name in engines.names() if render.has_board(name)]:
        for words in tables(game) if tables is not None else [{}]:
            for view, places in sample_views(game, views, seed=1):
                for layout in render.LAYOUTS:
                    render.render_board(view, highlight=places, layout=layout, words=words)
                    render.render_private(view, layout=layout, words=words)
    return time.perf_counter() - start
