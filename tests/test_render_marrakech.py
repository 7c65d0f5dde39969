"""The Marrakech board image: a valid, small, landscape PNG that shows what the view says.

Views are built by hand in the engine's view shape (and, at the end, taken from a real game).
Pixel checks read the decoded PNG at places whose content is known: a square's dominant
colour, the edge between two squares, the top of a border arc, the squares around Assam.
"""

from __future__ import annotations

import ast
import io
import math
import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import render
from engines import CHANCE, get
from engines.marrakech import walk
from render.marrakech import (
    ARC_RADIUS,
    BORDER_ARCS,
    CELL,
    GRID,
    PANEL_BOX,
    arc_pivot_pixels,
    outcome_sentence,
    render_board,
    route_path,
    tribute_sentence,
    turn_sentence,
)
from render.palette import UI, greyed, piece_rgb

RGB = tuple[int, int, int]
COLOURS = ["red", "blue", "yellow", "green"]
RED, BLUE = piece_rgb("red", 0), piece_rgb("blue", 1)


# ---- building views -------------------------------------------------------------------------------
def empty_board() -> list[list[dict[str, Any] | None]]:
    return [[None] * 7 for _ in range(7)]


def lay(board: list, carpet: int, colour: int, squares: Iterable[tuple[int, int]], neutral: bool = False) -> None:
    """Put the visible halves of carpet ``carpet`` on ``squares``."""
    for x, y in squares:
        board[y][x] = {"colour": colour, "carpet": carpet, "neutral": neutral}


def player(seat: int, colours: list[int], dirhams: int = 30, left: int = 12, out: bool = False) -> dict:
    return {
        "seat": seat,
        "colours": colours,
        "dirhams": dirhams,
        "carpets_left": left,
        "out": out,
        "visible": 0,
        "score": dirhams,
    }


def make_view(board: list | None = None, **changes: Any) -> dict[str, Any]:
    """A 4-player view, Assam in the centre facing north, seat 0 to turn him; ``changes`` override."""
    view: dict[str, Any] = {
        "game": "marrakech",
        "num_players": 4,
        "variant": False,
        "colours": list(COLOURS),
        "players": [player(seat, [seat]) for seat in range(4)],
        "board": board if board is not None else empty_board(),
        "assam": {"x": 3, "y": 3, "facing": "N"},
        "to_move": 0,
        "phase": "orient",
        "next_carpet": None,
        "last": None,
        "outcome": None,
    }
    view.update(changes)
    return view


def last_turn(**changes: Any) -> dict[str, Any]:
    turn: dict[str, Any] = {
        "seat": 1,
        "roll": 2,
        "path": [],
        "tribute": None,
        "carpet": None,
        "eliminated": None,
    }
    turn.update(changes)
    return turn


# ---- reading the picture --------------------------------------------------------------------------
def picture(view: dict[str, Any], highlight: dict | None = None) -> Image.Image:
    return Image.open(io.BytesIO(render_board(view, highlight=highlight))).convert("RGB")


def close(colour: Iterable[int], wanted: Iterable[int], tolerance: int = 14) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, wanted, strict=True))


def dominant_colour(image: Image.Image, box: tuple[int, int, int, int]) -> RGB:
    counts = image.crop(box).getcolors(maxcolors=1 << 16)
    assert counts is not None
    return max(counts)[1]


def square_colour(image: Image.Image, x: int, y: int) -> RGB:
    """The most common colour of square (x, y)."""
    return dominant_colour(image, GRID.square_box(x, y))


def has_colour(image: Image.Image, box: tuple[int, int, int, int], wanted: RGB, tolerance: int = 14) -> bool:
    counts = image.crop(box).getcolors(maxcolors=1 << 16)
    assert counts is not None
    return any(close(colour, wanted, tolerance) for _, colour in counts)


def edge_strip(x: int, y: int) -> tuple[int, int, int, int]:
    """A thin vertical strip on the line between square (x, y) and square (x + 1, y)."""
    line_x = GRID.left + (x + 1) * CELL
    centre_y = GRID.top + y * CELL + CELL // 2
    return (line_x - 3, centre_y - 12, line_x + 3, centre_y + 12)


