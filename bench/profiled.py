"""``python -m bench.profiled OUT bot-arguments…``: the bot's command line under cProfile, for the benchmarks.

The profiler counts CPU time of the event loop's thread (``time.thread_time``: time the process waits for a
core on a busy machine is not counted) and is switched by signals, so that only the measured window is
profiled: SIGUSR1 starts it, SIGUSR2 stops it and writes the statistics to ``OUT`` (``pstats`` format;
a second window goes to ``OUT.2``, and so on). ``bench.scale --profile OUT`` runs the bot this way and
profiles each throughput run.
"""

from __future__ import annotations

import cProfile
import signal
import sys
import time
from types import FrameType


def main() -> int:
    out, argv = sys.argv[1], sys.argv[2:]
    profiler = cProfile.Profile(time.thread_time)
    windows = [0]

    def start(signum: int, frame: FrameType | None) -> None:
        profiler.enable()

    def stop(signum: int, frame: FrameType | None) -> None:
        profiler.disable()
        windows[0] += 1
        profiler.dump_stats(out if windows[0] == 1 else f"{out}.{windows[0]}")
        profiler.clear()

    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, stop)
    from bot.__main__ import main as bot_main

    return bot_main(argv)


if __name__ == "__main__":
    sys.exit(main())
