"""``python -m bench.versus``: one engine's random games/s, an older commit against the working tree, side by side.

``python -m bench.versus --base REV [--game cairo] [--players 2,4] [--rounds 3] [--seconds 5] [--clock cpu]``
unpacks ``REV`` (``git archive``) into a temporary folder and times ``bench.__main__.bench_engine`` (through
``apply`` and in place) in a fresh process per measurement, alternating the old tree and this one round by
round so that the machine's load falls on both alike; prints each round and the medians as a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
MEASURE = (
    "import json, sys, time; from bench.__main__ import bench_engine; "
    "time.perf_counter = time.process_time if sys.argv[4] == 'cpu' else time.perf_counter; "
    "print(json.dumps(bench_engine(sys.argv[1], int(sys.argv[2]), float(sys.argv[3]))))"
)


def measure(tree: Path, game: str, players: int, seconds: float, clock: str) -> dict[str, float]:
    """``bench_engine`` run in a fresh process on the code of ``tree`` (``clock``: "wall" or "cpu" seconds)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", MEASURE, game, str(players), str(seconds), clock],
        cwd=tree,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    found: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.versus", description=__doc__)
    parser.add_argument("--base", required=True, help="the older commit (any git revision)")
    parser.add_argument("--game", default="cairo")
    parser.add_argument("--players", default="2,4", help="player counts, comma-separated")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement and path")
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="cpu: games per second of the process's own CPU time (steadier on a shared, loaded machine)",
    )
    args = parser.parse_args()
    print(f"Load average before: {', '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        archive = subprocess.run(["git", "archive", args.base], cwd=HERE, check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(base)], input=archive, check=True)
        trees = {args.base: base, "now": HERE}
        rows = []
        for players in (int(p) for p in args.players.split(",")):
            runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
            for round_ in range(args.rounds):
                for name, tree in trees.items():
                    found = measure(tree, args.game, players, args.seconds, args.clock)
                    runs[name].append(found)
                    print(
                        f"round {round_ + 1} {name} {players} players: {found['games_per_s']:.1f} through apply, "
                        f"{found['in_place_games_per_s']:.1f} in place",
                        flush=True,
                    )
            medians = {
                name: [statistics.median(r[key] for r in found) for key in ("games_per_s", "in_place_games_per_s")]
                for name, found in runs.items()
            }
            (old_apply, old_place), (new_apply, new_place) = medians[args.base], medians["now"]
            rows.append(
                f"| {args.game} | {players} | {old_apply:.1f} | {new_apply:.1f} | {new_apply / old_apply:.2f}× | "
                f"{old_place:.1f} | {new_place:.1f} | {new_place / old_place:.2f}× |"
            )
    print(f"Load average after: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print()
    print(f"Medians of {args.rounds} rounds, {args.seconds:g} s ({args.clock} time) each:")
    print()
    print(
        f"| game | players | apply {args.base} | apply now | × | in place {args.base} | in place now | × |\n"
        "|---|---|---|---|---|---|---|---|"
    )
    print("\n".join(rows))


if __name__ == "__main__":
    main()
