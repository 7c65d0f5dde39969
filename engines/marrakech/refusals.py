"""Why a move is refused: an ``IllegalMove`` whose code names the rule and whose parameters name the squares.

Codes (parameters): ``chance_decides`` (the die or the pile decides now); ``cannot_turn_around``
(facing: the way Assam faces); ``turn_assam`` (move: not a turn); ``carpet_notation`` (move: not
two squares); ``not_a_square`` (text, last_column, last_row); ``not_side_by_side`` (square,
other_square); ``assam_square`` (square); ``must_touch_assam`` (squares, square: Assam's);
``covers_whole_carpet`` (squares, colour: the carpet's colour name); ``already_out`` (seat).
Anything else is the base ``not_a_move`` (move) or ``game_over``.
"""

from __future__ import annotations

from engines.base import GAME_OVER, NOT_A_MOVE, IllegalMove
from engines.marrakech.board import (
    COLUMNS,
    NEIGHBOURS,
    SIZE,
    opposite,
    parse_square,
    placement_texts,
    square_name,
)
from engines.marrakech.data import DATA, FACINGS
from engines.marrakech.rules import covers_whole_carpet
from engines.marrakech.state import MarrakechState

CHANCE_DECIDES = "chance_decides"
CANNOT_TURN_AROUND = "cannot_turn_around"
TURN_ASSAM = "turn_assam"
CARPET_NOTATION = "carpet_notation"
NOT_A_SQUARE = "not_a_square"
NOT_SIDE_BY_SIDE = "not_side_by_side"
ASSAM_SQUARE = "assam_square"
MUST_TOUCH_ASSAM = "must_touch_assam"
COVERS_WHOLE_CARPET = "covers_whole_carpet"
ALREADY_OUT = "already_out"
CODES = (
    CHANCE_DECIDES,
    CANNOT_TURN_AROUND,
    TURN_ASSAM,
    CARPET_NOTATION,
    NOT_A_SQUARE,
    NOT_SIDE_BY_SIDE,
    ASSAM_SQUARE,
    MUST_TOUCH_ASSAM,
    COVERS_WHOLE_CARPET,
    ALREADY_OUT,
)
"""Every refusal code of Marrakech's own (the bot's catalog words each)."""

TURN_AROUND_WORDS = frozenset({"back", "around", "turn around", "reverse", "u-turn", "uturn", "180", "behind"})


def refusal(state: MarrakechState, move: str) -> IllegalMove:
    """The rule ``move`` breaks in ``state`` (``move`` is what the player typed, not legal now)."""
    typed = move.strip()
    if state.phase == "over":
        return IllegalMove(GAME_OVER)
    if state.phase in ("roll", "draw"):
        return IllegalMove(CHANCE_DECIDES)
    if state.phase == "orient":
        return orientation_refusal(state, typed)
    return placement_refusal(state, typed)


def orientation_refusal(state: MarrakechState, typed: str) -> IllegalMove:
    """Assam turns left, straight or right, never around (a facing behind him counts as turning around)."""
    wanted = " ".join(typed.lower().split())
    if wanted in TURN_AROUND_WORDS or (wanted.upper() in FACINGS and wanted.upper() == opposite(state.facing)):
        return IllegalMove(CANNOT_TURN_AROUND, facing=state.facing)
    return IllegalMove(TURN_ASSAM, move=typed)


def placement_refusal(state: MarrakechState, typed: str) -> IllegalMove:
    """The first placement rule the typed carpet breaks: notation, board, shape, Assam, whole carpet."""
    texts = placement_texts(typed)
    if texts is None:
        return IllegalMove(CARPET_NOTATION, move=typed)
    squares = [parse_square(text) for text in texts]
    for text, square in zip(texts, squares, strict=True):
        if square is None:
            return IllegalMove(NOT_A_SQUARE, text=text, last_column=COLUMNS[-1], last_row=SIZE)
    first, second = sorted(square for square in squares if square is not None)
    return shape_refusal(state, first, second) or IllegalMove(NOT_A_MOVE, move=typed)


def shape_refusal(state: MarrakechState, first: int, second: int) -> IllegalMove | None:
    """Why a carpet on two squares of the market (reading order) is refused, or None if it is not."""
    if second not in NEIGHBOURS[first]:
        return IllegalMove(NOT_SIDE_BY_SIDE, square=square_name(first), other_square=square_name(second))
    if state.assam in (first, second):
        return IllegalMove(ASSAM_SQUARE, square=square_name(state.assam))
    named = [square_name(first), square_name(second)]
    if state.assam not in NEIGHBOURS[first] and state.assam not in NEIGHBOURS[second]:
        return IllegalMove(MUST_TOUCH_ASSAM, squares=named, square=square_name(state.assam))
    if covers_whole_carpet(state, first, second):
        colour = DATA.colour_names[state.board_colour[first]]
        return IllegalMove(COVERS_WHOLE_CARPET, squares=named, colour=colour)
    return None
