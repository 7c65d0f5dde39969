"""The game host: lobby, seating, moves and chance, on top of the engines and the store.

Nothing here knows about Discord. Every public method takes plain ids and names, checks who may
do what, applies the engine, rolls any dice or draws that follow with its RNG, and persists the
result in one transaction. Refusals raise ``Refused`` (a ``GameError``), whose message is meant
for the player; the state is then unchanged.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import engines
from bot.schedule_store import ScheduleStore
from bot.storage import GameRecord, LogEntry, MoveRecord, SeatRecord, StaleGame, Store
from bot.timing import duration_text
from engines.base import CHANCE, Engine, GameError, GameState, IllegalMove, Outcome, seat_name

MAX_CHANCE_STEPS = 10_000
MAX_SKIPPED_DECISIONS = 50
OUT_OF_DATE = "This board is out of date: the game has moved on. Use the latest message."


class Refused(GameError):
    """The bot refuses a request (not your turn, not in this game, ...)."""


@dataclass(frozen=True)
class Step:
    """One applied log entry with the state it was applied to (for describing it later)."""

    entry: LogEntry
    before: GameState


@dataclass
class Played:
    """What a change did: the game after it, its players, the steps applied and the new state."""

    game: GameRecord
    seats: list[SeatRecord]
    state: GameState | None
    steps: list[Step] = field(default_factory=list)
    turn_began: bool = False  # the change handed the decision to a (different) player

    @property
    def engine(self) -> Engine:
        return engines.get(self.game.game)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def outcome(self) -> Outcome | None:
        return None if self.state is None else self.engine.outcome(self.state)

    @property
    def to_move(self) -> int | None:
        return None if self.state is None else self.engine.to_move(self.state)

    def user_of(self, seat: int | None) -> int | None:
        """The user id at ``seat``, or None."""
        for s in self.seats:
            if seat is not None and s.seat == seat:
                return s.user_id
        return None

    def name_of(self, seat: int | None) -> str:
        """The name of the player at ``seat``; "?" for no seat (nobody to move, chance)."""
        return self.names[seat] if seat is not None and 0 <= seat < len(self.names) else "?"

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    def sentences(self, viewer: int | None = None) -> list[str]:
        """The steps as log sentences, as ``viewer`` may read them."""
        return [s for s in (self._sentence(step, viewer) for step in self.steps) if s]

    def private_sentences(self, seat: int) -> list[str]:
        """The sentences ``seat`` reads differently from everybody else (a card only they saw)."""
        pairs = ((self._sentence(step, seat), self._sentence(step, None)) for step in self.steps)
        return [mine for mine, public in pairs if mine and mine != public]

    def _sentence(self, step: Step, viewer: int | None) -> str:
        return describe_entry(self.engine, step.before, step.entry, self.names, viewer)


class GameHost:
    """Runs games for the bot. One instance per bot; safe for concurrent use."""

    def __init__(
        self,
        store: Store,
        rng: random.Random | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.schedule = ScheduleStore(store)
        self.rng = rng or random.SystemRandom()
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        """Serialises changes to one game inside this process (the version check guards the rest)."""
        return self._locks.setdefault(game_id, asyncio.Lock())

    # ---- reading ----------------------------------------------------------------------
    async def game(self, game_id: int) -> GameRecord:
        record = await self.store.get_game(game_id)
        if record is None:
            raise Refused(f"There is no game #{game_id}.")
        return record

    async def snapshot(self, game_id: int) -> Played:
        """The game as it stands, with no steps."""
        record = await self.game(game_id)
        return Played(record, await self.store.seats(game_id), self.state_of(record))

    @staticmethod
    def state_of(record: GameRecord) -> GameState | None:
        if record.state is None:
            return None
        return engines.get(record.game).loads(record.state)

    # ---- lobby ---------------------------------------------------------------------------
    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        thread_id: int | None,
        game: str,
        options: dict[str, Any],
        user_id: int,
        name: str,
    ) -> GameRecord:
        engine = engines.get(game)
        resolved = engine.resolve_options(options)
        return await self.store.create_game(
            guild_id=guild_id,
            channel_id=channel_id,
            thread_id=thread_id,
            game=engine.name,
            options=resolved,
            creator_id=user_id,
            creator_name=name,
            now=self.clock(),
        )

    async def join(self, game_id: int, user_id: int, name: str) -> Played:
        async with self.lock(game_id):
            record = await self.game(game_id)
            engine = engines.get(record.game)
            seats = await self.store.seats(game_id)
            check_lobby(record, f"Game #{game_id} has already started; you can watch it with /{record.game} board.")
            if any(s.user_id == user_id for s in seats):
                raise Refused(f"You are already in game #{game_id}.")
            if len(seats) >= engine.max_players:
                raise Refused(f"Game #{game_id} is full ({engine.max_players} players).")
            await self._guard(self.store.join(game_id, record.version, user_id, name, self.clock()))
            return await self.snapshot(game_id)

    async def leave(self, game_id: int, user_id: int) -> Played:
        async with self.lock(game_id):
            record = await self.game(game_id)
            seats = await self.store.seats(game_id)
            check_lobby(record, f"Game #{game_id} has started; use resign to leave it.")
            if not any(s.user_id == user_id for s in seats):
                raise Refused(f"You are not in game #{game_id}.")
            if user_id == record.creator_id:
                raise Refused("You created this game; abandon it instead of leaving.")
            await self._guard(self.store.leave(game_id, record.version, user_id, self.clock()))
            return await self.snapshot(game_id)

    async def start(self, game_id: int, user_id: int, can_manage: bool = False) -> Played:
        """Seat the players in random order, create the engine state and play the setup chance moves."""
        async with self.lock(game_id):
            record = await self.game(game_id)
            engine = engines.get(record.game)
            seats = await self.store.seats(game_id)
            check_lobby(record, f"Game #{game_id} has already started.")
            if user_id != record.creator_id and not can_manage:
                raise Refused("Only the game's creator (or someone with Manage Server) can start it.")
            if len(seats) < engine.min_players:
                raise Refused(
                    f"{engine.title} needs at least {engine.min_players} players; {len(seats)} joined so far."
                )
            order = [s.user_id for s in seats]
            self.rng.shuffle(order)
            state = engine.new_game(len(order), record.options)
            steps: list[Step] = []
            state = self._run_chance(engine, state, steps)
            entries = [s.entry for s in steps]
            status = "finished" if engine.to_move(state) is None else "active"
            await self._guard(
                self.store.start(game_id, record.version, order, entries, engine.dumps(state), status, self.clock())
            )
            first = engine.to_move(state)
            began = first is not None and first != CHANCE
            return Played(await self.game(game_id), await self.store.seats(game_id), state, steps, began)

    # ---- play ------------------------------------------------------------------------------
    async def play(
        self, game_id: int, user_id: int, moves: Sequence[str], expected_version: int | None = None
    ) -> Played:
        """Apply ``moves`` (one or more consecutive decisions of this user) and the chance that follows."""
        async with self.lock(game_id):
            record = await self.game(game_id)
            if expected_version is not None and record.version != expected_version:
                raise Refused(OUT_OF_DATE)
            seats = await self.store.seats(game_id)
            seat = self._active_seat(record, seats, user_id)
            engine = engines.get(record.game)
            before = state = engine.loads(record.state or "")
            steps: list[Step] = []
            for move in moves:
                mover = engine.to_move(state)
                if mover != seat:
                    raise Refused(self._not_your_turn(mover, seats))
                canonical = self._canonical(engine, state, move, seats)
                steps.append(Step(LogEntry(seat, "move", canonical, user_id), state))
                state = self._run_chance(engine, engine.apply(state, canonical), steps)
            return await self._commit(record, seats, before, state, steps)

    async def resign(self, game_id: int, user_id: int) -> Played:
        """``user_id`` leaves a running game; the engine decides whether it goes on."""
        async with self.lock(game_id):
            record = await self.game(game_id)
            seats = await self.store.seats(game_id)
            seat = self._active_seat(record, seats, user_id)
            return await self._take_out(record, seats, seat, user_id)

    async def skip_turn(self, game_id: int, by_user: int | None, expected_version: int) -> Played:
        """Past the turn deadline, play the engine's safe default moves until the late seat's turn is over.

        ``by_user`` is another player of the game, or None when the bot skips by itself (auto-skip).
        """
        async with self.lock(game_id):
            record, seats, late = await self._late_turn(game_id, by_user, expected_version)
            engine = engines.get(record.game)
            before = state = engine.loads(record.state or "")
            steps: list[Step] = []
            for _ in range(MAX_SKIPPED_DECISIONS):
                if engine.to_move(state) != late:
                    break
                move = engine.default_move(state)
                steps.append(Step(LogEntry(late, "move", move, by_user), state))
                state = self._run_chance(engine, engine.apply(state, move), steps)
            return await self._commit(record, seats, before, state, steps)

    async def remove_late(self, game_id: int, by_user: int, expected_version: int) -> Played:
        """Past the turn deadline, another player takes the late seat out of the game (logged as resign)."""
        async with self.lock(game_id):
            record, seats, late = await self._late_turn(game_id, by_user, expected_version)
            return await self._take_out(record, seats, late, by_user)

    async def _take_out(self, record: GameRecord, seats: list[SeatRecord], seat: int, by_user: int) -> Played:
        """Resign ``seat`` (logged as sent by ``by_user``) and play the chance that follows."""
        engine = engines.get(record.game)
        before = engine.loads(record.state or "")
        steps = [Step(LogEntry(seat, "resign", "resign", by_user), before)]
        state = self._run_chance(engine, engine.resign(before, seat), steps)
        return await self._commit(record, seats, before, state, steps)

    async def _late_turn(
        self, game_id: int, by_user: int | None, expected_version: int
    ) -> tuple[GameRecord, list[SeatRecord], int]:
        """The game, its seats and the late seat, if its deadline passed and ``by_user`` may act on it."""
        record = await self.game(game_id)
        seats = await self.store.seats(game_id)
        check_running(record)
        if record.version != expected_version:
            raise Refused("Too late: the game has moved on since this message.")
        state = engines.get(record.game).loads(record.state or "")
        late = engines.get(record.game).to_move(state)
        if late is None or late < 0:
            raise Refused("Nobody is holding up this game.")
        if by_user is not None:
            self._check_other_player(record, seats, state, late, by_user)
        timing = await self.schedule.timing(game_id)
        deadline = timing.deadline_at(record.turn_started_at or record.updated_at)
        if deadline is None:
            raise Refused(f"Game #{game_id} has no turn deadline.")
        now = self.clock()
        if now < deadline:
            raise Refused(f"The turn deadline has not passed yet: {duration_text(deadline - now)} left.")
        return record, seats, late

    @staticmethod
    def _check_other_player(
        record: GameRecord, seats: list[SeatRecord], state: GameState, late: int, user_id: int
    ) -> None:
        seat = next((s.seat for s in seats if s.user_id == user_id), None)
        if seat is None or seat in state.resigned:
            raise Refused(f"Only the players of game #{record.id} can do this.")
        if seat == late:
            raise Refused("It is your own turn: make your move instead.")

    async def abandon(self, game_id: int, user_id: int, can_manage: bool = False) -> Played:
        async with self.lock(game_id):
            record = await self.game(game_id)
            if record.status not in ("lobby", "active"):
                raise Refused(over_text(record))
            if user_id != record.creator_id and not can_manage:
                raise Refused("Only the game's creator (or someone with Manage Server) can abandon it.")
            await self._guard(self.store.set_status(game_id, record.version, "abandoned", self.clock()))
            return await self.snapshot(game_id)

    # ---- helpers ---------------------------------------------------------------------------
    @staticmethod
    def _active_seat(record: GameRecord, seats: list[SeatRecord], user_id: int) -> int:
        """The seat of ``user_id`` in a running game; Refused for a game not running or a stranger."""
        check_running(record)
        for s in seats:
            if s.user_id == user_id and s.seat is not None:
                return s.seat
        raise Refused(f"You are not playing in game #{record.id}; you can watch it with /{record.game} board.")

    @staticmethod
    def _canonical(engine: Engine, state: GameState, move: str, seats: list[SeatRecord]) -> str:
        """The move's canonical text; a refusal names the players as the table knows them."""
        try:
            return engine.canonical(state, move)
        except IllegalMove as refusal:
            raise IllegalMove(with_names(str(refusal), [s.name for s in seats])) from refusal

    @staticmethod
    def _not_your_turn(mover: int | None, seats: list[SeatRecord]) -> str:
        for s in seats:
            if s.seat == mover:
                return f"It is not your turn: it is {s.name}'s turn."
        return "It is not your turn."

    def _run_chance(self, engine: Engine, state: GameState, steps: list[Step]) -> GameState:
        for _ in range(MAX_CHANCE_STEPS):
            if engine.to_move(state) != CHANCE:
                return state
            outcome = engine.sample_chance(state, self.rng)
            steps.append(Step(LogEntry(CHANCE, "chance", outcome), state))
            state = engine.apply(state, outcome)
        raise GameError("Too many chance moves in a row.")

    async def _commit(
        self, record: GameRecord, seats: list[SeatRecord], before: GameState, state: GameState, steps: list[Step]
    ) -> Played:
        """Log ``steps`` and store ``state`` (reached from ``before``), if the game is still at ``record.version``."""
        engine = engines.get(record.game)
        after = engine.to_move(state)
        status = "finished" if after is None else "active"
        changed = engine.to_move(before) != after
        await self._guard(
            self.store.record_moves(
                record.id,
                record.version,
                [s.entry for s in steps],
                engine.dumps(state),
                status,
                self.clock(),
                turn_changed=changed,
            )
        )
        began = changed and after is not None and after != CHANCE
        return Played(await self.game(record.id), seats, state, steps, began)

    @staticmethod
    async def _guard(change: Any) -> Any:
        try:
            return await change
        except StaleGame as exc:
            raise Refused("Someone else changed this game at the same moment; nothing was applied. Try again.") from exc


