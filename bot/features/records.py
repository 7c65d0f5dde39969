"""``/bazaar export game:`` (a game's record as a JSON file) and ``/bazaar replay game:`` (its animated replay);
in a game's command ``/<game> records export [game:]`` and ``/<game> records replay [game:]``, where the game
is this thread's unless chosen (from this server's games of that kind, ended ones included).

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
from discord import app_commands
from discord.ext import commands

from bot.core.catalog import N_
from bot.core.played import Played
from bot.core.records import OVER_STATUSES, GameRecord
from bot.core.records_file import dump_record, export_refusal, record_of
from bot.core.refused import Refused
from bot.core.text import fit_alt
from bot.ui.context import GameId, group_name, kept_game_choices, make_command, records_group, resolve_game
from bot.ui.courier import replay_message
from bot.ui.services import services

NO_PINGS = discord.AllowedMentions.none()
RECORD_ALT = N_("The record of {title} as a JSON file: its players, its options and every move, roll and draw.")
EXPORTED = N_("{title} — the record of the game, every move and every roll or draw (see `bazaar replay FILE`).")


async def _played(interaction: discord.Interaction, game: int) -> Played:
    """The game ``game`` of this server, as it stands."""
    record = await services(interaction).store.get_game(game)
    if record is None or record.guild_id != interaction.guild_id:
        raise Refused("no_game_here", id=game)
    return await _snapshot(interaction, record)


async def _snapshot(interaction: discord.Interaction, record: GameRecord) -> Played:
    if record.state is None:
        raise Refused("log_empty", id=record.id)
    return await services(interaction).host.snapshot(record.id, record)


async def _this_game(interaction: discord.Interaction, game: int | None) -> Played:
    """The game of a ``/<game> records`` command: its ``game`` option, else this thread's (a game over too),
    else the caller's only one of this kind."""
    found = await resolve_game(interaction, group_name(interaction), game)
    return await _played(interaction, found.id)  # a list's record comes without its state


async def export(interaction: discord.Interaction, game: GameId) -> None:
    """A game's record as a JSON file, only to you (a running game: its players, if nothing is hidden)."""
    await send_export(interaction, await _played(interaction, game))


async def game_export(interaction: discord.Interaction, game: GameId | None = None) -> None:
    """A game's record as a JSON file, only to you (a running game: its players, if nothing is hidden)."""
    await send_export(interaction, await _this_game(interaction, game))


async def send_export(interaction: discord.Interaction, played: Played) -> None:
    svc = services(interaction)
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
    await send_replay(interaction, await _played(interaction, game))


async def game_replay(interaction: discord.Interaction, game: GameId | None = None) -> None:
    """A finished game's animated replay, a frame per turn, only to you."""
    await send_replay(interaction, await _this_game(interaction, game))


async def send_replay(interaction: discord.Interaction, played: Played) -> None:
    svc = services(interaction)
    if not played.game.over:
        raise Refused("replay_not_over", id=played.game.id)
    await interaction.response.defer(ephemeral=True, thinking=True)
    kwargs = await replay_message(svc, played)
    kwargs["allowed_mentions"] = NO_PINGS  # a private answer pings no one
    await interaction.followup.send(ephemeral=True, **kwargs)


async def exportable_games(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """``/<game> records export``'s list: this server's running and ended games of this kind."""
    return await kept_game_choices(interaction, current, ("active", *OVER_STATUSES))


async def ended_games(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """``/<game> records replay``'s list: this server's ended games of this kind."""
    return await kept_game_choices(interaction, current, OVER_STATUSES)


async def setup(bot: commands.Bot) -> None:
    """Add export and replay to ``/bazaar`` (a game by its number) and to every game's ``records`` group (the
    game of this thread, or one chosen from this server's games of that kind, ended ones included)."""
    svc = services(bot)
    for name, callback in (("export", export), ("replay", replay)):
        svc.bazaar_group.add_command(make_command(name, callback))
    for group in svc.game_groups.values():
        records = records_group(group)
        for name, callback, completer in (
            ("export", game_export, exportable_games),
            ("replay", game_replay, ended_games),
        ):
            command = make_command(name, callback)
            command.autocomplete("game")(completer)
            records.add_command(command)
