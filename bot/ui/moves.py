"""Making a move on Discord: slash commands, buttons and menus of every game end up here, so a move
made any way behaves the same.

The host applies the move against the game version the sender saw (a button carries it; a command is
checked against the moment it was sent: a game changed since then refuses it), the mover gets privately
what only they may read (a card they drew) and their next private choice, and only then does the courier
draw and post the new board in the game's thread (a command's answer then gets a link to it). The mover's
answer is the interaction's response itself, one request, when it is ready within ``DEFER_AFTER`` seconds
(``bot.ui.errors.LateDeferral``); a slower move is deferred then, so Discord's 3 seconds are never missed, and
its answer follows.

One post per turn: a step that leaves its mover to move posts nothing in the thread (the host keeps it as
news for the next post); the mover alone gets the board as it now stands, what the step did and their next
choices (``answer_step``).
The same interaction arriving twice is answered from its first result and applied once.

A decision of several steps is applied only whole. When a command names just its first steps the
bot keeps them as the player's draft (``bot.ui.drafts``) and answers privately with buttons for the
next step and a Cancel button; the step that completes the decision commits it all. When the mover
must decide again at once and the choice is private (the game says so), the answer carries the
buttons for that too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

import engines
from bot.core.catalog import N_
from bot.core.inbox import channel_link
from bot.core.played import Played
from bot.core.records import GameRecord
from bot.core.refused import Refused, stale_control
from bot.core.text import CHOICE_LIMIT, fit_message, shorten
from bot.core.wording import say_for
from bot.ui.components import GameButton, GameSelect, persistent_view
from bot.ui.context import Target
from bot.ui.drafts import Draft, draft_text, drafts_of, next_moves
from bot.ui.errors import answering, defer, defer_later, reply_private
from bot.ui.services import GameUI, services

DONE = N_("Done: {happened}")
DONE_PRIVATE = N_("Only you can see this: {private}")
SEE_BOARD = N_("The board: {link}")
STALE_FRESH = N_("That was out of date: the game has moved on. Your choices as they stand now:")
CANCEL = N_("Cancel")
CANCELLED = N_("Cancelled: nothing was played.")
CANCELLED_WAITING = N_(
    "Cancelled: nothing more was played, and what was played before stands. Still yours to decide: {decision}."
)
HAND_BRINGS_BACK = N_("`/{command} hand` brings the buttons back.")
NO_PINGS = discord.AllowedMentions.none()
PICK = N_("Choose…")
PICK_RANGE = N_("Choose… ({first}–{last} of {count})")
MORE_CHOICES = N_("More choices (page {page} of {pages})")
BUTTON_LIMIT = 4
SELECT_LIMIT = 25
MENUS_PER_PAGE = 4
"""Menus in one message: each takes a row of the five, the last row holds the page and Cancel buttons."""
PAGE_SIZE = SELECT_LIMIT * MENUS_PER_PAGE
MOVE_SEPARATOR = ";"
MAX_MOVES_PER_COMMAND = 12
MOVE_TEXT_LIMIT = 400


@dataclass(frozen=True)
class MoveRequest:
    """Moves of one user on one game, made against the version they saw.

    ``draft``: a decision left unfinished is kept as the user's draft (with buttons for its next
    step) instead of being refused. ``known``: the game as the command's or button's check read it (the
    host then neither reads nor parses it again).
    """

    game_id: int
    version: int | None
    moves: Sequence[str]
    draft: bool = True
    known: Played | None = None

    @classmethod
    def at(cls, aim: Target, moves: Sequence[str]) -> MoveRequest:
        """Moves against the game of a command, as it stood when the command arrived."""
        return cls(aim.id, aim.version, moves, known=aim.played)


def split_moves(text: str) -> list[str]:
    """``"build red e5 door e6; card NW"`` -> two moves (empty parts dropped; refused when absurdly long)."""
    if len(text) > MOVE_TEXT_LIMIT:
        raise Refused("not_a_move", move=text)
    moves = [part.strip() for part in text.split(MOVE_SEPARATOR) if part.strip()]
    if not moves or len(moves) > MAX_MOVES_PER_COMMAND:
        raise Refused("not_a_move", move=text)
    return moves


async def make_moves(interaction: discord.Interaction, request: MoveRequest) -> Played | None:
    """Apply the user's moves and post the board; a half-made decision becomes a private draft."""
    svc = services(interaction)
    if await svc.host.handled(interaction.id) is not None:
        return None  # answered the first time it came (by this process or another)
    defer_later(interaction)  # an answer ready in time is the interaction's response itself
    try:
        return await _make_moves(interaction, request)
    finally:
        await answering(interaction)  # a refusal's answer (after this) is the response itself too


