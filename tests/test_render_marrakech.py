"""The Marrakech pictures: valid, small PNGs in both layouts that show what the view says.

Views come from engine states built by hand (carpets laid, Assam placed, a roll forced) or
played at random. Pixel checks read the decoded PNG at places whose content is known: a
square's dominant colour, the edge between two squares, the top of a border arc, the squares
around Assam.
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
from sources import syntax

import render
from bot.core.pictures import picture_words
from engines import CHANCE, View, get
from engines.marrakech import ENGINE, MarrakechState, parse_placement, parse_square, walk
from render.grid import Grid
from render.marrakech import picture as marrakech_picture
from render.marrakech.arcs import BORDER_ARCS, arc_pivot_pixels, route_path
from render.marrakech.layout import LANDSCAPE, PORTRAIT, Layout
from render.marrakech.panel import outcome_sentence, tribute_sentence, turn_sentence
from render.palette import UI, greyed, piece_rgb
from render.words import Words

RGB = tuple[int, int, int]
NAMES = ["Ana", "Ben", "Cai", "Dee"]
RED, BLUE, YELLOW = piece_rgb("red", 0), piece_rgb("blue", 1), piece_rgb("yellow", 2)
GRID, CELL = LANDSCAPE.grid, LANDSCAPE.cell
COLOUR_IDS = {"red": 0, "blue": 1, "yellow": 2, "green": 3}


# ---- building views -------------------------------------------------------------------------------
def game(
    players: int = 4, carpets: tuple[tuple[str, str], ...] = (), assam: str = "d4", facing: str = "N"
) -> MarrakechState:
    """A game with ``carpets`` (colour, ``"b3-c3"``) laid in order and Assam on ``assam``, seat 0 to turn him."""
    state = ENGINE.new_game(players)
    for colour, squares in carpets:
        placement = parse_placement(squares)
        assert placement is not None
        for square in placement:
            state.board_carpet[square] = state.carpets_laid
            state.board_colour[square] = COLOUR_IDS[colour]
        state.carpets_laid += 1
    square = parse_square(assam)
    assert square is not None
    state.assam, state.facing = square, facing
    return state


def play(state: MarrakechState, *moves: str) -> MarrakechState:
    for move in moves:
        state = ENGINE.apply(state, move)
    return state


def view_of(state: MarrakechState, names: list[str] | None = None) -> View:
    view = ENGINE.view(state, None)
    return view.with_names(names[: state.num_players]) if names else view


def busiest_state() -> MarrakechState:
    """Every square covered, neutral carpets, a path, a tribute, the last carpet, the game over."""
    colours = ["red", "blue", "yellow", "green"]
    carpets = []
    for row in range(1, 8):
        for n, (first, second) in enumerate(("ab", "cd", "ef")):
            carpets.append((colours[(row + n) % 4], f"{first}{row}-{second}{row}"))
        carpets.append(("yellow", f"g{row}-g{row}"))  # a lone half
    state = game(carpets=tuple(carpets), assam="c2", facing="S")
    state.out[3] = True
    state.phase, state.termination = "over", "all_carpets_laid"
    state.last_seat, state.last_roll, state.last_payee, state.last_paid = 1, 2, 2, 12
    state.last_path = [parse_square(name) for name in ("d3", "d2", "d1", "c1", "c2")]  # type: ignore[misc]
    state.last_carpet = [0, 1]
    return state


BUSY_NAMES = ["Aïcha", "Benjamin the very long-named merchant", "Chen", "Dimitri"]
EN = Words.of(picture_words("marrakech", "en"))
"""The words the bot draws Marrakech's pictures with, in English."""


def render_board(view: View, **kwargs: Any) -> bytes:
    return marrakech_picture.render_board(view, words=EN, **kwargs)


# ---- reading the picture --------------------------------------------------------------------------
def picture(view: View, highlight: Iterable[str] = (), layout: str = "landscape") -> Image.Image:
    return Image.open(io.BytesIO(render_board(view, highlight=tuple(highlight), layout=layout))).convert("RGB")


def close(colour: Iterable[int], wanted: Iterable[int], tolerance: int = 14) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, wanted, strict=True))


