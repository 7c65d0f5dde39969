"""Computer players in the bot, without Discord: their turns, and hints (their seats: ``bot.core.seating``).

``ComputerTurns.play(game)`` makes every decision that is a computer's, one after another: it
hands the search (``ai.choose``) the **view** of the computer's seat — never the state — runs it in
a worker (a process pool, so the event loop keeps answering people), and commits the decision
through the host like any move, against the version it thought about. A decision of several moves
is chosen step by step on the computer's own view and committed whole. The host's version check
makes a computer move that raced a person's (a resignation, an undo) harmless.

``ComputerTurns.hint(played, seat)`` ranks the asker's best moves (``ai.suggest``, on the asker's view, in the
worker): up to three first steps of the decision, each with its chance to win and the part of the game's
projected score it moves most, and the whole decision the computer would make from the best of them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

import ai
import engines
from ai.levels import Budget
from bot.core.host import GameHost
from bot.core.played import Played
from bot.core.refused import Refused
from engines.base import View

log = logging.getLogger("bazaar.computers")

MAX_DECISIONS = 200
"""A bound on how many decisions in a row the computers make before handing back (a runaway loop guard)."""
MAX_STEPS = 60
"""A bound on the moves of one decision."""
HINT_LEVEL = "normal"
HINT_MOVES = 3
"""How many ranked moves a hint shows."""


def decide(game: str, view_json: str, level: str, seed: int, iterations: int | None) -> str:
    """The computer's move for the seat whose view this is (runs in a worker process: plain arguments)."""
    engine = engines.get(game)
    view = View.model_validate_json(view_json)
    budget = Budget(iterations) if iterations else None
    return ai.choose(engine, view, level=level, seed=seed, budget=budget)


def advise(
    game: str, view_json: str, level: str, seed: int, iterations: int | None
) -> list[tuple[str, int, float, str | None, float]]:
    """The ranked moves for the seat whose view this is (in a worker process: plain arguments and answers)."""
    engine = engines.get(game)
    view = View.model_validate_json(view_json)
    budget = Budget(iterations) if iterations else None
    _, found = ai.suggest(engine, view, level=level, seed=seed, budget=budget, top=HINT_MOVES)
    return [(s.move, s.searches, s.chance, s.reason, s.change) for s in found]


@dataclass(frozen=True)
class Suggested:
    """One move of a hint: its steps (for the best move the whole decision the computer would make, for the others
    their first step), its chance to win in [0, 1] (``ai.hints``), and why: a term id of the game's projection and
    how far it moved, in projected points (None: nothing moved)."""

    moves: list[str]
    chance: float
    reason: str | None
    change: float


@dataclass(frozen=True)
class Thinking:
    """What a computer decision needs: the game, the seat, its level, and the seed of the search."""

    game_id: int
    seat: int
    user_id: int
    level: str


