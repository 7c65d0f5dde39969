"""What asynchronous play keeps besides the games themselves (tables of migrations 002 and 004).

Per game: its ``Timing`` (reminder interval, deadline, auto-skip). Per player: whether they want
a direct message when it becomes their turn (everywhere, or per server), whether they are away,
and how they like the images sent only to them (phone, portrait or landscape).
Per server: the defaults for new games, whether games open in threads, where they may start, and the
layout of the boards posted in games' threads (phone unless it chose a wide board).
And the notices already sent: a reminder or deadline notice is claimed (a row written) before it
is sent, so a notice is never sent twice, by two ticks racing or across a restart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.core.db import Database
from bot.core.recent import Recent
from bot.core.store import NewDelivery, owe_in
from bot.core.timing import DEFAULT_DEADLINE_HOURS, DEFAULT_REMINDER_HOURS, Timing

BOARD_LAYOUT = "phone"
"""The layout of thread boards and of images sent to one person, unless a server or the person chose another."""
GUILDS_REMEMBERED = 10_000
"""Servers whose settings a process keeps in memory at most (the one read longest ago is forgotten first)."""
TIMINGS_REMEMBERED = 20_000
"""Games whose timing a process keeps in memory at most (the one read longest ago is forgotten first)."""
LANGUAGES_REMEMBERED = 20_000
"""Users whose language a process keeps in memory at most (the one seen longest ago is forgotten first)."""


@dataclass(frozen=True)
class GuildSettings:
    """A server's settings; ``None`` hours mean the bot's defaults."""

    guild_id: int
    reminder_hours: float | None = None
    deadline_hours: float | None = None
    threads: bool = True
    allowed_channel_id: int | None = None
    language: str | None = None
    """The language of the server's new games (None: the server's Discord language, else English)."""
    board_layout: str | None = None
    """The layout of the boards posted in its games' threads (None: ``BOARD_LAYOUT``, the phone layout)."""

    @property
    def thread_layout(self) -> str:
        """The layout its threads' boards are drawn in."""
        return self.board_layout or BOARD_LAYOUT

    def default_timing(self) -> Timing:
        """The timing a new game of this server gets unless its creator chooses otherwise."""
        return Timing(
            reminder_hours=DEFAULT_REMINDER_HOURS if self.reminder_hours is None else self.reminder_hours,
            deadline_hours=DEFAULT_DEADLINE_HOURS if self.deadline_hours is None else self.deadline_hours,
        )


def _guild_settings(guild_id: int, row: Any) -> GuildSettings:
    return GuildSettings(
        guild_id,
        row["reminder_hours"],
        row["deadline_hours"],
        bool(row["threads"]),
        row["allowed_channel_id"],
        row["language"],
        row["board_layout"],
    )


@dataclass(frozen=True)
class TurnKey:
    """One turn of one game: the seat to move and when its turn began."""

    game_id: int
    turn_started_at: float
    seat: int


