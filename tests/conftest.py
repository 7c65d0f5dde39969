"""Shared fixtures: a running Bazaar bot against the fake Discord (``sandbox``), on SQLite and on PostgreSQL.

Fixtures marked as running on both backends are parametrised ``[sqlite]`` / ``[postgres]``; the
PostgreSQL variant uses a fresh database on the server ``BAZAAR_TEST_POSTGRES`` names (see
``tests/pgserver.py``) and skips, saying why, when it is not set.
"""

from __future__ import annotations

import os
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from pgserver import BACKENDS, fresh_database

# Discord's own posting limits (5 messages per 5 s per channel) with their headers and waits, at a tenth of the
# time: the same buckets and 429s, without the suite waiting minutes on them (``offline.fakediscord.ratelimits``).
os.environ.setdefault("FAKEDISCORD_RATE_LIMIT_SCALE", "0.1")

from offline.sandbox import Sandbox

os.environ.setdefault("BAZAAR_COOLDOWN_RATE", "0")
"""Tests click faster than people: the per-user cooldown is off unless a test turns it on (its own settings)."""


@pytest.fixture
async def postgres_url() -> AsyncIterator[str]:
    """A fresh, empty PostgreSQL database for this test (dropped after it)."""
    async with fresh_database() as url:
        yield url


@pytest.fixture(params=BACKENDS)
async def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """Where a test's database lives, once per backend: a new SQLite file, or a new PostgreSQL database."""
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
