"""Every code an engine can produce has words, for every game found, and the shared wording rules hold.

Seeded random games of every engine at every player count: each event is worded as every seat and a
spectator may read it, each decision as a prompt, the ending, and the refusals of a set of bad
inputs — with no catalog gap, no unfilled field, nothing over Discord's limits, and no name able to
ping anyone. Then the shared rules: names are made harmless, typed input is quoted and shortened,
sentences join the same way everywhere.
"""

from __future__ import annotations

import random

import pytest
from playthrough import play_and_word

import engines
from bot.core.text import MESSAGE_LIMIT, plain_name, quote_input
from bot.core.wording import game_words, join_sentences, say_for
from engines.base import GameError

NAMES = ("Ana", "Ben", "<@123456789012345678>", "@everyone", "Eve")
BAD_INPUTS = ("", "x", "definitely not a move 42", "place", "9" * 2000, "take deck please", "🙂")
CASES = [
    pytest.param(engine.name, players, id=f"{engine.name}-{players}")
    for engine in engines.all_engines()
    for players in range(engine.min_players, engine.max_players + 1)
]


def _check_text(text: str, what: str) -> None:
    assert text and text.strip(), f"{what} has no words"
    assert "{" not in text and "}" not in text, f"{what} has an unfilled field: {text!r}"
    assert len(text) < MESSAGE_LIMIT // 2, f"{what} is too long ({len(text)})"
    assert "<@123456789012345678>" not in text and "@everyone" not in text, f"{what} can ping: {text!r}"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_every_event_decision_refusal_and_ending_has_words(name: str, players: int) -> None:
    engine = engines.get(name)
    say = say_for(name, NAMES[:players])
    state = play_and_word(
        engine, players, random.Random(players), say, _check_text, bad_inputs=BAD_INPUTS, every=3, limit=20_000
    )
    outcome = engine.outcome(state)
    assert outcome is not None
    _check_text(say.termination(outcome), f"termination {outcome.termination}")
    left = engine.resign_transition(engine.new_game(players), 0)
    for event in left.events:
        _check_text(say.event(event), f"event {event.code}")


@pytest.mark.parametrize("name", engines.names())
def test_every_option_is_described_for_the_new_command(name: str) -> None:
    engine = engines.get(name)
    words = game_words(name)
    for option in engine.options:
        assert option.name in words.options, f"{name} option {option.name} has no description"
        assert 0 < len(say_for(name, ()).option(option.name)) <= 100


def test_names_cannot_ping_link_or_format() -> None:
    assert "<@" not in plain_name("<@123>") and "@\u200beveryone" in plain_name("@everyone")
    assert plain_name("**bold**") == "\\*\\*bold\\*\\*"
    assert len(plain_name("x" * 500)) <= 32


def test_typed_input_is_quoted_on_one_line_and_shortened() -> None:
    quoted = quote_input("place\nc3-d3 " + "x" * 3000)
    assert quoted.startswith("`") and quoted.endswith("`") and "\n" not in quoted and len(quoted) <= 62
    assert "`" not in quote_input("a`b")[1:-1]


def test_sentences_join_with_semicolons_count_repeats_and_end_once() -> None:
    assert join_sentences(["Ana rolled 3", "ana paid Ben 2.", "Ana rolled 3", "Ana rolled 3", ""]) == (
        "Ana rolled 3; ana paid Ben 2; Ana rolled 3 (×2)."
    )
    assert join_sentences([]) == ""


def test_plural_templates_choose_their_form_by_count_and_are_extracted() -> None:
    from bot import catalogs
    from bot.core.catalog import NN_

    say = say_for("jambo", ("Ana", "Ben"))
    wares = NN_("return {count} ware", "return {count} wares")
    assert say.fill(wares, {"count": 1}) == "return 1 ware"
    assert say.fill(wares, {"count": 3}) == "return 3 wares"
    domain = next(d for d in catalogs.domains() if d.name == "jambo")
    template = catalogs.extract(domain)
    plural_ids = [m.id for m in template if isinstance(m.id, tuple)]
    assert plural_ids, "the jambo catalog extracts its plural forms"


def test_no_template_hedges_a_plural_with_brackets() -> None:
    from pathlib import Path

    for pot in Path("bot").rglob("*.pot"):
        text = pot.read_text(encoding="utf-8")
        assert "(s)" not in text and "(es)" not in text, f"{pot} words a plural as (s)"


def test_jambo_prompts_for_one_ware_say_ware() -> None:
    from engines.base import Decision

    say = say_for("jambo", ("Ana", "Ben"))
    one = say.decision(Decision(seat=0, code="dancer_return", params={"count": 1}))
    two = say.decision(Decision(seat=0, code="overflow_return", params={"count": 2}))
    assert "1 more ware to" in one and "(s)" not in one
    assert "2 wares of your choice" in two


def test_a_player_count_refusal_of_a_two_player_game_names_no_range() -> None:
    say = say_for("jambo", ("Ana", "Ben"))
    with pytest.raises(GameError) as refused:
        engines.get("jambo").new_game(3)
    assert say.refusal(refused.value) == "This game is for 2 players, not 3."
