"""Finding English in what a Spanish reader sees: every English catalog message that Spanish words differently."""

from __future__ import annotations

import re
from functools import cache, lru_cache

from bot.catalogs import domains
from bot.core.catalog import load

FIELD = re.compile(r"\{[^{}]*\}")
MIN_PHRASE = 12


def _fragments(text: str) -> list[str]:
    return [f.strip(" *_`.,:;!?()—-") for f in FIELD.split(text)]


@cache
def english_only() -> tuple[frozenset[str], tuple[str, ...]]:
    """Short English messages (button labels, single words) that Spanish translates otherwise, matched whole;
    and the phrases (the longest literal part of a longer message) that read English, matched inside texts."""
    whole: set[str] = set()
    phrases: set[str] = set()
    for domain in domains():
        package = "bot" if domain.name == "bazaar" else f"bot.games.{domain.name}"
        spanish = load(package, domain.name, "es")
        pairs = [(k, v) for k, v in spanish.messages.items()]
        pairs += [(k, forms[0]) for k, forms in spanish.plurals.items()]
        for english, translated in pairs:
            if english == translated:
                continue
            if not FIELD.search(english):
                whole.add(english.strip())
            longest = max(_fragments(english), key=len)
            if len(longest) >= MIN_PHRASE and " " in longest and longest not in translated:
                phrases.add(longest)
    return frozenset(whole), tuple(sorted(phrases))


@cache
def _any_phrase() -> re.Pattern[str]:
    """Matches where any phrase of ``english_only`` occurs: one pass over a text finds whether any does."""
    return re.compile("|".join(re.escape(p) for p in english_only()[1]) or r"(?!)")


def english_in(text: str, *, label: bool = False) -> list[str]:
    """The English catalog messages found in ``text`` (a label: the whole text is one message)."""
    return list(_english_in(text, label))


@lru_cache(maxsize=65_536)
def _english_in(text: str, label: bool) -> tuple[str, ...]:
    """``english_in``, once per text: a whole game's messages repeat their labels, options and lines (a whole Spanish
    Jambo game asks about 18,000 texts, 2,700 of them different; each search runs the phrases' pattern)."""
    whole, phrases = english_only()
    found = [p for p in phrases if p in text] if _any_phrase().search(text) else []
    if label and text.strip() in whole:
        found.append(text.strip())
    return tuple(found)
