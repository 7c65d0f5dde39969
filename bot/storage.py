"""Persistence: games, seats, the append-only move log and undo requests in SQLite (aiosqlite, WAL).

Numbered migrations in ``bot/migrations/NNN_name.sql`` are applied at start-up, tracked by
``PRAGMA user_version``. Every change to a game bumps its ``version``; writers pass the version
they read and a change made against an older version raises ``StaleGame`` — so two commands
racing on one game can never both apply. Each move is one transaction: its log rows, the new
state and the new version. An undo never deletes rows: it marks them ``undone`` and stores the
state rebuilt without them, in one transaction.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

ACTIVE_STATUSES = ("lobby", "active")
OVER_STATUSES = ("finished", "abandoned")


class StaleGame(Exception):
    """The game changed since it was read; the caller's action was not applied."""


@dataclass(frozen=True)
class GameRecord:
    """One row of ``games``."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    game: str
    options: dict[str, Any]
    status: str
    creator_id: int
    created_at: float
    updated_at: float
    version: int
    state: str | None
    lobby_message_id: int | None
    turn_started_at: float | None

    @property
    def post_channel_id(self) -> int:
        """Where the game's messages go: its thread, or the channel when it has none."""
        return self.thread_id or self.channel_id


@dataclass(frozen=True)
class SeatRecord:
    """A player of a game; ``seat`` is None until the game starts."""

    game_id: int
    user_id: int
    name: str
    seat: int | None
    joined_at: float


@dataclass(frozen=True)
class LogEntry:
    """A move to append: ``seat`` -1 for chance; ``kind`` is move, chance or resign."""

    seat: int
    kind: str
    move: str
    user_id: int | None = None


@dataclass(frozen=True)
class MoveRecord:
    """One row of the move log."""

    game_id: int
    ply: int
    seat: int
    kind: str
    move: str
    user_id: int | None
    created_at: float
    undone: bool


@dataclass(frozen=True)
class UndoRequestRecord:
    """A request to take back the log rows ``first_ply``..``last_ply``, made at game ``version``."""

    game_id: int
    version: int
    requester_id: int
    first_ply: int
    last_ply: int
    status: str
    created_at: float
    agreed: frozenset[int]


_GAME_COLUMNS = (
    "id, guild_id, channel_id, thread_id, game, options, status, creator_id, created_at, updated_at, "
    "version, state, lobby_message_id, turn_started_at"
)


def _game(row: aiosqlite.Row) -> GameRecord:
    values = dict(row)
    values["options"] = json.loads(values["options"])
    return GameRecord(**values)