async def _make_moves(interaction: discord.Interaction, request: MoveRequest) -> Played | None:
    svc = services(interaction)
    sent_at = None if interaction.type == discord.InteractionType.component else interaction.created_at.timestamp()
    try:
        played = await svc.host.play(
            request.game_id,
            interaction.user.id,
            list(request.moves),
            request.version,
            interaction_id=interaction.id,
            sent_at=sent_at,
            known=request.known,
        )
    except Refused as refusal:
        if refusal.code != "partial_decision" or not request.draft:
            raise
        fresh = request.known if svc.host.fresh(request.known) else None
        snapshot = fresh or await svc.host.snapshot(request.game_id)
        await offer_draft(interaction, snapshot, list(request.moves))
        return None
    drafts_of(interaction).drop(request.game_id, interaction.user.id)
    try:
        await tell_mover(interaction, played)
    finally:  # the board is owed whatever became of the mover's answer
        await answering(interaction)
        await defer(interaction)  # nothing was said to the mover (a click): acknowledged, as Discord wants
        if not played.goes_on:  # a step inside the turn owes nothing to deliver (its news waits for the post)
            await svc.courier.deliver_game(request.game_id, played)
    return played


async def tell_mover(interaction: discord.Interaction, played: Played) -> None:
    """What only the mover may read, sent before the board is drawn and posted: their private events and
    their next private choice (a command also gets what it did, and a link to the game's thread, where the
    board is about to appear)."""
    svc = services(interaction)
    seat = played.seat_of(interaction.user.id)
    if seat is not None and played.goes_on:
        await answer_step(interaction, played, seat)
        return
    private = svc.posts.private_lines(played, seat) if seat is not None else ""
    say = say_for(played.game.game, tuple(played.names))
    lines: list[str] = []
    if interaction.type != discord.InteractionType.component:
        happened = svc.posts.happened(played, seat)
        if happened:
            lines.append(say.fill(DONE, {"happened": happened}))
        lines.append(say.fill(SEE_BOARD, {"link": channel_link(played.game)}))
    elif private:
        lines.append(say.fill(DONE_PRIVATE, {"private": private}))
    if seat is not None and played.to_move_player == seat and private_followups(interaction, played):
        await offer_draft(interaction, played, [], note="\n".join(lines))
        return
    if lines:
        await reply_private(interaction, "\n".join(lines))


async def answer_step(
    interaction: discord.Interaction, played: Played, seat: int, stale: bool = False, draft: Sequence[str] = ()
) -> None:
    """A step inside the mover's own turn (nothing is posted in the game's thread until the turn passes),
    answered only to them: the board as it now stands (in their layout), what the step did as they may read
    it, and their next choices — the game's move buttons, or their next step's buttons as a draft. ``stale``:
    not a step but a click on an older control of theirs, answered with the same choices as they stand (``draft``:
    the steps of a decision they have half made, kept)."""
    svc = services(interaction)
    say = say_for(played.game.game, tuple(played.names))
    happened = "" if stale else svc.posts.happened(played, seat)
    note = say._(STALE_FRESH) if stale else say.fill(DONE, {"happened": happened}) if happened else ""
    layout = await svc.schedule.image_layout(interaction.user.id)
    file = await svc.courier.board_file(
        played, seat, layout=layout, suffix=f"v{played.game.version}", changed=[happened] if happened else []
    )
    builder = svc.controls.get("moves")
    view = None if draft or private_followups(interaction, played) or builder is None else await builder(played, None)
    if view is None:
        await offer_draft(interaction, played, list(draft), note=note, file=file)
        return
    text = fit_message("\n".join(part for part in (note, svc.posts.standing(played, seat)) if part))
    await reply_private(interaction, text, view=view, file=file)


