"""Game records: a whole game as one JSON file that replays exactly (``docs/records.md``), and their check.

Nothing here knows Discord. ``build_record`` writes a record from a game's rows and log, ``read_record``
reads one back (refusing what is not a record of a known format version), ``check_record`` replays it
with the engine: every row must be legal where it stands, and the state it ends in must end the game
the way the record says it ended. The first row that does not fit is the ``Divergence``, so a record is
also a bug report. ``record_lines`` words the replayed game turn by turn, as the log words it.

Privacy: a record holds every move, chance outcomes included (a shuffle, a draw), so it reveals
everything hidden. ``export_refusal`` allows a finished game's record to anyone and a running game's to
its players only, and only when the game keeps nothing hidden (``Engine.secret_fields`` empty).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, TextIO

from pydantic import BaseModel, ConfigDict, Field, ValidationError

import engines
from bot.core.history import Turn, replay_turns
from bot.core.host import apply_entry
from bot.core.played import Played
from bot.core.posts import GAME_OVER, SCORE_PART, TIE, ranking
from bot.core.records import MoveRecord, SeatRecord
from bot.core.refused import Refused
from bot.core.seating import COMPUTER_SENDER, sent_by_computer, shown_name
from bot.core.wording import Say, say_for
from engines.base import Engine, GameError, GameState, Outcome

FORMAT = "bazaar-record"
VERSION = 1
"""The format version; a reader refuses records of a newer version than it knows."""

Sender = Literal["player", "computer", "bot"]


class RecordSeat(BaseModel):
    """A seat: the player's name, and the level of a computer that played it (None: a person)."""

    model_config = ConfigDict(extra="forbid")
    name: str
    computer: str | None = None
    left: bool = False


class RecordMove(BaseModel):
    """A row of the log: its ply, who sent it (``seat`` -1: chance), what, when (Unix seconds)."""

    model_config = ConfigDict(extra="forbid")
    ply: int
    seat: int
    kind: Literal["move", "chance", "resign", "standing"]
    move: str
    time: float
    sender: Sender = "player"
    undone: bool = False


class GameFile(BaseModel):
    """A whole record (see ``docs/records.md``)."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["bazaar-record"] = "bazaar-record"
    version: int = VERSION
    game: str
    game_id: int | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    status: str
    created_at: float | None = None
    exported_at: float | None = None
    seats: list[RecordSeat]
    moves: list[RecordMove]
    outcome: dict[str, Any] | None = None

    def log(self) -> list[MoveRecord]:
        """The moves as the store's log rows (the sender as a user id of its kind; the bot's is None)."""
        senders: dict[str, int | None] = {"player": 1, "computer": COMPUTER_SENDER, "bot": None}
        return [
            MoveRecord(self.game_id or 0, m.ply, m.seat, m.kind, m.move, senders[m.sender], m.time, undone=m.undone)
            for m in self.moves
        ]

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]


class BadRecord(ValueError):
    """The file is not a record this version can read (the message says why)."""


def _sender(user_id: int | None) -> Sender:
    if user_id is None:
        return "bot"
    return "computer" if sent_by_computer(user_id) else "player"


def build_record(
    game: str,
    options: dict[str, Any],
    status: str,
    seats: Sequence[SeatRecord],
    log: Sequence[MoveRecord],
    state: GameState | None,
    *,
    game_id: int | None = None,
    created_at: float | None = None,
    exported_at: float | None = None,
) -> GameFile:
    """A record of a game: its seats in seat order, every log row (undone ones marked), its outcome."""
    engine = engines.get(game)
    ordered = sorted((s for s in seats if s.seat is not None), key=lambda s: s.seat or 0)
    outcome = engine.outcome(state) if state is not None else None
    return GameFile(
        game=game,
        game_id=game_id,
        options=dict(options),
        status=status,
        created_at=created_at,
        exported_at=exported_at,
        seats=[RecordSeat(name=s.name, computer=s.computer, left=s.left_game) for s in ordered],
        moves=[
            RecordMove(
                ply=row.ply,
                seat=row.seat,
                kind=row.kind,
                move=row.move,
                time=row.created_at,
                sender=_sender(row.user_id),
                undone=row.undone,
            )
            for row in log
        ],
        outcome=None if outcome is None else outcome.model_dump(mode="json"),
    )


def dump_record(record: GameFile) -> str:
    """The record as JSON text (one move a line, so that a diff of two records reads well)."""
    data = record.model_dump(mode="json")
    moves = data.pop("moves")
    head = json.dumps(data, ensure_ascii=False, indent=2)
    lines = ",\n".join("    " + json.dumps(move, ensure_ascii=False) for move in moves)
    body = '  "moves": [\n' + lines + "\n  ]" if moves else '  "moves": []'
    return head[:-2] + ",\n" + body + "\n}\n"


def read_record(text: str | bytes) -> GameFile:
    """A record read from JSON; ``BadRecord`` says why a file is not one."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadRecord(f"not JSON: {exc}") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadRecord(f'not a Bazaar record (no "format": "{FORMAT}")')
    version = data.get("version")
    if not isinstance(version, int) or version > VERSION:
        raise BadRecord(f"record format version {version!r}: this Bazaar reads versions up to {VERSION}")
    try:
        record = GameFile.model_validate(data)
    except ValidationError as exc:
        raise BadRecord(f"not a valid record: {exc}") from exc
    if record.game not in engines.names():
        raise BadRecord(f"unknown game {record.game!r} (known: {', '.join(engines.names())})")
    return record


