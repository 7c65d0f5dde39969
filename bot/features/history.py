"""``/<game> log``, ``catchup`` and ``undo`` on Discord, and their buttons.

The logic lives in ``bot.core.history`` and ``bot.core.undo``; this extension only answers and
posts. Replaying a long game can take a moment, so every reply here is deferred first.

* ``log [page]``: the numbered turns, as the caller may read them (spectators: the public version),
  one page at a time with Older / Newer buttons (they work on the private reply too); once the
  game is over the whole log comes along as a text file.
* ``catchup``: the turns since the caller's last one; when something changed, the board in the
  caller's layout with the changed places framed, and a line saying what the frames mean.
* ``undo``: posts a request in the game's thread with Agree / Refuse buttons for the other players;
  the requester's Refuse withdraws it. Buttons carry the game id and the version asked at, so they
  survive restarts and a request made void by a move says so when clicked.
"""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core import language
from bot.core.catalog import N_
from bot.core.history import catch_up, game_turns, initial_state, log_pages, log_text, newest_lines
from bot.core.played import Played
from bot.core.records import OVER_STATUSES, Delivery, GameRecord
from bot.core.refused import Refused
from bot.core.store import NewDelivery
from bot.core.text import fit_alt
from bot.core.undo import UndoRequest, UndoResult, answer_undo, ask_undo
from bot.core.wording import Say, say_for
from bot.ui.components import GameButton, persistent_view
from bot.ui.context import GameId, current_game, make_command
from bot.ui.errors import acknowledge, reply_private
from bot.ui.moves import defer
from bot.ui.services import Services, services

CATCHUP_BUDGET = 1500
NO_PINGS = discord.AllowedMentions.none()
"""What a reply may ping: nobody (it quotes player-chosen names)."""
LOG_HEADER = N_("{title} — log, page {page}/{pages} ({whose})")
AS_YOU_READ_IT = N_("as you may read it")
AS_SPECTATORS_SEE_IT = N_("as spectators see it")
PLAYERS_LINE = N_("Players: {players}")
LOG_FILE_ALT = N_("The whole log of {title} as a text file: the players, every turn in order, and how it ended.")
OLDER, NEWER = N_("◀ Older"), N_("Newer ▶")
SINCE_START = N_("{title} — since the start:")
SINCE_YOUR_MOVE = N_("{title} — since your last move:")
NOTHING_YET = N_("Nothing has happened yet.")
NOTHING_SINCE = N_("Nothing has happened since your last move.")
EARLIER_TURNS = N_("… {count} earlier turns: see /{command} log.")
FRAMES_LEGEND = N_("On the board, a frame marks each place that changed since your last move.")
ASKED = N_("Asked the other players: {link}")
REQUEST = N_("{title} — {seat} asks to take back: {what}")
REQUEST_ASK = N_("{users}, do you agree? Everyone asked must agree; a move made before then cancels the request.")
AGREED_SO_FAR = N_("Agreed so far: {seats}.")
GRANTED = N_("{title} — everyone agreed: {seat} took back: {what}")
GRANTED_ALONE = N_("{title} — {seat} took back: {what}")
REFUSED = N_("{title} — {by_seat} refused, so {seat} does not take back: {what}")
WITHDRAWN = N_("{title} — {seat} withdrew the request to take back: {what}")
STALE = N_("{title} — this request to take back ({what}) is void: the game has moved on.")
AGREE, REFUSE = N_("Agree"), N_("Refuse")


# ---- log ------------------------------------------------------------------------------------------------
class LogPageButton(GameButton, kind="log"):
    """Older / Newer under a log page: shows another page to whoever clicks (the reply is theirs only)."""

    async def act(self, interaction: discord.Interaction, record: GameRecord) -> None:
        played = await services(interaction).host.snapshot(record.id)
        await acknowledge(interaction)
        content, view, _ = await log_reply(interaction, played, int(self.arg or 1))
        await interaction.edit_original_response(content=content, view=view, allowed_mentions=NO_PINGS)


def log_view(say: Say, game_id: int, page: int, pages: int) -> discord.ui.View | None:
    """Older / Newer buttons where there is a page that way."""
    buttons = []
    if page > 1:
        buttons.append(LogPageButton(game_id, 0, page - 1, label=say._(OLDER), style=discord.ButtonStyle.secondary))
    if page < pages:
        buttons.append(LogPageButton(game_id, 0, page + 1, label=say._(NEWER), style=discord.ButtonStyle.secondary))
    return persistent_view(*buttons) if buttons else None


