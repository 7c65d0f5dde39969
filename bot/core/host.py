"""The game host: lobby, seating, moves and chance, on top of the engines and the store.

Nothing here knows about Discord. Every public method takes plain ids and names, checks who may
do what, applies the engine, rolls any dice or draws that follow with its RNG, and stores the
result in one transaction together with the messages it owes (``Posts``): the board, the next
player's DM, the thread's archiving. Refusals raise ``Refused`` (a ``GameError`` with a code and
parameters, worded by the bot's catalogs); the game is then unchanged.

Exactly once: a change names the game version its sender saw (``expected_version``: a button's
own, or the version when a command arrived) and is refused if the game has moved on since; the
same Discord interaction handled twice is answered from its first result (``interaction_id``).
A decision of several moves is applied whole or not at all (``Engine.partial``).
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from typing import Any, TypeVar

import engines
from bot.core.db import Connection
from bot.core.played import Played, Step
from bot.core.posts import Headline, Posts
from bot.core.ratings import Finish, rate_in
from bot.core.records import GameRecord, LogEntry, MoveRecord, SeatRecord, StaleGame
from bot.core.refused import Refused
from bot.core.schedule import ScheduleStore
from bot.core.seating import COMPUTER_SENDER, check_level, computer_name, computer_user_id
from bot.core.store import NewDelivery, Store
from bot.core.timing import Duration, Timing
from engines.base import CHANCE, Engine, GameError, GameState, Transition

MAX_CHANCE_STEPS = 10_000
MAX_SKIPPED_DECISIONS = 50
T = TypeVar("T")


@dataclass(frozen=True)
class Handled:
    """What the first handling of an interaction did (for a second delivery of the same interaction)."""

    game_id: int
    version: int


class GameHost:
    """Runs games for the bot. One instance per process; safe for concurrent use."""

    def __init__(
        self,
        store: Store,
        schedule: ScheduleStore,
        posts: Posts,
        rng: random.Random | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.schedule = schedule
        self.posts = posts
        self.rng = rng or random.SystemRandom()
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self.committed: Callable[[int], None] = lambda game_id: None
        """Called with the game's id after every change committed that may hand a turn to a computer player
        (the computers listen): every change of a game with a computer seat, and every change of seats."""

    def lock(self, game_id: int) -> asyncio.Lock:
        """Serialises changes to one game inside this process (the version check guards the rest)."""
        return self._locks.setdefault(game_id, asyncio.Lock())

    @asynccontextmanager
    async def acting(self, game_id: int) -> AsyncIterator[None]:
        """Hold the game's lock; a refusal raised inside learns which game and players it is about."""
        async with self.lock(game_id):
            try:
                yield
            except GameError as exc:
                await self.attach_context(exc, game_id)
                raise

    async def attach_context(self, error: GameError, game_id: int) -> None:
        """Tell ``error`` its game and players (the catalogs word a game's refusals with its names)."""
        if getattr(error, "game", None) is not None:
            return
        record = await self.store.get_game(game_id)
        if record is not None:
            tell_game(error, record, await self.store.seats(game_id))

    # ---- reading ------------------------------------------------------------------------------
    async def game(self, game_id: int) -> GameRecord:
        record = await self.store.get_game(game_id)
        if record is None:
            raise Refused("no_game", id=game_id)
        return record

    async def snapshot(self, game_id: int, record: GameRecord | None = None) -> Played:
        """The game as it stands, with no steps (``record``: the game's row just read, not read again unless it
        was read without its state, as lists are)."""
        if record is None or (record.state is None and record.status != "lobby"):
            record = await self.game(game_id)
        return Played(record, await self.store.seats(game_id), state_of(record))

    def fresh(self, known: Played | None) -> bool:
        """Whether ``known`` (a snapshot read before the game's lock was taken) can stand for the game as it is:
        no change of it committed in this process since. A change by another process is caught by the version
        check of the write, as ever."""
        return known is not None and known.game.version >= self.store.newest_version(known.game.id)

    async def handled(self, interaction_id: int) -> Handled | None:
        """The result of an interaction handled before, if it changed a game."""
        outcome = await self.store.interaction_outcome(interaction_id)
        if outcome is None:
            return None
        data = json.loads(outcome)
        return Handled(int(data["game"]), int(data["version"]))

    # ---- lobby ----------------------------------------------------------------------------------
    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        user_id: int,
        name: str,
        timing: Timing,
        thread: bool,
        computers: int = 0,
        level: str = "normal",
        hints: bool = True,
        language: str = "en",
    ) -> Played:
        """A new game in the lobby (with ``computers`` computer players of ``level``); its thread and lobby
        message are owed in the same transaction."""
        engine = engines.get(game)
        if not 0 <= computers < engine.max_players:
            raise Refused("too_many_computers", max=engine.max_players - 1)
        taken = {name}
        seated = []
        for index in range(computers):
            robot = computer_name(taken)
            taken.add(robot)
            seated.append((computer_user_id(index), robot, check_level(level)))
        record = await self.store.create_game(
            guild_id=guild_id,
            channel_id=channel_id,
            thread_id=None,
            game=engine.name,
            language=language,
            options=engine.resolve_options(options),
            creator_id=user_id,
            creator_name=name,
            now=self.clock(),
            deliveries=[self.posts.lobby_opening(engine, thread)],
            timing=(timing.reminder_hours, timing.deadline_hours, timing.auto_skip),
            hints=hints,
            computers=seated,
        )
        self.committed(record.id)
        return await self.snapshot(record.id)

    async def join(self, game_id: int, user_id: int, name: str, expected_version: int | None = None) -> Played:
        async with self.acting(game_id):
            record = await self.game(game_id)
            check_version(record, expected_version)
            engine = engines.get(record.game)
            seats = await self.store.seats(game_id)
            check_lobby(record, "already_started")
            if any(s.user_id == user_id for s in seats):
                raise Refused("already_joined", id=game_id)
            if len(seats) >= engine.max_players:
                raise Refused("game_full", id=game_id, title=engine.title, max=engine.max_players)
            change = self.store.join(game_id, record.version, user_id, name, self.clock(), [self.posts.lobby_edit()])
            await self._guard(change)
            return await self.snapshot(game_id)

    async def add_computer(self, game_id: int, user_id: int, level: str = "normal") -> Played:
        """A computer player of ``level`` takes a free seat of the lobby (asked by one of its players)."""
        async with self.acting(game_id):
            record = await self.game(game_id)
            engine = engines.get(record.game)
            seats = await self.store.seats(game_id)
            check_lobby(record, "already_started")
            if not any(s.user_id == user_id for s in seats):
                raise Refused("not_joined", id=game_id)
            if len(seats) >= engine.max_players:
                raise Refused("game_full", id=game_id, title=engine.title, max=engine.max_players)
            robots = [s for s in seats if s.computer is not None and s.user_id < 0]
            robot_id = min([s.user_id for s in robots], default=0) - 1
            name = computer_name({s.name for s in seats})
            change = self.store.join(
                game_id, record.version, robot_id, name, self.clock(), [self.posts.lobby_edit()], check_level(level)
            )
            await self._guard(change)
            self.committed(game_id)
            return await self.snapshot(game_id)

    async def leave(self, game_id: int, user_id: int, expected_version: int | None = None) -> Played:
        async with self.acting(game_id):
            record = await self.game(game_id)
            check_version(record, expected_version)
            seats = await self.store.seats(game_id)
            check_lobby(record, "started_use_resign")
            if not any(s.user_id == user_id for s in seats):
                raise Refused("not_joined", id=game_id)
            if user_id == record.creator_id:
                raise Refused("creator_cannot_leave")
            await self._guard(
                self.store.leave(game_id, record.version, user_id, self.clock(), [self.posts.lobby_edit()])
            )
            return await self.snapshot(game_id)

    async def start(self, game_id: int, user_id: int, can_manage: bool = False) -> Played:
        """Seat the players in random order, create the engine state and play the setup chance moves."""
        async with self.acting(game_id):
            record = await self.game(game_id)
            engine = engines.get(record.game)
            seats = await self.store.seats(game_id)
            check_lobby(record, "already_started")
            if user_id != record.creator_id and not can_manage:
                raise Refused("only_creator_starts")
            if len(seats) < engine.min_players:
                raise Refused("too_few_players", title=engine.title, min=engine.min_players, count=len(seats))
            order = [s.user_id for s in seats]
            self.rng.shuffle(order)
            state = engine.new_game(len(order), record.options)
            steps: list[Step] = []
            state = self._run_chance(engine, state, steps)
            now = self.clock()
            seated = [_seated(next(s for s in seats if s.user_id == uid), seat) for seat, uid in enumerate(order)]
            preview = self._preview(record, seated, state, steps, began=True)
            deliveries = [self.posts.lobby_edit(), *await self._owed(preview, Headline("started"), None)]
            timing = await self.schedule.timing(game_id)
            status = "finished" if engine.to_move(state) is None else "active"
            await self._guard(
                self.store.start(
                    game_id,
                    record.version,
                    order,
                    [s.entry for s in steps],
                    engine.dumps(state),
                    status,
                    now,
                    timing.first_due(now),
                    deliveries,
                    engine.to_move(state),
                )
            )
            self.committed(game_id)
            return Played(await self.game(game_id), await self.store.seats(game_id), state, steps, True)

    async def abandon(self, game_id: int, user_id: int, by_name: str, can_manage: bool = False) -> Played:
        async with self.acting(game_id):
            record = await self.game(game_id)
            if record.status not in ("lobby", "active"):
                raise _over(record)
            if user_id != record.creator_id and not can_manage:
                raise Refused("only_creator_abandons")
            played = await self.snapshot(game_id)
            deliveries = [self.posts.lobby_edit(), *self.posts.abandoned(played, by_name)]
            await self._guard(self.store.set_status(game_id, record.version, "abandoned", self.clock(), deliveries))
            self.committed(game_id)
            return await self.snapshot(game_id)

    # ---- play ---------------------------------------------------------------------------------------
    async def play(
        self,
        game_id: int,
        user_id: int,
        moves: Sequence[str],
        expected_version: int | None = None,
        interaction_id: int | None = None,
        as_computer: bool = False,
        sent_at: float | None = None,
        known: Played | None = None,
    ) -> Played:
        """Apply ``moves`` (one whole decision of this user, in one or more moves) and the chance that follows.

        ``as_computer``: the bot plays a computer's seat (a person may not act on one). ``sent_at``: when a
        command was sent (its interaction's snowflake time, Discord's clock); a game changed since then (on
        Discord's clock too: ``bot.core.ordering``) is not the game its sender saw.
        ``known``: the game as the caller just read it (the button's or command's check), used instead of
        reading and parsing it again unless this process changed the game since (the write still checks
        the stored version, so a change by another process refuses the move as before).
        """
        if sent_at is not None:
            self.store.discord.saw(sent_at)  # the change this command makes is stamped after its own time
        async with self.acting(game_id):
            state: GameState | None
            if known is not None and known.game.id == game_id and known.state is not None and self.fresh(known):
                record, seats, state = known.game, known.seats, known.state
            else:
                record = await self.game(game_id)
                seats = await self.store.seats(game_id)
                state = state_of(record)
            try:
                return await self._play(
                    record, seats, state, user_id, moves, expected_version, as_computer, sent_at, interaction_id
                )
            except GameError as exc:
                tell_game(exc, record, seats)
                raise

    async def _play(
        self,
        record: GameRecord,
        seats: list[SeatRecord],
        state: GameState | None,
        user_id: int,
        moves: Sequence[str],
        expected_version: int | None,
        as_computer: bool,
        sent_at: float | None,
        interaction_id: int | None,
    ) -> Played:
        """``play`` on the game as read: checks, the engine's transitions, the chance after them, the commit."""
        check_version(record, expected_version)
        check_sent_after(record, sent_at)
        seat = active_seat(record, seats, user_id, as_computer)
        engine = engines.get(record.game)
        assert state is not None  # a running game has its state
        before = state
        steps: list[Step] = []
        for move in moves:
            mover = engine.to_move(state)
            if mover != seat:
                raise not_your_turn(mover)
            step = engine.transition(state, move)
            sender = COMPUTER_SENDER if as_computer else user_id
            steps.append(Step(LogEntry(seat, "move", step.move, sender), state, step.events))
            state = self._run_chance(engine, step.state, steps)
        if engine.partial(state) and engine.to_move(state) == seat:
            decision = engine.view(state, seat).decision
            raise Refused("partial_decision", decision=decision.model_dump(mode="json") if decision else None)
        return await self._commit(record, seats, before, state, steps, user_id, interaction_id=interaction_id)

    async def standing(self, game_id: int, user_id: int, move: str) -> Played:
        """A standing move of ``user_id`` (an order that applies out of turn), logged like any move."""
        async with self.acting(game_id):
            record = await self.game(game_id)
            seats = await self.store.seats(game_id)
            seat = active_seat(record, seats, user_id)
            engine = engines.get(record.game)
            before = engine.loads(record.state or "")
            step = engine.apply_standing(before, seat, move)
            steps = [Step(LogEntry(seat, "standing", step.move, user_id), before, step.events)]
            state = self._run_chance(engine, step.state, steps)
            quiet = len(steps) == 1 and same_decision(engine, before, state)
            return await self._commit(record, seats, before, state, steps, user_id, quiet=quiet, moved=not quiet)

    async def resign(self, game_id: int, user_id: int, replace: bool = False) -> Played:
        """``user_id`` leaves a running game: the engine decides whether it goes on, or (``replace``) a computer
        plays on in the seat."""
        async with self.acting(game_id):
            record = await self.game(game_id)
            seats = await self.store.seats(game_id)
            seat = active_seat(record, seats, user_id)
            if replace:
                return await self._replace(record, seats, seat, Headline("replaced", seat=seat))
            return await self._take_out(record, seats, seat, user_id, Headline("resigned", seat=seat))

    async def replace_late(self, game_id: int, by_user: int, expected_version: int, level: str = "normal") -> Played:
        """Past the turn deadline, another player hands the late seat to a computer (the game goes on)."""
        async with self.acting(game_id):
            record, seats, late = await self._late_turn(game_id, by_user, expected_version)
            headline = Headline("replaced_late", seat=late, by_seat=_seat_of(seats, by_user))
            return await self._replace(record, seats, late, headline, level)

    async def _replace(
        self, record: GameRecord, seats: list[SeatRecord], seat: int, headline: Headline, level: str = "normal"
    ) -> Played:
        """A computer of ``level`` takes over ``seat``; the game's board is posted again with the news."""
        now = self.clock()
        updated = [_as_computer(s, level) if s.seat == seat else s for s in seats]
        preview = self._preview(record, updated, state_of(record), [], began=False)  # type: ignore[arg-type]
        deliveries = await self._owed(preview, headline, None)
        await self._guard(
            self.store.replace_with_computer(record.id, record.version, seat, check_level(level), now, deliveries)
        )
        self.committed(record.id)
        return await self.snapshot(record.id)

    async def skip_turn(self, game_id: int, by_user: int | None, expected_version: int) -> Played:
        """Past the turn deadline, play the engine's safe default moves until the late seat's turn is over.

        ``by_user`` is another player of the game, or None when the bot skips by itself (auto-skip).
        """
        async with self.acting(game_id):
            record, seats, late = await self._late_turn(game_id, by_user, expected_version)
            engine = engines.get(record.game)
            before = state = engine.loads(record.state or "")
            steps: list[Step] = []
            for _ in range(MAX_SKIPPED_DECISIONS):
                if engine.to_move(state) != late:
                    break
                step = engine.transition(state, engine.default_move(state))
                steps.append(Step(LogEntry(late, "move", step.move, by_user), state, step.events))
                state = self._run_chance(engine, step.state, steps)
            by_seat = _seat_of(seats, by_user)
            headline = (
                Headline("skipped", seat=late, by_seat=by_seat) if by_user else Headline("auto_skipped", seat=late)
            )
            return await self._commit(record, seats, before, state, steps, by_user, headline)

    async def remove_late(self, game_id: int, by_user: int, expected_version: int) -> Played:
        """Past the turn deadline, another player takes the late seat out of the game (logged as a resignation)."""
        async with self.acting(game_id):
            record, seats, late = await self._late_turn(game_id, by_user, expected_version)
            headline = Headline("removed", seat=late, by_seat=_seat_of(seats, by_user))
            return await self._take_out(record, seats, late, by_user, headline)

    async def _take_out(
        self, record: GameRecord, seats: list[SeatRecord], seat: int, by_user: int, headline: Headline
    ) -> Played:
        """Resign ``seat`` (logged as sent by ``by_user``) and play the chance that follows."""
        engine = engines.get(record.game)
        before = engine.loads(record.state or "")
        step = engine.resign_transition(before, seat)
        steps = [Step(LogEntry(seat, "resign", "resign", by_user), before, step.events)]
        state = self._run_chance(engine, step.state, steps)
        return await self._commit(record, seats, before, state, steps, by_user, headline, left_seat=seat)

    async def _late_turn(
        self, game_id: int, by_user: int | None, expected_version: int
    ) -> tuple[GameRecord, list[SeatRecord], int]:
        """The game, its seats and the late seat, if its deadline passed and ``by_user`` may act on it."""
        record = await self.game(game_id)
        seats = await self.store.seats(game_id)
        check_running(record)
        if not record.shows(expected_version):
            raise Refused("too_late")
        engine = engines.get(record.game)
        state = engine.loads(record.state or "")
        late = engine.to_move(state)
        if late is None or late < 0:
            raise Refused("nobody_late")
        if by_user is not None:
            check_other_player(record, seats, state, late, by_user)
        timing = await self.schedule.timing(game_id)
        deadline = timing.deadline_at(record.turn_started_at or record.updated_at)
        if deadline is None:
            raise Refused("no_deadline", id=game_id)
        now = self.clock()
        if now < deadline:
            raise Refused("deadline_not_passed", left=Duration(deadline - now))
        return record, seats, late

    # ---- committing ------------------------------------------------------------------------------------
    def _run_chance(self, engine: Engine, state: GameState, steps: list[Step]) -> GameState:
        for _ in range(MAX_CHANCE_STEPS):
            if engine.to_move(state) != CHANCE:
                return state
            outcome = engine.sample_chance(state, self.rng)
            step = engine.transition(state, outcome)
            steps.append(Step(LogEntry(CHANCE, "chance", step.move, None), state, step.events))
            state = step.state
        raise GameError("too_many_chance")

    def _preview(
        self, record: GameRecord, seats: list[SeatRecord], state: GameState, steps: list[Step], began: bool
    ) -> Played:
        """The game as it will be once committed (its version one higher), for composing what it owes."""
        upcoming = GameRecord(**{**record.__dict__, "version": record.version + 1, "state": None})
        engine = engines.get(record.game)
        if engine.to_move(state) is None:
            upcoming = GameRecord(**{**upcoming.__dict__, "status": "finished"})
        return Played(upcoming, seats, state, steps, began)

    async def _commit(
        self,
        record: GameRecord,
        seats: list[SeatRecord],
        before: GameState,
        state: GameState,
        steps: list[Step],
        actor_id: int | None,
        headline: Headline | None = None,
        *,
        interaction_id: int | None = None,
        quiet: bool = False,
        left_seat: int | None = None,
        moved: bool = True,
    ) -> Played:
        """Log ``steps``, store ``state`` and owe its messages, if the game is still at ``record.version``.

        ``quiet``: nothing is owed (no post). ``moved`` False: standing orders alone changed, so every control made
        since the game last moved stays good (``GameRecord.moved_version`` does not move)."""
        engine = engines.get(record.game)
        after = engine.to_move(state)
        status = "finished" if after is None else "active"
        changed = engine.to_move(before) != after
        began = changed and after is not None and after != CHANCE
        preview = self._preview(record, seats, state, steps, began)
        acting = next((s.entry for s in steps if s.entry.kind != "chance"), None)
        # a step inside its mover's own turn; a standing order that moves the game is none (its sender is answered
        # with no board and no next step, so the post is owed even when the next decision is theirs again)
        mover = acting.seat if acting is not None and acting.kind == "move" else None
        preview.goes_on = (
            headline is None and left_seat is None and not changed and after is not None and after == mover
        )
        deliveries = [] if quiet else await self._owed(preview, headline, actor_id)
        now = self.clock()
        next_due = await self._next_due(record, changed, now)
        interaction = None
        if interaction_id is not None:
            interaction = (interaction_id, json.dumps({"game": record.id, "version": record.version + 1}))
        stored = engine.dumps(state)
        stamp = self.store.discord.now()  # no later than the stamp the write stores: never stricter than it
        rated = self._rating(record, seats, engine, state, status, left_seat, now)
        version = await self._guard(
            self.store.record_moves(
                record.id,
                record.version,
                [s.entry for s in steps],
                stored,
                status,
                now,
                turn_changed=changed,
                next_due_at=next_due,
                deliveries=deliveries,
                interaction=interaction,
                to_move=after,
                left_seat=left_seat,
                moved=moved,
                also=rated,
            )
        )
        if any(s.computer is not None for s in seats):
            self.committed(record.id)
        written = replace(
            record,
            version=version,
            moved_version=version if moved else record.moved_version,
            state=stored,
            status=status,
            updated_at=now if moved else record.updated_at,
            changed_discord_at=stamp if moved else record.changed_discord_at,
            to_move=after,
            turn_started_at=now if changed else record.turn_started_at,
            next_due_at=next_due if status == "active" else None,
        )
        seated = [replace(s, left_game=True) if left_seat is not None and s.seat == left_seat else s for s in seats]
        played = Played(written, seated, state, steps, began, goes_on=preview.goes_on)  # as stored
        played.share_views(preview)  # the post's views serve the board's image and buttons too
        return played

    def _rating(
        self,
        record: GameRecord,
        seats: list[SeatRecord],
        engine: Engine,
        state: GameState,
        status: str,
        left_seat: int | None,
        now: float,
    ) -> Callable[[Connection], Awaitable[None]] | None:
        """A finished game's rating, written with its final move (``bot.core.ratings``); None otherwise."""
        outcome = engine.outcome(state) if status == "finished" else None
        if outcome is None:
            return None
        ended = [replace(s, left_game=True) if s.seat == left_seat and left_seat is not None else s for s in seats]
        finish = Finish(replace(record, status=status), ended, outcome)
        lock = self.store.db.dialect == "postgres"
        return lambda tx: rate_in(tx, finish, now, lock)

    async def _next_due(self, record: GameRecord, turn_changed: bool, now: float) -> float | None:
        """When the scheduler should look at the game next: the new turn's first reminder or deadline."""
        timing = await self.schedule.timing(record.id)
        if turn_changed:
            return timing.first_due(now)
        deadline = timing.deadline_at(record.turn_started_at or now)
        if deadline is not None and deadline <= now:
            return now
        return record.next_due_at

    async def commit_undo(self, record: Any, played: Played, state: GameState, headline: Headline) -> int:
        """Store a granted undo (rows marked undone, the state rebuilt) and owe its board, in one transaction."""
        engine = played.engine
        began = played.state is None or engine.to_move(played.state) != engine.to_move(state)
        preview = self._preview(played.game, played.seats, state, [], began=began)
        deliveries = await self._owed(preview, headline, None, undone=record.last_ply - record.first_ply + 1)
        now = self.clock()
        timing = await self.schedule.timing(played.game.id)
        status = "finished" if engine.to_move(state) is None else "active"
        version = await self._guard(
            self.store.undo_moves(
                record, engine.dumps(state), status, now, timing.first_due(now), deliveries, engine.to_move(state)
            )
        )
        self.committed(played.game.id)
        return version

    async def _owed(
        self, preview: Played, headline: Headline | None, actor_id: int | None, undone: int = 0
    ) -> list[NewDelivery]:
        """What the change ``preview`` owes (``Posts.after_change``): its news while its mover goes on, else its
        board with the news kept since the last post (read here; the version check of the write guarantees
        no change of the game added any since, and the store drops them with the board's transaction).
        ``undone``: the log's newest rows just taken back; those of them still kept as news (steps inside the turn,
        never posted) are not news any more: they did not happen."""
        if preview.goes_on:
            return await self.posts.after_change(preview, headline, actor_id)
        kept = await self.store.news(preview.game.id)
        rows = [row for delivery in kept for row in delivery.payload.get("rows", [])]
        rows = rows[: max(0, len(rows) - undone)]
        return await self.posts.after_change(preview, headline, actor_id, rows)

    async def _guard(self, change: Awaitable[T]) -> T:
        try:
            return await change
        except StaleGame as exc:
            raise Refused("raced") from exc


