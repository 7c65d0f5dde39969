"""Every game's words also work in Spanish: the same seeded games as ``test_wording``, worded with the
``es`` catalogs, with no unfilled field, no missing parameter and nothing over Discord's limits (the
catalog check in ``test_architecture`` makes sure each translation keeps the English placeholders)."""

from __future__ import annotations

import pytest

import engines
from bot.core.catalog import load
from bot.core.wording import say_for
from tests import test_wording

CASES = [
    pytest.param(engine.name, players, id=f"{engine.name}-{players}")
    for engine in engines.all_engines()
    for players in sorted({engine.min_players, engine.max_players})
]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_every_code_has_spanish_words(name: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(test_wording, "say_for", lambda game, names: say_for(game, names, "es"))
    test_wording.test_every_event_decision_refusal_and_ending_has_words(name, players)


def test_spanish_plurals_follow_the_catalog_header() -> None:
    catalog = load("bot", "bazaar", "es")
    assert catalog.plural_expr == "(n != 1)"
    assert catalog.ngettext("{score} point", "{score} points", 1) == "{score} punto"
    assert catalog.ngettext("{score} point", "{score} points", 5) == "{score} puntos"
    assert catalog.ngettext("{score} point", "{score} points", 1_000_000) == "{score} puntos"
