"""Spanish reads as Spanish: seeded games worded with the ``es`` catalogs show no English.

For every game, a sample of what a player reads — events, decisions, refusals, button and menu labels, the
option menus' choices (Kairo, Morocco), the title, the lobby's options, durations — is worded through ``Say``
in Spanish; none of it may carry an English message of the catalogs (one whose Spanish differs), an unfilled
``{field}``, or more than Discord allows (buttons 80 characters, menu options 100).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache

import pytest
from playthrough import play_and_word

import engines
from bot.catalogs import domains
from bot.core import texts
from bot.core.catalog import load
from bot.core.timing import Duration, Hours, duration_text, hours_text
from bot.core.wording import Say, game_title, say_for, title_text
from bot.games.cairo import choices as cairo_choices
from bot.games.morocco import choices as morocco_choices
from engines.base import CHANCE, Engine, GameError, GameState

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli")
BAD_INPUTS = ("", "???", "pass", "take deck", "draw", "keep 1", "play guard", "scout 9", "place a1 north")
NOTATION_IN_PARENTHESES = {"refusal no_such_colour"}
"""Texts that name the notation's words in parentheses ("naranja (orange)")."""
MARKUP = re.compile(r"`[^`]*`|<[^<>]*>|\{[^{}]*\}")


@cache
def _spanish_text() -> str:
    """Every Spanish translation, joined: an English piece found here is Spanish too (a name: "Assam")."""
    found: list[str] = []
    for domain in domains():
        catalog = load("bot" if domain.name == "bazaar" else f"bot.games.{domain.name}", domain.name, "es")
        found += catalog.messages.values()
        found += [form for forms in catalog.plurals.values() for form in forms]
    # what a translation quotes as notation ("naranja (orange)", "`pay red:2`") is not Spanish
    return re.sub(r"`[^`]*`|\([^()]*\)", "", "\n".join(found))


