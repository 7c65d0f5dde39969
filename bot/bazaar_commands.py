"""``/bazaar``: what is about you rather than one game, across every server, and the server's settings.

* ``/bazaar notify on|off [scope]``: a direct message when it becomes your turn, in this server or everywhere;
* ``/bazaar away on|off``: no reminders while you are away (turn deadlines still apply);
* ``/bazaar games``: your inbox, every game you are in across servers, your turns first, longest-waiting first;
* ``/bazaar settings``: (Manage Server) defaults for new games, threads on/off, where games may start.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

import discord
from discord import app_commands

from bot.context import can_manage, host_of, make_command
from bot.host import GameHost, Played, Refused
from bot.notify import channel_link, game_label
from bot.schedule_store import GuildSettings
from bot.timing import duration_text

MESSAGE_LIMIT = 2000
Switch = Literal["on", "off"]
Scope = Literal["this server", "everywhere"]


# ---- notify and away ------------------------------------------------------------------------------
async def notify(interaction: discord.Interaction, setting: Switch, scope: Scope | None = None) -> None:
    """A direct message when it becomes your turn (in this server, or everywhere)."""
    schedule = host_of(interaction).schedule
    wanted = setting == "on"
    everywhere = scope == "everywhere" or interaction.guild_id is None
    if everywhere:
        await schedule.set_dm_everywhere(interaction.user.id, wanted)
        where = "in every server"
    else:
        await schedule.set_dm_in_guild(interaction.user.id, interaction.guild_id or 0, wanted)
        where = "for this server's games"
    what = "I will DM you when it is your turn" if wanted else "No more turn DMs"
    await interaction.response.send_message(f"{what} {where}.", ephemeral=True)


async def away(interaction: discord.Interaction, setting: Switch) -> None:
    """Pause your reminders while you are away (turn deadlines still run)."""
    host = host_of(interaction)
    is_away = setting == "on"
    await host.schedule.set_away(interaction.user.id, is_away, host.clock())
    if is_away:
        text = (
            "You are away: no reminders until you come back with `/bazaar away off`. "
            "Turn deadlines still run, so the other players may skip your turns."
        )
    else:
        text = "Welcome back: reminders are on again."
    await interaction.response.send_message(text, ephemeral=True)


# ---- the inbox --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class InboxEntry:
    """One line of the inbox; ``rank`` 0 = your turn, 1 = someone else's, 2 = waiting for players."""

    rank: int
    waited: float
    text: str


def inbox_order(entries: list[InboxEntry]) -> list[InboxEntry]:
    """Your turns first, then the others' turns, then open lobbies; longest-waiting first within each."""
    return sorted(entries, key=lambda e: (e.rank, -e.waited))


def inbox_entry(client: discord.Client, played: Played, user_id: int, now: float) -> InboxEntry | None:
    """The line for one game, or None when the user has left it."""
    record = played.game
    title = game_label(client, played)
    link = channel_link(record)
    if played.state is None:
        waited = now - record.created_at
        return InboxEntry(2, waited, f"{title}: waiting for players ({duration_text(waited)}) {link}")
    mine = played.seat_of(user_id)
    if mine is None or mine in played.state.resigned:
        return None
    seat = played.to_move
    waited = now - (record.turn_started_at or record.updated_at)
    if seat == mine:
        return InboxEntry(0, waited, f"🟢 **Your turn** in {title}, waiting {duration_text(waited)} {link}")
    return InboxEntry(1, waited, f"{played.name_of(seat)}'s turn in {title}, waiting {duration_text(waited)} {link}")


async def inbox(client: discord.Client, host: GameHost, user_id: int) -> list[InboxEntry]:
    """Every running or open game the user is in, across servers, in inbox order."""
    now = host.clock()
    entries = []
    for record in await host.store.list_games(user_id=user_id):
        entry = inbox_entry(client, await host.snapshot(record.id), user_id, now)
        if entry is not None:
            entries.append(entry)
    return inbox_order(entries)


def fit(lines: list[str], limit: int = MESSAGE_LIMIT) -> str:
    """As many lines as fit in one message, and how many were left out."""
    shown: list[str] = []
    for index, line in enumerate(lines):
        more = f"… and {len(lines) - index} more."
        if sum(len(s) + 1 for s in [*shown, line, more]) > limit:
            return "\n".join([*shown, more])
        shown.append(line)
    return "\n".join(shown)


async def games(interaction: discord.Interaction) -> None:
    """Every game you are in, across servers: your turns first, longest-waiting first."""
    entries = await inbox(interaction.client, host_of(interaction), interaction.user.id)
    if not entries:
        text = "You are in no running games. Start one with `/marrakech new` or `/cairo new`."
    else:
        text = fit([e.text for e in entries])
    await interaction.response.send_message(text, ephemeral=True)


# ---- server settings ----------------------------------------------------------------------------------
def settings_text(settings: GuildSettings) -> str:
    timing = settings.default_timing()
    where = f"<#{settings.allowed_channel_id}>" if settings.allowed_channel_id else "any channel"
    return "\n".join(
        [
            "**Bazaar settings for this server**",
            f"New games: {timing.describe()} (the creator can change these in `new`).",
            f"Games open in their own thread: {'yes' if settings.threads else 'no, in the channel'}.",
            f"Games may be started in: {where}.",
        ]
    )


def changed_settings(
    settings: GuildSettings,
    reminder_hours: int | None,
    deadline_hours: int | None,
    threads: bool | None,
    channel: discord.TextChannel | None,
    any_channel: bool | None,
) -> GuildSettings:
    """``settings`` with every option that was given applied."""
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
    return settings


@app_commands.describe(
    reminder_hours="Default hours before a waiting player is reminded (0: no reminders)",
    deadline_hours="Default turn deadline in hours (0: none)",
    threads="Open each game in its own thread",
    channel="The only channel where games may be started",
    any_channel="Let games be started in any channel again",
)
async def settings(
    interaction: discord.Interaction,
    reminder_hours: app_commands.Range[int, 0, 720] | None = None,
    deadline_hours: app_commands.Range[int, 0, 2160] | None = None,
    threads: bool | None = None,
    channel: discord.TextChannel | None = None,
    any_channel: bool | None = None,
) -> None:
    """Show or change this server's defaults for games (Manage Server)."""
    if interaction.guild_id is None:
        raise Refused("Server settings are changed in the server.")
    if not can_manage(interaction):
        raise Refused("Only members with Manage Server can see or change Bazaar's settings.")
    schedule = host_of(interaction).schedule
    current = await schedule.guild_settings(interaction.guild_id)
    updated = changed_settings(current, reminder_hours, deadline_hours, threads, channel, any_channel)
    if updated != current:
        await schedule.save_guild_settings(updated)
    await interaction.response.send_message(settings_text(updated), ephemeral=True)


def build_bazaar_group() -> app_commands.Group:
    """``/bazaar`` with notify, away, games and settings."""
    group = app_commands.Group(name="bazaar", description="Your Bazaar games and notifications, across servers")
    for name, callback in (("notify", notify), ("away", away), ("games", games), ("settings", settings)):
        group.add_command(make_command(name, callback))
    return group
