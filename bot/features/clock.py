"""Reminders and turn deadlines: the loop that finds what is due, and the Skip / Remove buttons.

Each active game stores when something next falls due for it (``games.next_due_at``, indexed); the
loop asks the database for the games due now instead of reading every running game. For each:

* **reminder**: the player to move has waited a whole reminder interval (since their turn began
  and since the last reminder) and is not away: a ping in the game's thread, and a DM if they
  opted in;
* **deadline**: the turn deadline passed: once per turn (and again after the late player made part
  of their turn), a notice pinging the other players with **Skip their turn** / **Remove them**;
  or, for a game created with auto-skip, the bot skips the turn at once.

A notice is claimed (a row in ``turn_notices``) in the same transaction as the messages it owes, so
nothing is sent twice — by two ticks racing, two processes, or across a restart — and nothing
claimed is lost. The buttons carry the game id and version: they go stale as soon as the late
player moves, and work after a restart.
"""

from __future__ import annotations

import asyncio
import logging

import discord
from discord.ext import commands, tasks

from bot.core.catalog import N_
from bot.core.host import state_of
from bot.core.played import Played
from bot.core.records import Delivery, GameRecord
from bot.core.refused import Refused
from bot.core.schedule import TurnKey
from bot.core.store import NewDelivery
from bot.core.timing import Timing
from bot.core.wording import say_for
from bot.ui.components import GameButton, persistent_view
from bot.ui.moves import defer
from bot.ui.services import Services, services

log = logging.getLogger("bazaar.clock")

TICK_SECONDS = 60.0
ACTIONS = ("skip", "remove", "replace")
LABELS = {
    "skip": N_("Skip their turn"),
    "remove": N_("Remove them from the game"),
    "replace": N_("Replace them with a computer"),
}
STYLES = {
    "skip": discord.ButtonStyle.primary,
    "remove": discord.ButtonStyle.danger,
    "replace": discord.ButtonStyle.secondary,
}


class DeadlineButton(GameButton, kind="late"):
    """Skip the late player's turn, or remove them, for the game at that version."""

    async def act(self, interaction: discord.Interaction, record: GameRecord) -> None:
        svc = services(interaction)
        if self.arg not in ACTIONS:
            raise Refused("button_gone")
        await defer(interaction)
        if self.arg == "skip":
            played = await svc.host.skip_turn(record.id, interaction.user.id, self.version)
        elif self.arg == "replace":
            played = await svc.host.replace_late(record.id, interaction.user.id, self.version)
        else:
            played = await svc.host.remove_late(record.id, interaction.user.id, self.version)
        if interaction.message is not None:
            payload = {"channel_id": interaction.message.channel.id, "message_id": interaction.message.id}
            await svc.store.owe([NewDelivery("drop_buttons", payload, record.id)], svc.clock())
        await svc.courier.deliver_game(played.game.id)


async def deadline_controls(played: Played, delivery: Delivery | None) -> discord.ui.View | None:
    version = delivery.version if delivery is not None and delivery.version is not None else played.game.version
    say = say_for("bazaar", ())
    buttons = [
        DeadlineButton(played.game.id, version, action, label=say._(LABELS[action]), style=STYLES[action])
        for action in ACTIONS
    ]
    return persistent_view(*buttons)


class Clock(commands.Cog):
    """The due-work loop. ``tick(now)`` is safe to call while the loop runs (tests call it with a fake clock)."""

    def __init__(self, svc: Services, every: float = TICK_SECONDS) -> None:
        self.svc = svc
        self._lock = asyncio.Lock()
        self.first_tick = asyncio.Event()
        self.loop.change_interval(seconds=every)
        self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()

    @tasks.loop(seconds=TICK_SECONDS)
    async def loop(self) -> None:
        try:
            await self.tick(self.svc.clock())
        except Exception:
            log.exception("clock: tick failed")
        self.first_tick.set()

    @loop.before_loop
    async def _ready(self) -> None:
        await self.svc.wait_until_ready()  # type: ignore[attr-defined]

    async def tick(self, now: float) -> int:
        """Do everything due at ``now``; one game's failure does not stop the rest. The number of games seen."""
        async with self._lock:
            due = await self.svc.store.due_games(now, shards=self.svc.my_shards)  # type: ignore[attr-defined]
            for record in due:
                try:
                    await self._tick_game(record, now)
                except Exception:
                    log.exception("clock: game %s failed", record.id)
            return len(due)

    async def _tick_game(self, record: GameRecord, now: float) -> None:
        store, schedule = self.svc.store, self.svc.schedule
        played = Played(record, await store.seats(record.id), state_of(record))
        seat = played.to_move_player
        if seat is None or record.turn_started_at is None or played.is_computer(seat):
            await store.set_next_due(record.id, record.version, None)
            return
        turn = TurnKey(record.id, record.turn_started_at, seat)
        timing = await schedule.timing(record.id)
        if timing.deadline_passed(turn.turn_started_at, now):
            if timing.auto_skip:
                await self._auto_skip(played)
                return
            await self._deadline_notice(played, turn, now)
        reminded = await self._reminder(played, turn, timing, now)
        last = now if reminded else (await schedule.last_notice(turn, "reminder"))[1]
        await store.set_next_due(record.id, record.version, timing.next_due(turn.turn_started_at, last, now))
        await self.svc.courier.deliver_game(record.id)

    async def _reminder(self, played: Played, turn: TurnKey, timing: Timing, now: float) -> bool:
        """Send the reminder if one is due (and the player is not away); whether it was sent now."""
        user_id = played.user_of(turn.seat)
        schedule = self.svc.schedule
        if user_id is None:
            return False
        away, wants_dm = await schedule.reminding(user_id, played.game.guild_id)
        if away:
            return False
        waited = now - turn.turn_started_at
        owed = self.svc.posts.reminder(played, waited)
        if wants_dm:
            reader = await self.svc.schedule.language_of(user_id)
            owed.append(self.svc.posts.reminder_dm(played, user_id, waited, reader))

        def due(last: float | None) -> bool:
            return timing.reminder_due(turn.turn_started_at, last, now)

        return await schedule.claim_notice(turn, "reminder", now, due, owed)

    async def _deadline_notice(self, played: Played, turn: TurnKey, now: float) -> None:
        notice = self.svc.posts.deadline_notice(played, now - turn.turn_started_at)

        def due(last: float | None) -> bool:
            """Nothing sent for this turn yet, or the game changed since the last notice (part of a turn)."""
            return last is None or last < played.game.updated_at

        await self.svc.schedule.claim_notice(turn, "deadline", now, due, [notice])

    async def _auto_skip(self, played: Played) -> None:
        """Skip the late turn (the version check lets one skip through; a failed one is tried at the next tick)."""
        try:
            skipped = await self.svc.host.skip_turn(played.game.id, None, played.game.version)
        except Refused:
            return
        await self.svc.courier.deliver_game(skipped.game.id)


async def setup(bot: commands.Bot) -> None:
    """Register the deadline buttons and their builder; start the loop."""
    svc = services(bot)
    bot.add_dynamic_items(DeadlineButton)
    svc.controls["deadline"] = deadline_controls
    await bot.add_cog(Clock(svc, bot.settings.clock_tick))  # type: ignore[attr-defined]
