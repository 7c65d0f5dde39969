"""The phone layout (what a game's thread is posted with) of Marrakech and Morocco: square or tall, about
1000 px wide, a legend naming every seat with its colour, pattern and letter, type large enough at 360 px."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import engines
import render
from bench.legibility import mid_game_states
from render.legend import FIGURE_SIZE, NAME_SIZE, LegendEntry

NAMES = ["Aïcha", "Benjamin", "Chen", "Dmitri", "Eva"]
PHONE_GAMES = ["marrakech", "morocco"]


def _entries(game: str, view: engines.View) -> list[LegendEntry]:
    module = render.module_for(game)
    assert module is not None
    entries: list[LegendEntry] = module.picture.legend_entries(view)
    return entries


CASES = [
    pytest.param(game, players, id=f"{game}-{players}")
    for game in PHONE_GAMES
    for players in range(engines.get(game).min_players, engines.get(game).max_players + 1)
]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_phone_board_is_square_or_tall_and_small(game: str, players: int) -> None:
    engine = engines.get(game)
    state = mid_game_states(game, players, 1, 1)[0]
    png = render.render_board(engine.view(state, None).with_names(NAMES[:players]), layout="phone")
    image = Image.open(io.BytesIO(png))
    assert 900 <= image.width <= 1200
    assert image.height >= image.width
    assert len(png) <= 300 * 1024


@pytest.mark.parametrize(("game", "players"), CASES)
def test_phone_legend_names_every_seat_with_pattern_and_letter(game: str, players: int) -> None:
    engine = engines.get(game)
    state = mid_game_states(game, players, 1, 1)[0]
    view = render.drawable_names(engine.view(state, None).with_names(NAMES[:players]))
    entries = _entries(game, view)
    assert [entry.name for entry in entries] == NAMES[:players]
    assert all(entry.swatches and entry.letter for entry in entries)
    letters = [entry.letter for entry in entries]
    assert len(set(letters)) == players, "every seat has its own letter"
    patterns = [pattern for entry in entries for _, pattern in entry.swatches]
    assert len(set(patterns)) == len(patterns), "no two colours share a pattern"
    assert all(entry.figures for entry in entries), "every seat shows its score or money"


def test_legend_type_reads_at_360_px() -> None:
    scale = 360 / 1000
    assert NAME_SIZE * scale >= 15
    assert FIGURE_SIZE * scale >= 15


def test_coordinates_and_counts_read_at_360_px() -> None:
    """What the OCR share cannot count (single characters): coordinates and Morocco's stall counts are drawn
    at least 15 and 13 px high at 360 px wide."""
    from render.marrakech.layout import PHONE as MARRAKECH
    from render.morocco.board import PHONE_COORDINATE_SIZE, PHONE_COUNT_SIZE
    from render.morocco.layout import PHONE as MOROCCO

    assert MARRAKECH.coordinate_size * 360 / MARRAKECH.width >= 15
    assert MARRAKECH.cell * 360 / MARRAKECH.width >= 36
    assert MOROCCO.px(PHONE_COORDINATE_SIZE) * 360 / MOROCCO.width >= 15
    assert MOROCCO.px(PHONE_COUNT_SIZE) * 360 / MOROCCO.width >= 13
    assert MOROCCO.cell * 360 / MOROCCO.width >= 55