def dominant_colour(image: Image.Image, box: tuple[int, int, int, int]) -> RGB:
    counts = image.crop(box).getcolors(maxcolors=1 << 16)
    assert counts is not None
    return max(counts)[1]


def square_colour(image: Image.Image, x: int, y: int, grid: Grid = GRID) -> RGB:
    """The most common colour of square (x, y)."""
    return dominant_colour(image, grid.square_box(x, y))


def has_colour(image: Image.Image, box: tuple[int, int, int, int], wanted: RGB, tolerance: int = 14) -> bool:
    counts = image.crop(box).getcolors(maxcolors=1 << 16)
    assert counts is not None
    return any(close(colour, wanted, tolerance) for _, colour in counts)


def edge_strip(x: int, y: int) -> tuple[int, int, int, int]:
    """A thin vertical strip on the line between square (x, y) and square (x + 1, y)."""
    line_x = GRID.left + (x + 1) * CELL
    centre_y = GRID.top + y * CELL + CELL // 2
    return (line_x - 3, centre_y - 12, line_x + 3, centre_y + 12)


# ---- the files themselves ------------------------------------------------------------------------
@pytest.mark.parametrize("busy", [False, True], ids=["empty", "busiest"])
def test_landscape_is_a_small_wide_png_that_fits_discord(busy: bool) -> None:
    view = view_of(busiest_state(), BUSY_NAMES) if busy else view_of(game())
    data = render_board(view)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    assert image.size == (1280, 800)
    assert len(data) < 100 * 1024  # a third of the 300 KB limit (zlib level 1: speed over the last bytes)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_portrait_is_a_narrow_png_with_the_board_above_the_panel(players: int) -> None:
    view = view_of(game(players, carpets=(("red", "a1-b1"),)), NAMES)
    data = render_board(view, layout="portrait")
    image = Image.open(io.BytesIO(data)).convert("RGB")
    assert image.width == 640 < image.height
    assert len(data) < 60 * 1024
    grid = PORTRAIT.grid
    assert close(square_colour(image, 0, 0, grid), RED)
    assert close(square_colour(image, 3, 5, grid), UI["board_square"])
    below_board = (16, PORTRAIT.market_height, image.width - 16, image.height - 16)
    assert close(dominant_colour(image, below_board), UI["panel"], tolerance=4)
    assert has_colour(image, below_board, RED)  # Ana's swatch on her card


def test_portrait_panel_grows_with_the_players_and_fits_its_text() -> None:
    heights = [picture(view_of(game(players), NAMES), layout="portrait").height for players in (2, 3, 4)]
    assert heights[0] < heights[1] < heights[2]
    worst = picture(view_of(busiest_state(), BUSY_NAMES), layout="portrait")
    assert worst.height < PORTRAIT.panel_box(4)[3], "the panel is cut to its text"
    bottom = (20, worst.height - 30, worst.width - 20, worst.height - 20)
    assert close(dominant_colour(worst, bottom), UI["panel"], tolerance=4)


def test_portrait_text_stays_readable_on_a_phone_400_px_wide() -> None:
    scale = 400 / PORTRAIT.width
    assert PORTRAIT.body_size * scale >= 16
    assert PORTRAIT.coordinate_size * scale >= 16
    assert PORTRAIT.cell * scale >= 36


def test_package_entry_point_picks_the_renderer_from_the_view() -> None:
    for layout in ("landscape", "portrait"):
        data = render.render_board(view_of(game()), layout=layout, words=picture_words("marrakech", "en"))
        assert Image.open(io.BytesIO(data)).format == "PNG"
    assert render.has_board("Marrakech")
    with pytest.raises(ValueError, match="layout"):
        render.render_board(view_of(game()), layout="sideways")


def test_package_entry_point_refuses_a_game_without_a_picture() -> None:
    with pytest.raises(ValueError, match="no board image"):
        render.render_board(View(game="chess", viewer=None, seats=[], phase="", to_move=None))


