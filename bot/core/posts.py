"""What the bot says about a game, as text, and the messages a change owes Discord (``outbox`` rows).

Discord-free: the words come from the catalogs through ``bot.core.wording``; mentions are written
as ``<@id>`` and only the ids listed in a payload's ``ping`` may ping. After every change the host
asks ``Posts.after_change`` for what it owes — the board post (its text fixed now, its image and
buttons made when it is delivered), the next player's DM if they asked for one, the thread's
archiving once the game is over — and stores them in the same transaction as the change.

One post per turn: a step that leaves its mover to move (the same seat decides again) posts nothing; its
log rows are owed as ``news`` (an outbox row never sent alone), and the next board — made when the decision
passes to someone else, the game ends, or a skip, resignation, undo or replacement is announced — words
all of them, one line per turn as the log words it, and the store drops the news in the same transaction.
A board pings the player to move only when the decision just became theirs (``Played.turn_began``).

The live post, the log, catch-up and the log file all word events through the same ``Say``, so
one turn always reads the same way.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from bot.core import language
from bot.core.catalog import DEFAULT_LOCALE, N_
from bot.core.played import Played, continues_turn
from bot.core.records import GameRecord
from bot.core.schedule import ScheduleStore
from bot.core.seating import sent_by_computer
from bot.core.store import NewDelivery
from bot.core.text import fit_alt, fit_message, spoken
from bot.core.timing import Duration, Hours, Timing
from bot.core.wording import Say, join_sentences, say_for, title_text
from engines.base import CHANCE, Engine, Event, Outcome

R = TypeVar("R")

HEADLINES: dict[str, str] = {
    "started": N_("the game begins! Seat order: {seats}"),
    "skipped": N_("{by_seat} skipped {seat}'s turn (the turn deadline had passed)"),
    "auto_skipped": N_("{seat} ran out of time: the bot played a safe move for them (auto-skip)"),
    "removed": N_("{by_seat} removed {seat} from the game (the turn deadline had passed)"),
    "resigned": N_("{seat} resigned"),
    "undone": N_("{seat} took back a move ({what}), as everyone agreed"),
    "undone_alone": N_("{seat} took back a move ({what})"),
    "board_again": N_("the current board, as {by_name} asked"),
    "replaced": N_("{seat} left the table: a computer plays on in their seat"),
    "replaced_late": N_("{by_seat} handed {seat}'s seat to a computer (the turn deadline had passed)"),
}
TITLE = N_("**{title} #{id}**")
YOUR_TURN = N_("<@{user}>, it's your turn: {decision}.")
COMPUTER_THINKING = N_("{seat} is thinking: {decision}.")
WAITING_FOR_DICE = N_("Waiting for the dice.")
GAME_OVER = N_("Game over ({why}). Final scores: {scores}. Winner: {winners} 🏆")
SCORE_PART = N_("{rank}. {seat} {score}{tie}")
TIE = N_(" (tie)")
ABANDONED = N_("The game was abandoned.")
ABANDONED_BY = N_("{title} was abandoned by {by_name}.")
WAITING_FOR_PLAYERS = N_("Waiting for players.")
STANDING_YOURS = N_("It's your turn: {decision}.")
STANDING_THEIRS = N_("Waiting for {seat}: {decision}.")
DM_YOUR_TURN = N_("🎲 It's your turn in {title}")
REMINDER = N_("⏰ Reminder, after {waited} of waiting: {next}")
REMINDER_DM = N_("⏰ Still your turn in {title} ({waited})")
DEADLINE = N_(
    "⌛ {title}: {seat} has not moved for {waited} and the turn deadline has passed. {others}: you can skip"
    " {seat}'s turn (the bot plays a safe move for them), remove {seat} from the game, or hand their seat to a"
    " computer."
)
STATUS_SEAT = N_("{number}. {seat}{score}{tie}{out}")
STATUS_SCORE = N_(" — {score_text}")
STATUS_OUT = N_(" (out)")
STATUS_WAITING_SINCE = N_("Waiting since <t:{since}:R>.")
LOBBY_HEAD = N_("{title} — waiting for players")
LOBBY_STARTED = N_("{title} — started")
LOBBY_ABANDONED = N_("{title} — abandoned")
LOBBY_CREATOR = N_("Created by <@{user}>. Options: {options}.")
LOBBY_PLAYERS = N_("Players ({count}/{max}): {names}")
LOBBY_HOW = N_(
    "Join with the button or `/{command} join`. The creator starts the game once {min}–{max} players are in."
)
LOBBY_HOW_EXACT = N_(
    "Join with the button or `/{command} join`. The creator starts the game once {max} players are in."
)
LOBBY_LANGUAGE = N_("Language: {language}.")
NOBODY_YET = N_("nobody yet")
NO_OPTIONS = N_("none")
TIMING_REMINDERS = N_("reminders every {hours}")
TIMING_NO_REMINDERS = N_("no reminders")
TIMING_NO_DEADLINE = N_("{reminders}, no turn deadline")
TIMING_DEADLINE = N_("{reminders}, turn deadline {hours} (auto-skip {auto_skip})")
STANDINGS_LINE = N_("Standings: {standings}")
STANDINGS_SEAT = N_("{seat}: {standing}{mark}")
STANDINGS_SEAT_BARE = N_("{seat}{mark}")
MARK_TO_MOVE = N_(" (to move)")
ALT_BOARD = N_("The board of {title}.")
ALT_FINAL_BOARD = N_("The final board of {title}.")
ALT_STANDINGS = N_("Standings: {standings}.")
ALT_CHANGED = N_("What changed: {changed}")
ALT_HAND = N_("Your private view of {title}, which only you can see. {holding}")
STATUS_WORDS = {
    "lobby": N_("lobby"),
    "active": N_("active"),
    "finished": N_("finished"),
    "abandoned": N_("abandoned"),
}


class Headline:
    """A line that says why a post was made (a skip, an undo, the start), as a code and parameters."""

    __slots__ = ("code", "params")

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params: dict[str, Any] = params

    def __repr__(self) -> str:
        return f"Headline({self.code!r}, {self.params!r})"


def in_game_language(method: Callable[..., R]) -> Callable[..., R]:
    """A ``Posts`` method whose text is public: worded in its game's language (``GameRecord.language``),
    whoever's interaction asked for it."""

    @functools.wraps(method)
    def public(self: Posts, played: Played, *args: Any, **kwargs: Any) -> Any:
        if self.locale is not None:
            return method(self, played, *args, **kwargs)
        if inspect.iscoroutinefunction(method):

            async def later() -> Any:
                with language.using(played.game.language):
                    return await method(self, played, *args, **kwargs)

            return later()
        with language.using(played.game.language):
            return method(self, played, *args, **kwargs)

    return public  # type: ignore[return-value]


