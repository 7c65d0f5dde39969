"""``/bazaar`` for what is about you rather than one game: ``notify``, ``away``, ``layout`` and ``games``.

* ``notify on|off [scope]``: a direct message when it becomes your turn, in this server or everywhere;
* ``away on|off``: no reminders while you are away (turn deadlines still apply);
* ``layout phone|portrait|landscape``: how the images sent only to you are laid out (phone, the default:
  tall, large pieces and names; portrait: board above, panel below; landscape: board left, panel right);
* ``games``: your inbox, every game you are in across servers, your turns first, longest-waiting first.
"""

from __future__ import annotations

from typing import Literal

import discord
from discord.ext import commands

import engines
from bot.core.catalog import N_
from bot.core.inbox import inbox, inbox_text
from bot.core.wording import say_for
from bot.ui.context import make_command
from bot.ui.errors import reply_private
from bot.ui.services import services

Switch = Literal["on", "off"]
Scope = Literal["this server", "everywhere"]
Layout = Literal["phone", "portrait", "landscape"]
DM_ON = N_("I will DM you when it is your turn {where}.")
DM_OFF = N_("No more turn DMs {where}.")
IN_EVERY_SERVER = N_("in every server")
FOR_THIS_SERVER = N_("for this server's games")
AWAY_ON = N_(
    "You are away: no reminders until you come back with `/bazaar away off`. "
    "Turn deadlines still run, so the other players may skip your turns."
)
AWAY_OFF = N_("Welcome back: reminders are on again.")
LAYOUT_SET = N_("Images sent only to you will be in {layout} layout.")
LAYOUT_WORDS = {
    "phone": N_("phone (tall, large pieces and names)"),
    "landscape": N_("landscape (board left, panel right)"),
    "portrait": N_("portrait (board above, panel below)"),
}


async def notify(interaction: discord.Interaction, setting: Switch, scope: Scope | None = None) -> None:
    """A direct message when it becomes your turn (in this server, or everywhere)."""
    schedule = services(interaction).schedule
    wanted = setting == "on"
    say = say_for("bazaar", ())
    if scope == "everywhere" or interaction.guild_id is None:
        await schedule.set_dm_everywhere(interaction.user.id, wanted)
        where = say._(IN_EVERY_SERVER)
    else:
        await schedule.set_dm_in_guild(interaction.user.id, interaction.guild_id, wanted)
        where = say._(FOR_THIS_SERVER)
    await reply_private(interaction, say.fill(DM_ON if wanted else DM_OFF, {"where": where}))


async def away(interaction: discord.Interaction, setting: Switch) -> None:
    """Pause your reminders while you are away (turn deadlines still run)."""
    svc = services(interaction)
    is_away = setting == "on"
    await svc.schedule.set_away(interaction.user.id, is_away, svc.clock())
    await reply_private(interaction, say_for("bazaar", ())._(AWAY_ON if is_away else AWAY_OFF))


async def layout(interaction: discord.Interaction, style: Layout) -> None:
    """How images sent only to you are laid out: phone (default), portrait or landscape."""
    await services(interaction).schedule.set_layout(interaction.user.id, style)
    say = say_for("bazaar", ())
    await reply_private(interaction, say.fill(LAYOUT_SET, {"layout": say._(LAYOUT_WORDS[style])}))


async def games(interaction: discord.Interaction) -> None:
    """Every game you are in, across servers: your turns first, longest-waiting first."""
    svc = services(interaction)
    client = interaction.client

    def guild_name(guild_id: int) -> str | None:
        guild = client.get_guild(guild_id)
        return guild.name if guild is not None else None

    entries = await inbox(svc.store, interaction.user.id, svc.clock(), guild_name)
    await reply_private(interaction, inbox_text(entries, engines.names()))


async def setup(bot: commands.Bot) -> None:
    """Add notify, away, layout and games to ``/bazaar``."""
    group = services(bot).bazaar_group
    for name, callback in (("notify", notify), ("away", away), ("layout", layout), ("games", games)):
        group.add_command(make_command(name, callback))
