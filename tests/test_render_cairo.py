"""The Kairo images: a small landscape board PNG that shows the public view, and a private hand PNG.

Views come from the real engine (seeded chance, the preset start) and, where a case is hard to
reach by play, from such a view edited by hand. Pixel checks read the decoded PNG where the
content is known: a stall's square, a customer's square, a frame round the last move.
"""

from __future__ import annotations

import copy
import io
import random
from typing import Any

import pytest
from PIL import Image

import render
from engines import CHANCE, GameError, get
from render.cairo import (
    CALLER_MARK,
    LAST_MOVE,
    public_view,
    render_board,
    render_hand,
)
from render.cairo_cards import MAP_EMPTY, MAP_NAMED
from render.cairo_cards import card_map_cell_centre as map_cell_centre
from render.cairo_hand import hand_card_box
from render.cairo_layout import CELL, GRID
from render.cairo_panel import pending_text, player_name, status_text
from render.cairo_pieces import seal_sprite
from render.palette import piece_rgb

RGB = tuple[int, int, int]
ENGINE = get("cairo")
MAX_BYTES = 300_000


# ---- game states ------------------------------------------------------------------------------------
def settle_chance(state: Any, rng: random.Random) -> Any:
    """Play chance moves until a seat must decide."""
    while ENGINE.to_move(state) == CHANCE:
        state = ENGINE.apply(state, ENGINE.sample_chance(state, rng))
    return state


def preset_game(players: int = 3, seed: int = 0) -> Any:
    """A preset-start game after setup: stalls on the board, customers in the queue, seat to play."""
    return settle_chance(ENGINE.new_game(players, {"start": "preset"}), random.Random(seed))


def random_states(players: int, seed: int) -> list[Any]:
    """States of one seeded random game: the first state of every phase, the final-stage start, the end."""
    rng = random.Random(seed)
    state = ENGINE.new_game(players)
    states, seen = [], set()
    while (seat := ENGINE.to_move(state)) is not None:
        move = ENGINE.sample_chance(state, rng) if seat == CHANCE else rng.choice(ENGINE.legal_moves(state))
        state = ENGINE.apply(state, move)
        view = ENGINE.view(state, None)
        key = (view["phase"], view["final_stage"])
        if key not in seen:
            states.append(state)
            seen.add(key)
    return states


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


# ---- format and size ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_board_is_a_small_landscape_png_in_every_phase_of_a_random_game(players: int, seed: int) -> None:
    phases = set()
    for state in random_states(players, seed):
        view = ENGINE.view(state, None)
        phases.add(view["phase"])
        png = render_board(view)
        image = decode(png)
        assert image.width <= 1280
        assert image.width > image.height
        assert len(png) < MAX_BYTES
    assert {"play", "over"} <= phases


def test_the_dispatcher_draws_kairo_views_with_this_renderer() -> None:
    view = ENGINE.view(preset_game(), None)
    assert render.render_board("cairo", view) == render_board(view)


# ---- what the board shows ------------------------------------------------------------------------------
def test_a_stall_fills_its_square_with_its_colour_and_an_empty_square_stays_plain() -> None:
    view = ENGINE.view(preset_game(), None)
    stall = next(stall for stall in view["stalls"] if stall["colour"] == "red")
    image = decode(render_board(view))
    x, y = square_at(view, stall["square"])
    red = piece_rgb("red", 0)
    assert share_near(image, x, y, red) > 0.2
    empty = next(sq for sq in view["board"]["squares"] if sq["kind"] == "souk" and is_bare(sq, view))
    assert share_near(image, empty["x"], empty["y"], red) < 0.02


def test_a_customer_is_a_pawn_of_its_colour_on_its_square() -> None:
    view = ENGINE.view(preset_game(), None)
    colour, square = next(iter(view["customers"].items()))
    image = decode(render_board(view))
    x, y = square_at(view, square)
    rgb = piece_rgb(colour, view["colours"].index(colour))
    assert share_near(image, x, y, rgb) > 0.1
    moved = copy.deepcopy(view)
    for entry in moved["board"]["squares"]:
        if entry["name"] == square:
            entry["customer"] = None
    assert share_near(decode(render_board(moved)), x, y, rgb) < 0.02


def test_an_entrance_is_tinted_in_its_stalls_colour() -> None:
    view = ENGINE.view(preset_game(), None)
    stall = next(stall for stall in view["stalls"] if stall["colour"] == "blue")
    x, y = square_at(view, stall["door"])
    image = decode(render_board(view))
    blue = piece_rgb("blue", view["colours"].index("blue"))
    assert share_near(image, x, y, blue) > 0.05


