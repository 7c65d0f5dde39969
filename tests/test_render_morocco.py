"""The Morocco picture: a valid, small PNG in both layouts that shows what the view says.

Views come from real engine states (built with the rules tests' builders, then edited). Pixel
checks read the decoded PNG where the content is known: a worker's colour on its corner, a juice
token's dark diamond on its intersection, a market tile's colour filling a closed stall, the row
and column cubes, the frames of highlighted and just-closed stalls, the ring round the last worker.
"""

from __future__ import annotations

import io
import random
import time
from typing import Any

import pytest
from PIL import Image, ImageChops
from test_morocco_notation import E, close, dealt, put, workers_turn

import render
from bot.core.pictures import picture_words
from engines.base import CHANCE, View
from engines.morocco.state import EMPTY_TILE, MoroccoState
from render import morocco
from render.morocco.board import EMPTY_TILE as EMPTY_TILE_RGB
from render.morocco.board import column_cube_centre, point_xy, row_cube_centre, space_centre
from render.morocco.layout import LANDSCAPE, PORTRAIT, Layout
from render.morocco.panel import status_line
from render.morocco.scene import cube_rgb, player_rgb
from render.palette import UI
from render.words import Words

EN = Words.of(picture_words("morocco", "en"))
"""The words the bot draws Morocco's pictures with, in English."""


def render_board(view: View, **kwargs: Any) -> bytes:
    return morocco.render_board(view, words=EN, **kwargs)


def board_image(view: View, **kwargs: Any) -> Image.Image:
    return morocco.board_image(view, words=EN, **kwargs)


RGB = tuple[int, int, int]
NAMES = ["Aïcha", "Benjamin the very long-named merchant", "Chen", "Dimitri", "Eva"]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def view_of(state: MoroccoState, viewer: int | None = 0) -> View:
    return E.view(state, viewer).with_names(NAMES[: state.num_players])


def picture(view: View, highlight: tuple[str, ...] = (), layout: str = "landscape") -> Image.Image:
    return Image.open(io.BytesIO(render_board(view, highlight=highlight, layout=layout))).convert("RGB")


def close_to(colour: RGB, wanted: RGB, tolerance: int = 16) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, wanted, strict=True))


def colours_near(image: Image.Image, centre: tuple[float, float], reach: int) -> list[RGB]:
    x, y = round(centre[0]), round(centre[1])
    counts = image.crop((x - reach, y - reach, x + reach + 1, y + reach + 1)).getcolors(maxcolors=1 << 16)
    assert counts is not None
    return [colour for _, colour in sorted(counts, reverse=True)]


def shows(image: Image.Image, centre: tuple[float, float], wanted: RGB, reach: int = 4) -> bool:
    return any(close_to(colour, wanted) for colour in colours_near(image, centre, reach))


def busy_state(players: int = 5) -> MoroccoState:
    """Workers of every kind, closed stalls under tiles and empty tiles, arrows, a closing under way."""
    state = workers_turn(dealt(players), 0, purple=1, green=1)
    put(state, "a1 nw", 0)
    put(state, "a1 se", 1, "bodyguard")
    put(state, "b1 ne", 2 % players, "tourist")
    put(state, "e5 sw", players - 1)
    close(state, "c1", owner=3 % players, arrow=1)
    close(state, "d2", owner=EMPTY_TILE, arrow=2)
    state.overflow[17] = 1
    state.last_placed = [4 * 0 + 0]
    state.recent_closed = [2]
    return state


# ---- the file -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("layout", ["landscape", "portrait"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_both_layouts_give_a_small_png_of_the_right_size(layout: str, players: int) -> None:
    png = render_board(view_of(busy_state(players)), layout=layout)
    assert png.startswith(PNG_MAGIC) and len(png) <= 300 * 1024
    image = Image.open(io.BytesIO(png))
    if layout == "landscape":
        assert image.size == (1280, 800)
    else:
        assert image.width == 640 and PORTRAIT.board_height < image.height <= 1700


def test_the_render_package_finds_the_picture_and_refuses_a_bad_layout() -> None:
    view = view_of(busy_state())
    assert render.has_board("morocco")
    assert render.render_board(view, layout="portrait").startswith(PNG_MAGIC)
    with pytest.raises(ValueError):
        render.render_board(view, layout="sideways")


