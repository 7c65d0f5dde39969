"""The whole Marrakech picture: the cached static layer, then carpets, outlines, path, Assam and the panel.

Landscape is one fixed canvas. Portrait draws the panel on its own canvas, cuts it to the height
its text took, and puts it under the market, so the phone shows no empty space.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.base import View
from render.grid import Box
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
from render.marrakech.scene import CarpetStyle, carpet_styles
from render.palette import UI
from render.png import encode_png

PANEL_RADIUS = 16
PANEL_EDGE = 3
MARGIN = 16


@lru_cache(maxsize=4)
def static_layer(layout: Layout) -> Image.Image:
    """What never changes (shared: copy it): background, board, arcs, labels, and in landscape the empty panel."""
    height = LANDSCAPE_HEIGHT if not layout.portrait else layout.market_height
    image = Image.new("RGB", (layout.width, height), UI["background"])
    paint_board(image, layout)
    if not layout.portrait:
        _panel_frame(ImageDraw.Draw(image), layout.panel_box(0), fill=True)
    return image


def _panel_frame(draw: ImageDraw.ImageDraw, box: Box, *, fill: bool) -> None:
    draw.rounded_rectangle(
        box, radius=PANEL_RADIUS, fill=UI["panel"] if fill else None, outline=UI["panel_edge"], width=PANEL_EDGE
    )


@lru_cache(maxsize=32)
def _rounded_mask(width: int, height: int) -> Image.Image:
    mask = Image.new("L", (width, height), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, width - 1, height - 1), radius=PANEL_RADIUS, fill=255)
    return mask


def _draw_market(image: Image.Image, view: View, highlight: Sequence[str], layout: Layout) -> list[CarpetStyle]:
    """Carpets, the last carpet, the highlighted squares, Assam's path and Assam; the carpet styles used."""
    styles = carpet_styles(view)
    draw_carpets(image, view, styles, layout)
    draw = ImageDraw.Draw(image)
    draw_last_carpet(draw, view, layout)
    draw_highlight(draw, highlight, layout)
    draw_path(draw, view, layout)
    draw_assam(image, view, layout)
    return styles


def _portrait(view: View, highlight: Sequence[str], layout: Layout) -> Image.Image:
    """The market above, the panel below cut to the height of its contents."""
    market = static_layer(layout).copy()
    styles = _draw_market(market, view, highlight, layout)
    left, top, right, bottom = layout.panel_box(len(view.seats))
    panel = Image.new("RGB", (right - left, bottom - top), UI["panel"])
    end = draw_panel(panel, view, styles, layout, (0, 0, panel.width, panel.height))
    height = min(end + PANEL_PADDING, panel.height)
    image = Image.new("RGB", (layout.width, top + height + MARGIN), UI["background"])
    image.paste(market, (0, 0))
    image.paste(panel.crop((0, 0, panel.width, height)), (left, top), _rounded_mask(panel.width, height))
    _panel_frame(ImageDraw.Draw(image), (left, top, right - 1, top + height - 1), fill=False)
    return image


def board_image(view: View, *, highlight: Sequence[str] = (), layout: str = "landscape") -> Image.Image:
    """The picture of ``view`` as a Pillow image (``render_board`` encodes it)."""
    shape = LAYOUTS[layout]
    if shape.portrait:
        return _portrait(view, highlight, shape)
    image = static_layer(shape).copy()
    styles = _draw_market(image, view, highlight, shape)
    draw_panel(image, view, styles, shape, shape.panel_box(len(view.seats)))
    return image


def render_board(view: View, *, highlight: Sequence[str] = (), layout: str = "landscape") -> bytes:
    """The picture of ``view`` as PNG bytes; ``highlight`` frames squares by name (``d4``)."""
    return encode_png(board_image(view, highlight=highlight, layout=layout), palette=PALETTE)
