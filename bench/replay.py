"""Animated replay build time and size for long seeded random games (docs/BENCHMARKS.md, "Animated replays").

    PYTHONPATH=. python bench/replay.py

For each game and player count, the longest of a few seeded random games (random legal moves, sampled chance)
is replayed into its animation (``bot.core.replay_image.replay_animation``) in this process, as a worker does.
"""

from __future__ import annotations

import random
import time

import engines
from bot.core.records import EntryKind, MoveRecord, SeatRecord
from bot.core.records_file import GameFile, build_record
from bot.core.replay_image import replay_animation, replay_layout, states_after_turns
from engines.base import CHANCE

CASES = (("marrakech", 4), ("cairo", 4), ("morocco", 4), ("jambo", 2))
SEEDS = range(4)


def random_game(game: str, players: int, seed: int) -> GameFile:
    engine = engines.get(game)
    rng = random.Random(seed)
    state = engine.new_game(players, {})
    log: list[MoveRecord] = []
    while (seat := engine.to_move(state)) is not None:
        chance = seat == CHANCE
        move = engine.sample_chance(state, rng) if chance else rng.choice(engine.legal_moves(state))
        state = engine.transition(state, move).state
        kind: EntryKind = "chance" if chance else "move"
        log.append(MoveRecord(1, len(log) + 1, seat, kind, move, None if chance else 10 + seat, 0.0))
    seats = [SeatRecord(1, 10 + i, f"Player {i + 1}", i, 0.0) for i in range(players)]
    return build_record(game, {}, "finished", seats, log, state, game_id=1)


def turns(record: GameFile) -> int:
    engine = engines.get(record.game)
    return len(states_after_turns(engine, engine.new_game(len(record.seats), record.options), record.log())) - 1


def main() -> None:
    print(f"layout {replay_layout()}")
    print("| game | players | turns | frames | frame size | format | size | build time |")
    print("|---|---|---|---|---|---|---|---|")
    for game, players in CASES:
        record = max((random_game(game, players, seed) for seed in SEEDS), key=turns)
        start = time.perf_counter()
        made = replay_animation(record)
        took = time.perf_counter() - start
        size = f"{made.size[0]}×{made.size[1]}"
        print(
            f"| {engines.get(game).title} | {players} | {made.turns} | {made.frames} | {size} | {made.format} "
            f"| {len(made.data) / 1024:.0f} KiB | {took:.1f} s |",
            flush=True,
        )


if __name__ == "__main__":
    main()
