"""What the rules say about a state: who moves, colours, tribute areas, scores, the legal moves, the end.

Pure queries, no changes (``play`` changes states). The placement rule: two squares side by side,
at least one beside Assam, neither his, and never both visible halves of one carpet of another
merchant (a neutral carpet counts as another merchant's).
"""

from __future__ import annotations

from engines.base import CHANCE, Outcome
from engines.marrakech.board import NEIGHBOURS, PLACEMENTS_AT, TURNS
from engines.marrakech.data import DATA, colour_owners, seat_colours
from engines.marrakech.state import EMPTY, MarrakechState

ALL_CARPETS_LAID = "all_carpets_laid"
LAST_MERCHANT = "last_merchant"

ORIENT_MOVES = tuple(TURNS)
ROLL_ODDS: tuple[tuple[str, float], ...] = tuple(
    (f"roll {face}", DATA.die_faces.count(face) / len(DATA.die_faces)) for face in sorted(set(DATA.die_faces))
)
ROLL_MOVES = tuple(move for move, _ in ROLL_ODDS)
DIE_FACES = tuple(f"roll {face}" for face in DATA.die_faces)
"""One move per face of the die (a face twice on the die is here twice): a uniform pick is a roll."""
COLOUR_IDS: dict[str, int] = {name: colour for colour, name in enumerate(DATA.colour_names)}


# ---- seats and colours ------------------------------------------------------------------------------
def to_move(state: MarrakechState) -> int | None:
    """The merchant to decide, CHANCE while the die or the pile decides, None once the game is over."""
    phase = state.phase
    if phase == "over":
        return None
    return CHANCE if phase == "roll" or phase == "draw" else state.seat


def colours_of(state: MarrakechState, seat: int) -> tuple[int, ...]:
    """The colour ids of ``seat``."""
    return seat_colours(state.num_players)[seat]


def carpets_left(state: MarrakechState, seat: int) -> int:
    """How many carpets ``seat`` still has to lay (the one in hand included)."""
    return sum(state.pile[colour] for colour in colours_of(state, seat))


def players_in(state: MarrakechState) -> list[int]:
    """The seats still in the game."""
    return [seat for seat, is_out in enumerate(state.out) if not is_out]


def next_seat(state: MarrakechState) -> int | None:
    """The next seat clockwise that is in and still has carpets, or None."""
    for offset in range(1, state.num_players + 1):
        seat = (state.seat + offset) % state.num_players
        if not state.out[seat] and carpets_left(state, seat) > 0:
            return seat
    return None


# ---- tribute and score --------------------------------------------------------------------------------
def tribute_area(state: MarrakechState, square: int) -> set[int]:
    """The squares joined side by side to ``square`` through visible carpet of its colour (itself included)."""
    colour = state.board_colour[square]
    if colour == EMPTY:
        return set()
    board, area, frontier = state.board_colour, {square}, [square]
    while frontier:
        for near in NEIGHBOURS[frontier.pop()]:
            if near not in area and board[near] == colour:
                area.add(near)
                frontier.append(near)
    return area


def visible_squares(state: MarrakechState, seat: int) -> int:
    """Visible squares that score for ``seat`` (none once the merchant is out: they are neutral)."""
    if state.out[seat]:
        return 0
    own = colours_of(state, seat)
    return sum(1 for colour in state.board_colour if colour in own)


def score(state: MarrakechState, seat: int) -> int:
    """Dirhams plus scoring visible squares."""
    return state.dirhams[seat] + visible_squares(state, seat)


def outcome(state: MarrakechState) -> Outcome | None:
    """Scores and winners once the game is over: more points wins, then more dirhams; merchants out cannot win."""
    if state.phase != "over":
        return None
    scores = [score(state, seat) for seat in range(state.num_players)]
    ranking = {seat: (scores[seat], state.dirhams[seat]) for seat in players_in(state)}
    best = max(ranking.values())
    return Outcome(
        scores=scores,
        winners=[seat for seat, rank in ranking.items() if rank == best],
        termination=state.termination or ALL_CARPETS_LAID,
        details={"dirhams": list(state.dirhams), "out": [s for s in range(state.num_players) if state.out[s]]},
    )


# ---- legal moves ----------------------------------------------------------------------------------
def covers_whole_carpet(state: MarrakechState, first: int, second: int) -> bool:
    """Whether a carpet on these squares would cover both visible halves of one carpet of another merchant."""
    carpet = state.board_carpet[first]
    if carpet == EMPTY or carpet != state.board_carpet[second]:
        return False
    return colour_owners(state.num_players)[state.board_colour[first]] != state.seat


def legal_placements(state: MarrakechState) -> list[str]:
    """The placements the merchant to move may make now, in reading order (``covers_whole_carpet`` inlined)."""
    carpets, colours = state.board_carpet, state.board_colour
    owners, seat = colour_owners(state.num_players), state.seat
    return [
        move
        for move, (first, second) in PLACEMENTS_AT[state.assam].items()
        if (carpet := carpets[first]) == EMPTY or carpet != carpets[second] or owners[colours[first]] == seat
    ]


def drawable(state: MarrakechState) -> list[int]:
    """The colours the merchant to move may draw from their pile (2 players)."""
    return [colour for colour in colours_of(state, state.seat) if state.pile[colour]]


def draw_from_pile(state: MarrakechState, pick: int) -> str:
    """The draw of carpet number ``pick`` (0-based) of the merchant's pile, the pile counted colour by colour."""
    for colour in colours_of(state, state.seat):
        pick -= state.pile[colour]
        if pick < 0:
            return f"draw {DATA.colour_names[colour]}"
    raise ValueError("the pick is beyond the pile")


def legal_moves(state: MarrakechState) -> list[str]:
    """Every legal move for whoever is to move, in a stable order."""
    phase = state.phase
    if phase == "place":
        return legal_placements(state)
    if phase == "orient":
        return list(ORIENT_MOVES)
    if phase == "roll":
        return list(ROLL_MOVES)
    if phase == "draw":
        return [f"draw {DATA.colour_names[colour]}" for colour in drawable(state)]
    return []


def chance_odds(state: MarrakechState) -> list[tuple[str, float]]:
    """The die's faces, or the 2-player draw in proportion to what is left of each colour."""
    if state.phase == "roll":
        return list(ROLL_ODDS)
    if state.phase != "draw":
        return []
    counts = {colour: state.pile[colour] for colour in drawable(state)}
    total = sum(counts.values())
    return [(f"draw {DATA.colour_names[colour]}", count / total) for colour, count in counts.items()]


def is_legal(state: MarrakechState, move: str) -> bool:
    """Whether ``move`` (canonical text) is legal now, without listing every move."""
    phase = state.phase
    if phase == "place":
        squares = PLACEMENTS_AT[state.assam].get(move)
        return squares is not None and not covers_whole_carpet(state, *squares)
    if phase == "orient":
        return move in TURNS
    if phase == "roll":
        return move in ROLL_MOVES
    if phase == "draw":
        colour = COLOUR_IDS.get(move.removeprefix("draw "), EMPTY)
        return move.startswith("draw ") and colour in drawable(state)
    return False
