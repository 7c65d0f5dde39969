"""Finding the game an interaction is about, the bot-wide objects behind it, and commands that take a ``game``."""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

import engines
from bot.host import GameHost, Played, Refused
from bot.storage import OVER_STATUSES, GameRecord, Store

if TYPE_CHECKING:
    from bot.app import BazaarBot


def bot_of(interaction: discord.Interaction) -> BazaarBot:
    return cast("BazaarBot", interaction.client)


def host_of(interaction: discord.Interaction) -> GameHost:
    return bot_of(interaction).host


def store_of(interaction: discord.Interaction) -> Store:
    return bot_of(interaction).host.store


def can_manage(interaction: discord.Interaction) -> bool:
    """Whether the user has Manage Server here."""
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and perms.manage_guild)


def display_name(user: discord.abc.User) -> str:
    """The name the server shows for ``user`` (nickname first)."""
    return getattr(user, "display_name", None) or user.name


async def resolve_game(interaction: discord.Interaction, game_name: str, game_id: int | None) -> GameRecord:
    """The game a command acts on: the ``game`` option, else the game of this thread, else the user's only one.

    A thread or channel whose games are all over means its newest one (``log`` reads it, an action
    is refused as too late), never a game of the user's elsewhere.
    """
    title = engines.get(game_name).title
    store = store_of(interaction)
    if game_id is not None:
        record = await store.get_game(game_id)
        if record is None or record.guild_id != interaction.guild_id:
            raise Refused(f"There is no game #{game_id} in this server.")
        if record.game != game_name:
            raise Refused(f"Game #{game_id} is a {engines.get(record.game).title} game: use /{record.game}.")
        return record
    here = [g for g in await store.games_in_channel(interaction.channel_id or 0) if g.game == game_name]
    if not here:
        over = await store.games_in_channel(interaction.channel_id or 0, OVER_STATUSES)
        here = [g for g in over if g.game == game_name][-1:]
    if len(here) == 1:
        return here[0]
    if len(here) > 1:
        listed = ", ".join(f"#{g.id}" for g in here)
        raise Refused(f"Several {title} games post here ({listed}): choose one with the `game` option.")
    mine = await store.list_games(guild_id=interaction.guild_id, user_id=interaction.user.id, game=game_name)
    if len(mine) == 1:
        return mine[0]
    if mine:
        listed = ", ".join(f"#{g.id}" for g in mine)
        raise Refused(f"You are in several {title} games ({listed}): choose one with the `game` option.")
    raise Refused(
        f"There is no {title} game here. Use this command in a game's thread, pick one with the `game` "
        f"option, or start one with /{game_name} new."
    )


async def game_choices(
    interaction: discord.Interaction, current: str, game_name: str
) -> list[app_commands.Choice[int]]:
    """Autocomplete for the ``game`` option: this server's running games of this kind, yours first."""
    store = store_of(interaction)
    games = await store.list_games(guild_id=interaction.guild_id, game=game_name)
    mine = {g.id for g in await store.list_games(guild_id=interaction.guild_id, user_id=interaction.user.id)}
    games.sort(key=lambda g: (g.id not in mine, -g.id))
    typed = current.strip().lstrip("#").lower()
    choices = []
    for g in games:
        seats = await store.seats(g.id)
        label = f"#{g.id} {engines.get(g.game).title} ({g.status}): " + ", ".join(s.name for s in seats)
        if typed in label.lower():
            choices.append(app_commands.Choice(name=label[:100], value=g.id))
        if len(choices) == 25:
            break
    return choices


# ---- commands that act on a game ------------------------------------------------------------
def group_name(interaction: discord.Interaction) -> str:
    """The game whose group the running command belongs to."""
    command = interaction.command
    parent = getattr(command, "parent", None)
    return engines.get(parent.name if parent else command.name).name  # type: ignore[union-attr]


async def autocomplete_game(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """Autocomplete for the ``game`` option of the running command's group."""
    return await game_choices(interaction, current, group_name(interaction))


async def current_game(interaction: discord.Interaction, game: int | None) -> Played:
    """The game of a command (see ``resolve_game``), as it stands."""
    record = await resolve_game(interaction, group_name(interaction), game)
    return await host_of(interaction).snapshot(record.id)


def make_command(name: str, callback: Any, description: str | None = None) -> app_commands.Command[Any, ..., Any]:
    """A slash command from ``callback`` (described by its docstring); a ``game`` parameter is autocompleted."""
    doc = description or inspect.getdoc(callback) or name
    command = app_commands.Command(name=name, description=doc.splitlines()[0][:100], callback=callback)
    if command.get_parameter("game") is not None:
        command.autocomplete("game")(autocomplete_game)
    return command
