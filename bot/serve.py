"""``bazaar run`` as a service: the database checked and locked before Discord, and a graceful stop.

Start: the database is opened first (a bad address or an unreachable server is one line, before any
login), then this process takes its lock — on PostgreSQL an advisory lock per shard it runs (a second
process started with the same ``BAZAAR_SHARD_IDS`` is refused in one line), on SQLite a lock file
beside the database (one process per file) — and only then connects to Discord.

Stop, on SIGTERM or SIGINT: new interactions are no longer taken (Discord answers them as failed and
the player may retry), the interactions already being handled are waited for (up to ``GRACE``
seconds), then the bot closes — its loops stop, the computers stop thinking (their turn is played
after the restart), the worker processes are ended, what is still owed stays in the outbox for the
next start — the database closes and the process exits 0, well within 10 s.

Once ready (its caches of servers, channels and threads filled), what the process holds is frozen out of the
cyclic garbage collector's way (``gc.freeze``) and young objects are collected less often (``GC_THRESHOLDS``):
a full collection walked every cached object (tens of milliseconds, a stall for every answer waiting), and
collections were about a tenth of the CPU a move costs.

While it runs, the process touches its heartbeat file (``BAZAAR_HEARTBEAT_FILE``) every few seconds
once connected; ``bazaar health`` checks that file and the database (the container's healthcheck).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import gc
import logging
import os
import signal
import time
from pathlib import Path
from typing import Any

import asyncpg

from bot.app import BazaarBot
from bot.config import Settings
from bot.core.address import (
    DatabaseUnavailable,
    connect,
    hide_password,
)
from bot.core.db import is_postgres_url, sqlite_path
from bot.core.store import Store

log = logging.getLogger("bazaar")

GRACE = 6.0
"""Seconds the interactions in flight may take to finish once a stop was asked for."""
CLOSE_TIMEOUT = 3.0
"""Seconds closing the bot (loops, gateway, workers) may take before the process gives up on it."""
HEARTBEAT_EVERY = 5.0
"""Seconds between two touches of the heartbeat file (``bot.health`` reads it)."""
SHARD_LOCK = 0x42415A4100000000
"""PostgreSQL advisory lock keys: ``SHARD_LOCK + shard id`` (``SHARD_LOCK - 1``: a process running every shard)."""
GC_THRESHOLDS = (10_000, 20, 20)
"""The collector's thresholds while serving (Python's defaults: 700, 10, 10): a move allocates thousands of
objects, nearly all freed by their reference counts."""
IN_FLIGHT_TASKS = ("CommandTree-invoker", "discord-ui-dynamic-item-", "discord-ui-view-dispatch-")
"""discord.py's names for the tasks that handle one interaction (a slash command, a button, a menu)."""


class AlreadyRunning(RuntimeError):
    """Another process runs the same shards on the same database."""


class ProcessLock:
    """What keeps a second process off this one's shards; released by ``release`` or by the process's death."""

    def __init__(self, release: Any) -> None:
        self._release = release

    async def release(self) -> None:
        await self._release()


async def take_lock(settings: Settings) -> ProcessLock:
    """This process's lock on its shards of the database (see the module); ``AlreadyRunning`` when held."""
    url = settings.database_url
    if is_postgres_url(url):
        shards = settings.shards()
        ids = [SHARD_LOCK - 1] if shards is None or shards[1] is None else [SHARD_LOCK + i for i in shards[1]]
        try:
            conn = await asyncpg.connect(url, timeout=10, server_settings={"application_name": "bazaar-lock"})
        except Exception as exc:
            where = hide_password(url)
            raise DatabaseUnavailable(f"cannot take the shard lock at {where}: {type(exc).__name__}") from None
        for key in ids:
            if not await _try_lock(conn, key, settings.shard_lock_wait):
                await conn.close()
                which = "every shard" if key == SHARD_LOCK - 1 else f"shard {key - SHARD_LOCK}"
                raise AlreadyRunning(
                    f"another bot process already runs {which} on {hide_password(url)}"
                    " (BAZAAR_SHARD_IDS must differ between processes); this one stops"
                )
        return ProcessLock(conn.close)
    path = Path(f"{sqlite_path(url)}.lock")
    fd = os.open(path, os.O_CREAT | os.O_RDWR, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise AlreadyRunning(
            f"another bot process already runs on {sqlite_path(url)} (SQLite serves one process;"
            " several processes need PostgreSQL); this one stops"
        ) from None
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())

    async def unlock() -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)

    return ProcessLock(unlock)


