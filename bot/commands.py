"""The slash-command group of each game: the shared lifecycle commands plus the game's own.

``build_group("marrakech")`` returns ``/marrakech`` with ``new``, ``join``, ``leave``, ``start``,
``board``, ``status``, ``play``, ``resign``, ``abandon``, ``games``, and ``log``, ``catchup`` and
``undo`` (from ``bot.history_commands``); the game's adapter adds
its own actions (``turn``, ``place``, ``build`` ...). Every command that acts on a game takes an
optional ``game`` option; inside a game's thread it is not needed.
"""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands

import engines
from bot.actions import play_moves
from bot.context import (
    can_manage,
    current_game,
    display_name,
    group_name,
    host_of,
    make_command,
    store_of,
)
from bot.games import adapter
from bot.history_commands import add_history_commands
from bot.host import Played, Refused
from bot.lobby import edit_lobby, lobby_action, lobby_text, make_new
from bot.posting import (
    Post,
    announce,
    board_png,
    post_in_game,
    public_view,
    standing_line,
)

AUTOCOMPLETE_LIMIT = 25


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
    played = await current_game(interaction, game)
    await lobby_action(interaction, played.game.id, "join")


async def leave(interaction: discord.Interaction, game: int | None = None) -> None:
    """Leave a game that has not started yet."""
    played = await current_game(interaction, game)
    await lobby_action(interaction, played.game.id, "leave")


async def start(interaction: discord.Interaction, game: int | None = None) -> None:
    """Start the game (its creator, or someone with Manage Server); seats are drawn at random."""
    played = await current_game(interaction, game)
    await lobby_action(interaction, played.game.id, "start")


async def board(interaction: discord.Interaction, game: int | None = None) -> None:
    """Show the current board (only to you)."""
    played = await current_game(interaction, game)
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
    played = await current_game(interaction, game)
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


# ---- the group ----------------------------------------------------------------------------------
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
