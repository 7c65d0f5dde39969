"""What the rules allow: queries over a state (open stalls, fullness, costs, free spaces) and the legal moves.

``legal_texts`` lists every legal move of whoever is to move; ``refusal`` says, as an IllegalMove
with a code, why one parsed move is not legal now (None when it is). Both read the same queries,
and a test checks they agree on every move text.
"""

from __future__ import annotations

from functools import cache

from engines.base import IllegalMove
from engines.morocco.board import (
    COUSIN_SPACES,
    DIRECTIONS,
    NEIGHBOUR,
    RING,
    SIZE,
    SPACE_NAMES,
    STALL_NAMES,
    STALLS,
    column_of,
    row_of,
)
from engines.morocco.data import COLOURS, DATA, JUICE_VALUES, WEIGHT
from engines.morocco.notation import PERMUTATIONS, Move, canonical_text, die_face_name, place_text
from engines.morocco.state import CHANCE_STEPS, OPEN, MoroccoState

NUM_COLOURS = len(COLOURS)
COLOUR_RANGE = range(NUM_COLOURS)
STALL_SPACES: tuple[tuple[int, ...], ...] = tuple(tuple(range(s * 4, s * 4 + 4)) for s in STALLS)
FREE_SPACES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(space for bit, space in enumerate(STALL_SPACES[s]) if mask >> bit & 1) for mask in range(16))
    for s in STALLS
)
"""``FREE_SPACES[stall][mask]``: the spaces of ``stall`` whose bit is set in ``mask`` (bit i: corner i is free)."""
ROW_INDEX: tuple[int, ...] = tuple(row_of(s) for s in STALLS)
COLUMN_INDEX: tuple[int, ...] = tuple(column_of(s) for s in STALLS)
MOVE_STEP = {
    "juice": "deal_juice",
    "rows": "deal_rows",
    "columns": "deal_columns",
    "roof": "deal_roof",
    "start": "deal_start",
    "roll": "roll",
    "scout": "scout",
    "wild": "wild",
    "place": "workers",
    "pass": "workers",
    "swap": "workers",
    "reward": "reward",
    "arrow": "arrow",
    "tourist_to": "tourist",
    "keep": "keep",
}
"""The step in which each kind of move is made."""


# ---- who decides -------------------------------------------------------------------------------------
def decider(state: MoroccoState) -> int | None:
    """The seat whose decision the current step waits for (None in chance steps and at the end)."""
    step = state.step
    if step in ("scout", "workers"):
        return state.seat
    if step in ("wild", "keep", "reward"):
        return state.owed[0] if state.owed else None
    if step == "arrow":
        return state.closer
    if step == "tourist":
        return state.movers[0] if state.movers else None
    return None


def in_turn_order(state: MoroccoState, first: int) -> list[int]:
    """The seats still playing, clockwise from ``first``."""
    n = state.num_players
    return [(first + i) % n for i in range(n) if (first + i) % n not in state.resigned]


def next_playing(state: MoroccoState, seat: int) -> int:
    """The next seat clockwise after ``seat`` that is still playing."""
    return in_turn_order(state, seat + 1)[0]


# ---- the market ------------------------------------------------------------------------------------
def cube_cost(state: MoroccoState, stall: int) -> tuple[int, int]:
    """The row cube and the column cube a worker on ``stall`` costs."""
    return state.rows[row_of(stall)], state.columns[column_of(stall)]


def worker_count(state: MoroccoState, stall: int) -> int:
    """Workers on ``stall``, a bodyguard counting two."""
    total = 0
    for code in state.workers[stall * 4 : stall * 4 + 4]:
        if code:
            total += WEIGHT[(code - 1) % 3]
    return total


def is_full(state: MoroccoState, stall: int) -> bool:
    """Workers (bodyguards two) plus the arrows pointing at it reach four."""
    return worker_count(state, stall) + state.overflow[stall] >= DATA.full_at


def free_spaces(state: MoroccoState, stall: int) -> list[int]:
    """The free spaces of ``stall``, in corner order."""
    return [space for space in range(stall * 4, stall * 4 + 4) if not state.workers[space]]


def open_stalls(state: MoroccoState) -> int:
    """How many stalls are still open."""
    return state.tiles.count(OPEN)