class Posts:
    """Composes text and owed messages: public posts in their game's language, the rest in the current
    reader's (``bot.core.language``), or all in ``locale`` when one is given."""

    def __init__(self, schedule: ScheduleStore, locale: str | None = None) -> None:
        self.schedule = schedule
        self.locale = locale

    def speaking(self) -> str:
        """The language these words are in: ``locale``, or the current reader's."""
        return self.locale or language.current()

    def say(self, played: Played) -> Say:
        """Words with the names as they stand (whose turn it is, the status)."""
        return say_for(played.game.game, tuple(played.names), self.locale)

    def say_moves(self, played: Played, computer_seat: int | None = None) -> Say:
        """Words for moves and news: players' own names, the computer's mark on ``computer_seat``'s moves
        (the log words each turn the same way: ``bot.core.history``)."""
        return say_for(played.game.game, tuple(played.names_for_moves(computer_seat)), self.locale)

    # ---- lines -----------------------------------------------------------------------------------
    def title(self, played: Played) -> str:
        return self.say(played).fill(TITLE, {"title": played.engine.title, "id": played.game.id})

    def headline(self, played: Played, headline: Headline) -> str:
        params = dict(headline.params)
        if headline.code == "started":
            params["seats"] = list(range(len(played.seats)))
        return self.say_moves(played).fill(HEADLINES[headline.code], params)

    def happened(self, played: Played, viewer: int | None = None) -> str:
        """What the change did, as ``viewer`` may read it: one sentence (see ``join_sentences``)."""
        return self.say_moves(played, played.computer_moved).events(played.events(), viewer)

    def private_lines(self, played: Played, seat: int) -> str:
        """What only ``seat`` may read of the change (a card they drew), or ""."""
        say = self.say_moves(played, played.computer_moved)
        mine = [say.event(e) for e in played.events_for(seat)]
        public = {say.event(e) for e in played.events_for(None)}
        return join_sentences(line for line in mine if line not in public)

    def decision(self, played: Played, viewer: int | None = None) -> str:
        """What the player to move is deciding, in words ("" when nobody is)."""
        if played.state is None or played.to_move_player is None:
            return ""
        return played.remembered(("decision", viewer, self.speaking()), lambda: self._decision(played, viewer))

    def _decision(self, played: Played, viewer: int | None) -> str:
        decision = played.view(viewer).decision
        return self.say(played).decision(decision) if decision is not None else ""

    def next_line(self, played: Played) -> str:
        """Who is to move and what they decide, with a mention; or how the game ended."""
        seat = played.to_move
        if seat is None:
            return self.ending(played)
        if seat == CHANCE:
            return self.say(played)._(WAITING_FOR_DICE)
        if played.is_computer(seat):
            return self.say(played).fill(COMPUTER_THINKING, {"seat": seat, "decision": self.decision(played)})
        return self.say(played).fill(YOUR_TURN, {"user": played.user_of(seat), "decision": self.decision(played)})

    def scores(self, played: Played, outcome: Outcome) -> str:
        """How the game ended and the final scores in rank order (the engine's winners first), ties named."""
        say = self.say(played)
        tie = say._(TIE)
        parts = [
            say._(SCORE_PART).format(
                rank=rank, seat=say.name(seat), score=say.score(outcome.scores[seat]), tie=tie if tied else ""
            )
            for rank, seat, tied in ranking(outcome.scores, outcome.winners)
        ]
        why = say.termination(outcome)
        winners = say.names_of(outcome.winners) if outcome.winners else say.name(None)
        return say.fill(GAME_OVER, {"why": why, "scores": ", ".join(parts), "winners": winners})

    def ending(self, played: Played) -> str:
        """How a game that is over ended: abandoned, or its final scores."""
        if played.game.status == "abandoned" or played.outcome is None:
            return self.say(played)._(ABANDONED)
        return self.scores(played, played.outcome)

    def standing(self, played: Played, seat: int | None = None) -> str:
        """Where the game stands, pinging nobody: waiting for players, whose turn (``seat``'s: yours), how it ended."""
        say = self.say(played)
        if played.game.status == "lobby":
            return say._(WAITING_FOR_PLAYERS)
        to_move = played.to_move
        if played.game.status == "abandoned" or to_move is None:
            return self.ending(played)
        if to_move == CHANCE:
            return say._(WAITING_FOR_DICE)
        decision = self.decision(played)
        if to_move == seat:
            return say.fill(STANDING_YOURS, {"decision": decision})
        return say.fill(STANDING_THEIRS, {"seat": to_move, "decision": decision})

    def standings(self, played: Played, viewer: int | None = None) -> list[str]:
        """Each seat's standing in rank order (the game's words: "Ana: 30 points (to move)"), the player to move
        and those out marked; empty before the game starts."""
        if played.state is None:
            return []
        return list(played.remembered(("standings", viewer, self.speaking()), lambda: self._standings(played, viewer)))

    def _standings(self, played: Played, viewer: int | None) -> tuple[str, ...]:
        assert played.state is not None
        say, view = self.say(played), played.view(viewer)
        scores = [seat_view.score for seat_view in view.seats]
        if all(score is not None for score in scores):
            outcome = played.outcome
            order = [seat for _, seat, _ in ranking([s or 0 for s in scores], outcome.winners if outcome else [])]
        else:  # scores hidden: the seats in turn order
            order = [seat_view.seat for seat_view in view.seats]
        entries = []
        for seat in order:
            seat_view = view.seats[seat]
            mark = say._(MARK_TO_MOVE) if seat_view.to_move and in_play(played) else ""
            if seat_view.out or seat in played.state.resigned:
                mark += say._(STATUS_OUT)
            standing = say.standing(view, seat)
            params = {"seat": seat, "standing": standing, "mark": mark}
            entries.append(say.fill(STANDINGS_SEAT if standing else STANDINGS_SEAT_BARE, params))
        return tuple(entries)

    def standings_line(self, played: Played) -> str:
        """The standings of a game in play as one line of a board post ("" once it is over: its scores say it)."""
        if not in_play(played):
            return ""
        entries = self.standings(played)
        return self.say(played).fill(STANDINGS_LINE, {"standings": " · ".join(entries)}) if entries else ""

    def board_alt(self, played: Played, viewer: int | None = None, changed: Sequence[str] = ()) -> str:
        """The board image's alt text (what a screen reader speaks), in the current language: the game and its
        number, whose turn and what they decide (or how it ended, with the scores), the standings, what the
        viewer alone holds, and what just changed (``changed``: the post's lines, shortened first to fit)."""
        say = self.say(played)
        over = played.state is not None and played.to_move is None and played.outcome is not None
        board = say.fill(ALT_FINAL_BOARD if over else ALT_BOARD, {"title": self.title(played)})
        parts = [board, self.standing(played, viewer)]
        if in_play(played):
            entries = self.standings(played, viewer)
            if entries:
                parts.append(say.fill(ALT_STANDINGS, {"standings": "; ".join(entries)}))
        if viewer is not None and played.state is not None:
            parts.append(say.holding(played.view(viewer)))
        head = spoken(" ".join(part for part in parts if part))
        happened = spoken(" ".join(sentence(line) for line in changed if line.strip()))
        if not happened:
            return fit_alt(head)
        return fit_alt(f"{head} {say.fill(ALT_CHANGED, {'changed': happened})}")

    def hand_alt(self, played: Played, seat: int) -> str:
        """The alt text of ``seat``'s private image (their hand), in the current language: what they hold, in words."""
        say = self.say(played)
        holding = say.holding(played.view(seat)) if played.state is not None else ""
        return fit_alt(say.fill(ALT_HAND, {"title": self.title(played), "holding": holding}))

    @in_game_language
    def board_parts(
        self, played: Played, headline: Headline | None = None, news: Sequence[dict[str, Any]] = ()
    ) -> dict[str, Any]:
        """The text of a board post in parts: title (and headline), what happened, the standings (each seat's
        score as the game counts it, the player to move marked; none once the game is over), who is next.

        What happened is every turn since the last post: the steps kept as ``news`` (their mover went on, so
        nothing was posted) and this change's, one line per turn of the log, worded as the log words it.
        The courier joins the parts (``bot.ui.courier.board_content``) and may fold the ``headline`` and
        ``happened`` lines of a board that never went out into the next one.
        """
        said = self.headline(played, headline) if headline else ""
        head = self.title(played) + (f" — {said}" if said else "")
        happened = self.turn_lines(played, [*news, *played.news_rows()])
        parts = {
            "head": head,
            "happened": happened,
            "standings": self.standings_line(played),
            "next": self.next_line(played),
        }
        return parts | ({"headline": said} if said else {})

    def turn_lines(self, played: Played, rows: Sequence[dict[str, Any]], viewer: int | None = None) -> list[str]:
        """Log rows (``Played.news_rows``) as one sentence per turn, grouped and worded as ``bot.core.history``
        words the log: a computer's turn carries its mark, a run of events the game words as one reads as one."""
        turns: list[tuple[Say, list[Event]]] = []
        turn_seat: int | None = None
        for row in rows:
            kind, seat = str(row["kind"]), int(row["seat"])
            if not turns or not continues_turn(turn_seat, kind, seat):
                computer = seat if kind == "move" and sent_by_computer(row.get("user")) else None
                turns.append((self.say_moves(played, computer), []))
                turn_seat = None if kind == "chance" else seat
            turns[-1][1].extend(Event.from_json(event) for event in row["events"])
        lines = (say.events(events, viewer) for say, events in turns)
        return [line for line in lines if line]

    def status_text(self, played: Played) -> str:
        """Players, scores, who is out and whose turn it is, in a few lines."""
        if played.state is None:
            return self.lobby_lines(played)
        say = self.say(played)
        status = say._(STATUS_WORDS.get(played.game.status, played.game.status))
        lines = [f"{self.title(played)} ({status})"]
        seat_views = played.view(None).seats
        scores = [seat_view.score for seat_view in seat_views]
        outcome = played.outcome
        if all(score is not None for score in scores):
            order = ranking([score or 0 for score in scores], outcome.winners if outcome else [])
        else:  # scores hidden: the seats in turn order
            order = [(seat_view.seat + 1, seat_view.seat, False) for seat_view in seat_views]
        for rank, seat, tied in order:
            seat_view = seat_views[seat]
            score = ""
            if seat_view.score is not None:
                score = say._(STATUS_SCORE).format(score_text=say.score(seat_view.score))
            out = say._(STATUS_OUT) if seat_view.out or seat_view.seat in played.state.resigned else ""
            tie = say._(TIE) if tied else ""
            name = say.name(seat_view.seat)
            lines.append(say._(STATUS_SEAT).format(number=rank, seat=name, score=score, tie=tie, out=out))
        if played.game.status == "active" and played.game.turn_started_at is not None:
            lines.append(say.fill(STATUS_WAITING_SINCE, {"since": int(played.game.turn_started_at)}))
        lines.append(self.standing(played))
        return fit_message("\n".join(lines))

    @in_game_language
    def lobby_text(self, played: Played) -> str:
        """The lobby message (public: in the game's language)."""
        return self.lobby_lines(played)

    def lobby_lines(self, played: Played) -> str:
        """The lobby's text in the current language: options, who has joined, what to do next."""
        engine, record, say = played.engine, played.game, self.say(played)
        title = self.title(played)
        head = {"lobby": LOBBY_HEAD, "abandoned": LOBBY_ABANDONED}.get(record.status, LOBBY_STARTED)
        options = say.options_text(record.options) or say._(NO_OPTIONS)
        names = say.names_of(range(len(played.seats))) if played.seats else say._(NOBODY_YET)
        lines = [
            say.fill(head, {"title": title}),
            say.fill(LOBBY_CREATOR, {"user": record.creator_id, "options": options}),
            say.fill(LOBBY_LANGUAGE, {"language": language.NAMES.get(record.language, record.language)}),
            say.fill(LOBBY_PLAYERS, {"count": len(played.seats), "max": engine.max_players, "names": names}),
        ]
        if record.status == "lobby":
            bounds = {"command": record.game, "min": engine.min_players, "max": engine.max_players}
            lines.append(say.fill(LOBBY_HOW if engine.min_players < engine.max_players else LOBBY_HOW_EXACT, bounds))
        return fit_message("\n".join(lines))

    def timing_text(self, played: Played, timing: Timing) -> str:
        """One line for players, e.g. "reminders every 24 h, turn deadline 72 h (auto-skip off)"."""
        return timing_text(self.say(played), timing)

    # ---- what a change owes -----------------------------------------------------------------------
    @in_game_language
    async def after_change(
        self,
        played: Played,
        headline: Headline | None,
        actor_id: int | None,
        news: Sequence[dict[str, Any]] = (),
    ) -> list[NewDelivery]:
        """What a change owes: while its mover goes on with their own turn (``Played.goes_on``), only its steps as
        ``news`` (never sent alone); otherwise the board post wording ``news`` and this change's steps, pinging
        the player to move if the decision just became theirs, that player's DM if they want one, and the
        thread's archiving once the game is over. The store drops the news a board folds in, in the same
        transaction (``bot.core.store``)."""
        if played.goes_on:
            return [NewDelivery("news", {"rows": played.news_rows()})]
        pinged = played.human_user_of(played.to_move_player) if played.turn_began else None
        board = {**self.board_parts(played, headline, news), "ping": [pinged] if pinged else [], "image": True}
        owed = [NewDelivery("board", board)]
        recipient = await self._dm_recipient(played, actor_id)
        if recipient is not None:
            with language.using(await self.schedule.language_of(recipient) or played.game.language):
                dm = self.say(played).fill(DM_YOUR_TURN, {"title": self.title(played)})
            owed.append(NewDelivery("dm", {"user_id": recipient, "content": dm, "link": "board"}))
        if played.game.status == "finished":  # the animated replay right after the final board, then archiving
            owed.extend([NewDelivery("replay", {}), NewDelivery("archive", {})])
        return owed

    async def _dm_recipient(self, played: Played, actor_id: int | None) -> int | None:
        """The player to DM because it just became their turn, if they opted in (never the actor)."""
        if not played.turn_began:
            return None
        user_id = played.human_user_of(played.to_move_player)
        if user_id is None or user_id == actor_id:
            return None
        return user_id if await self.schedule.wants_dm(user_id, played.game.guild_id) else None

    def lobby_opening(self, engine: Engine, thread: bool) -> NewDelivery:
        """Open the game's thread (if the server wants threads) and post its lobby message there."""
        return NewDelivery("lobby", {"thread": thread})

    def lobby_edit(self) -> NewDelivery:
        """Bring the lobby message up to date (its text and buttons are made when delivered)."""
        return NewDelivery("lobby_edit", {})

    @in_game_language
    def abandoned(self, played: Played, by_name: str) -> list[NewDelivery]:
        text = self.say(played).fill(ABANDONED_BY, {"title": self.title(played), "by_name": by_name})
        return [NewDelivery("notice", {"content": text, "ping": []}), NewDelivery("archive", {})]

    @in_game_language
    def reminder(self, played: Played, waited: float) -> list[NewDelivery]:
        """A reminder in the thread (pinging the player to move) and, if they opted in, by DM."""
        say = self.say(played)
        text = say.fill(REMINDER, {"waited": Duration(waited), "next": self.next_line(played)})
        user = played.human_user_of(played.to_move_player)
        return [NewDelivery("notice", {"content": fit_message(text), "ping": [user] if user else []}, played.game.id)]

    def reminder_dm(self, played: Played, user_id: int, waited: float, reader: str | None = None) -> NewDelivery:
        """A reminder by DM, in its reader's last known language (``reader``; None: the game's)."""
        with language.using(self.locale or reader or played.game.language):
            text = self.say(played).fill(REMINDER_DM, {"title": self.title(played), "waited": Duration(waited)})
        return NewDelivery("dm", {"user_id": user_id, "content": text, "link": "thread"}, played.game.id)

    @in_game_language
    def deadline_notice(self, played: Played, waited: float) -> NewDelivery:
        """The notice with Skip / Remove / Replace buttons, pinging the other players still in the game."""
        late = played.to_move_player
        others = [
            s.user_id
            for s in played.seats
            if s.seat is not None and s.seat != late and s.computer is None and played.in_game(s.seat)
        ]
        params = {
            "title": self.title(played),
            "seat": late,
            "waited": Duration(waited),
            "others": " ".join(f"<@{u}>" for u in others),
        }
        text = self.say(played).fill(DEADLINE, params)
        payload = {"content": fit_message(text), "ping": others, "controls": "deadline"}
        return NewDelivery("notice", payload, played.game.id, played.game.version)