# ---- the market ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("layout", [LANDSCAPE, PORTRAIT], ids=["landscape", "portrait"])
def test_workers_stand_on_their_corners_in_their_players_colour(layout: Layout) -> None:
    state = busy_state()
    image = picture(view_of(state), layout=layout.name)
    assert shows(image, space_centre(layout, "a1", "nw"), player_rgb(0))
    assert shows(image, space_centre(layout, "a1", "se"), player_rgb(1))
    assert shows(image, space_centre(layout, "b1", "ne"), player_rgb(2), reach=8)
    assert shows(image, space_centre(layout, "e5", "sw"), player_rgb(4))
    assert not shows(image, space_centre(layout, "c3", "nw"), player_rgb(0), reach=10)


def test_juice_tokens_lie_face_up_on_the_intersections_and_vanish_when_gone() -> None:
    state = busy_state()
    state.juice[7] = 0
    image = picture(view_of(state))
    assert shows(image, point_xy(LANDSCAPE, 0, 0), UI["token"], reach=6)
    assert shows(image, point_xy(LANDSCAPE, 2, 3), UI["token"], reach=6)
    assert not shows(image, point_xy(LANDSCAPE, 1, 1), UI["token"], reach=6)


def test_closed_stalls_show_the_owners_tile_or_an_empty_stall_tile_with_its_arrow() -> None:
    state = busy_state()
    image = picture(view_of(state))
    grid = LANDSCAPE.grid
    owner_box = grid.square_box(2, 0)
    assert close_to(_dominant(image, owner_box), player_rgb(3), 40)
    empty_box = grid.square_box(3, 1)
    assert close_to(_dominant(image, empty_box), EMPTY_TILE_RGB, 40)
    cx, cy = grid.centre(3, 1)
    assert shows(image, (cx, cy + LANDSCAPE.cell * 0.35), UI["ink_light"], reach=3)
    assert not shows(image, (cx, cy - LANDSCAPE.cell * 0.35), UI["ink_light"], reach=3)


def _dominant(image: Image.Image, box: tuple[int, int, int, int]) -> RGB:
    counts = image.crop(box).getcolors(maxcolors=1 << 16)
    assert counts is not None
    return max(counts)[1]


def test_row_and_column_cubes_sit_at_the_edges_in_their_colours() -> None:
    state = busy_state()
    image = picture(view_of(state))
    for row, colour in enumerate(("orange", "black", "purple", "green", "brown")):
        assert shows(image, row_cube_centre(LANDSCAPE, row), cube_rgb(colour), reach=12)
    for column, colour in enumerate(("orange", "black", "green", "purple", "brown")):
        assert shows(image, column_cube_centre(LANDSCAPE, column), cube_rgb(colour), reach=12)


def test_the_last_worker_placed_is_ringed_and_a_stall_that_just_closed_is_framed() -> None:
    state = busy_state()
    image = picture(view_of(state))
    x, y = space_centre(LANDSCAPE, "a1", "nw")
    ring = LANDSCAPE.px(43) / 2 + LANDSCAPE.px(5) / 2 + 2
    assert shows(image, (x + ring, y), UI["highlight"], reach=3)
    left, top, _right, bottom = LANDSCAPE.grid.square_box(2, 0)
    assert shows(image, (left + 4, (top + bottom) / 2), UI["highlight"], reach=3)
    state.last_placed, state.recent_closed = [], []
    image = picture(view_of(state))
    assert not shows(image, (x + ring, y), UI["highlight"], reach=3)
    assert not shows(image, (left + 4, (top + bottom) / 2), UI["highlight"], reach=3)


def test_highlighted_places_are_framed() -> None:
    state = busy_state()
    state.last_placed, state.recent_closed = [], []
    places = ("c3", "row 2", "column d")
    plain, framed = picture(view_of(state)), picture(view_of(state), highlight=places)
    left, top, _right, bottom = LANDSCAPE.grid.square_box(2, 2)
    edge = (left + 4, (top + bottom) / 2)
    assert shows(framed, edge, UI["highlight"], 3) and not shows(plain, edge, UI["highlight"], 3)
    for centre in (row_cube_centre(LANDSCAPE, 1), column_cube_centre(LANDSCAPE, 3)):
        side = (centre[0] - LANDSCAPE.px(26), centre[1])
        assert shows(framed, side, UI["highlight"], 3) and not shows(plain, side, UI["highlight"], 3)


def test_a_closing_stall_is_framed_while_its_choices_are_made() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    put(state, "c3 nw", 1, "bodyguard")
    put(state, "c3 ne", 2)
    state = E.apply(state, "assistant c3 sw")
    assert E.view(state, None).details["closing"] == "c3"
    left, top, _right, bottom = LANDSCAPE.grid.square_box(2, 2)
    assert shows(picture(view_of(state)), (left + 4, (top + bottom) / 2), UI["highlight"], 3)


