"""What commands and components do: call the host, then post or reply.

Slash commands and buttons both end up here, so a move made either way behaves the same.
"""

from __future__ import annotations

import logging

import discord

import engines
from bot.components import lobby_view
from bot.context import can_manage, display_name, host_of
from bot.errors import reply_private
from bot.host import OUT_OF_DATE, Played, Refused
from bot.posting import MENTION_USERS, announce, fetch_channel

log = logging.getLogger("bazaar.actions")


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


async def edit_lobby(client: discord.Client, played: Played) -> None:
    """Edit the lobby message in place (its buttons go once the game is no longer open).

    The lobby is a courtesy: a lobby message deleted, or one Discord will not let the bot edit, is
    logged and left as it is; what was done is done and answered.
    """
    record = played.game
    if record.lobby_message_id is None:
        return
    try:
        channel = await fetch_channel(client, record.post_channel_id)
        message = channel.get_partial_message(record.lobby_message_id)  # type: ignore[attr-defined]
        await message.edit(content=lobby_text(played), view=lobby_view(record.id, started=record.status != "lobby"))
    except discord.HTTPException as exc:
        log.info("could not update the lobby of game %s: %s", record.id, exc)


async def lobby_action(interaction: discord.Interaction, game_id: int, action: str) -> None:
    """Join, leave or start ``game_id`` for the interaction's user; answer first, then update the lobby."""
    host = host_of(interaction)
    user = interaction.user
    if action == "start":
        played = await host.start(game_id, user.id, can_manage(interaction))
        await announce(interaction, played, headline="the game begins! Seat order: " + ", ".join(played.names))
        await edit_lobby(interaction.client, played)
        return
    if action == "join":
        played = await host.join(game_id, user.id, display_name(user))
    elif action == "leave":
        played = await host.leave(game_id, user.id)
    else:
        raise Refused(f"Unknown lobby action {action!r}.")
    record = played.game
    if interaction.message is not None and interaction.message.id == record.lobby_message_id:
        view = lobby_view(record.id)
        await interaction.response.edit_message(content=lobby_text(played), view=view, allowed_mentions=MENTION_USERS)
        return
    verb = "joined" if action == "join" else "left"
    await reply_private(interaction, f"You {verb} {played.engine.title} #{game_id}.")
    await edit_lobby(interaction.client, played)


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
        raise Refused(OUT_OF_DATE)
    if snapshot.state is None:
        raise Refused(f"Game #{game_id} has not started yet.")
    moves = engines.get(snapshot.game.game).legal_moves(snapshot.state)
    if not 0 <= index < len(moves):
        raise Refused("That button no longer matches a legal move.")
    await play_moves(interaction, game_id, [moves[index]], expected_version=version)
