"""Persistence of games: games, seats, the append-only move log, undo requests, and messages owed.

Every change to a game bumps its ``version``; writers pass the version they read and a change
made against an older version raises ``StaleGame`` — so two commands racing on one game can never
both apply, in one process or several. Each move is one transaction: its log rows, the new state,
the new version, the game's next due time, and the messages it owes Discord (``outbox`` rows,
delivered by ``bot.ui.courier``; a step inside a player's own turn owes ``news`` rows instead, never sent,
dropped by the change whose board words them). An undo never deletes log rows: it marks them ``undone``.
Every list query is bounded and reads only the columns it shows. Delivered messages are kept only
until a newer board of their game is delivered (``delivered``).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.core.db import Connection, Database, Row, Statement, Unchanged, placeholders
from bot.core.ordering import DiscordClock
from bot.core.records import (
    ACTIVE_STATUSES,
    Delivery,
    GameRecord,
    LogEntry,
    MoveRecord,
    SeatRecord,
    StaleGame,
    UndoRequestRecord,
)

GAME_COLUMNS = (
    "id, guild_id, channel_id, thread_id, game, options, status, creator_id, created_at, updated_at, "
    "version, state, lobby_message_id, turn_started_at, next_due_at, to_move, hints, moved_version, language, "
    "changed_discord_at"
)
LIST_COLUMNS = GAME_COLUMNS.replace("version, state,", "version, NULL AS state,")
"""The same columns without the (large) state: lists show games, they do not play them."""
LIST_COLUMNS_G = ", ".join("NULL AS state" if c == "state" else f"g.{c}" for c in GAME_COLUMNS.split(", "))
"""``LIST_COLUMNS`` of ``games g``."""
DEFAULT_LIMIT = 200
OPEN_GAMES = "g.status IN ('lobby', 'active')"
"""The condition of the partial indexes on open games (migration 007), written as they are so a query uses them."""
OUTBOX_COLUMNS = (
    "id, game_id, version, kind, payload, status, attempts, next_attempt_at, created_at, message_id, channel_id"
)


@dataclass(frozen=True)
class Shards:
    """The shards one process serves: a guild belongs to shard ``(guild_id >> 22) % count`` (Discord's rule)."""

    count: int
    ids: tuple[int, ...]


def shard_clause(shards: Shards | None, column: str) -> tuple[str, list[Any]]:
    """An SQL condition keeping the rows of these shards' guilds (nothing when one process serves all)."""
    if shards is None or len(shards.ids) >= shards.count:
        return "", []
    return f" AND (({column} / 4194304) % ?) IN ({placeholders(len(shards.ids))})", [shards.count, *shards.ids]


@dataclass(frozen=True)
class NewDelivery:
    """An ``outbox`` row to write with a change."""

    kind: str
    payload: dict[str, Any]
    game_id: int | None = None
    version: int | None = None
    not_before: float | None = None


def _game(row: Row) -> GameRecord:
    values = dict(row)
    values["options"] = json.loads(values["options"])
    values["hints"] = bool(values.get("hints", 1))
    values["language"] = values.get("language") or "en"
    return GameRecord(**values)


def _delivery(row: Row) -> Delivery:
    values = dict(row)
    values["payload"] = json.loads(values["payload"])
    for dropped in ("lease_until", "error"):
        values.pop(dropped, None)
    return Delivery(**values)


class Store:
    """The bot's games on a ``Database``. Open with ``Store(await open_database(url))``."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.discord = DiscordClock()
        """Discord's clock as this process knows it: each change is stamped with it (``changed_discord_at``)."""
        self._versions: dict[int, int] = {}
        """The newest version of each game this process has written (or was writing: a failed write only
        makes a game look newer than it is, so a reader reads it again)."""

    def newest_version(self, game_id: int) -> int:
        """The newest version of the game this store has written, or -1: a record read with a lower version
        is out of date (changes by other processes are not known here)."""
        return self._versions.get(game_id, -1)

    async def close(self) -> None:
        await self.db.close()

    async def schema_version(self) -> int:
        return await self.db.schema_version()

    # ---- games --------------------------------------------------------------------------------
    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        thread_id: int | None,
        game: str,
        options: dict[str, Any],
        creator_id: int,
        creator_name: str,
        now: float,
        deliveries: Sequence[NewDelivery] = (),
        timing: tuple[float, float, bool] | None = None,
        hints: bool = True,
        computers: Sequence[tuple[int, str, str]] = (),
        language: str = "en",
    ) -> GameRecord:
        """A new game in the lobby with its creator (and any computers, as (user id, name, level)) seated, its
        clock and its lobby message owed, all at once."""
        async with self.db.transaction() as tx:
            game_id = await tx.fetchval(
                "INSERT INTO games (guild_id, channel_id, thread_id, game, options, status, creator_id,"
                " created_at, updated_at, hints, language) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?) RETURNING id",
                guild_id,
                channel_id,
                thread_id,
                game,
                json.dumps(options),
                creator_id,
                now,
                now,
                int(hints),
                language,
            )
            for offset, (user_id, name, level) in enumerate(computers, start=1):
                await tx.execute(
                    "INSERT INTO seats (game_id, user_id, name, joined_at, computer) VALUES (?, ?, ?, ?, ?)",
                    game_id,
                    user_id,
                    name,
                    now + offset * 1e-3,
                    level,
                )
            await tx.execute(
                "INSERT INTO seats (game_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)",
                game_id,
                creator_id,
                creator_name,
                now,
            )
            if timing is not None:
                await tx.execute(
                    "INSERT INTO game_timing (game_id, reminder_hours, deadline_hours, auto_skip) VALUES (?, ?, ?, ?)",
                    game_id,
                    timing[0],
                    timing[1],
                    int(timing[2]),
                )
            await self._owe(tx, [_for_game(d, int(game_id), 0) for d in deliveries], now)
        record = await self.get_game(int(game_id))
        assert record is not None
        return record

    async def get_game(self, game_id: int) -> GameRecord | None:
        row = await self.db.fetchrow(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", game_id)
        return _game(row) if row else None

    async def games_in_channel(self, channel_id: int, statuses: Iterable[str] = ACTIVE_STATUSES) -> list[GameRecord]:
        """Games whose thread is ``channel_id``, or that post in ``channel_id`` itself (no thread), oldest first.

        Two indexed lookups joined (an ``OR`` of them let SQLite read every game of these statuses instead). The
        thread's game comes with its state (a command typed in its thread plays it without reading it again); the
        games of a channel without threads come without.
        """
        wanted = tuple(statuses)
        marks = placeholders(len(wanted))
        rows = await self.db.fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE thread_id = ? AND status IN ({marks}) UNION ALL"
            f" SELECT {LIST_COLUMNS} FROM games WHERE thread_id IS NULL AND channel_id = ? AND status IN ({marks})"
            " ORDER BY id LIMIT ?",
            channel_id,
            *wanted,
            channel_id,
            *wanted,
            DEFAULT_LIMIT,
        )
        return [_game(r) for r in rows]

    async def list_games(
        self,
        *,
        guild_id: int | None = None,
        user_id: int | None = None,
        game: str | None = None,
        statuses: Iterable[str] = ACTIVE_STATUSES,
        limit: int = DEFAULT_LIMIT,
        newest_first: bool = False,
    ) -> list[GameRecord]:
        """Games (without their state) filtered by server, player and game name; oldest first unless asked.

        A player's games are found from their seats, in game order, so a player in thousands of finished
        games costs no more than the games listed (``seats_by_user``); in one server, from the server's
        running games (``games_by_guild``), each checked for the player's seat.
        """
        wanted = tuple(statuses)
        clauses = [f"g.status IN ({placeholders(len(wanted))})"]
        if set(wanted) <= set(ACTIVE_STATUSES):  # the partial indexes' condition, literally (games_open…)
            clauses.insert(0, OPEN_GAMES)
        params: list[Any] = list(wanted)
        if guild_id is not None:
            clauses.append("g.guild_id = ?")
            params.append(guild_id)
        if game is not None:
            clauses.append("g.game = ?")
            params.append(game)
        order = " DESC" if newest_first else ""
        source, key = "games g", "g.id"
        if user_id is not None and guild_id is not None:  # the server's running games, each checked for a seat
            seated = "SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = ? AND s.left_game = 0"
            clauses.append(f"EXISTS ({seated})")
            params.append(user_id)
        elif user_id is not None:  # CROSS JOIN: SQLite walks the player's seats first (PostgreSQL plans any join)
            source, key = "seats s CROSS JOIN games g", "s.game_id"
            clauses[:0] = ["s.user_id = ? AND s.left_game = 0 AND g.id = s.game_id"]
            params[:0] = [user_id]
        rows = await self.db.fetch(
            f"SELECT {LIST_COLUMNS_G} FROM {source} WHERE {' AND '.join(clauses)} ORDER BY {key}{order} LIMIT ?",
            *params,
            limit,
        )
        return [_game(r) for r in rows]

    async def due_games(self, now: float, limit: int = DEFAULT_LIMIT, shards: Shards | None = None) -> list[GameRecord]:
        """Active games whose next reminder or deadline is due at ``now`` (an indexed query), of these shards."""
        clause, params = shard_clause(shards, "guild_id")
        rows = await self.db.fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'active' AND next_due_at <= ?{clause}"
            " ORDER BY next_due_at LIMIT ?",
            now,
            *params,
            limit,
        )
        return [_game(r) for r in rows]

    async def games_awaiting_computer(self, limit: int = DEFAULT_LIMIT, shards: Shards | None = None) -> list[int]:
        """Active games whose seat to move is a computer's, oldest first, of these shards (from the active games,
        ``games_active``: finished games, however many had computers, are never read)."""
        clause, params = shard_clause(shards, "g.guild_id")
        rows = await self.db.fetch(  # the active games first (games_active), then their seat to move
            "SELECT g.id FROM games g CROSS JOIN seats s WHERE g.status = 'active' AND s.game_id = g.id"
            f" AND s.seat = g.to_move AND s.computer IS NOT NULL{clause} ORDER BY g.id LIMIT ?",
            *params,
            limit,
        )
        return [int(r["id"]) for r in rows]

    async def health(self, now: float, shards: Shards | None = None) -> dict[str, int]:
        """Counts for the health line: games by status and timers due (of these shards' servers), messages owed."""
        clause, params = shard_clause(shards, "guild_id")
        where = f" WHERE 1 = 1{clause}" if clause else ""
        rows = await self.db.fetch(f"SELECT status, COUNT(*) AS n FROM games{where} GROUP BY status", *params)
        counts = {str(r["status"]): int(r["n"]) for r in rows}
        due = await self.db.fetchval(
            f"SELECT COUNT(*) FROM games WHERE status = 'active' AND next_due_at <= ?{clause}", now, *params
        )
        owed = await self.db.fetchval(
            "SELECT COUNT(*) FROM outbox WHERE status IN ('pending', 'sending') AND kind <> 'news'"
        )
        return {**counts, "timers_due": int(due or 0), "owed": int(owed or 0)}

    async def replace_with_computer(
        self,
        game_id: int,
        expected_version: int,
        seat: int,
        level: str,
        now: float,
        deliveries: Sequence[NewDelivery] = (),
    ) -> int:
        """The player at ``seat`` is replaced by a computer of ``level`` (the seat, its name and its log stay)."""
        async with self.db.transaction() as tx:
            version = await self._bump(tx, game_id, expected_version, now)
            await tx.execute("UPDATE seats SET computer = ? WHERE game_id = ? AND seat = ?", level, game_id, seat)
            await self._owe(tx, [_for_game(d, game_id, version) for d in deliveries], now)
        return version

    async def set_next_due(self, game_id: int, version: int, due_at: float | None) -> None:
        """The game's next due time, if it is still at ``version`` (a newer change sets its own)."""
        await self.db.execute("UPDATE games SET next_due_at = ? WHERE id = ? AND version = ?", due_at, game_id, version)

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        async with self.db.transaction() as tx:
            await tx.execute("UPDATE games SET lobby_message_id = ? WHERE id = ?", message_id, game_id)

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        async with self.db.transaction() as tx:
            await tx.execute("UPDATE games SET thread_id = ? WHERE id = ?", thread_id, game_id)

    async def _bump(self, tx: Connection, game_id: int, expected_version: int, now: float, moved: bool = True) -> int:
        """Version + 1 if the game is still at ``expected_version``. ``moved`` False: a change of standing orders
        alone, which leaves ``moved_version`` and ``updated_at`` (the game's last move) as they were."""
        try:
            await tx.batch([self._bumped(game_id, expected_version, now, moved)])
        except Unchanged:
            raise StaleGame(f"game {game_id} is no longer at version {expected_version}") from None
        return expected_version + 1

    def _bumped(self, game_id: int, expected_version: int, now: float, moved: bool = True) -> Statement:
        """``_bump``'s statement (for a batch: it changes no row when the game has moved on, ``Unchanged``)."""
        self._versions[game_id] = max(self._versions.get(game_id, -1), expected_version + 1)
        if moved:
            return Statement(
                "UPDATE games SET version = version + 1, moved_version = version + 1, updated_at = ?,"
                " changed_discord_at = ? WHERE id = ? AND version = ?",
                (now, self.discord.now(), game_id, expected_version),
                changes=1,
            )
        bump = "UPDATE games SET version = version + 1 WHERE id = ? AND version = ?"
        return Statement(bump, (game_id, expected_version), changes=1)

    async def set_status(
        self, game_id: int, expected_version: int, status: str, now: float, deliveries: Sequence[NewDelivery] = ()
    ) -> int:
        async with self.db.transaction() as tx:
            version = await self._bump(tx, game_id, expected_version, now)
            await tx.execute("UPDATE games SET status = ?, next_due_at = NULL WHERE id = ?", status, game_id)
            await tx.execute("DELETE FROM outbox WHERE game_id = ? AND kind = 'news'", game_id)  # no post will come
            await self._owe(tx, [_for_game(d, game_id, version) for d in deliveries], now)
        return version

    # ---- seats ---------------------------------------------------------------------------------
    async def seats(self, game_id: int) -> list[SeatRecord]:
        """The players of a game: in seat order once started, in joining order before."""
        rows = await self.db.fetch(
            "SELECT game_id, user_id, name, seat, joined_at, computer, left_game FROM seats WHERE game_id = ?"
            " ORDER BY seat IS NULL, seat, joined_at, user_id",
            game_id,
        )
        return [SeatRecord(**{**r, "left_game": bool(r["left_game"])}) for r in rows]

    async def seats_of_games(self, game_ids: Sequence[int]) -> dict[int, list[SeatRecord]]:
        """The players of several games at once (lists and autocomplete read them in one query)."""
        if not game_ids:
            return {}
        rows = await self.db.fetch(
            "SELECT game_id, user_id, name, seat, joined_at, computer, left_game FROM seats"
            f" WHERE game_id IN ({placeholders(len(game_ids))}) ORDER BY game_id, seat IS NULL, seat, joined_at",
            *game_ids,
        )
        found: dict[int, list[SeatRecord]] = {gid: [] for gid in game_ids}
        for row in rows:
            found[row["game_id"]].append(SeatRecord(**{**row, "left_game": bool(row["left_game"])}))
        return found

    async def join(
        self,
        game_id: int,
        expected_version: int,
        user_id: int,
        name: str,
        now: float,
        deliveries: Sequence[NewDelivery] = (),
        computer: str | None = None,
    ) -> int:
        async with self.db.transaction() as tx:
            version = await self._bump(tx, game_id, expected_version, now)
            await tx.execute(
                "INSERT INTO seats (game_id, user_id, name, joined_at, computer) VALUES (?, ?, ?, ?, ?)",
                game_id,
                user_id,
                name,
                now,
                computer,
            )
            await self._owe(tx, [_for_game(d, game_id, version) for d in deliveries], now)
        return version

    async def leave(
        self, game_id: int, expected_version: int, user_id: int, now: float, deliveries: Sequence[NewDelivery] = ()
    ) -> int:
        async with self.db.transaction() as tx:
            version = await self._bump(tx, game_id, expected_version, now)
            await tx.execute("DELETE FROM seats WHERE game_id = ? AND user_id = ?", game_id, user_id)
            await self._owe(tx, [_for_game(d, game_id, version) for d in deliveries], now)
        return version

    # ---- moves ------------------------------------------------------------------------------------
    async def start(
        self,
        game_id: int,
        expected_version: int,
        seat_order: Sequence[int],
        entries: Sequence[LogEntry],
        state: str,
        status: str,
        now: float,
        next_due_at: float | None = None,
        deliveries: Sequence[NewDelivery] = (),
        to_move: int | None = None,
    ) -> int:
        """Seat the players in ``seat_order`` (user ids), log the setup moves and store the state."""
        async with self.db.transaction() as tx:
            version = await self._bump(tx, game_id, expected_version, now)
            for seat, user_id in enumerate(seat_order):
                await tx.execute("UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?", seat, game_id, user_id)
            await self._append(tx, game_id, entries, now)
            await tx.execute(
                "UPDATE games SET state = ?, status = ?, turn_started_at = ?, next_due_at = ?, to_move = ?"
                " WHERE id = ?",
                state,
                status,
                now,
                next_due_at,
                to_move,
                game_id,
            )
            await self._owe(tx, [_for_game(d, game_id, version) for d in deliveries], now)
        return version

    async def record_moves(
        self,
        game_id: int,
        expected_version: int,
        entries: Sequence[LogEntry],
        state: str,
        status: str,
        now: float,
        *,
        turn_changed: bool = True,
        next_due_at: float | None = None,
        deliveries: Sequence[NewDelivery] = (),
        interaction: tuple[int, str] | None = None,
        to_move: int | None = None,
        left_seat: int | None = None,
        moved: bool = True,
        also: Callable[[Connection], Awaitable[None]] | None = None,
    ) -> int:
        """Append ``entries``, store the new state and owe its messages, all or nothing.

        ``also`` writes more in the same transaction (a finished game's ratings, ``bot.core.ratings.rate_in``).

        ``interaction`` (Discord's interaction id, what handling it did) is recorded too, so the
        same interaction delivered twice is answered from this result instead of applied again.
        ``moved`` False: standing orders alone changed (see ``_bump``).
        """
        version = expected_version + 1
        statements = [self._bumped(game_id, expected_version, now, moved)]
        if interaction is not None:
            statements.append(_remembered(interaction[0], game_id, interaction[1], now))
        statements.append(_appended(game_id, entries, now))
        if left_seat is not None:
            statements.append(
                Statement("UPDATE seats SET left_game = 1 WHERE game_id = ? AND seat = ?", (game_id, left_seat))
            )
        if status != "active":
            next_due_at = None
        if turn_changed:
            statements.append(
                Statement(
                    "UPDATE games SET state = ?, status = ?, to_move = ?, turn_started_at = ?, next_due_at = ?"
                    " WHERE id = ?",
                    (state, status, to_move, now, next_due_at, game_id),
                )
            )
        else:
            statements.append(
                Statement(
                    "UPDATE games SET state = ?, status = ?, to_move = ?, next_due_at = ? WHERE id = ?",
                    (state, status, to_move, next_due_at, game_id),
                )
            )
        statements += _owed([_for_game(d, game_id, version) for d in deliveries], now)
        async with self.db.transaction() as tx:
            try:  # SQLite: the whole change in one trip to its thread, its commit too unless more follows
                await tx.batch(statements, commit=also is None)
            except Unchanged as exc:
                if exc.index == 0:
                    raise StaleGame(f"game {game_id} is no longer at version {expected_version}") from None
                raise StaleGame(f"interaction {interaction and interaction[0]} was handled already") from None
            if also is not None:
                await also(tx)
        return version

    async def _append(self, tx: Connection, game_id: int, entries: Sequence[LogEntry], now: float) -> None:
        await tx.batch([_appended(game_id, entries, now)])

    async def moves(self, game_id: int) -> list[MoveRecord]:
        """The whole log of a game in order, undone moves included (marked)."""
        rows = await self.db.fetch(
            "SELECT game_id, ply, seat, kind, move, user_id, created_at, undone FROM moves"
            " WHERE game_id = ? ORDER BY ply",
            game_id,
        )
        return [MoveRecord(**{**r, "undone": bool(r["undone"])}) for r in rows]

    # ---- interactions handled ------------------------------------------------------------------------
    async def _remember_interaction(
        self, tx: Connection, interaction_id: int, game_id: int | None, outcome: str, now: float
    ) -> None:
        try:
            await tx.batch([_remembered(interaction_id, game_id, outcome, now)])
        except Unchanged:
            raise StaleGame(f"interaction {interaction_id} was handled already") from None

    async def interaction_outcome(self, interaction_id: int) -> str | None:
        """What the first handling of ``interaction_id`` did, if it changed a game."""
        return await self.db.fetchval("SELECT outcome FROM interactions WHERE interaction_id = ?", interaction_id)

    async def forget_interactions(self, before: float) -> int:
        """Drop records of interactions older than ``before`` (Discord never resends them after 15 minutes)."""
        async with self.db.transaction() as tx:
            return await tx.execute("DELETE FROM interactions WHERE created_at < ?", before)

    # ---- messages owed -----------------------------------------------------------------------------------
    async def _owe(self, tx: Connection, deliveries: Sequence[NewDelivery], now: float) -> None:
        """Owe the messages of a game change. A change's board words the news kept since the last post
        (``Posts.after_change``): that news is dropped here, in the same transaction."""
        await tx.batch(_owed(deliveries, now))

    async def owe(self, deliveries: Sequence[NewDelivery], now: float) -> None:
        """Owe messages that follow no game change (a reminder, a notice, the board brought back)."""
        async with self.db.transaction() as tx:
            await owe_in(tx, deliveries, now)

    async def news(self, game_id: int) -> list[Delivery]:
        """The steps kept as news since the game's last post (``kind = 'news'``: never sent alone), oldest first."""
        rows = await self.db.fetch(
            f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE game_id = ? AND kind = 'news' ORDER BY id", game_id
        )
        return [_delivery(r) for r in rows]

    async def release_claims(self, now: float, shards: Shards | None = None) -> int:
        """Make the deliveries claimed by a process that is gone due again (at start-up, holding the shards' lock):
        their lease is not waited out. The rows of these shards' games, and those of no game when one process
        serves every shard. A claim of a live process released by mistake sends with the same nonce: one message."""
        clause, params = shard_clause(shards, "g.guild_id")
        games = f"game_id IN (SELECT g.id FROM games g WHERE 1 = 1{clause})"
        where = games if shards is not None and clause else f"({games} OR game_id IS NULL)"
        async with self.db.transaction() as tx:
            return await tx.execute(
                "UPDATE outbox SET status = 'pending', lease_until = NULL, next_attempt_at = ?"
                f" WHERE status = 'sending' AND {where}",
                now,
                *params,
            )

    async def claim_deliveries(
        self, now: float, lease: float, *, game_id: int | None = None, limit: int = 50
    ) -> list[Delivery]:
        """Claim the due deliveries (all, or one game's) for ``lease`` seconds: pending ones and expired leases.

        One statement (one trip): the due rows are chosen and claimed together. The claim re-checks that each
        row is still due: on PostgreSQL another process may have claimed it since the rows were chosen (the
        UPDATE waits for its row lock, then reads it anew)."""
        game_clause = " AND game_id = ?" if game_id is not None else ""
        chosen: list[Any] = [now, now, *([game_id] if game_id is not None else []), limit]
        due = "((status = 'pending' AND next_attempt_at <= ?) OR (status = 'sending' AND lease_until < ?))"
        rows = await self.db.write_fetch(
            "UPDATE outbox SET status = 'sending', lease_until = ?, attempts = attempts + 1"
            f" WHERE id IN (SELECT id FROM outbox WHERE {due} AND kind <> 'news'{game_clause} ORDER BY id LIMIT ?)"
            f" AND {due} RETURNING {OUTBOX_COLUMNS}",
            now + lease,
            *chosen,
            now,
            now,
        )
        return sorted((_delivery(row) for row in rows), key=lambda d: d.id)

    async def delivered(self, delivery_id: int, message_id: int | None, channel_id: int | None) -> None:
        """Mark a delivery done. A delivered board makes the game's older delivered rows worthless (links and
        buttons point at the newest board): they are deleted, so the outbox does not grow with every move."""
        await self.db.execute_all(
            [
                Statement(
                    "UPDATE outbox SET status = 'done', message_id = ?, channel_id = ?, lease_until = NULL"
                    " WHERE id = ?",
                    (message_id, channel_id, delivery_id),
                ),
                Statement(  # older rows left by a crash in between go with the next board
                    "DELETE FROM outbox WHERE status = 'done' AND id < ?"
                    " AND game_id = (SELECT game_id FROM outbox WHERE id = ? AND kind = 'board')",
                    (delivery_id, delivery_id),
                ),
            ]
        )

    async def delivery_failed(self, delivery_id: int, retry_at: float | None, error: str) -> None:
        """Back to pending until ``retry_at``; None: given up for good."""
        status = "pending" if retry_at is not None else "failed"
        await self.db.execute(
            "UPDATE outbox SET status = ?, next_attempt_at = COALESCE(?, next_attempt_at), lease_until = NULL,"
            " error = ? WHERE id = ?",
            status,
            retry_at,
            error[:500],
            delivery_id,
        )

    async def update_payload(self, delivery_id: int, payload: dict[str, Any]) -> None:
        """Remember progress of a delivery in several steps (a thread made, a lobby posted)."""
        await self.db.execute("UPDATE outbox SET payload = ? WHERE id = ?", json.dumps(payload), delivery_id)

    async def pending_deliveries(self, game_id: int | None = None) -> list[Delivery]:
        """Deliveries not done yet (pending, sending), oldest first; one game's or all (news is no delivery:
        ``news``)."""
        clause, params = ("AND game_id = ?", [game_id]) if game_id is not None else ("", [])
        rows = await self.db.fetch(
            f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE status IN ('pending', 'sending') AND kind <> 'news' {clause}"
            " ORDER BY id LIMIT ?",
            *params,
            DEFAULT_LIMIT,
        )
        return [_delivery(r) for r in rows]

    async def delivery(self, delivery_id: int) -> Delivery | None:
        row = await self.db.fetchrow(
            f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE id = ?",
            delivery_id,
        )
        return _delivery(row) if row else None

    async def last_board_message(self, game_id: int) -> Delivery | None:
        """The newest delivered board of a game (its message carries the game's current buttons)."""
        row = await self.db.fetchrow(
            f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE game_id = ? AND kind = 'board' AND status = 'done'"
            " ORDER BY id DESC LIMIT 1",
            game_id,
        )
        return _delivery(row) if row else None

    # ---- undo requests ------------------------------------------------------------------------------
    async def add_undo_request(
        self, game_id: int, version: int, requester_id: int, plies: tuple[int, int], now: float
    ) -> bool:
        """Open a request at ``version`` (older open ones become stale); False if one was made already."""
        async with self.db.transaction() as tx:
            await tx.execute(
                "UPDATE undo_requests SET status = 'stale' WHERE game_id = ? AND status = 'open' AND version <> ?",
                game_id,
                version,
            )
            added = await tx.execute(
                "INSERT INTO undo_requests (game_id, version, requester_id, first_ply, last_ply, status, created_at)"
                " VALUES (?, ?, ?, ?, ?, 'open', ?) ON CONFLICT (game_id, version) DO NOTHING",
                game_id,
                version,
                requester_id,
                plies[0],
                plies[1],
                now,
            )
        return added == 1

    async def undo_request(self, game_id: int, version: int) -> UndoRequestRecord | None:
        row = await self.db.fetchrow(
            "SELECT game_id, version, requester_id, first_ply, last_ply, status, created_at FROM undo_requests"
            " WHERE game_id = ? AND version = ?",
            game_id,
            version,
        )
        if row is None:
            return None
        agreed = await self.db.fetch(
            "SELECT user_id FROM undo_agreements WHERE game_id = ? AND version = ?", game_id, version
        )
        return UndoRequestRecord(**row, agreed=frozenset(r["user_id"] for r in agreed))

    async def agree_undo(self, game_id: int, version: int, user_id: int, now: float) -> None:
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO undo_agreements (game_id, version, user_id, agreed_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id, version, user_id) DO NOTHING",
                game_id,
                version,
                user_id,
                now,
            )

    async def close_undo_request(self, game_id: int, version: int, status: str) -> None:
        async with self.db.transaction() as tx:
            await tx.execute(
                "UPDATE undo_requests SET status = ? WHERE game_id = ? AND version = ?", status, game_id, version
            )

    async def undo_moves(
        self,
        request: UndoRequestRecord,
        state: str,
        status: str,
        now: float,
        next_due_at: float | None = None,
        deliveries: Sequence[NewDelivery] = (),
        to_move: int | None = None,
    ) -> int:
        """Grant ``request``: mark its rows undone and store the rebuilt state, all or nothing."""
        async with self.db.transaction() as tx:
            version = await self._bump(tx, request.game_id, request.version, now)
            await tx.execute(
                "UPDATE moves SET undone = 1 WHERE game_id = ? AND ply BETWEEN ? AND ?",
                request.game_id,
                request.first_ply,
                request.last_ply,
            )
            await tx.execute(
                "UPDATE games SET state = ?, status = ?, turn_started_at = ?, next_due_at = ?, to_move = ?"
                " WHERE id = ?",
                state,
                status,
                now,
                next_due_at,
                to_move,
                request.game_id,
            )
            await tx.execute(
                "UPDATE undo_requests SET status = 'granted' WHERE game_id = ? AND version = ?",
                request.game_id,
                request.version,
            )
            await self._owe(tx, [_for_game(d, request.game_id, version) for d in deliveries], now)
        return version

    async def undo_starts(self, game_id: int) -> list[int]:
        """The first log row of every granted undo (where a taken-back move begins), in order."""
        rows = await self.db.fetch(
            "SELECT first_ply FROM undo_requests WHERE game_id = ? AND status = 'granted' ORDER BY first_ply", game_id
        )
        return [r["first_ply"] for r in rows]

    # ---- meta -------------------------------------------------------------------------------------------
    async def meta(self, key: str) -> str | None:
        return await self.db.fetchval("SELECT value FROM meta WHERE key = ?", key)

    async def set_meta(self, key: str, value: str) -> None:
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                key,
                value,
            )


