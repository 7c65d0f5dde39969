"""Recorded reference games: one seeded game per game and player count, written out step by step as text.

The models are python-chess's perft counts and OpenSpiel's playthroughs: a change to any rule, any
event or any view shows up as a line that differs from the recording. ``tests/reference/`` holds one
file per game and player count (``marrakech-3p.txt`` ...). Each file is a header (format version,
game, player count, options as resolved, seed, how moves were chosen, whole game or prefix), then
each step, starting with step 0 (the new game, before any move)::

    14 CHANCE of 4: "roll 1"
      roll facing="N" roll=1 round_border=false seat=1 square="a4"
      tribute amount=4 due=4 payee_seat=0 seat=1
      views s=5680762fa5c7 0=a58d959382e6 1=0425e937a220

that is: the step number, who moved (a seat, or ``CHANCE``), how many legal moves (or chance
outcomes) there were, the move chosen; then one line per event in the engine's order (code, then
parameters sorted by name as compact JSON; a secret event also says whose it is and what everybody
else reads); then a digest of the spectator's view (``s``) and of each seat's after the step (the
first 12 hex digits of the SHA-256 of the view's canonical JSON: keys sorted, no spaces). The last
line is the outcome. Nothing depends on dict order or on ``PYTHONHASHSEED``.

Moves are chosen as the conformance test chooses them: one ``random.Random(seed)`` draws each chance
outcome with ``engine.sample_chance`` (by ``chance_odds``) and each player's move with
``rng.choice(legal_moves)``. A game is recorded whole unless it runs past ``MAX_STEPS``; then the
header says it is a prefix.

``tests/test_reference_games.py`` replays every file from its header and fails with a unified diff
of the first differences. To record them again, on purpose, after a deliberate rule or view change
(review the diff in git before committing)::

    python tests/reference_games.py --write     # rewrite every file
    python tests/reference_games.py             # check only: print the diffs, exit 1 if any

Run from anywhere: as a script it puts this checkout's root first on ``sys.path``, so it records this
checkout's engines and never an installed copy. (``tests`` is not a package: the test imports this
module as ``reference_games``, as ``conftest`` imports ``pgserver``.)
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import random
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engines.base import Engine, Event, StateLike

FORMAT = 1
"""Bumped when the file layout changes (every file is then recorded again)."""
MAX_STEPS = 3000
"""Games longer than this are recorded as a prefix of this many steps (none is today: the longest, Jambo's, is 572)."""
SEED = 1
"""The seed every recording uses (a file's header names its own, and replay uses that)."""
DIGEST_HEX = 12
FOLDER = Path(__file__).resolve().parent / "reference"
PICKER = "random.Random(seed): chance by engine.sample_chance (chance_odds), players by rng.choice(legal_moves)"
DIFF_LINES = 80
"""How many lines of a unified diff a failure shows."""


@dataclass(frozen=True)
class Case:
    """One recorded game: which game, how many players, its options (None: the game's defaults), the seed."""

    game: str
    players: int
    options: dict[str, bool | int | str] | None = None
    seed: int = SEED
    max_steps: int = MAX_STEPS

    @property
    def path(self) -> Path:
        return FOLDER / f"{self.game}-{self.players}p.txt"


def _engines() -> ModuleType:
    import engines  # imported late: as a script, main() first puts this checkout's root on sys.path

    return engines


def cases() -> list[Case]:
    """Every game found, at every player count it supports, with its default options."""
    return [
        Case(engine.name, players)
        for engine in _engines().all_engines()
        for players in range(engine.min_players, engine.max_players + 1)
    ]


def canonical_json(value: Any) -> str:
    """Compact JSON with sorted keys: the same text whatever order a dict was built in."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def format_event(event: Event) -> str:
    """``code key=value ...`` with parameters sorted by name; a secret event names its seat and what others read."""
    text = " ".join([event.code, *(f"{key}={canonical_json(event.params[key])}" for key in sorted(event.params))])
    if event.seat is not None:
        others = format_event(event.public) if event.public is not None else "nothing"
        text += f"  [seat {event.seat} only; others read: {others}]"
    return text


def view_digests(engine: Engine, state: StateLike) -> str:
    """``s=... 0=... 1=...``: a short SHA-256 of the spectator's and each seat's view as canonical JSON."""
    parts = []
    for viewer in [None, *range(state.num_players)]:
        text = canonical_json(engine.view(state, viewer).model_dump(mode="json"))
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGEST_HEX]
        parts.append(f"{'s' if viewer is None else viewer}={digest}")
    return "views " + " ".join(parts)


def _steps(engine: Engine, case: Case, options: dict[str, bool | int | str]) -> Iterator[str]:
    """The body's lines, step 0 (the new game) to the outcome."""
    from engines.base import CHANCE

    rng = random.Random(case.seed)
    state = engine.new_game(case.players, options)
    yield "0 start"
    yield "  " + view_digests(engine, state)
    for number in range(1, case.max_steps + 1):
        seat = engine.to_move(state)
        if seat is None:
            break
        moves = engine.legal_moves(state)
        if seat == CHANCE:
            move, who = engine.sample_chance(state, rng), "CHANCE"
        else:
            move, who = rng.choice(moves), f"seat {seat}"
        step = engine.transition(state, move)
        state = step.state
        yield f"{number} {who} of {len(moves)}: {json.dumps(step.move, ensure_ascii=False)}"
        for event in step.events:
            yield "  " + format_event(event)
        yield "  " + view_digests(engine, state)
    outcome = engine.outcome(state)
    if outcome is None:
        yield f"stopped after {case.max_steps} steps, game not over"
    else:
        yield f"outcome {canonical_json(outcome.model_dump(mode='json'))}"


def record(case: Case) -> list[str]:
    """The whole file for ``case``, as lines (no line ends)."""
    engine = _engines().get(case.game)
    options = engine.resolve_options(case.options)
    body = list(_steps(engine, case, options))
    steps = sum(1 for line in body if line[:1].isdigit()) - 1
    whole = not body[-1].startswith("stopped")
    extent = f"whole game, {steps} steps" if whole else f"prefix: the first {steps} steps (the game goes on)"
    header = [
        "# Bazaar reference game: regenerate with `python tests/reference_games.py --write` (see its docstring)",
        f"format: {FORMAT}",
        f"game: {engine.name}",
        f"players: {case.players}",
        f"options: {canonical_json(options)}",
        f"seed: {case.seed}",
        f"max steps: {case.max_steps}",
        f"moves: {PICKER}",
        f"recorded: {extent}",
        f"views: first {DIGEST_HEX} hex of sha256(canonical JSON), s = spectator, then each seat",
        "---",
    ]
    return header + body


def read_header(lines: Sequence[str]) -> Case:
    """The case a recorded file's header describes (ValueError if the header is not this format's)."""
    fields: dict[str, str] = {}
    for line in lines:
        if line == "---":
            break
        if line.startswith("#"):
            continue
        key, _, value = line.partition(": ")
        fields[key] = value
    if fields.get("format") != str(FORMAT):
        raise ValueError(f"recorded in format {fields.get('format')!r}, this recorder writes format {FORMAT}")
    options = json.loads(fields["options"])
    return Case(fields["game"], int(fields["players"]), options, int(fields["seed"]), int(fields["max steps"]))


def diff(expected: Sequence[str], actual: Sequence[str], name: str) -> str:
    """A unified diff of the first differences (at most ``DIFF_LINES`` lines), or "" when equal."""
    if list(expected) == list(actual):
        return ""
    lines = list(difflib.unified_diff(expected, actual, f"{name} (recorded)", f"{name} (now)", lineterm="", n=3))
    more = len(lines) - DIFF_LINES
    shown = lines[:DIFF_LINES] + ([f"... and {more} more diff lines"] if more > 0 else [])
    return "\n".join(shown)


def check(path: Path) -> str:
    """Replay the file at ``path`` from its header: "" if it matches, else a readable diff (or why not)."""
    expected = path.read_text(encoding="utf-8").splitlines()
    try:
        case = read_header(expected)
    except (ValueError, KeyError) as error:
        return f"{path.name}: cannot replay: {error}; record it again (python tests/reference_games.py --write)"
    return diff(expected, record(case), path.name)


def write(case: Case) -> Path:
    """Record ``case`` into its file."""
    case.path.parent.mkdir(parents=True, exist_ok=True)
    case.path.write_text("\n".join(record(case)) + "\n", encoding="utf-8")
    return case.path


def main(argv: Sequence[str] | None = None) -> int:
    """Check every recording (exit 1 on a difference), or with ``--write`` record them all again."""
    parser = argparse.ArgumentParser(description="Record or check the reference games in tests/reference/.")
    parser.add_argument("--write", action="store_true", help="record every game again (after a deliberate change)")
    args = parser.parse_args(argv)
    root = str(FOLDER.parent.parent)
    if root not in sys.path:
        sys.path.insert(0, root)
    if args.write:
        wanted = {case.path for case in cases()}
        for stale in sorted(set(FOLDER.glob("*.txt")) - wanted):
            stale.unlink()
            print(f"removed {stale.name} (no such game or player count)")
        for case in cases():
            path = write(case)
            print(f"wrote {path.name} ({path.stat().st_size:,} bytes)")
        return 0
    failed = False
    for case in cases():
        problem = check(case.path) if case.path.exists() else f"{case.path.name}: missing"
        if problem:
            failed = True
            print(problem)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
