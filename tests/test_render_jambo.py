"""The Jambo pictures: real states drawn in both layouts, within the size limits, from the view alone."""

from __future__ import annotations

import io
import random
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image
from test_jambo_rules import E, play, table

import render
from bot.core.pictures import picture_words
from engines.base import CHANCE, View
from render import jambo
from render.words import Words

NAMES = ["Ana", "Benedetta"]
MAX_BYTES = 300 * 1024
TABLE = picture_words("jambo", "en")
EN = Words.of(TABLE)
"""The words the bot draws Jambo's pictures with, in English."""


def render_board(view: View, **kwargs: Any) -> bytes:
    return jambo.render_board(view, words=EN, **kwargs)


def render_private(view: View, **kwargs: Any) -> bytes | None:
    return jambo.render_private(view, words=EN, **kwargs)


def image_of(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(png))


def scenes() -> dict[str, tuple]:  # type: ignore[type-arg]
    auction, _ = play(
        table(hands=(["arabian merchant"], []), gold=(30, 20), utilities=(["well", "boat"], []), used=["boat"]),
        "play arabian merchant",
        "card all six",
        "card crocodile",
        "card psychic",
        "bid 4",
    )
    reaction, _ = play(table(hands=(["parrot"], ["guard"]), wares=([], ["silk"])), "play parrot silk")
    last, _ = play(table(gold=(61, 40)), "end")
    over, _ = play(last, "end")
    elephant, _ = play(
        table(hands=(["elephant"], []), wares=(["silk"] * 4, ["tea"] * 9), smalls=(0, 1)), "play elephant", "decline"
    )
    return {
        "auction": (auction, 1),
        "reaction": (reaction, 1),
        "last": (last, 1),
        "over": (over, None),
        "elephant": (elephant, 0),
    }


@pytest.mark.parametrize("layout", ["landscape", "portrait"])
@pytest.mark.parametrize("name", ["auction", "reaction", "last", "over", "elephant"])
def test_real_states_draw_in_both_layouts_within_the_limits(name: str, layout: str) -> None:
    state, viewer = scenes()[name]
    view = E.view(state, viewer).with_names(NAMES)
    png = render_board(view, layout=layout)
    picture = image_of(png)
    assert picture.width == (1280 if layout == "landscape" else 720)
    assert len(png) <= MAX_BYTES and picture.height < 2400


def test_random_games_draw_at_every_kind_of_moment() -> None:
    rng = random.Random(3)
    state = E.new_game(2)
    drawn = 0
    while E.to_move(state) is not None:
        seat = E.to_move(state)
        if drawn < 40 and rng.random() < 0.1:
            for viewer in (0, 1, None):
                view = E.view(state, viewer).with_names(NAMES)
                assert len(render_board(view, layout=rng.choice(["landscape", "portrait"]))) <= MAX_BYTES
                private = render_private(view)
                assert (private is None) == (viewer is None)
            drawn += 1
        state = E.apply(state, E.sample_chance(state, rng) if seat == CHANCE else rng.choice(E.legal_moves(state)))
    assert drawn >= 40


def test_the_board_shows_nothing_hidden() -> None:
    state = table(hands=(["well", "guard"], ["boat"]))
    other = table(hands=(["psychic", "3 silk"], ["boat"]))
    for viewer in (1, None):
        first = render_board(E.view(state, viewer).with_names(NAMES))
        second = render_board(E.view(other, viewer).with_names(NAMES))
        assert first == second, "another hand of the same size must not change the picture"


def test_the_hand_image_is_only_for_players_and_grows_with_the_hand() -> None:
    assert render_private(E.view(table(hands=(["well"], [])), None)) is None
    heights = []
    for size in (0, 1, 5, 10, 20):
        cards = (["well", "guard", "boat", "3 silk", "crocodile"] * 4)[:size]
        png = render_private(E.view(table(hands=(cards, [])), 0).with_names(NAMES))
        assert png is not None and len(png) <= MAX_BYTES
        heights.append(image_of(png).height)
    assert heights == sorted(heights) and heights[-1] > heights[1]


def test_the_hand_image_shows_a_private_look() -> None:
    plain = table(hands=(["2 tea + silk"], []))
    looking, _ = play(plain, "draw", "card psychic")
    before = image_of(render_private(E.view(plain, 0)) or b"")
    after = image_of(render_private(E.view(looking, 0)) or b"")
    assert after.height > before.height, "the card drawn is shown under the hand"


def test_highlighted_places_are_framed() -> None:
    view = E.view(table(wares=(["silk"], [])), 0).with_names(NAMES)
    assert render_board(view, highlight=("stand:0", "discard")) != render_board(view)
    assert render_board(view, highlight=("no such place",)) == render_board(view)


def test_the_shared_contract_finds_the_jambo_pictures() -> None:
    view = E.view(table(hands=(["well"], [])), 0).with_names(NAMES)
    assert render.has_board("jambo")
    assert render.render_board(view, layout="portrait", words=TABLE) == render_board(view, layout="portrait")
    assert render.render_private(view, words=TABLE) == render_private(view)


def test_changed_places_name_what_a_move_changed() -> None:
    before = table(hands=(["3 silk"], []))
    after, _ = play(before, "buy 3 silk")
    places = E.changed_places(E.view(before, 0), E.view(after, 0))
    assert {"stand:0", "gold:0", "hand:0", "discard"} <= set(places)


def test_the_hand_image_shows_a_draft_to_the_player_who_picks() -> None:
    state = table(hands=(["ape", "guard", "well"], ["boat", "psychic"]))
    state = E.apply_standing(state, 1, "orders guard never").state
    state, _ = play(state, "play ape")
    picker = image_of(render_private(E.view(state, 0)) or b"")
    waiting = image_of(render_private(E.view(state, 1)) or b"")
    assert picker.height > waiting.height


def test_a_table_taller_than_the_first_canvas_is_drawn_again_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    from render.jambo import board as board_module
    from render.jambo.style import LANDSCAPE

    state, viewer = scenes()["auction"]
    view = E.view(state, viewer).with_names(NAMES)
    usual = board_module.board_image(view, words=EN)
    monkeypatch.setattr(board_module, "theme_for", lambda layout: replace(LANDSCAPE, sheet_height=200))
    cramped = board_module.board_image(view, words=EN)
    assert cramped.size == usual.size and cramped.tobytes() == usual.tobytes()


def test_cards_and_stands_are_drawn_once_and_pasted_through_their_shape() -> None:
    from render.jambo.pieces import card_picture, stand_picture

    view = E.view(table(wares=(["silk", "tea"], [])), 0).with_names(NAMES)
    render_board(view)
    before = card_picture.cache_info().currsize, stand_picture.cache_info().currsize
    render_board(view)
    assert (card_picture.cache_info().currsize, stand_picture.cache_info().currsize) == before
    picture, mask = stand_picture(("silk", "tea"), 3, 40, False, ("S", "T"))
    assert mask.mode == "1" and mask.size == picture.size
    assert mask.getpixel((0, 0)) == 0 and mask.getpixel((picture.width // 2, picture.height // 2)) != 0