def counts_by_seat(state: MoroccoState, stall: int) -> list[int]:
    """Each seat's worker count on ``stall`` (bodyguards two)."""
    counts = [0] * state.num_players
    for code in state.workers[stall * 4 : stall * 4 + 4]:
        if code:
            counts[(code - 1) // 3] += WEIGHT[(code - 1) % 3]
    return counts


def arrow_options(state: MoroccoState, stall: int) -> list[int]:
    """Directions the closing ``stall``'s arrow may point: at open neighbours (any neighbour if none is open)."""
    neighbours = NEIGHBOUR[stall]
    towards_open = [d for d in range(4) if neighbours[d] >= 0 and state.tiles[neighbours[d]] == OPEN]
    return towards_open or [d for d in range(4) if neighbours[d] >= 0]


def tourist_target(state: MoroccoState) -> int:
    """The open stall the closing stall's arrow points at, or -1 (ruling 2: the tourist leaves)."""
    target = NEIGHBOUR[state.closing][state.arrows[state.closing]]
    return target if target >= 0 and state.tiles[target] == OPEN else -1


# ---- players ---------------------------------------------------------------------------------------
def cubes_of(state: MoroccoState, seat: int) -> list[int]:
    """``seat``'s cubes, counted per colour."""
    return state.cubes[seat * NUM_COLOURS : (seat + 1) * NUM_COLOURS]


def can_take_gold(state: MoroccoState, seat: int) -> bool:
    return state.gold[seat] < DATA.gold_limit and state.gold_supply > 0


def can_take_bodyguard(state: MoroccoState, seat: int) -> bool:
    return state.guards_quarters[seat] > 0


def has_worker(state: MoroccoState, seat: int) -> bool:
    """Whether ``seat`` holds any worker it could place (assistant, bodyguard in hand, tourist)."""
    return bool(state.assistants[seat] or state.guards_hand[seat] or state.tourists[seat])


# ---- legal moves -------------------------------------------------------------------------------------
def _affordable(cubes: list[int], row: int, column: int) -> bool:
    """Whether ``cubes`` pay a row cube and a column cube (two of one colour when they match)."""
    return cubes[row] >= 2 if row == column else cubes[row] > 0 and cubes[column] > 0


def _extras(cubes: list[int], row: int, column: int) -> list[int]:
    """The colours left for a third cube after paying ``row`` and ``column``."""
    return [c for c in COLOUR_RANGE if cubes[c] - (c == row) - (c == column) > 0]


def _kinds_available(state: MoroccoState, seat: int) -> tuple[bool, bool, bool, bool]:
    """Which of assistant, bodyguard, tourist, cousin ``seat`` has in supply."""
    return (
        state.assistants[seat] > 0,
        state.guards_hand[seat] > 0,
        state.tourists[seat] > 0,
        state.cousins[seat] > 0 and state.assistants[seat] >= 2,
    )


def _extra_bits(cubes: list[int], row: int, column: int) -> int:
    """``_extras`` as a bit mask (bit c: colour c is left for a third cube)."""
    bits = 0
    for colour in COLOUR_RANGE:
        if cubes[colour] - (colour == row) - (colour == column) > 0:
            bits |= 1 << colour
    return bits


def placement_texts(state: MoroccoState, seat: int) -> list[str]:
    """Every worker ``seat`` can place and afford now: assistants, bodyguards, tourists, cousins (in that order).

    The texts of a stall's free spaces are looked up in tables indexed by the stall, its free
    corners and the colours left for a third cube, so a turn costs a few lookups per affordable stall.
    """
    assistant, bodyguard, tourist, cousin = _kinds_available(state, seat)
    if not (assistant or bodyguard or tourist):
        return []
    cubes = state.cubes[seat * NUM_COLOURS : (seat + 1) * NUM_COLOURS]
    rows, columns, tiles, workers = state.rows, state.columns, state.tiles, state.workers
    found_a: list[str] = []
    found_b: list[str] = []
    found_t: list[str] = []
    found_c: list[str] = []
    extras_by_cost: dict[int, int] = {}
    for stall in STALLS:
        if tiles[stall] != OPEN:
            continue
        row, column = rows[ROW_INDEX[stall]], columns[COLUMN_INDEX[stall]]
        if (cubes[row] < 2) if row == column else not (cubes[row] and cubes[column]):
            continue
        base = stall * 4
        mask = (
            (not workers[base])
            + 2 * (not workers[base + 1])
            + 4 * (not workers[base + 2])
            + 8 * (not workers[base + 3])
        )
        if assistant:
            found_a += ASSISTANTS_AT[stall][mask]
        if bodyguard:
            found_b += BODYGUARDS_AT[stall][mask]
        if not (tourist or cousin):
            continue
        cost = row * NUM_COLOURS + column
        extras = extras_by_cost.get(cost)
        if extras is None:
            extras = extras_by_cost[cost] = _extra_bits(cubes, row, column)
        if not extras:
            continue
        if tourist:
            found_t += _tourist_texts(stall, mask, extras)
        if cousin:
            for space in FREE_SPACES[stall][mask]:
                seconds = 0
                for index, second in enumerate(COUSIN_SPACES[space]):
                    if tiles[second >> 2] == OPEN and not workers[second]:
                        seconds |= 1 << index
                if seconds:
                    found_c += _cousin_texts(space, seconds, extras)
    return found_a + found_b + found_t + found_c


@cache
def _tourist_texts(stall: int, mask: int, extras: int) -> tuple[str, ...]:
    """The tourists on the free spaces ``mask`` of ``stall``, with each colour of ``extras`` as the third cube."""
    colours = [c for c in COLOUR_RANGE if extras >> c & 1]
    return tuple(TOURIST_TEXT[space][colour] for space in FREE_SPACES[stall][mask] for colour in colours)


@cache
def _cousin_texts(space: int, seconds: int, extras: int) -> tuple[str, ...]:
    """The cousins on ``space`` whose free assistant goes to a space of ``seconds`` (bits over ``COUSIN_SPACES``)."""
    choices = [second for index, second in enumerate(COUSIN_SPACES[space]) if seconds >> index & 1]
    colours = [c for c in COLOUR_RANGE if extras >> c & 1]
    return tuple(COUSIN_TEXT[space, second][colour] for second in choices for colour in colours)


def can_place(state: MoroccoState, seat: int) -> bool:
    """Whether ``seat`` can place and afford any worker now (stops at the first one found).

    In a worker turn no full stall is waiting to score, so every open stall has a free space; a
    cousin needs assistants, so it is covered by the assistant.
    """
    assistant, bodyguard, tourist, _cousin = _kinds_available(state, seat)
    if not (assistant or bodyguard or tourist):
        return False
    cubes = state.cubes[seat * NUM_COLOURS : (seat + 1) * NUM_COLOURS]
    rows, columns, tiles = state.rows, state.columns, state.tiles
    for stall in STALLS:
        if tiles[stall] != OPEN:
            continue
        row, column = rows[ROW_INDEX[stall]], columns[COLUMN_INDEX[stall]]
        if _affordable(cubes, row, column) and (assistant or bodyguard or _extras(cubes, row, column)):
            return True
    return False


def legal_texts(state: MoroccoState) -> list[str]:
    """Every legal move of whoever is to move, canonical text, stable order."""
    step = state.step
    if step in CHANCE_STEPS:
        return [text for text, _ in chance_odds(state)]
    if step == "workers":
        return _worker_turn_texts(state)
    options = choice_moves(state)
    return [canonical_text(move) for move in options]


def _worker_turn_texts(state: MoroccoState) -> list[str]:
    placements = placement_texts(state, state.seat)
    swaps = list(SWAP_TEXTS) if state.gold[state.seat] > 0 else []
    return placements + swaps if placements else [*swaps, "pass"]


def choice_moves(state: MoroccoState) -> list[Move]:
    """The options of an owed choice or a scouting turn, as moves."""
    step = state.step
    if step == "scout":
        return [("scout", space) for space in RING if space != state.pawn]
    if step == "wild":
        return [("wild", colour) for colour in range(NUM_COLOURS)]
    if step == "reward":
        return [("reward", "gold"), ("reward", "bodyguard")]
    if step == "arrow":
        return [("arrow", d) for d in arrow_options(state, state.closing)]
    if step == "tourist":
        return [("tourist_to", space) for space in free_spaces(state, tourist_target(state))]
    if step == "keep":
        return [("keep", c) for c, n in enumerate(cubes_of(state, state.owed[0])) if n]
    return []


def chance_odds(state: MoroccoState) -> list[tuple[str, float]]:
    """The chance outcomes of a setup or dice step with their probabilities."""
    step = state.step
    if step == "deal_juice":
        left = juice_left_to_deal(state)
        total = sum(left)
        return [(f"juice {v}", n / total) for v, n in zip(JUICE_VALUES, left, strict=True) if n]
    if step in ("deal_rows", "deal_columns", "deal_roof"):
        line = step.removeprefix("deal_")
        return [(text, 1 / len(PERMUTATIONS)) for text in PERMUTATION_TEXTS[line]]
    if step == "deal_start":
        return [(f"start {seat + 1}", 1 / state.num_players) for seat in range(state.num_players)]
    if step == "roll":
        faces = DATA.die_faces
        return [(f"roll {face}", faces.count(face) / len(faces)) for face in dict.fromkeys(faces)]
    return []


def juice_left_to_deal(state: MoroccoState) -> list[int]:
    """Tokens of each value not yet dealt to the board."""
    dealt = state.juice[: state.juice_dealt]
    return [DATA.juice_tokens[v] - dealt.count(v) for v in JUICE_VALUES]


# ---- refusals ------------------------------------------------------------------------------------------
def refusal(state: MoroccoState, move: Move) -> IllegalMove | None:
    """Why ``move`` is not legal now, or None if it is."""
    verb = move[0]
    step = MOVE_STEP[verb]
    if state.step == "over":
        return IllegalMove("game_over")
    if step != state.step:
        return _wrong_step(state, move)
    if step in CHANCE_STEPS:
        return _chance_problem(state, move)
    check = CHECKS.get(verb)
    return check(state, move) if check else None


def _chance_problem(state: MoroccoState, move: Move) -> IllegalMove | None:
    """A chance outcome that cannot happen now: a juice value no longer in the bag, a seat not at the table."""
    verb, outcome = move[0], move[1]
    if verb == "juice":
        possible = juice_left_to_deal(state)[JUICE_VALUES.index(outcome)] > 0
    elif verb == "start":
        possible = outcome < state.num_players
    else:
        possible = verb != "roll" or die_face_name(outcome) in DATA.die_faces
    return None if possible else IllegalMove("not_a_move", move=canonical_text(move))


def _wrong_step(state: MoroccoState, move: Move) -> IllegalMove:
    if state.step in CHANCE_STEPS:
        return IllegalMove("chance_step", step=state.step)
    return IllegalMove("wrong_step", move=canonical_text(move), step=state.step, seat=decider(state))


def _check_scout(state: MoroccoState, move: Move) -> IllegalMove | None:
    return IllegalMove("pawn_stays", space=move[1]) if move[1] == state.pawn else None


def _check_place(state: MoroccoState, move: Move) -> IllegalMove | None:
    _, kind, space, extra, second = move
    seat = state.seat
    problem = _space_problem(state, space) or _supply_problem(state, seat, kind)
    if problem is None:
        problem = _cost_problem(state, seat, space // 4, extra)
    if problem is None and kind == "cousin":
        problem = _cousin_problem(state, space, second)
    return problem


def _space_problem(state: MoroccoState, space: int) -> IllegalMove | None:
    stall = space // 4
    if state.tiles[stall] != OPEN:
        return IllegalMove("stall_closed", stall=STALL_NAMES[stall])
    code = state.workers[space]
    if code:
        return IllegalMove("space_taken", space=SPACE_NAMES[space], owner_seat=(code - 1) // 3)
    return None


def _supply_problem(state: MoroccoState, seat: int, kind: str) -> IllegalMove | None:
    if kind == "assistant" and not state.assistants[seat]:
        return IllegalMove("no_assistant")
    if kind == "bodyguard" and not state.guards_hand[seat]:
        return IllegalMove("no_bodyguard", quarters=state.guards_quarters[seat])
    if kind == "tourist" and not state.tourists[seat]:
        return IllegalMove("no_tourist")
    if kind == "cousin" and not state.cousins[seat]:
        return IllegalMove("no_cousin")
    if kind == "cousin" and state.assistants[seat] < 2:
        return IllegalMove("cousin_needs_two", assistants=state.assistants[seat])
    return None


def _cost_problem(state: MoroccoState, seat: int, stall: int, extra: int) -> IllegalMove | None:
    row, column = cube_cost(state, stall)
    cubes = cubes_of(state, seat)
    cubes[row] -= 1
    cubes[column] -= 1
    if cubes[row] < 0 or cubes[column] < 0:
        missing = [c for c in dict.fromkeys((row, column)) if cubes[c] < 0]
        return IllegalMove(
            "missing_cubes",
            stall=STALL_NAMES[stall],
            needs=[COLOURS[row], COLOURS[column]],
            missing=[COLOURS[c] for c in missing],
            held=[cubes[c] + (c == row) + (c == column) for c in missing],
        )
    if extra >= 0 and cubes[extra] <= 0:
        return IllegalMove("extra_cube_missing", colour=COLOURS[extra], stall=STALL_NAMES[stall])
    return None


def _cousin_problem(state: MoroccoState, space: int, second: int) -> IllegalMove | None:
    choices = [s for s in COUSIN_SPACES[space] if state.tiles[s // 4] == OPEN and not state.workers[s]]
    if second in choices:
        return None
    if not choices:
        return IllegalMove("cousin_blocked", space=SPACE_NAMES[space])
    return IllegalMove(
        "cousin_space",
        space=SPACE_NAMES[space],
        second_space=SPACE_NAMES[second],
        choices=[SPACE_NAMES[s] for s in choices],
    )


def _check_pass(state: MoroccoState, move: Move) -> IllegalMove | None:
    return IllegalMove("must_place") if can_place(state, state.seat) else None


def _check_swap(state: MoroccoState, move: Move) -> IllegalMove | None:
    return None if state.gold[state.seat] > 0 else IllegalMove("no_gold")


def _check_option(state: MoroccoState, move: Move) -> IllegalMove | None:
    options = choice_moves(state)
    if move in options:
        return None
    verb = move[0]
    if verb == "arrow":
        return _arrow_problem(state, move[1])
    if verb == "tourist_to":
        target = tourist_target(state)
        return IllegalMove(
            "tourist_space",
            space=SPACE_NAMES[move[1]],
            stall=STALL_NAMES[target],
            choices=[SPACE_NAMES[m[1]] for m in options],
        )
    if verb == "keep":
        return IllegalMove("keep_none", colour=COLOURS[move[1]])
    return IllegalMove("not_a_move", move=canonical_text(move))


def _arrow_problem(state: MoroccoState, direction: int) -> IllegalMove:
    from_name = STALL_NAMES[state.closing]
    target = NEIGHBOUR[state.closing][direction]
    if target < 0:
        return IllegalMove("arrow_off_market", stall=from_name, direction=DIRECTIONS[direction])
    return IllegalMove("arrow_at_closed", stall=from_name, direction=DIRECTIONS[direction], target=STALL_NAMES[target])


CHECKS = {
    "scout": _check_scout,
    "place": _check_place,
    "pass": _check_pass,
    "swap": _check_swap,
    "wild": _check_option,
    "reward": _check_option,
    "arrow": _check_option,
    "tourist_to": _check_option,
    "keep": _check_option,
}


# ---- tables of texts ----------------------------------------------------------------------------------------
ASSISTANT_TEXT = tuple(place_text("assistant", s) for s in range(SIZE * SIZE * 4))
BODYGUARD_TEXT = tuple(place_text("bodyguard", s) for s in range(SIZE * SIZE * 4))
ASSISTANTS_AT = tuple(tuple(tuple(ASSISTANT_TEXT[s] for s in free) for free in masks) for masks in FREE_SPACES)
"""``ASSISTANTS_AT[stall][mask]``: an assistant on each free space of ``stall`` (``FREE_SPACES``)."""
BODYGUARDS_AT = tuple(tuple(tuple(BODYGUARD_TEXT[s] for s in free) for free in masks) for masks in FREE_SPACES)
TOURIST_TEXT = tuple(tuple(place_text("tourist", s, c) for c in range(NUM_COLOURS)) for s in range(SIZE * SIZE * 4))
COUSIN_TEXT = {
    (s, t): tuple(place_text("cousin", s, c, t) for c in range(NUM_COLOURS))
    for s in range(SIZE * SIZE * 4)
    for t in COUSIN_SPACES[s]
}
SWAP_TEXTS = tuple(
    canonical_text(("swap", axis, i, j)) for axis in (0, 1) for i in range(SIZE) for j in range(i + 1, SIZE)
)
PERMUTATION_TEXTS = {
    line: tuple(f"{line} {' '.join(COLOURS[c] for c in perm)}" for perm in PERMUTATIONS)
    for line in ("rows", "columns", "roof")
}
