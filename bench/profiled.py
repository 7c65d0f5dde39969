"""``python -m bench.profiled OUT bot-arguments…``: the bot's command line under cProfile, for the benchmarks.

The profiler counts CPU time of the event loop's thread (``time.thread_time``: time the process waits for a
core on a busy machine is not counted) and is switched by signals, so that only the measured window is
profiled: SIGUSR1 starts it, SIGUSR2 stops it and writes the statistics to ``OUT`` (``pstats`` format;
a second window goes to ``OUT.2``, and so on). What SQLite's thread (aiosqlite's) runs in the window is
profiled apart, into ``OUT.sqlite`` (``OUT.2.sqlite`` …). ``bench.scale --profile OUT`` runs the bot this way and
profiles each throughput run.
"""

from __future__ import annotations

import cProfile
import functools
import gc
import marshal
import signal
import sys
import time
from collections.abc import Callable
from types import FrameType
from typing import Any

import aiosqlite.core


def main() -> int:
    out, argv = sys.argv[1], sys.argv[2:]
    profiler = cProfile.Profile(time.thread_time)
    sqlite = cProfile.Profile(time.thread_time)
    windows = [0]
    on = [False]
    _profile_sqlite(sqlite, on)

    collecting = _time_collections()

    def start(signum: int, frame: FrameType | None) -> None:
        on[0] = True
        collecting.clear()
        profiler.enable()

    def stop(signum: int, frame: FrameType | None) -> None:
        on[0] = False
        profiler.disable()
        windows[0] += 1
        name = out if windows[0] == 1 else f"{out}.{windows[0]}"
        profiler.dump_stats(name)
        profiler.clear()
        sqlite.snapshot_stats()  # made in SQLite's thread, between its calls: not disabled from here
        with open(f"{name}.sqlite", "wb") as file:
            marshal.dump(sqlite.stats, file)  # type: ignore[attr-defined]
        sqlite.clear()
        with open(f"{name}.gc", "w") as file:
            file.write(repr({**collecting, "tracked": len(gc.get_objects()), "frozen": gc.get_freeze_count()}))

    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, stop)
    from bot.__main__ import main as bot_main

    return bot_main(argv)


def _time_collections() -> dict[str, float]:
    """Seconds (CPU) and counts of the garbage collector's passes, by generation, as they happen."""
    found: dict[str, float] = {}
    began = [0.0]

    def callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            began[0] = time.thread_time()
            return
        generation = info["generation"]
        found[f"gen{generation}_s"] = found.get(f"gen{generation}_s", 0.0) + time.thread_time() - began[0]
        found[f"gen{generation}_n"] = found.get(f"gen{generation}_n", 0) + 1

    gc.callbacks.append(callback)
    return found


def _profile_sqlite(profiler: cProfile.Profile, on: list[bool]) -> None:
    """Every function aiosqlite hands its thread runs under ``profiler`` (in that thread) while ``on[0]``."""
    original = aiosqlite.core.Connection._execute

    def profiled(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        if not on[0]:
            return fn(*args, **kwargs)
        profiler.enable()
        try:
            return fn(*args, **kwargs)
        finally:
            profiler.disable()

    async def execute(self: Any, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return await original(self, functools.partial(profiled, fn), *args, **kwargs)

    aiosqlite.core.Connection._execute = execute  # type: ignore[method-assign]


if __name__ == "__main__":
    sys.exit(main())