def _migrations() -> list[tuple[int, str]]:
    folder = resources.files("bot") / "migrations"
    found = []
    for entry in folder.iterdir():
        match = re.fullmatch(r"(\d{3})_\w+\.sql", entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    return sorted(found)


class Store:
    """The bot's database. Open with ``await Store.open(path)``; close with ``await store.close()``."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        """Open (creating if needed) the database at ``path`` and apply pending migrations."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path))
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA foreign_keys=ON")
        await db.execute("PRAGMA busy_timeout=5000")
        store = cls(db)
        await store._migrate()
        return store

    async def close(self) -> None:
        await self._db.close()

    async def _migrate(self) -> None:
        async with self._db.execute("PRAGMA user_version") as cur:
            (current,) = await cur.fetchone()  # type: ignore[misc]
        for number, sql in _migrations():
            if number > current:
                await self._db.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version={number};\nCOMMIT;")

    async def schema_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction; statements of concurrent callers never interleave."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.rollback()
                raise
            await self._db.commit()

    async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[aiosqlite.Row]:
        async with self._lock, self._db.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[aiosqlite.Row]:
        """The rows of a read-only query (for modules that keep tables of their own)."""
        return await self._fetchall(sql, params)

    # ---- games ----------------------------------------------------------------------
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
    ) -> GameRecord:
        """A new game in the lobby, with its creator seated."""
        async with self.transaction() as db:
            cur = await db.execute(
                "INSERT INTO games (guild_id, channel_id, thread_id, game, options, status, creator_id,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?)",
                (guild_id, channel_id, thread_id, game, json.dumps(options), creator_id, now, now),
            )
            game_id = cur.lastrowid
            await db.execute(
                "INSERT INTO seats (game_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)",
                (game_id, creator_id, creator_name, now),
            )
        record = await self.get_game(int(game_id or 0))
        assert record is not None
        return record

    async def get_game(self, game_id: int) -> GameRecord | None:
        rows = await self._fetchall(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _game(rows[0]) if rows else None

    async def games_in_channel(self, channel_id: int, statuses: Iterable[str] = ACTIVE_STATUSES) -> list[GameRecord]:
        """Games whose thread is ``channel_id``, or that post in ``channel_id`` itself (no thread)."""
        wanted = tuple(statuses)
        marks = ",".join("?" * len(wanted))
        rows = await self._fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE (thread_id = ? OR (thread_id IS NULL AND channel_id = ?))"
            f" AND status IN ({marks}) ORDER BY id",
            (channel_id, channel_id, *wanted),
        )
        return [_game(r) for r in rows]

    async def list_games(
        self,
        *,
        guild_id: int | None = None,
        user_id: int | None = None,
        game: str | None = None,
        statuses: Iterable[str] = ACTIVE_STATUSES,
    ) -> list[GameRecord]:
        """Games filtered by server, player and game name, oldest first."""
        wanted = tuple(statuses)
        clauses = [f"status IN ({','.join('?' * len(wanted))})"]
        params: list[Any] = list(wanted)
        if guild_id is not None:
            clauses.append("guild_id = ?")
            params.append(guild_id)
        if game is not None:
            clauses.append("game = ?")
            params.append(game)
        if user_id is not None:
            clauses.append("id IN (SELECT game_id FROM seats WHERE user_id = ?)")
            params.append(user_id)
        rows = await self._fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE {' AND '.join(clauses)} ORDER BY id", params
        )
        return [_game(r) for r in rows]

    async def all_games(self) -> list[GameRecord]:
        rows = await self._fetchall(f"SELECT {_GAME_COLUMNS} FROM games ORDER BY id")
        return [_game(r) for r in rows]

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        async with self.transaction() as db:
            await db.execute("UPDATE games SET lobby_message_id = ? WHERE id = ?", (message_id, game_id))

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        async with self.transaction() as db:
            await db.execute("UPDATE games SET thread_id = ? WHERE id = ?", (thread_id, game_id))

    async def _bump(self, db: aiosqlite.Connection, game_id: int, expected_version: int, now: float) -> int:
        cur = await db.execute(
            "UPDATE games SET version = version + 1, updated_at = ? WHERE id = ? AND version = ?",
            (now, game_id, expected_version),
        )
        if cur.rowcount != 1:
            raise StaleGame(f"game {game_id} is no longer at version {expected_version}")
        return expected_version + 1

    async def set_status(self, game_id: int, expected_version: int, status: str, now: float) -> int:
        async with self.transaction() as db:
            version = await self._bump(db, game_id, expected_version, now)
            await db.execute("UPDATE games SET status = ? WHERE id = ?", (status, game_id))
        return version

    # ---- seats ------------------------------------------------------------------------
    async def seats(self, game_id: int) -> list[SeatRecord]:
        """The players of a game: in seat order once started, in joining order before."""
        rows = await self._fetchall(
            "SELECT game_id, user_id, name, seat, joined_at FROM seats WHERE game_id = ?"
            " ORDER BY seat IS NULL, seat, joined_at, rowid",
            (game_id,),
        )
        return [SeatRecord(**dict(r)) for r in rows]

    async def join(self, game_id: int, expected_version: int, user_id: int, name: str, now: float) -> int:
        async with self.transaction() as db:
            version = await self._bump(db, game_id, expected_version, now)
            await db.execute(
                "INSERT INTO seats (game_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)",
                (game_id, user_id, name, now),
            )
        return version

    async def leave(self, game_id: int, expected_version: int, user_id: int, now: float) -> int:
        async with self.transaction() as db:
            version = await self._bump(db, game_id, expected_version, now)
            await db.execute("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))
        return version

    async def start(
        self,
        game_id: int,
        expected_version: int,
        seat_order: Sequence[int],
        entries: Sequence[LogEntry],
        state: str,
        status: str,
        now: float,
    ) -> int:
        """Seat the players in ``seat_order`` (user ids), log the setup moves and store the state."""
        async with self.transaction() as db:
            version = await self._bump(db, game_id, expected_version, now)
            for seat, user_id in enumerate(seat_order):
                await db.execute(
                    "UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?", (seat, game_id, user_id)
                )
            await self._append(db, game_id, entries, now)
            await db.execute(
                "UPDATE games SET state = ?, status = ?, turn_started_at = ? WHERE id = ?",
                (state, status, now, game_id),
            )
        return version

    # ---- moves --------------------------------------------------------------------------
    async def record_moves(
        self,
        game_id: int,
        expected_version: int,
        entries: Sequence[LogEntry],
        state: str,
        status: str,
        now: float,
        turn_changed: bool = True,
    ) -> int:
        """Append ``entries`` to the log and store the new state, all or nothing."""
        async with self.transaction() as db:
            version = await self._bump(db, game_id, expected_version, now)
            await self._append(db, game_id, entries, now)
            turn_sql = ", turn_started_at = ?" if turn_changed else ""
            params: list[Any] = [state, status]
            if turn_changed:
                params.append(now)
            await db.execute(f"UPDATE games SET state = ?, status = ?{turn_sql} WHERE id = ?", (*params, game_id))
        return version

    async def _append(self, db: aiosqlite.Connection, game_id: int, entries: Sequence[LogEntry], now: float) -> None:
        async with db.execute("SELECT COALESCE(MAX(ply), 0) FROM moves WHERE game_id = ?", (game_id,)) as cur:
            (ply,) = await cur.fetchone()  # type: ignore[misc]
        for entry in entries:
            ply += 1
            await db.execute(
                "INSERT INTO moves (game_id, ply, seat, kind, move, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, ply, entry.seat, entry.kind, entry.move, entry.user_id, now),
            )

    async def moves(self, game_id: int) -> list[MoveRecord]:
        """The whole log of a game in order, undone moves included (marked)."""
        rows = await self._fetchall(
            "SELECT game_id, ply, seat, kind, move, user_id, created_at, undone FROM moves"
            " WHERE game_id = ? ORDER BY ply",
            (game_id,),
        )
        return [MoveRecord(**{**dict(r), "undone": bool(r["undone"])}) for r in rows]

    # ---- undo requests ------------------------------------------------------------------------
    async def add_undo_request(
        self, game_id: int, version: int, requester_id: int, plies: tuple[int, int], now: float
    ) -> bool:
        """Open a request at ``version`` (older open ones become stale); False if one was made already."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE undo_requests SET status = 'stale' WHERE game_id = ? AND status = 'open' AND version <> ?",
                (game_id, version),
            )
            cur = await db.execute(
                "INSERT OR IGNORE INTO undo_requests (game_id, version, requester_id, first_ply, last_ply, status,"
                " created_at) VALUES (?, ?, ?, ?, ?, 'open', ?)",
                (game_id, version, requester_id, plies[0], plies[1], now),
            )
        return cur.rowcount == 1

    async def undo_request(self, game_id: int, version: int) -> UndoRequestRecord | None:
        rows = await self._fetchall(
            "SELECT game_id, version, requester_id, first_ply, last_ply, status, created_at FROM undo_requests"
            " WHERE game_id = ? AND version = ?",
            (game_id, version),
        )
        if not rows:
            return None
        agreed = await self._fetchall(
            "SELECT user_id FROM undo_agreements WHERE game_id = ? AND version = ?", (game_id, version)
        )
        return UndoRequestRecord(**dict(rows[0]), agreed=frozenset(r["user_id"] for r in agreed))

    async def agree_undo(self, game_id: int, version: int, user_id: int, now: float) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT OR IGNORE INTO undo_agreements (game_id, version, user_id, agreed_at) VALUES (?, ?, ?, ?)",
                (game_id, version, user_id, now),
            )

    async def close_undo_request(self, game_id: int, version: int, status: str) -> None:
        async with self.transaction() as db:
            await db.execute(
                "UPDATE undo_requests SET status = ? WHERE game_id = ? AND version = ?", (status, game_id, version)
            )

    async def undo_moves(self, request: UndoRequestRecord, state: str, status: str, now: float) -> int:
        """Grant ``request``: mark its rows undone and store the rebuilt state, all or nothing."""
        async with self.transaction() as db:
            version = await self._bump(db, request.game_id, request.version, now)
            await db.execute(
                "UPDATE moves SET undone = 1 WHERE game_id = ? AND ply BETWEEN ? AND ?",
                (request.game_id, request.first_ply, request.last_ply),
            )
            await db.execute(
                "UPDATE games SET state = ?, status = ?, turn_started_at = ? WHERE id = ?",
                (state, status, now, request.game_id),
            )
            await db.execute(
                "UPDATE undo_requests SET status = 'granted' WHERE game_id = ? AND version = ?",
                (request.game_id, request.version),
            )
        return version

    async def undo_starts(self, game_id: int) -> list[int]:
        """The first log row of every granted undo (where a taken-back move begins), in order."""
        rows = await self._fetchall(
            "SELECT first_ply FROM undo_requests WHERE game_id = ? AND status = 'granted' ORDER BY first_ply",
            (game_id,),
        )
        return [r["first_ply"] for r in rows]
