"""The words a picture draws, handed in by its caller: ``render`` holds no language of its own.

Every word a game's pictures draw (titles, headings, card and ware names, colours, "Game over", tags)
is looked up in a ``Words``: a table of texts keyed by stable ids (``game_over``, ``card:boat``,
``colour:2``), already in the reader's language. The bot fills it from its catalogs (``bot.core.pictures``,
each game's table in ``bot.games.<game>.pictures``) and passes it as a plain ``dict`` (it travels to the
image workers as JSON); the ids a game draws are named in that game's table, next to their English.

A text may hold ``str.format`` fields (``{name}``, ``{count}``) that the picture fills. A text whose
words depend on a number keeps its form for one under ``<id>#1`` and its other form under ``<id>``
(``Words.count``). An id missing from the table is drawn as the id itself: what a caller that passes no
words (a test, warming the caches) sees, and never a word of English.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

ONE = "#1"
"""The suffix of a text's form for the number one (``cards#1`` "{count} card", ``cards`` "{count} cards")."""


@dataclass(frozen=True)
class Words:
    """A table of texts by id, hashable (cached pictures are keyed by the words they show)."""

    pairs: tuple[tuple[str, str], ...] = ()
    table: dict[str, str] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "table", dict(self.pairs))

    @classmethod
    def of(cls, table: Mapping[str, str] | Words | None) -> Words:
        """``table`` as ``Words`` (None or empty: no words, every id drawn as itself)."""
        if isinstance(table, Words):
            return table
        return cls(tuple(sorted((str(k), str(v)) for k, v in (table or {}).items())))

    def __call__(self, key: str, /, **fields: Any) -> str:
        """The text of ``key``, its ``{fields}`` filled."""
        return _filled(self.table.get(key, key), fields)

    def count(self, key: str, number: int, /, **fields: Any) -> str:
        """The text of ``key`` in the form ``number`` takes, with ``{count}`` (and ``fields``) filled."""
        text = self.table.get(key + ONE) if number == 1 else None
        return _filled(text or self.table.get(key, key), {"count": number, **fields})

    def get(self, key: str) -> str | None:
        """The text of ``key`` unfilled, or None when the table has none."""
        return self.table.get(key)


NO_WORDS = Words()
"""No words: every id drawn as itself."""


def _filled(text: str, fields: Mapping[str, Any]) -> str:
    if not fields or "{" not in text:
        return text
    try:
        return text.format_map(fields)
    except (KeyError, IndexError, ValueError):
        return text
