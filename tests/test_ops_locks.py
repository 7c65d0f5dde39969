"""One process per shard: a second ``bazaar run`` with the same ``BAZAAR_SHARD_IDS`` on the same PostgreSQL is
refused in one line (an advisory lock per shard, taken before logging in to Discord); other shards start."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.config import Settings
from bot.serve import AlreadyRunning, take_lock

REPO = Path(__file__).resolve().parents[1]


WAIT = 0.5
"""The tests' lock wait (``BAZAAR_SHARD_LOCK_WAIT``; deployed: 5 s): a refusal comes after it."""


def settings(url: str, ids: str | None, wait: float = WAIT) -> Settings:
    return Settings(token="x", database=url, shard_count=2 if ids else None, shard_ids=ids, shard_lock_wait=wait)


async def test_a_shard_is_locked_by_one_process_at_a_time(postgres_url: str) -> None:
    first = await take_lock(settings(postgres_url, "0-1"))
    try:
        with pytest.raises(AlreadyRunning, match="already runs shard 1"):
            await take_lock(settings(postgres_url, "1"))
        other = await take_lock(settings(postgres_url, None))  # a process of every shard is its own lock
        await other.release()
    finally:
        await first.release()
    again = await take_lock(settings(postgres_url, "1"))
    await again.release()


async def test_a_starting_process_waits_for_a_lock_let_go_within_its_wait(postgres_url: str) -> None:
    """A process killed just before holds its lock until the server notices: the next one waits for it, up to
    ``BAZAAR_SHARD_LOCK_WAIT``, and refuses only after that wait."""
    held = await take_lock(settings(postgres_url, "0"))
    waiting = asyncio.create_task(take_lock(settings(postgres_url, "0", wait=60)))
    try:
        await asyncio.sleep(0.6)
        assert not waiting.done()
    finally:
        await held.release()
    taken = await asyncio.wait_for(waiting, timeout=30)
    try:
        started = time.monotonic()
        with pytest.raises(AlreadyRunning):
            await take_lock(settings(postgres_url, "0", wait=1.0))
        assert 1.0 <= time.monotonic() - started < 4.5  # the wait set, not the 5 s default
    finally:
        await taken.release()


async def test_a_second_process_with_the_same_shards_refuses_to_start_in_one_line(
    postgres_url: str, tmp_path: Path
) -> None:
    held = await take_lock(settings(postgres_url, "0"))
    try:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("BAZAAR_", "FAKEDISCORD_"))}
        env |= {
            "PYTHONPATH": str(REPO),
            "BAZAAR_TOKEN": "x",
            "BAZAAR_DATABASE": postgres_url,
            "BAZAAR_SHARD_COUNT": "2",
            "BAZAAR_SHARD_IDS": "0",
            "BAZAAR_SHARD_LOCK_WAIT": str(WAIT),
        }
        done = subprocess.run(
            [sys.executable, "-m", "bot", "run"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
        )
    finally:
        await held.release()
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 2 and len(lines) == 1, lines
    assert "another bot process already runs shard 0" in lines[0] and "BAZAAR_SHARD_IDS" in lines[0]


async def test_health_on_postgresql_is_one_connection_and_one_line(postgres_url: str, tmp_path: Path) -> None:
    from pgserver import with_database

    from bot.core.db import open_database
    from bot.health import health

    await (await open_database(postgres_url)).close()
    beat = tmp_path / "beat"
    beat.touch()
    assert await health(Settings(database=postgres_url, heartbeat_file=str(beat))) is None
    missing = with_database(postgres_url, "no_such_database_here")
    problem = await health(Settings(database=missing, heartbeat_file=str(beat)))
    assert problem is not None and "has no such database" in problem
