"""A load generator: decisions sent at a fixed rate over many active games, timed until their board is posted.

Every ``1 / rate`` seconds (an open loop: it does not wait for answers) one idle active game is
picked at random; its state is read from the database (the bot's chance draws happen in the bot),
a random whole decision is chosen for the player to move and sent as that player's slash command
(``/<game> play move:`` or the game's own command, as ``bench.e2e`` does). The move's time is from
the fake dispatching the interaction until the new board (a message with a PNG) is posted in the
game's thread; the interaction's answer time (the bot defers at once) is kept too. A game waits for
its board before it gets another decision, so each board belongs to one move.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import engines
from bench.e2e import command_for, percentile
from bench.scale_world import ActiveGame
from bot.core.db import Database
from bot.fakediscord import FakeDiscord
from engines.base import CHANCE

BOARD_TIMEOUT = 30.0


@dataclass
class Pending:
    game: ActiveGame
    sent_at: float
    board: asyncio.Future[float]


@dataclass
class LoadResult:
    """What one run at one rate measured."""

    rate: float
    seconds: float
    sent: int = 0
    boards: list[float] = field(default_factory=list)
    """Milliseconds from dispatch to the board in the thread, per move."""
    answers: list[float] = field(default_factory=list)
    refused: int = 0
    lost: int = 0
    send_lag_ms: float = 0.0
    """How far behind its schedule the generator fell at worst (its own CPU)."""
    errors: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        done = len(self.boards)
        return {
            "rate": self.rate,
            "sent": self.sent,
            "boards": done,
            "achieved_per_s": done / self.seconds if self.seconds else 0.0,
            "p50_ms": statistics.median(self.boards) if done else float("nan"),
            "p99_ms": percentile(self.boards, 0.99) if done else float("nan"),
            "answer_p50_ms": statistics.median(self.answers) if self.answers else float("nan"),
            "answer_p99_ms": percentile(self.answers, 0.99) if self.answers else float("nan"),
            "refused": self.refused,
            "lost": self.lost,
            "send_lag_ms": self.send_lag_ms,
            "errors": self.errors[:5],
        }


class Boards:
    """Watches the fake's MESSAGE_CREATE events for boards posted in game threads."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.waiting: dict[int, Pending] = {}
        sink = fake.world.events
        original = sink.dispatch

        def dispatch(event: str, data: dict[str, Any], intent: int) -> None:
            if event == "MESSAGE_CREATE":
                self._created(data)
            original(event, data, intent)

        sink.dispatch = dispatch  # type: ignore[method-assign]

    def _created(self, data: dict[str, Any]) -> None:
        pending = self.waiting.get(int(data["channel_id"]))
        if pending is None or pending.board.done():
            return
        if any(str(a.get("filename", "")).endswith(".png") for a in data.get("attachments", [])):
            pending.board.set_result(time.perf_counter())


class Load:
    """Sends decisions to ``games`` through ``fake``, reading states from ``db``."""

    def __init__(self, fake: FakeDiscord, db: Database, games: list[ActiveGame], seed: int = 5) -> None:
        self.fake = fake
        self.db = db
        self.rng = random.Random(seed)
        self.idle = list(games)
        self.boards = Boards(fake)
        self.shim = SimpleNamespace(fake=fake)

    async def run(self, rate: float, seconds: float, warmup: float = 3.0) -> LoadResult:
        """Send ``rate`` decisions a second for ``warmup`` + ``seconds``; measure those sent after the warm-up."""
        result = LoadResult(rate, seconds)
        tasks: list[asyncio.Task[None]] = []
        start = time.perf_counter()
        measured_from, end = start + warmup, start + warmup + seconds
        due = start
        while due < end:
            now = time.perf_counter()
            if due > now:
                await asyncio.sleep(due - now)
            else:
                result.send_lag_ms = max(result.send_lag_ms, (now - due) * 1000)
            measured = due >= measured_from
            game = self._pick()
            if game is not None:
                tasks.append(asyncio.create_task(self._move(game, result if measured else None)))
                if measured:
                    result.sent += 1
            due += 1 / rate
        if tasks:
            await asyncio.gather(*tasks)
        return result

    def _pick(self) -> ActiveGame | None:
        if not self.idle:
            return None
        index = self.rng.randrange(len(self.idle))
        self.idle[index], self.idle[-1] = self.idle[-1], self.idle[index]
        return self.idle.pop()

    async def _move(self, game: ActiveGame, result: LoadResult | None) -> None:
        keep = True
        try:
            decision = await self._decision(game)
            if decision is None:
                keep = False
                return
            seat, move = decision
            command, options = command_for(self.shim, game.game, move)  # type: ignore[arg-type]
            loop = asyncio.get_running_loop()
            pending = Pending(game, time.perf_counter(), loop.create_future())
            self.boards.waiting[game.thread.id] = pending
            it = await self.fake.slash(game.players[seat], game.thread, f"{game.game} {command}", options, timeout=10)
            posted = await self._board_or_refusal(pending, it)
            if posted is None:
                if result is not None:
                    refused = bool(it.followups)
                    result.refused += refused
                    result.lost += not refused
                    result.errors.append(f"{game.game} #{game.id} {move!r}: {it.content[:160]!r}")
                return
            if result is not None:
                result.boards.append((posted - pending.sent_at) * 1000)
                result.answers.append(it.latency * 1000)
        except Exception as exc:  # a failed move is counted, the run goes on
            if result is not None:
                result.lost += 1
                result.errors.append(f"{game.game} #{game.id}: {exc!r}"[:300])
        finally:
            self.boards.waiting.pop(game.thread.id, None)
            if keep:
                self.idle.append(game)

    async def _board_or_refusal(self, pending: Pending, it: Any) -> float | None:
        """When the move's board was posted; None if the bot refused the move (it answered without a board)."""
        deadline = time.perf_counter() + BOARD_TIMEOUT
        while time.perf_counter() < deadline:
            try:
                return await asyncio.wait_for(asyncio.shield(pending.board), 0.25)
            except TimeoutError:
                if it.followups and not pending.board.done() and not it.content.startswith("Done"):
                    await asyncio.sleep(0.5)  # a followup that is no "Done" is a refusal, unless a board follows
                    if not pending.board.done():
                        return None
        return None

    async def _decision(self, game: ActiveGame) -> tuple[int, str] | None:
        """The seat to move and a random whole decision for it (``;`` between its moves); None once over."""
        row = await self.db.fetchrow("SELECT state, status FROM games WHERE id = ?", game.id)
        if row is None or row["status"] != "active" or row["state"] is None:
            return None
        engine = engines.get(game.game)
        state = engine.loads(row["state"])
        seat = engine.to_move(state)
        if seat is None or seat == CHANCE:
            return None
        moves = []
        while True:
            move = self.rng.choice(engine.legal_moves(state))
            moves.append(move)
            state = engine.apply(state, move)
            if not (engine.partial(state) and engine.to_move(state) == seat):
                return seat, "; ".join(moves)