# ---- the file itself ------------------------------------------------------------------------------
def busiest_view() -> dict[str, Any]:
    """Every square covered, every kind of marking on: the largest image to expect."""
    board = empty_board()
    carpet = 0
    for y in range(7):
        for x in range(0, 6, 2):
            lay(board, carpet, carpet % 4, [(x, y), (x + 1, y)], neutral=carpet % 7 == 3)
            carpet += 1
        lay(board, carpet, carpet % 4, [(6, y)])
        carpet += 1
    turn = last_turn(path=[[3, 2], [3, 1], [3, 0], [2, 0], [2, 1]], carpet=[[0, 0], [1, 0]])
    turn["tribute"] = {"payer": 1, "payee": 2, "amount": 12}
    outcome = {"scores": [40, 51, 51, 3], "winners": [1, 2], "reason": "The last carpet has been laid."}
    names = ["Aïcha", "Benjamin the very long-named merchant", "Chen", "Dimitri"]
    return make_view(board, last=turn, outcome=outcome, to_move=None, phase="over", names=names)


@pytest.mark.parametrize("view", [make_view(), busiest_view()], ids=["empty", "busiest"])
def test_image_is_a_small_landscape_png_that_fits_discord(view: dict[str, Any]) -> None:
    data = render_board(view)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    assert image.width <= 1280
    assert image.width > image.height
    assert len(data) < 300 * 1024


def test_package_entry_point_picks_the_renderer_from_the_view() -> None:
    data = render.render_board("someothername", make_view())
    assert Image.open(io.BytesIO(data)).format == "PNG"
    assert render.has_board("Marrakech")


def test_package_entry_point_refuses_a_game_without_a_picture() -> None:
    with pytest.raises(ValueError, match="no board image"):
        render.render_board("chess", {"game": "chess"})


# ---- carpets ------------------------------------------------------------------------------------
def test_carpet_squares_show_their_colour_and_empty_squares_the_board() -> None:
    board = empty_board()
    lay(board, 0, 0, [(1, 1), (2, 1)])
    lay(board, 1, 1, [(5, 5), (5, 6)])
    image = picture(make_view(board))
    assert close(square_colour(image, 1, 1), RED)
    assert close(square_colour(image, 2, 1), RED)
    assert close(square_colour(image, 5, 6), BLUE)
    assert close(square_colour(image, 4, 1), UI["board_square"])
    assert not close(square_colour(image, 4, 1), RED)


def test_two_halves_of_one_carpet_form_one_rug_and_a_lone_half_has_its_own_outline() -> None:
    board = empty_board()
    lay(board, 0, 1, [(1, 2), (2, 2)])  # a whole blue carpet
    lay(board, 1, 1, [(3, 2)])  # a blue half whose partner is covered
    image = picture(make_view(board))
    assert not has_colour(image, edge_strip(1, 2), UI["ink"], tolerance=30)
    assert has_colour(image, edge_strip(2, 2), UI["ink"], tolerance=30)


def test_neutral_carpets_are_greyed_and_labelled() -> None:
    board = empty_board()
    lay(board, 0, 2, [(1, 5), (2, 5)], neutral=True)
    lay(board, 1, 2, [(4, 5), (5, 5)])
    image = picture(make_view(board))
    yellow = piece_rgb("yellow", 2)
    assert close(square_colour(image, 1, 5), greyed(yellow))
    assert not close(square_colour(image, 1, 5), yellow, tolerance=40)
    assert has_colour(image, GRID.square_box(1, 5), UI["panel"], tolerance=4)
    assert not has_colour(image, GRID.square_box(4, 5), UI["panel"], tolerance=4)


def test_colours_with_the_same_tone_still_differ_by_pattern() -> None:
    board = empty_board()
    lay(board, 0, 0, [(1, 1), (2, 1)])
    lay(board, 1, 1, [(1, 3), (2, 3)])
    image = picture(make_view(board, colours=["grey", "grey", "grey", "grey"]))
    first = image.crop(GRID.square_box(1, 1)).tobytes()
    second = image.crop(GRID.square_box(1, 3)).tobytes()
    assert first != second


