"""``/<game> log``, ``catchup`` and ``undo`` on Discord, and their buttons.

The logic lives in ``bot.history`` and ``bot.undo``; this module only answers and posts.

* ``log [page]``: the numbered turns, as the caller may read them (spectators: the public version),
  ephemeral, one page at a time with Older / Newer buttons; once the game is over the whole log
  comes along as a text file.
* ``catchup``: the turns since the caller's last one and the board with the squares changed since
  then framed, ephemeral.
* ``undo``: posts a request in the game's thread with Agree / Refuse buttons for the other players;
  the requester's Refuse withdraws it. Buttons carry the game id and the version asked at, so they
  survive restarts and a request made void by a move says so when clicked.
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
from discord import app_commands

import render
from bot.context import current_game, host_of, make_command
from bot.errors import guarded
from bot.history import CatchUp, catch_up, changed_squares, game_turns, initial_state, log_pages, log_text, newest_lines
from bot.host import Played, Refused
from bot.posting import (
    MENTION_USERS,
    Post,
    announce,
    ending_line,
    post_in_game,
    public_view,
    publish,
    standing_line,
    title_of,
)
from bot.storage import OVER_STATUSES
from bot.undo import UndoRequest, UndoResult, answer_undo, ask_undo

CATCHUP_BUDGET = 1500


# ---- log -----------------------------------------------------------------------------------------
class LogPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"bz:log:(?P<game>\d+):(?P<page>\d+)",
):
    """Older / Newer under a log page: shows another page to whoever clicks (the reply is theirs only)."""

    def __init__(self, game_id: int, page: int, label: str = "Page") -> None:
        super().__init__(
            discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, custom_id=f"bz:log:{game_id}:{page}")
        )
        self.game_id = game_id
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> LogPageButton:
        return cls(int(match["game"]), int(match["page"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        played = await host_of(interaction).snapshot(self.game_id)
        content, view, _ = await log_reply(interaction, played, self.page)
        await interaction.response.edit_message(content=content, view=view)


def log_view(game_id: int, page: int, pages: int) -> discord.ui.View | None:
    """Older / Newer buttons where there is a page that way."""
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    if page > 1:
        view.add_item(LogPageButton(game_id, page - 1, "◀ Older"))
    if page < pages:
        view.add_item(LogPageButton(game_id, page + 1, "Newer ▶"))
    return view


async def log_reply(
    interaction: discord.Interaction, played: Played, page: int | None
) -> tuple[str, discord.ui.View | None, discord.File | None]:
    """The text of one page (the newest when ``page`` is None), its buttons, and the file once the game is over."""
    if played.state is None:
        raise Refused(f"Game #{played.game.id} has not started: its log is empty.")
    viewer = played.seat_of(interaction.user.id)
    turns = await game_turns(host_of(interaction).store, played, viewer)
    pages = log_pages([turn.line for turn in turns])
    number = min(max(page or len(pages), 1), len(pages))
    whose = "as you may read it" if viewer is not None else "as spectators see it"
    header = f"**{title_of(played)}** — log, page {number}/{len(pages)} ({whose})"
    content = "\n".join([header, *pages[number - 1]])
    file = None
    if played.game.status in OVER_STATUSES:
        text = log_text(title_of(played), played.names, turns, ending_line(played))
        file = discord.File(io.BytesIO(text.encode("utf-8")), filename=f"{played.game.game}-{played.game.id}-log.txt")
    return content, log_view(played.game.id, number, len(pages)), file


async def log(interaction: discord.Interaction, page: int | None = None, game: int | None = None) -> None:
    """The game's move log, only to you (hidden details left out); a text file once the game is over."""
    played = await current_game(interaction, game)
    content, view, file = await log_reply(interaction, played, page)
    kwargs: dict[str, Any] = {"content": content, "ephemeral": True}
    if view is not None:
        kwargs["view"] = view
    if file is not None:
        kwargs["file"] = file
    await interaction.response.send_message(**kwargs)


# ---- catch-up --------------------------------------------------------------------------------------
def catchup_text(played: Played, news: CatchUp, seat: int, highlighted: bool) -> str:
    """The catch-up reply: the turns since the caller's last one (the newest that fit), then who is next."""
    since = "since the start" if news.since_start else "since your last move"
    lines = [f"**{title_of(played)}** — {since}:"]
    if not news.turns:
        lines.append("Nothing has happened yet." if news.since_start else "Nothing has happened since your last move.")
    kept, left_out = newest_lines([turn.line for turn in news.turns], CATCHUP_BUDGET)
    if left_out:
        lines.append(f"… {left_out} earlier turns: see `/{played.game.game} log`.")
    lines.extend(kept)
    if highlighted:
        lines.append("The squares that changed are framed on the board.")
    lines.append(standing_line(played, seat))
    return "\n".join(lines)


