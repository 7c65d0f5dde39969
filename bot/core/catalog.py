"""Message catalogs: gettext ``.po`` files, extracted from the code with Babel, loaded per language.

Words the bot shows are marked in the code with ``N_("...")`` (a no-op that Babel's extractor
finds) and looked up at run time in the catalog of a *domain*: ``bazaar`` for what every game
shares (``bot/locale``), and one domain per game (``bot/games/<game>/locale``). The source
language is English: an English catalog may leave every ``msgstr`` empty, and a message missing
from any catalog reads as its ``msgid``. ``pybabel extract -k N_`` writes the templates
(``<domain>.pot``); a test checks they are up to date with the code. A text whose words
depend on a number is marked ``NN_("{count} ware", "{count} wares")`` (a ``Plural``; extracted with
both forms, translated with ``ngettext`` and the language's plural rule). A text too short to say what it is
(a picture's one-letter mark: "R" for red) is marked with a context, ``C_("letter of red", "R")``: it is its own
message (its ``msgctxt``), translated apart from any other "R", and reads as "R" where untranslated.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable

from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

DEFAULT_LOCALE = "en"
CONTEXT = "\x04"
"""Between a message's context and its text, as gettext keeps them (``C_``)."""


def N_(message: str) -> str:
    """Mark ``message`` for extraction; it is translated where it is used, not here."""
    return message


def C_(context: str, message: str) -> str:
    """Mark ``message`` for extraction with ``context`` (its ``msgctxt``): a message of its own, however short."""
    return f"{context}{CONTEXT}{message}"


def bare(message: str) -> str:
    """``message`` without the context ``C_`` gave it (the source words)."""
    return message.rpartition(CONTEXT)[2]


@dataclass(frozen=True)
class Plural:
    """A text in a singular and a plural form, chosen by a number (``count`` unless ``key`` names another)."""

    singular: str
    plural: str
    key: str = "count"


def NN_(singular: str, plural: str, key: str = "count") -> Plural:
    """Mark a text with plural forms for extraction; the form is chosen where it is used."""
    return Plural(singular, plural, key)


@cache
def _plural_index(locale: str, expression: str = "") -> Callable[[int], int]:
    """The language's rule: which form a number takes (English: 0 for one, 1 for the rest).

    ``expression`` is the rule the catalog's header states (``plural=(n != 1)``); without one, CLDR's. Made once
    per language and rule (compiling it costs about 50 µs, and every plural text a post words asks for it).
    """
    if not expression:
        try:
            expression = get_plural(locale).plural_expr
        except (ValueError, LookupError):
            expression = "(n != 1)"
    rule = gettext.c2py(expression)
    return lambda n: int(rule(n))


@dataclass(frozen=True)
class Catalog:
    """The translations of one domain in one language (an empty catalog: the source words)."""

    domain: str
    locale: str
    messages: dict[str, str] = field(default_factory=dict)
    plurals: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Singular msgid -> the translated forms, in the language's order."""
    plural_expr: str = ""
    """The plural rule the ``.po`` header states (empty: the language's rule from CLDR)."""

    def gettext(self, message: str) -> str:
        """``message`` in this catalog's language (itself, without its context, when untranslated)."""
        return self.messages.get(message) or bare(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of ``singular``/``plural`` that ``n`` takes in this language (the source's when untranslated)."""
        forms = self.plurals.get(singular)
        if forms:
            index = _plural_index(self.locale, self.plural_expr)(n)
            if 0 <= index < len(forms) and forms[index]:
                return forms[index]
        return singular if n == 1 else plural

    def has_plural(self, singular: str) -> bool:
        return any(self.plurals.get(singular, ()))


def locale_dir(package: str) -> Traversable:
    """The ``locale`` folder of a package (``bot`` or ``bot.games.<game>``)."""
    return resources.files(package).joinpath("locale")


@cache
def load(package: str, domain: str, locale: str = DEFAULT_LOCALE) -> Catalog:
    """The catalog of ``domain`` kept in ``package``'s ``locale/<locale>/LC_MESSAGES/<domain>.po``."""
    try:
        path = locale_dir(package).joinpath(locale, "LC_MESSAGES", f"{domain}.po")
    except ModuleNotFoundError:
        return Catalog(domain, locale)
    if not path.is_file():
        return Catalog(domain, locale)
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=locale, domain=domain)
    messages = {
        (f"{message.context}{CONTEXT}" if message.context else "") + str(message.id): str(message.string)
        for message in catalog
        if message.id and isinstance(message.id, str) and isinstance(message.string, str) and message.string
    }
    plurals = {
        str(message.id[0]): tuple(str(form) for form in message.string)
        for message in catalog
        if isinstance(message.id, tuple | list) and isinstance(message.string, tuple | list) and any(message.string)
    }
    headers = dict(catalog.mime_headers)
    plural_expr = catalog.plural_expr if "Plural-Forms" in headers else ""
    return Catalog(domain, locale, messages, plurals, plural_expr)
