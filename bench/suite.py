"""``python -m bench.suite``: where the test suite's time goes, test by test, CPU and the processes tests start.

Runs the README's test command (``python -m pytest -q``; ``--quick`` adds ``-m "not slow"``) with this module as a
pytest plugin. Every test's CPU is read in the process that runs it (``time.process_time``: its own, whatever else the
machine runs) with the CPU of the child processes that ended during it (``RUSAGE_CHILDREN``: Tesseract, a ``python -m
bot``, a bot's image workers; a process a module's fixture keeps counts where it ends), so the figures hold far better
on a busy machine than its wall times do. Prints
the run's wall time, the CPU of all its processes, the cores and the load average when it started, then the test
files and the single tests that cost the most (Markdown); ``--json`` keeps every test's figures.

    python -m bench.suite --quick                     # the quick run
    python -m bench.suite --json suite.json           # the whole suite (slow tests too)
    python -m bench.suite --quick -- tests/test_host.py -n 0   # anything after -- goes to pytest

Nothing here is a test: it only measures (docs/BENCHMARKS.md, "The test suite").
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shlex
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

import pytest

OPTION = "--suite-timing"
"""The pytest option naming the folder the plugin writes its figures to (one JSON file per pytest process)."""


@dataclass(frozen=True)
class Timing:
    """One test: its node id, CPU seconds in its own process, CPU seconds of the children it waited for, wall."""

    test: str
    cpu: float
    children: float
    wall: float

    @property
    def file(self) -> str:
        return self.test.split("::", 1)[0]

    @property
    def total(self) -> float:
        return self.cpu + self.children


# ---- the pytest plugin (loaded by ``-p bench.suite`` in the run this command starts) --------------------------------
def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(OPTION, default=None, help="bench.suite: write each test's CPU to this folder")


_timings: list[Timing] = []


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    cpu, children, wall = time.process_time(), _children_cpu(), time.perf_counter()
    yield
    _timings.append(
        Timing(item.nodeid, time.process_time() - cpu, _children_cpu() - children, time.perf_counter() - wall)
    )


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """Write this process's figures as its session ends (an xdist worker's before it reports itself done)."""
    folder = session.config.getoption(OPTION, default=None)
    if not folder or not _timings:
        return
    name = os.environ.get("PYTEST_XDIST_WORKER", "main")
    (Path(folder) / f"{name}.json").write_text(json.dumps([asdict(t) for t in _timings]))


# ---- the command ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Run:
    """A measured run: its pytest command and exit status, wall seconds, the CPU of every process it ran (user and
    system), the machine's cores and load average at its start, and each test's ``Timing``."""

    command: list[str]
    status: int
    wall: float
    user: float
    system: float
    cores: int
    load: float
    tests: list[Timing]


def read_timings(folder: Path) -> list[Timing]:
    """Every test's timing the plugin wrote to ``folder`` (one file per pytest process), costliest first."""
    found = [Timing(**row) for path in sorted(folder.glob("*.json")) for row in json.loads(path.read_text())]
    return sorted(found, key=lambda t: (-t.total, t.test))


def by_file(tests: list[Timing]) -> list[tuple[str, int, float, float]]:
    """Per test file: (file, tests, CPU with children, of it children), costliest first."""
    totals: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    for timing in tests:
        row = totals[timing.file]
        row[0] += 1
        row[1] += timing.total
        row[2] += timing.children
    rows = [(name, int(n), total, children) for name, (n, total, children) in totals.items()]
    return sorted(rows, key=lambda r: (-r[2], r[0]))


def measure(pytest_args: list[str]) -> Run:
    """Run pytest with the plugin and ``pytest_args``; its figures."""
    with tempfile.TemporaryDirectory(prefix="bazaar-suite-") as folder:
        command = [sys.executable, "-m", "pytest", "-q", "-p", "bench.suite", f"{OPTION}={folder}", *pytest_args]
        load = os.getloadavg()[0]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        # the plugin is found from any working folder (xdist's workers copy this process's sys.path)
        root = str(Path(__file__).resolve().parent.parent)
        path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)
        status = subprocess.run(command, check=False, env={**os.environ, "PYTHONPATH": path}).returncode
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        tests = read_timings(Path(folder))
    return Run(
        ["python", *(part for part in command[1:] if not part.startswith(OPTION))],
        status,
        wall,
        after.ru_utime - before.ru_utime,
        after.ru_stime - before.ru_stime,
        os.cpu_count() or 1,
        load,
        tests,
    )


def report(run: Run, top: int = 20) -> str:
    """The run as Markdown: a summary line, the costliest files, the costliest tests."""
    cpu = sum(t.cpu for t in run.tests)
    children = sum(t.children for t in run.tests)
    lines = [
        f"`{shlex.join(run.command)}`: exit {run.status}, {len(run.tests)} tests in {run.wall:.1f} s wall; "
        f"CPU of every process {run.user:.1f} s user + {run.system:.1f} s system on {run.cores} cores "
        f"(busy {100 * (run.user + run.system) / run.wall:.0f} %); load average {run.load:.2f} at the start.",
        f"The tests: {cpu:.1f} s of CPU in the processes that ran them, {children:.1f} s in processes they started.",
        "",
        "| test file | tests | CPU s | of it child processes |",
        "|---|---|---|---|",
    ]
    lines += [f"| `{name}` | {n} | {total:.1f} | {kids:.1f} |" for name, n, total, kids in by_file(run.tests)[:top]]
    lines += ["", "| test | CPU s | of it child processes | wall s |", "|---|---|---|---|"]
    lines += [f"| `{t.test}` | {t.total:.2f} | {t.children:.2f} | {t.wall:.2f} |" for t in run.tests[:top]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.suite", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help='the quick run: -m "not slow"')
    parser.add_argument("--top", type=int, default=20, help="rows of each table (default 20)")
    parser.add_argument("--json", type=Path, help="write the run and every test's figures to this file")
    parser.add_argument("pytest_args", nargs="*", help="more arguments for pytest (after --)")
    args = parser.parse_args(argv)
    run = measure([*(["-m", "not slow"] if args.quick else []), *args.pytest_args])
    print(report(run, args.top))
    if args.json:
        args.json.write_text(json.dumps(asdict(run), indent=1))
    return run.status


if __name__ == "__main__":
    raise SystemExit(main())
