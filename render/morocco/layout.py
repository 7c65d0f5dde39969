"""Where things go in the two Morocco pictures: ``LANDSCAPE`` (board left, panel right, 1280 × 800) and
``PORTRAIT`` (640 px wide: the board above, the panel below as tall as it needs, for a phone showing it
400 px wide).

Measures are tuned on the landscape's 128-pixel stall; ``Layout.px`` scales them to a layout's stall.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from render.grid import Box, Grid

SIZE = 5
"""Stalls along each side of the market."""
TUNED_CELL = 128
LANDSCAPE_WIDTH, LANDSCAPE_HEIGHT = 1280, 800
MARGIN = 16


@dataclass(frozen=True)
class Layout:
    """One arrangement of board and panel, with the text sizes that read well in it."""

    name: str
    width: int
    cell: int
    grid_left: int
    grid_top: int
    portrait: bool
    title_size: int
    body_size: int
    small_size: int
    card_height: int
    roof_radius: int
    panel_scale: float
    phone: bool = False
    """The phone layout: the market and a legend of the seats only, 1000 px wide (the words go in the message)."""

    def px(self, pixels: float) -> int:
        """A measure tuned on the landscape stall, scaled to this layout's stall (at least 1)."""
        return max(1, round(pixels * self.cell / TUNED_CELL))

    def pp(self, pixels: float) -> int:
        """A panel measure tuned on the landscape panel, scaled for this layout's panel."""
        return max(1, round(pixels * self.panel_scale))

    @cached_property
    def grid(self) -> Grid:
        return Grid(left=self.grid_left, top=self.grid_top, cell=self.cell, cols=SIZE, rows=SIZE)

    @property
    def row_cube_x(self) -> int:
        """The centre x of the row cubes, west of the market."""
        if self.phone:  # further out: a cube's letter beside the frame's juice tokens reads as one word
            return self.grid_left - self.px(62)
        return self.grid_left - self.px(46 if not self.portrait else 32)

    @property
    def column_cube_y(self) -> int:
        """The centre y of the column cubes, south of the market."""
        return self.grid.bottom + self.px(46)

    @property
    def board_height(self) -> int:
        """The height of the market with its cubes and labels (in portrait, where the panel starts)."""
        return self.column_cube_y + self.px(46)

    @property
    def board_width(self) -> int:
        return self.grid.right + self.px(52)

    @property
    def row_label_x(self) -> int:
        """The centre x of the row numbers, east of the market."""
        return self.grid.right + (self.px(34) if not self.portrait else (self.width - self.grid.right) // 2)

    def panel_box(self, height: int | None = None) -> Box:
        """The panel: right of the board; in portrait below it, ``height`` tall."""
        if not self.portrait:
            return (self.board_width + MARGIN, MARGIN, self.width - MARGIN, LANDSCAPE_HEIGHT - MARGIN)
        top = self.board_height
        return (MARGIN, top, self.width - MARGIN, top + (height or 0))


LANDSCAPE = Layout(
    name="landscape",
    width=LANDSCAPE_WIDTH,
    cell=128,
    grid_left=100,
    grid_top=60,
    portrait=False,
    title_size=30,
    body_size=22,
    small_size=19,
    card_height=84,
    roof_radius=42,
    panel_scale=1.0,
)
PORTRAIT = Layout(
    name="portrait",
    width=640,
    cell=108,
    grid_left=60,
    grid_top=50,
    portrait=True,
    title_size=30,
    body_size=24,
    small_size=21,
    card_height=100,
    roof_radius=66,
    panel_scale=1.2,
)
PHONE = Layout(
    name="phone",
    width=1000,
    cell=160,
    grid_left=124,
    grid_top=70,
    portrait=False,
    title_size=44,
    body_size=44,
    small_size=40,
    card_height=124,
    roof_radius=90,
    panel_scale=1.6,
    phone=True,
)
LAYOUTS = {layout.name: layout for layout in (LANDSCAPE, PORTRAIT, PHONE)}
