"""The drawn pieces of Jambo: ware tokens, cards face up and face down, stands, gold and action pips."""

from __future__ import annotations

from functools import lru_cache
from math import cos, pi, sin

from PIL import Image, ImageDraw, ImageFont

from render.fonts import font
from render.grid import Box
from render.jambo.style import (
    CARD_BACK,
    CARD_BACK_MARK,
    CARD_FACE,
    CARD_USED,
    FEE_SLOT,
    GOLD,
    GOLD_DARK,
    KIND_COLOURS,
    SLOT,
    STAND_WOOD,
    STAND_WOOD_DARK,
    WARE_STYLES,
    kind_letter,
    ware_letter,
)
from render.jambo.texts import card_title, kind_of, ware_counts
from render.jambo.texts import short_text as card_text
from render.palette import UI, mix, text_colour_on
from render.text import fit_lines, wrap_text
from render.widgets import Shaped, paste_shaped, rounded_mask, smooth_sprite
from render.words import Words


# ---- wares --------------------------------------------------------------------------------------------------
def _shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "hexagon":
        return [(cx + r * cos(pi / 3 * k + pi / 6), cy + r * sin(pi / 3 * k + pi / 6)) for k in range(6)]
    if shape == "up":
        return [(cx, cy - r), (cx + r * 0.98, cy + r * 0.8), (cx - r * 0.98, cy + r * 0.8)]
    if shape == "down":
        return [(cx - r * 0.98, cy - r * 0.8), (cx + r * 0.98, cy - r * 0.8), (cx, cy + r)]
    return []


