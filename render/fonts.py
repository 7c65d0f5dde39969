"""The fonts of the board images: DejaVu Sans shipped in ``data/fonts``, loaded once per size."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

from data import DATA_DIR

FONT_DIR: Path = DATA_DIR / "fonts"
REGULAR_FILE = "DejaVuSans.ttf"
BOLD_FILE = "DejaVuSans-Bold.ttf"


@lru_cache(maxsize=64)
def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (bold if asked) at ``size`` pixels; cached, so call it freely."""
    return ImageFont.truetype(str(FONT_DIR / (BOLD_FILE if bold else REGULAR_FILE)), size)
