"""The Kairo images: board PNGs in both layouts that show the public view, and a private hand PNG.

Views come from the real engine (seeded chance, the preset start) and, where a case is hard to
reach by play, from such a view edited by hand. Pixel checks read the decoded PNG where the
content is known: a stall's square, a customer's square, a frame round the last move. Legibility
on a phone is checked on the portrait image: every word and number drawn in it is at least 20
pixels high, 10 once the image is shown 400 pixels wide.
"""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageDraw
from quick import quick_first

import render
from bot.core.pictures import picture_words
from engines import CHANCE, get
from engines.base import View
from engines.cairo import CairoState
from render.cairo import board as board_module
from render.cairo import board as cairo_board
from render.cairo import geometry, pieces
from render.cairo import hand as cairo_hand
from render.cairo import panel as cairo_panel
from render.cairo.board import CALLER_MARK, LAST_MOVE
from render.cairo.cards import MAP_EMPTY, MAP_NAMED
from render.cairo.cards import card_map_cell_centre as map_cell_centre
from render.cairo.geometry import CELL, LANDSCAPE, PORTRAIT
from render.cairo.hand import PORTRAIT_WIDTH, HandLayout, hand_card_box
from render.cairo.panel import panel_bottom, pending_text, player_name, status_text
from render.cairo.pieces import seal_sprite
from render.palette import piece_rgb
from render.words import Words

RGB = tuple[int, int, int]
ENGINE = get("cairo")
MAX_BYTES = 300_000
NAMES = ["Amira", "Bashir", "Chiara", "Dmitri"]
GRID = LANDSCAPE.grid
LAYOUTS = ("landscape", "portrait")
TABLE = picture_words("cairo", "en")
EN = Words.of(TABLE)
"""The words the bot draws Kairo's pictures with, in English."""


def render_board(view: View, **kwargs: Any) -> bytes:
    return cairo_board.render_board(view, words=EN, **kwargs)


def render_private(view: View, **kwargs: Any) -> bytes | None:
    return cairo_hand.render_private(view, words=EN, **kwargs)


# ---- game states ------------------------------------------------------------------------------------
def settle_chance(state: CairoState, rng: random.Random) -> CairoState:
    """Play chance moves until a seat must decide."""
    while ENGINE.to_move(state) == CHANCE:
        state = ENGINE.apply(state, ENGINE.sample_chance(state, rng))
    return state


def preset_game(players: int = 3, seed: int = 0) -> CairoState:
    """A preset-start game after setup: stalls on the board, customers in the queue, seat to play."""
    return settle_chance(ENGINE.new_game(players, {"start": "preset"}), random.Random(seed))


def view_of(state: CairoState, viewer: int | None = None) -> View:
    return ENGINE.view(state, viewer).with_names(NAMES[: state.num_players])


def random_states(players: int, seed: int) -> Iterator[CairoState]:
    """States of one seeded random game: the first state of every phase, the final-stage start, the end."""
    rng = random.Random(seed)
    state = ENGINE.new_game(players)
    seen = set()
    while (seat := ENGINE.to_move(state)) is not None:
        move = ENGINE.sample_chance(state, rng) if seat == CHANCE else rng.choice(ENGINE.legal_moves(state))
        state = ENGINE.apply(state, move)
        key = (state.phase, state.final_stage)
        if key not in seen:
            seen.add(key)
            yield state


def decode(png: bytes) -> Image.Image:
    """The PNG as an RGB image (fails on anything that is not a PNG)."""
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def near(colour: RGB, target: RGB, tolerance: int = 40) -> bool:
    return sum(abs(a - b) for a, b in zip(colour, target, strict=True)) <= tolerance


def share_near(image: Image.Image, x: int, y: int, target: RGB) -> float:
    """The share of a board square's pixels that are close to ``target``."""
    left, top, right, bottom = GRID.square_box(x, y)
    data = image.crop((left + 3, top + 3, right - 3, bottom - 3)).tobytes()
    pixels = list(zip(data[0::3], data[1::3], data[2::3], strict=True))
    return sum(near(pixel, target) for pixel in pixels) / len(pixels)


def square_at(view: View, name: str) -> tuple[int, int]:
    square = next(sq for sq in view.details["board"]["squares"] if sq["name"] == name)
    return square["x"], square["y"]