async def answer_stale(interaction: discord.Interaction, record: GameRecord) -> None:
    """A move control of an older version of the game: clicked by the player whose decision it is now while the
    thread's newest board is older than the game (their own step moved it on, and mid-turn no board is posted), it
    is answered with their choices as they stand, privately; anyone else's click, or one whose game is over or whose
    thread shows the game as it stands (a turn's start, an undo), is refused as out of date (``stale_control``)."""
    svc = services(interaction)
    played = await svc.host.snapshot(record.id, record) if record.status == "active" else None
    seat = played.seat_of(interaction.user.id) if played is not None else None
    if played is None or seat is None or played.to_move_player != seat or played.is_computer(seat):
        raise stale_control(record.status, record.id, engines.get(record.game).title)
    board = await svc.store.last_board_message(record.id)
    if board is not None and board.version is not None and record.shows(board.version):
        raise stale_control(record.status, record.id, engines.get(record.game).title)
    kept = drafts_of(interaction).get(record.id, interaction.user.id, record)  # still good: its reply's buttons too
    defer_later(interaction)  # drawing the board may take a while: Discord wants an answer within 3 s
    try:
        await answer_step(interaction, played, seat, stale=True, draft=kept.moves if kept is not None else ())
    finally:
        await answering(interaction)


def private_followups(interaction: discord.Interaction, played: Played) -> bool:
    """Whether the game offers a player's next choices privately, as buttons under their own reply."""
    ui = services(interaction).game_ui.get(played.game.game, GameUI())
    return ui.private_choices


