"""The slash-command group of each game: the shared lifecycle commands plus the game's own.

``build_group("marrakech")`` returns ``/marrakech`` with ``new``, ``join``, ``leave``, ``start``,
``board``, ``status``, ``play``, ``resign``, ``abandon``, ``games``, and ``log``, ``catchup`` and
``undo`` (from ``bot.history_commands``); the game's adapter adds
its own actions (``turn``, ``place``, ``build`` ...). Every command that acts on a game takes an
optional ``game`` option; inside a game's thread it is not needed.
"""

from __future__ import annotations

import inspect
import io
from typing import Any, Literal

import discord
from discord import app_commands

import engines
from bot.actions import edit_lobby, lobby_text, play_moves
from bot.components import lobby_view
from bot.context import (
    can_manage,
    display_name,
    game_choices,
    host_of,
    resolve_game,
    store_of,
)
from bot.games import adapter
from bot.history_commands import add_history_commands
from bot.host import Played, Refused
from bot.posting import (
    MENTION_USERS,
    Post,
    announce,
    board_png,
    post_in_game,
    public_view,
    standing_line,
)
from bot.schedule_store import GuildSettings
from bot.timing import Timing
from engines.base import Engine, Option

AUTOCOMPLETE_LIMIT = 25


def group_name(interaction: discord.Interaction) -> str:
    """The game whose group the running command belongs to."""
    command = interaction.command
    parent = getattr(command, "parent", None)
    return engines.get(parent.name if parent else command.name).name  # type: ignore[union-attr]


