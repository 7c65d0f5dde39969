"""Opening games and their lobby: ``/<game> new``, ``join``, ``leave``, ``start``, ``abandon``, and the
Join / Leave / Start buttons of the lobby message.

``new`` takes the game's own options (from its engine, described by its catalog) and the clock
options every game shares. The game, its seat, its clock and its lobby message are stored in one
transaction; the courier then opens the game's thread (from the channel, even when ``new`` is
typed inside another game's thread) and posts the lobby there. Joining, leaving and starting
answer first and update the lobby message afterwards.
"""

from __future__ import annotations

import inspect
from functools import cache
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

import engines
from bot.core import language
from bot.core.catalog import N_
from bot.core.language import LANGUAGES, NAMES
from bot.core.played import Played
from bot.core.records import Delivery, GameRecord
from bot.core.refused import Refused
from bot.core.schedule import GuildSettings
from bot.core.timing import Timing
from bot.core.wording import game_words, say_for
from bot.ui.components import GameButton, persistent_view
from bot.ui.context import GameId, can_manage, current_game, display_name, make_command
from bot.ui.errors import acknowledge, reply_private
from bot.ui.moves import defer
from bot.ui.reader import guild_language
from bot.ui.services import Services, services
from engines.base import Engine, Option

ACTIONS = ("join", "leave", "start", "computer")
OPENED = N_("{by_name} opened {title}: join in <#{channel}>! Clock: {clock}.")
OPENED_HERE = N_("{by_name} opened {title} here. Clock: {clock}.")
JOINED = N_("You joined {title}.")
NEW_DESCRIPTION = N_("Open a new {title} game: a thread with Join / Leave / Start buttons.")
LEFT = N_("You left {title}.")
STARTED = N_("{title} has begun: <#{channel}>")
ABANDONED = N_("You abandoned {title}.")
BUTTON_LABELS = {"join": N_("Join"), "leave": N_("Leave"), "start": N_("Start"), "computer": N_("Add computer")}
BUTTON_STYLES = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
    "computer": discord.ButtonStyle.secondary,
}
COMPUTER_ADDED = N_("A computer player joined {title}.")
TIMING_OPTIONS: dict[str, tuple[Any, str]] = {
    "reminder_hours": (
        app_commands.Range[int, 0, 720] | None,
        N_("Hours before a waiting player is reminded (0: never; default: the server's, else 24)"),
    ),
    "deadline_hours": (
        app_commands.Range[int, 0, 2160] | None,
        N_("Turn deadline in hours; then the others may skip or remove the late player (0: none; default 72)"),
    ),
    "auto_skip": (
        bool | None,
        N_("At the deadline the bot skips the late player's turn by itself (default: off)"),
    ),
}
SEAT_OPTIONS: dict[str, tuple[Any, str]] = {
    "computers": (app_commands.Range[int, 0, 4] | None, N_("How many computer players take a seat (default: none)")),
    "level": (
        Literal["easy", "normal", "hard"] | None,
        N_("How strong the computer players are (default: normal)"),
    ),
    "hints": (bool | None, N_("Players may ask the computer for a hint with /bazaar hint (default: yes)")),
}
LANGUAGE_OPTION = N_("The language of the game's posts (default: the server's)")
LANGUAGE_CHOICES = [app_commands.Choice(name=NAMES[code], value=code) for code in LANGUAGES]


# ---- the lobby buttons --------------------------------------------------------------------------------
class LobbyButton(GameButton, kind="lobby"):
    """Join / Leave / Start on a game's lobby message (the argument says which)."""

    async def act(self, interaction: discord.Interaction, record: GameRecord) -> None:
        if self.arg not in ACTIONS:
            raise Refused("button_gone")
        await lobby_action(interaction, record.id, self.arg)


async def lobby_controls(played: Played, delivery: Delivery | None) -> discord.ui.View | None:
    """Join / Leave / Start while the game waits for players; nothing once it has started."""
    if played.game.status != "lobby":
        return None
    say = say_for("bazaar", ())
    buttons = [
        LobbyButton(played.game.id, 0, action, label=say._(BUTTON_LABELS[action]), style=BUTTON_STYLES[action])
        for action in ACTIONS
    ]
    return persistent_view(*buttons)


