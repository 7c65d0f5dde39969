"""Reminders and turn deadlines, driven by the database and a clock.

``Scheduler.tick(now)`` looks at every running game and does what is due at ``now``:

* **reminder**: the player to move has waited a whole reminder interval (since their turn began
  and since the last reminder) and is not away: ping them in the game's thread, and by DM if they
  opted in;
* **deadline**: the turn deadline passed: post, once per turn, a notice with Skip / Remove buttons
  for the other players; or, if the game was created with auto-skip, skip the turn at once.

A notice is claimed in ``turn_notices`` before it is sent, so nothing goes out twice; an auto-skip
needs no claim (the game version admits one skip). A restart resumes exactly: no timer lives only
in memory. The bot calls ``tick`` once when it is
ready and then every ``TICK_SECONDS`` (``run``); tests call ``tick`` themselves with a fake clock.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import discord

from bot.deadlines import auto_skip_headline, deadline_text, deadline_view
from bot.host import GameHost, Played, Refused
from bot.notify import channel_link, game_label, send_dm
from bot.posting import Post, fetch_channel, next_line, publish, send_to
from bot.schedule_store import TurnKey
from bot.storage import GameRecord
from bot.timing import Timing, duration_text
from engines.base import CHANCE

log = logging.getLogger("bazaar.scheduler")

TICK_SECONDS = 60.0


class Scheduler:
    """Sends what is due. One per bot; ``tick`` is safe to call while the background loop runs."""

    def __init__(self, client: discord.Client, host: GameHost, clock: Callable[[], float]) -> None:
        self.client = client
        self.host = host
        self.clock = clock
        self.first_tick = asyncio.Event()
        self._lock = asyncio.Lock()

    async def run(self, every: float = TICK_SECONDS) -> None:
        """Tick once the bot is ready, then every ``every`` seconds, until the bot closes."""
        await self.client.wait_until_ready()
        while not self.client.is_closed():
            try:
                await self.tick(self.clock())
            except Exception:
                log.exception("scheduler: tick failed")
            self.first_tick.set()
            await asyncio.sleep(every)

    async def tick(self, now: float) -> None:
        """Do everything due at ``now`` for every running game; one game's failure does not stop the rest."""
        async with self._lock:
            for record in await self.host.store.list_games(statuses=("active",)):
                try:
                    await self._tick_game(record, now)
                except Exception:
                    log.exception("scheduler: game %s failed", record.id)

    async def _tick_game(self, record: GameRecord, now: float) -> None:
        played = await self.host.snapshot(record.id)
        seat = played.to_move
        if seat is None or seat == CHANCE or record.turn_started_at is None:
            return
        turn = TurnKey(record.id, record.turn_started_at, seat)
        timing = await self.host.schedule.timing(record.id)
        if timing.deadline_passed(turn.turn_started_at, now):
            if timing.auto_skip:
                await self._auto_skip(played)
                return
            await self._deadline_notice(played, turn, now)
        await self._reminder(played, turn, timing, now)

    # ---- reminders --------------------------------------------------------------------------
    async def _reminder(self, played: Played, turn: TurnKey, timing: Timing, now: float) -> None:
        user_id = played.user_of(turn.seat)
        if user_id is None or await self.host.schedule.is_away(user_id):
            return

        def due(last: float | None) -> bool:
            return timing.reminder_due(turn.turn_started_at, last, now)

        if not await self.host.schedule.claim_notice(turn, "reminder", now, due):
            return
        waited = duration_text(now - turn.turn_started_at)
        text = f"⏰ Reminder, after {waited} of waiting: {next_line(played)}"
        message = await self._post(played, Post(text, None, "", None))
        if await self.host.schedule.wants_dm(user_id, played.game.guild_id):
            link = message.jump_url if message else channel_link(played.game)
            await send_dm(
                self.client, user_id, f"⏰ Still your turn in {game_label(self.client, played)} ({waited}): {link}"
            )

    # ---- deadlines ----------------------------------------------------------------------------
    async def _deadline_notice(self, played: Played, turn: TurnKey, now: float) -> None:
        if not await self.host.schedule.claim_notice(turn, "deadline", now, unseen_change(played)):
            return
        text = deadline_text(played, now - turn.turn_started_at)
        await self._post(played, Post(text, None, "", deadline_view(played.game.id, played.game.version)))

    async def _auto_skip(self, played: Played) -> None:
        """Skip the late turn. Not claimed beforehand: the version check lets one skip through, and a skip
        that failed (the bot went down) is simply tried again at the next tick."""
        try:
            skipped = await self.host.skip_turn(played.game.id, None, played.game.version)
        except Refused:
            return  # the late player moved meanwhile
        await publish(self.client, skipped, auto_skip_headline(played))

    async def _post(self, played: Played, post: Post) -> discord.Message | None:
        """Send a notice where the game lives; None (logged) if Discord refuses."""
        try:
            channel = await fetch_channel(self.client, played.game.post_channel_id)
            return await send_to(channel, post)
        except discord.HTTPException as exc:
            log.warning("scheduler: could not post for game %s: %s", played.game.id, exc)
            return None


def unseen_change(played: Played) -> Callable[[float | None], bool]:
    """A ``claim_notice`` test: nothing sent for this turn yet, or the game changed since the last notice.

    A late player may have made half their turn (Assam turned, no carpet yet): the old notice's
    buttons carry the old game version, so the others get a fresh notice.
    """

    def due(last: float | None) -> bool:
        return last is None or last < played.game.updated_at

    return due
