"""The arena (``bench.arena``): its sums and intervals, its refusal of illegal moves, and the levels' order.

The levels must order by strength: in a short arena run for two (the levels' budgets scaled down to a tenth,
no time caps) ``normal`` beats ``easy`` in Marrakech and ``hard`` beats ``normal`` in Morocco, head to head, seats
alternating.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any, cast

import pytest

import engines
from ai import RandomPlayer
from bench.arena import Pairing, Record, Task, main, pairings_asked, parse, play, run_task, table, tasks, wilson
from engines.base import AnyEngine, Engine, IllegalMove, View


class Cheater:
    """A player that answers with something that is no move."""

    name = "cheater"

    def choose(self, engine: Engine, view: View, seed: int) -> str:
        return "take everything"


def test_the_wilson_interval_matches_known_values() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(10, 10)
    assert low == pytest.approx(0.7225, abs=1e-4) and high == 1


def test_the_arena_refuses_a_move_that_is_not_legal() -> None:
    with pytest.raises(IllegalMove):
        play(engines.get("marrakech"), [Cheater(), RandomPlayer()], "seed", 0)


def test_a_game_played_gives_its_winner_share_and_times_only_real_choices() -> None:
    record = run_task(Task(Pairing("marrakech", 3, "easy", "random", 0.2), 1))
    assert record.share in (0.0, 1 / 3, 1 / 2, 1.0)
    assert record.moves > 0 and record.times and len(record.times) == len(record.cpu)
    assert len(record.times) <= record.moves


def test_the_table_shares_a_tie_and_names_scaled_levels() -> None:
    records = [
        Record("marrakech", 2, "normal", "greedy", index, share, [0.1, 0.3], [0.1, 0.2], 100, 0.5, margin=margin)
        for index, (share, margin) in enumerate(((1.0, 6.0), (0.5, 0.0), (0.0, -4.0), (0.5, 2.0)))
    ]
    text = table(records)
    row = text.splitlines()[-1]
    assert "| marrakech | 2 | normal×0.5 | greedy | 4 | 50.0% |" in row
    assert "| 1.00 |" in row  # × fair share for two players
    assert row.endswith("| +1.0 ± 2.1 |"), "the final score's mean margin over the others, with its standard error"


class Scored:
    """An engine that keeps the last outcome it was asked for (everything else is the engine's)."""

    def __init__(self, engine: AnyEngine) -> None:
        self.engine = engine
        self.scores: list[int] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)

    def outcome(self, state: Any) -> Any:
        found = self.engine.outcome(state)
        if found is not None:
            self.scores = list(found.scores)
        return found


def test_a_game_played_keeps_the_measured_seats_final_margin_over_the_others() -> None:
    seen = set()
    for seats, seed in ((2, "a"), (2, "b"), (2, "c"), (3, "d"), (3, "e")):
        engine = Scored(engines.get("marrakech"))
        winners, record = play(cast(AnyEngine, engine), [RandomPlayer() for _ in range(seats)], seed, 1)
        others = [score for seat, score in enumerate(engine.scores) if seat != 1]
        assert record.margin == pytest.approx(engine.scores[1] - sum(others) / len(others)), "over the others' mean"
        seen.add(record.margin > 0)
        if seats == 2 and record.margin != 0:
            assert (1 in winners) == (record.margin > 0), "between two the one ahead on points wins"
        if 1 in winners:
            assert record.margin >= 0, "a winner scores at least the others' mean"
    assert seen == {True, False}, "the seeds give the measured seat a win and a loss"


def share(level: str, opponent: str, games: int, scale: float, game: str = "marrakech") -> float:
    """The level's share of the wins against ``opponent`` in ``game`` for two, seats alternating, without the levels'
    time caps: the games depend on their seeds only, not on how busy the machine running the suite is."""
    pairing = Pairing(game, 2, level, opponent, scale, capped=False)
    return sum(run_task(Task(pairing, index)).share for index in range(games)) / games


@pytest.mark.slow
def test_levels_order_by_strength_in_a_short_arena_run() -> None:
    """``normal`` beats ``easy`` (Marrakech), ``hard`` beats ``normal`` where more search buys more (Morocco's tree
    search). Marrakech's ``hard`` is not shown stronger than its ``normal`` (both expectimax; docs/BENCHMARKS.md,
    issue #21): its extra budget buys little at a tenth of it. The suite's longest test: it plays four Morocco
    games (10-18 s of CPU each at a tenth of the budget), where six made it 78 s."""
    assert share("normal", "easy", 6, 0.1) > 0.5
    assert share("hard", "normal", 4, 0.1, game="morocco") > 0.5


def test_the_arena_writes_its_table_as_json_and_markdown_with_intervals_and_sizes(tmp_path: Path) -> None:
    results = tmp_path / "games.jsonl"
    records = [
        Record("jambo", 2, "normal", "ender", index, share, [0.2], [0.1], 50) for index, share in enumerate((1, 1, 0))
    ]
    results.write_text("".join(json.dumps(asdict(r)) + "\n" for r in records))
    main(
        [
            "--results",
            str(results),
            "--report",
            "--json",
            str(tmp_path / "t.json"),
            "--markdown",
            str(tmp_path / "t.md"),
        ]
    )
    (row,) = json.loads((tmp_path / "t.json").read_text())
    assert (row["games"], row["wins"], row["against"]) == (3, 2, "ender")
    assert (row["low"], row["high"]) == pytest.approx(wilson(2, 3))
    assert "| jambo | 2 | normal | ender | 3 | 66.7% |" in (tmp_path / "t.md").read_text()


def test_the_arena_pits_each_game_against_its_own_baselines_by_default() -> None:
    asked = pairings_asked(parse(["--players", "2", "--level", "normal"]))
    opponents = {(p.game, p.opponent) for p in asked}
    assert {("jambo", "ender"), ("jambo", "trader"), ("marrakech", "beginner"), ("cairo", "beginner")} <= opponents
    assert ("marrakech", "ender") not in opponents


def test_the_arena_can_start_at_a_later_game_so_a_trial_is_judged_on_fresh_seeds() -> None:
    """``--first 100`` plays games 100 on (each index its own seed and seat), skipping those already recorded."""
    pairing = Pairing("cairo", 3, "normal", "beginner")
    assert parse(["--first", "100"]).first == 100
    todo = list(tasks([pairing], 3, {(pairing, 101)}, first=100))
    assert [task.index for task in todo] == [100, 102]
