"""``python -m bench.arena``: the computer at each level against baseline players; win shares and decision times.

For every game and player count asked, each level plays ``--games-per-pairing`` games against each
opponent (``random``, ``greedy``, the independent baselines of ``ai.baselines``: ``beginner`` in every game,
``ender`` and ``trader`` in Jambo, or another level): one computer seat and the rest opponents, the
computer's seat turning round the table from game to game. ``--jobs`` plays games in that many worker
processes at once (on a 16-core machine, ``--jobs 16``). The arena holds the real state and hands
every player only its seat's view (``ai.players``); chance moves are drawn from their odds. Printed:
the computer's share of the wins (a tie shared) with a 95 % Wilson interval, the fair share (1 / players),
their ratio, its decision time p50/p95/max over decisions with more than one legal move, as wall
time and as the process's CPU time (what the decision costs when the machine is shared), and its final score
less the others' mean (points, with its standard error).

Each finished game is appended to ``--results`` (JSON lines), so a long run can be stopped and
resumed, and ``--report`` prints the table of a file without playing; ``--json`` and ``--markdown`` also
write the table to files. Nothing here is a test.

    python -m bench.arena --game marrakech --players 2 --level normal --games-per-pairing 50 --jobs 2
    python -m bench.arena --players 2 --opponent beginner --opponent ender --opponent trader \
        --games-per-pairing 100 --no-cap --jobs 16 --results arena.jsonl --json arena.json --markdown arena.md
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path

import engines
from ai import LEVELS, GreedyPlayer, Player, RandomPlayer, SearchPlayer
from ai.baselines import BASELINES
from ai.baselines import make as make_baseline
from ai.baselines import plays as baseline_plays
from ai.evaluate import margins
from engines.base import CHANCE, AnyEngine

OPPONENTS = ("random", "greedy", "beginner", "ender", "trader")
"""The opponents by default: each game meets those of them that play it (``ai.baselines.plays``)."""


def plays(opponent: str, game: str) -> bool:
    """Whether ``opponent`` can play ``game``: the levels, random and greedy play all; a baseline its own."""
    return opponent not in BASELINES or baseline_plays(opponent, game)


@dataclass(frozen=True)
class Pairing:
    """One line of the table: a game, a player count, the computer's level and its opponents."""

    game: str
    players: int
    level: str
    opponent: str
    scale: float = 1.0
    capped: bool = True
    tune: str = ""
    """Changes to the measured level's search settings (``ai.players.tuned``), for trials."""


@dataclass(frozen=True)
class Task:
    """One game of a pairing: ``index`` seats the computer at ``index % players`` and seeds the game."""

    pairing: Pairing
    index: int


@dataclass
class Record:
    """A finished game: the computer's share of the win and the seconds of its decisions that had a choice."""

    game: str
    players: int
    level: str
    opponent: str
    index: int
    share: float
    times: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    moves: int = 0
    scale: float = 1.0
    capped: bool = True
    tune: str = ""
    margin: float | None = None
    """The computer's final score less the others' mean, in points (None in files written before it was kept): a
    trial's effect shows in it sooner than in the wins, and it tells a win bought by risk from one bought by points."""


def make_player(name: str, scale: float = 1.0, capped: bool = True, tune: str = "") -> Player:
    """``random``, ``greedy``, a baseline (``ai.baselines``) or a level name (its iterations times ``scale``,
    its time cap or none)."""
    if name == "random":
        return RandomPlayer()
    if name == "greedy":
        return GreedyPlayer()
    if name in BASELINES:
        return make_baseline(name)
    if name not in LEVELS:
        raise ValueError(f"unknown player {name!r}: random, greedy, {', '.join(BASELINES)} or a level")
    return SearchPlayer(name, scale, capped, tune)


