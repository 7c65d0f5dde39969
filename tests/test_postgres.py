"""PostgreSQL storage on a real server: placeholders, migrations under a lock, and races between processes.

Every test but the first needs ``BAZAAR_TEST_POSTGRES`` (``.ci/with-postgres`` starts a server); each gets a
fresh database. "Two processes" are two connection pools (two bots on one database), or two real
Python processes where the point is that nothing in one process can serialise them.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
import textwrap
from pathlib import Path

import asyncpg
import pytest

from bot.core.db import MIGRATION_LOCK, PostgresDatabase, SchemaTooNew, migrations, open_database, postgres_sql
from bot.core.records import LogEntry, StaleGame
from bot.core.schedule import GuildSettings, ScheduleStore, TurnKey
from bot.core.store import NewDelivery, Store

BUMP = "UPDATE games SET version = version + 1 WHERE id = ? AND version = ?"


def test_placeholders_are_numbered_outside_literals_names_and_comments() -> None:
    sql = "SELECT '?', \"a?\" FROM t WHERE a = ? -- why?\n AND b IN (?, ?) /* ? */ AND c = 'it''s ?'"
    assert postgres_sql(sql) == (
        "SELECT '?', \"a?\" FROM t WHERE a = $1 -- why?\n AND b IN ($2, $3) /* ? */ AND c = 'it''s ?'"
    )


async def new_game(store: Store, now: float = 1.0) -> int:
    record = await store.create_game(
        guild_id=1, channel_id=2, thread_id=None, game="marrakech", options={}, creator_id=3, creator_name="c", now=now
    )
    return record.id


async def waiting_on_a_lock(admin: asyncpg.Connection, kind: str) -> bool:
    """Whether some backend of this database waits for a lock of ``kind`` (``tuple``/``transactionid``/``advisory``)."""
    return bool(
        await admin.fetchval(
            "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
            " WHERE NOT l.granted AND l.locktype = $1 AND a.datname = current_database()",
            kind,
        )
    )


async def until_waiting(admin: asyncpg.Connection, *kinds: str) -> None:
    for _ in range(200):
        for kind in kinds:
            if await waiting_on_a_lock(admin, kind):
                return
        await asyncio.sleep(0.025)
    raise AssertionError(f"nobody waited for a {kinds} lock")


# ---- migrations ----------------------------------------------------------------------------------------
async def test_migrations_are_recorded_once_and_a_restart_applies_none(postgres_url: str) -> None:
    db = await open_database(postgres_url)
    assert isinstance(db, PostgresDatabase) and db.dialect == "postgres"
    newest = migrations("postgres")[-1][0]
    assert newest == migrations("sqlite")[-1][0]
    assert await db.schema_version() == newest
    await db.close()
    again = await open_database(postgres_url)
    rows = await again.fetch("SELECT version, name FROM schema_migrations ORDER BY version")
    assert [r["version"] for r in rows] == list(range(1, newest + 1))
    assert rows[0]["name"] == "001_initial.sql"
    await again.close()


async def test_processes_starting_at_once_migrate_once(postgres_url: str) -> None:
    opened = await asyncio.gather(*(PostgresDatabase.open(postgres_url) for _ in range(4)))
    try:
        counts = await opened[0].fetch("SELECT version, COUNT(*) AS n FROM schema_migrations GROUP BY version")
        assert sorted((r["version"], r["n"]) for r in counts) == [(n, 1) for n, _ in migrations("postgres")]
        for db in opened:
            assert await db.schema_version() == migrations("postgres")[-1][0]
    finally:
        for db in opened:
            await db.close()


async def test_a_process_starting_waits_while_another_migrates(postgres_url: str) -> None:
    holder = await asyncpg.connect(postgres_url)
    try:
        await holder.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
        opening = asyncio.create_task(PostgresDatabase.open(postgres_url))
        await until_waiting(holder, "advisory")
        assert not opening.done()
        assert await holder.fetchval("SELECT to_regclass('games')") is None
        await holder.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
        db = await asyncio.wait_for(opening, 10)
        assert await db.schema_version() == migrations("postgres")[-1][0]
        await db.close()
    finally:
        await holder.close()


async def test_a_database_from_a_newer_bot_is_refused(postgres_url: str) -> None:
    db = await open_database(postgres_url)
    async with db.transaction() as tx:
        await tx.execute("INSERT INTO schema_migrations (version, name) VALUES (999, '999_future.sql')")
    await db.close()
    with pytest.raises(SchemaTooNew):
        await open_database(postgres_url)


async def test_ids_are_bigint_and_times_double_precision(postgres_url: str) -> None:
    store = Store(await open_database(postgres_url))
    snowflake = 1_234_567_890_123_456_789
    record = await store.create_game(
        guild_id=snowflake,
        channel_id=snowflake + 1,
        thread_id=snowflake + 2,
        game="marrakech",
        options={"a": 1},
        creator_id=snowflake + 3,
        creator_name="c",
        now=1_700_000_000.123456,
    )
    assert (record.guild_id, record.thread_id, record.creator_id) == (snowflake, snowflake + 2, snowflake + 3)
    assert record.created_at == 1_700_000_000.123456 and record.options == {"a": 1}
    await store.close()


# ---- the version check across processes -----------------------------------------------------------------
async def test_a_second_writer_waits_for_the_first_and_then_changes_nothing(postgres_url: str) -> None:
    first, second = Store(await open_database(postgres_url)), Store(await open_database(postgres_url))
    admin = await asyncpg.connect(postgres_url)
    try:
        game_id = await new_game(first)
        async with first.db.transaction() as tx:
            assert await tx.execute(BUMP, game_id, 0) == 1
            racing = asyncio.create_task(
                second.record_moves(game_id, 0, [LogEntry(0, "move", "second", 7)], "s2", "active", 2.0)
            )
            await until_waiting(admin, "transactionid", "tuple")  # held by the first writer's row lock
            assert not racing.done()
            await tx.execute(
                "INSERT INTO moves (game_id, ply, seat, kind, move, created_at) VALUES (?, 1, 0, 'move', 'first', 2)",
                game_id,
            )
        with pytest.raises(StaleGame):
            await asyncio.wait_for(racing, 10)
        assert [m.move for m in await first.moves(game_id)] == ["first"]
        assert (await first.get_game(game_id)).version == 1  # type: ignore[union-attr]
    finally:
        await admin.close()
        await first.close()
        await second.close()


async def test_a_waiting_writer_applies_when_the_first_rolls_back(postgres_url: str) -> None:
    first, second = Store(await open_database(postgres_url)), Store(await open_database(postgres_url))
    admin = await asyncpg.connect(postgres_url)
    try:
        game_id = await new_game(first)
        with pytest.raises(RuntimeError):
            async with first.db.transaction() as tx:
                assert await tx.execute(BUMP, game_id, 0) == 1
                racing = asyncio.create_task(
                    second.record_moves(game_id, 0, [LogEntry(0, "move", "second", 7)], "s2", "active", 2.0)
                )
                await until_waiting(admin, "transactionid", "tuple")
                raise RuntimeError("the first writer fails")
        assert await asyncio.wait_for(racing, 10) == 1
        assert [m.move for m in await first.moves(game_id)] == ["second"]
    finally:
        await admin.close()
        await first.close()
        await second.close()


RACER = textwrap.dedent(
    """
    import asyncio, json, sys, time
    from pathlib import Path
    from bot.core.db import open_database
    from bot.core.records import LogEntry, StaleGame
    from bot.core.store import Store

    async def main(url, game_id, tag, barrier, rounds):
        store = Store(await open_database(url))
        (Path(barrier) / tag).touch()  # ready: both begin once both are connected, however slow a start was
        deadline = time.time() + 60
        while len(list(Path(barrier).iterdir())) < 2 and time.time() < deadline:
            await asyncio.sleep(0.001)
        applied, stale = [], 0
        for _ in range(rounds):
            version = (await store.get_game(game_id)).version
            entry = LogEntry(0, "move", f"{tag} {version}", None)
            try:
                await store.record_moves(game_id, version, [entry], f"{tag} {version}", "active", time.time())
                applied.append(version)
            except StaleGame:
                stale += 1
        await store.close()
        print(json.dumps({"applied": applied, "stale": stale}))

    url, game_id, tag, barrier, rounds = sys.argv[1:]
    asyncio.run(main(url, int(game_id), tag, barrier, int(rounds)))
    """
)


async def test_two_processes_racing_on_one_game_never_both_apply_a_version(postgres_url: str, tmp_path: Path) -> None:
    store = Store(await open_database(postgres_url))
    game_id = await new_game(store)
    script = tmp_path / "racer.py"
    script.write_text(RACER)
    barrier = tmp_path / "ready"  # both processes begin at once, once both have imported and connected
    barrier.mkdir()
    procs = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            str(script),
            postgres_url,
            str(game_id),
            tag,
            str(barrier),
            "150",
            stdout=asyncio.subprocess.PIPE,
            cwd=str(Path(__file__).resolve().parents[1]),
        )
        for tag in ("a", "b")
    ]
    results = [json.loads((await p.communicate())[0]) for p in procs]
    assert all(p.returncode == 0 for p in procs)
    applied = [v for r in results for v in r["applied"]]
    final = await store.get_game(game_id)
    log = await store.moves(game_id)
    await store.close()
    assert sorted(applied) == list(range(final.version)), "a version was applied twice or skipped"  # type: ignore[union-attr]
    assert [m.ply for m in log] == list(range(1, len(applied) + 1))
    assert sorted(int(m.move.split()[1]) for m in log) == sorted(applied)
    assert final.state == log[-1].move  # type: ignore[union-attr]
    assert sum(r["stale"] for r in results) + len(applied) == 300
    # they raced: a write of a version the other had just written was refused (one of them may win every round)
    assert sum(r["stale"] for r in results) > 0, results


# ---- other read-then-write transactions across processes -------------------------------------------------
async def test_an_expired_delivery_is_claimed_by_one_process_only(postgres_url: str) -> None:
    one, two = Store(await open_database(postgres_url)), Store(await open_database(postgres_url))
    try:
        game_id = await new_game(one)
        for _ in range(30):
            await one.owe([NewDelivery("board", {"n": 1}, game_id, 0)], now=5.0)
            first = await one.claim_deliveries(now=10.0, lease=1.0)  # claimed by a process that then died
            assert len(first) == 1
            later = 20.0  # the lease ran out: both processes try to take the delivery over
            got = await asyncio.gather(one.claim_deliveries(later, 30.0), two.claim_deliveries(later, 30.0))
            assert sorted(len(g) for g in got) == [0, 1], got
            await one.delivered(first[0].id, 1, 1)
    finally:
        await one.close()
        await two.close()


async def test_two_admins_saving_settings_at_once_both_count(postgres_url: str) -> None:
    one, two = ScheduleStore(await open_database(postgres_url)), ScheduleStore(await open_database(postgres_url))
    try:
        for guild in range(1, 21):
            await asyncio.gather(
                one.update_guild_settings(guild, lambda s: GuildSettings(s.guild_id, 5.0, s.deadline_hours, s.threads)),
                two.update_guild_settings(guild, lambda s: GuildSettings(s.guild_id, s.reminder_hours, 9.0, s.threads)),
            )
            settings = await one.guild_settings(guild)
            assert (settings.reminder_hours, settings.deadline_hours) == (5.0, 9.0), guild
    finally:
        await one.db.close()
        await two.db.close()


async def test_a_reminder_claimed_by_two_processes_at_once_is_sent_once(postgres_url: str) -> None:
    stores = [Store(await open_database(postgres_url)) for _ in range(2)]
    schedules = [ScheduleStore(store.db) for store in stores]
    try:
        game_id = await new_game(stores[0])
        for turn_started in range(1, 21):
            turn = TurnKey(game_id, float(turn_started), 0)
            claims = await asyncio.gather(
                *(
                    s.claim_notice(turn, "reminder", 50.0, lambda last: last is None, [NewDelivery("dm", {})])
                    for s in schedules
                )
            )
            assert sorted(claims) == [False, True], turn_started
        owed = await stores[0].pending_deliveries()
        assert len([d for d in owed if d.kind == "dm"]) == 20
    finally:
        for store in stores:
            await store.close()


# ---- the two schemas are one ------------------------------------------------------------------------------
SAME_TYPE = {"INTEGER": {"integer", "bigint"}, "REAL": {"double precision"}, "TEXT": {"text"}}


async def sqlite_schema(path: Path) -> tuple[dict[tuple[str, str], tuple[str, bool, bool]], set[str], set[str]]:
    """Columns (type, not null, in the key), index names, and each CHECK as "table: condition"."""
    db = await open_database(path)
    columns, indexes, checks = {}, set(), set()
    tables = "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    for table in await db.fetch(tables):
        name = table["name"]
        checks |= {f"{name}: {' '.join(c.split())}" for c in re.findall(r"CHECK \((.*?)\)\s*[,\n]", table["sql"])}
        for col in await db.fetch(f"PRAGMA table_info({name})"):
            columns[(name, col["name"])] = (col["type"], bool(col["notnull"]) or col["pk"] > 0, col["pk"] > 0)
        indexes |= {i["name"] for i in await db.fetch(f"PRAGMA index_list({name})") if i["origin"] == "c"}
    await db.close()
    return columns, indexes, checks


async def test_the_postgres_schema_has_every_table_column_key_and_index_of_the_sqlite_one(
    postgres_url: str, tmp_path: Path
) -> None:
    assert [n for n, _ in migrations("postgres")] == [n for n, _ in migrations("sqlite")]
    lite_columns, lite_indexes, lite_checks = await sqlite_schema(tmp_path / "x.db")
    db = await open_database(postgres_url)
    rows = await db.fetch(
        "SELECT c.table_name, c.column_name, c.data_type, c.is_nullable,"
        " EXISTS (SELECT 1 FROM information_schema.key_column_usage k JOIN information_schema.table_constraints t"
        "   ON t.constraint_name = k.constraint_name AND t.constraint_type = 'PRIMARY KEY'"
        "   WHERE k.table_name = c.table_name AND k.column_name = c.column_name) AS pk"
        " FROM information_schema.columns c"
        " WHERE c.table_schema = current_schema() AND c.table_name <> 'schema_migrations'"
    )
    pg_indexes = {
        r["indexname"]
        for r in await db.fetch("SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()")
        if not r["indexname"].endswith("_pkey")
    }
    pg_checks = await db.fetch(
        "SELECT conrelid::regclass::text AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint"
        " WHERE contype = 'c' AND connamespace = current_schema()::regnamespace"
    )
    await db.close()
    pg_columns = {(r["table_name"], r["column_name"]): r for r in rows}
    assert set(pg_columns) == set(lite_columns)
    for key, (kind, not_null, pk) in lite_columns.items():
        column = pg_columns[key]
        assert column["data_type"] in SAME_TYPE[kind], key
        assert (column["is_nullable"] == "NO", column["pk"]) == (not_null, pk), key
        if key[1] == "id" or key[1].endswith("_id"):
            assert column["data_type"] == "bigint", key
    assert pg_indexes == lite_indexes
    assert len(pg_checks) == len(lite_checks) == 5
    for check in lite_checks:  # the same values allowed: each quoted word of the SQLite CHECK in the PostgreSQL one
        table, condition = check.split(": ", 1)
        column = condition.split()[0]
        found = [c["def"] for c in pg_checks if c["name"] == table and f"({column} = " in c["def"]]
        assert len(found) == 1 and set(re.findall(r"'(\w+)'", condition)) == set(re.findall(r"'(\w+)'", found[0]))
