"""What commands and components do: call the host, then post or reply.

Slash commands and buttons both end up here, so a move made either way behaves the same.
"""

from __future__ import annotations

import discord

import engines
from bot.components import lobby_view
from bot.context import can_manage, display_name, host_of
from bot.errors import reply_private
from bot.host import Played, Refused
from bot.posting import MENTION_USERS, announce, fetch_channel


def option_text(value: object) -> str:
    """An option value as a player reads it (booleans as on/off)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def lobby_text(played: Played) -> str:
    """The lobby message: options, who has joined, what to do next."""
    engine = played.engine
    record = played.game
    options = ", ".join(f"{k} {option_text(v)}" for k, v in record.options.items()) or "none"
    names = ", ".join(played.names) or "nobody yet"
    lines = [
        f"**{engine.title} #{record.id}** — waiting for players",
        f"Created by <@{record.creator_id}>. Options: {options}.",
        f"Players ({len(played.seats)}/{engine.max_players}): {names}",
    ]
    if record.status == "lobby":
        lines.append(
            f"Join with the button or `/{record.game} join`. The creator starts the game "
            f"once {engine.min_players}–{engine.max_players} players are in."
        )
    elif record.status == "abandoned":
        lines[0] = f"**{engine.title} #{record.id}** — abandoned"
    else:
        lines[0] = f"**{engine.title} #{record.id}** — started"
    return "\n".join(lines)


async def refresh_lobby(interaction: discord.Interaction, played: Played) -> None:
    """Bring the lobby message up to date: as the answer to a click on it, else by editing it in place."""
    record = played.game
    clicked = interaction.message is not None and interaction.message.id == record.lobby_message_id
    if clicked and not interaction.response.is_done():
        view = lobby_view(record.id, started=record.status != "lobby")
        await interaction.response.edit_message(content=lobby_text(played), view=view, allowed_mentions=MENTION_USERS)
        return
    await edit_lobby(interaction.client, played)


async def edit_lobby(client: discord.Client, played: Played) -> None:
    """Edit the lobby message in place (its buttons go once the game is no longer open), if it still exists."""
    record = played.game
    if record.lobby_message_id is None:
        return
    channel = await fetch_channel(client, record.post_channel_id)
    message = channel.get_partial_message(record.lobby_message_id)  # type: ignore[attr-defined]
    try:
        await message.edit(content=lobby_text(played), view=lobby_view(record.id, started=record.status != "lobby"))
    except discord.NotFound:
        return


async def lobby_action(interaction: discord.Interaction, game_id: int, action: str) -> None:
    """Join, leave or start ``game_id`` for the interaction's user."""
    host = host_of(interaction)
    user = interaction.user
    if action == "join":
        played = await host.join(game_id, user.id, display_name(user))
    elif action == "leave":
        played = await host.leave(game_id, user.id)
    elif action == "start":
        played = await host.start(game_id, user.id, can_manage(interaction))
        await edit_lobby(interaction.client, played)
        await announce(interaction, played, headline="the game begins! Seat order: " + ", ".join(played.names))
        return
    else:
        raise Refused(f"Unknown lobby action {action!r}.")
    await refresh_lobby(interaction, played)
    if not interaction.response.is_done():
        verb = "joined" if action == "join" else "left"
        await reply_private(interaction, f"You {verb} {played.engine.title} #{game_id}.")


async def play_moves(
    interaction: discord.Interaction, game_id: int, moves: list[str], expected_version: int | None = None
) -> None:
    """Apply the user's ``moves`` to ``game_id`` and post the new board."""
    played = await host_of(interaction).play(game_id, interaction.user.id, moves, expected_version)
    await announce(interaction, played)


async def play_indexed(interaction: discord.Interaction, game_id: int, version: int, index: int) -> None:
    """A move button: the ``index``-th legal move of the game at ``version``."""
    host = host_of(interaction)
    snapshot = await host.snapshot(game_id)
    if snapshot.game.version != version:
        raise Refused("This board is out of date: the game has moved on. Use the latest message.")
    if snapshot.state is None:
        raise Refused(f"Game #{game_id} has not started yet.")
    moves = engines.get(snapshot.game.game).legal_moves(snapshot.state)
    if not 0 <= index < len(moves):
        raise Refused("That button no longer matches a legal move.")
    await play_moves(interaction, game_id, [moves[index]], expected_version=version)