# ---- checking ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Divergence:
    """Where a replay parted from the record: a row the engine refused, or an end other than recorded."""

    ply: int | None
    reason: str

    def __str__(self) -> str:
        return f"ply {self.ply}: {self.reason}" if self.ply is not None else self.reason


@dataclass(frozen=True)
class Checked:
    """A replayed record: the state it ends in, its outcome, and the first divergence (None: it agrees)."""

    engine: Engine
    state: GameState
    outcome: Outcome | None
    divergence: Divergence | None
    applied: int
    """How many live rows were applied before the divergence (all of them when there is none)."""


def check_record(record: GameFile) -> Checked:
    """Replay the record's live rows from a new game; every row must be legal and the end must match."""
    engine = engines.get(record.game)
    try:
        state = engine.new_game(len(record.seats), record.options)
    except (GameError, ValueError) as exc:
        return Checked(engine, engine.new_game(len(record.seats)), None, Divergence(None, f"bad setup: {exc}"), 0)
    applied = 0
    for row in record.log():
        if row.undone:
            continue
        try:
            state = apply_entry(engine, state, row).state
        except (GameError, ValueError) as exc:
            who = "chance" if row.seat < 0 else f"seat {row.seat + 1}"
            reason = f"{row.kind} {row.move!r} by {who} refused by the rules: {exc}"
            return Checked(engine, state, engine.outcome(state), Divergence(row.ply, reason), applied)
        applied += 1
    outcome = engine.outcome(state)
    found = None if outcome is None else outcome.model_dump(mode="json")
    divergence = None
    if found != record.outcome:
        divergence = Divergence(None, f"the replay ends with outcome {found}, the record says {record.outcome}")
    return Checked(engine, state, outcome, divergence, applied)


# ---- wording ---------------------------------------------------------------------------------------------------
def record_turns(record: GameFile, locale: str = "en", viewer: int | None = None) -> list[Turn]:
    """The record's live rows as numbered turns worded as the log words them (computers' turns marked)."""
    engine = engines.get(record.game)
    names = tuple(record.names)

    def computer_say(seat: int) -> Say:
        return say_for(record.game, tuple(shown_name(n, i == seat) for i, n in enumerate(names)), locale)

    live = [row for row in record.log() if not row.undone]
    start = engine.new_game(len(record.seats), record.options)
    return replay_turns(engine, start, live, say_for(record.game, names, locale), viewer, (), computer_say)


def final_scores(say: Say, outcome: Outcome) -> str:
    """``Game over (…). Final scores: 1. Ana 12, 2. Ben 9. Winner: Ana 🏆``, as the final post words it."""
    tie = say._(TIE)
    parts = [
        say._(SCORE_PART).format(
            rank=rank, seat=say.name(seat), score=say.score(outcome.scores[seat]), tie=tie if t else ""
        )
        for rank, seat, t in ranking(outcome.scores, outcome.winners)
    ]
    winners = say.names_of(outcome.winners) if outcome.winners else say.name(None)
    return say.fill(GAME_OVER, {"why": say.termination(outcome), "scores": ", ".join(parts), "winners": winners})


def export_refusal(engine: Engine, game_id: int, over: bool, is_player: bool) -> Refused | None:
    """Why a record may not be given (None: it may): a running game only to its players, and only when it
    keeps nothing hidden — a record holds every draw and shuffle, so it would show what the rules hide."""
    if over:
        return None
    if not is_player:
        return Refused("export_not_player", id=game_id)
    if engine.secret_fields:
        return Refused("export_hidden", id=game_id)
    return None


# ---- the command line: ``bazaar replay FILE`` -------------------------------------------------------------------
def replay_to(text: str | bytes, out: TextIO, err: TextIO, locale: str = "en") -> int:
    """Word a record turn by turn on ``out``, then its final scores, and check it against the engine.

    0: the record replays and ends as it says; 1: the first divergence on ``err`` (the turns up to it are
    printed first, so the output reads as a bug report); 2: not a record."""
    try:
        record = read_record(text)
    except BadRecord as exc:
        print(f"not replayed: {exc}", file=err)
        return 2
    checked = check_record(record)
    engine = checked.engine
    names = ", ".join(
        f"{i + 1}. {seat.name}" + (f" (computer, {seat.computer})" if seat.computer else "")
        for i, seat in enumerate(record.seats)
    )
    where = f" #{record.game_id}" if record.game_id is not None else ""
    print(f"{engine.title}{where} — {record.status}; players: {names}", file=out)
    if record.options:
        print("options: " + ", ".join(f"{k}={v}" for k, v in sorted(record.options.items())), file=out)
    good = GameFile.model_validate(
        {
            **record.model_dump(),
            "moves": [m for m in record.model_dump()["moves"] if not m["undone"]][: checked.applied],
        }
    )
    say = say_for(record.game, tuple(record.names), locale)
    for turn in record_turns(good, locale):
        print(turn.line(say), file=out)
    if checked.outcome is not None:
        print(final_scores(say, checked.outcome), file=out)
    if checked.divergence is not None:
        print(f"DIVERGENCE at {checked.divergence}", file=err)
        return 1
    print(f"checked: {checked.applied} moves, all legal; the outcome is the recorded one.", file=out)
    return 0


def record_of(played: Played, log: Sequence[MoveRecord], now: float | None = None) -> GameFile:
    """The record of a started game as it stands."""
    game = played.game
    return build_record(
        game.game,
        game.options,
        game.status,
        played.seats,
        log,
        played.state,
        game_id=game.id,
        created_at=game.created_at,
        exported_at=now,
    )
