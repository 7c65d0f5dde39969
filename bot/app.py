"""The Discord client: wires the store, the host, the command groups and the persistent components."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import engines
from bot.bazaar_commands import build_bazaar_group
from bot.commands import build_group
from bot.components import LobbyButton, MoveButton, MoveSelect
from bot.config import Settings
from bot.deadlines import DeadlineButton
from bot.errors import report
from bot.history_commands import HISTORY_ITEMS
from bot.host import GameHost
from bot.scheduler import Scheduler
from bot.storage import Store

log = logging.getLogger("bazaar")


class BazaarTree(app_commands.CommandTree):
    """The command tree with the one error handler for every slash command."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await report(interaction, error)


class BazaarBot(commands.Bot):
    """The bot. ``store``, ``rng`` and ``clock`` can be injected (tests); otherwise they come from settings."""

    host: GameHost
    scheduler: Scheduler

    def __init__(
        self,
        settings: Settings,
        *,
        store: Store | None = None,
        rng: random.Random | None = None,
        clock: Callable[[], float] = time.time,
        **options: Any,
    ) -> None:
        intents = discord.Intents.default()
        intents.message_content = False
        options.setdefault("chunk_guilds_at_startup", False)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=BazaarTree,
            **options,
        )
        self.settings = settings
        self._store = store
        self._rng = rng
        self._clock = clock
        self._owns_store = store is None
        self._scheduler_task: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        store = self._store or await Store.open(self.settings.database)
        self.host = GameHost(store, self._rng, self._clock)
        self.add_dynamic_items(LobbyButton, MoveButton, MoveSelect, *HISTORY_ITEMS, DeadlineButton)
        for name in engines.names():
            self.tree.add_command(build_group(name))
        self.tree.add_command(build_bazaar_group())
        await self.sync_commands()
        self.scheduler = Scheduler(self, self.host, self._clock)
        self._scheduler_task = asyncio.create_task(self.scheduler.run(), name="bazaar-scheduler")

    async def sync_commands(self) -> None:
        """Register the slash commands: instantly in the development server if set, else globally."""
        if self.settings.dev_guild:
            guild = discord.Object(id=self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s) in %d servers", self.user, getattr(self.user, "id", "?"), len(self.guilds))

    async def close(self) -> None:
        if self._scheduler_task is not None:
            self._scheduler_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._scheduler_task
        await super().close()
        if self._owns_store and hasattr(self, "host"):
            await self.host.store.close()