# ---- checks -----------------------------------------------------------------------------------------
def state_of(record: GameRecord) -> GameState | None:
    if record.state is None:
        return None
    return engines.get(record.game).loads(record.state)


def tell_game(error: GameError, record: GameRecord, seats: Sequence[SeatRecord]) -> None:
    """Tell a refusal its game and players (the catalogs word a game's refusals with its names)."""
    if getattr(error, "game", None) is None:
        error.game = record.game  # type: ignore[attr-defined]
        error.names = [s.name for s in seats]  # type: ignore[attr-defined]


def check_version(record: GameRecord, expected: int | None) -> None:
    """Refuse a change sent against an older version of the game."""
    if expected is not None and not record.shows(expected):
        raise Refused("moved_on")


def check_sent_after(record: GameRecord, sent_at: float | None) -> None:
    """Refuse a command sent before the game's last change (both on Discord's clock; the host's is never read)."""
    changed = record.changed_discord_at
    if sent_at is not None and changed is not None and changed > sent_at:
        raise Refused("moved_on")


def over_code(record: GameRecord) -> tuple[str]:
    """Why a game that is over refuses: abandoned, or finished (the code; the id goes with it)."""
    return ("game_abandoned",) if record.status == "abandoned" else ("game_finished",)


def _over(record: GameRecord) -> Refused:
    return Refused(over_code(record)[0], id=record.id, title=engines.get(record.game).title)