def play(engine: AnyEngine, players: list[Player], seed: str, timed: int) -> tuple[list[int], Record]:
    """One game: the winners, and the moves made and seat ``timed``'s decision times (those with a choice)."""
    rng = random.Random(seed)
    state = engine.new_game(len(players))
    record = Record("", 0, "", "", 0, 0.0)
    while (seat := engine.to_move(state)) is not None:
        if seat == CHANCE:
            move = engine.sample_chance(state, rng)
        else:
            wall, cpu = time.perf_counter(), time.process_time()
            move = players[seat].choose(engine, engine.view(state, seat), rng.getrandbits(32))
            if seat == timed and len(engine.legal_moves(state)) > 1:
                record.times.append(time.perf_counter() - wall)
                record.cpu.append(time.process_time() - cpu)
        state = engine.apply(state, move)  # refuses an illegal move
        record.moves += 1
    outcome = engine.outcome(state)
    assert outcome is not None
    record.margin = margins(outcome.scores, "mean")[timed]
    return outcome.winners, record


def run_task(task: Task) -> Record:
    """Play one game of a pairing (in a worker process)."""
    pairing = task.pairing
    seat = task.index % pairing.players
    players = [make_player(pairing.opponent, pairing.scale, pairing.capped) for _ in range(pairing.players)]
    players[seat] = make_player(pairing.level, pairing.scale, pairing.capped, pairing.tune)
    seed = f"{pairing.game}/{pairing.players}/{pairing.level}/{pairing.opponent}/{pairing.scale:g}/{task.index}"
    winners, played = play(engines.get(pairing.game), players, seed, seat)
    share = 1 / len(winners) if seat in winners else 0.0
    return Record(
        **asdict(pairing),
        index=task.index,
        share=share,
        times=played.times,
        cpu=played.cpu,
        moves=played.moves,
        margin=played.margin,
    )


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion (ties count as fractions of a win)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank); 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(records: Iterable[Record]) -> list[dict[str, object]]:
    """One entry per pairing: its games, the computer's win share with its 95 % Wilson interval, decision times."""
    grouped: dict[Pairing, list[Record]] = defaultdict(list)
    for record in records:
        grouped[pairing_of(record)].append(record)
    rows: list[dict[str, object]] = []
    for pairing in sorted(grouped, key=lambda p: (p.game, p.players, p.scale, rank(p.level), rank(p.opponent))):
        games = grouped[pairing]
        wins = sum(r.share for r in games)
        low, high = wilson(wins, len(games))
        times = [t for r in games for t in r.times]
        cpu = [t for r in games for t in r.cpu]
        kept = [r.margin for r in games if r.margin is not None]
        rows.append(
            {
                **asdict(pairing),
                "player": named(pairing.level, pairing.scale, pairing.capped)
                + (f" [{pairing.tune}]" if pairing.tune else ""),
                "against": named(pairing.opponent, pairing.scale, pairing.capped),
                "games": len(games),
                "wins": wins,
                "share": wins / len(games),
                "low": low,
                "high": high,
                "fair": wins / len(games) * pairing.players,
                "decisions": len(times),
                "wall_p50": percentile(times, 0.5),
                "wall_p95": percentile(times, 0.95),
                "wall_max": max(times, default=0.0),
                "cpu_p50": percentile(cpu, 0.5),
                "cpu_p95": percentile(cpu, 0.95),
                "margin": sum(kept) / len(kept) if kept else None,
                "margin_se": statistics.stdev(kept) / math.sqrt(len(kept)) if len(kept) > 1 else None,
            }
        )
    return rows


def rank(player: str) -> tuple[int, str]:
    """Levels first, in their order; then the other players by name."""
    return (list(LEVELS).index(player), "") if player in LEVELS else (len(LEVELS), player)