def is_bare(square: dict[str, Any], view: View) -> bool:
    """No stall, entrance or customer on the square, nor on any neighbour (no frame spills in)."""
    around = {(square["x"] + dx, square["y"] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    return not any(
        sq.get("stall") or sq.get("entrance") or sq.get("customer")
        for sq in view.details["board"]["squares"]
        if (sq["x"], sq["y"]) in around
    )


# ---- format and size ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "seed"), quick_first([(2, 11), (3, 12), (4, 13)]))
def test_boards_are_small_pngs_in_both_layouts_in_every_phase_of_a_random_game(players: int, seed: int) -> None:
    phases = set()
    for state in random_states(players, seed):
        view = view_of(state)
        phases.add(view.phase)
        wide, tall = decode(render_board(view)), render_board(view, layout="portrait")
        assert wide.width <= 1280 and wide.width > wide.height
        image = decode(tall)
        assert image.width == PORTRAIT.width and image.height > image.width
        assert image.height == panel_bottom(view, PORTRAIT, EN) + PORTRAIT.outer
        assert len(tall) < MAX_BYTES and len(render_board(view)) < MAX_BYTES
    assert {"place", "play", "card", "draw", "final", "over"} <= phases


def test_the_dispatcher_draws_kairo_views_with_this_renderer() -> None:
    view = view_of(preset_game())
    assert render.render_board(view, words=TABLE) == render_board(view)
    assert render.render_board(view, layout="portrait", words=TABLE) == render_board(view, layout="portrait")
    assert render.render_private(ENGINE.view(preset_game(), 0)) is not None


# ---- what the board shows ------------------------------------------------------------------------------
def test_a_stall_fills_its_square_with_its_colour_and_an_empty_square_stays_plain() -> None:
    view = view_of(preset_game())
    stall = next(stall for stall in view.details["stalls"] if stall["colour"] == "red")
    image = decode(render_board(view))
    x, y = square_at(view, stall["square"])
    red = piece_rgb("red", 0)
    assert share_near(image, x, y, red) > 0.2
    empty = next(sq for sq in view.details["board"]["squares"] if sq["kind"] == "souk" and is_bare(sq, view))
    assert share_near(image, empty["x"], empty["y"], red) < 0.02


def test_a_customer_is_a_pawn_of_its_colour_on_its_square() -> None:
    view = view_of(preset_game())
    colour, square = next(iter(view.details["customers"].items()))
    image = decode(render_board(view))
    x, y = square_at(view, square)
    rgb = piece_rgb(colour, view.details["colours"].index(colour))
    assert share_near(image, x, y, rgb) > 0.1
    details = {**view.details, "board": {**view.details["board"]}}
    details["board"]["squares"] = [
        {**sq, "customer": None} if sq["name"] == square else sq for sq in view.details["board"]["squares"]
    ]
    moved = view.model_copy(update={"details": details})
    assert share_near(decode(render_board(moved)), x, y, rgb) < 0.02


def test_an_entrance_is_tinted_in_its_stalls_colour() -> None:
    view = view_of(preset_game())
    stall = next(stall for stall in view.details["stalls"] if stall["colour"] == "blue")
    x, y = square_at(view, stall["door"])
    image = decode(render_board(view))
    blue = piece_rgb("blue", view.details["colours"].index("blue"))
    assert share_near(image, x, y, blue) > 0.05


def test_the_last_move_is_framed_in_the_highlight_colour() -> None:
    view = view_of(preset_game())
    stall = view.details["stalls"][0]
    x, y = square_at(view, stall["square"])
    left, top, _right, _bottom = GRID.square_box(x, y)
    probe = (left + CELL // 2, top - 1)
    framed = view.model_copy(
        update={"details": {**view.details, "last": {"seat": 0, "action": "build", "squares": [stall["square"]]}}}
    )
    assert near(decode(render_board(framed)).getpixel(probe), LAST_MOVE)
    assert not near(decode(render_board(view)).getpixel(probe), LAST_MOVE)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_highlighted_squares_are_framed(layout: str) -> None:
    view = view_of(preset_game())
    grid = geometry.FRAMES[layout].grid
    left, top, _right, _bottom = grid.square_box(1, 1)
    probe = (left + CELL // 2, top - 1)
    assert near(decode(render_board(view, highlight=("b1",), layout=layout)).getpixel(probe), CALLER_MARK)
    assert not near(decode(render_board(view, layout=layout)).getpixel(probe), CALLER_MARK)


def test_the_board_is_the_same_for_a_players_view_and_the_spectators() -> None:
    state = preset_game()
    own = view_of(state, 0)
    assert own.details["players"][0]["hand"] is not None
    for layout in LAYOUTS:
        assert render_board(own, layout=layout) == render_board(view_of(state, None), layout=layout)


def test_changing_a_players_hidden_hand_and_coins_leaves_the_board_unchanged() -> None:
    own = view_of(preset_game(), 0)
    players = [dict(p) for p in own.details["players"]]
    players[0].update(hand=["NW", "NW", "NW", "NW"], coins=dict.fromkeys(own.details["colours"], 9), coin_value=54)
    other = own.model_copy(update={"details": {**own.details, "players": players}})
    assert render_board(other) == render_board(own)


def test_the_board_shows_the_final_table_once_the_game_is_over() -> None:
    over = view_of(list(random_states(3, 5))[-1])
    assert over.outcome is not None
    for layout in LAYOUTS:
        decode(render_board(over, layout=layout))
    winner = over.outcome.winners[0]
    assert player_name(over, winner) in status_text(over, EN)


def test_the_end_image_gives_one_total_per_merchant(monkeypatch: pytest.MonkeyPatch) -> None:
    over = view_of(list(random_states(3, 5))[-1])
    assert over.outcome is not None
    written = record_text(monkeypatch)
    render_board(over, layout="portrait")
    texts = [text for text, _ in written]
    assert "pts" not in texts
    for line in over.outcome.details["final"]:
        assert texts.count(str(line["total"])) >= 1
    track_only = [line["track"] for line in over.outcome.details["final"] if line["track"] != line["total"]]
    assert track_only, "the game had medals or coins: track and total differ"


# ---- legible on a phone ------------------------------------------------------------------------------------
SMALLEST_ON_A_PHONE = 20
"""Pixels of font in the 800-pixel portrait image: 10 once a phone shows it 400 pixels wide."""


def record_text(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Every text drawn from now on, with its font size (sprite caches emptied so they are drawn again)."""
    written: list[tuple[str, int]] = []
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, value: Any, *args: Any, **kwargs: Any) -> None:
        font = kwargs.get("font")
        written.append((str(value), getattr(font, "size", 0)))
        original(self, xy, value, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    for module in (pieces, geometry, cairo_panel, cairo_board, cairo_hand):
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()  # every cached sprite (stalls, doors, pawns, medals, the static board) drawn again
    return written


@pytest.mark.parametrize("players", [2, 4])
def test_every_word_of_the_portrait_board_reads_at_400_pixels(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    states = list(random_states(players, 20 + players))
    view = view_of(states[len(states) * 2 // 3])
    written = record_text(monkeypatch)
    render_board(view, layout="portrait")
    labels = {spec["label"] for spec in view.details["sectors"].values()}
    small = {
        (text, size) for text, size in written if size < SMALLEST_ON_A_PHONE and text not in labels | {"TAVERN ZONE"}
    }
    assert not small, small
    drawn = {text for text, _ in written}
    assert {"R", "1", NAMES[0]} <= drawn


def test_every_word_of_the_portrait_hand_reads_at_400_pixels(monkeypatch: pytest.MonkeyPatch) -> None:
    view = view_of(preset_game(4), 0)
    written = record_text(monkeypatch)
    png = render_private(view, layout="portrait")
    assert png is not None and decode(png).width == PORTRAIT_WIDTH
    assert all(size >= SMALLEST_ON_A_PHONE for _, size in written), [w for w in written if w[1] < SMALLEST_ON_A_PHONE]


# ---- panel sentences -------------------------------------------------------------------------------------
def test_status_names_the_seat_to_move_and_what_it_does() -> None:
    view = view_of(preset_game())
    assert view.to_move is not None
    assert status_text(view, EN).startswith(player_name(view, view.to_move))
    assert "build, attract" in status_text(view, EN)


def test_names_fall_back_to_player_numbers() -> None:
    view = ENGINE.view(preset_game(), None)
    assert player_name(view, 2, EN) == "Player 3"
    assert player_name(view.with_names(NAMES[:3]), 2) == "Chiara"


def test_a_pending_build_is_described_in_words() -> None:
    assert pending_text({"action": "extend", "colour": "red", "square": "f6"}, EN) == "red extension at f6"
    assert pending_text({"action": "build", "colour": "blue", "square": "e5", "door": "e6"}, EN) == (
        "new blue stall at e5 (door e6)"
    )


def test_each_seat_has_its_own_seal_shape_and_badge() -> None:
    masks = [seal_sprite(seat, 40, numbered=False).getchannel("A").tobytes() for seat in range(4)]
    assert len(set(masks)) == 4
    assert seal_sprite("neutral", 40).tobytes() not in {seal_sprite(seat, 40).tobytes() for seat in range(4)}
    badges = {pieces.owner_badge(owner, 28).tobytes() for owner in (0, 1, 2, 3, "neutral")}
    assert len(badges) == 5


def test_the_portrait_panel_is_as_tall_as_what_it_draws() -> None:
    for state in random_states(4, 31):
        view = view_of(state)
        image = Image.new("RGB", (PORTRAIT.width, 4000))
        from render.cairo.panel import draw_panel

        assert draw_panel(image, view, PORTRAIT, EN) == panel_bottom(view, PORTRAIT, EN)
    assert board_module.canvas_size(view, LANDSCAPE) == (LANDSCAPE.width, LANDSCAPE.board_size[1])


# ---- the private hand image ----------------------------------------------------------------------------
CORNERS = {"NW": (0, 0), "SE": (2, 2)}


def with_hand(view: View, hand: list[str], **more: Any) -> View:
    players = [dict(p) for p in view.details["players"]]
    players[view.viewer or 0].update(hand=hand, **more)
    return view.model_copy(update={"details": {**view.details, "players": players}})


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_hand_image_shows_each_card_with_its_sector_filled(layout: str) -> None:
    view = with_hand(view_of(preset_game(), 0), ["NW", "SE"])
    png = render_private(view, layout=layout)
    assert png is not None
    image = decode(png)
    shape = HandLayout(geometry.FRAMES[layout], image.width, 4 if layout == "portrait" else 6, EN)
    top = shape.size(128)
    for index, card in enumerate(["NW", "SE"]):
        box = hand_card_box(shape, index, 2, top)
        assert near(image.getpixel(map_cell_centre(box, *CORNERS[card])), MAP_NAMED)
        assert near(image.getpixel(map_cell_centre(box, 1, 1)), MAP_EMPTY)


def test_a_wildcard_in_hand_fills_its_whole_zone() -> None:
    png = render_private(with_hand(view_of(preset_game(), 0), ["west"]))
    assert png is not None
    image = decode(png)
    box = hand_card_box(HandLayout(LANDSCAPE, image.width, 6, EN), 0, 1, LANDSCAPE.size(128))
    for row in range(3):
        assert near(image.getpixel(map_cell_centre(box, 0, row)), MAP_NAMED)
    assert near(image.getpixel(map_cell_centre(box, 2, 0)), MAP_EMPTY)


def test_a_portrait_hand_puts_at_most_four_cards_in_a_row() -> None:
    shape = HandLayout(PORTRAIT, PORTRAIT_WIDTH, 4, EN)
    boxes = [hand_card_box(shape, index, 6, 100) for index in range(6)]
    assert len({box[1] for box in boxes[:4]}) == 1 and boxes[4][1] > boxes[3][3]
    assert max(box[2] for box in boxes) <= PORTRAIT_WIDTH


def test_the_hand_image_changes_with_the_coins() -> None:
    view = view_of(preset_game(), 0)
    coins = dict(view.details["players"][0]["coins"])
    coins["red"] += 5
    richer = with_hand(view, view.details["players"][0]["hand"], coins=coins)
    assert render_private(view) != render_private(richer)
    png = render_private(view)
    assert png is not None and decode(png).width <= 1280


def test_a_spectator_has_no_hand_image() -> None:
    assert render_private(view_of(preset_game(), None)) is None
    assert render.render_private(view_of(preset_game(), None)) is None


def test_another_seats_view_never_draws_a_hand_it_does_not_hold() -> None:
    view = view_of(preset_game(), 0).model_copy(update={"viewer": 1})
    assert render_private(view) is None
