"""Marrakech's search settings and game knowledge: the score, the regions of each colour, Assam's tribute risk.

A seat's view of Marrakech hides nothing and its chance is small (a die of four distinct faces, at two players
the draw of one of two colours), so ``normal`` and ``hard`` search it by depth-limited expectimax
(``ai.expectimax``, ``PROFILE.expectimax`` judged positions per level iteration: ``normal`` looks through
its own turn and the other merchant's answer, ``hard`` a turn further where the budget allows), following below
the root only the ``beam`` moves that look best as they stand; ``easy`` keeps the noisy tree search.

A position cut off mid-game is judged on what the final score will be (``project``): dirhams plus visible
squares, plus a part of each merchant's regions (a region brings tribute in as long as it lies, and the
larger it is the more: squares ``REGION`` times the region's share of the board, fading as the others' rolls
run out: nothing is paid after the last), plus the tribute the merchant to move is expected to pay on the
coming roll (he turns Assam the way that costs him least, the die's faces weighed evenly). ``terms`` splits
the projection into its named parts (``TERMS``), which a hint words as the reason for a move.

Between two merchants a projected lead is valued by the chance that it holds (``spread``: how far the margin may
still move by the end, ``4 + 2.2 * sqrt(carpets left)`` points, fitted in beginner games; ``ai.evaluate``): early on
a few dirhams are nearly worth their face value whichever way the die falls, near the end a lead is nearly a win.
Before, the scale grew with the scores (about 6 points whatever was left to play): a 7-point lead early in the game
already looked nearly won (0.9) and a 7-point deficit nearly lost, so the search cared little about widening the one
or narrowing the other.
"""

from __future__ import annotations

import math

from ai.levels import Profile
from engines.marrakech.board import NEIGHBOURS, WALKS, turned
from engines.marrakech.data import DATA, colour_owners, seat_colours
from engines.marrakech.state import EMPTY, MarrakechState

PROFILE = Profile(playout=0, expectimax=8.0, beam=3)
"""A beam of 2 or 5 below the root (the same budget: deeper or shallower) played no better at three merchants (-0.07
and -0.03 a game over 120 games, issue #21's sixteenth round), nor 2 at two (the fourteenth)."""

REGION = 6.0
"""A region of ``n`` squares adds ``REGION * n * n / 49``: its squares, weighted by the chance Assam lands on it."""
PER_ROLL = 0.5
"""Near the end a region brings in at most this much of ``n * n / 49`` per roll the others have left."""
SPREAD = (4.0, 2.2)
"""How far the margin may still move by the end, one standard deviation: ``4 + 2.2 * sqrt(carpets left)`` points
(fitted in 800 2-player games between beginners: 5.6 with up to 3 carpets left, 12.6 with 12-15, 18 with 44-48).
0.6 times it and 1.5 times it played no better (issue #21's fifteenth and sixteenth rounds)."""
TURNS = ("left", "straight", "right")
TERMS = ("dirhams", "squares", "regions", "tribute")
"""The parts of ``project``, by stable id: dirhams, visible squares, the regions' worth, the tribute expected."""


def regions(state: MarrakechState) -> list[tuple[int, int, int]]:
    """Every connected region of one colour on the board: (colour, size, a square of it)."""
    board, seen, found = state.board_colour, [False] * len(state.board_colour), []
    for start, colour in enumerate(board):
        if colour == EMPTY or seen[start]:
            continue
        seen[start] = True
        frontier, size = [start], 0
        while frontier:
            size += 1
            for near in NEIGHBOURS[frontier.pop()]:
                if not seen[near] and board[near] == colour:
                    seen[near] = True
                    frontier.append(near)
        found.append((colour, size, start))
    return found


def area_sizes(state: MarrakechState) -> list[int]:
    """The size of the one-colour region each square lies in (0 for a bare square)."""
    board = state.board_colour
    sizes = [0] * len(board)
    for start, colour in enumerate(board):
        if colour == EMPTY or sizes[start]:
            continue
        sizes[start] = -1
        area = [start]
        for square in area:  # the list grows as the region is found: a breadth-first walk
            for near in NEIGHBOURS[square]:
                if not sizes[near] and board[near] == colour:
                    sizes[near] = -1
                    area.append(near)
        size = len(area)
        for square in area:
            sizes[square] = size
    return sizes


