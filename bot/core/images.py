"""Images made off the event loop: board and hand pictures rendered in a pool of worker processes.

Drawing and encoding a board costs milliseconds of CPU that would otherwise hold the event loop (and
the interpreter lock) while people wait for answers. ``Images`` sends the view, as JSON, to a worker
process that renders it (``render_board`` / ``render_private`` below are what the worker runs) and
hands back the PNG bytes. The words drawn come along with the view, in the reader's language
(``bot.core.pictures``: a public board in its game's language, a private image in its reader's; by default the
current language, ``bot.core.language.current``). Each worker warms its picture caches when it starts
(``render.warm``), so nobody's board pays for a cold process. With no workers (tests, local play) it renders
in a thread instead.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import render
from bot.core import language
from bot.core.pictures import picture_words
from bot.core.records_file import GameFile
from bot.core.replay_image import MAX_BYTES, Animation, Stopped, replay_animation
from bot.core.schedule import BOARD_LAYOUT
from bot.core.workers import stop_pool
from engines.base import View
from render.warm import warm_up

T = TypeVar("T")


def render_board(
    view_json: str, highlight: tuple[str, ...], layout: str, words: Mapping[str, str] | None = None
) -> bytes:
    """The board PNG of a view given as JSON, drawn with ``words`` (what a worker process runs)."""
    return render.render_board(View.model_validate_json(view_json), highlight, layout, words)


def render_private(view_json: str, layout: str, words: Mapping[str, str] | None = None) -> bytes | None:
    """The private PNG (a hand) of a view given as JSON, or None when the game has none."""
    return render.render_private(View.model_validate_json(view_json), layout, words)


def render_replay(record_json: str, words: Mapping[str, str] | None = None) -> Animation:
    """A game record's animated replay (what a worker process runs: seconds for a long game)."""
    return replay_animation(GameFile.model_validate_json(record_json), words=words)


def words_for(game: str, spoken: str | None) -> dict[str, str]:
    """The words ``game``'s pictures draw, in ``spoken`` (None: the current reader's language)."""
    return picture_words(game, language.known(spoken) or language.current())


def _warm() -> None:
    """A worker's start: draw sample boards once, in every language, so that the first real one is not slow."""
    warm_up(tables=lambda game: [picture_words(game, spoken) for spoken in language.LANGUAGES])


class Images:
    """Renders in ``workers`` processes (0: in a thread)."""

    def __init__(self, workers: int = 0) -> None:
        self.pool: Executor | None = None
        self.workers = workers
        self._closing = threading.Event()
        if workers > 0:
            self.pool = self._new_pool()

    def _new_pool(self) -> Executor:
        return ProcessPoolExecutor(
            max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=_warm
        )

    async def board(
        self, view: View, highlight: Sequence[str] = (), layout: str = BOARD_LAYOUT, spoken: str | None = None
    ) -> bytes:
        """``view``'s board, its words in ``spoken`` (None: the current reader's language)."""
        words = words_for(view.game, spoken)
        return await self._run(render_board, view.model_dump_json(), tuple(highlight), layout, words)

    async def private(self, view: View, layout: str = BOARD_LAYOUT, spoken: str | None = None) -> bytes | None:
        """What only ``view.viewer`` holds, its words in ``spoken`` (None: the current reader's language)."""
        return await self._run(render_private, view.model_dump_json(), layout, words_for(view.game, spoken))

    async def replay(self, record: GameFile, spoken: str | None = None) -> Animation:
        """The animated replay of a game record (``bot.core.replay_image``), its words in ``spoken`` (None: the
        current language), made in a worker (in a thread: one that ``close`` stops between frames)."""
        words = words_for(record.game, spoken)
        if self.pool is None:
            return await asyncio.to_thread(replay_animation, record, None, MAX_BYTES, self._closing.is_set, words)
        return await self._run(render_replay, record.model_dump_json(), words)

    async def _run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a worker. A worker that died (killed, out of memory) breaks the whole pool:
        a new pool takes its place and the work is tried once more; while closing, ``Stopped`` says the work
        stays owed (drawn again after the restart)."""
        for attempt in (1, 2):
            pool = self.pool
            if pool is None:
                if self.workers and self._closing.is_set():
                    raise Stopped
                return await asyncio.to_thread(function, *args)
            try:
                return await asyncio.get_running_loop().run_in_executor(pool, function, *args)
            except asyncio.CancelledError:
                task = asyncio.current_task()
                if self._closing.is_set() and task is not None and not task.cancelling():
                    raise Stopped from None  # the close cancelled the pool's queued work, not this task
                raise
            except BrokenProcessPool:
                if self._closing.is_set():
                    raise Stopped from None
                if attempt == 2:
                    raise
                if self.pool is pool:
                    stop_pool(pool)
                    self.pool = self._new_pool()
        raise AssertionError("unreachable")

    def close(self) -> None:
        """End the worker processes (a board being drawn is not waited for: it stays owed)."""
        self._closing.set()
        stop_pool(self.pool)
        self.pool = None
