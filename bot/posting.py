"""What the bot posts after a change: the board image, what happened, and who is next.

``compose`` turns a ``Played`` into the message for the game's thread; ``announce`` sends it
where the game lives (as the interaction's response when the interaction came from there)
and tells the acting player privately what only they may know (a card they drew).
"""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass
from typing import Any

import discord

import render
from bot.components import turn_view
from bot.games import adapter
from bot.host import Played
from engines.base import CHANCE

MENTION_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False)


@dataclass
class Post:
    """A message ready to send."""

    content: str
    png: bytes | None
    filename: str
    view: discord.ui.View | None

    def kwargs(self) -> dict[str, Any]:
        """Keyword arguments for ``send``/``send_message``."""
        args: dict[str, Any] = {"content": self.content, "allowed_mentions": MENTION_USERS}
        if self.png is not None:
            args["file"] = discord.File(io.BytesIO(self.png), filename=self.filename)
        if self.view is not None:
            args["view"] = self.view
        return args


def public_view(played: Played, viewer: int | None = None) -> dict[str, Any]:
    """The engine's view for ``viewer`` with the players' names added for the renderer."""
    assert played.state is not None
    view = played.engine.view(played.state, viewer)
    view["names"] = played.names
    return view


async def board_png(played: Played, viewer: int | None = None) -> bytes:
    """The board image as ``viewer`` may see it (None: everybody)."""
    view = public_view(played, viewer)
    return await asyncio.to_thread(render.render_board, played.game.game, view)


def title_of(played: Played) -> str:
    return f"{played.engine.title} #{played.game.id}"


def scores_line(played: Played) -> str:
    """Final scores and winners."""
    outcome = played.outcome
    assert outcome is not None
    parts = [f"{name} {score}" for name, score in zip(played.names, outcome.scores, strict=False)]
    winners = " and ".join(played.names[w] for w in outcome.winners) or "nobody"
    return f"Game over ({outcome.reason}). Final scores: {', '.join(parts)}. Winner: {winners} 🏆"


def next_line(played: Played) -> str:
    """Who is to move and what they have to decide, with a mention."""
    seat = played.to_move
    if seat is None:
        return scores_line(played)
    if seat == CHANCE:
        return "Waiting for the dice."
    user_id = played.user_of(seat)
    prompt = adapter(played.game.game).prompt(public_view(played))
    return f"<@{user_id}>, it's your turn: {prompt}."


def happened_line(played: Played) -> str:
    sentences = played.sentences(viewer=None)
    return "; ".join(sentences)


async def compose(played: Played, headline: str | None = None) -> Post:
    """The message for the game's thread after ``played``."""
    lines = [f"**{title_of(played)}**" + (f" — {headline}" if headline else "")]
    happened = happened_line(played)
    if happened:
        lines.append(happened[0].upper() + happened[1:] + ".")
    lines.append(next_line(played))
    png = await board_png(played)
    view = turn_view(played) if played.to_move not in (None, CHANCE) else None
    filename = f"{played.game.game}-{played.game.id}-v{played.game.version}.png"
    return Post("\n".join(lines), png, filename, view)


def private_lines(played: Played, seat: int | None) -> list[str]:
    """Sentences ``seat`` may read that differ from the public ones (a card only they saw)."""
    if seat is None:
        return []
    public = played.sentences(viewer=None)
    mine = played.sentences(viewer=seat)
    return [m for m, p in zip(mine, public, strict=False) if m != p]


async def announce(interaction: discord.Interaction, played: Played, headline: str | None = None) -> None:
    """Post ``played`` where the game lives and answer the interaction."""
    post = await compose(played, headline)
    target_id = played.game.post_channel_id
    if interaction.channel_id == target_id and not interaction.response.is_done():
        await interaction.response.send_message(**post.kwargs())
    else:
        channel = await fetch_channel(interaction.client, target_id)
        message = await send_to(channel, post)
        link = message.jump_url if message else f"<#{target_id}>"
        await reply_private(interaction, f"Done: {link}")
    secret = private_lines(played, played.seat_of(interaction.user.id))
    if secret:
        await reply_private(interaction, "Only you can see this: " + "; ".join(secret) + ".")


async def reply_private(interaction: discord.Interaction, content: str) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True)
    else:
        await interaction.response.send_message(content, ephemeral=True)


async def fetch_channel(client: discord.Client, channel_id: int) -> discord.abc.Messageable:
    channel = client.get_channel(channel_id) or await client.fetch_channel(channel_id)
    assert isinstance(channel, discord.abc.Messageable)
    return channel


async def send_to(channel: discord.abc.Messageable, post: Post) -> discord.Message | None:
    """Send ``post`` to ``channel``; an archived thread is unarchived first."""
    if isinstance(channel, discord.Thread) and channel.archived:
        await channel.edit(archived=False)
    return await channel.send(**post.kwargs())