# ---- carpets ------------------------------------------------------------------------------------
def test_carpet_squares_show_their_colour_and_empty_squares_the_board() -> None:
    image = picture(view_of(game(carpets=(("red", "b2-c2"), ("blue", "f6-f7")))))
    assert close(square_colour(image, 1, 1), RED)
    assert close(square_colour(image, 2, 1), RED)
    assert close(square_colour(image, 5, 6), BLUE)
    assert close(square_colour(image, 4, 1), UI["board_square"])
    assert not close(square_colour(image, 4, 1), RED)


def test_two_halves_of_one_carpet_form_one_rug_and_a_lone_half_has_its_own_outline() -> None:
    # A whole blue carpet on b3-c3, and a blue half on d3 whose partner (e3) is covered by red.
    state = game(carpets=(("blue", "b3-c3"), ("blue", "d3-e3"), ("red", "e3-e4")))
    image = picture(view_of(state))
    assert not has_colour(image, edge_strip(1, 2), UI["ink"], tolerance=30)
    assert has_colour(image, edge_strip(2, 2), UI["ink"], tolerance=30)


def test_neutral_carpets_are_greyed_and_tagged() -> None:
    state = ENGINE.resign(game(carpets=(("yellow", "b6-c6"), ("red", "e6-f6"))), 2)
    image = picture(view_of(state))
    assert close(square_colour(image, 1, 5), greyed(YELLOW))
    assert not close(square_colour(image, 1, 5), YELLOW, tolerance=40)
    assert has_colour(image, GRID.square_box(1, 5), UI["panel"], tolerance=4)
    assert not has_colour(image, GRID.square_box(4, 5), UI["panel"], tolerance=4)


def test_colours_with_the_same_tone_still_differ_by_pattern() -> None:
    view = view_of(game(carpets=(("red", "b2-c2"), ("blue", "b4-c4"))))
    view.details["colours"] = ["grey"] * 4
    image = picture(view)
    assert image.crop(GRID.square_box(1, 1)).tobytes() != image.crop(GRID.square_box(1, 3)).tobytes()


