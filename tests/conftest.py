"""Shared fixtures: a running Bazaar bot against the fake Discord (``sandbox``), on SQLite and on PostgreSQL.

Fixtures marked as running on both backends are parametrised ``[sqlite]`` / ``[postgres]``; the
PostgreSQL variant uses a fresh database on the server ``BAZAAR_TEST_POSTGRES`` names (see
``tests/pgserver.py``) and skips, saying why, when it is not set.
"""

from __future__ import annotations

import gc
import os
import sys
import tempfile

if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
    # Compiled bytecode, kept out of the source tree: with PYTHONDONTWRITEBYTECODE set, every process of a run (each
    # xdist worker, each `python -m bot` a test starts, each image or computer worker the bot spawns) would compile
    # the project, and pytest would rewrite every test module's asserts, from source each time: about 2.5 s of CPU
    # per worker's collection and 0.1 s per process started. The caches go to one folder in the temporary
    # directory instead (Python's PYTHONPYCACHEPREFIX: nothing is written next to the sources), for this process
    # and the ones it starts.
    os.environ["PYTHONPYCACHEPREFIX"] = sys.pycache_prefix = os.environ.get("PYTHONPYCACHEPREFIX") or os.path.join(
        tempfile.gettempdir(), "bazaar-pycache"
    )
    sys.dont_write_bytecode = False

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from pgserver import BACKENDS, drop_spares, fresh_database, server_url

# Discord's own posting limits (5 messages per 5 s per channel) with their headers and waits, at a tenth of the
# time: the same buckets and 429s, without the suite waiting minutes on them (``offline.fakediscord.ratelimits``).
os.environ.setdefault("FAKEDISCORD_RATE_LIMIT_SCALE", "0.1")

from offline.sandbox import Sandbox

os.environ.setdefault("BAZAAR_COOLDOWN_RATE", "0")
"""Tests click faster than people: the per-user cooldown is off unless a test turns it on (its own settings)."""
os.environ.setdefault("BAZAAR_IMAGE_WARM_UP", "false")
os.environ.setdefault("BAZAAR_REPLAY_FRAMES", "12")
"""Every bot a test runs (in a sandbox, in local play, as a process) skips the image workers' warm-up and draws
replays of at most a dozen boards: a second of CPU a start, and seconds at every game's end, in a suite that starts
dozens of bots and finishes dozens of games — every code path kept. ``tests/test_images.py`` checks warming,
``tests/test_records.py`` draws whole replays, ``tests/test_ops_stop.py`` stops bots set as deployed."""


@pytest.fixture
async def postgres_url() -> AsyncIterator[str]:
    """An empty PostgreSQL database for this test alone (``tests/pgserver.py``: new, or emptied after another)."""
    async with fresh_database() as url:
        yield url


@pytest.fixture(params=BACKENDS)
async def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """Where a test's database lives, once per backend: a new SQLite file, or an empty PostgreSQL database."""
    if request.param == "sqlite":
        yield str(tmp_path / "bazaar.db")
        return
    async with fresh_database() as url:
        yield url


