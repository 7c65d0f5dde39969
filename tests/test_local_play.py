"""Local play: scripted lines drive the real bot against the fake Discord; replies print, images are saved."""

from __future__ import annotations

import io
import random
import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e import answer, boards, open_game, to_move

from bot.config import Settings
from offline import sandbox as sandbox_module
from offline.local import LocalPlay, play_locally
from offline.sandbox import Sandbox

FAST = Settings(token="", computer_workers=0, image_workers=0, computer_iterations=40)
"""Images drawn and computers thinking in a thread of the test's process: local play as it runs, without starting
two worker processes (about 2.5 s of CPU) per session; a computer searches 40 iterations a decision, as in the
sandbox's default, instead of its level's budget (what these tests check is the table, not the computer's
strength: ``tests/test_ai*``). The README's example runs with the defaults, the worker processes and the levels'
budgets ``bazaar local`` has."""

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
    code = await play_locally(FAST, io.StringIO(SCRIPT), out, images=images, database=tmp_path / "x.db", seed=7)
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
    # every image is printed with its alt text: where the game stands, as a screen reader would speak it
    lines = text.splitlines()
    alts = [lines[i + 1] for i, line in enumerate(lines) if line.startswith("   image saved: ")]
    assert len(alts) == len(saved) and all(alt.startswith("   alt: The board of Marrakech #1.") for alt in alts)
    assert all("Standings: Ana: 30 points" in alt or "Standings: Ben: 30 points" in alt for alt in alts[:1])
    assert any(line.startswith("Standings: ") and "(to move)" in line for line in lines), "standings as text too"


PRIVATE_CLICK_SCRIPT = """\
ana: /jambo new
ben: click Join
ana: click Start
ben: /jambo draw
ben: click Keep it
quit
"""


async def test_a_button_pressed_on_a_private_reply_does_not_print_that_reply_again(tmp_path: Path) -> None:
    out = io.StringIO()
    code = await play_locally(
        FAST,
        io.StringIO(PRIVATE_CLICK_SCRIPT),
        out,
        images=tmp_path / "b",
        database=tmp_path / "x.db",
        seed=1,
    )
    text = out.getvalue()
    assert code == 0
    drawn = re.findall(r"\[only ben sees\] Done: Ben drew ([A-Za-z ]+)\.", text)
    assert len(drawn) == 1, text
    assert f"[only ben sees] Done: Ben kept {drawn[0]}." in text  # a step inside the turn: answered to Ben alone


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
        FAST, io.StringIO(COMPUTER_SCRIPT), out, images=tmp_path, database=tmp_path / "c.db", seed=1
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
    await play_locally(FAST, io.StringIO(lines), out, images=tmp_path / "b", seed=1)
    text = out.getvalue()
    assert "!! variant takes true or false — not 'maybe'" in text
    assert "!! game takes a whole number, like game:3 — not 'abc'" in text
    assert "Traceback" not in text and "no such button" not in text


async def test_buttons_on_a_private_reply_can_be_clicked(tmp_path: Path) -> None:
    async with Sandbox(tmp_path / "x.db", rng=random.Random(2)) as box:
        ana, ben = box.user("ana"), box.user("ben")
        _, thread = await open_game(box, "marrakech", ana, [ben])
        rng = random.Random(3)
        prompt, user = boards(box, thread)[-1], None
        for _ in range(40):  # a step inside a turn is answered privately: the mover goes on from that reply
            user = user if prompt.ephemeral else to_move(box, prompt)
            prompt = await answer(box, thread, prompt, rng, user)
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


