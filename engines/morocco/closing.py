"""Scoring and closing a full stall: places and rewards, juice tokens, workers home, the tile, its arrow, tourists.

A closing runs in stages, each leaving ``state.step`` at the next one, so that a choice owed by a
player can pause it: ``score`` (places, points, rewards; gold-or-bodyguard choices pause in
``reward``) → ``settle`` (juice tokens, workers leave, the tile; the game may end here) →
``arrow`` (the tile's direction) → ``tourist`` (each tourist that was on the stall moves) → the
next full stall in ``queue``, or ``turn_done``. The loop that runs the stages is in ``flow``.
"""

from __future__ import annotations

from engines.base import Event, Events
from engines.morocco.board import DIRECTIONS, NEIGHBOUR, POINT_OF, SPACE_NAMES, STALL_NAMES
from engines.morocco.data import DATA, JUICE_VALUES
from engines.morocco.rules import (
    arrow_options,
    can_take_bodyguard,
    can_take_gold,
    counts_by_seat,
    in_turn_order,
    is_full,
    open_stalls,
    tourist_target,
)
from engines.morocco.state import EMPTY_TILE, KIND_ASSISTANT, KIND_BODYGUARD, KIND_TOURIST, OPEN, MoroccoState

POINTS = DATA.points


# ---- filling --------------------------------------------------------------------------------------------
def note_if_full(state: MoroccoState, stall: int) -> None:
    """Queue ``stall`` to score if it is open, full and not queued yet (stalls score in the order they fill)."""
    if state.tiles[stall] == OPEN and stall not in state.queue and is_full(state, stall):
        state.queue.append(stall)


def start_next_closing(state: MoroccoState) -> None:
    """Take the next full stall from the queue, or end the closings (``turn_done``)."""
    state.closing = -1
    state.closer = -1
    if state.queue:
        state.closing = state.queue.pop(0)
        state.step = "score"
    else:
        state.step = "turn_done"


# ---- places and rewards ---------------------------------------------------------------------------------
def places(state: MoroccoState, stall: int) -> list[tuple[int, list[int]]]:
    """``(place, seats)`` for places 1..3, competition ranking (place = 1 + players with more workers).

    Seats within a place are in turn order from the active player.
    """
    counts = counts_by_seat(state, stall)
    order = [s for s in in_turn_order(state, state.seat) if counts[s]] + [s for s in state.resigned if counts[s]]
    ranked: list[tuple[int, list[int]]] = []
    for value in sorted({counts[s] for s in order}, reverse=True):
        place = 1 + sum(1 for s in order if counts[s] > value)
        if place > 3:
            break
        ranked.append((place, [s for s in order if counts[s] == value]))
    return ranked


def score_stall(state: MoroccoState, events: Events) -> None:
    """Points and rewards of the closing stall; choices owed pause in ``reward``, else on to ``settle``.

    A stall filled by arrows alone has no first place: the active player closes it like a tie.
    """
    stall = state.closing
    name = STALL_NAMES[stall]
    state.owed, state.reward_places = [], []
    state.winner, state.closer = -1, state.seat
    for place, seats in places(state, stall):
        if place == 1:
            _first_place(state, seats, name, events)
        else:
            for seat in seats:
                _lower_place(state, seat, place, len(seats) > 1, name, events)
    state.step = "reward" if state.owed else "settle"


def _first_place(state: MoroccoState, seats: list[int], name: str, events: Events) -> None:
    if len(seats) == 1:
        state.points[seats[0]] += POINTS.first
        state.winner = state.closer = seats[0]
        events.emit("stall_won", seat=seats[0], stall=name, points=POINTS.first)
        return
    for seat in seats:
        state.points[seat] += POINTS.tied_first
    events.emit("stall_tied", seats=seats, stall=name, points=POINTS.tied_first)


def _lower_place(state: MoroccoState, seat: int, place: int, tied: bool, name: str, events: Events) -> None:
    """Second alone: 2 points, a gold coin and a bodyguard; tied second or third: 1 point, gold or bodyguard.

    A choice is asked only when both are possible (ruling 5); a part that cannot be given is forfeited.
    """
    alone_second = place == 2 and not tied
    points = POINTS.second if alone_second else POINTS.tied_second if place == 2 else POINTS.third
    state.points[seat] += points
    if alone_second:
        given = [reward for reward in REWARDS if _give(state, seat, reward)]
    elif can_take_gold(state, seat) and can_take_bodyguard(state, seat):
        state.owed.append(seat)
        state.reward_places.append(place)
        given = ["choice"]
    else:
        given = [reward for reward in REWARDS if _give(state, seat, reward)][:1]
    events.emit("place_reward", seat=seat, stall=name, place=place, tied=tied, points=points, rewards=given)


def _give(state: MoroccoState, seat: int, reward: str) -> bool:
    """Give one gold coin or one bodyguard from the quarters if possible (ruling 5: else it is forfeited)."""
    if reward == "gold" and can_take_gold(state, seat):
        state.gold[seat] += 1
        state.gold_supply -= 1
        return True
    if reward == "bodyguard" and can_take_bodyguard(state, seat):
        state.guards_quarters[seat] -= 1
        state.guards_hand[seat] += 1
        return True
    return False


def choose_reward(state: MoroccoState, reward: str, events: Events) -> None:
    """The first owed seat takes ``reward``; the next owed seat is asked, or on to ``settle``."""
    seat = state.owed.pop(0)
    state.reward_places.pop(0)
    _give(state, seat, reward)
    events.emit("reward_chosen", seat=seat, reward=reward)
    if not state.owed:
        state.step = "settle"


