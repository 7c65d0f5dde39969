"""``python -m bench``: measure engines, rendering and end-to-end move latency; print Markdown tables.

Engines are timed two ways: through the public ``apply`` (what a move in the bot costs) and "in place"
(``copy`` once, then ``apply_in_place``: what the computer player's playouts cost).

Figures are recorded in docs/BENCHMARKS.md. Nothing here is a test: it only measures.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import statistics
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import engines
import render
from bench.e2e import bench_latency
from bot.core.pictures import picture_words
from engines.base import CHANCE, Engine, GameState


def random_game(engine: Engine, players: int, rng: random.Random) -> tuple[GameState, int, list[GameState]]:
    """Play one seeded random game; returns the final state, its length and a few snapshots."""
    state = engine.new_game(players)
    steps = 0
    snapshots = []
    while (seat := engine.to_move(state)) is not None:
        move = engine.sample_chance(state, rng) if seat == CHANCE else rng.choice(engine.legal_moves(state))
        state = engine.apply(state, move)
        steps += 1
        if steps % 25 == 0:
            snapshots.append(state)
    return state, steps, snapshots


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def in_place_game(engine: Engine, players: int, rng: random.Random) -> int:
    """Play one seeded random game the way the computer's playouts do (``apply_in_place``, no events); its length."""
    state = engine.copy(engine.new_game(players))
    steps = 0
    while (seat := engine.to_move(state)) is not None:
        move = engine.sample_chance(state, rng) if seat == CHANCE else rng.choice(engine.legal_moves(state))
        engine.apply_in_place(state, move)
        steps += 1
    return steps


def games_per_s(play: Callable[[random.Random], int], seconds: float) -> tuple[float, float, int]:
    """Games/s, moves/s and games played by calling ``play(rng)`` (one game, returns its length) for ``seconds``."""
    rng = random.Random(1)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        moves += play(rng)
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed, games


def bench_engine(name: str, players: int, seconds: float) -> dict[str, Any]:
    engine = engines.get(name)
    per_s, moves_per_s, games = games_per_s(lambda rng: random_game(engine, players, rng)[1], seconds)
    in_place_per_s, _, _ = games_per_s(lambda rng: in_place_game(engine, players, rng), seconds)
    rng = random.Random(1)
    tracemalloc.start()  # measured on one more game: tracing slows everything down
    random_game(engine, players, rng)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "games_per_s": per_s,
        "in_place_games_per_s": in_place_per_s,
        "moves_per_s": moves_per_s,
        "moves_per_game": moves_per_s / per_s if games else 0.0,
        "peak_mib": peak / 2**20,
    }


def bench_render(name: str, players: int, samples: int) -> dict[str, Any]:
    engine = engines.get(name)
    rng = random.Random(2)
    views = []
    while len(views) < samples:
        final, _, snapshots = random_game(engine, players, rng)
        for state in [*snapshots, final]:
            views.append(engine.view(state, None).with_names([f"Player {i + 1}" for i in range(players)]))
    words = picture_words(name, "en")  # the words the bot draws with
    render.render_board(views[0], words=words)  # warm caches (fonts, static layers)
    times, sizes = [], []
    for view in views[:samples]:
        start = time.perf_counter()
        png = render.render_board(view, words=words)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(png))
    return {
        "p50_ms": statistics.median(times),
        "p95_ms": percentile(times, 0.95),
        "png_kb_median": statistics.median(sizes) / 1024,
        "png_kb_max": max(sizes) / 1024,
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per engine benchmark")
    parser.add_argument("--renders", type=int, default=60, help="boards rendered per game")
    parser.add_argument("--moves", type=int, default=60, help="end-to-end moves measured per game")
    args = parser.parse_args()
    print(f"Load average before: {', '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    print()
    print("| game | players | random games/s | in place games/s | moves/s | moves/game | peak MiB |")
    print("|---|---|---|---|---|---|---|")
    for name in engines.names():
        engine = engines.get(name)
        for players in range(engine.min_players, engine.max_players + 1):
            r = bench_engine(name, players, args.seconds)
            print(
                f"| {name} | {players} | {r['games_per_s']:.1f} | {r['in_place_games_per_s']:.1f} | "
                f"{r['moves_per_s']:.0f} | {r['moves_per_game']:.0f} | {r['peak_mib']:.1f} |"
            )
    print()
    print("| game | render p50 ms | render p95 ms | PNG median KB | PNG max KB |")
    print("|---|---|---|---|---|")
    for name in engines.names():
        r = bench_render(name, engines.get(name).max_players, args.renders)
        print(f"| {name} | {r['p50_ms']:.1f} | {r['p95_ms']:.1f} | {r['png_kb_median']:.0f} | {r['png_kb_max']:.0f} |")
    print()
    print("| game | answer p50 ms | answer p99 ms | board posted p50 ms | board posted p99 ms | moves |")
    print("|---|---|---|---|---|---|")
    for name in engines.names():
        r = asyncio.run(bench_latency(name, args.moves))
        print(
            f"| {name} | {r['answer_p50_ms']:.1f} | {r['answer_p99_ms']:.1f} | {r['p50_ms']:.1f} | "
            f"{r['p99_ms']:.1f} | {r['moves']} |"
        )
    print()
    print(f"Peak resident memory of this process (bot, fake Discord, engines): {peak_rss_mib():.0f} MiB")


def peak_rss_mib() -> float:
    """The process's peak resident set size (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


if __name__ == "__main__":
    main()
