"""The whole Marrakech picture: the cached static layer, then carpets, outlines, path, Assam and the panel.

Landscape is one fixed canvas. Portrait draws the panel on its own canvas, cuts it to the height
its text took, and puts it under the market, so the phone shows no empty space.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from engines.base import View
from render.grid import Box
from render.legend import LegendEntry, draw_legend, legend_height
from render.marrakech.board import (
    draw_assam,
    draw_carpets,
    draw_highlight,
    draw_last_carpet,
    draw_path,
    paint_board,
)
from render.marrakech.layout import LANDSCAPE_HEIGHT, LAYOUTS, Layout
from render.marrakech.panel import PANEL_PADDING, draw_panel
from render.marrakech.png_colours import PALETTE
from render.marrakech.scene import CarpetStyle, carpet_styles, player_name, style_of
from render.palette import UI
from render.png import encode_png
from render.words import NO_WORDS, Words

PANEL_RADIUS = 16
PANEL_EDGE = 3
MARGIN = 16


@lru_cache(maxsize=4)
def static_layer(layout: Layout) -> Image.Image:
    """What never changes (shared: copy it): background, board, arcs, labels, and the empty panel
    (in portrait a plain panel ground under the market, as tall as the largest panel; cut and rounded later)."""
    if not layout.portrait:
        image = Image.new("RGB", (layout.width, LANDSCAPE_HEIGHT), UI["background"])
        paint_board(image, layout)
        _panel_frame(ImageDraw.Draw(image), layout.panel_box(0), fill=True)
        return image
    left, top, right, bottom = layout.panel_box(MOST_PLAYERS)
    image = Image.new("RGB", (layout.width, bottom + MARGIN), UI["background"])
    paint_board(image, layout)
    ImageDraw.Draw(image).rectangle((left, top, right - 1, bottom - 1), fill=UI["panel"])
    return image


MOST_PLAYERS = 4


def _panel_frame(draw: ImageDraw.ImageDraw, box: Box, *, fill: bool) -> None:
    draw.rounded_rectangle(
        box, radius=PANEL_RADIUS, fill=UI["panel"] if fill else None, outline=UI["panel_edge"], width=PANEL_EDGE
    )


@lru_cache(maxsize=4)
def _corners_outside(width: int) -> Image.Image:
    """1 outside the rounded corners of a panel ``width`` wide: its first ``PANEL_RADIUS + 1`` rows, and (below
    them) its last ones — a rounded rectangle's corners do not depend on its height."""
    rows = PANEL_RADIUS + 1
    inside = Image.new("1", (width, 4 * rows), 0)
    ImageDraw.Draw(inside).rounded_rectangle((0, 0, width - 1, 4 * rows - 1), radius=PANEL_RADIUS, fill=1)
    outside = ImageChops.invert(inside.convert("L")).convert("1")
    corners = Image.new("1", (width, 2 * rows), 0)
    corners.paste(outside.crop((0, 0, width, rows)), (0, 0))
    corners.paste(outside.crop((0, 3 * rows, width, 4 * rows)), (0, rows))
    return corners


def _round_panel(image: Image.Image, box: Box) -> None:
    """The ground outside the rounded corners of the panel in ``box`` (inclusive) put back to the background."""
    left, top, right, bottom = box
    rows = PANEL_RADIUS + 1
    corners = _corners_outside(right - left + 1)
    image.paste(UI["background"], (left, top), corners.crop((0, 0, corners.width, rows)))
    image.paste(UI["background"], (left, bottom + 1 - rows), corners.crop((0, rows, corners.width, 2 * rows)))


def _draw_market(
    image: Image.Image, view: View, highlight: Sequence[str], layout: Layout, words: Words
) -> list[CarpetStyle]:
    """Carpets, the last carpet, the highlighted squares, Assam's path and Assam; the carpet styles used."""
    styles = carpet_styles(view)
    draw_carpets(image, view, styles, layout, words)
    draw = ImageDraw.Draw(image)
    draw_last_carpet(draw, view, layout)
    draw_highlight(draw, highlight, layout)
    draw_path(draw, view, layout)
    draw_assam(image, view, layout)
    return styles


