"""The one place that turns failures into replies.

A ``GameError`` (an illegal move, not your turn, a stale button ...) becomes an ephemeral
message with its text and changes nothing. Anything else is logged with its context and an
error id, and the user gets a short apology quoting that id.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable
from functools import wraps
from typing import ParamSpec, TypeVar

import discord
from discord import app_commands

from engines.base import GameError

log = logging.getLogger("bazaar.errors")

P = ParamSpec("P")
R = TypeVar("R")


def unwrap(error: BaseException) -> BaseException:
    """The original exception behind discord.py's command wrappers."""
    while isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        error = error.__cause__ or error
        if not isinstance(error, app_commands.AppCommandError):
            break
    return error


async def reply_private(interaction: discord.Interaction, content: str) -> None:
    """Send ``content`` ephemerally, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True)
    else:
        await interaction.response.send_message(content, ephemeral=True)


async def report(interaction: discord.Interaction, error: BaseException) -> None:
    """Tell the user what went wrong: the rule for a GameError, an apology with an id otherwise."""
    error = unwrap(error)
    if isinstance(error, GameError):
        await _safe_reply(interaction, str(error))
        return
    if isinstance(error, app_commands.CheckFailure):
        await _safe_reply(interaction, str(error) or "You can't use this command here.")
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
    await _safe_reply(interaction, f"Sorry, something went wrong on our side (error id `{error_id}`).")


async def _safe_reply(interaction: discord.Interaction, content: str) -> None:
    try:
        await reply_private(interaction, content)
    except discord.HTTPException:
        log.exception("could not send an error reply")


def guarded(func: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R | None]]:
    """For component callbacks: route exceptions through ``report`` (the first interaction argument)."""

    @wraps(func)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> R | None:
        try:
            return await func(*args, **kwargs)
        except Exception as exc:
            interaction = next(a for a in args if isinstance(a, discord.Interaction))
            await report(interaction, exc)
            return None

    return wrapper
