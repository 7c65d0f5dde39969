"""The one place that turns failures into replies.

A ``GameError`` (an illegal move, not your turn, a stale button …) becomes an ephemeral message
worded by the catalogs of its game, cut to Discord's limits, and changes nothing. Anything else is
logged with its context (command, button, user, server, channel) and an error id, and the user
gets a short apology quoting that id.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable
from typing import Any

import aiohttp
import discord
from discord import app_commands

import engines
from bot.core.catalog import N_
from bot.core.text import MESSAGE_LIMIT, fit_message
from bot.core.wording import MissingWords, say_for
from engines.base import GameError

log = logging.getLogger("bazaar.errors")

APOLOGY = N_("Sorry, something went wrong on our side (error id `{error_id}`).")
CANNOT_HERE = N_("You can't use this command here.")
UNKNOWN_WEBHOOK = 10015


def unwrap(error: BaseException) -> BaseException:
    """The original exception behind discord.py's command wrappers."""
    while isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        error = error.__cause__ or error
        if not isinstance(error, app_commands.AppCommandError):
            break
    return error


def game_of(interaction: discord.Interaction) -> str:
    """The game whose group the interaction's command belongs to ("bazaar" for none)."""
    command = interaction.command
    root = getattr(command, "root_parent", None) or command
    name = getattr(root, "name", None)
    try:
        return engines.get(name).name if name else "bazaar"
    except GameError:
        return "bazaar"


def refusal_text(error: GameError, game: str = "bazaar", names: list[str] | None = None) -> str:
    """The words of a refusal, in its game's catalog, naming its players."""
    game = getattr(error, "game", None) or game
    names = getattr(error, "names", None) or names or []
    try:
        return fit_message(say_for(game, tuple(names)).refusal(error))
    except (MissingWords, KeyError, IndexError, ValueError):
        log.exception("no words for refusal %r of %s", error.code, game)
        return fit_message(say_for("bazaar", ()).fill(APOLOGY, {"error_id": error.code}))


UNCERTAIN = (aiohttp.ClientError, asyncio.TimeoutError, OSError)
"""A request's failures after which Discord may have done what was asked: the connection dropped or timed out."""


DEFER_AFTER = 1.5
"""Seconds a move's answer may take before its interaction is deferred (Discord wants the first answer within 3)."""
_LATE = "bazaar_late_deferral"


class LateDeferral:
    """Defers an interaction only if it is not answered within ``after`` seconds, so that an answer ready in time
    is the interaction's response itself: one request instead of a deferral and then a followup. Whatever answers
    the interaction first calls ``answering`` (``reply_private`` does): the deferral is then called off, or, when it
    has begun already, waited for (the answer then goes as a followup)."""

    def __init__(self, interaction: discord.Interaction, after: float) -> None:
        self.interaction = interaction
        self.begun = False
        self.task = asyncio.create_task(self._later(after))

    async def _later(self, after: float) -> None:
        await asyncio.sleep(after)
        self.begun = True  # from here on it is not called off: an answer waits for it and follows it
        await defer(self.interaction)

    async def settle(self) -> None:
        """Call the deferral off if it has not begun, else wait until it is done."""
        if not self.begun:
            self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task


def defer_later(interaction: discord.Interaction, after: float | None = None) -> LateDeferral:
    """Defer ``interaction`` in ``after`` seconds (``DEFER_AFTER``) unless it is answered first (``LateDeferral``)."""
    late = LateDeferral(interaction, DEFER_AFTER if after is None else after)
    interaction.extras[_LATE] = late
    return late


async def answering(interaction: discord.Interaction) -> None:
    """Before answering ``interaction``: its late deferral, if any, is called off or waited for (afterwards
    ``interaction.response.is_done()`` says whether the answer is a response or a followup)."""
    late = interaction.extras.pop(_LATE, None)
    if late is not None:
        await late.settle()


async def defer(interaction: discord.Interaction) -> None:
    """Answer at once: a button click updates nothing visible yet, a command "thinks" privately."""
    if interaction.type == discord.InteractionType.component:
        await acknowledge(interaction)
    else:
        await acknowledge(interaction, ephemeral=True, thinking=True)


