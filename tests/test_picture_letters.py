"""The one-letter marks the pictures draw (Kairo's goods colours, Jambo's wares and card kinds, Morocco's cubes) are
words like any other: each language has its own, distinct within a set, and a board shows its reader's letters.

* Every language's tables (``bot.core.pictures``, as the bot builds them): each set ``letter:<set>:<item>`` holds one
  capital letter per item, no two alike, so a translator's collision fails here.
* A Spanish board and hand draw the Spanish letters and none of the English initials that Spanish changes (the texts
  handed to Pillow are recorded); a legend puts beside each name the letter its pieces carry.
* The letters are part of the sprites' cache keys: a board in one language leaves nothing of its letters in the
  next board drawn in another.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator, Mapping

import pytest
from test_render_words import clear_render_caches, drawn_texts, sample_states

import engines
import render
from bot.catalogs import LANGUAGES
from bot.core.pictures import picture_words
from engines.base import View
from render.cairo.geometry import FRAMES
from render.cairo.panel import supply_frame
from render.jambo.board import legend_picture
from render.jambo.style import KIND_COLOURS, WARE_STYLES, theme_for
from render.morocco.scene import CUBE_COLOURS
from render.words import Words

GAMES = [name for name in engines.names() if render.has_board(name)]
CAPITAL = re.compile(r"^[^\W\d_]$")


def letter_sets(table: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """A table's one-letter marks by set: ``letter:colour:red`` -> ``{"colour": {"red": "R"}}``."""
    sets: dict[str, dict[str, str]] = defaultdict(dict)
    for key, text in table.items():
        if key.startswith("letter:"):
            _, group, item = key.split(":", 2)
            sets[group][item] = text
    return dict(sets)


def letter_problems(table: Mapping[str, str]) -> list[str]:
    """What is wrong with a table's letters: a mark that is not one capital letter, two items of a set alike."""
    found = []
    for group, letters in letter_sets(table).items():
        for item, letter in letters.items():
            if not (CAPITAL.match(letter) and letter == letter.upper()):
                found.append(f"{group}:{item} is {letter!r}, not one capital letter")
        by_letter: dict[str, list[str]] = defaultdict(list)
        for item, letter in letters.items():
            by_letter[letter].append(item)
        found += [
            f"{group}: {' and '.join(items)} share {letter!r}" for letter, items in by_letter.items() if len(items) > 1
        ]
    return found