async def owe_in(tx: Connection, deliveries: Sequence[NewDelivery], now: float) -> None:
    """Write ``deliveries`` as ``outbox`` rows inside the transaction ``tx`` (so they commit with its change)."""
    await tx.batch([_outbox_rows(deliveries, now)])


def _outbox_rows(deliveries: Sequence[NewDelivery], now: float) -> Statement:
    return Statement(
        "INSERT INTO outbox (game_id, version, kind, payload, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        rows=[(d.game_id, d.version, d.kind, json.dumps(d.payload), _due(d, now), now) for d in deliveries],
    )


def _owed(deliveries: Sequence[NewDelivery], now: float) -> list[Statement]:
    """The statements of ``Store._owe``: a board's game's news dropped, the rows written."""
    boards = sorted({d.game_id for d in deliveries if d.kind == "board" and d.game_id is not None})
    dropped = [Statement("DELETE FROM outbox WHERE game_id = ? AND kind = 'news'", (g,)) for g in boards]
    return [*dropped, _outbox_rows(deliveries, now)] if deliveries else dropped


def _appended(game_id: int, entries: Sequence[LogEntry], now: float) -> Statement:
    """Log rows after the game's last one (each numbered by the row before it: one statement, no read first)."""
    return Statement(
        "INSERT INTO moves (game_id, ply, seat, kind, move, user_id, created_at)"
        " VALUES (?, (SELECT COALESCE(MAX(ply), 0) + 1 FROM moves WHERE game_id = ?), ?, ?, ?, ?, ?)",
        rows=[(game_id, game_id, e.seat, e.kind, e.move, e.user_id, now) for e in entries],
    )


def _remembered(interaction_id: int, game_id: int | None, outcome: str, now: float) -> Statement:
    """The record of an interaction handled (none may exist yet: ``Unchanged`` otherwise)."""
    return Statement(
        "INSERT INTO interactions (interaction_id, game_id, outcome, created_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (interaction_id) DO NOTHING",
        (interaction_id, game_id, outcome, now),
        changes=1,
    )


def _due(delivery: NewDelivery, now: float) -> float:
    return delivery.not_before if delivery.not_before is not None else now


def _for_game(delivery: NewDelivery, game_id: int, version: int) -> NewDelivery:
    """``delivery`` tied to the game and the version the change made."""
    return NewDelivery(delivery.kind, delivery.payload, game_id, version, delivery.not_before)