async def acknowledge(interaction: discord.Interaction, *, ephemeral: bool = False, thinking: bool = False) -> None:
    """Defer the interaction (nothing if it is answered already).

    When the connection fails after Discord may have taken the deferral (dropped, timed out), the interaction is
    taken as answered, so the outcome still goes out through its webhook as a followup: had Discord not taken it,
    that followup meets 10015 Unknown Webhook, logged by ``reply_private``, and nothing more can be sent.
    """
    if interaction.response.is_done():
        return
    try:
        await interaction.response.defer(ephemeral=ephemeral, thinking=thinking)
    except UNCERTAIN as exc:
        log.warning("deferring interaction %s failed (%r); answering through its webhook", interaction.id, exc)
        kind = (
            discord.InteractionResponseType.deferred_message_update
            if interaction.type == discord.InteractionType.component and not thinking
            else discord.InteractionResponseType.deferred_channel_message
        )
        interaction.response._response_type = kind


async def reply_private(interaction: discord.Interaction, content: str, **extra: Any) -> None:
    """Send ``content`` ephemerally (cut to Discord's limit): as the interaction's response, or as a followup when it
    was answered (deferred) already.

    A followup meeting 10015 Unknown Webhook (the interaction was never acknowledged: a deferral whose connection
    dropped before Discord took it) is logged: nothing can reach the user through this interaction any more. A
    response whose connection fails after Discord may have taken it (dropped, timed out) is made sure of by editing
    the interaction's original response with the same answer: had Discord taken it, the user sees it once; had it
    not, the edit meets 10015, logged the same way.
    """
    content = fit_message(content, MESSAGE_LIMIT)
    extra.setdefault("allowed_mentions", discord.AllowedMentions.none())
    await answering(interaction)
    if not interaction.response.is_done():
        try:
            await interaction.response.send_message(content, ephemeral=True, **extra)
            return
        except UNCERTAIN as exc:
            log.warning("answering interaction %s failed (%r); making sure of it by editing it", interaction.id, exc)
            interaction.response._response_type = discord.InteractionResponseType.channel_message
            await _never_acknowledged(interaction, _edit_original(interaction, content, extra))
            return
    await _never_acknowledged(interaction, interaction.followup.send(content, ephemeral=True, **extra))


async def _edit_original(interaction: discord.Interaction, content: str, extra: dict[str, Any]) -> None:
    """The interaction's original response edited to ``content`` (a file sent again, its view kept)."""
    edit: dict[str, Any] = {key: value for key, value in extra.items() if key in ("view", "allowed_mentions")}
    file = extra.get("file")
    if isinstance(file, discord.File):
        file.reset()
        edit["attachments"] = [file]
    await interaction.edit_original_response(content=content, **edit)


async def _never_acknowledged(interaction: discord.Interaction, request: Awaitable[Any]) -> None:
    """Make ``request`` through the interaction's webhook; 10015 Unknown Webhook (never acknowledged) is logged."""
    try:
        await request
    except discord.NotFound as exc:
        if exc.code != UNKNOWN_WEBHOOK:
            raise
        log.warning("interaction %s was never acknowledged: its answer cannot be sent", interaction.id)


async def report(interaction: discord.Interaction, error: BaseException) -> None:
    """Tell the user what went wrong: the rule for a GameError, an apology with an id otherwise."""
    error = unwrap(error)
    if isinstance(error, GameError):
        await _safe_reply(interaction, refusal_text(error, game_of(interaction)))
        return
    if isinstance(error, app_commands.CheckFailure):
        await _safe_reply(interaction, str(error) or say_for("bazaar", ())._(CANNOT_HERE))
        return
    error_id = secrets.token_hex(4)
    command = interaction.command.qualified_name if interaction.command else None
    custom_id = (interaction.data or {}).get("custom_id") if interaction.data else None
    log.error(
        "error %s: command=%s custom_id=%s user=%s guild=%s channel=%s",
        error_id,
        command,
        custom_id,
        interaction.user.id,
        interaction.guild_id,
        interaction.channel_id,
        exc_info=error,
    )
    await _safe_reply(interaction, say_for("bazaar", ()).fill(APOLOGY, {"error_id": error_id}))


async def _safe_reply(interaction: discord.Interaction, content: str) -> None:
    try:
        await reply_private(interaction, content)
    except discord.HTTPException:
        log.warning("could not send an error reply to interaction %s", interaction.id)