def region_weight(state: MarrakechState, owner: int) -> float:
    """What ``owner``'s region of ``n`` squares is worth per ``n * n / 49``: ``REGION``, less as the others' rolls
    run out (``PER_ROLL`` a roll still to come; the roll about to be made is ``expected_tribute``'s)."""
    rolls = -1 if state.seat != owner and state.phase in ("orient", "roll") else 0
    for seat, colours in enumerate(seat_colours(len(state.out))):
        if seat != owner and not state.out[seat]:
            rolls += sum(state.pile[colour] for colour in colours)
    if state.phase in ("draw", "place") and state.seat != owner:
        rolls -= 1  # the merchant laying a carpet has rolled for it
    return max(0.0, min(REGION, PER_ROLL * rolls))


def expected_tribute(state: MarrakechState, sizes: list[int]) -> tuple[int, list[float]]:
    """The merchant about to roll, and what each seat expects to gain from his tribute (he turns Assam to pay least;
    once turned, the way Assam faces).

    The coming roll only: the next merchant's roll foreseen too, from each square Assam may end on (he also turning
    to pay least), played no better at two merchants (+0.000 a game over 200 fresh seeds; with the roller's turn
    chosen for both rolls, -0.08 over 105) and worse at three (-0.20 over 70); leaving tribute out at three read
    +0.02 over 100 (issue #21's seventeenth round)."""
    seats = len(state.out)
    gains = [0.0] * seats
    payer = state.seat
    if state.phase not in ("orient", "roll") or state.out[payer] or state.options.get("variant"):
        return payer, gains
    owners = colour_owners(seats)
    faces = DATA.die_faces
    best: list[float] | None = None
    for turn in TURNS if state.phase == "orient" else ("straight",):  # rolling: Assam already faces his way
        facing = turned(state.facing, turn)
        due = [0.0] * seats
        for steps in faces:
            square = WALKS[state.assam, facing, steps].square
            colour = state.board_colour[square]
            if colour == EMPTY:
                continue
            payee = owners[colour]
            if payee == payer or state.out[payee]:
                continue
            paid = min(sizes[square], state.dirhams[payer]) / len(faces)
            due[payer] -= paid
            due[payee] += paid
        if best is None or due[payer] > best[payer]:
            best = due
    return payer, best or gains


def spread(state: MarrakechState) -> float | None:
    """How far the margin between two merchants may still move by the end (one standard deviation, in points): the
    dice and carpets still to come (``SPREAD``). The search values a lead by the chance it holds (``ai.evaluate``).
    None with three or four merchants (the scale that grows with the scores): there it did no better in the arena
    (fitted on two, measured in docs/BENCHMARKS.md, "Marrakech, third round")."""
    if len(state.out) != 2:
        return None
    return SPREAD[0] + SPREAD[1] * math.sqrt(sum(state.pile))


def project(state: MarrakechState) -> list[float | None]:
    """Each merchant's final score as it looks now (None for one who is out)."""
    parts = terms(state)
    return [None if split is None else sum(split.values()) for split in parts]


def terms(state: MarrakechState) -> list[dict[str, float] | None]:
    """``project`` split into ``TERMS`` for each merchant (they add up to it; None for one who is out)."""
    seats = len(state.out)
    owners = colour_owners(seats)
    sizes = area_sizes(state)
    squares, joined = [0] * seats, [0] * seats
    for square, colour in enumerate(state.board_colour):
        if colour != EMPTY:
            owner = owners[colour]
            squares[owner] += 1
            joined[owner] += sizes[square]  # a region of n squares adds n * n
    _, gains = expected_tribute(state, sizes)
    board = len(state.board_colour)
    return [
        None
        if state.out[s]
        else {
            "dirhams": float(state.dirhams[s]),
            "squares": float(squares[s]),
            "regions": region_weight(state, s) * joined[s] / board,
            "tribute": gains[s],
        }
        for s in range(seats)
    ]
