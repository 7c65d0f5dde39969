"""Queries bounded by the games still open: EXPLAIN on a database of many finished games and a few active ones.

The computers' loop, a server's open games (``/<game> games``, autocomplete) and, on PostgreSQL, a player's
inbox must not read the finished games (migration 007's partial indexes and the queries that use them).
"""

from __future__ import annotations

from typing import Any

from bot.core.db import Database, open_database
from bot.core.store import Shards, Store

FINISHED = 3000
ACTIVE = 20
GUILD = 1 << 22  # shard 1 of 2
PLAYER = 42


async def populate(db: Database) -> None:
    """Many finished games with a computer and the player seated, a few active ones."""
    games: list[tuple[Any, ...]] = []
    seats: list[tuple[Any, ...]] = []
    for n in range(1, FINISHED + ACTIVE + 1):
        status = "finished" if n <= FINISHED else "active"
        games.append((n, GUILD, 5, None, "marrakech", "{}", status, PLAYER, 0.0, 0.0, 1, 1))
        seats.append((n, PLAYER, "ana", 0, 0.0, None, 0))
        seats.append((n, -1, "Amira", 1, 0.0, "easy", 0))
    async with db.transaction() as tx:
        await tx.executemany(
            "INSERT INTO games (id, guild_id, channel_id, thread_id, game, options, status, creator_id, created_at,"
            " updated_at, version, to_move) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            games,
        )
        await tx.executemany(
            "INSERT INTO seats (game_id, user_id, name, seat, joined_at, computer, left_game)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            seats,
        )
    await db.execute("ANALYZE")


async def plans(db: Database) -> dict[str, str]:
    """The plan of each query the store runs for the computers' loop, a server's games and the inbox."""
    captured: list[tuple[str, tuple[Any, ...]]] = []
    fetch = db.fetch

    async def capturing(sql: str, *params: Any) -> list[Any]:
        captured.append((sql, params))
        return await fetch(sql, *params)

    db.fetch = capturing  # type: ignore[method-assign]
    store = Store(db)
    found = {
        "computers": len(await store.games_awaiting_computer(shards=Shards(2, (1,)))),
        "server": len(await store.list_games(guild_id=GUILD, game="marrakech", limit=100, newest_first=True)),
        "inbox": len(await store.list_games(user_id=PLAYER, limit=25, newest_first=True)),
    }
    db.fetch = fetch  # type: ignore[method-assign]
    assert found == {"computers": ACTIVE, "server": ACTIVE, "inbox": ACTIVE}
    prefix = "EXPLAIN QUERY PLAN " if db.dialect == "sqlite" else "EXPLAIN "
    shown = {}
    for name, (sql, params) in zip(found, captured, strict=True):
        rows = await db.fetch(prefix + sql, *params)
        shown[name] = "\n".join(str(row.get("detail", row.get("QUERY PLAN"))) for row in rows)
    return shown


async def test_the_open_games_queries_never_read_the_finished_games(database_url: str) -> None:
    db = await open_database(database_url)
    try:
        await populate(db)
        shown = await plans(db)
    finally:
        await db.close()
    if db.dialect == "sqlite":
        first = shown["computers"].splitlines()[0]  # the partial index holds only the active games
        assert first.startswith("SCAN g USING") and first.endswith("INDEX games_active"), shown["computers"]
        assert "seats_computers" not in shown["computers"]
        assert "games_open_by_guild" in shown["server"], shown["server"]
    else:
        for name in ("computers", "server", "inbox"):
            assert "Seq Scan on games" not in shown[name], f"{name}:\n{shown[name]}"
        assert "games_active" in shown["computers"] or "games_open" in shown["computers"], shown["computers"]
        assert "games_open" in shown["server"], shown["server"]


async def test_the_health_line_counts_only_this_process_shards_games(database_url: str) -> None:
    db = await open_database(database_url)
    try:
        await populate(db)
        store = Store(db)
        mine = await store.health(0.0, shards=Shards(2, (1,)))
        other = await store.health(0.0, shards=Shards(2, (0,)))
        everyone = await store.health(0.0)
    finally:
        await db.close()
    assert (mine["finished"], mine["active"]) == (FINISHED, ACTIVE) == (everyone["finished"], everyone["active"])
    assert "finished" not in other and "active" not in other and other["timers_due"] == 0