def table(records: Iterable[Record]) -> str:
    """The Markdown table of the computer's results, one line per pairing."""
    lines = [
        "| game | players | level | opponent | games | win share | 95 % interval | × fair share | "
        "decision p50 s | p95 s | max s | CPU p50 s | CPU p95 s | score − others' mean |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in summary(records):
        margin, error = row["margin"], row["margin_se"]
        points = "—" if not isinstance(margin, float) else f"{margin:+.1f}"
        if isinstance(margin, float) and isinstance(error, float):
            points += f" ± {error:.1f}"
        lines.append(
            f"| {row['game']} | {row['players']} | {row['player']} | {row['against']} | {row['games']} | "
            f"{row['share']:.1%} | {row['low']:.1%}–{row['high']:.1%} | {row['fair']:.2f} | "
            f"{row['wall_p50']:.3f} | {row['wall_p95']:.3f} | {row['wall_max']:.3f} | "
            f"{row['cpu_p50']:.3f} | {row['cpu_p95']:.3f} | {points} |"
        )
    return "\n".join(lines)


def pairing_of(record: Record) -> Pairing:
    """The pairing a recorded game belongs to."""
    return Pairing(record.game, record.players, record.level, record.opponent, record.scale, record.capped, record.tune)


def named(player: str, scale: float, capped: bool = True) -> str:
    """A player's name in the table: a level shows its scale (``normal×0.1``) and a lifted cap (``normal, no cap``)."""
    if player not in LEVELS:
        return player
    return (f"{player}×{scale:g}" if scale != 1 else player) + ("" if capped else ", no cap")


def read_records(path: Path | None) -> list[Record]:
    """The games already recorded in ``path`` (none if there is no file)."""
    if path is None or not path.exists():
        return []
    return [Record(**json.loads(line)) for line in path.read_text().splitlines() if line.strip()]


def tasks(pairings: list[Pairing], games: int, done: set[tuple[Pairing, int]], first: int = 0) -> Iterator[Task]:
    """Every game still to play (indices ``first`` to ``first + games - 1``), pairing by pairing, interleaved so that
    partial runs cover every pairing."""
    for index in range(first, first + games):
        for pairing in pairings:
            if (pairing, index) not in done:
                yield Task(pairing, index)


def pairings_asked(args: argparse.Namespace) -> list[Pairing]:
    """The pairings the command line asks for (every game, player count, level and opponent by default)."""
    names = [n for item in args.game or engines.names() for n in item.split(",")]
    found = []
    for name in names:
        engine = engines.get(name)
        counts = args.players or range(engine.min_players, engine.max_players + 1)
        for players in counts:
            if engine.min_players <= players <= engine.max_players:
                for level in args.level or LEVELS:
                    for opponent in args.opponent or [o for o in OPPONENTS if plays(o, engine.name)]:
                        found.append(
                            Pairing(engine.name, players, level, opponent, args.scale, not args.no_cap, args.tune)
                        )
    return found


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", "--games", action="append", help="a game (repeat or comma-separate; default all)")
    parser.add_argument("--players", type=int, action="append", help="a player count (repeat; default all)")
    parser.add_argument(
        "--level", action="append", help="the player measured: a level (default all), or any player the opponents name"
    )
    parser.add_argument(
        "--opponent",
        action="append",
        help="random, greedy, beginner, ender, trader (Jambo) or a level (repeat; default the first five)",
    )
    parser.add_argument("--games-per-pairing", type=int, default=200, help="games per pairing (default 200)")
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        help="the first game's index (its seed and seat): trials judged on seeds no setting was chosen on (default 0)",
    )
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the levels' iterations (quick runs)")
    parser.add_argument(
        "--no-cap",
        action="store_true",
        help="lift the levels' time caps: the play then depends on the seeds only, not on how busy the machine is",
    )
    parser.add_argument(
        "--tune", default="", help="change the measured level's search settings, e.g. playout=0,widen=3 (trials)"
    )
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--results", type=Path, help="JSON lines file: append each game, skip games already there")
    parser.add_argument("--report", action="store_true", help="only print the table of --results")
    parser.add_argument("--json", type=Path, help="write the table's figures to this JSON file")
    parser.add_argument("--markdown", type=Path, help="write the Markdown table to this file")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    records = read_records(args.results)
    if not args.report:
        pairings = pairings_asked(args)
        done = {(pairing_of(r), r.index) for r in records}
        todo = list(tasks(pairings, args.games_per_pairing, done, args.first))
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for future in as_completed([pool.submit(run_task, task) for task in todo]):
                record = future.result()
                records.append(record)
                if args.results is not None:
                    with args.results.open("a") as out:
                        out.write(json.dumps(asdict(record)) + "\n")
        wanted = set(pairings)
        records = [r for r in records if pairing_of(r) in wanted]
    text = table(records)
    print(text)
    if args.markdown is not None:
        args.markdown.write_text(text + "\n")
    if args.json is not None:
        args.json.write_text(json.dumps(summary(records), indent=1) + "\n")


if __name__ == "__main__":
    main()
