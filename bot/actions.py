"""Making moves: slash commands, move buttons and menus all end up here, so a move made either way behaves the same.

Joining, leaving and starting are in ``bot.lobby``.
"""

from __future__ import annotations

import discord

import engines
from bot.context import host_of
from bot.host import OUT_OF_DATE, Refused
from bot.posting import announce


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
