"""Colour-blind-safe marks: one pattern per colour id, so no piece is told apart by colour alone.

A pattern is drawn as a greyscale mask (white = mark) and pasted in the mark colour over a
filled area. ``patterned_tile`` gives a ready-made filled and patterned rectangle; both are
cached per size, so the board draws each kind once and then only pastes.
Returned images are shared: paste them, never draw on them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from render.palette import RGB, mark_colour

PATTERNS: tuple[str, ...] = ("stripes", "dots", "crosses", "chevrons", "rings", "checks")
"""Pattern names in colour-id order: colour id 0 is striped, 1 dotted, 2 crossed, and so on."""

SUPERSAMPLE = 3
"""Masks are drawn this many times larger and shrunk, which smooths their edges."""


def pattern_for(colour_id: int) -> str:
    """The pattern that marks colour id ``colour_id``."""
    return PATTERNS[colour_id % len(PATTERNS)]


def _stripes(draw: ImageDraw.ImageDraw, width: int, height: int, step: int) -> None:
    """Diagonal stripes rising to the right."""
    thickness = max(2, step // 3)
    for offset in range(-height, width + height, step):
        draw.line([(offset, height), (offset + height, 0)], fill=255, width=thickness)


def _dots(draw: ImageDraw.ImageDraw, width: int, height: int, step: int) -> None:
    """Round dots on a staggered grid."""
    radius = step * 0.2
    for row, y in enumerate(range(step // 2, height + step, step)):
        shift = step // 2 if row % 2 else 0
        for x in range(shift, width + step, step):
            draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=255)


def _crosses(draw: ImageDraw.ImageDraw, width: int, height: int, step: int) -> None:
    """Small upright crosses (plus signs) on a staggered grid: diagonal ones read as the letter x, to OCR as to
    a glancing eye, and a row of them as a word."""
    arm, thickness = step * 0.26, max(2, step // 7)
    for row, y in enumerate(range(step // 2, height + step, step)):
        shift = step // 2 if row % 2 else 0
        for x in range(shift, width + step, step):
            draw.line([(x - arm, y), (x + arm, y)], fill=255, width=thickness)
            draw.line([(x, y - arm), (x, y + arm)], fill=255, width=thickness)


def _chevrons(draw: ImageDraw.ImageDraw, width: int, height: int, step: int) -> None:
    """Horizontal rows of zigzags."""
    thickness, rise = max(2, step // 6), step // 3
    for y in range(step // 2, height + step, step):
        points = [(x, y - rise if (x // (step // 2)) % 2 else y) for x in range(0, width + step, step // 2)]
        draw.line(points, fill=255, width=thickness, joint="curve")


def _rings(draw: ImageDraw.ImageDraw, width: int, height: int, step: int) -> None:
    """Hollow circles on a square grid."""
    radius, thickness = step * 0.28, max(2, step // 10)
    for y in range(step // 2, height + step, step):
        for x in range(step // 2, width + step, step):
            draw.ellipse([x - radius, y - radius, x + radius, y + radius], outline=255, width=thickness)


def _checks(draw: ImageDraw.ImageDraw, width: int, height: int, step: int) -> None:
    """A square lattice of thin lines."""
    thickness = max(2, step // 10)
    for x in range(step // 2, width + step, step):
        draw.line([(x, 0), (x, height)], fill=255, width=thickness)
    for y in range(step // 2, height + step, step):
        draw.line([(0, y), (width, y)], fill=255, width=thickness)


_DRAWERS: dict[str, Callable[[ImageDraw.ImageDraw, int, int, int], None]] = {
    "stripes": _stripes,
    "dots": _dots,
    "crosses": _crosses,
    "chevrons": _chevrons,
    "rings": _rings,
    "checks": _checks,
}


@lru_cache(maxsize=256)
def pattern_mask(kind: str, width: int, height: int, step: int = 16) -> Image.Image:
    """A greyscale ``width`` × ``height`` mask of pattern ``kind`` repeating every ``step`` pixels."""
    big = Image.new("L", (width * SUPERSAMPLE, height * SUPERSAMPLE), 0)
    _DRAWERS[kind](ImageDraw.Draw(big), big.width, big.height, step * SUPERSAMPLE)
    return big.resize((width, height), Image.Resampling.BOX)


@lru_cache(maxsize=256)
def patterned_tile(base: RGB, kind: str, width: int, height: int, step: int = 16) -> Image.Image:
    """A ``width`` × ``height`` RGB rectangle filled with ``base`` and marked with pattern ``kind``."""
    tile = Image.new("RGB", (width, height), base)
    tile.paste(mark_colour(base), (0, 0), pattern_mask(kind, width, height, step))
    return tile