def test_the_letter_check_finds_a_collision_and_a_long_mark() -> None:
    fine = {"letter:colour:red": "R", "letter:colour:blue": "Z", "letter:seat:neutral": "R", "colour:red": "rojo"}
    assert letter_problems(fine) == []
    assert letter_problems({"letter:colour:red": "R", "letter:colour:pink": "R"}) == ["colour: red and pink share 'R'"]
    assert letter_problems({"letter:ware:tea": "Té"}) == ["ware:tea is 'Té', not one capital letter"]
    assert letter_problems({"letter:ware:tea": "t"}) == ["ware:tea is 't', not one capital letter"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_each_set_of_letters_is_one_capital_each_and_distinct(game: str, language: str) -> None:
    table = picture_words(game, language)
    assert letter_problems(table) == []
    english = letter_sets(picture_words(game, "en"))
    assert {group: set(letters) for group, letters in letter_sets(table).items()} == {
        group: set(letters) for group, letters in english.items()
    }, "every language marks the same items"


def test_the_games_with_marks_have_a_letter_for_each_colour_ware_kind_and_cube() -> None:
    view, _ = next(sample_states("cairo"))
    cairo = letter_sets(picture_words("cairo", "en"))
    assert set(cairo["colour"]) == set(view.details["colours"]) and set(cairo["seat"]) == {"neutral"}
    jambo = letter_sets(picture_words("jambo", "en"))
    assert set(jambo["ware"]) == set(WARE_STYLES) and set(jambo["kind"]) == set(KIND_COLOURS)
    assert set(letter_sets(picture_words("morocco", "en"))["cube"]) == set(CUBE_COLOURS)


def test_english_colour_letters_are_the_colour_names_initials() -> None:
    """The English pictures keep the letters they always had: R red, Y yellow ... (the words' initials)."""
    english = picture_words("cairo", "en")
    for colour, letter in letter_sets(english)["colour"].items():
        assert letter == english[f"colour:{colour}"][:1].upper()


# ---- what a board draws ---------------------------------------------------------------------------------------------
def views(game: str) -> Iterator[View]:
    """A player's views and a spectator's of seeded games of every other player count (the hand shows every colour)."""
    for view, _players in sample_states(game, points=3):
        yield view


def capitals_drawn(written: list[str], game: str, language: str) -> set[str]:
    """The one-capital texts drawn on every picture of ``game`` in ``language``."""
    words = picture_words(game, language)
    for view in views(game):
        for layout in render.LAYOUTS:
            render.render_board(view, layout=layout, words=words)
            render.render_private(view, layout=layout, words=words)
    return {text for text in written if CAPITAL.match(text) and text == text.upper()}


def spanish_only(game: str) -> tuple[set[str], set[str]]:
    """The Spanish letters of ``game``, and the English ones that no Spanish mark uses."""
    spanish = {letter for letters in letter_sets(picture_words(game, "es")).values() for letter in letters.values()}
    english = {letter for letters in letter_sets(picture_words(game, "en")).values() for letter in letters.values()}
    return spanish, english - spanish


CARD_CODES = {"N", "S", "E", "W", "C"}
"""Kairo's building cards are titled by their sector's code (notation players type, the same in every language)."""


@pytest.mark.parametrize("game", ["cairo", "jambo", "morocco"])
def test_a_spanish_game_draws_its_spanish_letters_and_no_english_initial(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    written = drawn_texts(monkeypatch)
    drawn = capitals_drawn(written, game, "es")
    clear_render_caches()
    spanish, english_only = spanish_only(game)
    assert english_only, "Spanish changes some letters"
    missing = spanish - drawn
    assert not missing, f"Spanish letters never drawn: {sorted(missing)}"
    english = (english_only - CARD_CODES) & drawn if game == "cairo" else english_only & drawn
    assert not english, f"English initials drawn on a Spanish {game} picture: {sorted(english)}"
    if game == "cairo":  # a colour's letter ("Z" azul, "M" morado) is no notation: only the code "W" stays
        assert drawn - spanish <= CARD_CODES, sorted(drawn - spanish)
    else:
        assert drawn <= spanish, sorted(drawn - spanish)


def draw_legend(game: str, words: Words) -> None:
    """Draw ``game``'s legend of the letters, from empty caches: Kairo's supply table (a stall chip
    then the colour's name, per colour), Jambo's legend (a token then the ware's name, per ware)."""
    if game == "cairo":
        frame = FRAMES["portrait"]
        colours = tuple(letter_sets(words.table)["colour"])
        supply_frame(frame, colours, frame.outer, frame.width - frame.outer, words)
    else:
        legend_picture(theme_for("portrait"), 700, words)


@pytest.mark.parametrize(("game", "group"), [("cairo", "colour"), ("jambo", "ware")])
def test_a_legend_puts_beside_each_name_the_letter_its_pieces_carry(
    game: str, group: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In Spanish, the letter drawn just before each colour's or ware's name in the legend is the one the table
    gives that item's pieces (the pieces' own sprites draw it from the same id: ``colour_letter``, ``ware_letter``)."""
    written = drawn_texts(monkeypatch)
    words = Words.of(picture_words(game, "es"))
    draw_legend(game, words)
    clear_render_caches()
    for item, letter in letter_sets(words.table)[group].items():
        name = words(f"{group}:{item}")
        assert name in written, (name, written)
        before = written[written.index(name) - 1]
        assert before == letter, (item, before, letter)


@pytest.mark.parametrize(
    "game", [pytest.param("cairo", marks=pytest.mark.slow), pytest.param("jambo", marks=pytest.mark.slow), "morocco"]
)
def test_a_board_in_one_language_leaves_no_letter_in_the_next_in_another(game: str) -> None:
    """Sprites are cached by their letter: English, then Spanish, then English again draws the first picture
    again, and Spanish drawn after English is the Spanish drawn from empty caches."""
    english, spanish = picture_words(game, "en"), picture_words(game, "es")
    shown = list(views(game))[:3]

    def drawn(words: Mapping[str, str]) -> list[bytes]:
        return [
            picture
            for view in shown
            for layout in render.LAYOUTS
            for picture in (
                render.render_board(view, layout=layout, words=words),
                render.render_private(view, layout=layout, words=words),
            )
            if picture is not None
        ]

    clear_render_caches()
    first_english = drawn(english)
    after_english = drawn(spanish)
    again_english = drawn(english)
    clear_render_caches()
    fresh_spanish = drawn(spanish)
    assert after_english != first_english, "the Spanish letters differ from the English ones"
    assert again_english == first_english
    assert after_english == fresh_spanish


def test_marks_with_one_english_letter_are_translated_apart() -> None:
    """Each mark is its own catalog message (its context): Jambo's silk and stand are both "S" in English, yet
    Spanish gives seda its S and tenderete its T."""
    english, spanish = picture_words("jambo", "en"), picture_words("jambo", "es")
    assert english["letter:ware:silk"] == english["letter:kind:stand"]
    assert spanish["letter:ware:silk"] != spanish["letter:kind:stand"]
    assert "\x04" not in "".join(english.values()) + "".join(spanish.values()), "no context leaks into a picture"
