"""Every word in a picture comes from the words handed in: none is an English literal of ``render``, and a Spanish
game's pictures show Spanish.

* A sentinel table: each game's English table (``bot.core.pictures``) with every word replaced by ``XQ`` (its
  ``{fields}`` kept). Boards in every layout and the private images of seeded random games (finished ones
  included) are drawn with it, recording every text handed to Pillow; once the sentinels, the players' names,
  numbers and board notation (a single letter, ``b3``, a sector code ``NW``) are taken out, no word may be left.
  An English literal in ``render`` is left, and so is an id the table lacks (it is drawn as itself).
* Read by tesseract: a Spanish Jambo hand shows its cards' Spanish names, and each game's Spanish board shows
  Spanish words of its table and no word that only its English has (the hand in the quick run, every game's board in
  the slow run: tesseract takes a second or two a board).
* The bot: ``Images`` draws in the language asked for (by default the current reader's).
"""

from __future__ import annotations

import io
import random
import re
import sys
from collections.abc import Iterator

import pytest
from PIL import Image, ImageDraw
from test_jambo_rules import E as JAMBO
from test_jambo_rules import table as jambo_table
from test_render_jambo import scenes

import engines
import render
from bench.legibility import ocr_words, tesseract_available
from bot.core import language
from bot.core.images import Images
from bot.core.pictures import picture_words
from engines.base import CHANCE, View
from render.words import ONE

GAMES = [name for name in engines.names() if render.has_board(name)]
NAMES = ["Ana", "Bo", "Cy", "Di", "Eva"]
SENTINEL = "XQ"
FIELD = re.compile(r"(\{[^{}]*\})")
LETTERS = re.compile(r"[^\W\d_]+")
SECTOR = re.compile(r"^(?:NW|NE|SW|SE)$")


def sentinel_table(game: str) -> dict[str, str]:
    """``game``'s English table with every word ``XQ``: its fields and punctuation kept."""
    return {
        key: "".join(part if FIELD.fullmatch(part) else LETTERS.sub(SENTINEL, part) for part in FIELD.split(text))
        for key, text in picture_words(game, "en").items()
    }


