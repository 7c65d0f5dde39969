"""Undo with consent, without Discord: a player asks to take back their last move; the others agree or refuse.

``ask_undo`` checks that the log still ends with the requester's own decisions (nothing random
or hidden revealed since, nobody else has acted) and records a request at the game's current
version. ``answer_undo`` records an answer: a refusal closes the request, the requester may
withdraw it, and when every other player still in the game has agreed the rows are marked
undone (never deleted), the state is rebuilt by replaying the log and saved with a new version,
in one transaction. Computers are not asked: they agree at once. Any change to the game in
between (a move, a resignation) makes the request void. Nothing here sends messages; the caller
posts what the result says.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from bot.core.history import game_turns, undo_plan
from bot.core.host import GameHost, check_running, replay_log
from bot.core.played import Played
from bot.core.posts import Headline
from bot.core.records import SeatRecord, UndoRequestRecord
from bot.core.refused import Refused
from bot.core.wording import join_sentences

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
    """Every other person still in the game (not resigned, not out). A computer is not asked: it agrees at once, so
    a player alone with computers takes a move back without waiting, and nobody is pinged for a computer."""
    return [
        s
        for s in played.seats
        if s.seat is not None and s.seat != requester_seat and played.in_game(s.seat) and not played.is_computer(s.seat)
    ]


def _seat_record(played: Played, user_id: int) -> SeatRecord | None:
    return next((s for s in played.seats if s.user_id == user_id and s.seat is not None), None)


async def _taken_back(host: GameHost, played: Played, record: UndoRequestRecord) -> str:
    """What the request takes back, as everybody may read it."""
    turns = await game_turns(host.store, played, host.posts.say(played), None)
    entries = [e for turn in turns for e in turn.entries if record.first_ply <= e.row.ply <= record.last_ply]
    return join_sentences(part for e in entries for part in e.parts)


async def ask_undo(host: GameHost, game_id: int, user_id: int) -> UndoResult:
    """Ask the other players to take back ``user_id``'s last move; granted at once if nobody is left to ask."""
    async with host.acting(game_id):
        played = await host.snapshot(game_id)
        check_running(played.game)
        requester = _seat_record(played, user_id)
        if requester is None or requester.seat is None:
            raise Refused("undo_not_a_player", id=game_id)
        if played.state is not None and requester.seat in played.state.resigned:
            raise Refused("left_the_game", id=game_id)
        turns = await game_turns(host.store, played, host.posts.say(played), requester.seat)
        plan = undo_plan(turns, requester.seat)
        version = played.game.version
        plies = (plan.first_ply, plan.last_ply)
        if not await host.store.add_undo_request(game_id, version, user_id, plies, host.clock()):
            earlier = await host.store.undo_request(game_id, version)
            if earlier is None or earlier.status != "open" or earlier.requester_id != user_id:
                raise await _asked_before(host, game_id, version)
            request = await _request(host, played, earlier)
            if request.waiting_for:
                raise await _asked_before(host, game_id, version)
            # open, and nobody left to answer it (it asked a computer, before computers agreed at once): granted
            return UndoResult("granted", request, await _grant(host, request))
        request = await _request(host, played, await host.store.undo_request(game_id, version))
        if request.asked:
            return UndoResult("waiting", request)
        return UndoResult("granted", request, await _grant(host, request))


async def _asked_before(host: GameHost, game_id: int, version: int) -> Refused:
    """Why a second request for the same move is refused."""
    earlier = await host.store.undo_request(game_id, version)
    if earlier is not None and earlier.status == "open":
        return Refused("undo_asked_already")
    if earlier is not None and earlier.status == "withdrawn":
        return Refused("undo_withdrawn_before")
    return Refused("undo_refused_before")


async def _request(host: GameHost, played: Played, record: UndoRequestRecord | None) -> UndoRequest:
    if record is None:
        raise Refused("undo_no_request")
    requester = next(s for s in played.seats if s.user_id == record.requester_id)
    assert requester.seat is not None
    asked = players_to_ask(played, requester.seat)
    return UndoRequest(record, played, requester, await _taken_back(host, played, record), asked)


async def answer_undo(host: GameHost, game_id: int, version: int, user_id: int, agree: bool) -> UndoResult:
    """Record ``user_id``'s answer to the request made at ``version``; grant it once everyone asked agrees."""
    async with host.acting(game_id):
        record = await host.store.undo_request(game_id, version)
        if record is None:
            raise Refused("undo_no_request")
        if record.status != "open":
            raise Refused("undo_closed", status=record.status)
        played = await host.snapshot(game_id)
        if played.game.version != version or played.game.status != "active":
            return await _close(host, played, record, "stale")
        request = await _request(host, played, record)
        if user_id == record.requester_id:
            if agree:
                raise Refused("undo_own_request")
            return await _close(host, played, record, "withdrawn", request.requester)
        voter = next((s for s in request.asked if s.user_id == user_id), None)
        if voter is None:
            raise Refused("undo_not_asked", id=game_id)
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
    """Mark the request's rows undone, store the state replayed without them and owe the new board."""
    record, game = request.record, request.played.game
    log = await host.store.moves(game.id)
    marked = [
        dataclasses.replace(row, undone=True) if record.first_ply <= row.ply <= record.last_ply else row for row in log
    ]
    state = replay_log(game, len(request.played.seats), marked)
    what = request.taken_back.rstrip(".")
    headline = Headline("undone" if request.asked else "undone_alone", seat=request.requester.seat, what=what)
    try:
        await host.commit_undo(record, request.played, state, headline)
    except Refused as exc:
        raise Refused("undo_moved_on") from exc
    return await host.snapshot(game.id)