async def autocomplete_game(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    return await game_choices(interaction, current, group_name(interaction))


async def current_game(interaction: discord.Interaction, game: int | None, over_here: bool = False) -> Played:
    """The resolved game of a command, as it stands (``over_here``: see ``resolve_game``)."""
    record = await resolve_game(interaction, group_name(interaction), game, over_here)
    return await host_of(interaction).snapshot(record.id)


def filter_moves(moves: list[str], current: str, label: Any = str) -> list[app_commands.Choice[str]]:
    """Legal moves containing every word typed so far, at most 25, as autocomplete choices."""
    words = current.lower().split()
    found = [m for m in moves if all(w in m.lower() for w in words)]
    return [app_commands.Choice(name=str(label(m))[:100], value=m[:100]) for m in found[:AUTOCOMPLETE_LIMIT]]


async def my_legal_moves(interaction: discord.Interaction) -> list[str]:
    """The legal moves of the command's game if it is the user's turn, else none."""
    try:
        played = await current_game(interaction, getattr(interaction.namespace, "game", None))
    except Refused:
        return []
    if played.state is None or played.to_move is None:
        return []
    if played.seat_of(interaction.user.id) != played.to_move:
        return []
    return played.engine.legal_moves(played.state)


# ---- lifecycle commands -------------------------------------------------------------------
async def join(interaction: discord.Interaction, game: int | None = None) -> None:
    """Join a game that has not started yet."""
    from bot.actions import lobby_action

    played = await current_game(interaction, game)
    await lobby_action(interaction, played.game.id, "join")


async def leave(interaction: discord.Interaction, game: int | None = None) -> None:
    """Leave a game that has not started yet."""
    from bot.actions import lobby_action

    played = await current_game(interaction, game)
    await lobby_action(interaction, played.game.id, "leave")


async def start(interaction: discord.Interaction, game: int | None = None) -> None:
    """Start the game (its creator, or someone with Manage Server); seats are drawn at random."""
    from bot.actions import lobby_action

    played = await current_game(interaction, game)
    await lobby_action(interaction, played.game.id, "start")


async def board(interaction: discord.Interaction, game: int | None = None) -> None:
    """Show the current board (only to you)."""
    played = await current_game(interaction, game, over_here=True)
    if played.state is None:
        await interaction.response.send_message(lobby_text(played), ephemeral=True)
        return
    png = await board_png(played)
    file = discord.File(io.BytesIO(png), filename=f"{played.game.game}-{played.game.id}.png")
    await interaction.response.send_message(status_text(played), file=file, ephemeral=True)


def status_text(played: Played) -> str:
    """Players, scores and whose turn it is, in a few lines."""
    record = played.game
    if played.state is None:
        return lobby_text(played)
    lines = [f"**{played.engine.title} #{record.id}** ({record.status})"]
    view = public_view(played)
    players = view.get("players", [])
    for seat, name in enumerate(played.names):
        info = players[seat] if seat < len(players) else {}
        score = f" — {info['score']} points" if "score" in info else ""
        out = " (out)" if info.get("out") else ""
        lines.append(f"{seat + 1}. {name}{score}{out}")
    if record.status == "active" and record.turn_started_at is not None:
        lines.append(f"Waiting since <t:{int(record.turn_started_at)}:R>.")
    lines.append(standing_line(played))
    return "\n".join(lines)


async def status(interaction: discord.Interaction, game: int | None = None) -> None:
    """Players, scores and whose turn it is (only to you)."""
    played = await current_game(interaction, game, over_here=True)
    await interaction.response.send_message(status_text(played), ephemeral=True)


async def play(interaction: discord.Interaction, move: str, game: int | None = None) -> None:
    """Make any legal move by its notation (see the game's rules page)."""
    played = await current_game(interaction, game)
    await play_moves(interaction, played.game.id, [move])


async def autocomplete_move(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    game = adapter(group_name(interaction))
    return filter_moves(await my_legal_moves(interaction), current, game.label)


async def resign(interaction: discord.Interaction, game: int | None = None) -> None:
    """Leave a running game for good."""
    played = await current_game(interaction, game)
    result = await host_of(interaction).resign(played.game.id, interaction.user.id)
    await announce(interaction, result)


async def abandon(interaction: discord.Interaction, game: int | None = None) -> None:
    """End a game without scoring it (its creator, or someone with Manage Server)."""
    played = await current_game(interaction, game)
    result = await host_of(interaction).abandon(played.game.id, interaction.user.id, can_manage(interaction))
    text = f"**{result.engine.title} #{result.game.id}** was abandoned by {display_name(interaction.user)}."
    await post_in_game(interaction, result.game, Post(text, None, "", None), f"Abandoned game #{result.game.id}")
    await edit_lobby(interaction.client, result)


async def games(interaction: discord.Interaction) -> None:
    """This server's games of this kind that are waiting for players or running."""
    name = group_name(interaction)
    store = store_of(interaction)
    found = await store.list_games(guild_id=interaction.guild_id, game=name)
    if not found:
        await interaction.response.send_message(
            f"No {engines.get(name).title} games here yet: start one with /{name} new.", ephemeral=True
        )
        return
    lines = []
    for record in found:
        played = await host_of(interaction).snapshot(record.id)
        where = f"<#{record.post_channel_id}>"
        lines.append(f"#{record.id} ({record.status}) {where}: {', '.join(played.names)} — {standing_line(played)}")
    await interaction.response.send_message("\n".join(lines)[:2000], ephemeral=True)


# ---- new: its options come from the engine --------------------------------------------------
def _option_annotation(option: Option) -> Any:
    if option.choices and isinstance(option.default, str):
        return Literal[tuple(option.choices)] | None  # type: ignore[valid-type]
    return type(option.default) | None


# Options every game's ``new`` takes besides its own: the game's clock (None: the server's default).
TIMING_OPTIONS: dict[str, tuple[Any, str]] = {
    "reminder_hours": (
        app_commands.Range[int, 0, 720] | None,
        "Hours before a waiting player is reminded (0: never; default: the server's, else 24)",
    ),
    "deadline_hours": (
        app_commands.Range[int, 0, 2160] | None,
        "Turn deadline in hours; then the others may skip or remove the late player (0: none; default 72)",
    ),
    "auto_skip": (bool | None, "At the deadline the bot skips the late player's turn by itself (default: off)"),
}


def make_new(engine: Engine) -> Any:
    """The ``new`` callback: one optional parameter per engine option, then the shared timing options."""

    async def new(interaction: discord.Interaction, **options: Any) -> None:
        timing = {name: options.pop(name, None) for name in TIMING_OPTIONS}
        chosen = {k: v for k, v in options.items() if v is not None}
        await create_game(interaction, engine, chosen, timing)

    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)]
    for option in engine.options:
        params.append(
            inspect.Parameter(
                option.name,
                inspect.Parameter.KEYWORD_ONLY,
                default=None,
                annotation=_option_annotation(option),
            )
        )
    for name, (annotation, _) in TIMING_OPTIONS.items():
        params.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=annotation))
    new.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    new.__doc__ = f"Open a new {engine.title} game: a thread with Join / Leave / Start buttons."
    return app_commands.describe(**{name: text for name, (_, text) in TIMING_OPTIONS.items()})(new)


