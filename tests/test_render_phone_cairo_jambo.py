"""The phone layout of Kairo and Jambo: square or tall, under 300 KB, a legend naming every seat, names never cut.

Kairo's thread board is the souk alone with the merchants' legend (seal, name, score) and the face-up cards
below; Jambo's is the table without sentences. Card names on either game's images are drawn whole: wrapped
onto two lines or set smaller, never shortened with "…".
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

import engines
import render
from bench.legibility import mid_game_states
from bot.core.pictures import picture_words
from engines.jambo.cards import NAMES as JAMBO_CARDS
from render.cairo import phone as cairo_phone
from render.jambo import pieces as jambo_pieces
from render.jambo.texts import card_title
from render.text import fit_lines
from render.words import Words

NAMES = ["Aïcha", "Benjamin", "Chen", "Dmitri"]
WORDS = {language: Words.of(picture_words("jambo", language)) for language in ("en", "es")}
LONGEST = {
    language: sorted(JAMBO_CARDS, key=lambda n: -len(card_title(n, words)))[:6] for language, words in WORDS.items()
}
CASES = [pytest.param("cairo", n, id=f"cairo-{n}") for n in (2, 3, 4)] + [pytest.param("jambo", 2, id="jambo-2")]


def _image(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


@pytest.mark.parametrize(("game", "players"), CASES)
def test_the_phone_board_is_square_or_tall_and_small(game: str, players: int) -> None:
    engine = engines.get(game)
    for state in mid_game_states(game, players, 1, 3):
        png = render.render_board(engine.view(state, None).with_names(NAMES[:players]), layout="phone")
        image = _image(png)
        assert 800 <= image.width <= 1200
        assert image.height >= image.width
        assert len(png) <= 300 * 1024


@pytest.mark.parametrize(("game", "players"), CASES)
def test_phone_private_images_are_tall_and_small(game: str, players: int) -> None:
    engine = engines.get(game)
    state = mid_game_states(game, players, 1, 1)[0]
    for seat in range(players):
        png = render.render_private(engine.view(state, seat).with_names(NAMES[:players]), layout="phone")
        assert png is not None
        image = _image(png)
        assert 800 <= image.width <= 1200
        assert len(png) <= 300 * 1024


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_kairo_legend_names_every_merchant_with_seal_and_score(players: int) -> None:
    engine = engines.get("cairo")
    state = mid_game_states("cairo", players, 1, 1)[0]
    view = engine.view(state, None).with_names(NAMES[:players])
    entries = cairo_phone.merchants(view)
    assert [entry.name for entry in entries] == NAMES[:players]
    assert [entry.seat for entry in entries] == list(range(players))
    assert all(entry.score is not None for entry in entries)
    assert sum(entry.to_move for entry in entries) <= 1
    assert cairo_phone.NAME_SIZE * 360 / cairo_phone.PHONE.width >= 15, "names read at 360 px"


def test_a_long_merchant_name_is_set_smaller_before_it_is_shortened() -> None:
    face, shown = cairo_phone.fitted_font("Benjamin", cairo_phone.NAME_SIZE, 180)
    assert shown == "Benjamin" and face.size < cairo_phone.NAME_SIZE


@pytest.mark.parametrize(("language", "name"), [(lang, name) for lang, names in LONGEST.items() for name in names])
def test_a_long_jambo_card_name_renders_whole(language: str, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """In English and in Spanish (longer), the longest card names are drawn whole on every size of card."""
    words = WORDS[language]
    written: list[str] = []
    original = ImageDraw.ImageDraw.text

    def record(self: ImageDraw.ImageDraw, xy: object, text: str, *args: object, **kwargs: object) -> None:
        written.append(str(text))
        original(self, xy, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", record)
    jambo_pieces.card_picture.cache_clear()
    for width, size in ((306, 32), (470, 32), (330, 21), (200, 16)):
        written.clear()
        jambo_pieces.card_picture(name, words, width, 150, size, False, words("seen"), False)
        assert not any("…" in text for text in written)
        assert card_title(name, words) in " ".join(written)


def test_fit_lines_wraps_then_shrinks_and_never_cuts() -> None:
    face, lines = fit_lines("Salt + Silk + Trinkets", 40, 200, max_lines=2)
    assert " ".join(lines) == "Salt + Silk + Trinkets" and len(lines) <= 2
    assert all(face.getlength(line) <= 200 for line in lines)
    face, lines = fit_lines("Portuguese", 40, 60, max_lines=1, smallest=8)
    assert lines == ["Portuguese"]
