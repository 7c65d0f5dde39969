"""Message catalogs: gettext ``.po`` files, extracted from the code with Babel, loaded per language.

Words the bot shows are marked in the code with ``N_("...")`` (a no-op that Babel's extractor
finds) and looked up at run time in the catalog of a *domain*: ``bazaar`` for what every game
shares (``bot/locale``), and one domain per game (``bot/games/<game>/locale``). The source
language is English: an English catalog may leave every ``msgstr`` empty, and a message missing
from any catalog reads as its ``msgid``. ``pybabel extract -k N_`` writes the templates
(``<domain>.pot``); a test checks they are up to date with the code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable

from babel.messages.pofile import read_po

DEFAULT_LOCALE = "en"


def N_(message: str) -> str:
    """Mark ``message`` for extraction; it is translated where it is used, not here."""
    return message


@dataclass(frozen=True)
class Catalog:
    """The translations of one domain in one language (an empty catalog: the source words)."""

    domain: str
    locale: str
    messages: dict[str, str] = field(default_factory=dict)

    def gettext(self, message: str) -> str:
        """``message`` in this catalog's language (itself when untranslated)."""
        return self.messages.get(message) or message


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
        str(message.id): str(message.string)
        for message in catalog
        if message.id and isinstance(message.id, str) and isinstance(message.string, str) and message.string
    }
    return Catalog(domain, locale, messages)