class ScheduleStore:
    """Reads and writes the asynchronous-play tables."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._guilds: Recent[int, GuildSettings] = Recent(GUILDS_REMEMBERED)
        """Servers' settings read lately: a server's events all reach the one process of its shard, which is also
        the one that changes them (``update_guild_settings``), so every board post need not read them again."""
        self._timings: Recent[int, Timing] = Recent(TIMINGS_REMEMBERED)
        """Games' timings read lately (``timing``)."""
        self._languages: Recent[int, str] = Recent(LANGUAGES_REMEMBERED)
        """Users' languages as this process last stored or read them (``set_language_of``)."""

    # ---- game timing -------------------------------------------------------------------
    async def timing(self, game_id: int) -> Timing:
        """A game's timing; the defaults for a game that has none stored (of a game that exists: a game's timing
        is written with the game and never changed, so this process remembers what it read)."""
        known = self._timings.get(game_id)
        if known is not None:
            return known
        row = await self.db.fetchrow(
            "SELECT reminder_hours, deadline_hours, auto_skip FROM game_timing WHERE game_id = ?", game_id
        )
        found = (
            Timing() if row is None else Timing(row["reminder_hours"], row["deadline_hours"], bool(row["auto_skip"]))
        )
        self._timings.put(game_id, found)
        return found

    # ---- players' choices ----------------------------------------------------------------
    async def set_dm_everywhere(self, user_id: int, wanted: bool) -> None:
        """Your-turn DMs on or off in every server; per-server choices are dropped."""
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO user_prefs (user_id, dm_everywhere) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET dm_everywhere = excluded.dm_everywhere",
                user_id,
                int(wanted),
            )
            await tx.execute("DELETE FROM user_guild_prefs WHERE user_id = ?", user_id)

    async def set_dm_in_guild(self, user_id: int, guild_id: int, wanted: bool) -> None:
        """Your-turn DMs on or off for the games of one server."""
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO user_guild_prefs (user_id, guild_id, dm) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id, guild_id) DO UPDATE SET dm = excluded.dm",
                user_id,
                guild_id,
                int(wanted),
            )

    async def wants_dm(self, user_id: int, guild_id: int) -> bool:
        """The server's own choice if the player made one, else their choice for everywhere (default off)."""
        return (await self.reminding(user_id, guild_id))[1]

    async def reminding(self, user_id: int, guild_id: int) -> tuple[bool, bool]:
        """Whether the player is away, and whether they want DMs for this server's games (``wants_dm``): one query."""
        row = await self.db.fetchrow(
            "SELECT (SELECT away FROM user_prefs WHERE user_id = ?) AS away,"
            " (SELECT dm FROM user_guild_prefs WHERE user_id = ? AND guild_id = ?) AS here,"
            " (SELECT dm_everywhere FROM user_prefs WHERE user_id = ?) AS everywhere",
            user_id,
            user_id,
            guild_id,
            user_id,
        )
        if row is None:
            return False, False
        return bool(row["away"]), bool(row["everywhere"]) if row["here"] is None else bool(row["here"])

    async def set_away(self, user_id: int, away: bool, now: float) -> None:
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO user_prefs (user_id, away, away_since) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET away = excluded.away, away_since = excluded.away_since",
                user_id,
                int(away),
                now if away else None,
            )

    async def is_away(self, user_id: int) -> bool:
        return bool(await self.db.fetchval("SELECT away FROM user_prefs WHERE user_id = ?", user_id))

    async def set_layout(self, user_id: int, layout: str | None) -> None:
        """The image layout ``user_id`` wants for what is sent to them (None: the default)."""
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO user_prefs (user_id, layout) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET layout = excluded.layout",
                user_id,
                layout,
            )

    async def layout(self, user_id: int) -> str | None:
        return await self.db.fetchval("SELECT layout FROM user_prefs WHERE user_id = ?", user_id)

    async def image_layout(self, user_id: int) -> str:
        """The layout of the images sent to ``user_id`` alone: the one they chose, else the phone layout."""
        return await self.layout(user_id) or BOARD_LAYOUT

    async def set_language_of(self, user_id: int, language: str) -> None:
        """The language ``user_id``'s Discord client was last seen in (their DMs are worded in it); written only
        when it differs from what this process last stored or read for them (``load_languages``)."""
        if self._languages.get(user_id) == language:
            return
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO user_prefs (user_id, locale) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale",
                user_id,
                language,
            )
        self._languages.put(user_id, language)

    async def load_languages(self) -> int:
        """Remember the stored languages of up to ``LANGUAGES_REMEMBERED`` users (the highest ids: Discord's newest
        accounts), so that a process that starts does not write each player's language again at their first
        click; how many it read. Only for a process that serves every shard: with several, another process may
        store a newer language after this one read it, and this one would then not write the one it sees."""
        rows = await self.db.fetch(
            "SELECT user_id, locale FROM user_prefs WHERE locale IS NOT NULL ORDER BY user_id DESC LIMIT ?",
            LANGUAGES_REMEMBERED,
        )
        for row in reversed(rows):
            self._languages.put(int(row["user_id"]), str(row["locale"]))
        return len(rows)

    async def language_of(self, user_id: int) -> str | None:
        """``user_id``'s last seen language (None: never seen)."""
        return await self.db.fetchval("SELECT locale FROM user_prefs WHERE user_id = ?", user_id)

    # ---- server settings ---------------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's defaults for games (remembered in this process once read)."""
        known = self._guilds.get(guild_id)
        if known is not None:
            return known
        found = await self._read_guild_settings(guild_id)
        self._guilds.put(guild_id, found)
        return found

    async def _read_guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self.db.fetchrow(
            "SELECT reminder_hours, deadline_hours, threads, allowed_channel_id, language, board_layout"
            " FROM guild_settings"
            " WHERE guild_id = ?",
            guild_id,
        )
        if row is None:
            return GuildSettings(guild_id)
        return _guild_settings(guild_id, row)

    async def update_guild_settings(
        self, guild_id: int, change: Callable[[GuildSettings], GuildSettings]
    ) -> GuildSettings:
        """Apply ``change`` to the server's settings in one transaction (two admins saving at once both count)."""
        async with self.db.transaction() as tx:
            # Lock the server's row first (made with the defaults if missing): on PostgreSQL a second
            # admin's transaction waits here, then reads what the first one saved.
            await tx.execute(
                "INSERT INTO guild_settings (guild_id) VALUES (?)"
                " ON CONFLICT (guild_id) DO UPDATE SET guild_id = excluded.guild_id",
                guild_id,
            )
            row = await tx.fetchrow(
                "SELECT reminder_hours, deadline_hours, threads, allowed_channel_id, language, board_layout"
                " FROM guild_settings"
                " WHERE guild_id = ?",
                guild_id,
            )
            current = GuildSettings(guild_id) if row is None else _guild_settings(guild_id, row)
            updated = change(current)
            if updated != current:
                await tx.execute(
                    "INSERT INTO guild_settings"
                    " (guild_id, reminder_hours, deadline_hours, threads, allowed_channel_id, language, board_layout)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
                    " reminder_hours = excluded.reminder_hours, deadline_hours = excluded.deadline_hours,"
                    " threads = excluded.threads, allowed_channel_id = excluded.allowed_channel_id,"
                    " language = excluded.language, board_layout = excluded.board_layout",
                    guild_id,
                    updated.reminder_hours,
                    updated.deadline_hours,
                    int(updated.threads),
                    updated.allowed_channel_id,
                    updated.language,
                    updated.board_layout,
                )
        self._guilds.forget(guild_id)  # read again next time: another change may have committed meanwhile
        return updated

    # ---- notices ---------------------------------------------------------------------------------
    async def last_notice(self, turn: TurnKey, kind: str) -> tuple[int, float | None]:
        """How many ``kind`` notices this turn had, and when the last one was sent."""
        row = await self.db.fetchrow(
            "SELECT COUNT(*) AS n, MAX(sent_at) AS last FROM turn_notices"
            " WHERE game_id = ? AND turn_started_at = ? AND seat = ? AND kind = ?",
            turn.game_id,
            turn.turn_started_at,
            turn.seat,
            kind,
        )
        return (int(row["n"]), row["last"]) if row else (0, None)

    async def claim_notice(
        self,
        turn: TurnKey,
        kind: str,
        now: float,
        due: Callable[[float | None], bool],
        deliveries: Sequence[NewDelivery] = (),
    ) -> bool:
        """Record a ``kind`` notice for ``turn`` if ``due(when the last one was sent, or None)``; say if it was.

        The check, the record and the messages it owes (``deliveries``) are one transaction, so of
        two ticks racing (in one process or two) only one sends, and what is claimed is delivered.
        """
        where = "game_id = ? AND turn_started_at = ? AND seat = ? AND kind = ?"
        key = (turn.game_id, turn.turn_started_at, turn.seat, kind)
        async with self.db.transaction() as tx:
            row = await tx.fetchrow(f"SELECT COUNT(*) AS n, MAX(sent_at) AS last FROM turn_notices WHERE {where}", *key)
            count, last = (int(row["n"]), row["last"]) if row else (0, None)
            if not due(last):
                return False
            added = await tx.execute(
                "INSERT INTO turn_notices (game_id, turn_started_at, seat, kind, number, sent_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                *key,
                count + 1,
                now,
            )
            if added != 1:
                return False
            await owe_in(tx, deliveries, now)
        return True
