"""Worker processes end with the process that started them, even one that ended before they were ready."""

from __future__ import annotations

import os
import threading
from types import SimpleNamespace

import pytest

from bot.core import workers


def watched(monkeypatch: pytest.MonkeyPatch, started_by: int) -> threading.Event:
    """``end_with_parent`` run as if started by the process ``started_by``; the event is set when it would exit."""
    ended = threading.Event()
    monkeypatch.setattr(workers, "PARENT_POLL", 0.01)
    monkeypatch.setattr(workers.multiprocessing, "parent_process", lambda: SimpleNamespace(pid=started_by))
    monkeypatch.setattr(workers.os, "_exit", lambda code: ended.set())
    workers.end_with_parent()
    return ended


def test_a_worker_whose_parent_ended_before_its_start_ran_ends_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The process that started it is gone: its parent now is another (the system's), and the worker ends."""
    gone = os.getppid() + 1_000_000
    assert watched(monkeypatch, gone).wait(2)


def test_a_worker_whose_parent_lives_keeps_working(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not watched(monkeypatch, os.getppid()).wait(0.2)


def thread_names() -> list[str]:
    """Run in a pool's worker: the names of its threads."""
    return [thread.name for thread in threading.enumerate()]


def test_every_pool_the_bot_spawns_watches_its_parent() -> None:
    """``spawned_pool`` (the one maker of the bot's worker pools: images, replays, computers, migrate's check, the
    ratings rebuild) starts each worker with the parent's watch before its own start."""
    with workers.spawned_pool(1) as pool:
        assert "end-with-parent" in pool.submit(thread_names).result(timeout=60)
