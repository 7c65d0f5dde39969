"""The language of the user an interaction answers: their Discord client's, made current when it arrives.

Every private reply (ephemeral answers, refusals, autocomplete, buttons under a private reply) is worded
through ``say_for`` without a language, so it follows ``bot.core.language.current``, which ``adopt`` sets
from ``interaction.locale`` at the start of every command, autocomplete and click. The language is also
kept per user (``ScheduleStore.set_language_of``) so that a direct message later reads in it; it is
written only when it differs from what this process last stored or read for the user (it reads what is stored when
it starts).
"""

from __future__ import annotations

import logging

import discord

from bot.core import language
from bot.ui.services import services

log = logging.getLogger("bazaar.language")


def language_of(interaction: discord.Interaction) -> str:
    """The catalog language of the user's Discord client (English when unknown)."""
    return language.from_locale(getattr(interaction, "locale", None))


def guild_language(interaction: discord.Interaction) -> str | None:
    """The server's Discord language (a community server's; None when Discord sends none or an unknown one)."""
    return language.known(getattr(interaction, "guild_locale", None))


async def adopt(interaction: discord.Interaction) -> str:
    """Make the user's language current for the rest of this interaction, and keep it for their DMs."""
    spoken = language_of(interaction)
    language.set_current(spoken)
    user_id = interaction.user.id
    try:
        await services(interaction).schedule.set_language_of(user_id, spoken)
    except Exception:  # a reply matters more than remembering a language
        log.exception("could not keep the language of user %s", user_id)
    return spoken
