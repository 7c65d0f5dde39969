"""The whole Morocco picture: the cached market layer, then what the view holds, then the panel; PNG bytes.

Landscape is one 1280 × 800 canvas. Portrait draws the panel on its own canvas, cuts it to the
height its contents took and puts it under the market.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.base import View
from render.fonts import font
from render.legend import LegendEntry, draw_legend, legend_height
from render.morocco.board import draw_fullness, draw_market, market_layer
from render.morocco.layout import LANDSCAPE_HEIGHT, LAYOUTS, MARGIN, Layout
from render.morocco.panel import draw_panel
from render.morocco.png_colours import PALETTE
from render.morocco.scene import player_pattern, player_rgb
from render.palette import UI
from render.png import encode_png
from render.text import wrap_text
from render.words import NO_WORDS, Words

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


def legend_entries(view: View, words: Words = NO_WORDS) -> list[LegendEntry]:
    """Each player: colour, pattern and seat number (as on their workers and tiles), name and points (gold,
    cubes and the rest are words for the message)."""
    players = {player["seat"]: player for player in view.details.get("players") or []}
    winners = set(view.outcome.winners) if view.outcome is not None else set()
    acting = view.decision.seat if view.decision is not None else view.details.get("active_seat")
    entries = []
    for seat in view.seats:
        player = players.get(seat.seat, {})
        figures = (("star", str(player.get("points", seat.score or 0))),)
        entries.append(
            LegendEntry(
                swatches=((player_rgb(seat.seat), player_pattern(seat.seat)),),
                letter=str(seat.seat + 1),
                name=seat.name or words("player", number=seat.seat + 1),
                figures=figures,
                to_move=view.outcome is None and seat.seat == acting,
                out=seat.out,
                winner=seat.seat in winners,
            )
        )
    return entries


KEY_SIZE = 40
"""The key's words: 14 px high once shown 360 px wide."""
KEY_LINE = 52
KEY_GAP = 48
"""Between the sample label and the words: apart, so that neither eyes nor OCR run them together."""


def _phone(view: View, highlight: Sequence[str], layout: Layout, words: Words) -> Image.Image:
    """The market with its cubes, a key to the stalls' fullness labels, then the legend of the players (nothing
    else: the words go in the message)."""
    market = market_layer(layout)
    entries = legend_entries(view, words)
    key = _fullness_key(layout, words("fullness_key"))
    height = market.height + key.height + legend_height(len(entries), layout.width - 2 * MARGIN) + 2 * MARGIN
    image = Image.new("RGB", (layout.width, height), UI["background"])
    image.paste(market, (0, 0))
    draw_market(image, view, layout, highlight, words)
    image.paste(key, (0, market.height))
    top = market.height + key.height + MARGIN
    draw_legend(image, (MARGIN, top, layout.width - MARGIN, height), entries)
    return image


@lru_cache(maxsize=8)
def _fullness_key(layout: Layout, text: str) -> Image.Image:
    """One line under the market (two when the words wrap): a sample ``2+1/4`` label and what it counts (``text``:
    the stall's workers plus the arrows pointing in, and that a stall is full at 4)."""
    words = font(KEY_SIZE, bold=True)
    sample_left = layout.grid_left
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    sample_width = draw_fullness(probe, layout, (0, 0), 2, 1)
    x = round(sample_left + sample_width + KEY_GAP)
    lines = wrap_text(text, words, layout.width - MARGIN - x)
    height = len(lines) * KEY_LINE + MARGIN
    key = Image.new("RGB", (layout.width, height), UI["background"])
    draw = ImageDraw.Draw(key)
    draw_fullness(draw, layout, (sample_left + sample_width / 2, KEY_LINE / 2), 2, 1)
    for index, line in enumerate(lines):
        draw.text((x, index * KEY_LINE + KEY_LINE / 2), line, font=words, fill=UI["ink"], anchor="lm")
    return key


def board_image(
    view: View, *, highlight: Sequence[str] = (), layout: str = "landscape", words: Words = NO_WORDS
) -> Image.Image:
    """The picture of ``view`` as a Pillow image."""
    chosen = LAYOUTS[layout]
    if chosen.phone:
        return _phone(view, highlight, chosen, words)
    image = static_layer(chosen).copy()
    draw_market(image, view, chosen, highlight, words)
    if not chosen.portrait:
        draw_panel(image, view, chosen, chosen.panel_box(), list(highlight), words)
        return image
    top = chosen.board_height
    box = (MARGIN, top, chosen.width - MARGIN, top + PANEL_ROOM)
    used = draw_panel(image, view, chosen, box, list(highlight), words)
    height = min(PANEL_ROOM, used - top + MARGIN)
    image = image.crop((0, 0, chosen.width, top + height))
    ImageDraw.Draw(image).rounded_rectangle(
        (MARGIN, top, chosen.width - MARGIN, top + height - MARGIN // 2), radius=16, outline=UI["panel_edge"], width=3
    )
    return image


def _panel_ground(image: Image.Image, box: tuple[int, int, int, int]) -> None:
    ImageDraw.Draw(image).rounded_rectangle(box, radius=16, fill=UI["panel"], outline=UI["panel_edge"], width=3)


def render_board(
    view: View, *, highlight: Sequence[str] = (), layout: str = "landscape", words: Words = NO_WORDS
) -> bytes:
    """The PNG of ``view``'s table (see the package docstring)."""
    return encode_png(board_image(view, highlight=highlight, layout=layout, words=words), palette=PALETTE)