def test_the_last_move_is_framed_in_the_highlight_colour() -> None:
    view = ENGINE.view(preset_game(), None)
    stall = view["stalls"][0]
    x, y = square_at(view, stall["square"])
    left, top, _right, _bottom = GRID.square_box(x, y)
    probe = (left + CELL // 2, top - 1)
    framed = copy.deepcopy(view)
    framed["last"] = {"seat": 0, "action": "build", "squares": [stall["square"]]}
    assert near(decode(render_board(framed)).getpixel(probe), LAST_MOVE)
    assert not near(decode(render_board(view)).getpixel(probe), LAST_MOVE)


def test_a_highlight_from_the_caller_frames_and_labels_squares() -> None:
    view = ENGINE.view(preset_game(), None)
    left, top, right, _bottom = GRID.square_box(1, 1)
    marked = decode(render_board(view, highlight={"squares": ["b1"], "labels": {"b1": "1"}}))
    assert near(marked.getpixel((left + CELL // 2, top - 1)), CALLER_MARK)
    assert near(marked.getpixel((right - 12 - 7, top + 12)), CALLER_MARK)


def test_the_board_is_the_same_for_a_players_view_and_the_spectators() -> None:
    state = preset_game()
    own = ENGINE.view(state, 0)
    assert own["players"][0]["hand"] is not None
    assert render_board(own) == render_board(ENGINE.view(state, None))


def test_changing_a_players_hidden_hand_and_coins_leaves_the_board_unchanged() -> None:
    own = ENGINE.view(preset_game(), 0)
    other = copy.deepcopy(own)
    other["players"][0]["hand"] = ["NW", "NW", "NW", "NW"]
    other["players"][0]["coins"] = dict.fromkeys(other["colours"], 9)
    other["players"][0]["coin_value"] = 54
    assert render_board(other) == render_board(own)


def test_public_view_drops_every_private_field() -> None:
    public = public_view(ENGINE.view(preset_game(), 0))
    assert "viewer" not in public
    for player in public["players"]:
        assert not {"hand", "coins", "coin_value"} & set(player)


def test_the_board_shows_the_final_table_once_the_game_is_over() -> None:
    over = ENGINE.view(random_states(3, 5)[-1], None)
    assert over["outcome"] is not None
    decode(render_board(over))
    winner = over["outcome"]["winners"][0]
    assert player_name(over, winner) in status_text(over)


# ---- panel sentences -------------------------------------------------------------------------------------
def test_status_names_the_seat_to_move_and_what_it_does() -> None:
    view = ENGINE.view(preset_game(), None)
    view["names"] = ["Amira", "Bashir", "Chiara"]
    assert status_text(view).startswith(player_name(view, view["to_move"]))
    assert "build, attract" in status_text(view)


def test_names_fall_back_to_player_numbers() -> None:
    view = ENGINE.view(preset_game(), None)
    assert player_name(view, 2) == "Player 3"
    view["names"] = ["Amira", "Bashir", "Chiara"]
    assert player_name(view, 2) == "Chiara"


def test_a_pending_build_is_described_in_words() -> None:
    assert pending_text({"action": "extend", "colour": "red", "square": "f6"}) == "red extension at f6"
    assert pending_text({"action": "build", "colour": "blue", "square": "e5", "door": "e6"}) == (
        "new blue stall at e5 (door e6)"
    )


def test_each_seat_has_its_own_seal_shape() -> None:
    masks = [seal_sprite(seat, 40, numbered=False).getchannel("A").tobytes() for seat in range(4)]
    assert len(set(masks)) == 4
    assert seal_sprite("neutral", 40).tobytes() not in {seal_sprite(seat, 40).tobytes() for seat in range(4)}


# ---- the private hand image ----------------------------------------------------------------------------
def test_the_hand_image_shows_each_card_with_its_sector_filled() -> None:
    view = ENGINE.view(preset_game(), 0)
    view["players"][0]["hand"] = ["NW", "SE"]
    image = decode(render_hand(view))
    for index, card in enumerate(["NW", "SE"]):
        box = hand_card_box(index, 2)
        named = image.getpixel(map_cell_centre(box, *CORNERS[card]))
        empty = image.getpixel(map_cell_centre(box, 1, 1))
        assert near(named, MAP_NAMED)
        assert near(empty, MAP_EMPTY)


def test_a_wildcard_in_hand_fills_its_whole_zone() -> None:
    view = ENGINE.view(preset_game(), 0)
    view["players"][0]["hand"] = ["west"]
    image = decode(render_hand(view))
    box = hand_card_box(0, 1)
    for row in range(3):
        assert near(image.getpixel(map_cell_centre(box, 0, row)), MAP_NAMED)
    assert near(image.getpixel(map_cell_centre(box, 2, 0)), MAP_EMPTY)


def test_the_hand_image_changes_with_the_coins() -> None:
    view = ENGINE.view(preset_game(), 0)
    richer = copy.deepcopy(view)
    richer["players"][0]["coins"]["red"] += 5
    assert render_hand(view) != render_hand(richer)
    assert decode(render_hand(view)).width <= 1280


def test_a_spectator_has_no_hand_image() -> None:
    with pytest.raises(GameError):
        render_hand(ENGINE.view(preset_game(), None))


def test_another_seats_view_never_draws_a_hand_it_does_not_hold() -> None:
    view = ENGINE.view(preset_game(), 0)
    view["viewer"] = 1
    with pytest.raises(GameError):
        render_hand(view)


# ---- helpers that read views ---------------------------------------------------------------------------
CORNERS = {"NW": (0, 0), "SE": (2, 2)}


def square_at(view: dict[str, Any], name: str) -> tuple[int, int]:
    square = next(sq for sq in view["board"]["squares"] if sq["name"] == name)
    return square["x"], square["y"]


def is_bare(square: dict[str, Any], view: dict[str, Any]) -> bool:
    """No stall, entrance or customer on the square, nor on any neighbour (no frame spills in)."""
    around = {(square["x"] + dx, square["y"] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    return not any(
        sq.get("stall") or sq.get("entrance") or sq.get("customer")
        for sq in view["board"]["squares"]
        if (sq["x"], sq["y"]) in around
    )
