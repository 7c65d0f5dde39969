"""The bot's own ``.po`` reader (``bot.core.catalog.read_translations``) reads what Babel's ``read_po`` reads."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from bot.core.catalog import CONTEXT, Catalog, read_translations

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted(ROOT.joinpath("bot").rglob("*.po"))


def babel_reads(text: str) -> tuple[dict[str, str], dict[str, tuple[str, ...]], str]:
    """What ``bot.core.catalog.load`` took from Babel's ``read_po`` before it had a reader of its own."""
    catalog = read_po(io.BytesIO(text.encode("utf-8")))
    messages = {
        (f"{m.context}{CONTEXT}" if m.context else "") + str(m.id): str(m.string)
        for m in catalog
        if m.id and isinstance(m.id, str) and isinstance(m.string, str) and m.string
    }
    plurals = {
        str(m.id[0]): tuple(str(form) for form in m.string)
        for m in catalog
        if isinstance(m.id, tuple | list) and isinstance(m.string, tuple | list) and any(m.string)
    }
    return messages, plurals, catalog.plural_expr if "Plural-Forms" in dict(catalog.mime_headers) else ""


def test_every_shipped_catalog_is_found() -> None:
    assert len(SHIPPED) >= 10, SHIPPED  # the shared domain and four games, in English and Spanish


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_shipped_catalog_reads_as_babel_reads_it(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    ours = read_translations(text)
    assert ours == babel_reads(text)
    if "/es/" in str(path):
        assert ours[0] and ours[2] == "(n != 1)", "a Spanish catalog translates, and states its plural rule"


TRICKY = r"""msgid ""
msgstr ""
"Language: es\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

#: bot/core/posts.py
#, python-brace-format
msgid "{name} says \"hi\"\t"
msgstr "{name} dice \"hola\"\t"

msgctxt "letter of red"
msgid "R"
msgstr "R"

msgctxt "letter of rojo"
msgid "R"
msgstr ""

#, fuzzy
msgid "long "
"text"
msgstr ""
"texto "
"largo\\"

msgid "{count} ware"
msgid_plural "{count} wares"
msgstr[0] "{count} mercancía"
msgstr[1] "{count} mercancías"
msgid "untranslated"
msgstr ""
msgid "{count} card"
msgid_plural "{count} cards"
msgstr[0] ""
msgstr[1] ""

#~ msgid "gone"
#~ msgstr "ido"
"""


def test_escapes_contexts_continuations_plurals_fuzzy_and_obsolete_entries_read_as_babel_reads_them() -> None:
    messages, plurals, rule = read_translations(TRICKY)
    assert messages == {
        '{name} says "hi"\t': '{name} dice "hola"\t',
        f"letter of red{CONTEXT}R": "R",
        "long text": "texto largo\\",
    }
    assert plurals == {"{count} ware": ("{count} mercancía", "{count} mercancías")}
    assert rule == "(n != 1)"
    assert (messages, plurals, rule) == babel_reads(TRICKY)


def test_a_catalog_without_a_plural_rule_leaves_it_to_the_language() -> None:
    """No ``Plural-Forms`` header: the rule is the language's own (CLDR's), as Babel gives it for that language."""
    text = 'msgid ""\nmsgstr ""\n"Language: pl\\n"\n\nmsgid "{count} card"\nmsgid_plural "{count} cards"\n'
    text += 'msgstr[0] "karta"\nmsgstr[1] "karty"\nmsgstr[2] "kart"\n'
    messages, plurals, rule = read_translations(text)
    assert rule == ""
    polish = Catalog("d", "pl", messages, plurals, rule)
    assert [polish.ngettext("{count} card", "{count} cards", n) for n in (1, 3, 5)] == ["karta", "karty", "kart"]
    assert read_po(io.BytesIO(text.encode()), locale="pl").plural_expr == get_plural("pl").plural_expr


def test_a_missing_plural_form_stays_empty_so_the_source_words_show_not_another_form() -> None:
    text = 'msgid "{count} card"\nmsgid_plural "{count} cards"\nmsgstr[1] "{count} cartas"\n'
    messages, plurals, _ = read_translations(text)
    assert plurals == {"{count} card": ("", "{count} cartas")}
    spanish = Catalog("d", "es", messages, plurals, "(n != 1)")
    assert spanish.ngettext("{count} card", "{count} cards", 1) == "{count} card"
    assert spanish.ngettext("{count} card", "{count} cards", 3) == "{count} cartas"


def test_a_context_with_an_empty_message_is_no_header() -> None:
    text = 'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
    text += 'msgctxt "c"\nmsgid ""\nmsgstr "x"\n'
    assert read_translations(text)[2] == "(n != 1)"
