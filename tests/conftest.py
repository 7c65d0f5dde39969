"""Shared fixtures: a running Bazaar bot against the fake Discord (``sandbox``)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.local import Sandbox


@pytest.fixture
async def sandbox(tmp_path: Path) -> AsyncIterator[Sandbox]:
    """The real bot, unmodified, connected to a fake Discord on 127.0.0.1 with a #games channel."""
    box = Sandbox(tmp_path / "bazaar.db", rng=random.Random(11))
    await box.start()
    try:
        yield box
        assert not box.fake.errors, f"the bot made requests Discord would reject: {box.fake.errors}"
    finally:
        await box.stop()