def in_play(played: Played) -> bool:
    """Whether the game is under way: started, not over, not abandoned (a change that starts it too)."""
    return played.state is not None and played.to_move is not None and played.game.status != "abandoned"


def sentence(text: str) -> str:
    """``text`` as a sentence of its own: a capital first and a full stop (or its own ! or ?) last."""
    text = text.strip()
    if not text:
        return ""
    lead = len(text) - len(text.lstrip('¡¿"“(«'))  # "¡empieza…" -> "¡Empieza…"
    return text[:lead] + text[lead : lead + 1].upper() + text[lead + 1 :] + ("" if text[-1] in ".!?…" else ".")


def ranking(scores: Sequence[int], winners: Sequence[int] = ()) -> list[tuple[int, int, bool]]:
    """``(rank, seat, tied)`` in rank order: the winners first (the game's tie-breaks chose them), then by score.

    Competition ranking: a seat's rank is 1 + the seats ranked strictly above it, so two tied first make
    the next one third. ``tied`` marks a seat that shares its rank with a seat listed before it.
    """
    keys = {seat: (seat in winners, score) for seat, score in enumerate(scores)}
    order = sorted(keys, key=lambda seat: (not keys[seat][0], -keys[seat][1], seat))
    ranked: list[tuple[int, int, bool]] = []
    for index, seat in enumerate(order):
        rank = 1 + sum(1 for other in keys.values() if other > keys[seat])
        tied = index > 0 and keys[order[index - 1]] == keys[seat]
        ranked.append((rank, seat, tied))
    return ranked


def timing_text(say: Say, timing: Timing) -> str:
    """A game's clock for players: "reminders every 24 h, turn deadline 72 h (auto-skip off)"."""
    if timing.reminder_seconds:
        reminders = say.fill(TIMING_REMINDERS, {"hours": Hours(timing.reminder_hours)})
    else:
        reminders = say._(TIMING_NO_REMINDERS)
    if timing.deadline_seconds is None:
        return say.fill(TIMING_NO_DEADLINE, {"reminders": reminders})
    params = {"reminders": reminders, "hours": Hours(timing.deadline_hours), "auto_skip": timing.auto_skip}
    return say.fill(TIMING_DEADLINE, params)


def game_title(engine: Engine, record: GameRecord, locale: str = DEFAULT_LOCALE) -> str:
    """``Marrakech #3``, ``El Cairo #4``: a game's name as its thread is called, in ``locale``."""
    return f"{title_text(engine.title, locale)} #{record.id}"