def test_last_carpet_is_outlined() -> None:
    left, top, _, bottom = GRID.span_box([(1, 0), (2, 0)])
    outline = (left + 1, (top + bottom) // 2 - 10, left + 6, (top + bottom) // 2 + 10)
    laid = picture(view_of(play(game(assam="b3"), "straight", "roll 1", "place b1-c1")))
    not_laid = picture(view_of(game(carpets=(("red", "b1-c1"),), assam="b2")))
    assert has_colour(laid, outline, UI["highlight"])
    assert not has_colour(not_laid, outline, UI["highlight"])


@pytest.mark.parametrize("layout", [LANDSCAPE, PORTRAIT], ids=["landscape", "portrait"])
def test_highlighted_squares_are_framed(layout: Layout) -> None:
    image = picture(view_of(game()), highlight=["a7", "g1"], layout=layout.name)
    assert has_colour(image, layout.grid.square_box(0, 6), UI["highlight"])
    assert has_colour(image, layout.grid.square_box(6, 0), UI["highlight"])
    assert not has_colour(image, layout.grid.square_box(1, 6), UI["highlight"])


def test_the_changed_places_of_a_turn_can_be_highlighted() -> None:
    state = game()
    before = view_of(state)
    after = view_of(play(state, "straight", "roll 2"))
    image = picture(after, highlight=ENGINE.changed_places(before, after))
    assert has_colour(image, GRID.square_box(3, 3), UI["highlight"])
    assert has_colour(image, GRID.square_box(3, 1), UI["highlight"])


# ---- Assam and his path ---------------------------------------------------------------------------
@pytest.mark.parametrize(("facing", "ahead", "behind"), [("N", (3, 2), (3, 4)), ("E", (4, 3), (2, 3))])
def test_assam_points_the_way_he_faces(facing: str, ahead: tuple, behind: tuple) -> None:
    image = picture(view_of(game(facing=facing)))
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
    cx, cy = arc_pivot_pixels(arc, LANDSCAPE)
    middle = (arc.start_angle + arc.end_angle) / 2
    px = cx + (LANDSCAPE.arc_radius + 5) * math.cos(math.radians(middle))
    py = cy + (LANDSCAPE.arc_radius + 5) * math.sin(math.radians(middle))
    return (round(px) - 2, round(py) - 2, round(px) + 2, round(py) + 2)


def test_path_over_a_border_arc_is_traced_along_the_arc() -> None:
    north_ab = next(i for i, a in enumerate(BORDER_ARCS) if {a.start, a.end} == {(0, 0), (1, 0)})
    state = game(assam="b3", facing="N")
    walked_state = play(state, "straight", "roll 4")
    assert ENGINE.view(walked_state, None).details["last"]["path"] == ["b3", "b2", "b1", "a1", "a2"]
    walked, still = picture(view_of(walked_state)), picture(view_of(game(assam="a2", facing="S")))
    assert has_colour(walked, arc_top(north_ab), UI["ink"], tolerance=30)
    assert not has_colour(still, arc_top(north_ab), UI["ink"], tolerance=30)


def test_path_is_traced_between_the_squares_walked() -> None:
    walked = picture(view_of(play(game(), "right", "roll 2")))
    between = GRID.centre(4, 3)
    probe = (round(between[0]) - 1, round(between[1]) - 1, round(between[0]) + 1, round(between[1]) + 1)
    assert has_colour(walked, probe, UI["path"], tolerance=6)
    assert not has_colour(picture(view_of(game())), probe, UI["path"], tolerance=6)


def test_path_routing_agrees_with_the_engine_on_every_walk() -> None:
    for x in range(7):
        for y in range(7):
            for facing in "NESW":
                for steps in range(1, 5):
                    walked = walk(y * 7 + x, facing, steps)
                    path = [(square % 7, square // 7) for square in walked.path]
                    routed = route_path(path, walked.facing)
                    rode = [walk(y * 7 + x, facing, n).round_border for n in range(1, steps + 1)]
                    arcs_so_far = [any(s.arc is not None for s in routed[:n]) for n in range(1, steps + 1)]
                    assert arcs_so_far == rode, (x, y, facing, steps)
                    assert [s.end for s in routed] == path[1:]


# ---- the panel ----------------------------------------------------------------------------------
def test_panel_says_whose_turn_and_what_they_decide() -> None:
    state = game(3)
    assert turn_sentence(view_of(state, NAMES), LANDSCAPE, EN) == "Ana to turn Assam"
    rolling = play(state, "left")
    assert turn_sentence(view_of(rolling, NAMES), LANDSCAPE, EN) == "Rolling the die…"
    placing = play(rolling, "roll 1")
    assert turn_sentence(view_of(placing, NAMES), LANDSCAPE, EN) == "Ana to place a carpet"
    drawing = play(game(2), "left", "roll 1")
    assert turn_sentence(view_of(drawing, NAMES), LANDSCAPE, EN) == "Drawing the next carpet…"


def test_panel_says_the_variant_turns_assam_for_the_next_merchant() -> None:
    state = ENGINE.new_game(3, {"variant": True})
    state = play(state, "roll 1", "place d2-e2")
    assert turn_sentence(view_of(state, NAMES), PORTRAIT, EN) == "Ana to turn Assam for the next merchant"


def test_merchants_without_names_are_numbered() -> None:
    state = play(game(), "left", "roll 1", "place c3-d3", "left", "roll 1")
    assert turn_sentence(view_of(state), LANDSCAPE, EN) == "Player 2 to place a carpet"


def test_panel_tells_the_tribute_paid() -> None:
    view = view_of(game(), NAMES)
    assert tribute_sentence(view, {"payer": 1, "payee": 3, "amount": 5}, LANDSCAPE, EN) == "Ben paid Dee 5 dirhams."
    assert tribute_sentence(view, {"payer": 1, "payee": 3, "amount": 1}, LANDSCAPE, EN) == "Ben paid Dee 1 dirham."
    assert tribute_sentence(view, None, LANDSCAPE, EN) == "No tribute to pay."


def test_panel_names_the_winner_or_the_shared_win() -> None:
    state = game(carpets=(("red", "a1-b1"), ("blue", "a6-a7")))
    state.phase, state.termination = "over", "all_carpets_laid"
    state.dirhams = [30, 25, 20, 20]
    assert outcome_sentence(view_of(state, NAMES), LANDSCAPE, EN) == "Game over: Ana wins!"
    state.dirhams = [30, 30, 20, 20]
    assert outcome_sentence(view_of(state, NAMES), LANDSCAPE, EN) == "Game over: shared win for Ana and Ben"


def test_finished_game_marks_the_winners_card() -> None:
    box = LANDSCAPE.panel_box(4)
    finished = picture(view_of(busiest_state(), BUSY_NAMES))
    playing = picture(view_of(game()))
    assert has_colour(finished, box, UI["winner"], tolerance=8)
    assert not has_colour(playing, box, UI["winner"], tolerance=8)


def test_merchant_colour_swatches_appear_in_the_panel() -> None:
    image = picture(view_of(game(2)))
    for name, colour_id in COLOUR_IDS.items():
        assert has_colour(image, LANDSCAPE.panel_box(2), piece_rgb(name, colour_id))


# ---- with the real engine -----------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_of_a_real_game_render_at_every_stage(players: int) -> None:
    engine, rng = get("marrakech"), random.Random(players)
    state = engine.new_game(players, {"variant": players == 3})
    turn = 0
    while engine.to_move(state) is not None:
        seat = engine.to_move(state)
        move = engine.sample_chance(state, rng) if seat == CHANCE else rng.choice(engine.legal_moves(state))
        state = engine.apply(state, move)
        turn += 1
        if turn % 23 == 0:
            for layout in ("landscape", "portrait"):
                assert len(render_board(engine.view(state, None), layout=layout)) < 300 * 1024
    for layout in ("landscape", "portrait"):
        assert Image.open(io.BytesIO(render_board(engine.view(state, 0), layout=layout))).format == "PNG"


# ---- layering -----------------------------------------------------------------------------------
def test_render_never_imports_the_bot_discord_or_the_database() -> None:
    forbidden = {"bot", "discord", "aiosqlite"}
    for module in Path(render.__file__).parent.rglob("*.py"):
        tree = syntax(module)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                roots = {(node.module or "").split(".")[0]}
            else:
                continue
            assert not roots & forbidden, f"{module} imports {roots & forbidden}"


@pytest.mark.parametrize("layout", [LANDSCAPE, PORTRAIT], ids=lambda layout: layout.name)
def test_every_spanish_text_of_the_panel_stays_inside_it(layout: Layout, monkeypatch: pytest.MonkeyPatch) -> None:
    """Spanish words are longer ("8 por colocar · 6 visibles", "11 visibles = 49 puntos"): in a four-merchant game,
    mid-game and at its end, no text drawn in the panel reaches past its right edge (they once ran out of it)."""
    from PIL import ImageDraw

    from render.marrakech.panel import PANEL_PADDING

    overflow: list[tuple[str, float]] = []
    original = ImageDraw.ImageDraw.text
    right = layout.panel_box(4)[2] - PANEL_PADDING // 2

    def text(self: ImageDraw.ImageDraw, xy: Any, value: Any, *args: Any, **kwargs: Any) -> None:
        box = self.textbbox(xy, str(value), font=kwargs.get("font"), anchor=kwargs.get("anchor"))
        if xy[0] >= layout.panel_box(4)[0] and box[2] > right:
            overflow.append((str(value), box[2]))
        original(self, xy, value, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    rng, state = random.Random(5), ENGINE.new_game(4)
    states = [state]
    while (seat := ENGINE.to_move(state)) is not None:
        move = ENGINE.sample_chance(state, rng) if seat == CHANCE else rng.choice(ENGINE.legal_moves(state))
        state = ENGINE.apply(state, move)
        states.append(state)
    words = picture_words("marrakech", "es")
    for chosen in (states[len(states) // 3], states[-1]):
        view = ENGINE.view(chosen, 0).with_names(["Anabela Rodríguez", "Bo", "Cy", "Di"])
        render.render_board(view, layout=layout.name, words=words)
    assert not overflow, overflow
