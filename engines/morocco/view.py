"""What a seat sees (``View``), the decision it faces, and a full state rebuilt from a view (``sample_state``).

Everything is public except the values of the juice tokens players have taken: they lie face down,
so a seat sees its own values and only how many tokens each other player holds (everyone's values
show once the game is over). The tokens still on the board and those removed from the game were
face up and stay public, so ``sample_state`` deals the hidden values from the rest of the 36-token
pool. ``details`` carries the whole public state (the ``engines.morocco`` docstring lists its fields), which is
what lets ``state_from_details`` rebuild it exactly.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from engines.base import Decision, SeatView, View
from engines.morocco.board import (
    CORNERS,
    DIRECTION_BY_NAME,
    DIRECTIONS,
    POINT_SIDE,
    SPACE_BY_NAME,
    SPACE_NAMES,
    STALL_BY_NAME,
    STALL_NAMES,
    STALLS,
)
from engines.morocco.data import COLOURS, DATA, JUICE_VALUES, KINDS
from engines.morocco.notation import die_face_name
from engines.morocco.rules import (
    NUM_COLOURS,
    arrow_options,
    can_place,
    cube_cost,
    decider,
    free_spaces,
    tourist_target,
    worker_count,
)
from engines.morocco.scoring import outcome, stalls_claimed
from engines.morocco.state import CHANCE_STEPS, EMPTY_TILE, OPEN, WILD, MoroccoState

COLOUR_INDEX = {name: index for index, name in enumerate(COLOURS)}
KIND_INDEX = {kind: index for index, kind in enumerate(KINDS)}


def _colour_or_none(colour: int) -> str | None:
    return COLOURS[colour] if colour >= 0 else None


def _seat_or_none(seat: int) -> int | None:
    return seat if seat >= 0 else None


# ---- the view -----------------------------------------------------------------------------------------
def make_view(state: MoroccoState, viewer: int | None, game: str) -> View:
    """``viewer``'s view of ``state`` (None: a spectator)."""
    result = outcome(state)
    to_move = -1 if state.step in CHANCE_STEPS else decider(state)
    seats = [
        SeatView(
            seat=seat,
            score=result.scores[seat] if result else state.points[seat],
            out=seat in state.resigned,
            to_move=seat == to_move,
        )
        for seat in range(state.num_players)
    ]
    return View(
        game=game,
        viewer=viewer,
        seats=seats,
        phase=state.step,
        to_move=None if result else to_move,
        decision=decision(state),
        outcome=result,
        details=details(state, viewer),
    )


def decision(state: MoroccoState) -> Decision | None:
    """What the seat to move is deciding, with what the prompt needs."""
    seat = decider(state)
    if seat is None or state.step == "over":
        return None
    return Decision(seat=seat, code=state.step, params=DECISION_PARAMS[state.step](state, seat))


def _scout_params(state: MoroccoState, seat: int) -> dict[str, Any]:
    return {"pawn": state.pawn}


def _wild_params(state: MoroccoState, seat: int) -> dict[str, Any]:
    return {"roller_seat": state.roller}


def _worker_params(state: MoroccoState, seat: int) -> dict[str, Any]:
    turn = 1 + state.turns_taken // state.num_players
    return {"turn": turn, "gold": state.gold[seat], "can_place": can_place(state, seat)}


def _reward_params(state: MoroccoState, seat: int) -> dict[str, Any]:
    return {"stall": STALL_NAMES[state.closing], "place": state.reward_places[0]}


def _arrow_params(state: MoroccoState, seat: int) -> dict[str, Any]:
    directions = [DIRECTIONS[d] for d in arrow_options(state, state.closing)]
    return {"stall": STALL_NAMES[state.closing], "directions": directions}


def _tourist_params(state: MoroccoState, seat: int) -> dict[str, Any]:
    target = tourist_target(state)
    spaces = [SPACE_NAMES[s] for s in free_spaces(state, target)]
    return {"stall": STALL_NAMES[state.closing], "target": STALL_NAMES[target], "spaces": spaces}


def _keep_params(state: MoroccoState, seat: int) -> dict[str, Any]:
    return {"colours": [COLOURS[c] for c in range(NUM_COLOURS) if state.cubes[seat * NUM_COLOURS + c]]}


DECISION_PARAMS: dict[str, Callable[[MoroccoState, int], dict[str, Any]]] = {
    "scout": _scout_params,
    "wild": _wild_params,
    "workers": _worker_params,
    "reward": _reward_params,
    "arrow": _arrow_params,
    "tourist": _tourist_params,
    "keep": _keep_params,
}


