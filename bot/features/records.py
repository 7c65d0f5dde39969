"""``/bazaar export game:`` (a game's record as a JSON file) and ``/bazaar replay game:`` (its animated replay).

The record itself is ``bot.core.records_file`` (format: ``docs/records.md``); the animation is
``bot.core.replay_image``, made in the image worker pool. Both answers are private replies: a record is
the caller's to share, and a replay on demand should not fill a game's thread (the thread already got one
when the game ended).

Who may have what: a finished (or abandoned) game's record and replay, anyone in its server; a running
game's record, its players only and only when the game keeps nothing hidden (``export_refusal``).
"""

from __future__ import annotations

import io

import discord
from discord.ext import commands

from bot.core.catalog import N_
from bot.core.played import Played
from bot.core.records_file import dump_record, export_refusal, record_of
from bot.core.refused import Refused
from bot.core.text import fit_alt
from bot.ui.context import GameId, make_command
from bot.ui.courier import replay_message
from bot.ui.services import services

NO_PINGS = discord.AllowedMentions.none()
RECORD_ALT = N_("The record of {title} as a JSON file: its players, its options and every move, roll and draw.")
EXPORTED = N_("{title} — the record of the game, every move and every roll or draw (see `bazaar replay FILE`).")


async def _played(interaction: discord.Interaction, game: int) -> Played:
    """The game ``game`` of this server, as it stands."""
    svc = services(interaction)
    record = await svc.store.get_game(game)
    if record is None or record.guild_id != interaction.guild_id:
        raise Refused("no_game_here", id=game)
    if record.state is None:
        raise Refused("log_empty", id=game)
    return await svc.host.snapshot(record.id, record)


async def export(interaction: discord.Interaction, game: GameId) -> None:
    """A game's record as a JSON file, only to you (a running game: its players, if nothing is hidden)."""
    svc = services(interaction)
    played = await _played(interaction, game)
    refusal = export_refusal(
        played.engine, played.game.id, played.game.over, played.seat_of(interaction.user.id) is not None
    )
    if refusal is not None:
        raise refusal
    await interaction.response.defer(ephemeral=True, thinking=True)
    record = record_of(played, await svc.store.moves(played.game.id), svc.clock())
    data = dump_record(record).encode("utf-8")
    say = svc.posts.say(played)
    alt = fit_alt(say.fill(RECORD_ALT, {"title": svc.posts.title(played)}))
    file = discord.File(io.BytesIO(data), filename=f"{played.game.game}-{played.game.id}.json", description=alt)
    await interaction.followup.send(
        say.fill(EXPORTED, {"title": svc.posts.title(played)}), file=file, ephemeral=True, allowed_mentions=NO_PINGS
    )


async def replay(interaction: discord.Interaction, game: GameId) -> None:
    """A finished game's animated replay, a frame per turn, only to you."""
    svc = services(interaction)
    played = await _played(interaction, game)
    if not played.game.over:
        raise Refused("replay_not_over", id=played.game.id)
    await interaction.response.defer(ephemeral=True, thinking=True)
    kwargs = await replay_message(svc, played)
    kwargs["allowed_mentions"] = NO_PINGS  # a private answer pings no one
    await interaction.followup.send(ephemeral=True, **kwargs)


async def setup(bot: commands.Bot) -> None:
    """Add export and replay to ``/bazaar``."""
    group = services(bot).bazaar_group
    for name, callback in (("export", export), ("replay", replay)):
        group.add_command(make_command(name, callback))