def same_decision(engine: Engine, before: GameState, after: GameState) -> bool:
    """Whether a standing move left the game where it was: the same seat to decide the same thing with the same
    choices (only orders changed). An order that answers a decision waiting for it is a move of the game."""
    seat = engine.to_move(before)
    if engine.to_move(after) != seat or engine.legal_moves(after) != engine.legal_moves(before):
        return False
    if seat is None or seat < 0:
        return True
    return engine.view(after, seat).decision == engine.view(before, seat).decision


def check_lobby(record: GameRecord, started_code: str) -> None:
    """Refuse a lobby action (join, leave, start) unless the game still waits for players."""
    if record.status == "active":
        raise Refused(started_code, id=record.id, command=record.game)
    if record.status != "lobby":
        raise _over(record)


def check_running(record: GameRecord) -> None:
    """Refuse a game action unless the game is being played."""
    if record.status == "lobby":
        raise Refused("not_started", id=record.id)
    if record.status != "active":
        raise _over(record)


def active_seat(record: GameRecord, seats: list[SeatRecord], user_id: int, as_computer: bool = False) -> int:
    """The seat of ``user_id`` in a running game; Refused for a game not running, a stranger, or a person
    acting on a seat a computer plays."""
    check_running(record)
    for s in seats:
        if s.user_id == user_id and s.seat is not None:
            if (s.computer is not None) != as_computer:
                raise Refused("seat_played_by_computer", id=record.id)
            return s.seat
    raise Refused("not_a_player", id=record.id, command=record.game)


