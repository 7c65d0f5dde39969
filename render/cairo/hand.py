"""The private Kairo hand image (``render_private``): the viewer's building cards, coins, charlatans, medals, score.

Drawn from ``view.viewer``'s own entry of the view, the only one holding a hand and coins; a
spectator's view, or one without that entry's private fields, has no hand image (None). Landscape
puts the cards in one row and the coins beside the rest; portrait (800 pixels wide, for a phone
showing it 400 wide) puts at most four cards in a row and everything below in one column, written
large.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from PIL import Image, ImageDraw
from PIL.ImageFont import FreeTypeFont

from engines.base import View
from render.cairo.cards import draw_card
from render.cairo.geometry import FRAMES, PHONE, Frame
from render.cairo.panel import medal_chip, player_name
from render.cairo.phone import card_height_for, draw_phone_card
from render.cairo.pieces import coin_sprite, colour_letter, seal_sprite, stall_tile
from render.cairo.png_colours import PALETTE
from render.fonts import font
from render.palette import UI
from render.png import encode_png
from render.text import fit_lines, fit_text, wrap_text
from render.widgets import paste_sprite
from render.words import NO_WORDS, Words

LANDSCAPE_WIDTH = 960
PORTRAIT_WIDTH = 800
PHONE_WIDTH = 840
PHONE_HAND = replace(PHONE, text=2.0, min_font=32)
"""The phone hand's writing: nothing under 32 px (13.7 px once shown 360 px wide)."""
MAX_CARD_WIDTH = 170


@dataclass(frozen=True)
class HandLayout:
    """Sizes of one hand image: its width, the frame's text scale, cards per row."""

    frame: Frame
    width: int
    per_row: int
    words: Words = NO_WORDS

    def size(self, px: float) -> int:
        return self.frame.size(px)

    def font(self, px: float, bold: bool = False) -> Any:
        return font(self.frame.font_size(px), bold=bold)

    @property
    def pad(self) -> int:
        return self.size(20)


def own_entry(view: View) -> dict[str, Any] | None:
    """The viewer's own player entry with its private fields, or None (a spectator, or no hand shown)."""
    if view.viewer is None:
        return None
    entry = next((p for p in view.details.get("players", []) if p.get("seat") == view.viewer), None)
    if entry is None or entry.get("hand") is None or entry.get("coins") is None:
        return None
    return dict(entry)


def render_private(view: View, *, layout: str = "landscape", words: Words = NO_WORDS) -> bytes | None:
    """The viewer's private hand as PNG bytes, or None when the view holds no hand of its viewer."""
    image = private_image(view, layout=layout, words=words)
    return None if image is None else encode_png(image, palette=PALETTE)


