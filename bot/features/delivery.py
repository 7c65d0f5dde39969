"""The courier's loop: whatever the core still owes Discord is delivered, retried and resumed here.

Handlers deliver what their change owes at once (``courier.deliver_game``); this loop picks up the
rest every few seconds — posts that failed and wait for their retry, rows claimed by a process that
died (after their lease), everything pending at start-up — forgets handled interactions older than
Discord would ever resend, and once a minute writes a health line to the log (games, timers due,
messages owed, gateway latency).
"""

from __future__ import annotations

import logging

from discord.ext import commands, tasks

from bot.ui.services import Services, services

log = logging.getLogger("bazaar.delivery")

EVERY_SECONDS = 2.0
INTERACTION_MEMORY = 3600.0
HEALTH_EVERY = 30
"""Rounds between two health lines in the log (30 rounds of 2 s: once a minute)."""


class Delivery(commands.Cog):
    """Runs ``courier.deliver_due`` in a loop once the bot is ready."""

    def __init__(self, svc: Services) -> None:
        self.svc = svc
        self.rounds = 0
        self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()

    @tasks.loop(seconds=EVERY_SECONDS)
    async def loop(self) -> None:
        try:
            await self.svc.courier.deliver_due(grace=0.0 if self.rounds == 0 else 2.0)
            if self.rounds % 900 == 0:
                await self.svc.store.forget_interactions(self.svc.clock() - INTERACTION_MEMORY)
            if self.rounds % HEALTH_EVERY == 0:
                await self.health()
        except Exception:
            log.exception("delivery: round failed")
        self.rounds += 1

    async def health(self) -> None:
        """One line in the log: games by status and timers due (this process's shards), messages owed, latency."""
        counts = await self.svc.store.health(self.svc.clock(), shards=self.svc.my_shards)  # type: ignore[attr-defined]
        latency = getattr(self.svc, "latency", float("nan"))
        log.info(
            "health: games lobby=%d active=%d finished=%d abandoned=%d; timers due=%d; messages owed=%d;"
            " gateway latency=%.0f ms",
            counts.get("lobby", 0),
            counts.get("active", 0),
            counts.get("finished", 0),
            counts.get("abandoned", 0),
            counts["timers_due"],
            counts["owed"],
            latency * 1000 if latency == latency else -1,
        )

    @loop.before_loop
    async def _ready(self) -> None:
        await self.svc.wait_until_ready()  # type: ignore[attr-defined]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Delivery(services(bot)))
