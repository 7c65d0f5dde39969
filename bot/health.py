"""``bazaar health``, the container's healthcheck: the database answers and the running bot's heartbeat is fresh.

Docker runs it every 30 s beside the bot, so it loads only what it checks: the settings and the database's
address, never discord.py or the bot (a check costs about 0.15–0.2 s of CPU and 40 MB, where importing the bot alone
costs 0.5 s and 70 MB).
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import asyncpg

from bot.config import Settings
from bot.core.address import CONNECT_TIMEOUT, check_address, describe_failure
from bot.core.db import is_postgres_url, sqlite_path

HEARTBEAT_STALE = 90.0
"""A heartbeat older than this means the bot is stuck (``bazaar health`` fails); ``bot.serve`` touches it every
``HEARTBEAT_EVERY`` seconds while connected."""


async def health(settings: Settings) -> str | None:
    """``bazaar health``: None when the database opens and the heartbeat is fresh, else why not (one line)."""
    if settings.heartbeat_file:
        path = Path(settings.heartbeat_file)
        if not path.exists():
            return f"no heartbeat yet at {path} (the bot is starting, or not connected to Discord)"
        age = time.time() - path.stat().st_mtime
        if age > HEARTBEAT_STALE:
            return f"the heartbeat at {path} is {age:.0f} s old: the bot is stuck or disconnected"
    url = check_address(settings.database_url)
    try:
        if is_postgres_url(url):  # one connection, not the bot's pool, and no migration
            conn = await asyncpg.connect(url, timeout=CONNECT_TIMEOUT)
            try:
                await conn.fetchval("SELECT 1")
            finally:
                await conn.close()
        else:
            path = Path(sqlite_path(url))
            if not path.is_file():
                return f"there is no database at {path.absolute()}"
            db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True, timeout=5)
            try:
                db.execute("SELECT COUNT(*) FROM meta").fetchone()
            finally:
                db.close()
    except (OSError, ValueError, asyncpg.PostgresError, asyncpg.InterfaceError, sqlite3.Error) as exc:
        return describe_failure(exc, url)
    return None
