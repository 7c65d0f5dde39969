"""Where things go in the two pictures: ``LANDSCAPE`` (board left, panel right, 1280 × 800) and ``PORTRAIT``
(board above, panel below and as tall as its text, 640 px wide, so a phone showing it 400 px wide keeps the
text readable).

Sizes are set for a square of ``cell`` pixels; ``Layout.px`` scales the drawing's small measures
(line widths, insets, pattern steps) that were tuned on the landscape's 84-pixel square.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from render.grid import Box, Grid, inset
from render.panel import CARD_HEIGHT

SIZE = 7
"""Squares along each side of the market."""
TUNED_CELL = 84


@dataclass(frozen=True)
class Layout:
    """One arrangement of board and panel, and the text sizes that read well in it."""

    name: str
    width: int
    cell: int
    grid_left: int
    grid_top: int
    coordinate_size: int
    title_size: int
    headline_size: int
    body_size: int
    die_size: int
    portrait: bool
    phone: bool = False
    """The phone layout: the market and a legend of the seats only, ~1000 px wide (the words go in the message)."""

    def px(self, pixels: float) -> int:
        """A measure tuned on the landscape square, scaled to this layout's square (at least 1)."""
        return max(1, round(pixels * self.cell / TUNED_CELL))

    @cached_property
    def grid(self) -> Grid:
        return Grid(left=self.grid_left, top=self.grid_top, cell=self.cell, cols=SIZE, rows=SIZE)

    @property
    def arc_radius(self) -> int:
        """The radius of the border arcs: half a square."""
        return self.cell // 2

    @property
    def frame_band(self) -> int:
        """How far the frame reaches beyond the squares (the arcs lie in it)."""
        return self.arc_radius + self.px(12)

    @property
    def label_distance(self) -> int:
        """How far the coordinates sit from the squares."""
        return self.frame_band + self.px(24)

    @property
    def frame_box(self) -> Box:
        return inset(self.grid.box, -self.frame_band)

    @property
    def market_height(self) -> int:
        """The height of the market with its coordinates and margins (in portrait, where the panel starts)."""
        return self.grid.bottom + self.label_distance + self.coordinate_size

    def panel_box(self, players: int) -> Box:
        """The panel: right of the board; in portrait below it, as tall as the most it may hold (then cut to fit)."""
        if not self.portrait:
            return (self.grid.right + self.label_distance + 26, 16, self.width - 16, LANDSCAPE_HEIGHT - 16)
        return (
            16,
            self.market_height,
            self.width - 16,
            self.market_height + PORTRAIT_PANEL_ROOM + players * CARD_HEIGHT,
        )


LANDSCAPE_HEIGHT = 800
PORTRAIT_PANEL_ROOM = 520
"""The most a portrait panel needs besides the player cards (title, whose turn, the last turn, all wrapped)."""

LANDSCAPE = Layout(
    name="landscape",
    width=1280,
    cell=TUNED_CELL,
    grid_left=(LANDSCAPE_HEIGHT - SIZE * TUNED_CELL) // 2,
    grid_top=(LANDSCAPE_HEIGHT - SIZE * TUNED_CELL) // 2,
    coordinate_size=30,
    title_size=32,
    headline_size=26,
    body_size=24,
    die_size=60,
    portrait=False,
)

PORTRAIT = Layout(
    name="portrait",
    width=640,
    cell=60,
    grid_left=(640 - SIZE * 60) // 2,
    grid_top=86,
    coordinate_size=28,
    title_size=36,
    headline_size=30,
    body_size=27,
    die_size=64,
    portrait=True,
)

PHONE_CELL = 104
PHONE = Layout(
    name="phone",
    width=1000,
    cell=PHONE_CELL,
    grid_left=(1000 - SIZE * PHONE_CELL) // 2,
    grid_top=(1000 - SIZE * PHONE_CELL) // 2,
    coordinate_size=46,
    title_size=44,
    headline_size=44,
    body_size=44,
    die_size=80,
    portrait=False,
    phone=True,
)

LAYOUTS = {layout.name: layout for layout in (LANDSCAPE, PORTRAIT, PHONE)}
