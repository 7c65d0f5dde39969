"""The private Kairo hand image (``/cairo hand``): the viewer's building cards, coins, charlatans, medals, score.

Drawn from ``view["viewer"]`` and that player's own entry; a view without a viewer (a spectator)
or without that player's hand (someone else's view) is refused with a ``GameError``, so nothing
private can be drawn for the wrong person.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from engines.base import GameError
from render.cairo_cards import draw_card
from render.cairo_panel import medal_chip, player_name
from render.cairo_pieces import coin_sprite, seal_sprite, stall_tile
from render.fonts import font
from render.palette import UI
from render.png import encode_png
from render.text import fit_text
from render.widgets import paste_sprite

HAND_WIDTH = 960
PAD = 24
CARD_GAP = 16
MAX_CARD_WIDTH = 170
COIN_ROW = 34
CARDS_TOP = 132


def own_entry(view: Mapping[str, Any]) -> dict[str, Any]:
    """The viewer's own player entry with its private fields; GameError when the view has none."""
    viewer = view.get("viewer")
    if not isinstance(viewer, int):
        raise GameError("Only a player has a hand: this view is a spectator's.")
    players = view.get("players", [])
    entry = next((player for player in players if player.get("seat") == viewer), None)
    if entry is None or entry.get("hand") is None or entry.get("coins") is None:
        raise GameError("This view does not hold that player's hand.")
    return dict(entry)


def render_hand(view: Mapping[str, Any]) -> bytes:
    """The viewer's private hand as PNG bytes; GameError for a spectator's or another seat's view."""
    player = own_entry(view)
    hand = list(player["hand"])
    card_width, card_height = _card_size(len(hand))
    height = CARDS_TOP + card_height + 64 + _lower_height(view)
    image = Image.new("RGB", (HAND_WIDTH, height), UI["background"])
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        [8, 8, HAND_WIDTH - 8, height - 8], radius=16, fill=UI["panel"], outline=UI["panel_edge"], width=2
    )
    _draw_title(image, draw, view, player)
    _draw_cards(image, draw, view, hand, (card_width, card_height))
    _draw_card_note(draw, CARDS_TOP + card_height + 12)
    lower = CARDS_TOP + card_height + 52
    _draw_coins(image, draw, view, player, lower)
    _draw_extras(image, draw, view, player, lower)
    return encode_png(image)


def _card_size(count: int) -> tuple[int, int]:
    """Card width and height so ``count`` cards (at least 4 places) fit in one row."""
    places = max(4, count)
    width = min(MAX_CARD_WIDTH, (HAND_WIDTH - 2 * PAD - CARD_GAP * (places - 1)) // places)
    return width, round(width * 1.3)


def _lower_height(view: Mapping[str, Any]) -> int:
    """Height of the coins section (the taller of the two lower columns)."""
    return 44 + COIN_ROW * len(view.get("colours", [])) + 56


def _draw_title(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any], player: Mapping[str, Any]
) -> None:
    """Seal, "Your hand — name", and the score on the right."""
    seat = player["seat"]
    paste_sprite(image, seal_sprite(seat, 48), (PAD + 26, 50))
    title = f"Your hand — {player_name(view, seat)}"
    draw.text(
        (PAD + 62, 50), fit_text(title, font(28, bold=True), 600), font=font(28, bold=True), fill=UI["ink"], anchor="lm"
    )
    draw.text(
        (HAND_WIDTH - PAD - 8, 50),
        f"{player.get('score', 0)} pts",
        font=font(28, bold=True),
        fill=UI["frame"],
        anchor="rm",
    )
    draw.text((PAD + 62, 80), "private: only you can see this", font=font(15), fill=UI["ink_soft"], anchor="lm")


def _draw_cards(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any], hand: list[str], size: tuple[int, int]
) -> None:
    """The building cards in one row, or a note when the hand is empty."""
    _width, height = size
    heading = f"Building cards ({len(hand)})"
    draw.text((PAD, CARDS_TOP - 6), heading, font=font(18, bold=True), fill=UI["frame"], anchor="lb")
    if not hand:
        draw.text(
            (PAD, CARDS_TOP + height / 2),
            "No building cards: take 2 cards on your turn.",
            font=font(20),
            fill=UI["ink_soft"],
            anchor="lm",
        )
        return
    for index, card in enumerate(hand):
        draw_card(image, hand_card_box(index, len(hand)), card, view)


