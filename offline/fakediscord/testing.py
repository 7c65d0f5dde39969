"""Helpers to run a real discord.py bot against a `FakeDiscord` in tests (and local play).

    task = await run_bot(fake, bot)     # bot.start(fake.token) in a task, returns once the bot is ready
    ...
    await stop_bot(bot, task)           # bot.close() and wait for the task

Build a fresh bot for every run (`Client.close()` is final) with `guild_ready_timeout` small (0.05) and
`chunk_guilds_at_startup=False`, and point discord.py at the fake first (`fake.point_discord_py()`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import discord

    from .driver import FakeDiscord


async def run_bot(fake: FakeDiscord, bot: discord.Client, timeout: float = 10) -> asyncio.Task[None]:
    """Start `bot` against the fake in a task; return it once the bot is logged in and ready."""
    import discord.http

    if fake.api_url != discord.http.Route.BASE:
        raise AssertionError("call fake.point_discord_py() before run_bot, or the bot would try real Discord")
    task = asyncio.create_task(bot.start(fake.token), name="fakediscord-bot")
    await _unless_bot_dies(fake.wait_for_ready(timeout), task, timeout)
    await _unless_bot_dies(bot.wait_until_ready(), task, timeout)
    return task


async def stop_bot(bot: discord.Client, task: asyncio.Task[Any], timeout: float = 10) -> None:
    """Close the bot cleanly and wait for its task to end."""
    await bot.close()
    try:
        await asyncio.wait_for(task, timeout)
    except TimeoutError:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        raise AssertionError(f"the bot did not stop within {timeout}s") from None


async def _unless_bot_dies(waiting: Awaitable[Any], bot_task: asyncio.Task[Any], timeout: float) -> None:
    """Await `waiting`, failing fast if the bot's task ends first (it crashed in login or setup_hook)."""
    waiter = asyncio.ensure_future(waiting)
    done, _ = await asyncio.wait({waiter, bot_task}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    if waiter in done:
        waiter.result()
        return
    waiter.cancel()
    with contextlib.suppress(asyncio.CancelledError, AssertionError):
        await waiter
    if bot_task in done:
        error = bot_task.exception()
        raise AssertionError(f"the bot stopped before it was ready: {error!r}") from error
    raise AssertionError(f"the bot was not ready within {timeout}s")
