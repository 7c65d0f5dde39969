"""Finding the game an interaction is about, and making slash commands that take a ``game`` option.

A command acts on the ``game`` option if given, else on the game of the thread it is typed in,
else on the user's only game of that kind. The version of the game *when the interaction
arrived* is what the command's change is checked against (``Target.version``): a command sent
twice, or typed during someone else's turn, can apply at most once and never later.
"""

from __future__ import annotations

import copy
import inspect
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

import engines
from bot.core.catalog import N_
from bot.core.played import Played
from bot.core.posts import STATUS_WORDS
from bot.core.records import OVER_STATUSES, GameRecord
from bot.core.refused import Refused
from bot.core.text import CHOICE_LIMIT, shorten
from bot.core.wording import Say, say_for
from bot.ui.services import services
from engines.base import GameError

GAME_ID_MAX = 2**40
"""Game ids are far below this; larger numbers are refused before they reach the database."""
GameId = app_commands.Range[int, 1, GAME_ID_MAX]
AUTOCOMPLETE_LIMIT = 25


def status_word(status: str) -> str:
    """A game's status in the reader's words ("lobby": "en sala")."""
    return say_for("bazaar", ())._(STATUS_WORDS.get(status, status))


def can_manage(interaction: discord.Interaction) -> bool:
    """Whether the user has Manage Server here."""
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and perms.manage_guild)


def display_name(user: discord.abc.User) -> str:
    """The name the server shows for ``user`` (nickname first); made harmless where it is shown."""
    return getattr(user, "display_name", None) or user.name


def group_name(interaction: discord.Interaction) -> str:
    """The game whose group the running command belongs to."""
    command = interaction.command
    root = getattr(command, "root_parent", None) or command
    return engines.get(getattr(root, "name", "")).name


async def resolve_game(interaction: discord.Interaction, game_name: str, game_id: int | None) -> GameRecord:
    """The game a command acts on: the ``game`` option, else the game of this thread, else the user's only one.

    A thread or channel whose games are all over means its newest one (``log`` reads it, an action
    is refused as too late), never a game of the user's elsewhere.
    """
    engine = engines.get(game_name)
    store = services(interaction).store
    if game_id is not None:
        record = await store.get_game(game_id)
        if record is None or record.guild_id != interaction.guild_id:
            raise Refused("no_game_here", id=game_id)
        if record.game != game_name:
            raise Refused("other_game_kind", id=game_id, title=engines.get(record.game).title, command=record.game)
        return record
    here = [g for g in await store.games_in_channel(interaction.channel_id or 0) if g.game == game_name]
    if not here:
        over = await store.games_in_channel(interaction.channel_id or 0, OVER_STATUSES)
        here = [g for g in over if g.game == game_name][-1:]
    if len(here) == 1:
        return here[0]
    if len(here) > 1:
        raise Refused("several_games_here", title=engine.title, ids=", ".join(f"#{g.id}" for g in here))
    mine = await store.list_games(guild_id=interaction.guild_id, user_id=interaction.user.id, game=game_name)
    if len(mine) == 1:
        return mine[0]
    if mine:
        raise Refused("several_games_yours", title=engine.title, ids=", ".join(f"#{g.id}" for g in mine))
    raise Refused("no_game_found", title=engine.title, command=game_name)


@dataclass(frozen=True)
class Target:
    """The game a command acts on, as it stood when the command arrived."""

    played: Played

    @property
    def id(self) -> int:
        return self.played.game.id

    @property
    def version(self) -> int:
        return self.played.game.version


async def current_game(interaction: discord.Interaction, game: int | None) -> Played:
    """The game of a command (see ``resolve_game``), as it stands."""
    record = await resolve_game(interaction, group_name(interaction), game)
    return await services(interaction).host.snapshot(record.id, record)


async def my_turn(interaction: discord.Interaction) -> Played | None:
    """The command's game (its ``game`` option so far, else as ``resolve_game`` finds it) when the user is to
    decide in it, else None: autocomplete then offers nothing."""
    try:
        played = await current_game(interaction, getattr(interaction.namespace, "game", None))
    except Refused:
        return None
    if played.state is None or played.to_move_player is None:
        return None
    return played if played.seat_of(interaction.user.id) == played.to_move_player else None


async def target(interaction: discord.Interaction, game: int | None) -> Target:
    """The game of a command and the version it had when the command arrived."""
    return Target(await current_game(interaction, game))


async def game_choices(
    interaction: discord.Interaction, current: str, game_name: str
) -> list[app_commands.Choice[int]]:
    """Autocomplete for the ``game`` option: this server's open and running games of this kind, yours first."""
    store = services(interaction).store
    games = await store.list_games(guild_id=interaction.guild_id, game=game_name, limit=100, newest_first=True)
    mine = {g.id for g in await store.list_games(guild_id=interaction.guild_id, user_id=interaction.user.id, limit=100)}
    games.sort(key=lambda g: (g.id not in mine, -g.id))
    seats = await store.seats_of_games([g.id for g in games])
    typed = current.strip().lstrip("#").lower()
    say = say_for(game_name, ())
    choices = []
    for g in games:
        label = game_choice_label(say, g, ", ".join(s.name for s in seats[g.id]))
        if typed in label.lower():
            choices.append(app_commands.Choice(name=shorten(label, CHOICE_LIMIT), value=g.id))
        if len(choices) == AUTOCOMPLETE_LIMIT:
            break
    return choices


GAME_CHOICE = N_("#{id} {title} ({status})")
GAME_CHOICE_SEATS = N_("#{id} {title} ({status}): {names}")


