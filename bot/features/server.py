"""``/bazaar settings``: a server's defaults for new games (Manage Server only).

The defaults for the reminder interval and the turn deadline, whether games open in their own
thread, the one channel games may be started in, the language of new games, and how the boards in
games' threads are drawn (the phone layout, tall and large, unless the server wants a wide board).
Discord hides the command from members without Manage Server (``default_permissions``); the command
checks again, since a server can change who sees it. Changes are applied in one transaction, so two
admins saving at once both count.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core import language as languages
from bot.core.catalog import N_
from bot.core.language import LANGUAGES, NAMES
from bot.core.posts import timing_text
from bot.core.refused import Refused
from bot.core.schedule import BOARD_LAYOUT, GuildSettings
from bot.core.wording import say_for
from bot.ui.context import can_manage
from bot.ui.errors import reply_private
from bot.ui.services import services

HEADING = N_("**Bazaar settings for this server**")
NEW_GAMES = N_("New games: {clock} (the creator can change these in `new`).")
THREADS_YES = N_("Games open in their own thread: yes.")
THREADS_NO = N_("Games open in their own thread: no, in the channel.")
WHERE = N_("Games may be started in: {where}.")
ANY_CHANNEL = N_("any channel")
LANGUAGE = N_("New games speak: {language}.")
DISCORD_LANGUAGE = N_("the server's Discord language (English unless it is a community server in Spanish)")
LANGUAGE_DISCORD = N_("The server's Discord language")
BOARD = N_("Boards in games' threads: {layout}.")
BOARD_WORDS = {
    "phone": N_("phone (tall, large pieces and names; the standings are in the message)"),
    "landscape": N_("wide (board left, panel of details right)"),
}
BOARD_PHONE = N_("Phone: tall, large pieces and names")
BOARD_WIDE = N_("Wide: board left, panel of details right")
BOARD_CHOICES = [
    app_commands.Choice(name=BOARD_PHONE, value="phone"),
    app_commands.Choice(name=BOARD_WIDE, value="landscape"),
]
LANGUAGE_CHOICES = [
    *(app_commands.Choice(name=NAMES[code], value=code) for code in LANGUAGES),
    app_commands.Choice(name=LANGUAGE_DISCORD, value="discord"),
]


def settings_text(settings: GuildSettings) -> str:
    say = say_for("bazaar", ())
    clock = timing_text(say, settings.default_timing())
    where = f"<#{settings.allowed_channel_id}>" if settings.allowed_channel_id else say._(ANY_CHANNEL)
    return "\n".join(
        [
            say._(HEADING),
            say.fill(NEW_GAMES, {"clock": clock}),
            say._(THREADS_YES if settings.threads else THREADS_NO),
            say.fill(WHERE, {"where": where}),
            say.fill(LANGUAGE, {"language": NAMES.get(settings.language or "", "") or say._(DISCORD_LANGUAGE)}),
            say.fill(BOARD, {"layout": say._(BOARD_WORDS[settings.thread_layout])}),
        ]
    )


def changed_settings(
    settings: GuildSettings,
    reminder_hours: int | None,
    deadline_hours: int | None,
    threads: bool | None,
    channel: discord.TextChannel | None,
    any_channel: bool | None,
    spoken: str | None = None,
    board: str | None = None,
) -> GuildSettings:
    """``settings`` with every option that was given applied (``spoken`` "discord": no language of its own;
    ``board`` "phone", the default, is stored as no choice)."""
    if reminder_hours is not None:
        settings = replace(settings, reminder_hours=float(reminder_hours))
    if deadline_hours is not None:
        settings = replace(settings, deadline_hours=float(deadline_hours))
    if threads is not None:
        settings = replace(settings, threads=threads)
    if channel is not None:
        settings = replace(settings, allowed_channel_id=channel.id)
    if any_channel:
        settings = replace(settings, allowed_channel_id=None)
    if spoken is not None:
        settings = replace(settings, language=languages.known(spoken))
    if board is not None:
        settings = replace(settings, board_layout=None if board == BOARD_LAYOUT else board)
    return settings


@app_commands.describe(
    reminder_hours="Default hours before a waiting player is reminded (0: no reminders)",
    deadline_hours="Default turn deadline in hours (0: none)",
    threads="Open each game in its own thread",
    channel="The only channel where games may be started",
    any_channel="Let games be started in any channel again",
    language="The language of new games' posts (default: the server's Discord language)",
    board="How boards are drawn in games' threads (default: phone)",
)
@app_commands.choices(language=LANGUAGE_CHOICES, board=BOARD_CHOICES)
@app_commands.default_permissions(manage_guild=True)
async def settings(
    interaction: discord.Interaction,
    reminder_hours: app_commands.Range[int, 0, 720] | None = None,
    deadline_hours: app_commands.Range[int, 0, 2160] | None = None,
    threads: bool | None = None,
    channel: discord.TextChannel | None = None,
    any_channel: bool | None = None,
    language: app_commands.Choice[str] | None = None,
    board: app_commands.Choice[str] | None = None,
) -> None:
    """Show or change this server's defaults for games (Manage Server)."""
    if interaction.guild_id is None:
        raise Refused("settings_in_server")
    if not can_manage(interaction):
        raise Refused("settings_need_manage")
    schedule = services(interaction).schedule

    def change(current: GuildSettings) -> GuildSettings:
        spoken = language.value if language is not None else None
        drawn = board.value if board is not None else None
        return changed_settings(current, reminder_hours, deadline_hours, threads, channel, any_channel, spoken, drawn)

    updated = await schedule.update_guild_settings(interaction.guild_id, change)
    await reply_private(interaction, settings_text(updated))


async def setup(bot: commands.Bot) -> None:
    """Add ``settings`` to ``/bazaar``."""
    command: app_commands.Command[Any, ..., Any] = app_commands.Command(
        name="settings", description="Show or change this server's defaults for games", callback=settings
    )
    services(bot).bazaar_group.add_command(command)