def test_last_carpet_is_outlined() -> None:
    board = empty_board()
    lay(board, 0, 0, [(1, 1), (2, 1)])
    left, top, _, bottom = GRID.span_box([(1, 1), (2, 1)])
    outline = (left + 1, (top + bottom) // 2 - 10, left + 6, (top + bottom) // 2 + 10)
    laid = picture(make_view(board, last=last_turn(carpet=[[1, 1], [2, 1]])))
    not_laid = picture(make_view(board))
    assert has_colour(laid, outline, UI["highlight"])
    assert not has_colour(not_laid, outline, UI["highlight"])


def test_highlighted_squares_are_outlined() -> None:
    image = picture(make_view(), highlight={"squares": [[0, 6]]})
    assert has_colour(image, GRID.square_box(0, 6), UI["highlight"])
    assert not has_colour(image, GRID.square_box(1, 6), UI["highlight"])


def test_a_proposed_carpet_shows_see_through_in_its_colour() -> None:
    image = picture(make_view(), highlight={"carpet": [[5, 0], [5, 1]], "colour": 1})
    shown = square_colour(image, 5, 1)
    assert not close(shown, UI["board_square"], tolerance=30)
    assert not close(shown, BLUE, tolerance=30)
    assert close(square_colour(image, 4, 1), UI["board_square"])


# ---- Assam and his path ---------------------------------------------------------------------------
@pytest.mark.parametrize(("facing", "ahead", "behind"), [("N", (3, 2), (3, 4)), ("E", (4, 3), (2, 3))])
def test_assam_points_the_way_he_faces(facing: str, ahead: tuple, behind: tuple) -> None:
    image = picture(make_view(assam={"x": 3, "y": 3, "facing": facing}))
    cx, cy = GRID.centre(3, 3)
    reach = CELL * 0.42

    def near(square: tuple[int, int]) -> tuple[int, int, int, int]:
        px = cx + (square[0] - 3) * reach
        py = cy + (square[1] - 3) * reach
        return (round(px) - 2, round(py) - 2, round(px) + 2, round(py) + 2)

    assert has_colour(image, near(ahead), UI["token"], tolerance=24)
    assert not has_colour(image, near(behind), UI["token"], tolerance=24)


def arc_top(arc_index: int) -> tuple[int, int, int, int]:
    """A small box on the outermost point of a border arc, just inside its band."""
    arc = BORDER_ARCS[arc_index]
    cx, cy = arc_pivot_pixels(arc)
    middle = (arc.start_angle + arc.end_angle) / 2
    px = cx + (ARC_RADIUS + 5) * math.cos(math.radians(middle))
    py = cy + (ARC_RADIUS + 5) * math.sin(math.radians(middle))
    return (round(px) - 2, round(py) - 2, round(px) + 2, round(py) + 2)


def test_path_over_a_border_arc_is_traced_along_the_arc() -> None:
    north_ab = next(i for i, a in enumerate(BORDER_ARCS) if {a.start, a.end} == {(0, 0), (1, 0)})
    path = [[1, 2], [1, 1], [1, 0], [0, 0], [0, 1]]
    walked = picture(make_view(assam={"x": 0, "y": 1, "facing": "S"}, last=last_turn(roll=4, path=path)))
    still = picture(make_view(assam={"x": 0, "y": 1, "facing": "S"}))
    assert has_colour(walked, arc_top(north_ab), UI["ink"], tolerance=30)
    assert not has_colour(still, arc_top(north_ab), UI["ink"], tolerance=30)


def test_path_is_traced_between_the_squares_walked() -> None:
    path = [[3, 3], [3, 4], [3, 5]]
    walked = picture(make_view(assam={"x": 3, "y": 5, "facing": "S"}, last=last_turn(path=path)))
    between = GRID.centre(3, 4)
    probe = (round(between[0]) - 1, round(between[1]) - 1, round(between[0]) + 1, round(between[1]) + 1)
    assert has_colour(walked, probe, UI["path"], tolerance=6)
    assert not has_colour(picture(make_view()), probe, UI["path"], tolerance=6)


def expected_arc_steps(x: int, y: int, facing: str, steps: int) -> list[bool]:
    """Which steps of the engine's walk left the board (and so rode a border arc)."""
    moves = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
    left_board = []
    for nx, ny, new_facing in walk(x, y, facing, steps):
        dx, dy = moves[facing]
        left_board.append(not (0 <= x + dx < 7 and 0 <= y + dy < 7))
        x, y, facing = nx, ny, new_facing
    return left_board


def test_path_routing_agrees_with_the_engine_on_every_walk() -> None:
    for x in range(7):
        for y in range(7):
            for facing in "NESW":
                for steps in range(1, 5):
                    positions = walk(x, y, facing, steps)
                    path = [(x, y)] + [(px, py) for px, py, _ in positions]
                    routed = route_path(path, positions[-1][2])
                    assert [s.arc is not None for s in routed] == expected_arc_steps(x, y, facing, steps), (
                        x,
                        y,
                        facing,
                        steps,
                    )


# ---- the panel ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("to_move", "phase", "sentence"),
    [
        (0, "orient", "Ana to turn Assam"),
        (2, "place", "Cai to place a carpet"),
        (CHANCE, "roll", "Rolling the die…"),
        (CHANCE, "draw", "Drawing the next carpet…"),
    ],
)
def test_panel_says_whose_turn_and_what_to_do(to_move: int, phase: str, sentence: str) -> None:
    view = make_view(to_move=to_move, phase=phase, names=["Ana", "Ben", "Cai", "Dee"])
    assert turn_sentence(view) == sentence


