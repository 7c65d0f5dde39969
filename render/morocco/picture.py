"""The whole Morocco picture: the cached market layer, then what the view holds, then the panel; PNG bytes.

Landscape is one 1280 × 800 canvas. Portrait draws the panel on its own canvas, cuts it to the
height its contents took and puts it under the market.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.base import View
from render.morocco.board import draw_market, market_layer
from render.morocco.layout import LANDSCAPE_HEIGHT, LAYOUTS, MARGIN, Layout
from render.morocco.panel import draw_panel
from render.morocco.png_colours import PALETTE
from render.palette import UI
from render.png import encode_png

PANEL_ROOM = 1400
"""The most a portrait panel can take before it is cut to what it used."""


@lru_cache(maxsize=4)
def static_layer(layout: Layout) -> Image.Image:
    """What never changes (shared: copy it): background, the market's frame, ground, lines and coordinates,
    and the panel's empty ground (in portrait ``PANEL_ROOM`` tall under the market, cut to fit later)."""
    market = market_layer(layout)
    if not layout.portrait:
        image = Image.new("RGB", (layout.width, LANDSCAPE_HEIGHT), UI["background"])
        image.paste(market, (0, 0))
        _panel_ground(image, layout.panel_box())
        return image
    top = layout.board_height
    image = Image.new("RGB", (layout.width, top + PANEL_ROOM), UI["background"])
    image.paste(market, (0, 0))
    _panel_ground(image, (MARGIN, top, layout.width - MARGIN, top + PANEL_ROOM - MARGIN))
    return image


def board_image(view: View, *, highlight: Sequence[str] = (), layout: str = "landscape") -> Image.Image:
    """The picture of ``view`` as a Pillow image."""
    chosen = LAYOUTS[layout]
    image = static_layer(chosen).copy()
    draw_market(image, view, chosen, highlight)
    if not chosen.portrait:
        draw_panel(image, view, chosen, chosen.panel_box(), list(highlight))
        return image
    top = chosen.board_height
    used = draw_panel(image, view, chosen, (MARGIN, top, chosen.width - MARGIN, top + PANEL_ROOM), list(highlight))
    height = min(PANEL_ROOM, used - top + MARGIN)
    image = image.crop((0, 0, chosen.width, top + height))
    ImageDraw.Draw(image).rounded_rectangle(
        (MARGIN, top, chosen.width - MARGIN, top + height - MARGIN // 2), radius=16, outline=UI["panel_edge"], width=3
    )
    return image


def _panel_ground(image: Image.Image, box: tuple[int, int, int, int]) -> None:
    ImageDraw.Draw(image).rounded_rectangle(box, radius=16, fill=UI["panel"], outline=UI["panel_edge"], width=3)


def render_board(view: View, *, highlight: Sequence[str] = (), layout: str = "landscape") -> bytes:
    """The PNG of ``view``'s table (see the package docstring)."""
    return encode_png(board_image(view, highlight=highlight, layout=layout), palette=PALETTE)