class ComputerTurns:
    """Plays the computers' decisions of a game through the host, thinking in ``executor``."""

    def __init__(self, host: GameHost, executor: Executor | None, iterations: int | None = None) -> None:
        self.host = host
        self.executor = executor
        self.iterations = iterations
        """Search iterations per decision instead of each level's (tests and local play keep it small)."""
        self._running: dict[int, asyncio.Task[Any]] = {}

    async def think(self, game: str, view: View, level: str, seed: int) -> str:
        """One move for ``view``'s seat, in the worker (or a thread when no worker pool is given)."""
        loop = asyncio.get_running_loop()
        args = (game, view.model_dump_json(), level, seed, self.iterations)
        if self.executor is None:
            return await asyncio.to_thread(decide, *args)
        return await loop.run_in_executor(self.executor, decide, *args)

    async def whose(self, played: Played) -> Thinking | None:
        """The computer to move in ``played``, if it is a computer's decision."""
        seat = played.to_move_player
        if seat is None or played.game.status != "active":
            return None
        record = next((s for s in played.seats if s.seat == seat), None)
        if record is None or record.computer is None:
            return None
        return Thinking(played.game.id, seat, record.user_id, record.computer)

    async def decision(self, played: Played, who: Thinking, first: str | None = None) -> list[str]:
        """The moves of one whole decision, each chosen on the computer's own view of the game so far (``first``:
        its first step is already chosen)."""
        engine, state = played.engine, played.state
        assert state is not None
        moves: list[str] = []
        if first is not None:
            moves.append(first)
            state = engine.apply(state, first)
            if not (engine.partial(state) and engine.to_move(state) == who.seat):
                return moves
        for step in range(len(moves), MAX_STEPS):
            seed = hash_seed(played.game.id, played.game.version, step)
            move = await self.think(engine.name, engine.view(state, who.seat), who.level, seed)
            moves.append(move)
            state = engine.apply(state, move)
            if not (engine.partial(state) and engine.to_move(state) == who.seat):
                return moves
        raise RuntimeError(f"game {played.game.id}: a computer decision did not end in {MAX_STEPS} moves")

    async def play(self, game_id: int, after: Callable[[Played], Any] | None = None) -> int:
        """Make every computer decision due in ``game_id``; ``after`` is awaited after each. How many were made."""
        made = 0
        for _ in range(MAX_DECISIONS):
            played = await self.host.snapshot(game_id)
            who = await self.whose(played)
            if who is None:
                return made
            moves = await self.decision(played, who)
            try:
                result = await self.host.play(
                    game_id, who.user_id, moves, expected_version=played.game.version, as_computer=True
                )
            except Refused as refusal:
                log.info("game %s: a computer move was refused (%s); looking again", game_id, refusal.code)
                continue
            made += 1
            if after is not None:
                await after(result)
        return made

    def start(self, game_id: int, after: Callable[[Played], Any] | None = None) -> asyncio.Task[Any] | None:
        """Play the game's computer decisions in the background (one task per game at a time)."""
        running = self._running.get(game_id)
        if running is not None and not running.done():
            return running
        task = asyncio.create_task(self._guarded(game_id, after), name=f"bazaar-computers-{game_id}")
        self._running[game_id] = task
        return task

    async def _guarded(self, game_id: int, after: Callable[[Played], Any] | None) -> None:
        try:
            await self.play(game_id, after)
        except Exception:
            log.exception("game %s: the computer players failed", game_id)

    async def idle(self) -> None:
        """Wait until no computer is thinking (tests)."""
        while running := [t for t in self._running.values() if not t.done()]:
            await asyncio.gather(*running, return_exceptions=True)

    async def stop(self) -> None:
        """Stop thinking (the bot is closing): a decision not yet stored is made again after the restart."""
        running = [t for t in self._running.values() if not t.done()]
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)
        self._running.clear()

    async def hint(self, played: Played, seat: int) -> list[Suggested]:
        """The best moves for ``seat`` now at the hint level, best first: up to ``HINT_MOVES`` first steps with
        their chances and reasons, the first of them with the whole decision the computer would make."""
        if not played.game.hints:
            raise Refused("hints_off", id=played.game.id)
        if played.to_move_player != seat:
            raise Refused("hint_not_your_turn")
        engine, state = played.engine, played.state
        assert state is not None
        seed = hash_seed(played.game.id, played.game.version, 0)
        args = (engine.name, engine.view(state, seat).model_dump_json(), HINT_LEVEL, seed, self.iterations)
        if self.executor is None:
            ranked = await asyncio.to_thread(advise, *args)
        else:
            ranked = await asyncio.get_running_loop().run_in_executor(self.executor, advise, *args)
        who = Thinking(played.game.id, seat, 0, HINT_LEVEL)
        found = []
        for rank, (move, _, chance, reason, change) in enumerate(ranked):
            moves = await self.decision(played, who, move) if rank == 0 else [move]
            found.append(Suggested(moves, chance, reason, change))
        return found


def hash_seed(game_id: int, version: int, step: int) -> int:
    """A search seed fixed by the game, its version and the step: the same position, the same move."""
    return (game_id * 1_000_003 + version * 1_009 + step) % (2**31)