def hand_card_box(index: int, count: int) -> tuple[int, int, int, int]:
    """The pixel box of card ``index`` of a hand of ``count`` cards."""
    width, height = _card_size(count)
    left = PAD + index * (width + CARD_GAP)
    return (left, CARDS_TOP, left + width, CARDS_TOP + height)


def _draw_card_note(draw: ImageDraw.ImageDraw, y: int) -> None:
    """How building cards are played, in one line under the cards."""
    note = "A card builds in its sector · WILD: its zone, for 1 coin of any colour · any 3 cards: anywhere"
    draw.text((PAD, y), fit_text(note, font(15), HAND_WIDTH - 2 * PAD), font=font(15), fill=UI["ink_soft"])


def _draw_coins(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any], player: Mapping[str, Any], top: int
) -> None:
    """Coin value per colour (swatch with pattern and letter, colour name, value), then the total."""
    draw.text((PAD, top), "Coins (value per colour)", font=font(18, bold=True), fill=UI["frame"])
    y = top + 34
    coins = player.get("coins") or {}
    for colour_id, colour in enumerate(view.get("colours", [])):
        paste_sprite(image, coin_sprite(colour, colour_id, COIN_ROW - 4), (PAD + COIN_ROW / 2, y + COIN_ROW / 2))
        draw.text((PAD + COIN_ROW + 6, y + COIN_ROW / 2), colour, font=font(19, bold=True), fill=UI["ink"], anchor="lm")
        draw.text(
            (PAD + 220, y + COIN_ROW / 2),
            str(coins.get(colour, 0)),
            font=font(22, bold=True),
            fill=UI["ink"],
            anchor="rm",
        )
        y += COIN_ROW
    total = player.get("coin_value", sum(coins.values()))
    draw.line([(PAD, y + 4), (PAD + 224, y + 4)], fill=UI["panel_edge"], width=2)
    draw.text((PAD, y + 22), "total", font=font(19, bold=True), fill=UI["ink"], anchor="lm")
    draw.text((PAD + 220, y + 22), str(total), font=font(22, bold=True), fill=UI["ink"], anchor="rm")
    draw.text((PAD + 232, y + 22), f"(= {total // 3} pts at the end)", font=font(15), fill=UI["ink_soft"], anchor="lm")


def _draw_extras(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any], player: Mapping[str, Any], top: int
) -> None:
    """Charlatans, medals held and main stalls still in supply, in the right-hand column."""
    left = HAND_WIDTH // 2 + 20
    draw.text((left, top), "Charlatans", font=font(18, bold=True), fill=UI["frame"])
    draw.text(
        (left, top + 30),
        f"{player.get('charlatans', 0)} card(s): each skips the nearest free entrance",
        font=font(16),
        fill=UI["ink"],
    )
    y = top + 74
    draw.text((left, y), "Medals", font=font(18, bold=True), fill=UI["frame"])
    y += 32
    medals = player.get("medals") or []
    colour_ids = {colour: index for index, colour in enumerate(view.get("colours", []))}
    if not medals:
        draw.text((left, y), "none yet", font=font(16), fill=UI["ink_soft"])
        y += 28
    for colour, metal in medals:
        paste_sprite(image, medal_chip(colour, colour_ids.get(colour, 0), metal, 26), (left + 13, y + 13))
        draw.text((left + 34, y + 13), f"{metal} · {colour}", font=font(16, bold=True), fill=UI["ink"], anchor="lm")
        y += 30
    _draw_stall_supply(image, draw, view, player, left, y + 10)


def _draw_stall_supply(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any], player: Mapping[str, Any], left: int, y: int
) -> None:
    """The player's main stalls not yet on the board."""
    draw.text((left, y), "Main stalls in supply", font=font(18, bold=True), fill=UI["frame"])
    colour_ids = {colour: index for index, colour in enumerate(view.get("colours", []))}
    x = left
    for colour in player.get("stalls_in_supply", []):
        image.paste(stall_tile(colour, colour_ids.get(colour, 0), 30, main=True, inactive=False), (x, y + 28))
        x += 36
    if not player.get("stalls_in_supply"):
        draw.text((left, y + 30), "all built", font=font(16), fill=UI["ink_soft"])
