"""Which language a text is in: a Discord locale made a catalog language, a game's language chosen, the
language of the code running now.

Discord-free. Languages are the catalogs' (``LANGUAGES``); a Discord locale (``es-ES``, ``es-419``,
``en-US`` …) becomes one by its language part, anything unknown becomes English (``DEFAULT_LOCALE``).

Who reads what decides its language:

- a private reply (ephemeral answers, refusals, autocomplete, the asker's log): the user's own Discord
  language, ``interaction.locale``; the UI sets it as the *current* language when an interaction arrives
  (``using``/``set_current``), and every ``say_for`` without a language follows it;
- a game's public posts (lobby, boards, notices): the game's language (``GameRecord.language``), chosen at
  ``/<game> new language:``, else the server's ``/bazaar settings language:``, else the server's Discord
  language (``interaction.guild_locale``), else English (``game_language``);
- a direct message: the recipient's last seen Discord language (kept per user by the UI).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from functools import cache

import engines
from bot.core.catalog import DEFAULT_LOCALE, load

LANGUAGES = ("en", "es")
"""The languages the bot speaks (each has its catalogs)."""
NAMES = {"en": "English", "es": "Español"}
"""Each language in its own words (the ``language:`` choices)."""
DISCORD_LOCALES = {"en": ("en-US", "en-GB"), "es": ("es-ES", "es-419")}
"""The Discord locales of each language."""

_current: ContextVar[str] = ContextVar("bazaar_language", default=DEFAULT_LOCALE)


def known(language: object) -> str | None:
    """``language`` if it is one the bot speaks (a catalog language or a Discord locale of one), else None."""
    if language is None:
        return None
    text = str(getattr(language, "value", language)).strip().lower().replace("_", "-")
    base = text.split("-", 1)[0]
    return base if base in LANGUAGES else None


def from_locale(locale: object) -> str:
    """A Discord locale (``es-ES``, ``es-419``, a ``discord.Locale``) as a catalog language; unknown: English."""
    return known(locale) or DEFAULT_LOCALE


def game_language(chosen: object = None, server: object = None, guild_locale: object = None) -> str:
    """A new game's language: the creator's choice, else the server's setting, else the server's Discord
    language, else English."""
    return known(chosen) or known(server) or known(guild_locale) or DEFAULT_LOCALE


def current() -> str:
    """The language of the reader the running code answers (English outside any interaction)."""
    return _current.get()


def set_current(language: object) -> Token[str]:
    """Make ``language`` current for the running task (and the tasks it starts)."""
    return _current.set(from_locale(language))


def reset(token: Token[str]) -> None:
    _current.reset(token)


@contextmanager
def using(language: object) -> Iterator[str]:
    """Run a block in ``language`` (a public post in the game's language, a DM in its reader's)."""
    token = set_current(language)
    try:
        yield current()
    finally:
        _current.reset(token)


# ---- command names ----------------------------------------------------------------------------------
NAME = re.compile(r"^[-_\w]{1,32}$")
"""What Discord accepts as a command's or option's name (lowercase)."""


@cache
def command_name(name: str, spoken: str, parent: str | None = None) -> str | None:
    """A slash command's, group's or option's name in ``spoken``, from the shared catalog's ``/<name>`` message
    (``/place`` → ``/colocar``), or ``/<command> <option>`` for an option of ``parent`` whose name is also a
    command's (``/new start``); None when it keeps its English name or the translation is no valid name."""
    if spoken == DEFAULT_LOCALE:
        return None
    catalog = load("bot", "bazaar", spoken)
    specific = f"/{parent} {name}" if parent else ""
    found = catalog.gettext(specific) if specific and catalog.gettext(specific) != specific else None
    found = found or catalog.gettext(f"/{name}")
    local = found.removeprefix("/").strip().lower()
    return local if found.startswith("/") and NAME.fullmatch(local) and local != name else None


@cache
def _command_reference() -> re.Pattern[str]:
    groups = "|".join(re.escape(name) for name in ("bazaar", *sorted(engines.names())))
    return re.compile(
        rf"(?<![\w/<])/(?P<group>{groups}|\{{command\}}|\{{game\}})"
        r"(?P<sub> [a-z_]+\b(?!:))?(?P<options>(?: [a-z_]+:[^\s`]*)*)"
    )


def local_commands(text: str, spoken: str) -> str:
    """``text`` with the slash commands it quotes (``/marrakech place carpet:c3-d3``, ``/{command} join``)
    named as a ``spoken`` Discord client shows them (``/marrakech colocar alfombra:c3-d3``); values stay."""
    if spoken == DEFAULT_LOCALE or "/" not in text:
        return text

    def local(match: re.Match[str]) -> str:
        group = match["group"]
        parts = [f"/{command_name(group, spoken) or group}" if not group.startswith("{") else f"/{group}"]
        sub = match["sub"].strip() if match["sub"] else None
        if sub:
            parts.append(command_name(sub, spoken) or sub)
        for option in match["options"].split():
            name, _, value = option.partition(":")
            parts.append(f"{command_name(name, spoken, sub) or name}:{value}")
        return " ".join(parts)

    return _command_reference().sub(local, text)
