"""Recorded reference games (``tests/reference/``) replay exactly: any change to a rule, an event or a view shows.

One test per file re-runs the game its header describes and compares it line by line with the
recording, failing with a unified diff of the first differences (each game's smallest table in the quick run,
the others in the slow run). Every game and player count the
engines offer must have its file. After a deliberate change, record them again and review the diff in
git: ``python tests/reference_games.py --write`` (see ``tests/reference_games.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from reference_games import FOLDER, cases, check

RECORDED = sorted(FOLDER.glob("*.txt"))


def _table(path: Path) -> tuple[str, int]:
    """A recording's game and player count, from its name (``cairo-2p.txt``)."""
    game, players = path.stem.rsplit("-", 1)
    return game, int(players.removesuffix("p"))


FEWEST = {game: min((p for p in RECORDED if _table(p)[0] == game), key=_table) for game, _ in map(_table, RECORDED)}
"""Each game's recording at its fewest players (``GAME-Np.txt``): the quick run replays these; the larger tables,
whole games of up to 2 s each, replay in the slow run (CI)."""
REPLAYS = [
    pytest.param(path, id=path.stem, marks=[] if path in FEWEST.values() else [pytest.mark.slow]) for path in RECORDED
]


@pytest.mark.parametrize("path", REPLAYS)
def test_a_recorded_game_replays_exactly(path: Path) -> None:
    problem = check(path)
    if problem:
        pytest.fail(
            f"{path.name} no longer replays as recorded. If the change is intended, record again with "
            f"`python tests/reference_games.py --write` and review the diff.\n{problem}",
            pytrace=False,
        )


def test_every_game_and_player_count_is_recorded() -> None:
    wanted = sorted(case.path.name for case in cases())
    assert sorted(path.name for path in RECORDED) == wanted, "record with `python tests/reference_games.py --write`"