def game_choice_label(say: Say, record: GameRecord, names: str = "") -> str:
    """A game in the ``game`` option's list: "#3 El Cairo (en curso): Ana, Bo"."""
    status = say._(STATUS_WORDS.get(record.status, record.status))
    params = {"id": record.id, "title": say.title(), "status": status, "names": names}
    return say._(GAME_CHOICE_SEATS if names else GAME_CHOICE).format_map(params)


async def autocomplete_game(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """Autocomplete for the ``game`` option of the running command's group (``/bazaar``: every game of yours)."""
    try:
        name = group_name(interaction)
    except GameError:
        return await my_game_choices(interaction, current)
    return await game_choices(interaction, current, name)


async def my_game_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The user's running games of every kind in this server."""
    store = services(interaction).store
    games = await store.list_games(guild_id=interaction.guild_id, user_id=interaction.user.id, limit=50)
    typed = current.strip().lstrip("#").lower()
    choices = []
    for g in games:
        label = game_choice_label(say_for(g.game, ()), g)
        if typed in label.lower():
            choices.append(app_commands.Choice(name=shorten(label, CHOICE_LIMIT), value=g.id))
    return choices[:AUTOCOMPLETE_LIMIT]


_MADE: dict[tuple[str, Any, str | None], app_commands.Command[Any, ..., Any]] = {}
"""Commands made before, by name, callback and description, kept to be copied: a bot start makes about a hundred
commands, and reading a callback's signature and annotations into options was a fifth of a start's CPU (tests
start hundreds)."""
MADE_KEPT = 1_000
"""The most commands ``_MADE`` keeps (a bot makes about a hundred)."""


def make_command(name: str, callback: Any, description: str | None = None) -> app_commands.Command[Any, ..., Any]:
    """A slash command from ``callback`` (described by its docstring); a ``game`` parameter is autocompleted.

    Each call gives a command of its own (its parent, its options' autocompletes); what its callback's signature
    says is read once per process and callback (the key holds the callback, so its identity names no other; at
    most ``MADE_KEPT`` are kept, the oldest forgotten first)."""
    key = (name, callback, description)
    template = _MADE.get(key)
    if template is None:
        doc = description or inspect.getdoc(callback) or name
        template = app_commands.Command(name=name, description=shorten(doc.splitlines()[0], 100), callback=callback)
        if template.get_parameter("game") is not None:
            template.autocomplete("game")(autocomplete_game)
        _MADE[key] = template
        while len(_MADE) > MADE_KEPT:
            del _MADE[next(iter(_MADE))]
    command = template._copy_with(parent=None, binding=None)
    command._params = {option: copy.copy(parameter) for option, parameter in template._params.items()}
    return command


def add_command(
    group: app_commands.Group, name: str, callback: Any, completers: dict[str, Any] | None = None
) -> app_commands.Command[Any, ..., Any]:
    """``make_command`` added to ``group``, each named option wired to its autocomplete callback."""
    made = make_command(name, callback)
    for option, complete in (completers or {}).items():
        made.autocomplete(option)(complete)
    group.add_command(made)
    return made


def choices_from(values: list[str], current: str, label: Any = str) -> list[app_commands.Choice[str]]:
    """Values containing every word typed so far, at most 25, as autocomplete choices."""
    words = current.lower().split()
    found = [v for v in values if all(w in v.lower() for w in words)]
    return [
        app_commands.Choice(name=shorten(str(label(v)), CHOICE_LIMIT), value=v[:CHOICE_LIMIT])
        for v in found[:AUTOCOMPLETE_LIMIT]
    ]


RECORDS = "records"
RECORDS_DESCRIPTION = "Leaderboard, statistics, records and replays of this game"


def records_group(group: app_commands.Group) -> app_commands.Group:
    """The ``records`` subgroup of a game's command (``/cairo records …``), made on first use.

    A game's command has room for 25 subcommands and the busiest games use 23: the leaderboard, the stats,
    the export and the replay of a game share this one slot. ``/bazaar`` keeps its own versions (every game).
    """
    found = group.get_command(RECORDS)
    if isinstance(found, app_commands.Group):
        return found
    return app_commands.Group(name=RECORDS, description=RECORDS_DESCRIPTION, parent=group, guild_only=True)


async def kept_game_choices(
    interaction: discord.Interaction, current: str, statuses: tuple[str, ...]
) -> list[app_commands.Choice[int]]:
    """Autocomplete for a ``game`` option that reaches games over too: this server's games of the running
    command's kind in ``statuses``, yours first, newest first."""
    name = group_name(interaction)
    store = services(interaction).store
    games = await store.list_games(
        guild_id=interaction.guild_id, game=name, statuses=statuses, limit=100, newest_first=True
    )
    mine = {
        g.id
        for g in await store.list_games(
            guild_id=interaction.guild_id, user_id=interaction.user.id, game=name, statuses=statuses, limit=100
        )
    }
    games.sort(key=lambda g: (g.id not in mine, -g.id))
    seats = await store.seats_of_games([g.id for g in games[: AUTOCOMPLETE_LIMIT * 2]])
    typed = current.strip().lstrip("#").lower()
    say = say_for(name, ())
    choices = []
    for g in games:
        label = game_choice_label(say, g, ", ".join(s.name for s in seats.get(g.id, [])))
        if typed in label.lower():
            choices.append(app_commands.Choice(name=shorten(label, CHOICE_LIMIT), value=g.id))
        if len(choices) == AUTOCOMPLETE_LIMIT:
            break
    return choices