async def log_reply(
    interaction: discord.Interaction, played: Played, page: int | None
) -> tuple[str, discord.ui.View | None, discord.File | None]:
    """The text of one page (the newest when ``page`` is None), its buttons, and the file once the game is over."""
    svc = services(interaction)
    if played.state is None:
        raise Refused("log_empty", id=played.game.id)
    viewer = played.seat_of(interaction.user.id)
    say = svc.posts.say(played)
    turns = await game_turns(svc.store, played, say, viewer)
    lines = [turn.line(say) for turn in turns]
    pages = log_pages(lines)
    number = min(max(page or len(pages), 1), len(pages))
    whose = say._(AS_YOU_READ_IT if viewer is not None else AS_SPECTATORS_SEE_IT)
    params = {"title": svc.posts.title(played), "page": number, "pages": len(pages), "whose": whose}
    content = "\n".join([say.fill(LOG_HEADER, params), *pages[number - 1]])
    file = None
    if played.game.status in OVER_STATUSES:
        players = say.fill(PLAYERS_LINE, {"players": ", ".join(f"{i + 1}. {n}" for i, n in enumerate(say.names))})
        text = log_text(svc.posts.title(played).strip("*"), players, lines, svc.posts.ending(played))
        alt = fit_alt(say.fill(LOG_FILE_ALT, {"title": svc.posts.title(played)}))
        name = f"{played.game.game}-{played.game.id}-log.txt"
        file = discord.File(io.BytesIO(text.encode("utf-8")), filename=name, description=alt)
    return content, log_view(say, played.game.id, number, len(pages)), file


async def log(
    interaction: discord.Interaction,
    page: app_commands.Range[int, 1, 100_000] | None = None,
    game: GameId | None = None,
) -> None:
    """The game's move log, only to you (hidden details left out); a text file once the game is over."""
    played = await current_game(interaction, game)
    await acknowledge(interaction, ephemeral=True, thinking=True)
    content, view, file = await log_reply(interaction, played, page)
    kwargs: dict[str, Any] = {"content": content, "ephemeral": True, "allowed_mentions": NO_PINGS}
    if view is not None:
        kwargs["view"] = view
    if file is not None:
        kwargs["file"] = file
    await interaction.followup.send(**kwargs)


# ---- catch-up -------------------------------------------------------------------------------------------------
async def catchup(interaction: discord.Interaction, game: GameId | None = None) -> None:
    """What happened since your last move, with the changes framed on the board (only to you)."""
    svc = services(interaction)
    played = await current_game(interaction, game)
    seat = played.seat_of(interaction.user.id)
    if played.state is None:
        raise Refused("not_started", id=played.game.id)
    if seat is None:
        raise Refused("catchup_spectator", id=played.game.id, command=played.game.game)
    await acknowledge(interaction, ephemeral=True, thinking=True)
    say = svc.posts.say(played)
    turns = await game_turns(svc.store, played, say, seat)
    news = catch_up(turns, initial_state(played), seat)
    engine = played.engine
    places = engine.changed_places(engine.view(news.then, seat), engine.view(played.state, seat)) if news.turns else []
    lines = [say.fill(SINCE_START if news.since_start else SINCE_YOUR_MOVE, {"title": svc.posts.title(played)})]
    if not news.turns:
        lines.append(say._(NOTHING_YET if news.since_start else NOTHING_SINCE))
    kept, left_out = newest_lines([turn.line(say) for turn in news.turns], CATCHUP_BUDGET)
    if left_out:
        lines.append(say.fill(EARLIER_TURNS, {"count": left_out, "command": played.game.game}))
    lines.extend(kept)
    if places:
        lines.append(say._(FRAMES_LEGEND))
    lines.append(svc.posts.standing(played, seat))
    kwargs: dict[str, Any] = {"ephemeral": True, "allowed_mentions": NO_PINGS}
    if news.turns:
        layout = await svc.schedule.image_layout(interaction.user.id)
        kwargs["file"] = await svc.courier.board_file(
            played, seat, layout=layout, suffix="catchup", highlight=places, changed=kept
        )
    await interaction.followup.send("\n".join(lines), **kwargs)


