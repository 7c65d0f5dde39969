"""Text helpers: measuring, shortening and wrapping to a width, and a column that lays out lines."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw, ImageFont

from render.fonts import font
from render.palette import RGB

ELLIPSIS = "…"


def text_width(text: str, font: ImageFont.FreeTypeFont) -> float:
    """The advance width of ``text`` in pixels."""
    return font.getlength(text)


def fit_text(text: str, font: ImageFont.FreeTypeFont, max_width: float) -> str:
    """``text`` itself if it fits in ``max_width``, else as much of it as fits followed by "…"."""
    if text_width(text, font) <= max_width:
        return text
    kept = text
    while kept and text_width(kept + ELLIPSIS, font) > max_width:
        kept = kept[:-1]
    return kept.rstrip() + ELLIPSIS


def fitting_font(
    texts: str | Sequence[str], size: int, max_width: float, *, bold: bool = False, smallest: int | None = None
) -> ImageFont.FreeTypeFont:
    """The font of ``size`` if every one of ``texts`` fits ``max_width`` in it, else the largest smaller one in which
    they do, down to ``smallest`` (3/4 of ``size`` unless given): a longer translation is set a little smaller
    rather than cut. (At ``smallest`` a text may still be too wide: shorten it with ``fit_text``.)"""
    lines = [texts] if isinstance(texts, str) else list(texts)
    floor = smallest if smallest is not None else size * 3 // 4
    face = font(size, bold=bold)
    while face.size > floor and max((face.getlength(line) for line in lines), default=0) > max_width:
        face = font(face.size - 1, bold=bold)
    return face


def wrap_text(text: str, font: ImageFont.FreeTypeFont, max_width: float) -> list[str]:
    """``text`` broken into lines at spaces so each fits ``max_width`` (over-long words are shortened)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if current and text_width(candidate, font) > max_width:
            lines.append(current)
            candidate = word
        current = candidate
    if current:
        lines.append(current)
    return [fit_text(line, font, max_width) for line in lines]


def line_height(font: ImageFont.FreeTypeFont, spacing: float = 1.25) -> int:
    """The distance between the baselines of two lines set in ``font``."""
    return round(font.size * spacing)


@dataclass
class TextColumn:
    """A column of a given width that text is laid into from the top down.

    ``y`` is where the next line starts; every method moves it down past what it drew.
    """

    draw: ImageDraw.ImageDraw
    x: int
    y: int
    width: int

    def line(self, text: str, font: ImageFont.FreeTypeFont, fill: RGB, *, indent: int = 0) -> None:
        """One line, shortened with "…" if it is too wide."""
        shown = fit_text(text, font, self.width - indent)
        self.draw.text((self.x + indent, self.y), shown, font=font, fill=fill)
        self.y += line_height(font)

    def paragraph(self, text: str, font: ImageFont.FreeTypeFont, fill: RGB, *, indent: int = 0) -> None:
        """``text`` wrapped over as many lines as it needs."""
        for wrapped in wrap_text(text, font, self.width - indent):
            self.line(wrapped, font, fill, indent=indent)

    def skip(self, pixels: int) -> None:
        """Leave ``pixels`` of empty space."""
        self.y += pixels

    def rule(self, colour: RGB, *, thickness: int = 2, margin: int = 10) -> None:
        """A horizontal separator line with ``margin`` space above and below."""
        self.y += margin
        self.draw.line([(self.x, self.y), (self.x + self.width, self.y)], fill=colour, width=thickness)
        self.y += margin + thickness


def fit_lines(
    text: str, size: int, max_width: float, *, max_lines: int = 2, bold: bool = True, smallest: int = 8
) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    """``text`` whole, in at most ``max_lines`` lines of ``max_width``: the largest font from ``size`` down that
    fits it (never shortened with "…": a name is drawn whole, if need be small). Returns the font and the lines."""
    for px in range(size, smallest - 1, -1):
        face = font(px, bold=bold)
        lines = _wrapped_whole(text, face, max_width)
        if lines is not None and len(lines) <= max_lines:
            return face, lines
    face = font(smallest, bold=bold)
    return face, _wrapped_whole(text, face, float("inf")) or [text]


def _wrapped_whole(text: str, font: ImageFont.FreeTypeFont, max_width: float) -> list[str] | None:
    """``text`` broken at spaces into lines of ``max_width``, or None when a single word is wider than that."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        if text_width(word, font) > max_width:
            return None
        candidate = f"{current} {word}" if current else word
        if current and text_width(candidate, font) > max_width:
            lines.append(current)
            candidate = word
        current = candidate
    if current:
        lines.append(current)
    return lines