def not_your_turn(mover: int | None) -> Refused:
    if mover == CHANCE or mover is None:
        return Refused("not_your_turn_chance")
    return Refused("not_your_turn", to_move_seat=mover)


def check_other_player(record: GameRecord, seats: list[SeatRecord], state: GameState, late: int, user_id: int) -> None:
    seat = _seat_of(seats, user_id)
    if seat is None or seat in state.resigned:
        raise Refused("only_players", id=record.id)
    if seat == late:
        raise Refused("your_own_turn")


def _seat_of(seats: Sequence[SeatRecord], user_id: int | None) -> int | None:
    return next((s.seat for s in seats if user_id is not None and s.user_id == user_id), None)


def _seated(seat: SeatRecord, number: int) -> SeatRecord:
    return SeatRecord(seat.game_id, seat.user_id, seat.name, number, seat.joined_at, seat.computer)


def _as_computer(seat: SeatRecord, level: str) -> SeatRecord:
    return SeatRecord(seat.game_id, seat.user_id, seat.name, seat.seat, seat.joined_at, level)


# ---- replaying the log --------------------------------------------------------------------------------
def apply_entry(engine: Engine, before: GameState, entry: LogEntry | MoveRecord) -> Transition[GameState]:
    """One log entry applied to ``before``: a resignation, a standing move, or a move (chance included)."""
    if entry.kind == "resign":
        return engine.resign_transition(before, entry.seat)
    if entry.kind == "standing":
        return engine.apply_standing(before, entry.seat, entry.move)
    return engine.transition(before, entry.move)


def replay_log(record: GameRecord, num_players: int, log: Sequence[MoveRecord]) -> GameState:
    """Rebuild a game's state from its options and its move log (undone rows skipped)."""
    engine = engines.get(record.game)
    state = engine.new_game(num_players, record.options)
    for row in log:
        if not row.undone:
            state = apply_entry(engine, state, row).state
    return state


__all__ = ["GameHost", "Handled", "Played", "Step", "apply_entry", "replay_log", "state_of"]
