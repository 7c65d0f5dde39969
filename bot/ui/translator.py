"""Slash commands in the reader's language: names, descriptions and choices from the catalogs.

discord.py asks an ``app_commands.Translator`` for every string of every command, once per Discord
locale, when it builds what it syncs (``name_localizations``, ``description_localizations``); Discord
then shows each user the commands in their client's language and still sends the base (English) names
in interactions, so nothing else changes. English is the base; a language of ``bot.core.language`` gets
its words from its catalogs:

- a command's, group's or option's name: the msgid ``/<name>`` (``/place`` → ``/colocar``), so a name
  never collides with a sentence; the result must be a valid name (lowercase, at most 32 characters, no
  spaces) or the English one stays;
- a description or a choice's name: the English text as msgid, in the shared catalog or any game's.

The msgids are kept in ``bot/command_words.py``, generated from the command tree (``python -m
bot.command_words``; a test checks it is up to date), so ``python -m bot.catalogs`` extracts them.
"""

from __future__ import annotations

from functools import cache

import discord
from discord import app_commands

import engines
from bot.core import language
from bot.core.catalog import DEFAULT_LOCALE, Catalog, load
from bot.core.language import command_name
from bot.core.text import shorten

NAME_LOCATIONS = (
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
)
DESCRIPTION_LIMIT = 100


@cache
def catalogs(spoken: str) -> tuple[Catalog, ...]:
    """The shared catalog then every game's, in ``spoken``."""
    return (
        load("bot", "bazaar", spoken),
        *(load(f"bot.games.{name}", name, spoken) for name in sorted(engines.names())),
    )


def translated(text: str, spoken: str) -> str | None:
    """``text`` in ``spoken`` from the first catalog that translates it, or None."""
    for catalog in catalogs(spoken):
        found = catalog.gettext(text)
        if found != text:
            return found
    return None


@cache
def spoken_in(locale: discord.Locale) -> str | None:
    """The language of ours a Discord locale reads, None for English (the base) or one we do not speak. Asked for
    every string of every command in each of Discord's ~30 locales at every sync: worked out once per locale."""
    spoken = language.known(locale.value)
    return None if spoken is None or spoken == DEFAULT_LOCALE else spoken


class CatalogTranslator(app_commands.Translator):
    """Names, descriptions and choices of the slash commands in every language the bot speaks."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        spoken = spoken_in(locale)
        if spoken is None:
            return None
        if context.location is app_commands.TranslationContextLocation.parameter_name:
            command = getattr(context.data, "command", None)
            return command_name(string.message, spoken, getattr(command, "name", None))
        if context.location in NAME_LOCATIONS:
            return command_name(string.message, spoken)
        found = translated(string.message, spoken)
        return shorten(found, DESCRIPTION_LIMIT) if found else None
