"""A game's story told from its move log: numbered turns in sentences, catch-up, and what an undo takes back.

Everything here replays the log with the engine and knows nothing of Discord (``game_turns`` reads
the log from the store).
``replay_turns`` walks the log once: every row is applied to the state before it and its events
are worded by the same ``Say`` as the live posts, as one viewer may read them (``viewer`` None: a
spectator), and rows are grouped into turns — a player's consecutive decisions plus the chance
moves they triggered make one numbered line. Undone rows stay in the story, marked, and are
described on the state they were played on; the game itself goes on as if they never happened.

``catch_up`` picks the turns since a seat's last one (the engine names the places that changed,
for the highlight), ``undo_plan`` says which rows an undo would take back (or why none
can be), and ``log_pages`` / ``log_text`` lay the lines out for a reply or a text file.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field

from bot.core.catalog import N_
from bot.core.host import apply_entry
from bot.core.played import Played, continues_turn
from bot.core.records import MoveRecord
from bot.core.refused import Refused
from bot.core.seating import sent_by_computer
from bot.core.store import Store
from bot.core.wording import Say, join_sentences, say_for
from engines.base import Engine, Event, GameState

PAGE_BUDGET = 1800
"""Characters of log lines per page (a Discord message holds 2000)."""

UNDONE_MARK = N_("(undone)")


@dataclass(frozen=True)
class Entry:
    """One log row, the state it was played on, what it caused and its phrases for the viewer."""

    row: MoveRecord
    before: GameState
    parts: list[str]
    events: list[Event] = field(default_factory=list)

    @property
    def sentence(self) -> str:
        return join_sentences(self.parts)


@dataclass
class Turn:
    """A numbered line of the log: one seat's decisions and the chance they triggered (seat None: setup)."""

    number: int
    seat: int | None
    undone: bool
    before: GameState
    after: GameState
    words: Say
    """The words of this turn (a computer's turn carries its mark)."""
    viewer: int | None
    entries: list[Entry] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The turn's events as one sentence for its viewer, worded exactly as the live posts word them (a run
        of events the game words as one reads as one, across the turn's rows)."""
        return self.words.events([event for entry in self.entries for event in entry.events], self.viewer)

    def line(self, say: Say) -> str:
        """``12. Ana turned Assam left, to face west; Ana rolled 3: Assam to d5.`` (marked when undone)."""
        mark = f" {say._(UNDONE_MARK)}" if self.undone else ""
        return f"{self.number}. {self.text}{mark}"


# ---- replaying the log ----------------------------------------------------------------------------
def _opens_turn(current: Turn | None, row: MoveRecord, starts_undo: bool) -> bool:
    """Whether ``row`` begins a new line rather than continuing ``current``."""
    if current is None or current.undone != row.undone or starts_undo:
        return True
    return not continues_turn(current.seat, row.kind, row.seat)


def replay_turns(
    engine: Engine,
    start: GameState,
    log: Sequence[MoveRecord],
    say: Say,
    viewer: int | None = None,
    undo_starts: Collection[int] = (),
    computer_say: Callable[[int], Say] | None = None,
) -> list[Turn]:
    """The whole log as numbered turns, described for ``viewer``, from the initial state ``start``.

    ``say`` words the players' own turns; ``computer_say(seat)`` a turn a computer played in ``seat``
    (the computer's mark on that seat's name, as the live post had it).

    ``undo_starts`` are the first plies of granted undos: an undone row there was played on the
    game as it stood, not after the undone rows before it.
    """
    state, branch = start, None
    turns: list[Turn] = []
    words, marked = say, computer_say or (lambda seat: say)
    for row in log:
        starts_undo = row.undone and row.ply in undo_starts
        if row.undone and (branch is None or starts_undo):
            branch = state
        before = branch if row.undone and branch is not None else state
        step = apply_entry(engine, before, row)
        current = turns[-1] if turns else None
        opens = _opens_turn(current, row, starts_undo)
        if opens:  # a computer's turn is worded with its mark, as it was posted
            words = marked(row.seat) if row.kind == "move" and sent_by_computer(row.user_id) else say
        entry = Entry(row, before, words.parts(step.events, viewer), list(step.events))
        after = step.state
        if row.undone:
            branch = after
        else:
            state, branch = after, None
        if opens:
            seat = None if row.kind == "chance" else row.seat
            current = Turn(len(turns) + 1, seat, row.undone, before, after, words, viewer)
            turns.append(current)
        assert current is not None
        current.entries.append(entry)
        current.after = after
    return turns


