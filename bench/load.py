"""A load generator: decisions sent at a fixed rate over many active games, timed until their board is posted.

Every ``1 / rate`` seconds (an open loop: it does not wait for answers) one idle active game is
picked at random; its state is read from the database (the bot's chance draws happen in the bot),
a random whole decision is chosen for the player to move and sent as that player's slash command
(``/<game> play move:`` or the game's own command, as ``bench.e2e`` does). The move's time is from
the fake dispatching the interaction until the new board (a message with a PNG) is posted in the
game's thread — or, for a step inside the mover's turn (one post per turn), until the mover's private
answer shows them the board; the interaction's answer time (the bot defers at once) is kept too. A game waits for
its board before it gets another decision, so each board belongs to one move.

A decision without a board in the run is one of: ``refused`` (the bot answered with a refusal),
``unanswered`` (the bot's first answer came after Discord's 3 seconds, or never within 10: Discord
refuses it with 404 Unknown interaction, the user sees "the application did not respond", and the bot
stops at that answer, so nothing is stored), ``late`` (answered, but no board within ``BOARD_TIMEOUT``
of the answer: counted apart, it may still come) or ``failed`` (anything else). After each run,
``audit`` checks the other side: every board the bot owed since the run began (its outbox rows, written
with the move) is delivered once the bot has caught up, and the fake received as many boards.
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
from engines.base import CHANCE
from offline.fakediscord import FakeDiscord

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
    unanswered: int = 0
    """The bot's first answer came after Discord's 3 s (or not in 10 s): the move was never applied."""
    late: int = 0
    """Answered, but no board within ``BOARD_TIMEOUT`` of the answer (it may still be posted)."""
    failed: int = 0
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
            "unanswered": self.unanswered,
            "late": self.late,
            "failed": self.failed,
            "send_lag_ms": self.send_lag_ms,
            "errors": self.errors[:5],
        }


class Boards:
    """Watches the fake's MESSAGE_CREATE events for boards posted in game threads."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.waiting: dict[int, Pending] = {}
        self.posted = 0
        """Boards (messages with a PNG) posted in any thread so far."""
        sink = fake.world.events
        original = sink.dispatch

        def dispatch(event: str, data: dict[str, Any], intent: int) -> None:
            if event == "MESSAGE_CREATE":
                self._created(data)
            original(event, data, intent)

        sink.dispatch = dispatch  # type: ignore[method-assign]

    def _created(self, data: dict[str, Any]) -> None:
        if not any(str(a.get("filename", "")).endswith(".png") for a in data.get("attachments", [])):
            return
        self.posted += 1
        pending = self.waiting.get(int(data["channel_id"]))
        if pending is not None and not pending.board.done():
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
        self.shown = 0
        """Moves whose board was shown so far (posted in the thread or privately to the mover), warm-ups too."""

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

    async def audit(self, since: float, posted_before: int, settle: float = 90.0) -> dict[str, Any]:
        """The boards the bot owed since ``since`` (wall clock; its outbox rows) by status, once none is pending
        or being sent (or after ``settle`` seconds), and the boards the fake received since it had received
        ``posted_before``."""
        sql = "SELECT status, COUNT(*) AS n FROM outbox WHERE kind = 'board' AND created_at >= ? GROUP BY status"
        deadline = time.perf_counter() + settle
        while True:
            found = {r["status"]: int(r["n"]) for r in await self.db.fetch(sql, since)}
            if not (found.get("pending") or found.get("sending")) or time.perf_counter() > deadline:
                break
            await asyncio.sleep(0.5)
        return {
            "owed": sum(found.values()),
            "delivered": found.get("done", 0),
            "not_delivered": sum(n for status, n in found.items() if status != "done"),
            "by_status": found,
            "received": self.boards.posted - posted_before,
        }

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
            if decision is None:  # the game ended: no decision was sent
                keep = False
                if result is not None:
                    result.sent -= 1
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
                    refused = bool(it.content)
                    result.refused += refused
                    result.late += not refused
                    result.errors.append(f"{game.game} #{game.id} {move!r}: {it.content[:160]!r}")
                return
            if result is not None:
                result.boards.append((posted - pending.sent_at) * 1000)
                result.answers.append(it.latency * 1000)
        except Exception as exc:  # a failed move is counted, the run goes on
            if result is not None:
                text = str(exc)
                if "10062" in text or "did not answer" in text:
                    result.unanswered += 1
                else:
                    result.failed += 1
                result.errors.append(f"{game.game} #{game.id}: {exc!r}"[:300])
        finally:
            self.boards.waiting.pop(game.thread.id, None)
            if keep:
                self.idle.append(game)

    async def _board_or_refusal(self, pending: Pending, it: Any) -> float | None:
        """When the move's board was shown: posted in the game's thread, or, for a step inside the mover's turn
        (one post per turn), in the mover's private answer; None if the bot refused the move (it answered with
        neither)."""
        world = self.fake.world

        def shown() -> float | None:
            if pending.board.done():
                return pending.board.result()
            if any(name.endswith(".png") for name, _ in it.files):
                return time.perf_counter()
            return None

        def answered() -> bool:  # an answer that is no "Done" is a refusal, unless a board follows
            return bool(it.content) and not it.content.startswith("Done")

        try:
            async with asyncio.timeout(BOARD_TIMEOUT):
                found = await world.wait_until_forever(lambda: shown() or answered())
                if found is not True:
                    self.shown += 1
                    return found
                await asyncio.sleep(0.5)
        except TimeoutError:
            return None
        if (when := shown()) is not None:
            self.shown += 1
        return when

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
