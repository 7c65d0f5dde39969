"""Game records: export → replay round trips for every game, tampering caught, running games kept private."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import engines
from bot.core.records import MoveRecord, SeatRecord
from bot.core.records_file import (
    BadRecord,
    GameFile,
    build_record,
    check_record,
    dump_record,
    export_refusal,
    read_record,
    replay_to,
)
from engines.base import CHANCE

ROOT = Path(__file__).resolve().parent.parent
GAMES = {"marrakech": 3, "cairo": 2, "morocco": 2, "jambo": 2}


def random_game(game: str, players: int, seed: int, max_rows: int = 10_000) -> GameFile:
    """A seeded random game to its end, as a record (every chance outcome logged as the bot's)."""
    engine = engines.get(game)
    rng = random.Random(seed)
    state = engine.new_game(players, {})
    log: list[MoveRecord] = []
    while (seat := engine.to_move(state)) is not None and len(log) < max_rows:
        chance = seat == CHANCE
        move = engine.sample_chance(state, rng) if chance else rng.choice(engine.legal_moves(state))
        state = engine.transition(state, move).state
        log.append(
            MoveRecord(7, len(log) + 1, seat, "chance" if chance else "move", move, None if chance else 100 + seat, 1e9)
        )
    seats = [SeatRecord(7, 100 + i, f"Player{i}", i, 0.0, computer="normal" if i else None) for i in range(players)]
    status = "finished" if engine.outcome(state) is not None else "active"
    return build_record(game, {}, status, seats, log, state, game_id=7, exported_at=1e9)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_record_round_trips_and_replays_to_its_outcome(game: str) -> None:
    record = random_game(game, GAMES[game], seed=3)
    assert record.outcome is not None and record.status == "finished"
    text = dump_record(record)
    again = read_record(text)
    assert again == record
    data = json.loads(text)
    assert data["format"] == "bazaar-record" and data["version"] == 1
    assert {"ply", "seat", "kind", "move", "time", "sender"} <= set(data["moves"][0])
    checked = check_record(again)
    assert checked.divergence is None and checked.applied == len(record.moves)
    out, err = io.StringIO(), io.StringIO()
    assert replay_to(text, out, err) == 0, err.getvalue()
    lines = out.getvalue().splitlines()
    assert lines[0].startswith(engines.get(game).title) and "Player0" in lines[0]
    assert any(line.startswith("1. ") for line in lines) and "Game over" in out.getvalue()
    assert lines[-1].startswith("checked:")


THROUGH_THE_COMMAND_LINE = [
    pytest.param(game, marks=[] if game == "marrakech" else [pytest.mark.slow], id=game) for game in sorted(GAMES)
]
"""Games whose record ``python -m bot replay`` replays: two processes each (English and Spanish, up to 1.5 s of CPU).
The quick run replays every game's record in-process (``replay_to``, what the command runs) and Marrakech's, the
shortest, through the command line; the others' go through the command line in the slow run."""


@pytest.mark.parametrize("game", THROUGH_THE_COMMAND_LINE)
def test_the_command_line_replays_a_record(game: str, tmp_path: Path) -> None:
    path = tmp_path / f"{game}.json"
    path.write_text(dump_record(random_game(game, GAMES[game], seed=5)), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "bot", "replay", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout and "checked:" in done.stdout
    spanish = subprocess.run(
        [sys.executable, "-m", "bot", "replay", str(path), "--lang", "es"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert spanish.returncode == 0 and "Game over" not in spanish.stdout


def test_a_tampered_move_is_the_first_divergence(tmp_path: Path) -> None:
    record = random_game("marrakech", 2, seed=8)
    data = json.loads(dump_record(record))
    target = next(i for i, m in enumerate(data["moves"]) if m["kind"] == "move" and i > 10)
    data["moves"][target]["move"] = "place z9-z10"
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    checked = check_record(read_record(path.read_text()))
    assert checked.divergence is not None and checked.divergence.ply == data["moves"][target]["ply"]
    done = subprocess.run(
        [sys.executable, "-m", "bot", "replay", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 1
    assert f"DIVERGENCE at ply {data['moves'][target]['ply']}" in done.stderr and "z9-z10" in done.stderr


def test_a_changed_outcome_is_a_divergence() -> None:
    record = random_game("jambo", 2, seed=2)
    assert record.outcome is not None
    forged = record.model_copy(update={"outcome": {**record.outcome, "winners": [9]}})
    checked = check_record(forged)
    assert checked.divergence is not None and "outcome" in checked.divergence.reason
    out, err = io.StringIO(), io.StringIO()
    assert replay_to(dump_record(forged), out, err) == 1 and "DIVERGENCE" in err.getvalue()


def test_what_is_not_a_record_is_refused() -> None:
    with pytest.raises(BadRecord):
        read_record("{}")
    with pytest.raises(BadRecord, match="version"):
        read_record(json.dumps({"format": "bazaar-record", "version": 99}))
    assert replay_to("not json", io.StringIO(), err := io.StringIO()) == 2 and "not replayed" in err.getvalue()


def test_undone_rows_are_kept_and_skipped() -> None:
    record = random_game("marrakech", 2, seed=1)
    moves = list(record.moves)
    extra = moves[3].model_copy(update={"move": "place z1-z2", "undone": True})
    tampered = record.model_copy(update={"moves": [*moves[:4], extra, *moves[4:]]})
    assert check_record(read_record(dump_record(tampered))).divergence is None


def test_running_games_go_only_to_players_and_only_without_hidden_information() -> None:
    for game in GAMES:
        engine = engines.get(game)
        assert export_refusal(engine, 1, over=True, is_player=False) is None
        refusal = export_refusal(engine, 1, over=False, is_player=False)
        assert refusal is not None and refusal.code == "export_not_player"
        mine = export_refusal(engine, 1, over=False, is_player=True)
        assert (mine is None) == (not engine.secret_fields), game
    assert export_refusal(engines.get("marrakech"), 1, over=False, is_player=True) is None
    assert export_refusal(engines.get("cairo"), 1, over=False, is_player=True) is not None


async def test_local_play_loads_a_record_to_inspect_or_play_on(tmp_path: Path) -> None:
    from bot.config import Settings
    from offline.local import play_locally

    finished = tmp_path / "jambo.json"
    finished.write_text(dump_record(random_game("jambo", 2, seed=4)), encoding="utf-8")
    running = random_game("marrakech", 2, seed=4, max_rows=30)
    assert running.status == "active"
    started = tmp_path / "marrakech.json"
    started.write_text(dump_record(running), encoding="utf-8")
    script = f"load {started}\nplayer0: /marrakech status game:2\nplayer0: /jambo log game:1\nquit\n"
    out = io.StringIO()
    code = await play_locally(
        Settings(token="", computer_workers=0, image_workers=0),
        io.StringIO(script),
        out,
        images=tmp_path / "boards",
        database=tmp_path / "x.db",
        load=finished,
    )
    text = out.getvalue()
    assert code == 0, text
    assert "loaded jambo.json as game #1 (finished" in text and "loaded marrakech.json as game #2 (active" in text
    assert "Marrakech #2" in text and ("Waiting for" in text or "your turn" in text)
    (log,) = (tmp_path / "boards").glob("*jambo-1-log.txt")
    assert "Game over" in log.read_text(encoding="utf-8")


@pytest.mark.slow  # a whole game drawn frame by frame, twice
def test_the_replay_is_animated_and_shrinks_to_fit_its_budget() -> None:
    from PIL import Image

    from bot.core.replay_image import replay_animation

    record = random_game("marrakech", 2, seed=6, max_rows=24)
    made = replay_animation(record)
    image = Image.open(io.BytesIO(made.data))
    assert image.format == made.format.upper() and getattr(image, "n_frames", 1) == made.frames > 1
    assert made.frames == made.turns + 1 and len(made.data) <= 8 * 1024 * 1024
    small = replay_animation(record, budget=len(made.data) // 3)
    assert len(small.data) <= len(made.data) // 3 and small.frames > 1 and small.size[0] < made.size[0]


def test_the_replay_is_drawn_in_the_phone_layout_and_reads_at_a_phones_width() -> None:
    """Each frame is the spectators' board in the phone layout (a board above its panel, the layout made to be
    read on a 360-pixel-wide screen), not the wide landscape one: the held final frame is that board."""
    from PIL import Image, ImageChops, ImageStat

    import render
    from bot.core.replay_image import replay_animation, states_after_turns

    game = "cairo"
    record = random_game(game, 2, seed=4, max_rows=8)
    made = replay_animation(record)
    engine = engines.get(game)
    final = states_after_turns(engine, engine.new_game(2, {}), record.log())[-1]
    view = engine.view(final, None).with_names(record.names)
    phone = Image.open(io.BytesIO(render.render_board(view, (), "phone"))).convert("RGB")
    wide = Image.open(io.BytesIO(render.render_board(view, (), "landscape")))
    assert made.size[0] == phone.size[0] < wide.size[0] and made.size[1] > made.size[0]
    animation = Image.open(io.BytesIO(made.data))
    animation.seek(animation.n_frames - 1)
    last = animation.convert("RGB").crop((0, 0, *phone.size))
    difference = ImageChops.difference(last, phone).convert("L")
    assert ImageStat.Stat(difference).mean[0] < 2.0, "the final frame is the phone board"