def details(state: MoroccoState, viewer: int | None) -> dict[str, Any]:
    """The game's own picture of the table, as ``viewer`` may see it."""
    return {
        "step": state.step,
        "round": state.round,
        "final_round": state.final_round,
        "start_seat": _seat_or_none(state.start),
        "active_seat": _seat_or_none(state.seat),
        "scouts_taken": state.scouts_taken,
        "turns_taken": state.turns_taken,
        "rows": [_colour_or_none(c) for c in state.rows],
        "columns": [_colour_or_none(c) for c in state.columns],
        "roof": [_colour_or_none(c) for c in state.roof],
        "pawn": state.pawn,
        "die": None if state.die == -1 else die_face_name(state.die),
        "roller_seat": _seat_or_none(state.roller),
        "rolls_left": state.rolls_left,
        "juice_dealt": state.juice_dealt,
        "juice": [[v or None for v in state.juice[y * POINT_SIDE : (y + 1) * POINT_SIDE]] for y in range(POINT_SIDE)],
        "juice_removed": state.juice_removed,
        "juice_removed_values": _values(juice_removed_counts(state)),
        "stalls": [_stall_details(state, stall) for stall in STALLS],
        "players": [_player_details(state, seat, viewer) for seat in range(state.num_players)],
        "gold_supply": state.gold_supply,
        "empty_tiles": state.empty_tiles,
        "closing": STALL_NAMES[state.closing] if state.closing >= 0 else None,
        "queue": [STALL_NAMES[s] for s in state.queue],
        "winner_seat": _seat_or_none(state.winner),
        "closer_seat": _seat_or_none(state.closer),
        "mover_seats": list(state.movers),
        "owed_seats": list(state.owed),
        "reward_places": list(state.reward_places),
        "last_placed": [SPACE_NAMES[s] for s in state.last_placed],
        "recent_closed": [STALL_NAMES[s] for s in state.recent_closed],
        "termination": state.termination or None,
    }


def juice_removed_counts(state: MoroccoState) -> list[int]:
    """How many tokens of each value (``JUICE_VALUES`` order) left the game: each was announced face up with its
    value (``juice_removed``), so everyone knows them. They are the tokens neither on the market nor held: every
    token is dealt before any leaves."""
    if state.juice_dealt < len(state.juice):
        return [0] * len(JUICE_VALUES)
    held = [sum(state.juice_held[index :: len(JUICE_VALUES)]) for index in range(len(JUICE_VALUES))]
    on_market = [state.juice.count(value) for value in JUICE_VALUES]
    return [DATA.juice_tokens[value] - on_market[i] - held[i] for i, value in enumerate(JUICE_VALUES)]


def _values(counts: list[int]) -> list[int]:
    """Token counts per value as a sorted list of values: ``[1, 0, 2]`` -> ``[2, 4, 4]``."""
    return [value for value, count in zip(JUICE_VALUES, counts, strict=True) for _ in range(count)]


