"""The phone layout's seat legend: each seat's mark (its colours with their patterns and its letter or
number), its name and its score, in type large enough to read 360 px wide.

Games build ``LegendEntry`` values from their view and call ``draw_legend``; the only words are the
players' names and numbers (what is text by nature goes in the message, not the image). An icon says
what a figure is: ``coin`` (money, two coins) or ``star`` (points); add an icon only after checking
with ``bench/legibility.py`` that OCR does not read it as a letter or a digit. The seat to move has
its mark framed (a highlighted band with a dark edge); a seat that left is greyed; winners get a star.

Measured with ``bench/legibility.py`` (tesseract), not only by eye: no card or bar round the words, a
wide gap between a mark and its name and between an icon and its number, and icons that OCR cannot
take for a letter or a digit (a single round coin reads as O, a split two-colour mark swallows the name).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.fonts import font
from render.grid import Box, inset
from render.palette import RGB, UI, greyed, text_colour_on
from render.patterns import patterned_tile
from render.text import fit_text
from render.widgets import smooth_sprite

NAME_SIZE = 54
FIGURE_SIZE = 48
ENTRY_HEIGHT = 156
GAP = 24
PADDING = 12
RADIUS = 18
ICON_SIZE = 44
MARK_SIZE = 96
MARK_SPACING = 8
MARK_GAP = 60
"""Between the mark and the words: a patterned patch close to a word spoils how it is read."""
ICON_GAP = 40
"""Between an icon and its number: wide, so that neither eyes nor OCR read them as one word."""
FIGURE_GAP = 64


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
    return 1 if entries <= 1 or width < 800 else 2


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
    """One seat: no card round it (OCR, like a hurried eye, reads words in a frame worse), the mark, the name
    above the figures; the seat to move gets a highlighted frame round its mark."""
    left, top, right, bottom = box
    draw = ImageDraw.Draw(image)
    mark_height = MARK_SIZE if len(entry.swatches) < 2 else bottom - top - 2 * PADDING
    mark_top = (top + bottom - mark_height) // 2
    mark = (left + PADDING, mark_top, left + PADDING + MARK_SIZE, mark_top + mark_height)
    if entry.to_move:
        draw.rounded_rectangle(
            inset(mark, -PADDING + 2), radius=RADIUS, fill=UI["highlight"], outline=UI["ink"], width=3
        )
    swatches = [(greyed(base) if entry.out else base, pattern) for base, pattern in entry.swatches]
    _draw_mark(image, mark, swatches, entry.letter)
    x = mark[2] + MARK_GAP
    ink = UI["ink_soft"] if entry.out else UI["ink"]
    name_font = font(NAME_SIZE, bold=True)
    name = fit_text(entry.name, name_font, right - PADDING - x)
    draw.text((x, top + PADDING - 6), name, font=name_font, fill=ink)
    figure_font = font(FIGURE_SIZE, bold=True)
    fx = x
    fy = bottom - PADDING - FIGURE_SIZE // 2
    for icon, value in entry.figures:
        sprite = icon_sprite(icon, ICON_SIZE)
        image.paste(sprite, (fx, round(fy - ICON_SIZE / 2)), sprite)
        fx += ICON_SIZE + ICON_GAP
        draw.text((fx, fy), value, font=figure_font, fill=ink, anchor="lm")
        fx += round(figure_font.getlength(value)) + FIGURE_GAP
    if entry.winner:
        star = icon_sprite("star", ICON_SIZE + 8)
        image.paste(star, (right - PADDING - star.width, top + PADDING), star)


def _draw_mark(image: Image.Image, box: Box, swatches: Sequence[tuple[RGB, str]], letter: str) -> None:
    """The seat's colour with its pattern, outlined, its letter on a disc of that colour in the middle; a seat
    with two colours gets two smaller marks, one above the other (one mark split in two colours is read by OCR,
    at phone size, as a smudge that swallows the name beside it)."""
    left, top, right, bottom = box
    if len(swatches) == 1:
        _draw_one_mark(image, box, swatches[0], letter)
        return
    count = len(swatches)
    size = min(right - left, (bottom - top - (count - 1) * MARK_SPACING) // count)
    x = (left + right - size) // 2
    for index, swatch in enumerate(swatches):
        y = top + index * (size + MARK_SPACING)
        _draw_one_mark(image, (x, y, x + size, y + size), swatch, letter)


def _draw_one_mark(image: Image.Image, box: Box, swatch: tuple[RGB, str], letter: str) -> None:
    left, top, right, bottom = box
    width, height = right - left, bottom - top
    base, pattern = swatch
    image.paste(patterned_tile(base, pattern, width, height, max(8, width // 8)), (left, top))
    draw = ImageDraw.Draw(image)
    draw.rectangle(box, outline=UI["ink"], width=3)
    if letter:
        cx, cy, radius = (left + right) / 2, (top + bottom) / 2, width * 0.34
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=base, outline=UI["ink"], width=2)
        draw.text((cx, cy), letter, font=font(round(width * 0.46), bold=True), fill=text_colour_on(base), anchor="mm")


@lru_cache(maxsize=32)
def icon_sprite(kind: str, size: int) -> Image.Image:
    """A small RGBA icon: ``coin`` or ``star``."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        edge = size * scale
        line = max(2, size // 14) * scale
        if kind == "coin":  # two overlapping coins: OCR reads one round coin (or an ingot) as a letter or a digit
            radius = edge * 0.3
            for cx, cy in ((edge * 0.36, edge * 0.6), (edge * 0.64, edge * 0.4)):
                box = (cx - radius, cy - radius, cx + radius, cy + radius)
                draw.ellipse(box, fill=UI["token_trim"], outline=UI["ink"], width=line)
        else:  # star: never read as a letter or a digit
            draw.polygon(_star(edge / 2, edge / 2, edge * 0.48, edge * 0.2), fill=UI["winner"], outline=UI["ink"])

    return smooth_sprite(size, size, paint)


def _star(cx: float, cy: float, outer: float, inner: float) -> list[tuple[float, float]]:
    points = []
    for index in range(10):
        radius = outer if index % 2 == 0 else inner
        angle = -math.pi / 2 + index * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points
