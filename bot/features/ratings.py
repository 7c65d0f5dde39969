"""``/bazaar leaderboard`` and ``/bazaar stats``: ratings, records and a rating chart; the same for one game as
``/<game> records leaderboard`` and ``/<game> records stats`` (the game is the command's).

* ``leaderboard game: [scope: server|everywhere] [page] [public]``: the game's players ranked by their
  conservative rating; only to you unless ``public:true``;
* ``stats [user] [game]``: games, wins and win rate per game and per number of players, rating, longest
  win streak, time to move, and the rating's chart (only to you). Another member's stats cover only
  their games in this server (``bot.core.standings`` says what is shown to whom).
"""

from __future__ import annotations

import asyncio
import io
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

import engines
from bot.core.standings import (
    CHART_NOW,
    CHART_START,
    CHART_TITLE,
    chart_alt,
    chart_game,
    chart_points,
    leaderboard_text,
    player_stats,
    stats_text,
)
from bot.core.standings import leaderboard as read_leaderboard
from bot.core.wording import say_for
from bot.ui.context import group_name, make_command, records_group
from bot.ui.errors import reply_private
from bot.ui.services import services
from render.chart import line_chart

Scope = Literal["server", "everywhere"]
GAME_CHOICES = [app_commands.Choice(name=e.title, value=e.name) for e in engines.all_engines()]


@app_commands.choices(game=GAME_CHOICES)
async def leaderboard(
    interaction: discord.Interaction,
    game: str,
    scope: Scope = "server",
    page: app_commands.Range[int, 1, 10000] = 1,
    public: bool = False,
) -> None:
    """A game's leaderboard: this server's games, or every server's (only this server's players named)."""
    await show_leaderboard(interaction, game, scope, page, public)


async def game_leaderboard(
    interaction: discord.Interaction,
    scope: Scope = "server",
    page: app_commands.Range[int, 1, 10000] = 1,
    public: bool = False,
) -> None:
    """This game's leaderboard: this server's games, or every server's (only this server's players named)."""
    await show_leaderboard(interaction, group_name(interaction), scope, page, public)


async def show_leaderboard(interaction: discord.Interaction, game: str, scope: Scope, page: int, public: bool) -> None:
    db = services(interaction).store.db
    board = await read_leaderboard(db, game, interaction.guild_id, scope == "everywhere", page)
    text = leaderboard_text(board, say_for("bazaar", ()))
    if public and interaction.guild_id is not None:
        await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())
    else:
        await reply_private(interaction, text)


@app_commands.choices(game=GAME_CHOICES)
async def stats(interaction: discord.Interaction, user: discord.User | None = None, game: str | None = None) -> None:
    """Games, wins, rating and its chart, streak, time to move: yours, or a member's games in this server."""
    await show_stats(interaction, user, game)


async def game_stats(interaction: discord.Interaction, user: discord.User | None = None) -> None:
    """Your games, wins, rating and its chart in this game; or a member's games of it in this server."""
    await show_stats(interaction, user, group_name(interaction))


async def show_stats(interaction: discord.Interaction, user: discord.User | None, game: str | None) -> None:
    db = services(interaction).store.db
    other = user is not None and user.id != interaction.user.id
    if other and interaction.guild_id is None:
        other = False
        user = None
    await interaction.response.defer(ephemeral=True, thinking=True)
    target = user if other and user is not None else interaction.user
    figures = await player_stats(db, target.id, interaction.guild_id if other else None, game)
    say = say_for("bazaar", ())
    text = stats_text(figures, say, target.display_name if other else None)
    charted = chart_game(figures, game)
    extra: dict[str, object] = {}
    if charted is not None:
        title = say.fill(CHART_TITLE, {"title": engines.get(charted).title, "name": target.display_name})
        png = await asyncio.to_thread(
            line_chart, chart_points(figures, charted), title, say._(CHART_START), say._(CHART_NOW)
        )
        alt = chart_alt(chart_points(figures, charted), engines.get(charted).title, target.display_name, say)
        extra["file"] = discord.File(io.BytesIO(png), filename="rating.png", description=alt)
    await reply_private(interaction, text, **extra)


async def setup(bot: commands.Bot) -> None:
    """Add leaderboard and stats to ``/bazaar`` (any game) and to every game's ``records`` group (that game)."""
    svc = services(bot)
    for name, callback in (("leaderboard", leaderboard), ("stats", stats)):
        doc = (callback.__doc__ or name).splitlines()[0]
        svc.bazaar_group.add_command(app_commands.Command(name=name, description=doc[:100], callback=callback))
    for group in svc.game_groups.values():
        records = records_group(group)
        records.add_command(make_command("leaderboard", game_leaderboard))
        records.add_command(make_command("stats", game_stats))
