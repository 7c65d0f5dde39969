"""The whole Morocco picture: the cached market layer, then what the view holds, then the panel; PNG bytes.

Landscape is one 1280 × 800 canvas. Portrait draws the panel on its own canvas, cuts it to the
height its contents took and puts it under the market.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.base import View
from render.morocco.board import draw_market, paint_market
from render.morocco.layout import LANDSCAPE_HEIGHT, LAYOUTS, MARGIN, Layout
from render.morocco.panel import draw_panel
from render.morocco.png_colours import PALETTE
from render.palette import UI
from render.png import encode_png

PANEL_ROOM = 1400
"""The most a portrait panel can take before it is cut to what it used."""


@lru_cache(maxsize=4)
def static_layer(layout: Layout) -> Image.Image:
    """Background and the market's frame, ground, lines and coordinates (shared: copy it)."""
    height = LANDSCAPE_HEIGHT if not layout.portrait else layout.board_height
    image = Image.new("RGB", (layout.width, height), UI["background"])
    paint_market(image, layout)
    return image


def board_image(view: View, *, highlight: Sequence[str] = (), layout: str = "landscape") -> Image.Image:
    """The picture of ``view`` as a Pillow image."""
    chosen = LAYOUTS[layout]
    market = static_layer(chosen).copy()
    draw_market(market, view, chosen, highlight)
    if not chosen.portrait:
        box = chosen.panel_box()
        _panel_ground(market, box)
        draw_panel(market, view, chosen, box, list(highlight))
        return market
    panel = Image.new("RGB", (chosen.width, PANEL_ROOM), UI["background"])
    _panel_ground(panel, (MARGIN, 0, chosen.width - MARGIN, PANEL_ROOM - MARGIN))
    used = draw_panel(panel, view, chosen, (MARGIN, 0, chosen.width - MARGIN, PANEL_ROOM), list(highlight))
    height = min(PANEL_ROOM, used + MARGIN)
    panel = panel.crop((0, 0, chosen.width, height))
    ImageDraw.Draw(panel).rounded_rectangle(
        (MARGIN, 0, chosen.width - MARGIN, height - MARGIN // 2), radius=16, outline=UI["panel_edge"], width=3
    )
    whole = Image.new("RGB", (chosen.width, market.height + height), UI["background"])
    whole.paste(market, (0, 0))
    whole.paste(panel, (0, market.height))
    return whole


def _panel_ground(image: Image.Image, box: tuple[int, int, int, int]) -> None:
    ImageDraw.Draw(image).rounded_rectangle(box, radius=16, fill=UI["panel"], outline=UI["panel_edge"], width=3)


def render_board(view: View, *, highlight: Sequence[str] = (), layout: str = "landscape") -> bytes:
    """The PNG of ``view``'s table (see the package docstring)."""
    return encode_png(board_image(view, highlight=highlight, layout=layout), palette=PALETTE)