def _stall_details(state: MoroccoState, stall: int) -> dict[str, Any]:
    tile = state.tiles[stall]
    row, column = cube_cost(state, stall) if state.rows[0] >= 0 and state.columns[0] >= 0 else (-1, -1)
    workers = []
    for corner in range(4):
        code = state.workers[stall * 4 + corner]
        if code:
            workers.append({"corner": CORNERS[corner], "seat": (code - 1) // 3, "kind": KINDS[(code - 1) % 3]})
    return {
        "stall": STALL_NAMES[stall],
        "open": tile == OPEN,
        "tile_seat": tile if tile >= 0 else None,
        "empty_tile": tile == EMPTY_TILE,
        "arrow": DIRECTIONS[state.arrows[stall]] if state.arrows[stall] >= 0 else None,
        "overflow": state.overflow[stall],
        "count": worker_count(state, stall),
        "cost": [_colour_or_none(row), _colour_or_none(column)],
        "workers": workers,
    }


def _player_details(state: MoroccoState, seat: int, viewer: int | None) -> dict[str, Any]:
    held = state.juice_held[seat * 3 : seat * 3 + 3]
    shown = viewer == seat or state.step == "over"
    return {
        "seat": seat,
        "points": state.points[seat],
        "cubes": {COLOURS[c]: state.cubes[seat * NUM_COLOURS + c] for c in range(NUM_COLOURS)},
        "gold": state.gold[seat],
        "assistants": state.assistants[seat],
        "tourists": state.tourists[seat],
        "cousins": state.cousins[seat],
        "bodyguards": state.guards_hand[seat],
        "quarters": state.guards_quarters[seat],
        "market_tiles": state.market_tiles[seat],
        "stalls": stalls_claimed(state, seat),
        "juice_count": sum(held),
        "juice": _values(held) if shown else None,
    }


# ---- rebuilding a state ---------------------------------------------------------------------------------------
def sample_state(view: View, rng: random.Random) -> MoroccoState:
    """A state the view could come from: the face-down juice values it hides are dealt from the unseen pool (the
    tokens neither on the market, nor in a hand the view shows, nor among those that left the game)."""
    d = view.details
    players = d["players"]
    unseen = Counter(DATA.juice_tokens)
    unseen.subtract(v for row in d["juice"] for v in row if v)
    unseen.subtract(d["juice_removed_values"])
    for player in players:
        unseen.subtract(player["juice"] or [])
    if d["juice_dealt"] < (DATA.market_size + 1) ** 2:
        unseen = Counter()
    pool = [value for value, count in sorted(unseen.items()) for _ in range(max(count, 0))]
    rng.shuffle(pool)
    held: list[int] = []
    for player in players:
        values = player["juice"]
        if values is None:
            values, pool = pool[: player["juice_count"]], pool[player["juice_count"] :]
        held.extend(values.count(v) for v in JUICE_VALUES)
    return state_from_details(view, held)


def state_from_details(view: View, juice_held: list[int]) -> MoroccoState:
    """The state whose public part ``view.details`` shows, holding the face-down tokens ``juice_held``."""
    d = view.details
    players = d["players"]
    stalls = d["stalls"]

    def seats(key: str) -> list[int]:
        return [p[key] for p in players]

    return MoroccoState(
        num_players=len(view.seats),
        resigned=[s.seat for s in view.seats if s.out],
        step=d["step"],
        juice=[v or 0 for row in d["juice"] for v in row],
        juice_dealt=d["juice_dealt"],
        rows=[_colour_index(c) for c in d["rows"]],
        columns=[_colour_index(c) for c in d["columns"]],
        roof=[_colour_index(c) for c in d["roof"]],
        start=_index_or_minus(d["start_seat"]),
        round=d["round"],
        pawn=d["pawn"],
        rolls_left=d["rolls_left"],
        roller=_index_or_minus(d["roller_seat"]),
        die=-1 if d["die"] is None else WILD if d["die"] == "wild" else COLOUR_INDEX[d["die"]],
        seat=_index_or_minus(d["active_seat"]),
        scouts_taken=d["scouts_taken"],
        turns_taken=d["turns_taken"],
        workers=_workers(stalls),
        tiles=[_tile(s) for s in stalls],
        arrows=[DIRECTION_BY_NAME[s["arrow"]] if s["arrow"] else -1 for s in stalls],
        overflow=[s["overflow"] for s in stalls],
        cubes=[p["cubes"][c] for p in players for c in COLOURS],
        points=seats("points"),
        gold=seats("gold"),
        gold_supply=d["gold_supply"],
        assistants=seats("assistants"),
        tourists=seats("tourists"),
        cousins=seats("cousins"),
        guards_hand=seats("bodyguards"),
        guards_quarters=seats("quarters"),
        market_tiles=seats("market_tiles"),
        empty_tiles=d["empty_tiles"],
        juice_held=juice_held,
        juice_removed=d["juice_removed"],
        owed=list(d["owed_seats"]),
        reward_places=list(d["reward_places"]),
        queue=[STALL_BY_NAME[s] for s in d["queue"]],
        closing=STALL_BY_NAME[d["closing"]] if d["closing"] else -1,
        winner=_index_or_minus(d["winner_seat"]),
        closer=_index_or_minus(d["closer_seat"]),
        movers=list(d["mover_seats"]),
        final_round=d["final_round"],
        termination=d["termination"] or "",
        last_placed=[SPACE_BY_NAME[s] for s in d["last_placed"]],
        recent_closed=[STALL_BY_NAME[s] for s in d["recent_closed"]],
    )


def _colour_index(name: str | None) -> int:
    return -1 if name is None else COLOUR_INDEX[name]


def _index_or_minus(value: int | None) -> int:
    return -1 if value is None else value


def _tile(stall: dict[str, Any]) -> int:
    if stall["open"]:
        return OPEN
    return EMPTY_TILE if stall["empty_tile"] else stall["tile_seat"]


def _workers(stalls: list[dict[str, Any]]) -> list[int]:
    workers = [0] * (len(stalls) * 4)
    for index, stall in enumerate(stalls):
        for worker in stall["workers"]:
            space = index * 4 + CORNERS.index(worker["corner"])
            workers[space] = 1 + worker["seat"] * 3 + KIND_INDEX[worker["kind"]]
    return workers


# ---- what changed ---------------------------------------------------------------------------------------------
def changed_places(before: View, after: View) -> list[str]:
    """Stalls whose workers, tile, arrow or overflow changed; rows and columns whose cube moved; the pawn's space."""
    old, new = before.details, after.details
    places = [
        new_stall["stall"]
        for old_stall, new_stall in zip(old.get("stalls", []), new.get("stalls", []), strict=False)
        if old_stall != new_stall and _stall_changed(old_stall, new_stall)
    ]
    places += [f"row {i + 1}" for i, (a, b) in enumerate(zip(old["rows"], new["rows"], strict=False)) if a != b]
    places += [
        f"column {STALL_NAMES[i][0]}"
        for i, (a, b) in enumerate(zip(old["columns"], new["columns"], strict=False))
        if a != b
    ]
    if old["pawn"] != new["pawn"] and new["pawn"]:
        places.append(f"roof {new['pawn']}")
    return places


def _stall_changed(old: dict[str, Any], new: dict[str, Any]) -> bool:
    keys = ("open", "tile_seat", "empty_tile", "arrow", "overflow", "workers")
    return any(old[key] != new[key] for key in keys)
