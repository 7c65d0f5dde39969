"""Worker processes' lives: a pool ended for good at a stop (a worker still thinking or drawing is not waited for),
and every worker ending with the process that started it.

A pool's workers wait on a queue whose writing end they hold themselves (``multiprocessing`` hands both ends to
each worker), so a bot process killed outright (the OOM killer, ``kill -9``, a crash) would leave them waiting
for good, each holding its fonts and caches (~220 MB for an image worker). ``end_with_parent``, run as a worker
starts, watches the parent and ends the worker once it is gone; ``spawned_pool`` makes every pool of the bot so.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor

JOIN_TIMEOUT = 2.0
PARENT_POLL = 1.0
"""Seconds between two looks of a worker at whether the process that started it is still there."""


def end_with_parent() -> None:
    """Run in a worker process as it starts: it exits within ``PARENT_POLL`` seconds of its parent's end (the
    parent gone, the worker is handed to another parent and ``os.getppid`` changes).

    The parent is the process that started the worker (``multiprocessing.parent_process``), not whichever is its
    parent when this runs: a spawned worker imports the bot before its initializer runs (about a second), and a bot
    killed meanwhile had left it waiting for good, its parent already another (four such image workers outlived one
    run of the suite)."""
    started_by = multiprocessing.parent_process()
    parent = started_by.pid if started_by is not None and started_by.pid is not None else os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL)
        os._exit(0)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


def spawned_pool(workers: int, start: Callable[[], None] | None = None) -> ProcessPoolExecutor:
    """A pool of ``workers`` spawned processes (not forked: the bot runs threads, aiosqlite's and asyncpg's, that a
    fork would copy mid-step), each ending with the process that started it, then running ``start`` (a module-level
    function: it is sent to the worker by name)."""
    return ProcessPoolExecutor(
        workers, mp_context=multiprocessing.get_context("spawn"), initializer=_begin, initargs=(start,)
    )


def _begin(start: Callable[[], None] | None) -> None:
    end_with_parent()
    if start is not None:
        start()


def stop_pool(pool: Executor | None) -> None:
    """Cancel what waits in ``pool``, end its worker processes (terminate, then kill) and reap them."""
    if pool is None:
        return
    processes = (
        list((getattr(pool, "_processes", None) or {}).values()) if isinstance(pool, ProcessPoolExecutor) else []
    )
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(JOIN_TIMEOUT)
        if process.is_alive():
            process.kill()
            process.join(JOIN_TIMEOUT)