async def catchup(interaction: discord.Interaction, game: int | None = None) -> None:
    """What happened since your last move, with the changes framed on the board (only to you)."""
    played = await current_game(interaction, game)
    seat = played.seat_of(interaction.user.id)
    if played.state is None:
        raise Refused(f"Game #{played.game.id} has not started yet.")
    if seat is None:
        raise Refused(
            f"You are not playing in game #{played.game.id}: `/{played.game.game} log` shows all that happened."
        )
    turns = await game_turns(host_of(interaction).store, played, seat)
    news = catch_up(turns, initial_state(played), seat)
    squares = changed_squares(played.engine.view(news.then, None), played.engine.view(played.state, None))
    highlight = {"squares": squares} if squares else None
    png = await asyncio.to_thread(render.render_board, played.game.game, public_view(played), highlight)
    file = discord.File(io.BytesIO(png), filename=f"{played.game.game}-{played.game.id}-catchup.png")
    text = catchup_text(played, news, seat, highlighted=bool(squares))
    await interaction.response.send_message(text, file=file, ephemeral=True)


# ---- undo -------------------------------------------------------------------------------------------
class UndoAnswerButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"bz:undo:(?P<answer>yes|no):(?P<game>\d+):(?P<version>\d+)",
):
    """Agree / Refuse under an undo request made at one game version."""

    def __init__(self, answer: str, game_id: int, version: int) -> None:
        agree = answer == "yes"
        super().__init__(
            discord.ui.Button(
                label="Agree" if agree else "Refuse",
                style=discord.ButtonStyle.success if agree else discord.ButtonStyle.danger,
                custom_id=f"bz:undo:{answer}:{game_id}:{version}",
            )
        )
        self.agree = agree
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> UndoAnswerButton:
        return cls(match["answer"], int(match["game"]), int(match["version"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        result = await answer_undo(host_of(interaction), self.game_id, self.version, interaction.user.id, self.agree)
        view = undo_view(self.game_id, self.version) if result.answer == "waiting" else None
        await interaction.response.edit_message(content=answer_text(result), view=view, allowed_mentions=MENTION_USERS)
        if result.answer == "granted" and result.played is not None:
            await publish(interaction.client, result.played, granted_headline(result.request))


def undo_view(game_id: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(UndoAnswerButton("yes", game_id, version))
    view.add_item(UndoAnswerButton("no", game_id, version))
    return view


def request_text(request: UndoRequest) -> str:
    """The public request: what would be taken back, whom it asks, who agreed so far."""
    lines = [
        f"**{title_of(request.played)}** — {request.requester.name} asks to take back: {request.taken_back}",
        " ".join(f"<@{s.user_id}>" for s in request.waiting_for)
        + ", do you agree? Everyone asked must agree; a move made before then cancels the request.",
    ]
    if request.agreed:
        lines.append("Agreed so far: " + ", ".join(s.name for s in request.agreed) + ".")
    return "\n".join(lines)


def granted_headline(request: UndoRequest) -> str:
    return f"{request.requester.name} took back a move ({request.taken_back.rstrip('.')}), as everyone agreed"


def answer_text(result: UndoResult) -> str:
    """The request message after an answer."""
    request = result.request
    title, who, what = title_of(request.played), request.requester.name, request.taken_back
    by = result.by.name if result.by else "someone"
    texts = {
        "waiting": request_text(request),
        "granted": f"**{title}** — everyone agreed: {who} took back: {what}",
        "refused": f"**{title}** — {by} refused, so {who} does not take back: {what}",
        "withdrawn": f"**{title}** — {who} withdrew the request to take back: {what}",
        "stale": f"**{title}** — this request to take back ({what.rstrip('.')}) is void: the game has moved on.",
    }
    return texts[result.answer]


async def undo(interaction: discord.Interaction, game: int | None = None) -> None:
    """Ask the other players to let you take back your last move (only before anything random is revealed)."""
    played = await current_game(interaction, game)
    result = await ask_undo(host_of(interaction), played.game.id, interaction.user.id)
    if result.answer == "granted" and result.played is not None:
        await announce(interaction, result.played, headline=granted_headline(result.request))
        return
    record = result.request.record
    post = Post(request_text(result.request), None, "", undo_view(record.game_id, record.version))
    await post_in_game(interaction, played.game, post, "Asked the other players")


# ---- registration -------------------------------------------------------------------------------------
HISTORY_ITEMS = (LogPageButton, UndoAnswerButton)
"""The persistent buttons of this module, for ``add_dynamic_items``."""


def add_history_commands(group: app_commands.Group) -> None:
    """Add ``log``, ``catchup`` and ``undo`` to a game's group."""
    for name, callback in (("log", log), ("catchup", catchup), ("undo", undo)):
        group.add_command(make_command(name, callback))