def reward_is_forced(state: MoroccoState) -> bool:
    """Whether the first owed seat no longer has both options (an earlier choice emptied the gold supply)."""
    seat = state.owed[0]
    return not (can_take_gold(state, seat) and can_take_bodyguard(state, seat))


def forced_reward(state: MoroccoState) -> str:
    """What the first owed seat gets when it has no real choice (gold first, as the safe default)."""
    seat = state.owed[0]
    return "gold" if can_take_gold(state, seat) or not can_take_bodyguard(state, seat) else "bodyguard"


# ---- juice, workers, tile ----------------------------------------------------------------------------------
def settle(state: MoroccoState, events: Events) -> None:
    """Juice tokens to the workers beside them, workers leave, the tile goes down; then ``arrow`` (or the end)."""
    stall = state.closing
    _collect_juice(state, stall, events)
    state.movers = _workers_leave(state, stall)
    _place_tile(state, stall, events)
    state.recent_closed.append(stall)
    left = open_stalls(state)
    if left == 0:
        state.step = "over"
        state.termination = "last_stall"
        return
    if left <= DATA.final_round_open and not state.final_round:
        state.final_round = True
        events.emit("final_round", open=left)
    state.step = "arrow"


def _collect_juice(state: MoroccoState, stall: int, events: Events) -> None:
    """Each worker takes the token at its corner face down; tokens at empty corners leave the game (ruling 1)."""
    for space in range(stall * 4, stall * 4 + 4):
        point = POINT_OF[space]
        value = state.juice[point]
        if not value:
            continue
        state.juice[point] = 0
        code = state.workers[space]
        if code:
            seat = (code - 1) // 3
            state.juice_held[seat * 3 + JUICE_VALUES.index(value)] += 1
            where = SPACE_NAMES[space]
            hidden = Event("juice_taken_face_down", {"seat": seat, "space": where})
            events.emit("juice_taken", seat=seat, public=hidden, space=where, value=value)
        else:
            state.juice_removed += 1
            events.emit("juice_removed", space=SPACE_NAMES[space], value=value)


def _workers_leave(state: MoroccoState, stall: int) -> list[int]:
    """Assistants go home, bodyguards to the quarters; the seats of tourists to move, in turn order."""
    tourists: list[int] = []
    for space in range(stall * 4, stall * 4 + 4):
        code = state.workers[space]
        if not code:
            continue
        seat, kind = divmod(code - 1, 3)
        state.workers[space] = 0
        if kind == KIND_ASSISTANT:
            state.assistants[seat] += 1
        elif kind == KIND_BODYGUARD:
            state.guards_quarters[seat] += 1
        else:
            tourists.append(seat)
    order = [(state.seat + i) % state.num_players for i in range(state.num_players)]
    return sorted(tourists, key=order.index)


def _place_tile(state: MoroccoState, stall: int, events: Events) -> None:
    """The lone winner's market tile; after a tie (or with no tile left) an empty-stall tile."""
    name = STALL_NAMES[stall]
    winner = state.winner
    if winner >= 0 and state.market_tiles[winner] > 0:
        state.market_tiles[winner] -= 1
        state.tiles[stall] = winner
        events.emit("tile_placed", seat=winner, stall=name)
        return
    state.empty_tiles = max(0, state.empty_tiles - 1)
    state.tiles[stall] = EMPTY_TILE
    events.emit("empty_tile_placed", seat=state.closer, stall=name)


# ---- the arrow and the tourists --------------------------------------------------------------------------
def set_arrow(state: MoroccoState, direction: int, events: Events) -> None:
    """Point the closing stall's tile; the stall it points at overflows by one (and may fill)."""
    stall = state.closing
    state.arrows[stall] = direction
    target = NEIGHBOUR[stall][direction]
    events.emit(
        "arrow_set",
        seat=state.closer,
        stall=STALL_NAMES[stall],
        direction=DIRECTIONS[direction],
        target=STALL_NAMES[target],
    )
    if state.tiles[target] == OPEN:
        state.overflow[target] += 1
        note_if_full(state, target)
    state.step = "tourist"


def auto_arrow(state: MoroccoState) -> int | None:
    """The arrow's direction when there is nothing to choose (one option, or no open neighbour), else None."""
    options = arrow_options(state, state.closing)
    return (
        options[0]
        if len(options) == 1 or not any(state.tiles[NEIGHBOUR[state.closing][d]] == OPEN for d in options)
        else None
    )


def move_tourist(state: MoroccoState, space: int, events: Events) -> None:
    """The first waiting tourist moves to ``space``; it is swapped for an assistant if its owner has one."""
    seat = state.movers.pop(0)
    replaced = state.assistants[seat] > 0
    if replaced:
        state.assistants[seat] -= 1
    state.workers[space] = 1 + seat * 3 + (KIND_ASSISTANT if replaced else KIND_TOURIST)
    events.emit(
        "tourist_moved",
        seat=seat,
        stall=STALL_NAMES[state.closing],
        space=SPACE_NAMES[space],
        replaced=replaced,
    )
    note_if_full(state, space // 4)


def tourist_leaves(state: MoroccoState, events: Events) -> None:
    """The first waiting tourist has nowhere to go (arrow at a closed stall, or no free space): it leaves."""
    seat = state.movers.pop(0)
    target = tourist_target(state)
    events.emit(
        "tourist_left",
        seat=seat,
        stall=STALL_NAMES[state.closing],
        target=STALL_NAMES[target] if target >= 0 else "",
    )


REWARDS = ("gold", "bodyguard")
