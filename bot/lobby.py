"""Opening a game and its lobby: ``/<game> new`` (engine options, clock options, the thread), the lobby
message with its Join / Leave / Start buttons, and what joining, leaving and starting do.
"""

from __future__ import annotations

import inspect
import logging
from typing import Any, Literal

import discord
from discord import app_commands

from bot.components import lobby_view
from bot.context import can_manage, display_name, host_of
from bot.errors import reply_private
from bot.host import Played, Refused
from bot.posting import MENTION_USERS, announce, fetch_channel
from bot.schedule_store import GuildSettings
from bot.timing import Timing
from engines.base import Engine, Option

log = logging.getLogger("bazaar.lobby")


# ---- the lobby message ------------------------------------------------------------------------------
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
    # Everything that can refuse is done; the Discord calls below may take a while, so answer "thinking" first.
    await interaction.response.defer(thinking=True)
    thread = await open_thread(interaction.channel, f"{engine.title} #{record.id}") if settings.threads else None
    played = await host.snapshot(record.id)
    view = lobby_view(record.id)
    if thread is None:
        message = await interaction.followup.send(
            lobby_text(played), view=view, allowed_mentions=MENTION_USERS, wait=True
        )
        await host.store.set_lobby_message(record.id, message.id)
        return
    await host.store.set_thread(record.id, thread.id)
    message = await thread.send(lobby_text(played), view=view, allowed_mentions=MENTION_USERS)
    await host.store.set_lobby_message(record.id, message.id)
    await interaction.followup.send(
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