@pytest.fixture
async def sandbox(database_url: str) -> AsyncIterator[Sandbox]:
    """The real bot, unmodified, connected to a fake Discord on 127.0.0.1 with a #games channel (both backends)."""
    box = Sandbox(database_url, rng=random.Random(11))
    await box.start()
    try:
        yield box
        assert not box.fake.errors, f"the bot made requests Discord would reject: {box.fake.errors}"
    finally:
        await box.stop()


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test on the PostgreSQL server (``postgres_url``, or the ``postgres`` variant of ``database_url``, asked for
    directly or through another fixture) skips (or, where CI requires the server, fails) before any of its fixtures is
    made when there is no server: a fixture asked for before it (a source database with games in it) would be made
    for nothing, about 0.3 s each. (A conftest hook runs before pytest's own, which make the fixtures.)"""
    callspec = getattr(item, "callspec", None)
    on_postgres = callspec is not None and callspec.params.get("database_url") == "postgres"
    if on_postgres or "postgres_url" in getattr(item, "fixturenames", ()):
        server_url()


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (the default, ``addopts``): a worker a core, and two more.

    A test spends part of its time waiting (the fake Discord's rate limits and timers, the bot's settle, a process
    started or killed and started again); with one worker a core those waits leave a core idle, and more workers
    fill them. On two cores (2026-11-29, PostgreSQL up): the quick run 58 s with three workers, 53 s with four
    (medians of four runs, in turns); the whole suite 360 s with three, 318 s with four (one run each, twenty
    minutes apart). Two more, not twice the cores: a worker's bot keeps ten PostgreSQL connections (a test of
    several bots, thirty), and the test server takes 200 in all (``.ci/with-postgres``). CI reruns a failed test
    once, alone.
    """
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return cores + 2


EVERY_DATABASE_ENV = "BAZAAR_TEST_EVERY_DATABASE"
"""``1``: every slow test on both databases (by default each slow test's variants take turns between them)."""


END_TO_END_MODULES = "test_e2e_"
"""Modules of end-to-end tests (the bot against the fake Discord), whose PostgreSQL variants run in the slow run."""


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Load scheduling with the source checks kept in one worker (``tests/sources.py``, ``group_of``)."""
    from sources import group_of
    from xdist.scheduler import LoadScopeScheduling

    class Grouped(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid)

    return Grouped(config, log)


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """Freeze what collection left: modules, classes, functions and the collected tests, held until the process
    ends. Python's full collections (about a dozen in a worker's quick run) then walk only what the tests made since:
    each walked every object the process held, at about a microsecond an object."""
    gc.collect()
    gc.freeze()


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """In a worker of a parallel run, after its last source check, freeze the syntax trees they parsed
    (``tests/sources.py``): kept for the run, as every source check shares them, but no longer walked by each full
    collection (a quarter of a million objects). A worker runs the group back to back (``Grouped``); in one process
    (``-n 0``) the checks lie among other tests, and nothing is frozen there. The source checks take no fixture, so
    nothing of a test's own is frozen with the trees."""
    from sources import SOURCES, group_of

    if "PYTEST_XDIST_WORKER" not in os.environ:
        return
    if group_of(item.nodeid) == SOURCES and (nextitem is None or group_of(nextitem.nodeid) != SOURCES):
        gc.collect()
        gc.freeze()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Drop the PostgreSQL databases this process kept emptied for its next test (``tests/pgserver.py``)."""
    drop_spares()


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """Freeze what the process holds before pytest's last collections and Python's shutdown walk it.

    A worker ends a run holding about 900,000 objects (the bots it started, their caches, the spec); pytest's
    final ``gc.collect`` passes (its unraisable-exception plugin, after every ``pytest_unconfigure``) and the
    collections of Python's own shutdown walked them all, and the controller waited about 10 s at the end of
    the quick run for its workers to exit. Frozen objects are left out of those walks; garbage made while a
    test runs is collected, and its unraisable exceptions reported, as before.
    """
    gc.freeze()


@pytest.hookimpl(tryfirst=True)  # before ``-m`` selects by the marks added here
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Slow tests' database variants take turns; end-to-end tests play on PostgreSQL in the slow run only."""
    _take_turns(config, items)
    _end_to_end_on_postgres_is_slow(items)


def _end_to_end_on_postgres_is_slow(items: list[pytest.Item]) -> None:
    """The PostgreSQL variant of a quick end-to-end test (a ``test_e2e_*`` module's, or any that runs the bot through
    the ``sandbox`` fixture) is marked slow: CI runs it, the quick run (``-m "not slow"``) does not.

    Such a test drives the whole bot through Discord; what it asks of the database is what the storage tests
    (``test_host``, ``test_history``, ``test_postgres``, ``test_migrate``, ``test_ratings``, ``test_ops_*``)
    check on both databases in the quick run. Its SQLite variant stays quick. These variants are not among the
    slow ones that take turns (``_take_turns`` runs first): CI plays every one of them on PostgreSQL, as before.
    """
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is None or callspec.params.get("database_url") != "postgres" or item.get_closest_marker("slow"):
            continue
        if item.path.name.startswith(END_TO_END_MODULES) or "sandbox" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)


def _take_turns(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Slow tests (whole games, long random runs) that run on both databases take turns between them.

    What differs between SQLite and PostgreSQL is the store, which the quick tests exercise on both; a whole game
    adds length, not dialect. So each slow test's variants alternate: for a test with other parameters (a game, a
    player count) the first variant plays on SQLite, the next on PostgreSQL, and so on; a test with no other
    parameter runs on the database its turn gives it. Both databases still play whole games of every game in
    every CI run, at half the time. ``BAZAAR_TEST_EVERY_DATABASE=1`` runs every variant on both; without a
    PostgreSQL server (``BAZAAR_TEST_POSTGRES`` unset) every slow test plays on SQLite, as before.
    """
    if os.environ.get(EVERY_DATABASE_ENV) == "1" or not os.environ.get("BAZAAR_TEST_POSTGRES", "").strip():
        return
    groups: dict[str, dict[str, list[pytest.Item]]] = {}
    for item in items:
        callspec = getattr(item, "callspec", None)
        if item.get_closest_marker("slow") is None or callspec is None:
            continue
        backend = callspec.params.get("database_url")
        if backend not in BACKENDS:
            continue
        others = "-".join(f"{k}={v}" for k, v in sorted(callspec.params.items()) if k != "database_url")
        groups.setdefault(item.nodeid.split("[", 1)[0], {}).setdefault(others, []).append(item)
    dropped: set[str] = set()
    for turn, (_, variants) in enumerate(sorted(groups.items())):
        for n, (_, pair) in enumerate(sorted(variants.items())):
            keep = BACKENDS[(turn + n + n // 2) % len(BACKENDS)]  # pairs of variants cross over: a mix
            dropped.update(item.nodeid for item in pair if item.callspec.params["database_url"] != keep)  # type: ignore[attr-defined]
    if dropped:
        config.hook.pytest_deselected(items=[item for item in items if item.nodeid in dropped])
        items[:] = [item for item in items if item.nodeid not in dropped]
