"""The fonts of the board images: DejaVu Sans shipped in ``data/fonts``, loaded once per size.

A board redraws the same words after every move (coordinates, names, numbers, labels), so each
font remembers the glyph masks and widths it has made: ``ImageDraw.text`` and ``getlength`` then
cost a dictionary look-up instead of a FreeType rasterisation. The masks are the very ones
FreeType makes, so the pictures do not change. The memory is per process and bounded.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import ImageFont

from data import DATA_DIR

FONT_DIR: Path = DATA_DIR / "fonts"
REGULAR_FILE = "DejaVuSans.ttf"
BOLD_FILE = "DejaVuSans-Bold.ttf"
MASKS_KEPT = 2048
"""Glyph masks each font keeps (the oldest are dropped first)."""
LENGTHS_KEPT = 4096
"""Text widths each font keeps."""


class CachingFont(ImageFont.FreeTypeFont):
    """A FreeType font that keeps the masks and lengths it has computed (same results, made once)."""

    def __init__(self, path: str, size: int) -> None:
        super().__init__(path, size)
        self._forget()

    def __setstate__(self, state: list[Any]) -> None:
        """Unpickled (as in another process): the font again, with nothing remembered yet."""
        super().__setstate__(state)
        self._forget()

    def _forget(self) -> None:
        self._masks: OrderedDict[tuple[Any, ...], tuple[Any, tuple[int, int]]] = OrderedDict()
        self._lengths: OrderedDict[tuple[Any, ...], float] = OrderedDict()

    def getmask2(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
        ink: int = 0,
        start: tuple[float, float] | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> tuple[Any, tuple[int, int]]:
        """``FreeTypeFont.getmask2``, remembered; ``ink`` only matters for colour glyphs (mode RGBA)."""
        if features is not None or args:
            return super().getmask2(
                text, mode, direction, features, language, stroke_width, anchor, ink, start, *args, **kwargs
            )
        colour = ink if mode == "RGBA" else 0
        key = (text, mode, direction, language, stroke_width, anchor, colour, start, tuple(sorted(kwargs.items())))
        found = self._masks.get(key)
        if found is None:
            found = super().getmask2(text, mode, direction, None, language, stroke_width, anchor, ink, start, **kwargs)
            self._masks[key] = found
            if len(self._masks) > MASKS_KEPT:
                self._masks.popitem(last=False)
        return found

    def getlength(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
    ) -> float:
        """``FreeTypeFont.getlength``, remembered."""
        if features is not None:
            return super().getlength(text, mode, direction, features, language)
        key = (text, mode, direction, language)
        found = self._lengths.get(key)
        if found is None:
            found = super().getlength(text, mode, direction, None, language)
            self._lengths[key] = found
            if len(self._lengths) > LENGTHS_KEPT:
                self._lengths.popitem(last=False)
        return found


@lru_cache(maxsize=256)
def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (bold if asked) at ``size`` pixels; cached, so call it freely."""
    return CachingFont(str(FONT_DIR / (BOLD_FILE if bold else REGULAR_FILE)), size)


STAND_INS = {"🤖": "⚙"}
"""Characters the fonts lack, drawn as one they have: a computer player's mark is a gear."""


@lru_cache(maxsize=4096)
def has_glyph(character: str) -> bool:
    """Whether both fonts draw ``character`` (not the empty box of a missing glyph)."""
    if character.isspace():
        return True
    for bold in (False, True):
        face = font(20, bold=bold)
        if bytes(face.getmask(character)) == bytes(face.getmask(MISSING)):
            return False
    return True


MISSING = "\U0010fffd"
"""A private-use character no font here draws: its mask is the missing-glyph box."""


def drawable(text: str) -> str:
    """``text`` as the fonts can draw it: known stand-ins (🤖 → ⚙), other missing characters (emoji in a
    nickname) left out, spaces tidied; a name of nothing but such characters becomes "?"."""
    kept = "".join(STAND_INS.get(c, c) if c in STAND_INS or has_glyph(c) else "" for c in text)
    tidy = " ".join(kept.split())
    return tidy if tidy or not text.strip() else "?"
