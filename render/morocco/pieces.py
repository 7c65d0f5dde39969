"""Morocco's small pieces as cached sprites: cubes with letters, workers by shape, juice tokens, the pawn.

Every sprite is drawn at 4× and shrunk (``smooth_sprite``); sizes are in pixels of the final picture.
Returned images are shared: paste them, never draw on them.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.fonts import font
from render.morocco.scene import cube_rgb, player_rgb
from render.palette import RGB, UI, mix, text_colour_on
from render.widgets import smooth_sprite

INK = UI["ink"]


def _text_centred(draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, size: int, fill: RGB) -> None:
    draw.text(centre, text, font=font(size, bold=True), fill=fill, anchor="mm")


@lru_cache(maxsize=128)
def cube(colour: str, letter: str, size: int) -> Image.Image:
    """An information cube: its colour, a bevel and its ``letter`` (``cube_letter``: in English K black, B brown)."""
    base = cube_rgb(colour)

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        edge = size * scale
        line = max(1, size // 14) * scale
        draw.rounded_rectangle(
            [line, line, edge - line, edge - line], radius=edge // 6, fill=base, outline=INK, width=line
        )
        bevel = edge // 7
        draw.line(
            [(2 * line, bevel + line), (edge - 2 * line, bevel + line)],
            fill=mix(base, (255, 255, 255), 0.35),
            width=line,
        )

    sprite = smooth_sprite(size, size, paint)
    _text_centred(
        ImageDraw.Draw(sprite),
        (size / 2, size / 2 + size * 0.04),
        letter,
        round(size * 0.6),
        text_colour_on(base),
    )
    return sprite


def _worker_outline(kind: str, edge: float) -> list[tuple[float, float]] | None:
    """The polygon of a tourist (triangle); None for round assistants and square bodyguards."""
    if kind != "tourist":
        return None
    pad = edge * 0.06
    return [(edge / 2, pad), (edge - pad, edge - pad * 1.5), (pad, edge - pad * 1.5)]


@lru_cache(maxsize=128)
def worker(seat: int, kind: str, size: int) -> Image.Image:
    """A worker of ``seat``: an assistant is round, a bodyguard square (and bigger), a tourist a triangle;
    the seat number is printed on it."""
    base = player_rgb(seat)

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        edge = size * scale
        line = max(2, size // 10) * scale
        triangle = _worker_outline(kind, edge)
        if triangle is not None:
            draw.polygon(triangle, fill=base, outline=INK, width=line)
        elif kind == "bodyguard":
            draw.rounded_rectangle(
                [line, line, edge - line, edge - line], radius=edge // 8, fill=base, outline=INK, width=line
            )
            inner = edge * 0.2
            draw.rounded_rectangle(
                [inner, inner, edge - inner, edge - inner],
                radius=edge // 10,
                outline=mix(base, INK, 0.5),
                width=max(1, line // 2),
            )
        else:
            draw.ellipse([line, line, edge - line, edge - line], fill=base, outline=INK, width=line)

    sprite = smooth_sprite(size, size, paint)
    low = 0.1 if kind == "tourist" else 0.0
    _text_centred(
        ImageDraw.Draw(sprite),
        (size / 2, size / 2 + size * low),
        str(seat + 1),
        round(size * 0.5),
        text_colour_on(base),
    )
    return sprite


@lru_cache(maxsize=16)
def juice_token(value: int, size: int) -> Image.Image:
    """A face-up juice seller token: a dark diamond with a golden rim and its value (0: a face-down token)."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        edge = size * scale
        line = max(1, size // 12) * scale
        half = edge / 2
        diamond = [(half, line), (edge - line, half), (half, edge - line), (line, half)]
        draw.polygon(diamond, fill=UI["token"], outline=UI["token_trim"], width=line)

    sprite = smooth_sprite(size, size, paint)
    if value:
        _text_centred(ImageDraw.Draw(sprite), (size / 2, size / 2), str(value), round(size * 0.56), UI["token_trim"])
    return sprite


@lru_cache(maxsize=8)
def pawn(size: int) -> Image.Image:
    """The rooftop pawn: a white-and-ink cone with a round head."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        edge = size * scale
        line = max(1, size // 12) * scale
        head = edge * 0.22
        draw.polygon(
            [(edge * 0.5, edge * 0.3), (edge * 0.85, edge - line), (edge * 0.15, edge - line)],
            fill=UI["ink_light"],
            outline=INK,
            width=line,
        )
        draw.ellipse(
            [edge * 0.5 - head, line, edge * 0.5 + head, line + 2 * head], fill=UI["ink_light"], outline=INK, width=line
        )

    return smooth_sprite(size, size, paint)


@lru_cache(maxsize=16)
def ring_ring(size: int, ring: int) -> Image.Image:
    """A highlight ring of thickness ``ring`` around a ``size`` piece (transparent inside)."""
    outer = size + 2 * ring + 4

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        edge = outer * scale
        draw.ellipse([0, 0, edge - 1, edge - 1], outline=UI["highlight"], width=ring * scale)

    return smooth_sprite(outer, outer, paint)


def arrow_points(
    centre: tuple[float, float], direction: tuple[int, int], length: float, width: float
) -> list[tuple[float, float]]:
    """A block arrow from ``centre`` pointing ``direction``, ``length`` long and ``width`` wide."""
    dx, dy = direction
    angle = math.atan2(dy, dx)
    cos, sin = math.cos(angle), math.sin(angle)
    shaft, head = width * 0.36, width
    tail = -length * 0.25
    neck = length * 0.45
    tip = length
    local = [(tail, -shaft), (neck, -shaft), (neck, -head), (tip, 0), (neck, head), (neck, shaft), (tail, shaft)]
    cx, cy = centre
    return [(cx + x * cos - y * sin, cy + x * sin + y * cos) for x, y in local]
