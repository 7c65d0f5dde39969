"""Images made off the event loop: board and hand pictures rendered in a pool of worker processes.

Drawing and encoding a board costs milliseconds of CPU that would otherwise hold the event loop (and
the interpreter lock) while people wait for answers. ``Images`` sends the view, as JSON, to a worker
process that renders it (``render_board`` / ``render_private`` below are what the worker runs) and
hands back the PNG bytes; a game's board is sent as its stored state instead (``render_state_board``: the
worker makes the view, which costs the bot's process nothing). The words drawn come along, in the reader's
language (``bot.core.pictures``: a public board in its game's language, a private image in its reader's; by
default the current language, ``bot.core.language.current``). Each worker warms its picture caches when it
starts (``render.warm``; ``BAZAAR_IMAGE_WARM_UP=false`` skips it, for a lighter start), and the bot starts its
workers as it starts (``Images.start``), so nobody's board pays for a cold process: neither for starting one nor
for its warm-up. With no workers (tests, local play) it renders in a thread instead.

A finished game's animated replay takes seconds to draw: it goes to a worker process of its own (started at the
first replay, at a lower priority), never to the boards' workers, so no board waits behind a replay.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import engines
import render
from bot.core import language
from bot.core.pictures import picture_words
from bot.core.records_file import GameFile
from bot.core.replay_image import MAX_BYTES, MAX_FRAMES, Animation, Stopped, replay_animation
from bot.core.schedule import BOARD_LAYOUT
from bot.core.workers import spawned_pool, stop_pool
from engines.base import View
from render.warm import warm_up

T = TypeVar("T")
REPLAY_NICENESS = 10
"""How much lower the replay worker's priority is than the bot's: on a busy machine boards and answers go first."""


def render_board(
    view_json: str, highlight: tuple[str, ...], layout: str, words: Mapping[str, str] | None = None
) -> bytes:
    """The board PNG of a view given as JSON, drawn with ``words`` (what a worker process runs)."""
    return render.render_board(View.model_validate_json(view_json), highlight, layout, words)


def render_state_board(
    game: str,
    state_json: str,
    viewer: int | None,
    names: list[str],
    highlight: tuple[str, ...],
    layout: str,
    words: Mapping[str, str] | None = None,
) -> bytes:
    """The board PNG of a stored state as ``viewer`` sees it (what a worker process runs: the view is made here,
    not in the bot's process)."""
    engine = engines.get(game)
    view = engine.view(engine.loads(state_json), viewer).with_names(names)
    return render.render_board(view, highlight, layout, words=words)


def render_private(view_json: str, layout: str, words: Mapping[str, str] | None = None) -> bytes | None:
    """The private PNG (a hand) of a view given as JSON, or None when the game has none."""
    return render.render_private(View.model_validate_json(view_json), layout, words)


def render_replay(record_json: str, words: Mapping[str, str] | None = None, most: int = MAX_FRAMES) -> Animation:
    """A game record's animated replay, at most ``most`` frames (what a worker process runs: seconds for a long
    game)."""
    return replay_animation(GameFile.model_validate_json(record_json), words=words, most=most)


def words_for(game: str, spoken: str | None) -> dict[str, str]:
    """The words ``game``'s pictures draw, in ``spoken`` (None: the current reader's language)."""
    return picture_words(game, language.known(spoken) or language.current())


WARM_VIEWS = 1
"""Sample positions a worker draws of each game as it starts, in every layout and language. One fills the caches
that make a first board slow (static layers, sprites, glyphs): what is left is a few ms on a later first picture,
as with four, at two fifths of the warm-up's time (docs/BENCHMARKS.md, "Replays and warm workers")."""


def _warm() -> None:
    """A worker's start: it draws sample boards once, in every language, so that the first real one is not slow."""
    warm_up(views=WARM_VIEWS, tables=lambda game: [picture_words(game, spoken) for spoken in language.LANGUAGES])


def _started() -> None:
    """Nothing: handed to each worker by ``Images.start`` so that the pool starts it."""


def _lower_priority() -> None:
    """The replay worker's start: its long drawings yield the CPU to the bot and the boards' workers."""
    with contextlib.suppress(OSError):  # not allowed here: it runs at the bot's priority
        os.nice(REPLAY_NICENESS)


class Images:
    """Renders in ``workers`` processes (0: in a thread), each warming its caches as it starts unless ``warm_up`` is
    false; replays, of at most ``replay_frames`` frames, in one more process of their own."""

    def __init__(self, workers: int = 0, replay_frames: int = MAX_FRAMES, warm_up: bool = True) -> None:
        self.pool: Executor | None = None
        self.replays: Executor | None = None
        """The replays' worker, started at the first replay."""
        self.workers = workers
        self.replay_frames = replay_frames
        self.warm_up = warm_up
        self._closing = threading.Event()
        if workers > 0:
            self.pool = self._new_pool()

    def start(self) -> None:
        """Start the boards' workers now, each warming its caches (unless ``warm_up`` is false), instead of at the
        first board: Python's pool starts a process when work finds none free, and the board that started it waited
        for its start and its warm-up (seconds). Without workers (drawing in a thread), nothing."""
        if self.pool is not None:
            for _ in range(self.workers):
                self.pool.submit(_started)

    def _new_pool(self) -> Executor:
        return spawned_pool(self.workers, _warm if self.warm_up else None)

    def _new_replay_pool(self) -> Executor:
        return spawned_pool(1, _lower_priority)

    async def board(
        self, view: View, highlight: Sequence[str] = (), layout: str = BOARD_LAYOUT, spoken: str | None = None
    ) -> bytes:
        """``view``'s board, its words in ``spoken`` (None: the current reader's language)."""
        words = words_for(view.game, spoken)
        return await self._run(render_board, view.model_dump_json(), tuple(highlight), layout, words)

    @property
    def in_workers(self) -> bool:
        """Whether images are drawn in worker processes (not in a thread of the bot's process)."""
        return self.workers > 0

    async def state_board(
        self,
        game: str,
        state_json: str,
        viewer: int | None,
        names: Sequence[str],
        highlight: Sequence[str] = (),
        layout: str = BOARD_LAYOUT,
        spoken: str | None = None,
    ) -> bytes:
        """The board of a game's stored state (its JSON, as the store holds it) as ``viewer`` sees it, the view made
        in the worker: the same picture as ``board`` of that view, at no cost to the bot's process; its words in
        ``spoken`` (None: the current reader's language)."""
        words = words_for(game, spoken)
        return await self._run(
            render_state_board, game, state_json, viewer, list(names), tuple(highlight), layout, words
        )

    async def private(self, view: View, layout: str = BOARD_LAYOUT, spoken: str | None = None) -> bytes | None:
        """What only ``view.viewer`` holds, its words in ``spoken`` (None: the current reader's language)."""
        return await self._run(render_private, view.model_dump_json(), layout, words_for(view.game, spoken))

    async def replay(self, record: GameFile, spoken: str | None = None) -> Animation:
        """The animated replay of a game record (``bot.core.replay_image``), its words in ``spoken`` (None: the
        current language), made in the replays' worker (in a thread: one that ``close`` stops between frames)."""
        words = words_for(record.game, spoken)
        if self.pool is None:
            return await asyncio.to_thread(
                replay_animation, record, None, MAX_BYTES, self._closing.is_set, words, self.replay_frames
            )
        if self.replays is None and not self._closing.is_set():
            self.replays = self._new_replay_pool()
        return await self._run(render_replay, record.model_dump_json(), words, self.replay_frames, replay=True)

    async def _run(self, function: Callable[..., T], *args: Any, replay: bool = False) -> T:
        """``function(*args)`` in a worker (``replay``: the replays' one). A worker that died (killed, out of
        memory) breaks its whole pool: a new pool takes its place and the work is tried once more; while closing,
        ``Stopped`` says the work stays owed (drawn again after the restart)."""
        for attempt in (1, 2):
            pool = self.replays if replay else self.pool
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
                if replay and self.replays is pool:
                    stop_pool(pool)
                    self.replays = self._new_replay_pool()
                elif not replay and self.pool is pool:
                    stop_pool(pool)
                    self.pool = self._new_pool()
                    self.start()  # every worker of the new pool, not only the one the retried board starts
        raise AssertionError("unreachable")

    def close(self) -> None:
        """End the worker processes (a board being drawn is not waited for: it stays owed)."""
        self._closing.set()
        stop_pool(self.pool)
        stop_pool(self.replays)
        self.pool = self.replays = None
