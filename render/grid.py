"""Square-grid geometry shared by the board games: where each square is, and its edge labels.

Squares are addressed ``(x, y)``: x is the column (0 = west, letter a), y the row
(0 = north, number 1). ``Grid`` turns those into pixel boxes and centres and draws the
grid lines and the coordinate labels; it knows nothing about any game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PIL import ImageDraw, ImageFont

from render.palette import RGB

Box = tuple[int, int, int, int]
Square = tuple[int, int]


def column_letter(x: int) -> str:
    """The letter naming column ``x``: 0 -> "a"."""
    return chr(ord("a") + x)


def square_name(x: int, y: int) -> str:
    """The name of square ``(x, y)`` as players write it: (0, 0) -> "a1"."""
    return f"{column_letter(x)}{y + 1}"


def inset(box: Box, pixels: int) -> Box:
    """``box`` shrunk by ``pixels`` on every side (grown if negative)."""
    left, top, right, bottom = box
    return (left + pixels, top + pixels, right - pixels, bottom - pixels)


@dataclass(frozen=True)
class Grid:
    """A ``cols`` × ``rows`` grid of ``cell``-pixel squares whose top-left corner is at ``(left, top)``."""

    left: int
    top: int
    cell: int
    cols: int
    rows: int

    @property
    def right(self) -> int:
        """The x of the grid's east edge."""
        return self.left + self.cols * self.cell

    @property
    def bottom(self) -> int:
        """The y of the grid's south edge."""
        return self.top + self.rows * self.cell

    @property
    def box(self) -> Box:
        """The whole grid's pixel box."""
        return (self.left, self.top, self.right, self.bottom)

    def square_box(self, x: int, y: int) -> Box:
        """The pixel box of square ``(x, y)``."""
        left, top = self.left + x * self.cell, self.top + y * self.cell
        return (left, top, left + self.cell, top + self.cell)

    def span_box(self, squares: Iterable[Square]) -> Box:
        """The smallest pixel box holding every square in ``squares``."""
        boxes = [self.square_box(x, y) for x, y in squares]
        return (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )

    def centre(self, x: int, y: int) -> tuple[float, float]:
        """The pixel centre of square ``(x, y)``."""
        return (self.left + (x + 0.5) * self.cell, self.top + (y + 0.5) * self.cell)

    def draw_lines(self, draw: ImageDraw.ImageDraw, colour: RGB, width: int = 2) -> None:
        """The grid lines, outer edge included."""
        for col in range(self.cols + 1):
            x = self.left + col * self.cell
            draw.line([(x, self.top), (x, self.bottom)], fill=colour, width=width)
        for row in range(self.rows + 1):
            y = self.top + row * self.cell
            draw.line([(self.left, y), (self.right, y)], fill=colour, width=width)

    def draw_coordinates(
        self, draw: ImageDraw.ImageDraw, font: ImageFont.FreeTypeFont, colour: RGB, distance: int
    ) -> None:
        """Column letters above and below, row numbers left and right, ``distance`` px off the grid."""
        for col in range(self.cols):
            x = self.left + (col + 0.5) * self.cell
            draw.text((x, self.top - distance), column_letter(col), font=font, fill=colour, anchor="mm")
            draw.text((x, self.bottom + distance), column_letter(col), font=font, fill=colour, anchor="mm")
        for row in range(self.rows):
            y = self.top + (row + 0.5) * self.cell
            draw.text((self.left - distance, y), str(row + 1), font=font, fill=colour, anchor="mm")
            draw.text((self.right + distance, y), str(row + 1), font=font, fill=colour, anchor="mm")
