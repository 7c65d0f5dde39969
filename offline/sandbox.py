"""The sandbox: a fake Discord on 127.0.0.1 with one server and a ``#games`` channel, and the real bot against it.

``Sandbox`` starts the fake, creates users on first mention, and runs an unmodified ``BazaarBot`` (stopped and
started again on demand, as a restart); local play (``offline.local``) and the end-to-end tests use it.
``settle`` waits until the bot has nothing left to do: no interaction handled, no request in flight, no
computer player thinking and nothing owed to Discord in the outbox.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.app import BazaarBot
from bot.config import Settings
from offline.fakediscord import FakeDiscord
from offline.fakediscord.state import Channel, User, bot_handler_tasks
from offline.fakediscord.testing import run_bot, stop_bot

log = logging.getLogger("bazaar.offline")

SETTLE_TIMEOUT = 120.0
"""How long ``settle`` waits for the bot to go idle: generous, so a machine under load only makes it slower."""
SETTLE_POLL = 0.02
"""How often ``settle`` looks at the outbox again while messages are still owed."""


class Sandbox:
    """A fake Discord with a server, a channel and a running Bazaar bot."""

    def __init__(
        self,
        database: Path | str,
        *,
        rng: random.Random | None = None,
        clock: Callable[[], float] = time.time,
        settings: Settings | None = None,
        locale: str = "en-US",
        guild_locale: str = "en-US",
    ) -> None:
        self.database = database
        self.locale = locale
        """The Discord language of the users made from now on (``user(name, locale=...)`` for one of them)."""
        self.guild_locale = guild_locale
        self.rng = rng
        self.clock = clock
        self.settings = (settings or Settings(token="")).model_copy(
            update={
                "database": str(database),
                "dev_guild": None,
                "sync_commands": True,
                "computer_workers": 0 if settings is None else settings.computer_workers,
                "image_workers": 0 if settings is None else settings.image_workers,
                "computer_iterations": 40 if settings is None else settings.computer_iterations,
            }
        )
        self.fake = FakeDiscord()
        self.users: dict[str, User] = {}
        self.bot: BazaarBot | None = None
        self._task: asyncio.Task[Any] | None = None

    async def start(self) -> Sandbox:
        await self.fake.start()
        self.fake.point_discord_py()
        self.admin = self.fake.add_user("admin", locale=self.locale)
        self.guild = self.fake.add_guild("Bazaar", owner=self.admin, locale=self.guild_locale)
        self.channel = self.fake.add_text_channel(self.guild, "games")
        await self.start_bot()
        return self

    async def start_bot(self) -> BazaarBot:
        self.bot = BazaarBot(self.settings, rng=self.rng, clock=self.clock, guild_ready_timeout=0.05)
        self._task = await run_bot(self.fake, self.bot)
        return self.bot

    async def stop_bot(self) -> None:
        if self.bot is not None and self._task is not None:
            await stop_bot(self.bot, self._task)
        self.bot = None

    async def restart_bot(self) -> BazaarBot:
        await self.stop_bot()
        return await self.start_bot()

    async def stop(self) -> None:
        with contextlib.suppress(Exception):
            await self.stop_bot()
        self.fake.restore_discord_py()
        await self.fake.stop()

    async def __aenter__(self) -> Sandbox:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def settle(self, timeout: float | None = None) -> bool:
        """Wait until the bot is idle: no interaction handler running, no request in flight, no computer player
        thinking and nothing owed to Discord in the outbox; False (and a warning in the log) if it is still busy
        after ``timeout`` seconds (default ``SETTLE_TIMEOUT``)."""
        timeout = SETTLE_TIMEOUT if timeout is None else timeout
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        try:
            while True:
                async with asyncio.timeout(max(0.0, deadline - loop.time())):
                    computers = None if self.bot is None else self.bot.get_cog("Computers")
                    if computers is not None:
                        await computers.turns.idle()  # type: ignore[attr-defined]
                    await self.fake.idle(timeout=max(0.001, deadline - loop.time()))
                    if await self._owed() == 0 and self._quiet():
                        return True
                    await asyncio.sleep(SETTLE_POLL)
        except (TimeoutError, AssertionError) as exc:
            log.warning("local play: the bot did not settle within %.1f s (%s)", timeout, str(exc) or "timed out")
            return False

    async def _owed(self) -> int:
        """Messages the bot still owes Discord (pending or being sent), 0 without a running bot."""
        if self.bot is None:
            return 0
        return int((await self.bot.store.health(self.clock())).get("owed", 0))

    def _quiet(self) -> bool:
        """Nothing running right now: no discord.py handler task, no request in flight, no computer thinking."""
        computers = None if self.bot is None else self.bot.get_cog("Computers")
        thinking = computers is not None and any(
            not task.done() for task in getattr(computers.turns, "_running", {}).values()
        )
        return not thinking and not bot_handler_tasks() and self.fake.world.inflight == 0

    def user(self, name: str, manage_guild: bool = False, locale: str | None = None) -> User:
        """The user called ``name``, created and added to the server on first use; ``locale`` sets the language
        of their Discord client (default: the sandbox's ``locale``), now and for their next interactions."""
        if name not in self.users:
            user = self.fake.add_user(name, locale=locale or self.locale)
            self.fake.add_member(self.guild, user, manage_guild=manage_guild)
            self.users[name] = user
        elif locale is not None:
            self.users[name].locale = locale
        return self.users[name]

    def thread(self, game_id: int) -> Channel:
        """The thread of game ``game_id`` (by its name "<Title> #<id>")."""
        for thread in self.fake.threads(self.channel):
            if thread.name.endswith(f"#{game_id}"):
                return thread
        raise LookupError(f"no thread for game #{game_id}")