def clear_render_caches() -> None:
    """Forget every cached picture, so that each is drawn (and its texts seen) again."""
    for name, module in list(sys.modules.items()):
        if name == "render" or name.startswith("render."):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def sample_states(game: str, points: int = 3) -> Iterator[tuple[View, int]]:
    """Views of seeded random games of every other player count, at ``points`` moments up to their end (a player's
    and, at the end, a spectator's), with the player count."""
    engine = engines.get(game)
    rng = random.Random(5)
    for players in range(engine.min_players, engine.max_players + 1, 2):
        state = engine.new_game(players)
        states = [state]
        while (seat := engine.to_move(state)) is not None and len(states) < 2000:
            move = engine.sample_chance(state, rng) if seat == CHANCE else rng.choice(engine.legal_moves(state))
            state = engine.apply(state, move)
            states.append(state)
        for index in range(1, points + 1):
            chosen = states[min(len(states) - 1, index * len(states) // points)]
            viewer = None if index == points else index % players
            yield engine.view(chosen, viewer).with_names(NAMES[:players]), players
    if game == "jambo":  # the table's rarer sights: an auction, a card waiting for a Guard, the final turn, the end
        for state, viewer in scenes().values():
            yield JAMBO.view(state, viewer).with_names(NAMES[:2]), 2


def leftover_words(text: str) -> list[str]:
    """The words of a drawn ``text`` that are neither sentinels, names nor notation."""
    for name in NAMES:
        text = text.replace(name, " ")
    found = []
    for word in LETTERS.findall(text):
        if word == SENTINEL or len(word) == 1 or SECTOR.match(word) or re.fullmatch(r"X?Q?", word):
            continue
        found.append(word)
    return found


def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text Pillow draws from now on (a list the test clears as it likes), the picture caches emptied."""
    written: list[str] = []
    original = ImageDraw.ImageDraw.text

    def record(self: ImageDraw.ImageDraw, xy: object, text: object, *args: object, **kwargs: object) -> None:
        written.append(str(text))
        original(self, xy, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", record)
    clear_render_caches()
    return written


@pytest.mark.parametrize("game", GAMES)
def test_every_drawn_word_comes_from_the_words_handed_in(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    written = drawn_texts(monkeypatch)
    words = sentinel_table(game)
    english: list[str] = []
    sentinels = 0
    for view, _players in sample_states(game, points=5):
        for layout in render.LAYOUTS:
            written.clear()
            render.render_board(view, layout=layout, words=words)
            render.render_private(view, layout=layout, words=words)
            english += [f"{layout}: {text!r}" for text in written if leftover_words(text)]
            sentinels += sum(SENTINEL in text for text in written)
    clear_render_caches()
    assert sentinels > 100, "the table's words were drawn"
    assert not english, f"words drawn that the table did not hand in ({len(english)}): {sorted(set(english))[:20]}"


def test_the_sentinel_check_finds_a_literal_word() -> None:
    assert leftover_words("XQ XQ: Ana XQ") == []
    assert leftover_words("XQ (b3–c3) 12 · NW · R") == []
    assert leftover_words("Game over: Ana wins") == ["Game", "over", "wins"]
    assert leftover_words("JAMBO") == ["JAMBO"] and leftover_words("tag:winner") == ["tag", "winner"]


def test_a_plural_keeps_its_form_for_one() -> None:
    spanish = picture_words("jambo", "es")
    assert spanish["cards"] == "{count} cartas" and spanish["cards" + ONE] == "{count} carta"


def test_a_spanish_jambo_board_says_no_utensil_in_the_masculine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under "Utensilios: 0 de 3" the board reads "ninguno" (utensilio is masculine), not the lobby's feminine
    "ninguna" (Opciones) that the two once shared through one msgid."""
    written = drawn_texts(monkeypatch)
    view = JAMBO.view(jambo_table(hands=(["crocodile"], [])), None).with_names(NAMES[:2])
    for layout in render.LAYOUTS:
        written.clear()
        render.render_board(view, layout=layout, words=picture_words("jambo", "es"))
        assert "Utensilios: 0 de 3" in written and "ninguno" in written and "ninguna" not in written, written
    clear_render_caches()


def test_the_psychics_known_cards_on_a_spanish_board_agree_with_their_number(monkeypatch: pytest.MonkeyPatch) -> None:
    """One card left known on top of the deck reads "la carta", not "las 1 cartas"."""
    written = drawn_texts(monkeypatch)
    view = JAMBO.view(jambo_table(), None).with_names(NAMES[:2])
    for known, expected in ((1, "Ana conoce la carta de encima (Vidente)"), (3, "Ana conoce las 3 cartas de encima")):
        seen = view.model_copy(update={"details": {**view.details, "deck_top_count": known, "deck_seer": 0}})
        written.clear()
        render.render_board(seen, layout="portrait", words=picture_words("jambo", "es"))
        assert any(expected in text for text in written) or expected in " ".join(written), written
    clear_render_caches()


# ---- read by tesseract --------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def tesseract() -> None:
    if not tesseract_available():
        pytest.skip("the tesseract command is not installed (apt-get install tesseract-ocr)")


def _read(png: bytes | None) -> set[str]:
    assert png is not None
    image = Image.open(io.BytesIO(png))
    image.load()
    return {word.lower().strip(".,:;()·") for word in ocr_words(image)}


def _words_of(texts: list[str]) -> set[str]:
    return {word.lower() for text in texts for word in LETTERS.findall(FIELD.sub(" ", text)) if len(word) >= 4}


@pytest.mark.usefixtures("tesseract")
def test_a_spanish_jambo_hand_shows_spanish_card_names() -> None:
    view = JAMBO.view(jambo_table(hands=(["crocodile", "elephant", "leopard statue"], [])), 0).with_names(NAMES[:2])
    read = _read(render.render_private(view, layout="landscape", words=picture_words("jambo", "es")))
    assert {"cocodrilo", "elefante", "leopardo", "mano"} <= read, read
    assert not {"crocodile", "elephant", "leopard", "hand"} & read, read


@pytest.mark.slow  # Tesseract reads a whole board (about 2 s of CPU); the quick run reads a Spanish hand (above)
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.usefixtures("tesseract")
def test_a_spanish_board_reads_spanish(game: str) -> None:
    spanish, english = picture_words(game, "es"), picture_words(game, "en")
    only_spanish = _words_of(list(spanish.values())) - _words_of(list(english.values()))
    only_english = _words_of(list(english.values())) - _words_of(list(spanish.values()))
    view, _players = next(sample_states(game))
    read = _read(render.render_board(view, layout="portrait", words=spanish))
    assert len(read & only_spanish) >= 3, (read & only_spanish, read)
    assert not read & only_english, read & only_english


# ---- the bot ----------------------------------------------------------------------------------------------------
async def test_images_draw_in_the_language_asked_for_else_the_readers() -> None:
    images = Images(workers=0)
    view, _ = next(sample_states("jambo"))
    spanish = render.render_board(view, layout="portrait", words=picture_words("jambo", "es"))
    english = render.render_board(view, layout="portrait", words=picture_words("jambo", "en"))
    assert spanish != english
    assert await images.board(view, layout="portrait", spoken="es") == spanish
    assert await images.board(view, layout="portrait") == english
    with language.using("es-419"):
        assert await images.board(view, layout="portrait") == spanish
        assert await images.board(view, layout="portrait", spoken="en") == english