def test_players_without_names_are_numbered() -> None:
    assert turn_sentence(make_view(to_move=1, phase="place")) == "Player 2 to place a carpet"


def test_panel_tells_the_tribute_paid() -> None:
    view = make_view(names=["Ana", "Ben", "Cai", "Dee"])
    assert tribute_sentence(view, {"payer": 1, "payee": 3, "amount": 5}) == "Ben paid Dee 5 dirhams."
    assert tribute_sentence(view, {"payer": 1, "payee": 3, "amount": 1}) == "Ben paid Dee 1 dirham."
    assert tribute_sentence(view, None) == "No tribute to pay."


def test_panel_names_the_winner_or_the_shared_win() -> None:
    names = ["Ana", "Ben", "Cai", "Dee"]
    single = {"scores": [30, 47, 18, 0], "winners": [1], "reason": "done"}
    shared = {"scores": [30, 47, 47, 0], "winners": [1, 2], "reason": "done"}
    assert outcome_sentence(make_view(outcome=single, names=names)) == "Game over: Ben wins!"
    assert outcome_sentence(make_view(outcome=shared, names=names)) == "Game over: shared win for Ben and Cai"


def test_finished_game_marks_the_winners_card() -> None:
    outcome = {"scores": [30, 47, 18, 0], "winners": [1], "reason": "The last carpet has been laid."}
    finished = picture(make_view(outcome=outcome, to_move=None, phase="over"))
    playing = picture(make_view())
    assert has_colour(finished, PANEL_BOX, UI["winner"], tolerance=8)
    assert not has_colour(playing, PANEL_BOX, UI["winner"], tolerance=8)


def test_player_colour_swatches_appear_in_the_panel() -> None:
    image = picture(make_view(players=[player(0, [0, 2]), player(1, [1, 3])], num_players=2))
    for name, colour_id in (("red", 0), ("blue", 1), ("yellow", 2), ("green", 3)):
        assert has_colour(image, PANEL_BOX, piece_rgb(name, colour_id))


# ---- with the real engine -----------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_of_a_real_game_render_at_every_stage(players: int) -> None:
    engine, rng = get("marrakech"), random.Random(players)
    state = engine.new_game(players)
    turn = 0
    while engine.to_move(state) is not None:
        seat = engine.to_move(state)
        move = engine.sample_chance(state, rng) if seat == CHANCE else rng.choice(engine.legal_moves(state))
        state = engine.apply(state, move)
        turn += 1
        if turn % 23 == 0:
            assert len(render_board(engine.view(state, None))) < 300 * 1024
    final = Image.open(io.BytesIO(render_board(engine.view(state, None))))
    assert final.format == "PNG"


# ---- layering -----------------------------------------------------------------------------------
def test_render_never_imports_the_bot_discord_or_the_database() -> None:
    forbidden = {"bot", "discord", "aiosqlite"}
    for module in Path(render.__file__).parent.glob("*.py"):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                roots = {(node.module or "").split(".")[0]}
            else:
                continue
            assert not roots & forbidden, f"{module.name} imports {roots & forbidden}"
