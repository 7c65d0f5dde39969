"""Kairo pieces as small cached pictures: merchant seals, stall tiles, entrance doors, customer pawns.

Players are told apart by their seat number — on a stall tile a light badge with the number, in
the panel a seal, a shape with the number in it (◆ 1, ● 2, ▲ 3, ★ 4) — never by colour. Goods
colours (stalls, customers, coins) always carry their letter (English R, Y, G, B, W, P; each language's
from the words handed in, ``letter:colour:<colour>``) and, on stall tiles, the colour's pattern too, so
nothing depends on telling colours apart. A sprite that shows a letter takes it as an argument, so its
cache keeps one picture per language's letter. Letters and numbers
on the board are drawn large (about half a square) so that they still read when a phone shows the
portrait image 400 pixels wide. Every function here returns a shared cached image: paste it,
never draw on it.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.fonts import font
from render.palette import RGB, UI, greyed, mark_colour, mix, piece_rgb, text_colour_on
from render.patterns import pattern_for, pattern_mask
from render.widgets import smooth_sprite
from render.words import Words

SEAL_SHAPES: tuple[str, ...] = ("diamond", "circle", "triangle", "star")
"""Seal shape of each seat, in seat order."""
SEAL_INK: RGB = (34, 26, 22)
SEAL_RIM: RGB = (255, 252, 244)
NEUTRAL = "neutral"
NUMBERED_SEAL_MIN = 28
"""Seals smaller than this show their shape only: the seat number would not be legible."""
SMALL_TILE = 40
"""Stall tiles smaller than this (legend chips) carry a plain outlined letter instead of a plate."""


def colour_letter(colour: str, words: Words) -> str:
    """The letter marking a goods colour in ``words``' language: "red" -> "R" (Spanish "rojo" -> "R")."""
    return words(f"letter:colour:{colour}")


def neutral_letter(words: Words) -> str:
    """The letter marking a neutral stall, where a seat number would be: English "N"."""
    return words("letter:seat:neutral")