@lru_cache(maxsize=256)
def ware_token(ware: str, letter: str, size: int) -> Image.Image:
    """An RGBA token for ``ware``: its shape, colour and ``letter`` (``ware_letter``)."""
    style = WARE_STYLES[ware]

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        s = size * scale
        r, c = s * 0.46, s / 2
        edge = max(2, size // 16) * scale
        outline = UI["ink"]
        if style.shape == "circle":
            draw.ellipse([c - r, c - r, c + r, c + r], fill=style.colour, outline=outline, width=edge)
        elif style.shape == "square":
            draw.rounded_rectangle(
                [c - r * 0.86, c - r * 0.86, c + r * 0.86, c + r * 0.86],
                radius=s // 10,
                fill=style.colour,
                outline=outline,
                width=edge,
            )
        else:
            draw.polygon(_shape_points(style.shape, c, c, r), fill=style.colour, outline=outline, width=edge)
        letter_font = font(int(size * 0.42 * scale), bold=True)
        dy = {"up": s * 0.1, "down": -s * 0.1}.get(style.shape, 0)
        draw.text((c, c + dy), letter, font=letter_font, fill=text_colour_on(style.colour), anchor="mm")

    return smooth_sprite(size, size, paint)


def paste_token(image: Image.Image, ware: str, x: float, y: float, size: int, words: Words) -> None:
    """A ware token with its top-left corner at (x, y), its letter in ``words``' language."""
    sprite = ware_token(ware, ware_letter(ware, words), size)
    image.paste(sprite, (round(x), round(y)), sprite)


def draw_ware_row(image: Image.Image, wares: list[str], x: int, y: int, size: int, words: Words, gap: int = 4) -> int:
    """Tokens side by side from (x, y); returns the x after the last."""
    for ware in wares:
        paste_token(image, ware, x, y, size, words)
        x += size + gap
    return x


def draw_ware_counts(
    image: Image.Image, counts: dict[str, int], x: int, y: int, size: int, label_size: int, words: Words
) -> int:
    """``counts`` as token + "×n" pairs on one line (zero counts shown faint); returns the x after."""
    draw = ImageDraw.Draw(image)
    text_font = font(label_size, bold=True)
    for ware, count in counts.items():
        paste_token(image, ware, x, y, size, words)
        colour = UI["ink"] if count else UI["ink_soft"]
        apart = max(3, size // 4)  # the number apart from the token's letter: "L" and "2" were read as "A2"
        draw.text((x + size + apart, y + size / 2), f"{count}", font=text_font, fill=colour, anchor="lm")
        x += size + apart + 5 + round(text_font.getlength(f"{count}")) + 8
    return x


# ---- stands -------------------------------------------------------------------------------------------------
STAND_PAD, STAND_GAP = 6, 4


def stand_width(spaces: int, token: int) -> int:
    """The width of a stand of ``spaces`` slots for tokens ``token`` pixels wide."""
    return STAND_PAD * 2 + spaces * token + (spaces - 1) * STAND_GAP


def draw_stand(
    image: Image.Image, x: int, y: int, wares: list[str], spaces: int, token: int, words: Words, *, large: bool
) -> int:
    """A stand of ``spaces`` slots holding ``wares``; the large stand's sixth slot shows the fee. Returns its width."""
    letters = tuple(ware_letter(ware, words) for ware in wares[:spaces])
    paste_shaped(image, stand_picture(tuple(wares[:spaces]), spaces, token, large, letters), (x, y))
    return stand_width(spaces, token)


@lru_cache(maxsize=256)
def stand_picture(wares: tuple[str, ...], spaces: int, token: int, large: bool, letters: tuple[str, ...]) -> Shaped:
    """A stand with its wares (their ``letters``, ``ware_letter``), drawn once (shared: paste it)."""
    width, height = stand_width(spaces, token), token + STAND_PAD * 2
    picture = Image.new("RGB", (width + 1, height + 1), STAND_WOOD)
    draw = ImageDraw.Draw(picture)
    draw.rounded_rectangle([0, 0, width, height], radius=8, fill=STAND_WOOD, outline=STAND_WOOD_DARK, width=3)
    for slot in range(spaces):
        sx = STAND_PAD + slot * (token + STAND_GAP)
        fee = large and slot == spaces - 1
        draw.rounded_rectangle([sx, STAND_PAD, sx + token, STAND_PAD + token], radius=6, fill=FEE_SLOT if fee else SLOT)
        if fee and slot >= len(wares):  # the sixth space costs 2 gold to fill: a faint coin with "2"
            coin = fee_coin(round(token * 0.7))
            inset = (token - coin.width) // 2
            picture.paste(coin, (sx + inset, STAND_PAD + inset), coin)
        if slot < len(wares):
            sprite = ware_token(wares[slot], letters[slot], token)
            picture.paste(sprite, (sx, STAND_PAD), sprite)
    return picture, rounded_mask(width, height, 8, 3)


BUY_INK = (150, 44, 26)
SELL_INK = (12, 94, 50)
"""The prices on a ware card: dark enough to read small on the card's paper."""


@lru_cache(maxsize=8)
def fee_coin(size: int) -> Image.Image:
    """The mark of the large stand's sixth space, whose filling costs 2 gold: a pale coin with "2" (RGBA)."""

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        edge = size * scale
        draw.ellipse(
            [0, 0, edge - 1, edge - 1],
            fill=mix(FEE_SLOT, GOLD, 0.5),
            outline=mix(FEE_SLOT, GOLD_DARK, 0.7),
            width=2 * scale,
        )

    coin = smooth_sprite(size, size, paint)
    ImageDraw.Draw(coin).text(
        (size / 2, size / 2),
        "2",
        font=font(round(size * 0.62), bold=True),
        fill=mix(FEE_SLOT, UI["ink"], 0.6),
        anchor="mm",
    )
    return coin


# ---- cards --------------------------------------------------------------------------------------------------
def draw_card(
    image: Image.Image,
    box: Box,
    name: str,
    words: Words,
    *,
    text_size: int,
    used: bool = False,
    tag: str = "",
    brief: bool = False,
) -> None:
    """A card face: a kind band with its letter, the name, the text in short (ware cards: wares and prices).

    ``brief``: the name alone (and a ware card's wares), as large as the card allows: the phone board's cards,
    whose texts the message gives.
    """
    left, top, right, bottom = box
    picture = card_picture(name, words, right - left, bottom - top, text_size, used, tag, brief)
    paste_shaped(image, picture, (left, top))


@lru_cache(maxsize=256)
def card_picture(
    name: str, words: Words, width: int, height: int, text_size: int, used: bool, tag: str, brief: bool = False
) -> Shaped:
    """A card face ``width`` × ``height``, drawn once (shared: paste it through its mask).

    The name is never cut: it wraps onto a second line, or is set smaller until it fits.
    """
    picture = Image.new("RGB", (width + 1, height + 1), CARD_FACE)
    draw = ImageDraw.Draw(picture)
    left, top, right, bottom = 0, 0, width, height
    kind = kind_of(name)
    band = KIND_COLOURS[kind]
    face = CARD_USED if used else CARD_FACE
    draw.rounded_rectangle((0, 0, width, height), radius=10, fill=face, outline=mix(band, UI["ink"], 0.3), width=3)
    band_w = max(22, text_size + 6)
    draw.rounded_rectangle([left + 3, top + 3, left + band_w, bottom - 3], radius=8, fill=band)
    draw.text(
        (left + 3 + (band_w - 3) / 2, top + 6 + text_size * 0.6),
        kind_letter(kind, words),
        font=font(text_size, bold=True),
        fill=text_colour_on(band),
        anchor="mm",
    )
    inset = max(8, text_size // 3)  # the text apart from the kind band: not read as part of it
    x, room = left + band_w + inset, right - left - band_w - inset - 6
    y = top + 6
    tag_font = font(text_size, bold=True)
    if tag:
        tag_w = round(tag_font.getlength(tag)) + 12
        draw.rounded_rectangle(
            [right - 6 - tag_w, y, right - 6, y + round(tag_font.size * 1.3)], radius=6, fill=UI["out"]
        )
        draw.text(
            (right - 6 - tag_w / 2, y + tag_font.size * 0.65), tag, font=tag_font, fill=UI["ink_light"], anchor="mm"
        )
    title_size = round(text_size * (1.25 if brief and kind != "ware" else 1.1))
    first_room = room - (round(tag_font.getlength(tag)) + 18 if tag else 0)
    title_font, lines = fit_lines(
        card_title(name, words), title_size, first_room, max_lines=2, smallest=text_size * 2 // 3
    )
    below_tag = y + round(tag_font.size * 1.3) + 2
    if brief and kind != "ware" and tag and below_tag + title_size * 1.15 <= bottom - 4:
        # the name alone under the tag, in its own size, rather than squeezed beside it
        whole, one_line = fit_lines(card_title(name, words), title_size, room, max_lines=1, smallest=text_size * 2 // 3)
        if whole.size > title_font.size:
            title_font, lines, y = whole, one_line, below_tag
    elif brief and kind != "ware":  # the name alone: in the middle of the card
        y = max(y, round((height - len(lines) * title_font.size * 1.15) / 2))
    for line in lines:
        draw.text((x, y), line, font=title_font, fill=UI["ink"])
        y += round(title_font.size * 1.15)
    y += round(title_font.size * 0.15)
    if kind == "ware":
        _ware_card_body(picture, name, words, x, y, right - max(8, text_size // 3), bottom - 6, text_size)
    elif not brief:
        body, lines = _effect_lines(card_text(name, words), text_size, room, bottom - y - 4)
        step = round(body.size * 1.2)
        for line in lines:
            draw.text((x, y), line, font=body, fill=UI["ink_soft"] if used else UI["ink"])
            y += step
    return picture, rounded_mask(width, height, 10, 3)


def _effect_lines(text: str, size: int, width: int, height: int) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    """A card's effect wrapped to ``width``: in ``size`` if its lines fit ``height``, else set smaller (down to
    three quarters) until they do — a longer translation is not cut short; past that, the lines that fit."""
    for px in range(size, max(8, size * 3 // 4) - 1, -1):
        body = font(px)
        lines = wrap_text(text, body, width)
        if len(lines) <= max(1, height // round(px * 1.2)):
            return body, lines
    return body, lines[: max(1, height // round(body.size * 1.2))]


def _ware_card_body(
    image: Image.Image, name: str, words: Words, x: int, y: int, right: int, bottom: int, text_size: int
) -> None:
    draw = ImageDraw.Draw(image)
    wares, buy, sell = ware_counts(name)
    room = bottom - y - round(text_size * 1.5)
    token = max(8, min(round(text_size * 2), room, (right - x - 5 * 3) // max(6, len(wares))))
    draw_ware_row(image, wares, x, y, token, words, gap=3)
    buy_text, sell_text = words.count("buy", buy), words.count("sell", sell)
    size = round(text_size * 1.05)  # both prices on one line, apart: set smaller when longer words need it
    while size > max(8, text_size * 2 // 3) and font(size, bold=True).getlength(f"{buy_text}  {sell_text}") > right - x:
        size -= 1
    price_font = font(size, bold=True)
    line = bottom - round(text_size * 1.3)
    draw.text((x, line), buy_text, font=price_font, fill=BUY_INK)
    draw.text((right, line), sell_text, font=price_font, fill=SELL_INK, anchor="ra")


def draw_card_back(image: Image.Image, box: Box, label: str = "", text_size: int = 20) -> None:
    """A face-down card (the deck, a hand seen from across the table), with ``label`` on it."""
    left, top, right, bottom = box
    paste_shaped(image, card_back_picture(right - left, bottom - top, label, text_size), (left, top))


@lru_cache(maxsize=128)
def card_back_picture(width: int, height: int, label: str, text_size: int) -> Shaped:
    """A face-down card, drawn once (shared: paste it through its mask)."""
    picture = Image.new("RGB", (width + 1, height + 1), CARD_BACK)
    draw = ImageDraw.Draw(picture)
    draw.rounded_rectangle((0, 0, width, height), radius=10, fill=CARD_BACK, outline=UI["ink"], width=2)
    draw.rounded_rectangle([6, 6, width - 6, height - 6], radius=7, outline=CARD_BACK_MARK, width=2)
    if label:
        draw.text(
            (width / 2, height / 2),
            label,
            font=font(text_size, bold=True),
            fill=UI["ink_light"],
            anchor="mm",
        )
    return picture, rounded_mask(width, height, 10, 2)


def draw_chip(draw: ImageDraw.ImageDraw, x: int, y: int, name: str, size: int, words: Words) -> int:
    """A small named card (kind letter and name), for long lists; returns its width."""
    kind = kind_of(name)
    chip_font = font(size, bold=True)
    text = f"{kind_letter(kind, words)} {card_title(name, words)}"
    width = round(chip_font.getlength(text)) + 14
    draw.rounded_rectangle(
        [x, y, x + width, y + round(size * 1.5)], radius=6, fill=CARD_FACE, outline=KIND_COLOURS[kind], width=2
    )
    draw.text((x + 7, y + size * 0.75), text, font=chip_font, fill=UI["ink"], anchor="lm")
    return width


# ---- gold and actions ---------------------------------------------------------------------------------------
def draw_gold(draw: ImageDraw.ImageDraw, x: int, y: int, gold: int, size: int, words: Words) -> int:
    """A coin with gold's letter (``letter:coin:gold``, English "G") and the amount; returns the x after it."""
    draw.ellipse([x, y, x + size, y + size], fill=GOLD, outline=GOLD_DARK, width=3)
    letter = words("letter:coin:gold")
    draw.text((x + size / 2, y + size / 2), letter, font=font(size // 2, bold=True), fill=GOLD_DARK, anchor="mm")
    number = font(round(size * 0.9), bold=True)
    gap = max(6, size // 4)  # the coin's letter and the amount apart: not read as one word
    draw.text((x + size + gap, y + size / 2), str(gold), font=number, fill=UI["ink"], anchor="lm")
    return x + size + gap + 4 + round(number.getlength(str(gold)))


def draw_pips(draw: ImageDraw.ImageDraw, x: int, y: int, used: int, total: int, size: int) -> int:
    """Action tokens: a filled disc per action used, a ring per action left; returns the x after."""
    for index in range(total):
        box = [x, y, x + size, y + size]
        if index < used:
            draw.ellipse(box, fill=UI["ink_soft"], outline=UI["ink"], width=2)
            draw.line([x + 4, y + 4, x + size - 4, y + size - 4], fill=UI["ink_light"], width=2)
        else:
            draw.ellipse(box, fill=UI["turn"], outline=UI["ink"], width=2)
        x += size + 5
    return x
