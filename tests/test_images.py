"""Boards made in worker processes: the same pictures as in the bot's own process, from warmed workers."""

from __future__ import annotations

import pytest

import engines
import render
from bot.core.images import Images
from render.samples import sample_views

GAMES = [name for name in engines.names() if render.has_board(name)]


@pytest.mark.slow
async def test_a_worker_process_draws_the_same_board_and_hand_as_the_bot_itself() -> None:
    pool, local = Images(workers=1), Images(workers=0)
    try:
        for game in GAMES:
            for view, places in sample_views(game, 2, seed=3):
                for layout in render.LAYOUTS:
                    assert await pool.board(view, places, layout) == await local.board(view, places, layout)
                    assert await pool.private(view, layout) == await local.private(view, layout)
    finally:
        pool.close()