def game_timing(defaults: GuildSettings, chosen: dict[str, Any]) -> Timing:
    """The new game's timing: what its creator chose, else the server's defaults."""
    timing = defaults.default_timing()
    return Timing(
        reminder_hours=timing.reminder_hours if chosen.get("reminder_hours") is None else chosen["reminder_hours"],
        deadline_hours=timing.deadline_hours if chosen.get("deadline_hours") is None else chosen["deadline_hours"],
        auto_skip=bool(chosen.get("auto_skip")),
    )


def check_channel_allowed(settings: GuildSettings, channel: Any, game: str) -> None:
    """Refuse ``new`` outside the channel the server chose for games (its threads are fine)."""
    allowed = settings.allowed_channel_id
    if allowed is None or allowed in (getattr(channel, "id", None), getattr(channel, "parent_id", None)):
        return
    raise Refused(f"On this server, games are started in <#{allowed}>: use /{game} new there.")


async def create_game(
    interaction: discord.Interaction, engine: Engine, options: dict[str, Any], timing_choice: dict[str, Any]
) -> None:
    """Create the game, open its thread (or use this channel, as the server chose) and post the lobby."""
    if interaction.guild_id is None or interaction.channel is None:
        raise Refused("Games are played in a server channel.")
    host = host_of(interaction)
    settings = await host.schedule.guild_settings(interaction.guild_id)
    check_channel_allowed(settings, interaction.channel, engine.name)
    timing = game_timing(settings, timing_choice)
    record = await host.create(
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id or 0,
        thread_id=None,
        game=engine.name,
        options=options,
        user_id=interaction.user.id,
        name=display_name(interaction.user),
    )
    await host.schedule.set_timing(record.id, timing)
    thread = await open_thread(interaction.channel, f"{engine.title} #{record.id}") if settings.threads else None
    played = await host.snapshot(record.id)
    view = lobby_view(record.id)
    if thread is None:
        await interaction.response.send_message(lobby_text(played), view=view, allowed_mentions=MENTION_USERS)
        message = await interaction.original_response()
        await host.store.set_lobby_message(record.id, message.id)
        return
    await host.store.set_thread(record.id, thread.id)
    message = await thread.send(lobby_text(played), view=view, allowed_mentions=MENTION_USERS)
    await host.store.set_lobby_message(record.id, message.id)
    await interaction.response.send_message(
        f"{display_name(interaction.user)} opened **{engine.title} #{record.id}**: join in {thread.mention}! "
        f"Clock: {timing.describe()}."
    )


async def open_thread(channel: Any, name: str) -> discord.Thread | None:
    """A public thread for a game, or None where threads are not possible (the game uses the channel)."""
    if not isinstance(channel, discord.TextChannel):
        return None
    try:
        return await channel.create_thread(
            name=name, type=discord.ChannelType.public_thread, auto_archive_duration=10080
        )
    except discord.HTTPException:
        return None


# ---- the group ----------------------------------------------------------------------------------
def make_command(name: str, callback: Any, description: str | None = None) -> app_commands.Command[Any, ..., Any]:
    doc = description or inspect.getdoc(callback) or name
    command = app_commands.Command(name=name, description=doc.splitlines()[0][:100], callback=callback)
    if command.get_parameter("game") is not None:
        command.autocomplete("game")(autocomplete_game)
    return command


def build_group(game_name: str) -> app_commands.Group:
    """``/<game>`` with the shared commands and the game's own."""
    engine = engines.get(game_name)
    group = app_commands.Group(name=engine.name, description=f"Play {engine.title}", guild_only=True)
    group.add_command(make_command("new", make_new(engine)))
    for name, callback in (
        ("join", join),
        ("leave", leave),
        ("start", start),
        ("board", board),
        ("status", status),
        ("resign", resign),
        ("abandon", abandon),
        ("games", games),
    ):
        group.add_command(make_command(name, callback))
    play_command = make_command("play", play)
    play_command.autocomplete("move")(autocomplete_move)
    group.add_command(play_command)
    add_history_commands(group)
    adapter(engine.name).add_commands(group)
    return group
