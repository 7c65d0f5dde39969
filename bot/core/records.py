"""The rows the store reads and writes, as plain frozen values (no database types leak out of storage).

A game moves through ``lobby`` → ``active`` → ``finished`` (or ``abandoned`` from either of the
first two). Its ``version`` counts every change; a change made against an older version is
refused (``StaleGame``), which is what keeps two racing clicks from both applying.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

ACTIVE_STATUSES = ("lobby", "active")
OVER_STATUSES = ("finished", "abandoned")

EntryKind = Literal["move", "chance", "resign", "standing"]
DeliveryKind = Literal["board", "notice", "dm", "lobby", "lobby_edit", "archive", "drop_buttons", "replay"]


class StaleGame(Exception):
    """The game changed since it was read; the caller's change was not applied."""


@dataclass(frozen=True)
class GameRecord:
    """One row of ``games``."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    game: str
    options: dict[str, Any]
    status: str
    creator_id: int
    created_at: float
    updated_at: float
    version: int
    state: str | None
    lobby_message_id: int | None
    turn_started_at: float | None
    next_due_at: float | None = None
    to_move: int | None = None
    """The seat whose decision it is (as stored with the state; lists read it without the state)."""
    hints: bool = True
    """Whether players may ask the computer for a hint (``/bazaar hint``)."""
    moved_version: int | None = None
    """The version of the last change that was not standing orders alone (None: ``version``). Orders are not moves
    of the game: a change of them alone bumps ``version`` (the guard against races) but not this."""

    def shows(self, version: int | None) -> bool:
        """Whether a control (a button, a menu, a draft) made at ``version`` still shows the game as it is: nothing
        but standing orders changed since."""
        moved = self.version if self.moved_version is None else self.moved_version
        return version is not None and moved <= version <= self.version

    language: str = "en"
    """The language of the game's public posts (``bot.core.language``)."""

    changed_discord_at: float | None = None
    """The last change on Discord's clock (``bot.core.ordering``): a command sent before it is refused."""

    @property
    def post_channel_id(self) -> int:
        """Where the game's messages go: its thread, or the channel it was created in."""
        return self.thread_id or self.channel_id

    @property
    def over(self) -> bool:
        return self.status in OVER_STATUSES


@dataclass(frozen=True)
class SeatRecord:
    """A player of a game; ``seat`` is None until the game starts."""

    game_id: int
    user_id: int
    name: str
    seat: int | None
    joined_at: float
    computer: str | None = None
    """The level of a computer player in this seat, or None for a person."""
    left_game: bool = False
    """The player resigned or was removed."""


@dataclass(frozen=True)
class LogEntry:
    """A log row about to be written: ``seat`` -1 for chance, ``user_id`` who sent it (None: the bot)."""

    seat: int
    kind: EntryKind
    move: str
    user_id: int | None


@dataclass(frozen=True)
class MoveRecord:
    """A row of the append-only ``moves`` log."""

    game_id: int
    ply: int
    seat: int
    kind: EntryKind
    move: str
    user_id: int | None
    created_at: float
    undone: bool = False


@dataclass(frozen=True)
class UndoRequestRecord:
    """A request to take back the requester's last decisions, made at one game version."""

    game_id: int
    version: int
    requester_id: int
    first_ply: int
    last_ply: int
    status: str
    created_at: float
    agreed: frozenset[int] = field(default_factory=frozenset)


@dataclass(frozen=True)
class Delivery:
    """A message owed to Discord, written in the same transaction as the change that owes it.

    ``kind`` says what to do (post a board, a notice, a DM, open a lobby, edit it, archive the
    thread, take buttons off a message); ``payload`` holds the words and targets (JSON).
    ``status``: ``pending`` → ``sending`` (claimed until ``lease_until``) → ``done`` or ``failed``.
    """

    id: int
    game_id: int | None
    version: int | None
    kind: DeliveryKind
    payload: dict[str, Any]
    status: str
    attempts: int
    next_attempt_at: float
    created_at: float
    message_id: int | None = None
    channel_id: int | None = None
