"""Words for what engines say as data: events, refusals, decisions, endings, option descriptions.

Engines hold no words (``engines.base``). Each game's bot package has a Discord-free module
``bot.games.<game>.words`` whose ``WORDS`` is a ``GameWords``: a table of message templates per
code, marked with ``N_`` so Babel extracts them into the game's catalog, and a formatter for the
game's own parameter values (colours, squares, cards). ``Wording`` combines it with the shared
catalog and the players' names; the live post, the log, catch-up, the log file and every refusal
go through it, so one thing always reads the same way.

Templates use ``str.format`` fields named after the parameters. Parameter conventions (see
``engines.base.GameError``): ``seat`` or ``*_seat`` becomes the player's name; ``seats`` or
``*_seats`` a list of names; ``move``, ``text`` or ``*_text`` is what a player typed, quoted and
shortened; ``name`` or ``*_name`` is a person's name (made harmless). Anything else goes through
the game's ``value`` formatter, then ``str``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from bot.core import language, texts
from bot.core.catalog import DEFAULT_LOCALE, NN_, Catalog, Plural, bare, load
from bot.core.text import and_list, plain_name, quote_input
from bot.core.timing import Duration, Hours, duration_text, hours_text, number_text
from engines.base import Decision, Event, GameError, Outcome, View, events_seen_by

Template = str | Plural
"""A message: one text, or a ``Plural`` whose form follows a number among the parameters (``count``)."""
ValueFormatter = Callable[[str, Any, "Say"], str | None]
"""``(key, value, say)`` -> the value in words, or None to let the shared rules word it."""
SpecialWording = Callable[[Mapping[str, Any], "Say"], str]
"""Words for one code that a template cannot express: ``(params, say)`` -> text."""
RunWording = Callable[[Sequence[Mapping[str, Any]], "Say"], str]
"""Words for a run of events of one code in a row: ``(each event's params, say)`` -> one phrase."""
StandingWording = Callable[[View, int, "Say"], str]
"""Where one seat stands, as the game counts it: ``(view, seat, say)`` -> "30 points (22 dirhams, 8 squares)"."""
HoldingWording = Callable[[View, "Say"], str]
"""What the view's viewer holds that others cannot see, as a sentence ("" for nothing): ``(view, say)``."""


POINTS = NN_("{score} point", "{score} points", "score")
"""A score in the unit most games count in; a game that counts otherwise sets ``GameWords.score_unit``."""


def _no_values(key: str, value: Any, say: Say) -> str | None:
    return None


def _move_as_label(move: str, view: View, say: Say) -> str:
    return move


@dataclass(frozen=True)
class GameWords:
    """How one game's codes read. Every template is an ``N_("...")`` literal in the game's ``words`` module."""

    domain: str
    events: Mapping[str, Template] = field(default_factory=dict)
    refusals: Mapping[str, Template] = field(default_factory=dict)
    decisions: Mapping[str, Template] = field(default_factory=dict)
    terminations: Mapping[str, Template] = field(default_factory=dict)
    options: Mapping[str, str] = field(default_factory=dict)
    """Option name -> its description in ``/<game> new`` (at most 100 characters)."""
    value: ValueFormatter = _no_values
    special: Mapping[str, SpecialWording] = field(default_factory=dict)
    """Codes (of any kind) worded by a function instead of a template."""
    label: Callable[[str, View, Say], str] = _move_as_label
    """A move's words on a button or in a menu (at most 80 characters are shown)."""
    runs: Mapping[str, RunWording] = field(default_factory=dict)
    """Event codes whose runs (two or more in a row) read as one phrase (36 tokens dealt: one line, not 36)."""
    score_unit: Plural = POINTS
    """A score with its unit, ``{score}`` filled: "30 points" (Jambo counts gold: "12 gold")."""
    title: str = ""
    """The game's title as players read it (``N_("Kairo")``: "El Cairo" in Spanish); the engine's ``title``
    is its English identifier."""
    option_names: Mapping[str, str] = field(default_factory=dict)
    """Option name -> its name in words (the lobby's "Options: start: variable")."""
    option_values: Mapping[str, str] = field(default_factory=dict)
    """An option's choice -> its words ("variable", "preset")."""
    standing: StandingWording | None = None
    """A seat's standing in words (the standings of a board post and its alt text); None: its score with its unit."""
    holding: HoldingWording | None = None
    """What the viewer holds hidden from the others (the alt text of their hand and board); None: nothing hidden."""
    terms: Mapping[str, str] = field(default_factory=dict)
    """A part of the computer's projected final score (``ai.games.<game>.TERMS``) -> its words: a hint's reason."""


@cache
def game_words(game: str) -> GameWords:
    """The ``WORDS`` of ``bot.games.<game>.words``; a game without one gets empty tables."""
    try:
        module = importlib.import_module(f"bot.games.{game}.words")
    except ModuleNotFoundError as exc:
        if exc.name not in (f"bot.games.{game}", f"bot.games.{game}.words"):
            raise
        return GameWords(domain=game)
    words = module.WORDS
    assert isinstance(words, GameWords)
    return words


SAID_KEPT = 2048
"""Translations one ``Say`` keeps (its messages are the code's templates, a few hundred)."""


class MissingWords(LookupError):
    """A code that no catalog words: a bug (a test words every code an engine can produce)."""


class Say:
    """Fills templates for one game, one language and one table of player names."""

    def __init__(self, words: GameWords, names: Sequence[str], locale: str = DEFAULT_LOCALE) -> None:
        self.words = words
        self.names = [plain_name(name) for name in names]
        self.locale = locale
        self.game_catalog: Catalog = load(f"bot.games.{words.domain}", words.domain, locale)
        self.shared_catalog: Catalog = load("bot", "bazaar", locale)
        self._said: dict[str, str] = {}
        """Messages translated so far: catalogs are loaded once (``load``), so a message always reads the same."""

    # ---- the pieces --------------------------------------------------------------------------
    def _(self, message: str) -> str:
        """``message`` translated: the game's catalog first, then the shared one."""
        found = self._said.get(message)
        if found is None:
            translated = self.game_catalog.gettext(message)
            found = translated if translated != bare(message) else self.shared_catalog.gettext(message)
            found = language.local_commands(found, self.locale)
            if len(self._said) < SAID_KEPT:
                self._said[message] = found
        return found

    def ngettext(self, plural: Plural, n: int) -> str:
        """The form of ``plural`` that ``n`` takes, translated: the game's catalog first, then the shared one."""
        catalog = self.game_catalog if self.game_catalog.has_plural(plural.singular) else self.shared_catalog
        return language.local_commands(catalog.ngettext(plural.singular, plural.plural, n), self.locale)

    def text(self, template: Template, params: Mapping[str, Any]) -> str:
        """``template`` translated, unfilled: a ``Plural`` in the form its number in ``params`` takes."""
        if isinstance(template, Plural):
            count = params.get(template.key, 0)
            return self.ngettext(template, count if isinstance(count, int) else 0)
        return self._(template)

    def name(self, seat: Any) -> str:
        """A seat's player name (mentions and markdown made harmless)."""
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        if isinstance(seat, int) and seat >= 0:
            return self._(texts.PLAYER_N).format(number=seat + 1)
        return self._(texts.NOBODY)

    def names_of(self, seats: Iterable[Any]) -> str:
        return and_list([self.name(seat) for seat in seats], self._(texts.AND))

    def value(self, key: str, value: Any) -> str:
        """One parameter in words."""
        if isinstance(value, Duration):
            return duration_text(float(value), self.locale)
        if isinstance(value, Hours):
            return hours_text(float(value), self.locale)
        if key == "title" and isinstance(value, str):
            return title_text(value, self.locale)
        if key == "seat" or key.endswith("_seat"):
            return self.name(value)
        if key == "seats" or key.endswith("_seats"):
            return self.names_of(value or [])
        if key in ("move", "text") or key.endswith("_text"):
            return quote_input(str(value))
        if key == "name" or key.endswith("_name"):
            return plain_name(str(value))
        worded = self.words.value(key, value, self)
        if worded is not None:
            return worded
        shared = texts.VALUE_WORDS.get(key)
        if shared is not None and isinstance(value, str) and value in shared:
            return self._(shared[value])
        if isinstance(value, bool):
            return self._(texts.ON if value else texts.OFF)
        if isinstance(value, list | tuple):
            return and_list([self.value(key.removesuffix("s"), item) for item in value], self._(texts.AND))
        return str(value)

    def fill(self, template: Template, params: Mapping[str, Any]) -> str:
        """``template`` translated (a ``Plural`` in the form its count takes), its fields filled with ``params``."""
        worded = {key: self.value(key, value) for key, value in params.items()}
        return language.local_commands(self.text(template, params).format_map(worded), self.locale)

    def _worded(
        self, code: str, table: Mapping[str, Template], params: Mapping[str, Any], shared: Mapping[str, Template]
    ) -> str:
        special = self.words.special.get(code)
        if special is not None:
            return special(params, self)
        template = table.get(code) or shared.get(code)
        if template is None:
            raise MissingWords(f"{self.words.domain}: no words for {code!r}")
        return self.fill(template, params)

    # ---- what engines and the host say ------------------------------------------------------------
    def event(self, event: Event) -> str:
        return self._worded(event.code, self.words.events, event.params, texts.EVENTS)

    def refusal(self, error: GameError) -> str:
        params = dict(error.params)
        nested = params.pop("decision", None)
        if isinstance(nested, dict):
            params["next"] = self.decision(Decision.model_validate(nested))
        code = error.code
        if code == "bad_player_count" and params.get("min") == params.get("max"):
            code = "bad_player_count_exact"  # "for 2 players", not "for 2–2 players"
        return self._worded(code, self.words.refusals, params, texts.REFUSALS)

    def decision(self, decision: Decision) -> str:
        return self._worded(decision.code, self.words.decisions, decision.params, {})

    def termination(self, outcome: Outcome) -> str:
        return self._worded(outcome.termination, self.words.terminations, outcome.details, texts.TERMINATIONS)

    def score(self, score: int) -> str:
        """A score in the game's unit: "30 points", "12 gold"."""
        return self.fill(self.words.score_unit, {"score": score})

    def standing(self, view: View, seat: int) -> str:
        """Where ``seat`` stands in ``view`` as the game counts it ("30 points", "12 gold"; "" when unknown)."""
        if self.words.standing is not None:
            return self.words.standing(view, seat, self)
        score = view.seats[seat].score if 0 <= seat < len(view.seats) else None
        return self.score(score) if score is not None else ""

    def holding(self, view: View) -> str:
        """What ``view.viewer`` holds hidden from the others, as a sentence ("" for a spectator or nothing hidden)."""
        if self.words.holding is None or view.viewer is None:
            return ""
        return self.words.holding(view, self)

    def option(self, name: str) -> str:
        return self._(self.words.options.get(name, name))[:100]

    def title(self) -> str:
        """This game's title in words ("El Cairo")."""
        return self._(self.words.title) if self.words.title else self.words.domain

    def option_name(self, name: str) -> str:
        """An option's name in words ("variant": "variante")."""
        return self._(self.words.option_names.get(name, name))

    def option_value(self, name: str, value: Any) -> str:
        """An option's value in words: a choice's words, "on"/"off" for a yes-or-no option."""
        if isinstance(value, str) and value in self.words.option_values:
            return self._(self.words.option_values[value])
        return self.value("option", value)

    def options_text(self, options: Mapping[str, Any]) -> str:
        """Chosen options in words: "variant: on, start: preset" ("" for none)."""
        return ", ".join(
            self._(texts.OPTION_SETTING).format(option=self.option_name(k), value=self.option_value(k, v))
            for k, v in options.items()
        )

    def number(self, number: float) -> str:
        """A number as the language writes it ("1.5", "1,5")."""
        return number_text(number, self.locale)

    def duration(self, seconds: float) -> str:
        """A wait as the language says it ("5 min", "2 d 4 h"; "2 días y 4 horas")."""
        return duration_text(seconds, self.locale)

    def hours(self, hours: float) -> str:
        """A number of hours ("24 h", "1,5 h")."""
        return hours_text(hours, self.locale)

    def label(self, move: str, view: View) -> str:
        return self.words.label(move, view, self)[:80]

    def parts(self, events: Sequence[Event], viewer: int | None) -> list[str]:
        """What ``viewer`` may read of ``events``: one phrase per event they may know, or per run of events
        the game words as one (``GameWords.runs``)."""
        seen = events_seen_by(events, viewer)
        phrases: list[str] = []
        start = 0
        while start < len(seen):
            code, end = seen[start].code, start + 1
            if code in self.words.runs:
                while end < len(seen) and seen[end].code == code:
                    end += 1
            if end - start > 1:
                phrases.append(self.words.runs[code]([e.params for e in seen[start:end]], self))
            else:
                phrases.append(self.event(seen[start]))
            start = end
        return phrases

    def events(self, events: Sequence[Event], viewer: int | None) -> str:
        """What ``viewer`` may read of ``events``, as one sentence (see ``join_sentences``)."""
        return join_sentences(self.parts(events, viewer))


def join_sentences(sentences: Iterable[str]) -> str:
    """Sentences as one: joined by semicolons, repeats counted ("… (3 times)"), capitalised, one full stop.

    A sentence continued after a semicolon keeps its own first letter (names keep their capital;
    templates start in lower case unless they start with a name).
    """
    runs: list[list[Any]] = []
    for sentence in (s.strip().rstrip(".").strip() for s in sentences):
        if not sentence:
            continue
        if runs and runs[-1][0] == sentence:
            runs[-1][1] += 1
        else:
            runs.append([sentence, 1])
    parts = [text if count == 1 else f"{text} (×{count})" for text, count in runs]
    text = "; ".join(parts)
    return f"{text[:1].upper()}{text[1:]}." if text else ""


@cache
def _titles() -> dict[str, str]:
    """Engine title (the English identifier, "Kairo") -> the game's name (``cairo``)."""
    import engines

    return {engine.title: engine.name for engine in engines.all_engines()}


def title_text(title: str, locale: str = DEFAULT_LOCALE) -> str:
    """A game's title in ``locale`` from its engine's English ``title`` ("Kairo" -> "El Cairo");
    any other text (a title already worded, "**El Cairo #3**") as it is."""
    game = _titles().get(title)
    if game is None:
        return title
    words = game_words(game)
    if not words.title:
        return title
    return load(f"bot.games.{words.domain}", words.domain, locale).gettext(words.title)


def game_title(game: str, locale: str = DEFAULT_LOCALE) -> str:
    """The title of the game called ``game`` (``cairo``) in ``locale``."""
    import engines

    return title_text(engines.get(game).title, locale)


def say_for(game: str, names: tuple[str, ...], locale: str | None = None) -> Say:
    """A ``Say`` for ``game`` and these names in ``locale`` (None: the current reader's language,
    ``bot.core.language.current``); cached: the same table serves a whole turn."""
    return _say_for(game, names, locale or language.current())


@lru_cache(maxsize=1024)
def _say_for(game: str, names: tuple[str, ...], locale: str) -> Say:
    return Say(game_words(game), names, locale)