async def lobby_action(interaction: discord.Interaction, game_id: int, action: str) -> None:
    """Join, leave or start ``game_id`` for the interaction's user; answer first, then update the lobby."""
    svc = services(interaction)
    user = interaction.user
    await defer(interaction)
    if action == "start":
        played = await svc.host.start(game_id, user.id, can_manage(interaction))
    elif action == "join":
        played = await svc.host.join(game_id, user.id, display_name(user))
    elif action == "computer":
        played = await svc.host.add_computer(game_id, user.id)
    else:
        played = await svc.host.leave(game_id, user.id)
    await svc.courier.deliver_game(game_id)
    if interaction.type != discord.InteractionType.component or action != "start":
        await reply_private(interaction, lobby_reply(svc, played, action))


def lobby_reply(svc: Services, played: Played, action: str) -> str:
    say = say_for(played.game.game, tuple(played.names))
    title = svc.posts.title(played)
    template = {"join": JOINED, "leave": LEFT, "start": STARTED, "computer": COMPUTER_ADDED}[action]
    return say.fill(template, {"title": title, "channel": played.game.post_channel_id})


# ---- new ------------------------------------------------------------------------------------------------
def _option_annotation(option: Option) -> Any:
    if option.choices and isinstance(option.default, str):
        return Literal[tuple(option.choices)] | None
    if option.choices and isinstance(option.default, int) and not isinstance(option.default, bool):
        return Literal[tuple(option.choices)] | None
    return type(option.default) | None


@cache
def make_new(engine: Engine) -> Any:
    """The ``new`` callback: one optional parameter per engine option, then the shared clock options (made once per
    engine and process, so that ``make_command`` reads its signature once)."""

    async def new(interaction: discord.Interaction, **options: Any) -> None:
        timing = {name: options.pop(name, None) for name in TIMING_OPTIONS}
        seats = {name: options.pop(name, None) for name in SEAT_OPTIONS}
        spoken = options.pop("language", None)
        chosen = {k: v for k, v in options.items() if v is not None}
        await create_game(interaction, engine, chosen, timing, seats, getattr(spoken, "value", spoken))

    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)]
    for option in engine.options:
        annotation = _option_annotation(option)
        params.append(
            inspect.Parameter(option.name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=annotation)
        )
    for name, (annotation, _) in {**TIMING_OPTIONS, **SEAT_OPTIONS}.items():
        params.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=annotation))
    language_annotation = app_commands.Choice[str] | None
    params.append(
        inspect.Parameter("language", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=language_annotation)
    )
    new.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    say = say_for(engine.name, ())
    new.__doc__ = say.fill(NEW_DESCRIPTION, {"title": engine.title})
    descriptions = {name: say._(text) for name, (_, text) in {**TIMING_OPTIONS, **SEAT_OPTIONS}.items()}
    descriptions["language"] = say._(LANGUAGE_OPTION)
    for option in engine.options:
        descriptions[option.name] = (
            say.option(option.name) if option.name in game_words(engine.name).options else option.name
        )
    return app_commands.choices(language=LANGUAGE_CHOICES)(app_commands.describe(**descriptions)(new))


def game_timing(defaults: GuildSettings, chosen: dict[str, Any]) -> Timing:
    """The new game's timing: what its creator chose, else the server's defaults."""
    timing = defaults.default_timing()
    return Timing(
        reminder_hours=timing.reminder_hours if chosen.get("reminder_hours") is None else chosen["reminder_hours"],
        deadline_hours=timing.deadline_hours if chosen.get("deadline_hours") is None else chosen["deadline_hours"],
        auto_skip=bool(chosen.get("auto_skip")),
    )


def home_channel(channel: Any) -> Any:
    """Where a new game opens: the channel itself, or the channel of the thread ``new`` was typed in."""
    return channel.parent if isinstance(channel, discord.Thread) and channel.parent is not None else channel