def private_image(view: View, *, layout: str = "landscape", words: Words = NO_WORDS) -> Image.Image | None:
    """The picture ``render_private`` encodes (RGB), or None when the view holds no hand of its viewer."""
    player = own_entry(view)
    if player is None:
        return None
    frame = FRAMES[layout]
    tall = frame.portrait or frame.phone
    if frame.phone:
        shape = HandLayout(PHONE_HAND, PHONE_WIDTH, 3, words)
    else:
        shape = HandLayout(frame, PORTRAIT_WIDTH if tall else LANDSCAPE_WIDTH, 4 if tall else 6, words)
    hand = list(player["hand"])
    _, card_height = card_size(shape, len(hand))
    rows = max(1, -(-len(hand) // shape.per_row))
    cards_top = shape.size(100 if frame.phone else 128)
    note_lines = 0 if frame.phone else 2 if tall else 1
    lower = cards_top + rows * (card_height + shape.size(12)) + shape.size(12) + note_lines * shape.size(26)
    height = lower + lower_height(shape, view, player)
    image = Image.new("RGB", (shape.width, height), UI["background"])
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        [8, 8, shape.width - 8, height - 8], radius=16, fill=UI["panel"], outline=UI["panel_edge"], width=2
    )
    draw_title(image, draw, shape, view, player)
    draw_cards(image, draw, shape, view, hand, cards_top)
    if note_lines:
        draw_card_note(draw, shape, lower - note_lines * shape.size(26))
    if tall:
        bottom = draw_coins(image, draw, shape, view, player, lower, shape.pad)
        draw_extras(image, draw, shape, view, player, bottom + shape.size(16), shape.pad)
    else:
        draw_coins(image, draw, shape, view, player, lower, shape.pad)
        draw_extras(image, draw, shape, view, player, lower, shape.width // 2 + 20)
    return image


def card_size(shape: HandLayout, count: int) -> tuple[int, int]:
    """Card width and height so a row of cards (at least 4 places) fits the image."""
    places = min(shape.per_row, max(shape.per_row if shape.frame.phone else 4, count))
    gap = shape.size(12)
    width = min(shape.size(MAX_CARD_WIDTH), (shape.width - 2 * shape.pad - gap * (places - 1)) // places)
    return width, card_height_for(width) if shape.frame.phone else round(width * 1.3)


def hand_card_box(shape: HandLayout, index: int, count: int, top: int) -> tuple[int, int, int, int]:
    """The pixel box of card ``index`` of a hand of ``count`` cards."""
    width, height = card_size(shape, count)
    gap = shape.size(12)
    row, column = divmod(index, shape.per_row)
    left = shape.pad + column * (width + gap)
    y = top + row * (height + gap)
    return (left, y, left + width, y + height)


def lower_height(shape: HandLayout, view: View, player: Mapping[str, Any]) -> int:
    """Height of what comes below the cards: coins (and, in portrait, the rest under them)."""
    coins = shape.size(44) + shape.size(34) * len(view.details.get("colours", [])) + shape.size(56)
    if not (shape.frame.portrait or shape.frame.phone):
        return coins
    medals = max(1, len(player.get("medals") or []))
    charlatans = shape.size(74) + (len(charlatan_lines(shape, player, shape.pad)) - 1) * shape.size(28)
    return coins + shape.size(16) + charlatans + shape.size(32) + medals * shape.size(30) + shape.size(80)


def charlatan_lines(shape: HandLayout, player: Mapping[str, Any], left: int) -> tuple[FreeTypeFont, list[str]]:
    """What the charlatans line says, whole, and its font: wrapped onto two lines where one is too narrow (the
    phone), else on one line (a longer translation set smaller before it is shortened)."""
    text = shape.words.count("charlatan_cards", player.get("charlatans", 0))
    body_font, room = shape.font(16), shape.width - left - shape.pad
    if shape.frame.phone:
        return body_font, wrap_text(text, body_font, room)
    line_font, _ = fit_lines(text, body_font.size, room, max_lines=1, bold=False, smallest=body_font.size * 4 // 5)
    return line_font, [fit_text(text, line_font, room)]


def draw_title(
    image: Image.Image, draw: ImageDraw.ImageDraw, shape: HandLayout, view: View, player: Mapping[str, Any]
) -> None:
    """Seal, "Your hand — name", and the score on the right."""
    seat, size = player["seat"], shape.size
    paste_sprite(image, seal_sprite(seat, size(48)), (shape.pad + size(26), size(50)))
    title_font = shape.font(28, bold=True)
    score = shape.words("points", count=view.seats[seat].score or 0)
    room = shape.width - 2 * shape.pad - size(62) - title_font.getlength(score) - size(20)
    if shape.frame.phone:  # the name alone, whole (the message says whose hand this is)
        name_font, lines = fit_lines(
            player_name(view, seat, shape.words), title_font.size, room, max_lines=1, smallest=22
        )
        draw.text((shape.pad + size(62), size(50)), lines[0], font=name_font, fill=UI["ink"], anchor="lm")
        draw.text((shape.width - shape.pad - 8, size(50)), score, font=title_font, fill=UI["frame"], anchor="rm")
        return
    title = fit_text(shape.words("your_hand", name=player_name(view, seat, shape.words)), title_font, room)
    draw.text((shape.pad + size(62), size(50)), title, font=title_font, fill=UI["ink"], anchor="lm")
    draw.text((shape.width - shape.pad - 8, size(50)), score, font=title_font, fill=UI["frame"], anchor="rm")
    note = shape.words("private")
    draw.text((shape.pad + size(62), size(82)), note, font=shape.font(15), fill=UI["ink_soft"], anchor="lm")


def draw_cards(
    image: Image.Image, draw: ImageDraw.ImageDraw, shape: HandLayout, view: View, hand: list[str], top: int
) -> None:
    """The building cards in rows, or a note when the hand is empty."""
    _width, height = card_size(shape, len(hand))
    heading = shape.words("building_cards", count=len(hand))
    draw.text((shape.pad, top - 6), heading, font=shape.font(18, bold=True), fill=UI["frame"], anchor="lb")
    if not hand:
        empty = shape.words("no_cards")
        note_font = shape.font(20)
        lines = wrap_text(empty, note_font, shape.width - 2 * shape.pad)
        step = round(note_font.size * 1.25)
        y = top + height / 2 - step * (len(lines) - 1) / 2
        for line in lines:
            draw.text((shape.pad, y), line, font=note_font, fill=UI["ink_soft"], anchor="lm")
            y += step
        return
    for index, card in enumerate(hand):
        box = hand_card_box(shape, index, len(hand), top)
        if shape.frame.phone:  # title over map, as on the phone board (the label only repeated the map)
            draw_phone_card(draw, box, card, view.details, shape.words)
        else:
            draw_card(image, box, card, view.details, shape.words)


def draw_card_note(draw: ImageDraw.ImageDraw, shape: HandLayout, y: int) -> None:
    """How building cards are played, under the cards (two lines in portrait)."""
    note = shape.words("card_note")
    note_font, width = shape.font(15), shape.width - 2 * shape.pad
    for line in wrap_text(note, note_font, width)[:2]:
        draw.text((shape.pad, y), line, font=note_font, fill=UI["ink_soft"])
        y += shape.size(26)


def draw_coins(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    shape: HandLayout,
    view: View,
    player: Mapping[str, Any],
    top: int,
    left: int,
) -> int:
    """Coin value per colour (a coin with its letter, the colour's name, the value), then the total."""
    size = shape.size
    row = size(34)
    draw.text((left, top), shape.words("coins"), font=shape.font(18, bold=True), fill=UI["frame"])
    y = top + size(34)
    coins = player.get("coins") or {}
    value_x = left + size(220)
    for colour_id, colour in enumerate(view.details.get("colours", [])):
        coin = coin_sprite(colour, colour_id, colour_letter(colour, shape.words), row - 4)
        paste_sprite(image, coin, (left + row / 2, y + row / 2))
        name_x = left + row + (size(12) if shape.frame.phone else 6)  # apart from the coin: not one word
        draw.text(
            (name_x, y + row / 2),
            shape.words(f"colour:{colour}"),
            font=shape.font(19, bold=True),
            fill=UI["ink"],
            anchor="lm",
        )
        value = str(coins.get(colour, 0))
        draw.text((value_x, y + row / 2), value, font=shape.font(22, bold=True), fill=UI["ink"], anchor="rm")
        y += row
    total = player.get("coin_value", sum(coins.values()))
    draw.line([(left, y + 4), (value_x + 4, y + 4)], fill=UI["panel_edge"], width=2)
    middle = y + size(22)
    draw.text((left, middle), shape.words("total"), font=shape.font(19, bold=True), fill=UI["ink"], anchor="lm")
    draw.text((value_x, middle), str(total), font=shape.font(22, bold=True), fill=UI["ink"], anchor="rm")
    points = shape.words("points_at_end", count=total // 3)
    draw.text((value_x + size(12), middle), points, font=shape.font(15), fill=UI["ink_soft"], anchor="lm")
    return middle + size(22)


def draw_extras(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    shape: HandLayout,
    view: View,
    player: Mapping[str, Any],
    top: int,
    left: int,
) -> None:
    """Charlatans, medals held and main stalls still in supply."""
    size = shape.size
    heading_font, body_font = shape.font(18, bold=True), shape.font(16)
    draw.text((left, top), shape.words("charlatans"), font=heading_font, fill=UI["frame"])
    line_font, lines = charlatan_lines(shape, player, left)
    for index, line in enumerate(lines):
        draw.text((left, top + size(30) + index * size(28)), line, font=line_font, fill=UI["ink"])
    y = top + size(74) + (len(lines) - 1) * size(28)
    draw.text((left, y), shape.words("medals"), font=heading_font, fill=UI["frame"])
    y += size(32)
    medals = player.get("medals") or []
    colour_ids = {colour: index for index, colour in enumerate(view.details.get("colours", []))}
    if not medals:
        draw.text((left, y), shape.words("none_yet"), font=body_font, fill=UI["ink_soft"])
        y += size(28)
    chip = size(26)
    for colour, metal in medals:
        medal = medal_chip(colour, colour_ids.get(colour, 0), colour_letter(colour, shape.words), metal, chip)
        paste_sprite(image, medal, (left + chip / 2, y + chip / 2))
        label = shape.words("medal", metal=shape.words(f"metal:{metal}"), colour=shape.words(f"colour:{colour}"))
        gap = size(12) if shape.frame.phone else 8
        draw.text((left + chip + gap, y + chip / 2), label, font=shape.font(16, bold=True), fill=UI["ink"], anchor="lm")
        y += size(30)
    draw_stall_supply(image, draw, shape, view, player, left, y + size(10))


def draw_stall_supply(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    shape: HandLayout,
    view: View,
    player: Mapping[str, Any],
    left: int,
    y: int,
) -> None:
    """The player's main stalls not yet on the board."""
    size = shape.size
    draw.text((left, y), shape.words("stalls_in_supply"), font=shape.font(18, bold=True), fill=UI["frame"])
    colour_ids = {colour: index for index, colour in enumerate(view.details.get("colours", []))}
    tile, x = size(30), left
    for colour in player.get("stalls_in_supply", []):
        letter = colour_letter(colour, shape.words)
        stall = stall_tile(colour, colour_ids.get(colour, 0), tile, letter=letter, main=True, inactive=False)
        image.paste(stall, (x, y + size(28)))
        x += tile + size(6)
    if not player.get("stalls_in_supply"):
        draw.text((left, y + size(30)), shape.words("all_built"), font=shape.font(16), fill=UI["ink_soft"])
