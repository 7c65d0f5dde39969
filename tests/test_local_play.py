"""Local play: scripted lines drive the real bot against the fake Discord; replies print, images are saved."""

from __future__ import annotations

import io
import random
from pathlib import Path

from e2e import boards, open_game, press_something

from bot.config import Settings
from bot.local import LocalPlay, Sandbox, play_locally

SCRIPT = """\
ana: /marrakech new
ben: click Join
ana: click Start
ana: complete /marrakech turn direction:?
ana: click Turn left
ben: /marrakech turn direction:left
nobody is here
ana: /marrakech board
restart
#games
ana: /marrakech status game:1
quit
"""


async def test_a_scripted_session_plays_and_saves_the_boards(tmp_path: Path) -> None:
    out = io.StringIO()
    images = tmp_path / "boards"
    code = await play_locally(
        Settings(token=""), io.StringIO(SCRIPT), out, images=images, database=tmp_path / "x.db", seed=7
    )
    text = out.getvalue()
    assert code == 0
    assert "now in #Marrakech #1" in text
    assert "buttons: Join | Leave | Start" in text
    assert "the game begins! Seat order:" in text
    assert "[only ben sees] It is not your turn: it is Ana's turn." in text
    assert "!! lines look like" in text, "a malformed line is explained, not fatal"
    assert "-- the bot restarted" in text
    assert "[only ana sees] **Marrakech #1** (active)" in text
    saved = sorted(images.glob("*.png"))
    assert len(saved) >= 3
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in saved)


COMPUTER_SCRIPT = """\
ana: /marrakech new computers:2 level:easy
ana: click Start
ana: /marrakech turn direction:left
ana: /marrakech status
quit
"""


async def test_a_local_game_against_computers_waits_for_their_moves_after_each_line(tmp_path: Path) -> None:
    out = io.StringIO()
    code = await play_locally(
        Settings(token=""), io.StringIO(COMPUTER_SCRIPT), out, images=tmp_path, database=tmp_path / "c.db", seed=1
    )
    text = out.getvalue()
    assert code == 0 and "Players (3/4): Ana, 🤖" in text
    before_status = text.split("[only ana sees] **Marrakech #1** (active)")[0]
    assert before_status.count("🤖") > 4 and "placed a" in before_status, "the computers moved before the status"
    status = text.split("[only ana sees] **Marrakech #1** (active)")[1]
    assert "Waiting for Ana: place a" in status, "after Ana's turn of Assam it is her carpet to lay"
    assert "Traceback" not in text
    thinking = [line for line in text.splitlines() if "is thinking:" in line]
    assert thinking and all(f"{line}\n   buttons:" not in text for line in thinking), "no buttons on a computer's turn"
    assert all(f"{line}\n   menu:" not in text for line in thinking)


def readme_session() -> tuple[int, str]:
    """The seed and the lines of the README's local-play example, as written there."""
    text = Path("README.md").read_text(encoding="utf-8")
    section = text.split("## Play locally, without Discord", 1)[1]
    command = section.split("```sh", 1)[1].split("```", 1)[0]
    seed = int(command.split("--seed", 1)[1].split()[0])
    lines = section.split("```text", 1)[1].split("```", 1)[0]
    return seed, lines


async def test_the_readme_example_runs_as_written(tmp_path: Path) -> None:
    seed, lines = readme_session()
    out = io.StringIO()
    code = await play_locally(Settings(token=""), io.StringIO(lines), out, images=tmp_path / "boards", seed=seed)
    text = out.getvalue()
    assert code == 0
    for refusal in ("not your turn", "!!", "Sorry", "not a legal move", "is not on the board"):
        assert refusal not in text, text
    assert text.count("Done: ") >= 2 and "[choices for ben]" in text
    assert "(active)" in text and len(list((tmp_path / "boards").glob("*.png"))) >= 3


async def test_bad_option_values_and_private_buttons_in_local_play(tmp_path: Path) -> None:
    lines = """\
ana: /marrakech new variant:maybe
ana: /marrakech status game:abc
ana: /marrakech new
ben: /marrakech join
ana: /marrakech start
"""
    out = io.StringIO()
    await play_locally(Settings(token=""), io.StringIO(lines), out, images=tmp_path / "b", seed=1)
    text = out.getvalue()
    assert "!! variant takes true or false — not 'maybe'" in text
    assert "!! game takes a whole number, like game:3 — not 'abc'" in text
    assert "Traceback" not in text and "no such button" not in text


async def test_buttons_on_a_private_reply_can_be_clicked(tmp_path: Path) -> None:
    async with Sandbox(tmp_path / "x.db", rng=random.Random(2)) as box:
        ana, ben = box.user("ana"), box.user("ben")
        _, thread = await open_game(box, "marrakech", ana, [ben])
        rng = random.Random(3)
        for _ in range(40):
            it = await press_something(box, boards(box, thread)[-1], rng)
            await it.done()
        out = io.StringIO()
        session = LocalPlay(box, out, tmp_path / "images")
        (tmp_path / "images").mkdir()
        await session.handle(f"#{thread.name}")
        await session.handle("ana: /marrakech log")
        await session.handle("ana: click ◀ Older")
    text = out.getvalue()
    assert "!!" not in text, text
    assert ("[only ana sees] **Marrakech #1** — log, page" in text and "(edited)" in text) or text.count(
        "— log, page"
    ) >= 2
