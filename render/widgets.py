"""Small drawn pieces every game's image uses: smooth sprites, shaped pictures, colour swatches, tags and die faces.

A *shaped picture* is a piece drawn once on its own (a card, a stand) with the mask of its outline:
pasted through the mask it gives the very pixels drawing it in place would, on any background, so
a board made of them is mostly pastes.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFont

from render.grid import Box
from render.palette import RGB, UI
from render.patterns import patterned_tile

SPRITE_SCALE = 4
"""Sprites are drawn this many times larger and shrunk, for smooth curves."""

PIP_SPOTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.27, 0.22), (0.73, 0.22), (0.27, 0.5), (0.73, 0.5), (0.27, 0.78), (0.73, 0.78)),
}
"""Where the pips of each die face sit, as fractions of the face."""


def smooth_sprite(width: int, height: int, paint: Callable[[ImageDraw.ImageDraw, int], None]) -> Image.Image:
    """A transparent RGBA sprite painted by ``paint(draw, scale)`` at ``scale`` × size, then shrunk.

    ``paint`` multiplies every coordinate by ``scale``; the result has smooth edges: each pixel is the average of
    the ``scale`` × ``scale`` block drawn for it (supersampling; Pillow averages with the alpha premultiplied, so a
    transparent ground darkens no edge). Three times cheaper than a Lanczos resize, which on the largest sprite (a
    Marrakech board's frame, 3,600 pixels a side drawn) took a quarter of a second.
    """
    big = Image.new("RGBA", (width * SPRITE_SCALE, height * SPRITE_SCALE), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), SPRITE_SCALE)
    return big.reduce(SPRITE_SCALE)


Shaped = tuple[Image.Image, Image.Image]
"""A picture (RGB) and the mask of the shape it fills (mode "1": pasting through it copies, five times faster
than blending through an "L" mask)."""


@lru_cache(maxsize=128)
def rounded_mask(width: int, height: int, radius: int, outline: int = 1) -> Image.Image:
    """The mask of ``ImageDraw.rounded_rectangle((0, 0, width, height), radius, ...)`` with an outline ``outline`` wide.

    The image is ``width + 1`` × ``height + 1`` (the rectangle's corners are inclusive), like the picture it masks.
    """
    mask = Image.new("1", (width + 1, height + 1), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, width, height), radius=radius, fill=1, outline=1, width=outline)
    return mask


def drawn_on(background: RGB, size: tuple[int, int], paint: Callable[[Image.Image], None]) -> Shaped:
    """What ``paint`` draws on a ``size`` canvas of ``background``, with the mask of the pixels it changed.

    Pasted where the picture's ground is ``background``, it gives the pixels painting there would.
    """
    picture = Image.new("RGB", size, background)
    paint(picture)
    red, green, blue = ImageChops.difference(picture, Image.new("RGB", size, background)).split()
    changed = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return picture, changed.point(lambda value: 255 if value else 0).convert("1")


def paste_shaped(image: Image.Image, shaped: Shaped, position: tuple[int, int]) -> None:
    """A shaped picture with its top-left corner at ``position``."""
    picture, mask = shaped
    image.paste(picture, position, mask)


def paste_sprite(image: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    """``sprite`` pasted onto ``image`` with its centre at ``centre``, through its transparency."""
    left = round(centre[0] - sprite.width / 2)
    top = round(centre[1] - sprite.height / 2)
    image.paste(sprite, (left, top), sprite)


def draw_swatch(
    image: Image.Image, box: Box, base: RGB, pattern: str, *, outline: RGB | None = None, step: int = 14
) -> None:
    """A colour sample with its pattern, as used in legends and player lists."""
    left, top, right, bottom = box
    image.paste(patterned_tile(base, pattern, right - left, bottom - top, step), (left, top))
    ImageDraw.Draw(image).rectangle(box, outline=outline or UI["ink"], width=2)


def draw_tag(
    draw: ImageDraw.ImageDraw,
    position: tuple[float, float],
    text: str,
    font: ImageFont.FreeTypeFont,
    *,
    fill: RGB,
    text_fill: RGB,
    padding: int = 6,
) -> int:
    """A rounded label whose top-left corner is at ``position``; returns its width."""
    x, y = position
    width = round(font.getlength(text)) + 2 * padding
    height = round(font.size * 1.2) + padding
    draw.rounded_rectangle([x, y, x + width, y + height], radius=height // 3, fill=fill)
    draw.text((x + width / 2, y + height / 2), text, font=font, fill=text_fill, anchor="mm")
    return width


@lru_cache(maxsize=16)
def die_face(value: int, size: int) -> Image.Image:
    """An RGBA picture of a die showing ``value`` (1–6) pips, ``size`` pixels square."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        edge = size * scale
        border = max(2, size // 24) * scale
        draw.rounded_rectangle(
            [border, border, edge - border, edge - border],
            radius=edge // 6,
            fill=UI["die_face"],
            outline=UI["ink"],
            width=border,
        )
        radius = edge * 0.09
        for fx, fy in PIP_SPOTS[value]:
            cx, cy = fx * edge, fy * edge
            draw.ellipse([cx - radius, cy - radius, cx + radius, cy + radius], fill=UI["die_pip"])

    return smooth_sprite(size, size, paint)
