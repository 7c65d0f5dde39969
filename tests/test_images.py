"""Boards made in worker processes: the same pictures as in the bot's own process, from warmed workers."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal

import pytest

import engines
import render
from bot.core.images import Images
from bot.core.replay_image import Stopped
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


def _worker_pids(images: Images) -> list[int]:
    processes = getattr(images.pool, "_processes", None) or {}
    return list(processes)


@pytest.mark.slow
async def test_the_workers_start_when_the_bot_starts_not_at_its_first_board() -> None:
    """``start`` (the bot calls it as it starts) starts every worker, which warms its caches while the bot
    connects: the first board after a restart waits for neither a process's start nor its warm-up. Before,
    Python's pool started a worker at the first board, and that board waited for both (seconds)."""
    images = Images(workers=2)
    try:
        assert not _worker_pids(images), "a pool starts no process by itself"
        images.start()
        started = _worker_pids(images)
        assert len(started) == 2, "every worker started before any board was asked for"
        view, places = next(sample_views(GAMES[0], 1, seed=3))
        await asyncio.gather(*(images.board(view, places, "phone") for _ in range(4)))
        assert _worker_pids(images) == started, "the boards were drawn by the workers already started"
    finally:
        images.close()
    Images(workers=0).start()  # drawing in a thread: nothing to start


def _static_layers_cached() -> int:
    """In a worker: how many of Marrakech's static board layers its caches hold (a warmed worker drew them)."""
    from render.marrakech import picture

    return int(picture.static_layer.cache_info().currsize)


@pytest.mark.slow
@pytest.mark.parametrize("warm_up", [True, False])
async def test_a_worker_warms_its_caches_as_it_starts_unless_the_operator_turns_it_off(warm_up: bool) -> None:
    """``BAZAAR_IMAGE_WARM_UP``: a worker draws sample boards as it starts (its caches full before the first real
    board), or, turned off, starts at once with empty ones."""
    images = Images(workers=1, warm_up=warm_up)
    try:
        images.start()
        assert images.pool is not None
        cached = await asyncio.get_running_loop().run_in_executor(images.pool, _static_layers_cached)
        assert (cached > 0) is warm_up, cached
    finally:
        images.close()


@pytest.mark.slow
async def test_a_killed_worker_is_replaced_and_work_cut_off_by_closing_is_owed_not_lost() -> None:
    """A drawing worker that dies (out of memory, killed) breaks Python's whole process pool; the board owed
    is drawn anyway, by a new pool, and the ones after it too. Work cut off by the bot's stop raises ``Stopped``
    (the courier keeps the delivery for after the restart) instead of an error that would give it up."""
    images = Images(workers=1)
    try:
        view, places = next(sample_views(GAMES[0], 2, seed=3))
        first = await images.board(view, places, "landscape")
        pids = _worker_pids(images)
        assert pids, "a worker process draws"
        for pid in pids:
            os.kill(pid, signal.SIGKILL)
        await asyncio.sleep(0.5)
        assert await images.board(view, places, "landscape") == first
        assert not set(_worker_pids(images)) & set(pids), "the dead worker was replaced"

        task = asyncio.create_task(images.board(view, places, "landscape"))
        await asyncio.sleep(0)
    finally:
        images.close()
    with contextlib.suppress(Stopped):  # cut off by the close: owed (or finished before it)
        await task
    with pytest.raises(Stopped):
        await images.board(view, places, "landscape")


@pytest.mark.slow
async def test_a_replay_being_drawn_holds_up_no_board() -> None:
    """A finished game's replay (seconds of drawing) has a worker of its own: boards asked for meanwhile come first."""
    from test_records import random_game

    images = Images(workers=1)
    try:
        views = [view for view, _ in sample_views("marrakech", 3, seed=5)]
        await images.board(views[0])  # the boards' worker is up and warm
        done: list[str] = []

        async def replay() -> None:
            await images.replay(random_game("marrakech", 2, seed=6, max_rows=160))
            done.append("replay")

        async def board(view: object) -> None:
            await asyncio.sleep(0.3)  # the replay is being drawn by now
            await images.board(view)  # type: ignore[arg-type]
            done.append("board")

        await asyncio.gather(replay(), *(board(view) for view in views))
        assert done == ["board", "board", "board", "replay"], done
    finally:
        images.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_board_drawn_from_the_stored_state_is_the_board_of_its_view(game: str) -> None:
    """The courier sends a game's stored state and the worker makes the view: the same picture as from the view."""
    import random

    from bot.core.images import render_board, render_state_board
    from engines.base import CHANCE

    engine, rng = engines.get(game), random.Random(4)
    state = engine.new_game(2, {})
    for _ in range(30):
        seat = engine.to_move(state)
        if seat is None:
            break
        move = engine.sample_chance(state, rng) if seat == CHANCE else rng.choice(engine.legal_moves(state))
        state = engine.apply(state, move)
    names = ["Ana", "Bo"]
    for viewer in (None, 0):
        view = engine.view(state, viewer).with_names(names)
        drawn = render_state_board(game, engine.dumps(state), viewer, names, (), "landscape")
        assert drawn == render_board(view.model_dump_json(), (), "landscape")
