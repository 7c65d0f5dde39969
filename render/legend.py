"""The phone layout's seat legend: each seat's mark (its colours with their patterns and its letter or
number), its name and a figure or two (a score, coins), in type large enough to read 360 px wide.

Games build ``LegendEntry`` values from their view and call ``draw_legend``; the words are only
the players' names and numbers (what is text by nature goes in the message, not the image). Icons
say what a figure is: ``coin`` (money), ``star`` (points), ``square`` (squares or stalls held),
``stack`` (pieces left). The seat to move is framed and marked with a pointer; a seat that left is greyed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.fonts import font
from render.grid import Box
from render.palette import RGB, UI, greyed, text_colour_on
from render.patterns import patterned_tile
from render.text import fit_text
from render.widgets import smooth_sprite

NAME_SIZE = 44
FIGURE_SIZE = 44
ENTRY_HEIGHT = 124
GAP = 24
PADDING = 12
RADIUS = 18
ICON_SIZE = 40
ARROW = 40
"""The size of the pointer at the right end of the entry of the seat to move."""
ICON_GAP = 22
"""Between an icon and its number: wide, so that neither eyes nor OCR read them as one word."""
FIGURE_GAP = 40


@dataclass(frozen=True)
class LegendEntry:
    """One seat in the legend."""

    swatches: tuple[tuple[RGB, str], ...]
    """The seat's colours and their patterns (most games one; a seat may play two)."""
    letter: str
    """What is written on the seat's pieces (a letter or a number)."""
    name: str
    figures: tuple[tuple[str, str], ...] = ()
    """``(icon, value)`` pairs, icons as the module says."""
    to_move: bool = False
    out: bool = False
    winner: bool = False


def legend_height(entries: int, width: int) -> int:
    """The height ``draw_legend`` takes for ``entries`` seats in ``width`` pixels."""
    rows = -(-entries // _columns(entries, width))
    return rows * ENTRY_HEIGHT + (rows - 1) * GAP


def _columns(entries: int, width: int) -> int:
    return 1 if entries <= 2 or width < 800 else 2


def draw_legend(image: Image.Image, box: Box, entries: Sequence[LegendEntry]) -> int:
    """The legend drawn in ``box`` (left, top, right, anything); returns the y below it."""
    left, top, right, _ = box
    columns = _columns(len(entries), right - left)
    width = (right - left - (columns - 1) * GAP) // columns
    for index, entry in enumerate(entries):
        x = left + (index % columns) * (width + GAP)
        y = top + (index // columns) * (ENTRY_HEIGHT + GAP)
        _draw_entry(image, (x, y, x + width, y + ENTRY_HEIGHT), entry)
    return top + legend_height(len(entries), right - left)


def _draw_entry(image: Image.Image, box: Box, entry: LegendEntry) -> None:
    left, top, right, bottom = box
    draw = ImageDraw.Draw(image)
    ground = UI["panel"]
    edge = UI["ink"] if entry.to_move else UI["panel_edge"]
    draw.rounded_rectangle(box, radius=RADIUS, fill=ground, outline=edge, width=5 if entry.to_move else 3)
    swatch = bottom - top - 2 * PADDING
    x = left + PADDING
    for base, pattern in entry.swatches:
        colour = greyed(base) if entry.out else base
        _draw_mark(image, (x, top + PADDING, x + swatch, bottom - PADDING), colour, pattern, entry.letter)
        x += swatch + PADDING // 2
    x += PADDING
    ink = UI["ink_soft"] if entry.out else UI["ink"]
    name_font = font(NAME_SIZE, bold=True)
    name = fit_text(entry.name, name_font, right - PADDING - x - (ARROW if entry.to_move else 0))
    draw.text((x, top + PADDING - 4), name, font=name_font, fill=ink)
    figure_font = font(FIGURE_SIZE, bold=True)
    fx = x
    fy = bottom - PADDING - ICON_SIZE // 2 - 2
    for icon, value in entry.figures:
        sprite = icon_sprite(icon, ICON_SIZE)
        image.paste(sprite, (fx, round(fy - ICON_SIZE / 2)), sprite)
        fx += ICON_SIZE + ICON_GAP
        draw.text((fx, fy), value, font=figure_font, fill=ink, anchor="lm")
        fx += round(figure_font.getlength(value)) + FIGURE_GAP
    if entry.to_move:
        cy, tip = (top + bottom) / 2, right - PADDING - 4
        draw.polygon(
            [(tip, cy), (tip - ARROW * 0.7, cy - ARROW / 2), (tip - ARROW * 0.7, cy + ARROW / 2)], fill=UI["ink"]
        )
    if entry.winner:
        star = icon_sprite("star", ICON_SIZE + 8)
        image.paste(star, (right - PADDING - star.width, top + PADDING), star)


def _draw_mark(image: Image.Image, box: Box, base: RGB, pattern: str, letter: str) -> None:
    """The seat's colour with its pattern, outlined, its letter on a plain disc in the middle."""
    left, top, right, bottom = box
    size = right - left
    image.paste(patterned_tile(base, pattern, size, bottom - top, max(8, size // 8)), (left, top))
    draw = ImageDraw.Draw(image)
    draw.rectangle(box, outline=UI["ink"], width=3)
    if letter:
        cx, cy, radius = (left + right) / 2, (top + bottom) / 2, size * 0.34
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=base, outline=UI["ink"], width=2)
        draw.text((cx, cy), letter, font=font(round(size * 0.46), bold=True), fill=text_colour_on(base), anchor="mm")


@lru_cache(maxsize=32)
def icon_sprite(kind: str, size: int) -> Image.Image:
    """A small RGBA icon: ``coin``, ``star``, ``square`` or ``stack``."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        edge = size * scale
        line = max(2, size // 14) * scale
        if kind == "coin":
            draw.ellipse((line, line, edge - line, edge - line), fill=UI["token_trim"], outline=UI["ink"], width=line)
            inner = edge * 0.3
            draw.ellipse((inner, inner, edge - inner, edge - inner), outline=UI["winner"], width=line)
        elif kind == "star":
            draw.polygon(_star(edge / 2, edge / 2, edge * 0.48, edge * 0.2), fill=UI["winner"], outline=UI["ink"])
        elif kind == "square":
            pad = edge * 0.12
            draw.rectangle((pad, pad, edge - pad, edge - pad), fill=UI["board_square"], outline=UI["ink"], width=line)
            draw.line((pad, edge / 2, edge - pad, edge / 2), fill=UI["board_line"], width=line)
            draw.line((edge / 2, pad, edge / 2, edge - pad), fill=UI["board_line"], width=line)
        else:  # stack
            for step in range(3):
                y = edge * (0.62 - 0.22 * step)
                draw.rounded_rectangle(
                    (edge * 0.1, y, edge * 0.9, y + edge * 0.26),
                    radius=edge // 12,
                    fill=UI["panel"],
                    outline=UI["ink"],
                    width=line,
                )

    return smooth_sprite(size, size, paint)


def _star(cx: float, cy: float, outer: float, inner: float) -> list[tuple[float, float]]:
    import math

    points = []
    for index in range(10):
        radius = outer if index % 2 == 0 else inner
        angle = -math.pi / 2 + index * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points