def over_text(record: GameRecord) -> str:
    """Why a game that is over refuses: abandoned, or finished."""
    return f"Game #{record.id} was abandoned." if record.status == "abandoned" else f"Game #{record.id} is over."


def check_lobby(record: GameRecord, started: str) -> None:
    """Refuse a lobby action (join, leave, start) unless the game still waits for players."""
    if record.status == "active":
        raise Refused(started)
    if record.status != "lobby":
        raise Refused(over_text(record))


def check_running(record: GameRecord) -> None:
    """Refuse a game action unless the game is being played."""
    if record.status == "lobby":
        raise Refused(f"Game #{record.id} has not started yet.")
    if record.status != "active":
        raise Refused(over_text(record))


def with_names(text: str, names: Sequence[str]) -> str:
    """The engines' "Player 2" (they know seats, not names) as the table's "Ben"."""

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1)) - 1
        return names[seat] if 0 <= seat < len(names) else match.group(0)

    return re.sub(r"\bPlayer (\d+)\b", name, text)


def apply_entry(engine: Engine, before: GameState, entry: LogEntry | MoveRecord) -> GameState:
    """The state after one log entry: a resignation, or a move (chance included)."""
    if entry.kind == "resign":
        return engine.resign(before, entry.seat)
    return engine.apply(before, entry.move)


def describe_entry(
    engine: Engine, before: GameState, entry: LogEntry | MoveRecord, names: Sequence[str], viewer: int | None
) -> str:
    """The log sentence for one entry played on ``before``, as ``viewer`` may read it."""
    if entry.kind == "resign":
        return f"{seat_name(names, entry.seat)} left the game"
    return engine.describe(before, entry.move, names, viewer)


def replay_log(record: GameRecord, num_players: int, log: Sequence[MoveRecord]) -> GameState:
    """Rebuild a game's state from its options and its move log (undone rows skipped)."""
    engine = engines.get(record.game)
    state = engine.new_game(num_players, record.options)
    for row in log:
        if not row.undone:
            state = apply_entry(engine, state, row)
    return state