def check_channel_allowed(settings: GuildSettings, channel: Any, game: str) -> None:
    """Refuse ``new`` outside the channel the server chose for games (its threads are fine)."""
    allowed = settings.allowed_channel_id
    if allowed is None or allowed in (getattr(channel, "id", None), getattr(channel, "parent_id", None)):
        return
    raise Refused("start_in_channel", channel=allowed, command=game)


async def create_game(
    interaction: discord.Interaction,
    engine: Engine,
    options: dict[str, Any],
    timing_choice: dict[str, Any],
    seats: dict[str, Any] | None = None,
    chosen_language: str | None = None,
) -> None:
    """Create the game and owe its thread and lobby, deliver them, then say where to join (publicly, in the
    game's language: the creator's choice, else the server's setting, else its Discord language)."""
    if interaction.guild_id is None or interaction.channel is None:
        raise Refused("server_only")
    svc = services(interaction)
    settings = await svc.schedule.guild_settings(interaction.guild_id)
    check_channel_allowed(settings, interaction.channel, engine.name)
    engine.resolve_options(options)
    timing = game_timing(settings, timing_choice)
    home = home_channel(interaction.channel)
    await acknowledge(interaction, thinking=True)
    played = await svc.host.create(
        guild_id=interaction.guild_id,
        channel_id=home.id,
        game=engine.name,
        options=options,
        user_id=interaction.user.id,
        name=display_name(interaction.user),
        timing=timing,
        thread=settings.threads and isinstance(home, discord.TextChannel),
        computers=int((seats or {}).get("computers") or 0),
        level=str((seats or {}).get("level") or "normal"),
        hints=(seats or {}).get("hints") is not False,
        language=language.game_language(chosen_language, settings.language, guild_language(interaction)),
    )
    await svc.courier.deliver_game(played.game.id)
    played = await svc.host.snapshot(played.game.id)
    with language.using(played.game.language):
        say = say_for(engine.name, tuple(played.names))
        params = {
            "by_name": display_name(interaction.user),
            "title": svc.posts.title(played),
            "channel": played.game.post_channel_id,
            "clock": svc.posts.timing_text(played, timing),
        }
        text = say.fill(OPENED if played.game.thread_id else OPENED_HERE, params)
    await interaction.followup.send(text, allowed_mentions=discord.AllowedMentions.none())


# ---- lifecycle commands -----------------------------------------------------------------------------------
async def join(interaction: discord.Interaction, game: GameId | None = None) -> None:
    """Join a game that has not started yet."""
    played = await current_game(interaction, game)
    await lobby_action(interaction, played.game.id, "join")


async def leave(interaction: discord.Interaction, game: GameId | None = None) -> None:
    """Leave a game that has not started yet."""
    played = await current_game(interaction, game)
    await lobby_action(interaction, played.game.id, "leave")


async def start(interaction: discord.Interaction, game: GameId | None = None) -> None:
    """Start the game (its creator, or someone with Manage Server); seats are drawn at random."""
    played = await current_game(interaction, game)
    await lobby_action(interaction, played.game.id, "start")


async def abandon(interaction: discord.Interaction, game: GameId | None = None) -> None:
    """End a game without scoring it (its creator, or someone with Manage Server)."""
    svc = services(interaction)
    played = await current_game(interaction, game)
    await defer(interaction)
    name = display_name(interaction.user)
    result = await svc.host.abandon(played.game.id, interaction.user.id, name, can_manage(interaction))
    await svc.courier.deliver_game(result.game.id)
    say = say_for(result.game.game, ())
    await reply_private(interaction, say.fill(ABANDONED, {"title": svc.posts.title(result)}))


# ---- the extension ---------------------------------------------------------------------------------------
async def setup(bot: commands.Bot) -> None:
    """Add new/join/leave/start/abandon to every game's group; register the lobby buttons."""
    svc = services(bot)
    for name, group in svc.game_groups.items():
        engine_new = make_new(engines.get(name))
        group.add_command(make_command("new", engine_new))
        for command_name, callback in (("join", join), ("leave", leave), ("start", start), ("abandon", abandon)):
            group.add_command(make_command(command_name, callback))
    bot.add_dynamic_items(LobbyButton)
    svc.controls["lobby"] = lobby_controls
