"""Playing: ``/<game> play``, ``board``, ``status``, ``resign``, ``games``, and the move buttons under a board.

``play move:`` takes any move in the game's notation, autocompleted from the legal moves; a
decision of several moves (a Kairo build and its payment) is written as one line with ``;``
between the moves and applied whole. ``board`` shows the board privately (in the image layout the
player chose), or with ``public:true`` brings the current board back into the game's thread with
its buttons. Under each board: up to five buttons, or a menu of up to 25 moves, for the next
decision when its choices are public.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

import engines
from bot.core.catalog import N_
from bot.core.host import active_seat
from bot.core.played import Played
from bot.core.posts import STATUS_WORDS, Headline, game_title
from bot.core.records import Delivery, GameRecord
from bot.core.refused import Refused, stale_control
from bot.core.store import NewDelivery
from bot.core.text import CHOICE_LIMIT, fit_message, shorten
from bot.core.wording import say_for
from bot.ui.components import GameButton, GameSelect, persistent_view
from bot.ui.context import GameId, choices_from, current_game, group_name, make_command, my_turn, target
from bot.ui.errors import acknowledge, reply_private
from bot.ui.moves import (
    DRAFT_ITEMS,
    MOVE_SEPARATOR,
    MoveRequest,
    answer_stale,
    defer,
    make_moves,
    shortlisted,
    split_moves,
)
from bot.ui.services import GameUI, Services, services

BUTTON_LIMIT = 5
SELECT_LIMIT = 25
GAMES_LISTED = 40
THEIR_TURN = N_("{seat}'s turn")
WAITING_FOR_PLAYERS = N_("waiting for players")
NO_GAMES = N_("No {title} games here yet: start one with /{command} new.")
GAME_LINE = N_("#{id} ({status}) <#{channel}>: {players} — {standing}")
NO_OPEN_GAMES = N_("No open or running {title} games here: start one with /{command} new. The last one:")
ENDED_LINE = N_("#{id} ({status}) <#{channel}>: {players} — ended <t:{ended}:R>{won}")
WON_BY = N_(", won by {seats}")
REPOSTED = N_("The current board is back in the game's thread: {link}")
CHOOSE_MOVE = N_("Choose your move…")
RESIGN_ASK = N_("Resign from {title} for good? You cannot come back to this game.")
REPLACE_ASK = N_("Hand your seat in {title} to a computer and leave? It plays on in your place; you cannot come back.")
RESIGN_YES = N_("Resign")
REPLACE_YES = N_("Hand my seat to a computer")
RESIGN_NO = N_("Cancel")
RESIGN_CANCELLED = N_("Cancelled: you are still in the game.")
NO_PINGS = discord.AllowedMentions.none()
"""Private answers name players and channels but ping nobody."""


# ---- the move buttons ------------------------------------------------------------------------------
class MoveButton(GameButton, kind="mv"):
    """One legal move of the decision shown on a board: the index into the legal moves at that version."""

    async def act(self, interaction: discord.Interaction, record: GameRecord) -> None:
        await play_indexed(interaction, record, self.version, int(self.arg or 0))


class MoveSelect(GameSelect, kind="sel"):
    """A menu of the legal moves when there are too many for buttons."""

    async def act(self, interaction: discord.Interaction, record: GameRecord) -> None:
        if not record.shows(self.version):
            await answer_stale(interaction, record)
            return
        played = await services(interaction).host.snapshot(record.id, record)
        await make_moves(interaction, MoveRequest(record.id, self.version, [self.chosen(interaction)[0]], known=played))


async def play_indexed(interaction: discord.Interaction, record: GameRecord, version: int, index: int) -> None:
    """A move button: the ``index``-th legal move of the game at ``version``."""
    if not record.shows(version):
        await answer_stale(interaction, record)
        return
    played = await services(interaction).host.snapshot(record.id, record)
    if played.state is None:
        raise Refused("not_started", id=record.id)
    moves = played.engine.legal_moves(played.state)
    if not 0 <= index < len(moves):
        raise Refused("button_gone")
    await make_moves(interaction, MoveRequest(record.id, version, [moves[index]], known=played))


async def move_controls(svc: Services, played: Played, delivery: Delivery | None) -> discord.ui.View | None:
    """Buttons (up to 5 moves) or a menu (up to 25) for the next decision when its choices are public."""
    seat = played.to_move_player
    if played.state is None or seat is None:
        return None
    ui = svc.game_ui.get(played.game.game, GameUI())
    public = played.view(None)
    if ui.public_moves is not None and not ui.public_moves(public):
        return None
    moves = played.engine.legal_moves(played.state)
    shown = shortlisted(ui, moves, public)
    say = say_for(played.game.game, tuple(played.names))
    game_id, version = played.game.id, played.game.version
    if len(shown) <= BUTTON_LIMIT:
        buttons = [
            MoveButton(game_id, version, moves.index(move), label=say.label(move, public), emoji=ui.emoji.get(move))
            for move in shown
        ]
        return persistent_view(*buttons)
    if len(shown) <= SELECT_LIMIT and all(len(m) <= CHOICE_LIMIT for m in shown):
        options = [discord.SelectOption(label=shorten(say.label(m, public), CHOICE_LIMIT), value=m) for m in shown]
        return persistent_view(MoveSelect(game_id, version, options=options, placeholder=say._(CHOOSE_MOVE)))
    return None


# ---- commands ---------------------------------------------------------------------------------------
async def play(interaction: discord.Interaction, move: str, game: GameId | None = None) -> None:
    """Make any legal move in the game's notation (several moves of one decision: separate them with ;)."""
    aim = await target(interaction, game)
    await make_moves(interaction, MoveRequest.at(aim, split_moves(move)))