# ---- drafts on Discord ------------------------------------------------------------------------------------
def draft_view(played: Played, moves: list[str], ui: GameUI, page: int = 0) -> tuple[discord.ui.View, str]:
    """Buttons for the next step after ``moves`` (or menus of 25, four to a page, with a page button), and Cancel.

    A menu option's value is the move itself, or ``#<index>`` into the next step's moves when the move is longer
    than Discord allows; its label is the game's words for the move, as on a button.
    """
    say = say_for(played.game.game, tuple(played.names))
    options = next_moves(played, moves)
    public = played.view(None)
    game, version = played.game.id, played.game.version
    cancel = DraftCancel(game, version, label=say._(CANCEL), style=discord.ButtonStyle.secondary)
    shown = shortlisted(ui, options, public)
    if len(shown) <= BUTTON_LIMIT:
        buttons = [DraftButton(game, version, options.index(m), label=say.label(m, public)) for m in shown]
        return persistent_view(*buttons, cancel), ""
    pages = max(1, -(-len(shown) // PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    start = page * PAGE_SIZE
    items: list[discord.ui.Item[Any]] = []
    for first in range(start, min(start + PAGE_SIZE, len(shown)), SELECT_LIMIT):
        chunk = shown[first : first + SELECT_LIMIT]
        menu = [
            discord.SelectOption(
                label=shorten(say.label(m, public), CHOICE_LIMIT),
                value=m if len(m) <= CHOICE_LIMIT else f"#{options.index(m)}",
            )
            for m in chunk
        ]
        placeholder = say._(PICK)
        if len(shown) > SELECT_LIMIT:
            bounds = {"first": first + 1, "last": first + len(chunk), "count": len(shown)}
            placeholder = say.fill(PICK_RANGE, bounds)
        items.append(DraftSelect(game, version, first, options=menu, placeholder=placeholder))
    if page + 1 < pages:
        label = say.fill(MORE_CHOICES, {"page": page + 2, "pages": pages})
        items.append(DraftPage(game, version, page + 1, label=label, style=discord.ButtonStyle.secondary))
    return persistent_view(*items, cancel), ""


def shortlisted(ui: GameUI, options: list[str], view: Any) -> list[str]:
    """The moves to offer: all of them, or the game's shortlist when they are too many for a menu."""
    if len(options) <= SELECT_LIMIT or ui.shortlist is None:
        return options
    return [m for m in ui.shortlist(options, view) if m in options][:SELECT_LIMIT]


async def offer_draft(
    interaction: discord.Interaction,
    played: Played,
    moves: list[str],
    note: str = "",
    file: discord.File | None = None,
) -> None:
    """Keep ``moves`` as the user's draft and show them privately with the next step's buttons (and ``file``,
    the board as it stands, when a step of the turn was just played)."""
    drafts_of(interaction).put(Draft(played.game.id, interaction.user.id, played.game.version, list(moves)))
    view, hint = draft_view(played, moves, services(interaction).game_ui.get(played.game.game, GameUI()))
    text = fit_message("\n".join(part for part in (note, draft_text(played, moves), hint) if part))
    kwargs: dict[str, Any] = {"view": view, "allowed_mentions": NO_PINGS}
    if file is not None:
        kwargs["file"] = file
    await reply_private(interaction, text, **kwargs)


async def _draft_moves(
    interaction: discord.Interaction, record: GameRecord, version: int
) -> tuple[Played, list[str]] | None:
    """The game and the clicker's draft steps so far (none after a restart: the decision starts over); None when
    the control was out of date and the clicker, whose decision it is, was given their choices as they stand."""
    if not record.shows(version):
        await answer_stale(interaction, record)
        return None
    draft = drafts_of(interaction).get(record.id, interaction.user.id, record)
    played = await services(interaction).host.snapshot(record.id, record)
    return played, list(draft.moves) if draft is not None else []


class DraftButton(GameButton, kind="dr"):
    """The next step of the clicker's draft: the ``arg``-th legal move after the steps so far."""

    async def act(self, interaction: discord.Interaction, record: GameRecord) -> None:
        found = await _draft_moves(interaction, record, self.version)
        if found is None:
            return
        played, moves = found
        options = next_moves(played, moves)
        index = int(self.arg or 0)
        if not 0 <= index < len(options):
            raise Refused("button_gone")
        await make_moves(interaction, MoveRequest(record.id, self.version, [*moves, options[index]], known=played))


class DraftSelect(GameSelect, kind="drs"):
    """The next step of the clicker's draft, from a menu."""

    async def act(self, interaction: discord.Interaction, record: GameRecord) -> None:
        found = await _draft_moves(interaction, record, self.version)
        if found is None:
            return
        played, moves = found
        chosen = self.chosen(interaction)[0]
        if chosen.startswith("#") and chosen[1:].isdigit():  # a move too long for a menu's value: its index
            options = next_moves(played, moves)
            index = int(chosen[1:])
            if not 0 <= index < len(options):
                raise Refused("button_gone")
            chosen = options[index]
        await make_moves(interaction, MoveRequest(record.id, self.version, [*moves, chosen], known=played))


class DraftPage(GameButton, kind="drp"):
    """The next page of menus for the clicker's draft step (``arg``: the page)."""

    async def act(self, interaction: discord.Interaction, record: GameRecord) -> None:
        found = await _draft_moves(interaction, record, self.version)
        if found is None:
            return
        played, moves = found
        ui = services(interaction).game_ui.get(played.game.game, GameUI())
        view, hint = draft_view(played, moves, ui, page=int(self.arg or 0))
        text = fit_message("\n".join(part for part in (draft_text(played, moves), hint) if part))
        await interaction.response.edit_message(
            content=text, view=view, allowed_mentions=discord.AllowedMentions.none()
        )


class DraftCancel(GameButton, kind="drx"):
    """Forget the clicker's draft of this game; nothing was ever played."""

    async def act(self, interaction: discord.Interaction, record: GameRecord) -> None:
        drafts_of(interaction).drop(record.id, interaction.user.id)
        played = await services(interaction).host.snapshot(record.id, record)
        text = cancelled_text(played, interaction.user.id, services(interaction).game_ui.get(record.game, GameUI()))
        await interaction.response.edit_message(content=text, view=None, allowed_mentions=NO_PINGS)


def cancelled_text(played: Played, user_id: int, ui: GameUI) -> str:
    """What a Cancel leaves: nothing of the draft was played; a decision already owed (the card drawn: keep it or
    discard it) is still the player's, in their own words."""
    say = say_for(played.game.game, tuple(played.names))
    seat = played.seat_of(user_id)
    if seat is None or played.state is None or played.game.status != "active" or played.to_move_player != seat:
        return say._(CANCELLED)
    decision = played.view(seat).decision
    if decision is None:
        return say._(CANCELLED)
    text = say.fill(CANCELLED_WAITING, {"decision": say.decision(decision)})
    if ui.private_choices:
        text += " " + say.fill(HAND_BRINGS_BACK, {"command": played.game.game})
    return fit_message(text)


DRAFT_ITEMS = (DraftButton, DraftSelect, DraftPage, DraftCancel)
"""The draft components, registered by the play feature."""
