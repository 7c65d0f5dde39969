"""The quick reference behind ``/<game> rules``: topics, a game's pages, and the picture of a fresh game.

Discord-free. Each game's bot package may have a module ``bot.games.<game>.rules`` whose ``RULES`` is
a ``GameRules``: for every topic, its paragraphs as ``N_("…")`` templates in the game's catalog, and
the examples they quote (a command as a player types it, and the engine moves it stands for, so a
test can check that the example is a move the engine accepts). A paragraph names an example as
``{name}``; it is filled in as code (`` `/game place …` ``), never translated. Shared code finds a
game's rules by the engine's name, as ``bot.core.wording`` finds its words.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache

import engines
from bot.core import language, texts
from bot.core.catalog import N_
from bot.core.text import MESSAGE_LIMIT
from bot.core.wording import Say, say_for
from engines.base import CHANCE, View

TOPICS: tuple[str, ...] = ("setup", "turn", "scoring", "end", "commands")
"""The pages, in order: what you need and the setup, a turn, scoring, the end of the game, the commands."""
TOPIC_TITLES: Mapping[str, str] = {
    "setup": N_("What you need"),
    "turn": N_("A turn"),
    "scoring": N_("Scoring"),
    "end": N_("The end of the game"),
    "commands": N_("Commands and buttons"),
}
PICTURED = "setup"
"""The page that comes with the board of a fresh game."""
HEADER = N_("**{title} — rules: {topic}** ({page}/{pages})")
PICTURE_NOTE = N_("The picture: a fresh game's board, as the bot posts it.")
NO_RULES = N_("There is no quick reference for {title} yet.")


@dataclass(frozen=True)
class Example:
    """A command as a player types it, and the engine moves it stands for (none: it is not a move)."""

    command: str
    moves: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameRules:
    """One game's quick reference: paragraphs (``N_`` templates) per topic, and the examples they name."""

    pages: Mapping[str, tuple[str, ...]]
    examples: Mapping[str, Example] = field(default_factory=dict)
    players: int = 0
    """How many players the pictured fresh game has (0: the fewest the game allows)."""


@cache
def game_rules(game: str) -> GameRules | None:
    """The ``RULES`` of ``bot.games.<game>.rules``, or None when the game has none."""
    try:
        module = importlib.import_module(f"bot.games.{game}.rules")
    except ModuleNotFoundError as exc:
        if exc.name not in (f"bot.games.{game}", f"bot.games.{game}.rules"):
            raise
        return None
    rules = module.RULES
    assert isinstance(rules, GameRules)
    return rules


def topic_title(say: Say, topic: str) -> str:
    """A topic's name, as the menu and the ``topic`` option show it."""
    return say._(TOPIC_TITLES[topic])


def page_number(topic: str | None) -> int:
    """The 1-based page of ``topic`` (the first page for none or an unknown one)."""
    return TOPICS.index(topic) + 1 if topic in TOPICS else 1


def page_text(game: str, topic: str) -> str:
    """The text of one page: a header, then the game's paragraphs with their examples filled in."""
    engine = engines.get(game)
    say = say_for(engine.name, ())
    rules = game_rules(engine.name)
    if rules is None:
        return say.fill(NO_RULES, {"title": engine.title})
    examples = {name: f"`{example.command}`" for name, example in rules.examples.items()}
    params = {"title": engine.title, "topic": topic_title(say, topic), "page": page_number(topic), "pages": len(TOPICS)}
    lines = [say._(HEADER).format_map(params)]
    lines += [say._(paragraph).format_map(examples) for paragraph in rules.pages.get(topic, ())]
    if topic == PICTURED:
        lines.append(say._(PICTURE_NOTE))
    text = language.local_commands("\n\n".join(lines), say.locale)  # the examples as the reader's client names them
    if len(text) > MESSAGE_LIMIT:
        raise ValueError(f"{game} rules, {topic}: {len(text)} characters, more than {MESSAGE_LIMIT}")
    return text


def fresh_view(game: str, seed: int = 1) -> View:
    """A spectator's view of a fresh game: set up by seeded chance until the first player is to decide."""
    engine = engines.get(game)
    rules = game_rules(engine.name)
    players = min(max(rules.players if rules else 0, engine.min_players), engine.max_players)
    rng = random.Random(seed)
    state = engine.new_game(players)
    while engine.to_move(state) == CHANCE:
        state = engine.apply(state, engine.sample_chance(state, rng))
    say = say_for(engine.name, ())
    names = [say._(texts.PLAYER_N).format(number=seat + 1) for seat in range(players)]
    return engine.view(state, None).with_names(names)