# ---- the panel -------------------------------------------------------------------------------------------
def test_the_panel_says_whose_turn_it_is_and_what_they_decide() -> None:
    state = busy_state()
    assert status_line(view_of(state), EN) == "Aïcha: place a worker (turn 1 of 2)"
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    put(state, "c3 nw", 1, "bodyguard")
    put(state, "c3 ne", 2)
    state = E.apply(state, "assistant c3 sw")
    assert status_line(view_of(state), EN) == "Aïcha: take a gold coin or a bodyguard (c3)"
    assert status_line(view_of(E.new_game(3)), EN) == "Dealing the juice tokens…"


def test_the_player_to_move_has_a_lit_card() -> None:
    state = busy_state()
    image = picture(view_of(state))
    panel_left = LANDSCAPE.panel_box()[0]
    assert any(close_to(c, UI["turn"], 4) for c in colours_near(image, (panel_left + 12, 340), 6))


def test_the_rooftop_shows_its_cubes_and_the_end_shows_the_winner() -> None:
    state = busy_state(3)
    state.step, state.termination = "over", "market_closed"
    view = view_of(state)
    assert status_line(view, EN).startswith("The final round is over.")
    image = picture(view)
    counts = image.crop(LANDSCAPE.panel_box()).getcolors(maxcolors=1 << 16)
    assert counts is not None and any(close_to(c, UI["winner"], 6) for _, c in counts)


# ---- real games -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 5])
def test_states_of_whole_random_games_render_in_both_layouts(players: int) -> None:
    rng = random.Random(players)
    state = E.new_game(players)
    count = 0
    while (seat := E.to_move(state)) is not None:
        move = E.sample_chance(state, rng) if seat == CHANCE else rng.choice(E.legal_moves(state))
        state = E.apply(state, move)
        count += 1
        if count % 23 == 0:
            for layout in ("landscape", "portrait"):
                png = render_board(view_of(state, seat if seat >= 0 else None), layout=layout)
                assert png.startswith(PNG_MAGIC) and len(png) <= 300 * 1024
    assert len(render_board(view_of(state, None))) <= 300 * 1024


def test_a_render_is_fast_enough() -> None:
    view = view_of(busy_state())
    render_board(view)
    start = time.perf_counter()
    for _ in range(5):
        render_board(view)
    assert (time.perf_counter() - start) / 5 < 0.25


def test_the_rooftop_marks_the_pawns_space_and_highlighted_spaces() -> None:
    state = busy_state()
    state.pawn = 0
    plain = board_image(view_of(state))
    framed = board_image(view_of(state), highlight=("roof 3",))
    moved = E.copy(state)
    moved.pawn = 3
    with_pawn = board_image(view_of(moved))
    panel = LANDSCAPE.panel_box()
    for other in (framed, with_pawn):
        changed = _changed_box(plain, other)
        assert changed is not None
        left, _top, right, bottom = changed
        assert panel[0] < left and right < panel[0] + (panel[2] - panel[0]) / 2
        assert bottom < panel[1] + 320
        assert any(close_to(c, UI["highlight"], 6) for c in _colours_in(other, changed))


def _changed_box(first: Image.Image, second: Image.Image) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(first, second).getbbox()


def _colours_in(image: Image.Image, box: tuple[int, int, int, int]) -> list[RGB]:
    counts = image.crop(box).getcolors(maxcolors=1 << 16)
    assert counts is not None
    return [colour for _, colour in counts]


@pytest.mark.parametrize("layout", [LANDSCAPE, PORTRAIT], ids=["landscape", "portrait"])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_winners_frame_never_crosses_the_final_score_line(layout: Layout, players: int) -> None:
    from render.morocco.panel import card_boxes

    state = busy_state(players)
    state.step, state.termination = "over", "market_closed"
    view = view_of(state)
    assert view.outcome is not None and view.outcome.winners
    for seat in view.outcome.winners:
        boxes = card_boxes(view, layout, seat, 0, 0, 400, EN)
        left, top, right, bottom = boxes.frame
        inner = (left + boxes.stroke, top + boxes.stroke, right - boxes.stroke, bottom - boxes.stroke)
        for name, (x0, y0, x1, y1) in boxes.texts.items():
            inside = inner[0] <= x0 and inner[1] <= y0 and x1 <= inner[2] and y1 <= inner[3]
            assert inside, f"{name} text {(x0, y0, x1, y1)} crosses the frame {boxes.frame} (stroke {boxes.stroke})"
    picture(view, layout=layout.name)  # and it draws