async def game_turns(store: Store, played: Played, say: Say, viewer: int | None) -> list[Turn]:
    """A started game's whole log as turns, described for ``viewer`` (replayed off the event loop)."""
    record, engine = played.game, played.engine
    log = await store.moves(record.id)
    starts = await store.undo_starts(record.id)
    own = say_for(record.game, tuple(played.names_for_moves()), say.locale)

    def computer_say(seat: int) -> Say:
        return say_for(record.game, tuple(played.names_for_moves(seat)), say.locale)

    start = initial_state(played)
    return await asyncio.to_thread(replay_turns, engine, start, log, own, viewer, starts, computer_say)


def initial_state(played: Played) -> GameState:
    """The game as it was before its first log row."""
    return played.engine.new_game(len(played.seats), played.game.options)


# ---- catch-up -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CatchUp:
    """What happened since a seat's last turn: those turns and the state before them."""

    turns: list[Turn]
    then: GameState
    since_start: bool


def catch_up(turns: Sequence[Turn], start: GameState, seat: int) -> CatchUp:
    """The turns after ``seat``'s last one (undone ones left out); all of them if it has not played."""
    live = [turn for turn in turns if not turn.undone]
    mine = [index for index, turn in enumerate(live) if turn.seat == seat]
    if not mine:
        return CatchUp(live, start, since_start=True)
    last = mine[-1]
    return CatchUp(live[last + 1 :], live[last].after, since_start=False)


# ---- undo ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class UndoPlan:
    """The log rows an undo would mark undone: the requester's decisions at the end of the log."""

    entries: list[Entry]

    @property
    def first_ply(self) -> int:
        return self.entries[0].row.ply

    @property
    def last_ply(self) -> int:
        return self.entries[-1].row.ply


def undo_plan(turns: Sequence[Turn], seat: int) -> UndoPlan:
    """The requester's last decisions if nothing has happened since them; Refused says why not.

    An undo is possible only while the log ends with ``seat``'s own moves: a chance move after
    them revealed something random (a roll, a draw, a refill), and anyone else's move or a
    resignation means the game has gone on.
    """
    live = [entry for turn in turns if not turn.undone for entry in turn.entries]
    mine = [index for index, entry in enumerate(live) if entry.row.kind == "move" and entry.row.seat == seat]
    if not mine:
        raise Refused("undo_nothing")
    since = live[mine[-1] + 1 :]
    if since:
        raise _why_not_undone(since)
    tail = [live[mine[-1]]]
    for entry in reversed(live[: mine[-1]]):
        if entry.row.kind != "move" or entry.row.seat != seat:
            break
        tail.insert(0, entry)
    return UndoPlan(tail)


def _why_not_undone(since: Sequence[Entry]) -> Refused:
    """Why rows after a move rule out its undo: someone else acted, or chance revealed something."""
    acted = next((entry.row for entry in since if entry.row.kind != "chance"), None)
    if acted is not None and acted.kind == "resign":
        return Refused("undo_someone_left", seat=acted.seat)
    if acted is not None:
        return Refused("undo_someone_played", seat=acted.seat)
    return Refused("undo_chance_spoke", what=since[0].sentence.rstrip("."))


# ---- laying out the log ------------------------------------------------------------------------------------
def fit(line: str, budget: int) -> str:
    """``line`` cut to ``budget`` characters with an ellipsis when it is longer."""
    return line if len(line) <= budget else line[: budget - 1].rstrip() + "…"


def log_pages(lines: Sequence[str], budget: int = PAGE_BUDGET) -> list[list[str]]:
    """The lines packed into pages of at most ``budget`` characters (an over-long line is cut)."""
    pages: list[list[str]] = [[]]
    used = 0
    for line in (fit(line, budget - 1) for line in lines):
        if pages[-1] and used + len(line) + 1 > budget:
            pages.append([])
            used = 0
        pages[-1].append(line)
        used += len(line) + 1
    return pages


def newest_lines(lines: Sequence[str], budget: int) -> tuple[list[str], int]:
    """The last lines that fit in ``budget`` characters, and how many earlier ones were left out."""
    kept: list[str] = []
    used = 0
    for line in reversed(lines):
        line = fit(line, budget)
        if kept and used + len(line) + 1 > budget:
            break
        kept.insert(0, line)
        used += len(line) + 1
    return kept, len(lines) - len(kept)


def log_text(title: str, players: str, lines_of_turns: Sequence[str], ending: str) -> str:
    """The whole log as a plain text file: a heading, the players, every turn, how it ended."""
    lines = [title, players, "", *lines_of_turns, "", ending]
    return "\n".join(lines).rstrip() + "\n"