async def autocomplete_move(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Legal moves containing the words typed so far; after a ``;`` the moves that continue the decision."""
    played = await my_turn(interaction)
    if played is None or played.state is None:
        return []
    *done, typing = current.split(MOVE_SEPARATOR) if current else [""]
    engine, state = played.engine, played.state
    try:
        for move in (m.strip() for m in done if m.strip()):
            state = engine.apply(state, move)
    except Exception:
        return []
    prefix = "; ".join(m.strip() for m in done if m.strip())
    say = say_for(played.game.game, tuple(played.names))
    view = played.view(None)
    moves = [f"{prefix}; {m}" if prefix else m for m in engine.legal_moves(state)]
    return choices_from(moves, typing, lambda m: say.label(m.rsplit("; ", 1)[-1], view))


async def board(interaction: discord.Interaction, public: bool = False, game: GameId | None = None) -> None:
    """The current board: only to you, or with public:true back in the game's thread with its buttons."""
    svc = services(interaction)
    played = await current_game(interaction, game)
    if played.state is None:
        await reply_private(interaction, svc.posts.lobby_text(played))
        return
    if public:
        await repost_board(interaction, played)
        return
    await acknowledge(interaction, ephemeral=True, thinking=True)
    seat = played.seat_of(interaction.user.id)
    layout = await svc.schedule.image_layout(interaction.user.id)
    file = await svc.courier.board_file(played, seat, layout=layout)
    await interaction.followup.send(svc.posts.status_text(played), file=file, ephemeral=True, allowed_mentions=NO_PINGS)


async def repost_board(interaction: discord.Interaction, played: Played) -> None:
    """Owe a fresh board post in the game's thread (with the current buttons), and deliver it."""
    svc = services(interaction)
    seat = played.seat_of(interaction.user.id)
    if seat is None:
        raise Refused("not_a_player", id=played.game.id, command=played.game.game)
    await defer(interaction)
    name = getattr(interaction.user, "display_name", interaction.user.name)
    parts = svc.posts.board_parts(played, Headline("board_again", by_name=name))
    payload = {**parts, "happened": [], "ping": [], "image": True}  # nobody's turn began: no ping
    delivery = NewDelivery("board", payload, played.game.id, played.game.version)
    await svc.store.owe([delivery], svc.clock())
    await svc.courier.deliver_game(played.game.id)
    link = await board_link_of(svc, played)
    await reply_private(interaction, say_for(played.game.game, ()).fill(REPOSTED, {"link": link or ""}))


async def board_link_of(svc: Services, played: Played) -> str | None:
    board = await svc.store.last_board_message(played.game.id)
    if board is None or board.message_id is None:
        return None
    return f"https://discord.com/channels/{played.game.guild_id}/{board.channel_id}/{board.message_id}"


async def status(interaction: discord.Interaction, game: GameId | None = None) -> None:
    """Players, scores, who is out and whose turn it is (only to you)."""
    played = await current_game(interaction, game)
    await reply_private(interaction, services(interaction).posts.status_text(played))


async def resign(
    interaction: discord.Interaction, replace_with_computer: bool = False, game: GameId | None = None
) -> None:
    """Leave a running game for good (or hand your seat to a computer, so the game goes on): asked first."""
    played = await current_game(interaction, game)
    active_seat(played.game, played.seats, interaction.user.id)  # refused now, not after the question
    say = say_for(played.game.game, tuple(played.names))
    title = game_title(played.engine, played.game, say.locale)
    question = say.fill(REPLACE_ASK if replace_with_computer else RESIGN_ASK, {"title": title})
    arg = int(replace_with_computer)
    yes = ResignConfirm(
        played.game.id,
        played.game.version,
        arg,
        label=say._(REPLACE_YES if replace_with_computer else RESIGN_YES),
        style=discord.ButtonStyle.danger,
    )
    no = ResignCancel(
        played.game.id, played.game.version, arg, label=say._(RESIGN_NO), style=discord.ButtonStyle.secondary
    )
    await reply_private(interaction, question, view=persistent_view(yes, no), allowed_mentions=NO_PINGS)


class ResignConfirm(GameButton, kind="rs"):
    """The resign question's yes (``arg`` 1: a computer takes the seat): only while the game is as it was asked."""

    async def act(self, interaction: discord.Interaction, record: GameRecord) -> None:
        if not record.shows(self.version):
            if record.status in ("finished", "abandoned"):
                raise stale_control(record.status, record.id, engines.get(record.game).title)
            raise Refused("resign_moved_on", id=record.id, command=record.game)
        svc = services(interaction)
        replace = self.arg == "1"
        await defer(interaction)
        result = await svc.host.resign(record.id, interaction.user.id, replace=replace)
        await svc.courier.deliver_game(result.game.id)
        seat = result.seat_of(interaction.user.id)
        if replace:  # nothing happened in the game: the seat changed hands
            said = svc.posts.headline(result, Headline("replaced", seat=seat))
        else:
            said = svc.posts.happened(result, seat)
        await interaction.edit_original_response(content=fit_message(said or "✓"), view=None, allowed_mentions=NO_PINGS)


class ResignCancel(GameButton, kind="rsx"):
    """The resign question's no: nothing changes."""

    async def act(self, interaction: discord.Interaction, record: GameRecord) -> None:
        text = say_for(record.game, ())._(RESIGN_CANCELLED)
        await interaction.response.edit_message(content=text, view=None, allowed_mentions=NO_PINGS)


async def games(interaction: discord.Interaction) -> None:
    """This server's games of this kind that are waiting for players or running, and the last one that ended."""
    svc = services(interaction)
    name = group_name(interaction)
    records = await svc.store.list_games(guild_id=interaction.guild_id, game=name, limit=GAMES_LISTED)
    ended = await svc.store.list_games(
        guild_id=interaction.guild_id, game=name, statuses=("finished", "abandoned"), limit=1, newest_first=True
    )
    title = engines.get(name).title
    if not records and not ended:
        await reply_private(interaction, say_for(name, ()).fill(NO_GAMES, {"title": title, "command": name}))
        return
    seats = await svc.store.seats_of_games([r.id for r in [*records, *ended]])
    lines = [] if records else [say_for(name, ()).fill(NO_OPEN_GAMES, {"title": title, "command": name})]
    for record in records:
        names = tuple(s.name for s in seats[record.id])
        say = say_for(name, names)
        standing = say.fill(THEIR_TURN, {"seat": record.to_move}) if record.to_move is not None else ""
        if record.status == "lobby":
            standing = say._(WAITING_FOR_PLAYERS)
        params = {
            "id": record.id,
            "status": say._(STATUS_WORDS.get(record.status, record.status)),
            "channel": record.post_channel_id,
            "players": say.names_of(range(len(names))),
            "standing": standing,
        }
        lines.append(say.fill(GAME_LINE, params))
    for record in ended:
        lines.append(await ended_line(svc, record, tuple(s.name for s in seats[record.id])))
    await reply_private(interaction, fit_message("\n".join(lines)), allowed_mentions=NO_PINGS)


async def ended_line(svc: Services, record: GameRecord, names: tuple[str, ...]) -> str:
    """A game that is over, for the games list: when it ended and who won (pinging nobody)."""
    say = say_for(record.game, names)
    outcome = (await svc.host.snapshot(record.id)).outcome if record.status == "finished" else None
    won = say.fill(WON_BY, {"seats": outcome.winners}) if outcome is not None and outcome.winners else ""
    params = {
        "id": record.id,
        "status": say._(STATUS_WORDS.get(record.status, record.status)),
        "channel": record.post_channel_id,
        "players": say.names_of(range(len(names))),
        "ended": int(record.updated_at),
        "won": won,
    }
    return say.fill(ENDED_LINE, params)


# ---- the extension ------------------------------------------------------------------------------------
async def setup(bot: commands.Bot) -> None:
    """Add the play commands to every game's group; register the move buttons and their builder."""
    svc = services(bot)
    for group in svc.game_groups.values():
        for name, callback in (("board", board), ("status", status), ("resign", resign), ("games", games)):
            group.add_command(make_command(name, callback))
        command = make_command("play", play)
        command.autocomplete("move")(autocomplete_move)
        group.add_command(command)
    bot.add_dynamic_items(MoveButton, MoveSelect, ResignConfirm, ResignCancel, *DRAFT_ITEMS)

    async def moves(played: Played, delivery: Delivery | None) -> discord.ui.View | None:
        return await move_controls(svc, played, delivery)

    svc.controls["moves"] = moves