def _portrait(view: View, highlight: Sequence[str], layout: Layout, words: Words) -> Image.Image:
    """The market above, the panel below cut to the height of its contents."""
    image = static_layer(layout).copy()
    styles = _draw_market(image, view, highlight, layout, words)
    left, top, right, bottom = layout.panel_box(len(view.seats))
    end = draw_panel(image, view, styles, layout, (left, top, right, bottom), words)
    height = min(end - top + PANEL_PADDING, bottom - top)
    image = image.crop((0, 0, layout.width, top + height + MARGIN))
    image.paste(UI["background"], (0, top + height, layout.width, top + height + MARGIN))
    _round_panel(image, (left, top, right - 1, top + height - 1))
    _panel_frame(ImageDraw.Draw(image), (left, top, right - 1, top + height - 1), fill=False)
    return image


@lru_cache(maxsize=2)
def _phone_market(layout: Layout) -> Image.Image:
    """The phone layout's market with its coordinates on the background (shared: copy it)."""
    image = Image.new("RGB", (layout.width, layout.market_height), UI["background"])
    paint_board(image, layout)
    return image


def legend_entries(
    view: View, styles: Sequence[CarpetStyle] | None = None, words: Words = NO_WORDS
) -> list[LegendEntry]:
    """Each merchant: their carpets' colours and patterns, seat number, name and dirhams (the squares they
    show are on the board; the standings go in the message)."""
    styles = carpet_styles(view) if styles is None else styles
    players = {player["seat"]: player for player in view.details.get("players") or []}
    deciding = view.decision.seat if view.decision is not None else view.details.get("turn_seat")
    winners = set(view.outcome.winners) if view.outcome is not None else set()
    entries = []
    for seat in view.seats:
        player = players.get(seat.seat, {})
        swatches = tuple(
            (style_of(styles, colour).base, style_of(styles, colour).pattern) for colour in player.get("colours", ())
        )
        entries.append(
            LegendEntry(
                swatches=swatches,
                letter=str(seat.seat + 1),
                name=player_name(view, seat.seat, words),
                figures=(("coin", str(player.get("dirhams", 0))),),
                to_move=view.outcome is None and (seat.to_move or deciding == seat.seat),
                out=seat.out,
                winner=seat.seat in winners,
            )
        )
    return entries


def _phone(view: View, highlight: Sequence[str], layout: Layout, words: Words) -> Image.Image:
    """The market, then the legend of the merchants under it (nothing else: the words go in the message)."""
    market = _phone_market(layout)
    entries = legend_entries(view, carpet_styles(view), words)
    height = market.height + legend_height(len(entries), layout.width - 2 * MARGIN) + 2 * MARGIN
    image = Image.new("RGB", (layout.width, height), UI["background"])
    image.paste(market, (0, 0))
    _draw_market(image, view, highlight, layout, words)
    draw_legend(image, (MARGIN, market.height + MARGIN, layout.width - MARGIN, height), entries)
    return image


def board_image(
    view: View, *, highlight: Sequence[str] = (), layout: str = "landscape", words: Words = NO_WORDS
) -> Image.Image:
    """The picture of ``view`` as a Pillow image (``render_board`` encodes it)."""
    shape = LAYOUTS[layout]
    if shape.phone:
        return _phone(view, highlight, shape, words)
    if shape.portrait:
        return _portrait(view, highlight, shape, words)
    image = static_layer(shape).copy()
    styles = _draw_market(image, view, highlight, shape, words)
    draw_panel(image, view, styles, shape, shape.panel_box(len(view.seats)), words)
    return image


def render_board(
    view: View, *, highlight: Sequence[str] = (), layout: str = "landscape", words: Words = NO_WORDS
) -> bytes:
    """The picture of ``view`` as PNG bytes; ``highlight`` frames squares by name (``d4``)."""
    return encode_png(board_image(view, highlight=highlight, layout=layout, words=words), palette=PALETTE)
