"""A game as the host hands it out: its record, its players, its state, and what the last change did.

``Played`` is what every host method returns and what posts, replies and images are made from.
``Step`` is one applied log entry with the state it was applied to and the events it caused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

import engines
from bot.core.records import GameRecord, LogEntry, SeatRecord
from bot.core.seating import sent_by_computer, shown_name
from engines.base import CHANCE, Engine, Event, GameState, Outcome, View, events_seen_by

T = TypeVar("T")


@dataclass(frozen=True)
class Step:
    """One applied log entry, the state it was applied to, and what it caused."""

    entry: LogEntry
    before: GameState
    events: list[Event]


@dataclass
class Played:
    """A game after a change (or as it stands, with no steps)."""

    game: GameRecord
    seats: list[SeatRecord]
    state: GameState | None
    steps: list[Step] = field(default_factory=list)
    turn_began: bool = False
    """The change handed the decision to a (different) player."""
    goes_on: bool = False
    """The change left its mover to move (a step inside their own turn): nothing was posted in the game's
    thread; the step waits there as news, folded into the post made when the decision passes."""
    _views: dict[int | None, View] = field(default_factory=dict, init=False, repr=False, compare=False)
    """Views made so far, by viewer: the post, the image and the buttons of one change share them."""
    _worded: dict[tuple[Any, ...], Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    """Words made of this state so far (``remembered``): the post, the alt text and the answer share them."""

    @property
    def engine(self) -> Engine:
        return engines.get(self.game.game)

    @property
    def names(self) -> list[str]:
        """The seats' names as they stand: a seat a computer took over from a player shows the computer's mark
        ("🤖 Ana": whose turn it is, the status, the board image)."""
        return [shown_name(s.name, s.computer is not None) for s in self.seats]

    def names_for_moves(self, computer_seat: int | None = None) -> list[str]:
        """The names to word moves and news with: each player's own name, and the computer's mark on
        ``computer_seat`` when those moves were a computer's. A player's moves before a computer took over
        their seat keep their bare name in the log, as they were posted."""
        return [shown_name(s.name, n == computer_seat) for n, s in enumerate(self.seats)]

    @property
    def computer_moved(self) -> int | None:
        """The seat whose decision this change was, if a computer made it."""
        moves = (step.entry for step in self.steps if step.entry.kind == "move")
        return next((entry.seat for entry in moves if sent_by_computer(entry.user_id)), None)

    @property
    def outcome(self) -> Outcome | None:
        return None if self.state is None else self.engine.outcome(self.state)

    @property
    def to_move(self) -> int | None:
        return None if self.state is None else self.engine.to_move(self.state)

    @property
    def to_move_player(self) -> int | None:
        """The seat to move when it is a player's decision (not chance, not over)."""
        seat = self.to_move
        return seat if seat is not None and seat != CHANCE else None

    def user_of(self, seat: int | None) -> int | None:
        """The user id at ``seat``, or None."""
        return next((s.user_id for s in self.seats if seat is not None and s.seat == seat), None)

    def is_computer(self, seat: int | None) -> bool:
        """Whether a computer plays ``seat``."""
        return any(s.seat == seat and s.computer is not None for s in self.seats if seat is not None)

    def human_user_of(self, seat: int | None) -> int | None:
        """The user to ping for ``seat``: its player, or None for a computer."""
        return None if self.is_computer(seat) else self.user_of(seat)

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def in_game(self, seat: int) -> bool:
        """Whether ``seat`` still plays (not resigned, not out)."""
        if self.state is None:
            return True
        if seat in self.state.resigned:
            return False
        seats = self.view(None).seats
        return not (0 <= seat < len(seats) and seats[seat].out)

    def view(self, viewer: int | None) -> View:
        """The engine's view for ``viewer`` with the players' names filled in (made once per viewer)."""
        found = self._views.get(viewer)
        if found is None:
            assert self.state is not None
            found = self._views[viewer] = self.engine.view(self.state, viewer).with_names(self.names)
        return found

    def remembered(self, key: tuple[Any, ...], make: Callable[[], T]) -> T:
        """What ``make`` words of this state, made once per ``key`` (what it is, for whom, in which language)."""
        if key not in self._worded:
            self._worded[key] = make()
        return cast(T, self._worded[key])

    def share_views(self, other: Played) -> None:
        """Take the views and words ``other`` made: the same state and players (the game before and after it
        was stored)."""
        self._views.update(other._views)
        self._worded.update(other._worded)

    def events(self) -> list[Event]:
        """Everything the change caused, in order (every visibility)."""
        return [event for step in self.steps for event in step.events]

    def events_for(self, viewer: int | None) -> list[Event]:
        return events_seen_by(self.events(), viewer)

    def news_rows(self) -> list[dict[str, Any]]:
        """The change's steps as news (JSON): each log row's seat, kind, sender and events (every visibility)."""
        return [
            {
                "seat": step.entry.seat,
                "kind": step.entry.kind,
                "user": step.entry.user_id,
                "events": [event.to_json() for event in step.events],
            }
            for step in self.steps
        ]


def continues_turn(turn_seat: int | None, kind: str, seat: int) -> bool:
    """Whether a log row of ``kind`` by ``seat`` belongs to the turn of ``turn_seat`` (None: the setup) rather than
    opening a new one: a chance row always continues the turn that triggered it; a seat's row continues its own
    turn. The log (``bot.core.history``) and the posts (``bot.core.posts``) group rows into turns by this rule."""
    return kind == "chance" or turn_seat == seat