@cache
def _english_pieces(game: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Literal pieces of ``game``'s and the shared English messages that Spanish never says, each with its
    whole-word pattern.

    A piece is the text between a message's fields and code spans, kept when it has a word of four letters
    or more and no Spanish translation contains it (so "Assam" or "`pay`" never counts as English).
    """
    spanish = _spanish_text()
    pieces: set[str] = set()
    for domain, package in ((game, f"bot.games.{game}"), ("bazaar", "bot")):
        catalog = load(package, domain, "es")
        ids = [m for m, s in catalog.messages.items() if s != m]
        ids += [form for singular, forms in catalog.plurals.items() if forms[0] != singular for form in (singular,)]
        for message in ids:
            for piece in MARKUP.split(message):
                piece = piece.strip(" .,:;()·—-+×!?\n")
                if re.search(r"[A-Za-z]{4,}", piece) and not (piece in spanish and _word(piece).search(spanish)):
                    pieces.add(piece)
    return tuple((piece, _word(piece)) for piece in sorted(pieces))


def _word(piece: str) -> re.Pattern[str]:
    """``piece`` as whole words ("Guard" is not found in "Guardia")."""
    return re.compile(rf"(?<![\w]){re.escape(piece)}(?![\w])")


def check(game: str, text: str, what: str, limit: int = 2000) -> None:
    assert text and text.strip(), f"{what} has no words"
    assert not re.search(r"\{\w*\}", text), f"{what} has an unfilled field: {text!r}"
    assert len(text) <= limit, f"{what} is over {limit} characters: {text!r}"
    prose = re.sub(r"`[^`]*`", "", text)  # code spans are notation: typed as they are, in any language
    if what in NOTATION_IN_PARENTHESES:
        prose = re.sub(r"\(\w+\)", "", prose)
    for piece, pattern in _english_pieces(game):
        # the substring test first: the same verdict (no piece, no whole-word piece) at a fraction of the regex's
        # cost, for the thousands of texts a game words against hundreds of pieces
        assert piece not in prose or not pattern.search(prose), f"{what} reads English ({pattern.pattern!r}): {text!r}"


def _labels(engine: Engine, state: GameState, say: Say) -> Iterator[tuple[str, str, int]]:
    """What the player to move reads on buttons and in the option menus: (text, what, limit)."""
    seat = engine.to_move(state)
    if seat in (None, CHANCE):
        return
    view = engine.view(state, seat)
    for move in engine.legal_moves(state)[:60]:
        yield say.words.label(move, view, say), f"label of {move!r}", 80  # untruncated: it must fit as it is
    if engine.name == "cairo":
        yield from _cairo_choices(state, say)
    if engine.name == "morocco":
        moves = engine.legal_moves(state)
        for field in morocco_choices.FIELDS:
            for choice in morocco_choices.worker_choices(moves, field, {}, "", view.details, say):
                yield choice.label, f"morocco {field} choice {choice.value!r}", 100


def _cairo_choices(state: GameState, say: Say) -> Iterator[tuple[str, str, int]]:
    assert isinstance(state, cairo_choices.CairoState)
    found: list[cairo_choices.Choice] = []
    for kind, fields in cairo_choices.SITE_FIELDS.items():
        for field in fields:
            found += cairo_choices.site_choices(state, kind, field, {}, "", list(say.names), say)
    for site in cairo_choices.sites(state, "build")[:3]:
        step = cairo_choices.site_step("build", site["stall"], site["square"], site["door"])
        found += cairo_choices.pay_choices(state, step, "", say)
    for site in cairo_choices.sites(state, "extend")[:3]:
        step = cairo_choices.site_step("extend", site["stall"], site["square"])
        nxt = cairo_choices.after(state, [step])
        pays = cairo_choices.engine().legal_moves(nxt) if nxt is not None and nxt.phase == "card" else []
        for pay in pays[:2]:
            found += cairo_choices.coins_choices(state, [step, pay], "", say)
    found += cairo_choices.take_choices(state, None, "", say)
    found += cairo_choices.keep_choices(state, "", say)
    for choice in found:
        yield choice.label, f"cairo choice {choice.value!r}", 100


CASES = [
    pytest.param(
        engine.name,
        players,
        seed,
        id=f"{engine.name}-{players}-{seed}",
        # a whole game each: the quick run plays one a game but Kairo (the longest), at its fewest players; CI plays
        # them all
        marks=[pytest.mark.slow] if seed > 1 or players > engine.min_players or engine.name == "cairo" else [],
    )
    for engine in engines.all_engines()
    for players in sorted({engine.min_players, engine.max_players})
    for seed in (1, 2)
]


@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_a_spanish_game_reads_no_english(name: str, players: int, seed: int) -> None:
    engine = engines.get(name)
    say = say_for(name, NAMES[:players], "es")

    def labels(state: GameState) -> None:
        for text, what, limit in _labels(engine, state, say):
            check(name, text, what, limit)

    state = play_and_word(
        engine,
        players,
        random.Random(seed * 10 + players),
        say,
        lambda text, what: check(name, text, what),
        bad_inputs=BAD_INPUTS,
        every=4,
        limit=3000,
        also=labels,
    )
    outcome = engine.outcome(state)
    if outcome is not None:
        check(name, say.termination(outcome), f"termination {outcome.termination}")


@pytest.mark.parametrize("name", engines.names())
def test_titles_options_and_shared_words_in_spanish(name: str) -> None:
    engine = engines.get(name)
    say = say_for(name, NAMES[:2], "es")
    check(name, say.title(), "title")
    assert title_text(engine.title, "es") == say.title() == game_title(name, "es")
    assert title_text(engine.title, "en") == engine.title, "the English title stays the engine's"
    options = {option.name: option.default for option in engine.options}
    if options:
        check(name, say.options_text(options), "options")
    for option in engine.options:
        for value in option.choices or ():
            check(name, say.option_value(option.name, value), f"option value {value}")
    refusals = [
        GameError("game_full", id=3, title=engine.title, max=4),
        GameError("too_few_players", title=engine.title, min=2, count=1),
        GameError("undo_closed", status="refused"),
        GameError("option_type", option="x", expected="bool", value="maybe"),
        GameError("deadline_not_passed", left=Duration(5400)),
    ]
    for refusal in refusals:
        check(name, say.refusal(refusal), f"refusal {refusal.code}")
    check(name, say.fill("{title}", {"title": engine.title}), "title field")
    for level in texts.LEVELS:
        check(name, say.fill("{level}", {"level": level}), f"level {level}")


def test_kairo_is_el_cairo_in_spanish_and_the_others_keep_their_names() -> None:
    assert title_text("Kairo", "es") == "El Cairo"
    assert [title_text(t, "es") for t in ("Marrakech", "Morocco", "Jambo")] == ["Marrakech", "Morocco", "Jambo"]
    assert title_text("**Kairo #3**", "es") == "**Kairo #3**", "a worded title is left as it is"
    say = say_for("cairo", ("Ana", "Ben"), "es")
    assert say.refusal(GameError("game_full", id=3, title="Kairo", max=5)).startswith("El Cairo #3")


def test_durations_and_hours_follow_the_language() -> None:
    assert [duration_text(s) for s in (300, 3 * 3600, 2 * 86400, 2 * 86400 + 4 * 3600)] == [
        "5 min",
        "3 h",
        "2 d",
        "2 d 4 h",
    ]
    assert hours_text(1.5) == "1.5 h" and hours_text(24) == "24 h"
    assert duration_text(2 * 86400 + 4 * 3600, "es") == "2 días y 4 horas"
    assert duration_text(3 * 3600, "es") == "3 horas"
    assert hours_text(1.5, "es") == "1,5 h"
    say = say_for("marrakech", ("Ana", "Ben"), "es")
    assert say.fill("{waited}", {"waited": Duration(2 * 86400)}) == "2 días"
    assert say.fill("{hours}", {"hours": Hours(1.5)}) == "1,5 h"


def test_jambo_cards_read_as_the_spanish_rulebook_names_them() -> None:
    from bot.games.jambo.words import card_words, effect_words

    say = say_for("jambo", ("Ana", "Ben"), "es")
    assert card_words("rain maker", say) == "Invocador de lluvia"
    assert card_words("guard", say) == "Guardia"
    assert card_words("2 tea + silk", say) == "2 Té + Seda"
    assert effect_words("2 tea + silk", say).startswith("2 té, seda:")
    english = say_for("jambo", ("Ana", "Ben"))
    assert card_words("leopard statue", english) == "Leopard Statue"
    assert effect_words("well", english) == "Pay 1 gold: draw 1 card"