async def _try_lock(conn: Any, key: int, wait: float) -> bool:
    """Take the advisory lock ``key``, waiting up to ``wait`` s (``BAZAAR_SHARD_LOCK_WAIT``): a process just killed
    holds it until the server notices its connection is gone."""
    deadline = time.monotonic() + wait
    while not await conn.fetchval("SELECT pg_try_advisory_lock($1)", key):
        if time.monotonic() >= deadline:
            return False
        await asyncio.sleep(0.25)
    return True


def in_flight() -> list[asyncio.Task[Any]]:
    """The tasks handling an interaction right now."""
    return [task for task in asyncio.all_tasks() if not task.done() and task.get_name().startswith(IN_FLIGHT_TASKS)]


async def stop_gracefully(bot: BazaarBot, grace: float = GRACE) -> None:
    """Take no new interaction, let those in flight finish (up to ``grace`` s), then close the bot."""
    bot.stopping = True
    bot._connection.parsers["INTERACTION_CREATE"] = _ignored  # new interactions are no longer taken
    deadline = time.monotonic() + grace
    while (busy := in_flight()) and time.monotonic() < deadline:
        await asyncio.wait(busy, timeout=max(0.0, deadline - time.monotonic()))
    left = in_flight()
    if left:
        log.warning("stopping with %d interactions unfinished (their changes are whole or not made)", len(left))
    try:
        await asyncio.wait_for(bot.close(), CLOSE_TIMEOUT)
    except TimeoutError:
        log.warning("closing took longer than %.0f s", CLOSE_TIMEOUT)


def _ignored(data: Any) -> None:
    """An interaction arriving while the bot stops: left unanswered (Discord tells the player it failed)."""


async def _settle_memory(bot: BazaarBot) -> None:
    """Once the bot is ready: collect, then freeze what survives (it lives as long as the process) and collect
    young objects less often."""
    await bot.wait_until_ready()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


async def _heartbeat(bot: BazaarBot, path: Path) -> None:
    """Touch ``path`` every few seconds while the bot is connected."""
    while True:
        if bot.is_ready() and not bot.is_closed():
            with contextlib.suppress(OSError):
                path.touch()
        await asyncio.sleep(HEARTBEAT_EVERY)


async def serve(settings: Settings, token: str, **options: Any) -> None:
    """Run the bot until SIGTERM or SIGINT, then stop gracefully (see the module)."""
    database = await connect(settings.database_url)
    try:
        lock = await take_lock(settings)
    except BaseException:
        await database.close()
        raise
    store = Store(database)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    beat: asyncio.Task[None] | None = None
    settling: asyncio.Task[None] | None = None
    try:
        bot = BazaarBot(settings, store=store, **options)
        async with bot:
            if settings.heartbeat_file:
                beat = asyncio.create_task(_heartbeat(bot, Path(settings.heartbeat_file)))
            running = asyncio.create_task(bot.start(token))
            settling = asyncio.create_task(_settle_memory(bot))
            asked = asyncio.create_task(stop.wait())
            await asyncio.wait({running, asked}, return_when=asyncio.FIRST_COMPLETED)
            if running.done():
                asked.cancel()
                running.result()
                return
            log.info("stop asked: finishing the interactions in flight, then closing")
            await stop_gracefully(bot)
            running.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await running
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(sig)
        if beat is not None:
            beat.cancel()
        if settling is not None:
            settling.cancel()
        await store.close()
        await lock.release()
        log.info("stopped")
