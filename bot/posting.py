"""What the bot posts after a change: the board image, what happened, and who is next.

``compose`` turns a ``Played`` into the message for the game's thread; ``announce`` sends it
where the game lives (as the interaction's response when the interaction came from there)
and tells the acting player privately what only they may know (a card they drew).
"""

from __future__ import annotations

import asyncio
import io
import logging
from dataclasses import dataclass
from typing import Any

import discord

import render
from bot.components import turn_view
from bot.errors import reply_private
from bot.games import adapter
from bot.host import Played
from bot.notify import dm_turn, turn_dm_recipient
from bot.storage import GameRecord
from engines.base import CHANCE

log = logging.getLogger("bazaar.posting")

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


def ending_line(played: Played) -> str:
    """How a game that is over ended: abandoned, or its final scores."""
    if played.game.status == "abandoned":
        return "The game was abandoned."
    return scores_line(played)


def prompt_of(played: Played) -> str:
    """What the player to move has to decide, as the game's adapter words it."""
    return adapter(played.game.game).prompt(public_view(played))


def next_line(played: Played) -> str:
    """Who is to move and what they have to decide, with a mention."""
    seat = played.to_move
    if seat is None:
        return scores_line(played)
    if seat == CHANCE:
        return "Waiting for the dice."
    return f"<@{played.user_of(seat)}>, it's your turn: {prompt_of(played)}."


def standing_line(played: Played, seat: int | None = None) -> str:
    """Where the game stands, pinging nobody: waiting for players, whose turn (``seat``'s: yours), how it ended."""
    record = played.game
    if record.status == "lobby":
        return "Waiting for players."
    to_move = played.to_move
    if record.status == "abandoned" or to_move is None:
        return ending_line(played)
    if to_move == CHANCE:
        return "Waiting for the dice."
    if to_move == seat:
        return f"It's your turn: {prompt_of(played)}."
    return f"Waiting for {played.name_of(to_move)}: {prompt_of(played)}."


def joined(sentences: list[str]) -> str:
    """Log sentences as one line: "a; b (3 times); c" (own full stops dropped, repeats counted)."""
    runs: list[list[Any]] = []
    for sentence in (s.rstrip(". ") for s in sentences):
        if runs and runs[-1][0] == sentence:
            runs[-1][1] += 1
        else:
            runs.append([sentence, 1])
    parts = [text if count == 1 else f"{text} ({count} times)" for text, count in runs]
    return "; ".join([*parts[:1], *(mid_sentence(p) for p in parts[1:])])


def mid_sentence(text: str) -> str:
    """A sentence continued after a semicolon: "The card …" becomes "the card …" (names keep their capital)."""
    first, _, rest = text.partition(" ")
    return f"{first.lower()} {rest}" if first in ("The", "A", "An") and rest else text


def happened_line(played: Played) -> str:
    return joined(played.sentences(viewer=None))


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


async def post_in_game(
    interaction: discord.Interaction, record: GameRecord, post: Post, note: str = "Done"
) -> discord.Message | None:
    """Post where the game lives: as the answer when the interaction came from there, else sent there with
    ``note`` and a link as the private answer. The message sent there, or None when it is the answer."""
    target_id = record.post_channel_id
    if interaction.channel_id == target_id and not interaction.response.is_done():
        await interaction.response.send_message(**post.kwargs())
        return None
    message = await send_to(await fetch_channel(interaction.client, target_id), post)
    await reply_private(interaction, f"{note}: {message.jump_url if message else f'<#{target_id}>'}")
    return message


async def announce(interaction: discord.Interaction, played: Played, headline: str | None = None) -> None:
    """Post ``played`` where the game lives, answer the interaction and DM the next player if they asked."""
    message = await post_in_game(interaction, played.game, await compose(played, headline))
    seat = played.seat_of(interaction.user.id)
    secret = [] if seat is None else played.private_sentences(seat)
    if secret:
        await reply_private(interaction, "Only you can see this: " + joined(secret) + ".")
    recipient = await turn_dm_recipient(interaction.client, played, interaction.user.id)
    if recipient is not None:
        board = message or await interaction.original_response()
        await dm_turn(interaction.client, recipient, played, board.jump_url)
    await archive_if_finished(interaction.client, played)


async def publish(client: discord.Client, played: Played, headline: str | None = None) -> discord.Message | None:
    """Post ``played`` where the game lives when no interaction asked for it (the scheduler)."""
    message = await send_to(await fetch_channel(client, played.game.post_channel_id), await compose(played, headline))
    recipient = await turn_dm_recipient(client, played, None)
    if recipient is not None and message is not None:
        await dm_turn(client, recipient, played, message.jump_url)
    await archive_if_finished(client, played)
    return message


async def archive_if_finished(client: discord.Client, played: Played) -> None:
    """Archive a finished game's thread once its final scores are posted."""
    if played.game.status != "finished" or played.game.thread_id is None:
        return
    try:
        thread = await fetch_channel(client, played.game.thread_id)
        if isinstance(thread, discord.Thread) and not thread.archived:
            await thread.edit(archived=True)
    except discord.HTTPException as exc:
        log.info("could not archive the thread of game %s: %s", played.game.id, exc)


async def fetch_channel(client: discord.Client, channel_id: int) -> discord.abc.Messageable:
    channel = client.get_channel(channel_id) or await client.fetch_channel(channel_id)
    assert isinstance(channel, discord.abc.Messageable)
    return channel


async def send_to(channel: discord.abc.Messageable, post: Post) -> discord.Message | None:
    """Send ``post`` to ``channel``; an archived thread is unarchived first.

    When a thread refuses (locked, and the bot may not reopen it), the post goes to the thread's
    parent channel instead, saying why, so the players still see it.
    """
    if not isinstance(channel, discord.Thread):
        return await channel.send(**post.kwargs())
    try:
        if channel.archived:
            await channel.edit(archived=False)
        return await channel.send(**post.kwargs())
    except discord.HTTPException as exc:
        parent = channel.parent
        if parent is None or not isinstance(parent, discord.abc.Messageable):
            raise
        log.info("thread %s refused a post (%s); posting in its channel", channel.id, exc)
        moved = Post(f"(Posted here: {channel.mention} is closed.)\n{post.content}", post.png, post.filename, post.view)
        return await parent.send(**moved.kwargs())
