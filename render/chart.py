"""A small line chart (a player's rating over their games) as PNG bytes: a pure function of numbers and labels.

Every word on it comes from the caller (already translated); readable at 360 px wide, the width of a phone.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.fonts import drawable, font
from render.palette import UI
from render.png import encode_png
from render.text import fit_text, text_width

WIDTH = 360
HEIGHT = 200
MARGIN_LEFT = 44
MARGIN_RIGHT = 12
MARGIN_TOP = 30
MARGIN_BOTTOM = 24
LINE = (150, 62, 40)
GRID = (226, 208, 180)


def line_chart(
    values: Sequence[float], title: str, first_label: str, last_label: str, width: int = WIDTH, height: int = HEIGHT
) -> bytes:
    """``values`` left to right as a line with a dot at each end, the lowest and highest values marked on the
    left axis, ``title`` above and ``first_label`` / ``last_label`` under the ends."""
    image = Image.new("RGB", (width, height), UI["panel"])
    draw = ImageDraw.Draw(image)
    small, bold = font(12), font(14, bold=True)
    draw.text((8, 7), fit_text(drawable(title), bold, width - 16), font=bold, fill=UI["ink"])
    left, right = MARGIN_LEFT, width - MARGIN_RIGHT
    top, bottom = MARGIN_TOP, height - MARGIN_BOTTOM
    draw.rectangle((left, top, right, bottom), outline=UI["panel_edge"])
    if not values:
        image_bytes: bytes = encode_png(image)
        return image_bytes
    low, high = min(values), max(values)
    if high - low < 10:
        low, high = low - 5, high + 5
    span = high - low

    def y_of(value: float) -> float:
        return bottom - 6 - (value - low) / span * (bottom - top - 12)

    for value in (low, (low + high) / 2, high):
        y = y_of(value)
        draw.line((left + 1, y, right - 1, y), fill=GRID)
        label = str(round(value))
        draw.text((left - 4 - text_width(label, small), y - 7), label, font=small, fill=UI["ink_soft"])
    count = len(values)
    step = (right - left - 12) / max(1, count - 1)
    points = [(left + 6 + i * step, y_of(v)) for i, v in enumerate(values)]
    if count > 1:
        draw.line(points, fill=LINE, width=2, joint="curve")
    for x, y in (points[0], points[-1]):
        draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=LINE)
    draw.text((left, bottom + 5), drawable(first_label), font=small, fill=UI["ink_soft"])
    last = f"{drawable(last_label)}: {round(values[-1])}"
    draw.text((right - text_width(last, small), bottom + 5), last, font=small, fill=UI["ink"])
    result: bytes = encode_png(image)
    return result