def _star_points(cx: float, cy: float, outer: float, inner: float) -> list[tuple[float, float]]:
    """The ten corners of a five-pointed star, point up."""
    points = []
    for index in range(10):
        radius = outer if index % 2 == 0 else inner
        angle = -math.pi / 2 + index * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def _shape_points(shape: str, cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """The outline of a polygonal seal shape centred on ``(cx, cy)``."""
    if shape == "diamond":
        return [(cx, cy - radius), (cx + radius, cy), (cx, cy + radius), (cx - radius, cy)]
    if shape == "triangle":
        return [(cx, cy - radius), (cx + radius * 0.98, cy + radius * 0.72), (cx - radius * 0.98, cy + radius * 0.72)]
    return _star_points(cx, cy, radius, radius * 0.5)


def _paint_shape(draw: ImageDraw.ImageDraw, shape: str, centre: float, radius: float, fill: RGB) -> None:
    """One seal shape of ``radius`` around ``(centre, centre)``."""
    if shape == "circle":
        draw.ellipse([centre - radius, centre - radius, centre + radius, centre + radius], fill=fill)
    else:
        draw.polygon(_shape_points(shape, centre, centre, radius), fill=fill)


def _number_offset(shape: str, size: int) -> float:
    """How far below the centre the seat number sits, so it lands in the shape's widest part."""
    return {"triangle": size * 0.1, "star": size * 0.04}.get(shape, 0.0)


@lru_cache(maxsize=64)
def seal_sprite(owner: int | str, size: int, *, numbered: bool = True, neutral: str = "") -> Image.Image:
    """The seal of ``owner`` (a seat, or "neutral", marked with the letter ``neutral``: ``neutral_letter``) ``size``
    pixels wide, with a light rim."""
    if owner == NEUTRAL or not isinstance(owner, int):
        return _neutral_sprite(size, neutral)
    shape = SEAL_SHAPES[owner % len(SEAL_SHAPES)]
    rim = max(2, size // 14)

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        centre, radius = size * scale / 2, size * scale / 2
        _paint_shape(draw, shape, centre, radius, SEAL_RIM)
        _paint_shape(draw, shape, centre, radius - rim * scale * 1.6, SEAL_INK)

    sprite = smooth_sprite(size, size, paint)
    if numbered and size >= NUMBERED_SEAL_MIN:
        label_size = round(size * (0.36 if shape in ("triangle", "star") else 0.48))
        centre = (size / 2, size / 2 + _number_offset(shape, size))
        ImageDraw.Draw(sprite).text(
            centre, str(owner + 1), font=font(label_size, bold=True), fill=SEAL_RIM, anchor="mm"
        )
    return sprite


def _neutral_sprite(size: int, letter: str) -> Image.Image:
    """A grey disc with ``letter`` (English "N"): the mark of a neutral stall (2-player game)."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        edge = size * scale
        rim = max(2, size // 14) * scale
        draw.ellipse([0, 0, edge - 1, edge - 1], fill=SEAL_RIM)
        draw.ellipse([rim, rim, edge - 1 - rim, edge - 1 - rim], fill=UI["neutral_mark"])

    sprite = smooth_sprite(size, size, paint)
    ImageDraw.Draw(sprite).text(
        (size / 2, size / 2), letter, font=font(round(size * 0.52), bold=True), fill=SEAL_RIM, anchor="mm"
    )
    return sprite


def stall_fill(colour: str, colour_id: int, inactive: bool) -> RGB:
    """The fill of a stall tile: its goods colour, washed to grey if its owner left."""
    base = piece_rgb(colour, colour_id)
    return greyed(base) if inactive else base


@lru_cache(maxsize=512)
def stall_tile(
    colour: str,
    colour_id: int,
    size: int,
    *,
    letter: str,
    main: bool,
    inactive: bool,
    owner: int | str | None = None,
    apart: bool = False,
    neutral: str = "",
) -> Image.Image:
    """A ``size``-pixel stall tile: colour, pattern and ``letter`` (``colour_letter``); the main tile wears an awning.

    With an ``owner`` (a seat, or "neutral": a badge with the letter ``neutral``, ``neutral_letter``) the tile also
    carries the owner's badge; small tiles (legend chips) carry only a plain outlined letter.
    """
    base = stall_fill(colour, colour_id, inactive)
    tile = Image.new("RGB", (size, size), base)
    pattern_colour = mix(base, mark_colour(base), 0.7)
    tile.paste(pattern_colour, (0, 0), pattern_mask(pattern_for(colour_id), size, size, max(10, size // 4)))
    draw = ImageDraw.Draw(tile)
    if size < SMALL_TILE:
        _paint_chip_letter(draw, letter, size)
        return tile
    if main:
        _paint_awning(draw, base, size)
    top = round(size * 0.2) if main else 0
    if apart:  # the letter up and left, the badge down and right: two marks, never read as one word
        _paint_letter(draw, letter, size, (size * 0.3, top + (size - top) * 0.28), scale=0.44)
    else:
        _paint_letter(draw, letter, size, (size * 0.3, top + (size - top) * 0.45))
    if owner is not None:
        badge = owner_badge(owner, round(size * (0.42 if apart else 0.54 if main else 0.52)), neutral)
        tile.paste(badge, (size - badge.width - 1, size - badge.height - 1), badge)
    return tile


def _paint_awning(draw: ImageDraw.ImageDraw, base: RGB, size: int) -> None:
    """A striped market awning along the top of a main stall tile."""
    stripe = max(4, size // 8)
    depth = round(size * 0.2)
    light = mix(base, (255, 255, 255), 0.75)
    for index, left in enumerate(range(0, size, stripe)):
        draw.rectangle([left, 0, left + stripe - 1, depth], fill=light if index % 2 == 0 else base)
    draw.line([(0, depth), (size, depth)], fill=SEAL_INK, width=2)


def _paint_letter(
    draw: ImageDraw.ImageDraw, letter: str, size: int, centre: tuple[float, float], scale: float = 0.5
) -> None:
    """The colour letter large, light with a dark outline, so it reads on any colour and at a small scale."""
    draw.text(
        centre,
        letter,
        font=font(round(size * scale), bold=True),
        fill=SEAL_RIM,
        anchor="mm",
        stroke_width=max(2, size // 18),
        stroke_fill=SEAL_INK,
    )


def _paint_chip_letter(draw: ImageDraw.ImageDraw, letter: str, size: int) -> None:
    """The colour letter large in the middle of a small chip, light with a dark outline."""
    draw.text(
        (size / 2, size / 2 + 1),
        letter,
        font=font(round(size * 0.62), bold=True),
        fill=SEAL_RIM,
        anchor="mm",
        stroke_width=2,
        stroke_fill=SEAL_INK,
    )


@lru_cache(maxsize=64)
def owner_badge(owner: int | str, size: int, neutral_mark: str = "") -> Image.Image:
    """The owner's mark on a stall tile: a light disc with the seat number (a grey one with ``neutral_mark``,
    ``neutral_letter``: neutral)."""
    neutral = not isinstance(owner, int)
    fill = UI["neutral_mark"] if neutral else SEAL_RIM
    ink = SEAL_RIM if neutral else SEAL_INK

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        edge = size * scale
        draw.ellipse([0, 0, edge - 1, edge - 1], fill=(*SEAL_INK, 255))
        rim = max(2, size // 12) * scale
        draw.ellipse([rim, rim, edge - 1 - rim, edge - 1 - rim], fill=(*fill, 255))

    badge = smooth_sprite(size, size, paint)
    text = neutral_mark if neutral else str(int(owner) + 1)
    ImageDraw.Draw(badge).text(
        (size / 2, size / 2 + 1), text, font=font(round(size * 0.8), bold=True), fill=ink, anchor="mm"
    )
    return badge


DOOR_SIDES: dict[tuple[int, int], str] = {(0, -1): "north", (0, 1): "south", (-1, 0): "west", (1, 0): "east"}


@lru_cache(maxsize=256)
def door_sprite(colour: str, colour_id: int, letter: str, side: str, size: int, inactive: bool) -> Image.Image:
    """An entrance square's mark: a tinted floor, an arched door on ``side`` (facing its stall), the colour's
    ``letter``."""
    base = stall_fill(colour, colour_id, inactive)
    sprite = Image.new("RGBA", (size, size), (*mix(base, (255, 255, 255), 0.62), 255))
    sprite.alpha_composite(_door_picture(_turned(_door_shape(size), side), base))
    x, y = letter_spot(side, size)
    ImageDraw.Draw(sprite).text(
        (x, y),
        letter,
        font=font(round(size * 0.45), bold=True),
        fill=SEAL_INK,
        anchor="mm",
    )
    return sprite


def letter_spot(side: str, size: int) -> tuple[float, float]:
    """Where an entrance's letter goes: the corner away from its door."""
    near, far = size * 0.24, size * 0.76
    return {"north": (far, far), "south": (far, near), "west": (far, far), "east": (near, far)}[side]


def _door_shape(size: int) -> Image.Image:
    """A door arch (white mask) sitting on the north edge of a ``size`` square, drawn smoothly."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        edge = size * scale
        width, depth = edge * 0.56, edge * 0.42
        left = (edge - width) / 2
        draw.rectangle([left, 0, left + width, depth - width / 2], fill=(255, 255, 255, 255))
        draw.ellipse([left, depth - width, left + width, depth], fill=(255, 255, 255, 255))

    return smooth_sprite(size, size, paint)


DOOR_TURNS: dict[str, Image.Transpose] = {
    "west": Image.Transpose.ROTATE_90,
    "south": Image.Transpose.ROTATE_180,
    "east": Image.Transpose.ROTATE_270,
}
"""How the north-facing door arch is turned to face each other side."""


def _turned(door: Image.Image, side: str) -> Image.Image:
    """The north-facing door arch turned to face ``side``."""
    turn = DOOR_TURNS.get(side)
    return door if turn is None else door.transpose(turn)


def _door_picture(shape: Image.Image, base: RGB) -> Image.Image:
    """The door arch in the stall's colour inside a 3-pixel dark edge."""
    alpha = shape.getchannel("A")
    picture = Image.new("RGBA", shape.size, (0, 0, 0, 0))
    picture.paste((*SEAL_INK, 255), (0, 0), alpha)
    inner = Image.new("L", shape.size, 0)
    inner.paste(alpha.resize((shape.width - 6, shape.height - 6), Image.Resampling.BILINEAR), (3, 3))
    picture.paste((*base, 255), (0, 0), inner)
    return picture


@lru_cache(maxsize=64)
def pawn_sprite(colour: str, colour_id: int, letter: str, size: int) -> Image.Image:
    """A round customer pawn in its colour with its ``letter``, a dark rim and a soft shadow."""
    base = piece_rgb(colour, colour_id)

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        edge = size * scale
        shadow = edge * 0.06
        draw.ellipse([shadow, shadow * 1.6, edge - 1, edge - 1], fill=(0, 0, 0, 70))
        draw.ellipse([0, 0, edge - 1 - shadow, edge - 1 - shadow], fill=(*SEAL_INK, 255))
        rim = edge * 0.07
        draw.ellipse([rim, rim, edge - 1 - shadow - rim, edge - 1 - shadow - rim], fill=(*base, 255))
        shine = edge * 0.2
        draw.ellipse([shine, shine * 0.8, shine * 2.1, shine * 1.7], fill=(*mix(base, (255, 255, 255), 0.5), 255))

    sprite = smooth_sprite(size, size, paint)
    centre = size * 0.47
    ImageDraw.Draw(sprite).text(
        (centre, centre + 1),
        letter,
        font=font(round(size * 0.6), bold=True),
        fill=text_colour_on(base),
        anchor="mm",
    )
    return sprite


@lru_cache(maxsize=64)
def coin_sprite(colour: str, colour_id: int, letter: str, size: int) -> Image.Image:
    """A coin of a goods colour: a disc with a milled inner ring and the colour's ``letter``."""
    base = piece_rgb(colour, colour_id)

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        edge = size * scale
        draw.ellipse([0, 0, edge - 1, edge - 1], fill=(*SEAL_INK, 255))
        rim = edge * 0.07
        draw.ellipse([rim, rim, edge - 1 - rim, edge - 1 - rim], fill=(*base, 255))
        ring = edge * 0.17
        draw.ellipse(
            [ring, ring, edge - 1 - ring, edge - 1 - ring], outline=(*mark_colour(base), 255), width=max(1, scale * 2)
        )

    sprite = smooth_sprite(size, size, paint)
    ImageDraw.Draw(sprite).text(
        (size / 2, size / 2 + 1),
        letter,
        font=font(round(size * 0.5), bold=True),
        fill=SEAL_RIM,
        anchor="mm",
        stroke_width=2,
        stroke_fill=SEAL_INK,
    )
    return sprite
