"""Local play: scripted lines drive the real bot against the fake Discord; replies print, images are saved."""

from __future__ import annotations

import io
from pathlib import Path

from bot.config import Settings
from bot.local import play_locally

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
