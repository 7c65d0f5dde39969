"""Undo with consent, without Discord: a player asks to take back their last move; the others agree or refuse.

``ask_undo`` checks that the log still ends with the requester's own decisions (nothing random
or hidden revealed since, nobody else has acted) and records a request at the game's current
version. ``answer_undo`` records an answer: a refusal closes the request, the requester may
withdraw it, and when every other player still in the game has agreed the rows are marked
undone (never deleted), the state is rebuilt by replaying the log and saved with a new version,
in one transaction. Any change to the game in between (a move, a resignation) makes the request
void. Nothing here sends messages; the caller posts what the result says.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

import engines
from bot.history import game_turns, join_sentences, undo_plan
from bot.host import GameHost, Played, Refused, check_running, replay_log
from bot.storage import SeatRecord, StaleGame, UndoRequestRecord

Answer = Literal["waiting", "granted", "refused", "withdrawn", "stale"]


@dataclass(frozen=True)
class UndoRequest:
    """An open (or just granted) request: who asked, what it takes back, whom it asks."""

    record: UndoRequestRecord
    played: Played
    requester: SeatRecord
    taken_back: str
    asked: list[SeatRecord]

    @property
    def waiting_for(self) -> list[SeatRecord]:
        """The players asked who have not agreed yet."""
        return [s for s in self.asked if s.user_id not in self.record.agreed]

    @property
    def agreed(self) -> list[SeatRecord]:
        return [s for s in self.asked if s.user_id in self.record.agreed]


@dataclass(frozen=True)
class UndoResult:
    """What an ask or an answer did; ``played`` is the game after a granted undo."""

    answer: Answer
    request: UndoRequest
    played: Played | None = None
    by: SeatRecord | None = None


def players_to_ask(played: Played, requester_seat: int) -> list[SeatRecord]:
    """Everyone else still in the game (not resigned, not out)."""
    assert played.state is not None
    players = played.engine.view(played.state, None).get("players", [])
    asked = []
    for s in played.seats:
        if s.seat is None or s.seat == requester_seat or s.seat in played.state.resigned:
            continue
        info = players[s.seat] if s.seat < len(players) else {}
        if not info.get("out"):
            asked.append(s)
    return asked


def _seat_record(played: Played, user_id: int) -> SeatRecord | None:
    return next((s for s in played.seats if s.user_id == user_id and s.seat is not None), None)


async def _taken_back(host: GameHost, played: Played, record: UndoRequestRecord) -> str:
    """What the request takes back, as everybody may read it."""
    turns = await game_turns(host.store, played, None)
    entries = [e for turn in turns for e in turn.entries if record.first_ply <= e.row.ply <= record.last_ply]
    return join_sentences(e.sentence for e in entries)


async def ask_undo(host: GameHost, game_id: int, user_id: int) -> UndoResult:
    """Ask the other players to take back ``user_id``'s last move; granted at once if nobody is left to ask."""
    async with host.lock(game_id):
        played = await host.snapshot(game_id)
        check_running(played.game)
        requester = _seat_record(played, user_id)
        if requester is None or requester.seat is None:
            raise Refused(f"You are not playing in game #{game_id}; only its players can take a move back.")
        if played.state is not None and requester.seat in played.state.resigned:
            raise Refused(f"You have left game #{game_id}.")
        plan = undo_plan(await game_turns(host.store, played, requester.seat), requester.seat, played.names)
        version = played.game.version
        plies = (plan.first_ply, plan.last_ply)
        if not await host.store.add_undo_request(game_id, version, user_id, plies, host.clock()):
            raise Refused(await _asked_before(host, game_id, version))
        request = await _request(host, played, await host.store.undo_request(game_id, version))
        if request.asked:
            return UndoResult("waiting", request)
        return UndoResult("granted", request, await _grant(host, request))


async def _asked_before(host: GameHost, game_id: int, version: int) -> str:
    """Why a second request for the same move is refused."""
    earlier = await host.store.undo_request(game_id, version)
    if earlier is not None and earlier.status == "open":
        return "You have already asked to take this move back; the other players have the buttons."
    if earlier is not None and earlier.status == "withdrawn":
        return "You withdrew your request to take this move back, so the move stands: play on."
    return "You asked to take this move back already, and the answer was no: play on."


async def _request(host: GameHost, played: Played, record: UndoRequestRecord | None) -> UndoRequest:
    if record is None:
        raise Refused("There is no such undo request.")
    requester = next(s for s in played.seats if s.user_id == record.requester_id)
    assert requester.seat is not None
    asked = players_to_ask(played, requester.seat)
    return UndoRequest(record, played, requester, await _taken_back(host, played, record), asked)


async def answer_undo(host: GameHost, game_id: int, version: int, user_id: int, agree: bool) -> UndoResult:
    """Record ``user_id``'s answer to the request made at ``version``; grant it once everyone asked agrees."""
    async with host.lock(game_id):
        record = await host.store.undo_request(game_id, version)
        if record is None:
            raise Refused("There is no such undo request.")
        if record.status != "open":
            raise Refused(f"This undo request is closed: it was {record.status}.")
        played = await host.snapshot(game_id)
        if played.game.version != version or played.game.status != "active":
            return await _close(host, played, record, "stale")
        request = await _request(host, played, record)
        if user_id == record.requester_id:
            if agree:
                raise Refused("You asked for this undo: the other players decide.")
            return await _close(host, played, record, "withdrawn", request.requester)
        voter = next((s for s in request.asked if s.user_id == user_id), None)
        if voter is None:
            raise Refused(f"Only the players of game #{game_id} who were asked can answer this request.")
        if not agree:
            return await _close(host, played, record, "refused", voter)
        await host.store.agree_undo(game_id, version, user_id, host.clock())
        request = await _request(host, played, await host.store.undo_request(game_id, version))
        if request.waiting_for:
            return UndoResult("waiting", request, by=voter)
        return UndoResult("granted", request, await _grant(host, request), by=voter)


async def _close(
    host: GameHost, played: Played, record: UndoRequestRecord, answer: Answer, by: SeatRecord | None = None
) -> UndoResult:
    await host.store.close_undo_request(record.game_id, record.version, answer)
    request = await _request(host, played, dataclasses.replace(record, status=answer))
    return UndoResult(answer, request, by=by)


async def _grant(host: GameHost, request: UndoRequest) -> Played:
    """Mark the request's rows undone and store the state replayed without them."""
    record, game = request.record, request.played.game
    log = await host.store.moves(game.id)
    marked = [
        dataclasses.replace(row, undone=True) if record.first_ply <= row.ply <= record.last_ply else row for row in log
    ]
    engine = engines.get(game.game)
    state = replay_log(game, len(request.played.seats), marked)
    status = "finished" if engine.to_move(state) is None else "active"
    try:
        await host.store.undo_moves(record, engine.dumps(state), status, host.clock())
    except StaleGame as exc:
        raise Refused("The game has moved on meanwhile; nothing was taken back.") from exc
    return await host.snapshot(game.id)