async def test_a_bot_that_does_not_settle_is_logged_not_shown_to_the_player(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each line waits until the bot is idle (the outbox empty among the rest); past the timeout the session
    goes on, and the player's terminal never reads that the bot 'did not settle': the log does."""
    async with Sandbox(tmp_path / "x.db", rng=random.Random(2)) as box:
        assert await box.settle() is True
        stuck = 0

        async def owed() -> int:
            nonlocal stuck
            stuck += 1
            return 1  # a message owed forever

        monkeypatch.setattr(box, "_owed", owed)
        monkeypatch.setattr(sandbox_module, "SETTLE_TIMEOUT", 0.3)
        out = io.StringIO()
        session = LocalPlay(box, out, tmp_path / "images")
        (tmp_path / "images").mkdir()
        with caplog.at_level("WARNING", logger="bazaar.offline"):
            assert await session.handle("ana: /marrakech new")
            assert await session.handle("ben: click Join")
    text = out.getvalue()
    assert "did not settle" not in text and "!!" not in text, text
    assert "Players (2/4)" in text and stuck > 2
    assert any("did not settle" in record.getMessage() for record in caplog.records)


COMPLETE_SCRIPT = """\
ana: /morocco new
ben: click Join
ana: click Start
ben: complete /morocco scout space:?
ben: complete /morocco scout game:?
ana: /jambo new
ben: click Join
ana: click Start
ana: /jambo draw
ana: click Keep it
ana: complete /jambo play card:?
quit
"""


def choice_lines(text: str, who: str) -> list[list[str]]:
    """Each autocomplete listing of ``who``: its lines ("value  —  name")."""
    listings, current = [], None
    for line in text.splitlines():
        if line.startswith("["):
            current = [] if line.startswith(f"[choices for {who}]") else None
            if current is not None:
                listings.append(current)
        elif current is not None and line.startswith("   "):
            current.append(line.strip())
    return listings


async def test_complete_shows_each_choice_as_discord_does_with_the_value_to_type(tmp_path: Path) -> None:
    """Discord lists an autocomplete choice by its name and sends its value: local play prints both, and the
    ``game`` option completes too (its value a number, what is typed so far a text)."""
    out = io.StringIO()
    code = await play_locally(
        FAST, io.StringIO(COMPLETE_SCRIPT), out, images=tmp_path / "b", database=tmp_path / "x.db", seed=3
    )
    text = out.getvalue()
    assert code == 0
    scout, games = choice_lines(text, "ben")
    assert "1  —  Pawn to 1 (purple)" in scout, text
    assert all(re.fullmatch(r"[1-5]  —  Pawn to [1-5] \(\w+\)", line) for line in scout), scout
    assert games == ["1  —  #1 Morocco (active): Ben, Ana"], text
    assert "!!" not in text, text
    (cards,) = choice_lines(text, "ana")  # Ana moves first in Jambo with this seed: her cards, by what they do
    assert cards and all("  —  " in line for line in cards), cards
    for line in cards:
        value, name = line.split("  —  ")
        assert value.split()[0] in ("play", "buy", "sell") and name != value and len(name) <= 100, line


async def test_a_bot_that_does_not_answer_reads_as_on_discord(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fake's own account of an unanswered interaction (requests, errors) goes to the log; the player reads
    what Discord would show."""
    async with Sandbox(tmp_path / "x.db", rng=random.Random(2)) as box:
        out = io.StringIO()
        session = LocalPlay(box, out, tmp_path / "images")
        (tmp_path / "images").mkdir()

        async def silent(*args: object, **kwargs: object) -> None:
            raise AssertionError("the bot did not answer interaction 'marrakech' within 0.3s; requests received")

        monkeypatch.setattr(box.fake, "slash", silent)
        monkeypatch.setattr(box.fake, "autocomplete", silent)
        with caplog.at_level("WARNING", logger="bazaar.offline"):
            assert await session.handle("ana: /marrakech new")
            assert await session.handle("ana: complete /marrakech status game:?")
    text = out.getvalue()
    assert "requests received" not in text and "within 0.3s" not in text, text
    assert "The application did not respond" in text and "Loading options failed" in text, text
    assert sum("did not answer" in record.getMessage() for record in caplog.records) == 2


JAMBO_PRIVATE_SCRIPT = """\
ana: /jambo new
ben: click Join
ana: click Start
ana: /jambo orders
ana: select orders rain maker ask
ben: /jambo draw
ana: /jambo orders guard:never animal:lion
ben: click Cancel
ben: /jambo hand
ben: click Keep it
ben: complete /jambo play card:?
quit
"""


async def test_jambo_orders_a_cancel_and_the_hand_in_local_play(tmp_path: Path) -> None:
    """Orders read in words with their menus; orders changed while Ben's card waits leave his buttons good; a
    Cancel says the card drawn is still his to keep or discard; his hand brings the buttons back; utilities read
    as put in play."""
    out = io.StringIO()
    code = await play_locally(
        FAST,
        io.StringIO(JAMBO_PRIVATE_SCRIPT),
        out,
        images=tmp_path / "b",
        database=tmp_path / "x.db",
        seed=3,
    )
    text = out.getvalue()
    assert code == 0 and "!!" not in text and "out of date" not in text, text
    assert "[only ana sees] Your standing orders (only you see them):\n• Guard" in text, text
    assert "   menu: orders rain maker never | orders rain maker ask | orders rain maker auto" in text
    assert "[only ana sees] (edited) Your standing orders" in text and "after your opponent's ware card: ask me" in text
    assert "ask me; Lion: never answer" in text, text
    card = re.search(r"\[only ben sees\] Done: Ben drew ([A-Za-z ]+)\.", text)
    assert card is not None, text
    assert (
        f"[only ben sees] (edited) Cancelled: nothing more was played, and what was played before stands. Still yours"
        f" to decide: keep {card[1]} or discard it" in text
    ), text
    assert text.count(f"   buttons: Keep it | Discard {card[1]} | Cancel") == 2, "the hand brings the buttons back"
    assert f"[only ben sees] Done: Ben kept {card[1]}." in text
    assert "  —  Put " in text and " in play (1 action)" in text, text


# ---- whole games, typed line by line -------------------------------------------------------------------------
class Block:
    """One printed message: its first line, its text, and the buttons and menu values listed under it."""

    def __init__(self, header: str) -> None:
        self.header = header
        self.lines = [header]
        self.buttons: list[str] = []
        self.menu: list[str] = []
        self.image = False

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def mentioned(self, names: tuple[str, ...]) -> str | None:
        """The last of ``names`` the message pings (mentions print as @name)."""
        found = [m for m in re.findall(r"@(\w+)", self.text) if m in names]
        return found[-1] if found else None


class Typist:
    """Stdin for ``play_locally`` that types the lines a seeded policy picks from what has been printed so far.

    The policy sees only the printed session: the boards, private replies, buttons, menus and
    autocomplete choices a person at the keyboard would see.
    """

    def __init__(self, out: io.StringIO, names: tuple[str, ...], rng: random.Random) -> None:
        self.out, self.names, self.rng = out, names, rng
        self.read = 0
        self.blocks: list[Block] = []
        self.typed: list[str] = []
        self.moves = 0
        self.turns: list[tuple[str, list[Block]]] = []
        self.limit: int | None = None
        """Stop after this many answers (a shorter game), or play to the end."""
        self._lines = self.session()

    def readline(self) -> str:
        self._take()
        line = next(self._lines, None)
        if line is None:
            return ""
        self.typed.append(line)
        return line + "\n"

    def _take(self) -> None:
        text = self.out.getvalue()
        new, self.read = text[self.read :], len(text)
        for line in new.splitlines():
            if line.startswith("["):
                self.blocks.append(Block(line))
            elif line.startswith("   buttons: ") and self.blocks:
                self.blocks[-1].buttons = line.removeprefix("   buttons: ").split(" | ")
            elif line.startswith("   menu: ") and self.blocks:
                self.blocks[-1].menu = line.removeprefix("   menu: ").split(" | ")
            elif line.startswith("   image saved: ") and self.blocks:
                self.blocks[-1].image = True
            elif line.startswith(("!!", "-- ", "   ")):
                assert not line.startswith("!!"), line
            elif self.blocks:
                self.blocks[-1].lines.append(line)

    def boards(self) -> list[Block]:
        return [b for b in self.blocks if b.header.startswith("[#") and "(edited)" not in b.header and b.image]

    def choices(self) -> list[str]:
        """The values of the newest autocomplete listing."""
        lines = self.out.getvalue().splitlines()
        start = max(i for i, line in enumerate(lines) if line.startswith("[choices for "))
        listed = []
        for line in lines[start + 1 :]:
            if not line.startswith("   "):
                break
            listed.append(line.strip().split("  —  ")[0])
        return listed

    def session(self) -> Iterator[str]:
        raise NotImplementedError

    def open(self, game: str, computers: int = 0) -> Iterator[str]:
        first, *others = self.names
        yield f"{first}: /{game} new" + (f" computers:{computers} level:easy" if computers else "")
        for name in others:
            yield f"{name}: click Join"
        yield f"{first}: click Start"

    def play(self, game: str) -> Iterator[str]:
        """Answer every ping until the game is over. A turn passed on posts one new board pinging the next
        player; a step inside one's own turn is answered privately (the board as it stands, the next choices),
        and the same player goes on from that private reply.

        ``turns`` records, per answer, who answered and the boards it posted (the table's figures)."""
        seen = 0
        mover: str | None = None
        block: Block | None = None
        for _ in range(6000):
            self._take()
            posted = self.boards()[seen:]
            seen = len(self.boards())
            if mover is not None:
                self.turns.append((mover, posted))
            if self.limit is not None and len(self.turns) >= self.limit:
                return
            if posted:
                board = posted[-1]
                if "Game over" in board.text:
                    return
                pinged = board.mentioned(self.names)
                if pinged is not None or mover is None:
                    mover, block = pinged, board
                else:  # a post that pings nobody (a computer is thinking): the same player goes on, or waits
                    block = self.private_of(mover) or board
            else:
                assert mover is not None
                block = self.private_of(mover)
                assert block is not None, f"{mover}'s answer posted nothing and answered nothing: {self.typed[-3:]}"
            assert mover is not None, f"no one of {self.names} is pinged:\n{posted[-1].text}"
            assert block is not None
            answered = len(self.blocks)
            yield from self.answer(game, mover, block)
            self._take()
            assert len(self.blocks) > answered, f"{mover}'s answer got no reply: {self.typed[-3:]}"
            self.moves += 1
        raise AssertionError("the game did not end")

    def private_of(self, name: str) -> Block | None:
        """The newest private reply to ``name`` with something to choose from (buttons other than Cancel, a menu),
        printed after the newest board."""
        for block in reversed(self.blocks):
            if block.header.startswith("[#") and block.image:
                return None
            if block.header.startswith(f"[only {name} sees]") and (
                block.menu or [b for b in block.buttons if b != "Cancel"]
            ):
                return block
        return None

    def answer(self, game: str, mover: str, board: Block) -> Iterator[str]:
        raise NotImplementedError

    def pick(self, block: Block, mover: str) -> str | None:
        """A line that uses the block's menu or one of its buttons (never Cancel), if it has some."""
        buttons = [b for b in block.buttons if b != "Cancel"]
        if block.menu and (not buttons or self.rng.random() < 0.7):
            return f"{mover}: select {self.rng.choice(block.menu)}"
        if buttons:
            return f"{mover}: click {self.rng.choice(buttons)}"
        return None


class MoroccoTypist(Typist):
    def session(self) -> Iterator[str]:
        yield from self.open("morocco", computers=3 - len(self.names) if len(self.names) == 1 else 0)
        yield from self.play("morocco")

    def answer(self, game: str, mover: str, board: Block) -> Iterator[str]:
        line = self.pick(board, mover)
        if line is not None:
            yield line
            return
        yield f"{mover}: complete /morocco scout space:?"
        if spaces := self.choices():
            yield f"{mover}: /morocco scout space:{self.rng.choice(spaces)}"
            return
        kinds = ["assistant", "bodyguard", "tourist", "cousin"]
        self.rng.shuffle(kinds)
        for kind in kinds:
            chosen = {"kind": kind}
            for option in ("stall", "space", "then", "cube"):
                typed = " ".join(shlex.quote(f"{k}:{v}") for k, v in chosen.items())
                yield f"{mover}: complete /morocco worker {typed} {option}:?"
                offered = self.choices()
                if not offered and option in ("stall", "space"):
                    break
                if offered:
                    chosen[option] = self.rng.choice(offered)
            else:
                typed = " ".join(shlex.quote(f"{k}:{v}") for k, v in chosen.items())
                yield f"{mover}: /morocco worker {typed}"
                return
        yield f"{mover}: /morocco pass"


class JamboTypist(Typist):
    def session(self) -> Iterator[str]:
        yield from self.open("jambo", computers=1 if len(self.names) == 1 else 0)
        yield from self.play("jambo")

    def answer(self, game: str, mover: str, board: Block) -> Iterator[str]:
        line = self.pick(board, mover)
        if line is not None:  # a bid: the menu under the public board, or the choices of one's own reply
            yield line
            return
        before = len(self.boards())
        yield f"{mover}: /jambo hand"
        self._take()
        for _ in range(20):
            private = next(b for b in reversed(self.blocks) if b.header.startswith(f"[only {mover} sees]"))
            line = self.pick(private, mover)
            assert line is not None, f"nothing to answer with:\n{private.text}"
            replies = len(self.blocks)
            yield line
            self._take()
            if len(self.boards()) > before:
                return
            if any(b.image and b.header.startswith(f"[only {mover} sees]") for b in self.blocks[replies:]):
                return  # a step of the turn answered privately: the board as it stands, the next choices
        raise AssertionError(f"{mover}'s decision did not end")


class BoardTypist(Typist):
    """A game whose every decision is offered on the board itself (buttons, a menu)."""

    game = ""

    def session(self) -> Iterator[str]:
        yield from self.open(self.game, computers=2 if len(self.names) == 1 else 0)
        yield from self.play(self.game)

    def answer(self, game: str, mover: str, board: Block) -> Iterator[str]:
        line = self.pick(board, mover)
        assert line is not None, f"nothing to answer with:\n{board.text}"
        yield line


class MarrakechTypist(BoardTypist):
    game = "marrakech"  # turn Assam with a button, lay the carpet from the menu


class CairoTypist(Typist):
    """Kairo: the buttons or menu offered (the board's, one's own reply's), else a move from autocomplete."""

    def session(self) -> Iterator[str]:
        yield from self.open("cairo", computers=2 if len(self.names) == 1 else 0)
        yield from self.play("cairo")

    def answer(self, game: str, mover: str, board: Block) -> Iterator[str]:
        line = self.pick(board, mover)
        if line is not None:
            yield line
            return
        yield f"{mover}: complete /cairo play move:?"
        moves = self.choices()
        assert moves, f"nothing to answer with:\n{board.text}"
        yield f"{mover}: /cairo play " + shlex.quote(f"move:{self.rng.choice(moves)}")


def final_scores(text: str) -> str:
    """The game-over board's text, which must name the final scores and the winner."""
    over = [chunk for chunk in text.split("\n[") if "Game over" in chunk]
    assert len(over) == 1, "the game ends once, with one game-over post"
    return over[0]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("typist", "names", "seed"),
    [(MoroccoTypist, ("ana", "ben", "cy"), 3), (JamboTypist, ("ana", "ben"), 7)],
    ids=["morocco-3-people", "jambo-2-people"],
)
async def test_a_whole_game_between_people_in_local_play(tmp_path: Path, typist, names, seed) -> None:
    out = io.StringIO()
    stdin = typist(out, names, random.Random(seed))
    code = await play_locally(FAST, stdin, out, images=tmp_path / "b", database=tmp_path / "g.db", seed=seed)
    text = out.getvalue()
    assert code == 0 and "Traceback" not in text
    over = final_scores(text)
    assert "Final scores: " in over and "Winner: " in over
    scores = over.split("Final scores: ", 1)[1].split(". Winner: ")[0]
    winners = over.split("Winner: ", 1)[1].split(" 🏆")[0]
    assert all(name.capitalize() in scores for name in names), scores
    assert any(name.capitalize() in winners for name in names), winners
    shown = [b for b in stdin.blocks if b.image and "(edited)" not in b.header]  # thread posts and private answers
    assert stdin.moves > 20 and len(shown) > stdin.moves, "every answer showed the board: its turn's post or privately"
    assert 0 < len(stdin.boards()) < len(shown), "one post per turn: steps inside a turn are answered privately"
    assert len(list((tmp_path / "b").glob("*.png"))) >= stdin.moves
    if typist is JamboTypist:  # bids chosen in a menu while older private replies have menus too
        assert any(": select bid " in line for line in stdin.typed)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("typist", "seed"),
    [(MarrakechTypist, 4), (MoroccoTypist, 5), (JamboTypist, 6)],
    ids=["marrakech", "morocco", "jambo"],
)
async def test_a_whole_solo_game_against_computers_in_local_play(tmp_path: Path, typist, seed) -> None:
    out = io.StringIO()
    stdin = typist(out, ("ana",), random.Random(seed))
    code = await play_locally(FAST, stdin, out, images=tmp_path / "b", database=tmp_path / "g.db", seed=seed)
    text = out.getvalue()
    assert code == 0 and "Traceback" not in text
    over = final_scores(text)
    scores = over.split("Final scores: ", 1)[1].split(". Winner: ")[0]
    assert "Ana" in scores and "🤖" in scores, scores
    assert "Winner: " in over
    thinking = [b for b in stdin.boards() if "is thinking" in b.text]
    moved = [b for b in stdin.boards() if "🤖" in b.text and "is thinking" not in b.text]
    assert thinking and moved, "the computers' turns are printed as they think and move"
    assert stdin.moves > 10 and all(b.mentioned(("ana",)) is None for b in thinking)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("typist", "seed", "answers", "aim"),
    [(JamboTypist, 2, 120, 1.2), (CairoTypist, 2, 60, 1.1), (MoroccoTypist, 2, 40, 1.1), (MarrakechTypist, 2, 40, 1.1)],
    ids=["jambo", "cairo", "morocco", "marrakech"],
)
async def test_one_post_per_turn_and_pings_only_for_a_new_turn(tmp_path: Path, typist, seed, answers, aim) -> None:
    """The table's figures (``python -m bench.table``) on a shorter seeded game between two people: new posts in
    the thread per change of who must act within the aim, and no ping of a player who was already to move."""
    from bench.table import figures_of

    out = io.StringIO()
    stdin = typist(out, ("ana", "ben"), random.Random(seed))
    stdin.limit = answers
    code = await play_locally(FAST, stdin, out, images=tmp_path / "b", database=tmp_path / "g.db", seed=seed)
    assert code == 0 and "Traceback" not in out.getvalue()
    figures = figures_of(stdin)
    assert figures.answers == answers and figures.changes >= 5, figures
    assert figures.per_change <= aim, figures
    assert figures.pings > 0 and figures.needless == 0, figures


async def test_a_spanish_server_in_local_play_and_a_player_in_english(tmp_path: Path) -> None:
    lines = (
        "ana: /marrakech new\nben[en]: click Unirse\nlang ben en\nben: /marrakech status\nana: click Empezar\nquit\n"
    )
    out = io.StringIO()
    await play_locally(FAST, io.StringIO(lines), out, images=tmp_path / "b", seed=1, locale="es")
    text = out.getvalue()
    assert "esperando jugadores" in text and "buttons: Unirse" in text, text
    assert "[only ben sees] You joined" in text, text
    assert "-- ben now uses Discord in en-US" in text
    assert "Girar a la izquierda" in text, text