# ---- undo -------------------------------------------------------------------------------------------------------
class UndoAnswerButton(GameButton, kind="undo"):
    """Agree (``yes``) / Refuse (``no``) under an undo request made at one game version."""

    async def act(self, interaction: discord.Interaction, record: GameRecord) -> None:
        svc = services(interaction)
        await acknowledge(interaction)
        result = await answer_undo(svc.host, record.id, self.version, interaction.user.id, self.arg == "yes")
        with language.using(result.request.played.game.language):  # the request is public: the game's language
            view = undo_view(self.game_id, self.version) if result.answer == "waiting" else None
        mentions = discord.AllowedMentions(  # the text holds player-chosen names: only the players may be pinged
            users=[discord.Object(s.user_id) for s in result.request.waiting_for],
            everyone=False,
            roles=False,
            replied_user=False,
        )
        await interaction.edit_original_response(content=answer_text(svc, result), view=view, allowed_mentions=mentions)
        if result.answer == "granted":
            await svc.courier.deliver_game(record.id)


def undo_view(game_id: int, version: int) -> discord.ui.View:
    say = say_for("bazaar", ())
    return persistent_view(
        UndoAnswerButton(game_id, version, "yes", label=say._(AGREE), style=discord.ButtonStyle.success),
        UndoAnswerButton(game_id, version, "no", label=say._(REFUSE), style=discord.ButtonStyle.danger),
    )


async def undo_controls(played: Played, delivery: Delivery | None) -> discord.ui.View | None:
    version = delivery.version if delivery is not None and delivery.version is not None else played.game.version
    return undo_view(played.game.id, version)


def request_text(svc: Services, request: UndoRequest) -> str:
    """The public request (in the game's language): what would be taken back, whom it asks, who agreed so far."""
    with language.using(request.played.game.language):
        return _request_text(svc, request)


def _request_text(svc: Services, request: UndoRequest) -> str:
    say = svc.posts.say(request.played)
    title = svc.posts.title(request.played)
    lines = [
        say.fill(REQUEST, {"title": title, "seat": request.requester.seat, "what": request.taken_back}),
        say.fill(REQUEST_ASK, {"users": " ".join(f"<@{s.user_id}>" for s in request.waiting_for)}),
    ]
    if request.agreed:
        lines.append(say.fill(AGREED_SO_FAR, {"seats": [s.seat for s in request.agreed]}))
    return "\n".join(lines)


def answer_text(svc: Services, result: UndoResult, public: bool = True) -> str:
    """The request message after an answer (public: in the game's language; else the reader's)."""
    if public:
        with language.using(result.request.played.game.language):
            return answer_text(svc, result, public=False)
    request = result.request
    if result.answer == "waiting":
        return request_text(svc, request)
    say = svc.posts.say(request.played)
    params = {
        "title": svc.posts.title(request.played),
        "seat": request.requester.seat,
        "what": request.taken_back.rstrip("."),
        "by_seat": result.by.seat if result.by else None,
    }
    template = {"granted": GRANTED, "refused": REFUSED, "withdrawn": WITHDRAWN, "stale": STALE}[result.answer]
    if result.answer == "granted" and not request.asked:  # nobody to ask: alone with computers
        template = GRANTED_ALONE
    return say.fill(template, params)


async def undo(interaction: discord.Interaction, game: GameId | None = None) -> None:
    """Ask the other players to let you take back your last move (only before anything random is revealed)."""
    svc = services(interaction)
    played = await current_game(interaction, game)
    await defer(interaction)
    result = await ask_undo(svc.host, played.game.id, interaction.user.id)
    if result.answer == "granted":
        await svc.courier.deliver_game(played.game.id)
        await reply_private(interaction, answer_text(svc, result, public=False))
        return
    record = result.request.record
    ping = [s.user_id for s in result.request.waiting_for]
    payload = {"content": request_text(svc, result.request), "ping": ping, "controls": "undo"}
    await svc.store.owe([NewDelivery("notice", payload, record.game_id, record.version)], svc.clock())
    await svc.courier.deliver_game(record.game_id)
    say = say_for("bazaar", ())
    await reply_private(interaction, say.fill(ASKED, {"link": f"<#{played.game.post_channel_id}>"}))


# ---- the extension -----------------------------------------------------------------------------------------------
async def setup(bot: commands.Bot) -> None:
    """Add log, catchup and undo to every game's group; register their buttons."""
    svc = services(bot)
    for group in svc.game_groups.values():
        for name, callback in (("log", log), ("catchup", catchup), ("undo", undo)):
            group.add_command(make_command(name, callback))
    bot.add_dynamic_items(LogPageButton, UndoAnswerButton)
    svc.controls["undo"] = undo_controls
