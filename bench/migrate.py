"""``bazaar migrate`` against the clock: N stored games copied SQLite → PostgreSQL, batch by batch.

    .ci/with-postgres python -m bench.migrate --games 20000 [--batch 2000] [--json docs/bench-migrate.json]

The source is a SQLite file filled by ``bench.population`` (real games of every engine, 90 % finished;
kept between runs under ``--source`` and reused when it holds N games); the target a fresh PostgreSQL
database on the server ``--postgres`` (default ``BAZAAR_TEST_POSTGRES``). It prints the whole time, the
copy and the check (counts and every game replayed) apart, rows per second, and the per-batch times of
the largest table by tenths of the table — flat when each batch costs the same wherever it lies (keyset
paging), rising when a batch costs more the further it is (``LIMIT … OFFSET``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import time
import uuid
from collections import defaultdict
from pathlib import Path
from typing import Any

import asyncpg

from bench.population import populate, populated_games
from bot.core.migrate import BATCH, migrate


def with_database(url: str, name: str) -> str:
    base, _, _ = url.rpartition("/")
    return f"{base}/{name}"


async def source_file(path: Path, games: int) -> dict[str, Any]:
    """The populated SQLite source (filled now unless it already holds ``games`` games)."""
    if path.exists() and await populated_games(str(path)) == games:
        return {"populated_now": False}
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    done = await populate(str(path), games)
    print(f"populated {path}: {done.games} games ({done.active} active), {done.moves} moves in {done.seconds:.0f} s")
    return {"populated_now": True, "populate_s": round(done.seconds, 1)}


def tenths(times: list[float]) -> list[float]:
    """Mean batch time (ms) in each tenth of a table's batches, in order."""
    if not times:
        return []
    size = max(1, len(times) // 10)
    return [round(statistics.fmean(times[i : i + size]) * 1000, 1) for i in range(0, len(times), size)][:10]


async def run(args: argparse.Namespace) -> dict[str, Any]:
    server = args.postgres or os.environ.get("BAZAAR_TEST_POSTGRES", "")
    if not server:
        raise SystemExit("no PostgreSQL server: --postgres URL or BAZAAR_TEST_POSTGRES (.ci/with-postgres sets it)")
    source = Path(args.source or f"var/bench-migrate-{args.games}.db")
    result: dict[str, Any] = {"games": args.games, "batch": args.batch, **await source_file(source, args.games)}
    name = f"bazaar_migrate_bench_{uuid.uuid4().hex[:8]}"
    admin = await asyncpg.connect(server)
    await admin.execute(f'CREATE DATABASE "{name}"')
    await admin.close()
    target = with_database(server, name)
    batches: dict[str, list[float]] = defaultdict(list)
    rows: dict[str, int] = defaultdict(int)

    def on_batch(table: str, count: int, seconds: float) -> None:
        batches[table].append(seconds)
        rows[table] += count

    try:
        cpu_before = os.times()
        began = time.perf_counter()
        report = await migrate(str(source), target, batch=args.batch, on_batch=on_batch)
        total = time.perf_counter() - began
        cpu_after = os.times()
    finally:
        admin = await asyncpg.connect(server)
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()
    copy_s = sum(sum(times) for times in batches.values())
    largest = max(batches, key=lambda t: len(batches[t]))
    result |= {
        "ok": report.ok,
        "total_s": round(total, 1),
        "copy_s": round(copy_s, 1),
        "check_s": round(total - copy_s, 1),
        "phases_s": {phase: round(seconds, 1) for phase, seconds in report.seconds.items()},
        "rows": dict(rows),
        "rows_per_s": round(sum(rows.values()) / copy_s),
        "verified_games": report.verified,
        "largest_table": largest,
        "largest_batches": len(batches[largest]),
        "largest_batch_ms_by_tenth": tenths(batches[largest]),
        "cpu_s": {  # CPU time, which the machine's load barely changes (PostgreSQL's own is not counted)
            "this_process": round(cpu_after.user + cpu_after.system - cpu_before.user - cpu_before.system, 1),
            "replay_workers": round(
                cpu_after.children_user
                + cpu_after.children_system
                - cpu_before.children_user
                - cpu_before.children_system,
                1,
            ),
        },
        "cpu_count": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    return result


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.migrate", description=__doc__)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--batch", type=int, default=BATCH)
    parser.add_argument("--source", default=None, help="the SQLite source (default var/bench-migrate-N.db)")
    parser.add_argument("--postgres", default=None, help="a PostgreSQL server address (default BAZAAR_TEST_POSTGRES)")
    parser.add_argument("--json", default=None, help="also write the figures to this file")
    args = parser.parse_args()
    result = asyncio.run(run(args))
    text = json.dumps(result, indent=2)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
