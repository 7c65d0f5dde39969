"""What asynchronous play keeps besides the games themselves (tables of migration 002).

Per game: its ``Timing`` (reminder interval, deadline, auto-skip). Per player: whether they want
a direct message when it becomes their turn (everywhere, or per server) and whether they are away.
Per server: the defaults for new games, whether games open in threads, where they may start.
And the notices already sent: a reminder or deadline notice is claimed (a row written) before it
is sent, so a notice is never sent twice, by two ticks racing or across a restart.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.storage import Store
from bot.timing import DEFAULT_DEADLINE_HOURS, DEFAULT_REMINDER_HOURS, Timing


@dataclass(frozen=True)
class GuildSettings:
    """A server's settings; ``None`` hours mean the bot's defaults."""

    guild_id: int
    reminder_hours: float | None = None
    deadline_hours: float | None = None
    threads: bool = True
    allowed_channel_id: int | None = None

    def default_timing(self) -> Timing:
        """The timing a new game of this server gets unless its creator chooses otherwise."""
        return Timing(
            reminder_hours=DEFAULT_REMINDER_HOURS if self.reminder_hours is None else self.reminder_hours,
            deadline_hours=DEFAULT_DEADLINE_HOURS if self.deadline_hours is None else self.deadline_hours,
        )


@dataclass(frozen=True)
class TurnKey:
    """One turn of one game: the seat to move and when its turn began."""

    game_id: int
    turn_started_at: float
    seat: int


class ScheduleStore:
    """Reads and writes the asynchronous-play tables through the bot's ``Store``."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ---- game timing -------------------------------------------------------------------
    async def set_timing(self, game_id: int, timing: Timing) -> None:
        async with self.store.transaction() as db:
            await db.execute(
                "INSERT OR REPLACE INTO game_timing (game_id, reminder_hours, deadline_hours, auto_skip)"
                " VALUES (?, ?, ?, ?)",
                (game_id, timing.reminder_hours, timing.deadline_hours, int(timing.auto_skip)),
            )

    async def timing(self, game_id: int) -> Timing:
        """A game's timing; the defaults for a game that has none stored."""
        rows = await self.store.fetch(
            "SELECT reminder_hours, deadline_hours, auto_skip FROM game_timing WHERE game_id = ?", (game_id,)
        )
        if not rows:
            return Timing()
        row = rows[0]
        return Timing(row["reminder_hours"], row["deadline_hours"], bool(row["auto_skip"]))

    # ---- players' choices ----------------------------------------------------------------
    async def set_dm_everywhere(self, user_id: int, wanted: bool) -> None:
        """Your-turn DMs on or off in every server; per-server choices are dropped."""
        async with self.store.transaction() as db:
            await db.execute(
                "INSERT INTO user_prefs (user_id, dm_everywhere) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET dm_everywhere = excluded.dm_everywhere",
                (user_id, int(wanted)),
            )
            await db.execute("DELETE FROM user_guild_prefs WHERE user_id = ?", (user_id,))

    async def set_dm_in_guild(self, user_id: int, guild_id: int, wanted: bool) -> None:
        """Your-turn DMs on or off for the games of one server."""
        async with self.store.transaction() as db:
            await db.execute(
                "INSERT OR REPLACE INTO user_guild_prefs (user_id, guild_id, dm) VALUES (?, ?, ?)",
                (user_id, guild_id, int(wanted)),
            )

    async def wants_dm(self, user_id: int, guild_id: int) -> bool:
        """The server's own choice if the player made one, else their choice for everywhere (default off)."""
        rows = await self.store.fetch(
            "SELECT dm FROM user_guild_prefs WHERE user_id = ? AND guild_id = ?", (user_id, guild_id)
        )
        if rows:
            return bool(rows[0]["dm"])
        rows = await self.store.fetch("SELECT dm_everywhere FROM user_prefs WHERE user_id = ?", (user_id,))
        return bool(rows and rows[0]["dm_everywhere"])

    async def set_away(self, user_id: int, away: bool, now: float) -> None:
        async with self.store.transaction() as db:
            await db.execute(
                "INSERT INTO user_prefs (user_id, away, away_since) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET away = excluded.away, away_since = excluded.away_since",
                (user_id, int(away), now if away else None),
            )

    async def is_away(self, user_id: int) -> bool:
        rows = await self.store.fetch("SELECT away FROM user_prefs WHERE user_id = ?", (user_id,))
        return bool(rows and rows[0]["away"])

    # ---- server settings ---------------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        rows = await self.store.fetch(
            "SELECT reminder_hours, deadline_hours, threads, allowed_channel_id FROM guild_settings WHERE guild_id = ?",
            (guild_id,),
        )
        if not rows:
            return GuildSettings(guild_id)
        row = rows[0]
        return GuildSettings(
            guild_id, row["reminder_hours"], row["deadline_hours"], bool(row["threads"]), row["allowed_channel_id"]
        )

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        async with self.store.transaction() as db:
            await db.execute(
                "INSERT OR REPLACE INTO guild_settings"
                " (guild_id, reminder_hours, deadline_hours, threads, allowed_channel_id) VALUES (?, ?, ?, ?, ?)",
                (
                    settings.guild_id,
                    settings.reminder_hours,
                    settings.deadline_hours,
                    int(settings.threads),
                    settings.allowed_channel_id,
                ),
            )

    # ---- notices ---------------------------------------------------------------------------------
    async def claim_notice(self, turn: TurnKey, kind: str, now: float, due: Callable[[float | None], bool]) -> bool:
        """Record a ``kind`` notice for ``turn`` if ``due(when the last one was sent, or None)``; say if it was.

        The check and the write are one transaction, so of two ticks racing only one sends.
        """
        where = "game_id = ? AND turn_started_at = ? AND seat = ? AND kind = ?"
        key = (turn.game_id, turn.turn_started_at, turn.seat, kind)
        async with self.store.transaction() as db:
            async with db.execute(f"SELECT COUNT(*), MAX(sent_at) FROM turn_notices WHERE {where}", key) as cur:
                count, last = await cur.fetchone()  # type: ignore[misc]
            if not due(last):
                return False
            await db.execute(
                "INSERT INTO turn_notices (game_id, turn_started_at, seat, kind, number, sent_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (*key, count + 1, now),
            )
        return True
