"""The private picture of Jambo: the viewer's own hand, and what only they are looking at.

Every card is drawn whole: its kind (colour and letter), its name, its text in short, and for a
ware card the wares it shows with its buy and sell prices. A card the other player knows is in
the hand (it was taken in view of both) is tagged "SEEN", and a line under the heading says what that means.
Card names and headings are drawn whole (wrapped or set smaller, never cut). Below the hand come the cards the viewer
alone is looking at: a card drawn in phase 1, a Scale's two, a Psychic's six, the other player's
hand seen with a Hyena, or the top of the deck known from a Psychic; and, when the viewer must
choose among them, the cards of a draft or an auction, whole.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engines.base import View
from render.fonts import font
from render.jambo.board import MAX_HEIGHT
from render.jambo.pieces import draw_card
from render.jambo.png_colours import PALETTE
from render.jambo.scene import name_of
from render.jambo.style import Theme, theme_for
from render.palette import UI
from render.png import encode_png
from render.text import fit_lines, wrap_text

TABLE_CHOICES = {
    "ape_pick": "On the table (Ape): take one",
    "lion_pick": "In the middle (Lion): take one",
    "bid_open": "Up for auction",
    "bid_raise": "Up for auction",
}
LOOKING = {
    "keep_or_discard": "Card drawn: keep it or discard it",
    "scale_choose": "Scale: keep one, give the other",
    "psychic_take": "Psychic: take one, the rest go back in this order",
}


def _section(draw: ImageDraw.ImageDraw, theme: Theme, text: str, y: int) -> int:
    """A heading, whole: wrapped onto a second line (or set smaller) rather than cut."""
    title, lines = fit_lines(text, theme.name, theme.width - 2 * theme.margin, max_lines=2, smallest=theme.small)
    for line in lines:
        draw.text((theme.margin, y), line, font=title, fill=UI["ink"])
        y += round(title.size * 1.25)
    return y + round(theme.name * 0.15)


def _cards(image: Image.Image, theme: Theme, cards: list[str], y: int, seen: list[str] | None = None) -> int:
    """``cards`` in a grid from ``y``; returns the y below. Cards in ``seen`` (a multiset) are tagged."""
    seen = list(seen or [])
    gap = 28 if theme.phone else 10  # phone: the cards well apart, so no line runs from one into the next
    columns = theme.hand_columns
    width = (theme.width - 2 * theme.margin - (columns - 1) * gap) // columns
    for index, card in enumerate(cards):
        row, column = divmod(index, columns)
        x0 = theme.margin + column * (width + gap)
        y0 = y + row * (theme.card_h + gap)
        tag = ""
        if card in seen:
            seen.remove(card)
            tag = "SEEN"
        draw_card(image, (x0, y0, x0 + width, y0 + theme.card_h), card, text_size=theme.small, tag=tag)
    rows = (len(cards) + columns - 1) // columns
    return y + rows * (theme.card_h + gap) + 6


def render_private(view: View, *, layout: str = "landscape") -> bytes | None:
    """The viewer's hand and private look, as PNG bytes; None for a spectator."""
    image = private_image(view, layout=layout)
    return None if image is None else encode_png(image, palette=PALETTE)


def private_image(view: View, *, layout: str = "landscape") -> Image.Image | None:
    """The picture ``render_private`` encodes (RGB); None for a spectator."""
    viewer = view.viewer
    if viewer is None:
        return None
    theme = theme_for(layout)
    image = Image.new("RGB", (theme.width, theme.sheet_height), UI["background"])
    bottom = _draw_hand(image, view, viewer, theme) + theme.margin
    if bottom > image.height and image.height < MAX_HEIGHT:  # a longer look than usual: draw it again, taller
        image = Image.new("RGB", (theme.width, MAX_HEIGHT), UI["background"])
        bottom = _draw_hand(image, view, viewer, theme) + theme.margin
    return image.crop((0, 0, theme.width, min(MAX_HEIGHT, bottom)))


def _draw_hand(image: Image.Image, view: View, viewer: int, theme: Theme) -> int:
    """Everything the viewer holds and looks at, from the top of ``image``; the y below it."""
    details = view.details
    me = details["players"][viewer]
    them = details["players"][1 - viewer]
    draw = ImageDraw.Draw(image)
    y = theme.margin
    hand = me["hand"] or []
    count = f"{len(hand)} card" if len(hand) == 1 else f"{len(hand)} cards"
    y = _section(draw, theme, f"{name_of(view, viewer)}'s hand: {count}, {me['gold']} gold", y)
    if hand:
        seen = me.get("known") or []
        if seen and any(card in hand for card in seen):
            note = f"SEEN: {name_of(view, 1 - viewer)} knows this card is in your hand"
            body = font(theme.small)
            for line in wrap_text(note, body, theme.width - 2 * theme.margin):
                draw.text((theme.margin, y), line, font=body, fill=UI["out"])
                y += round(theme.small * 1.25)
            y += 4
        y = _cards(image, theme, hand, y, seen=seen)
    else:
        draw.text((theme.margin, y), "No cards in hand.", font=font(theme.body), fill=UI["ink_soft"])
        y += round(theme.body * 1.6)
    decision = view.decision.code if view.decision is not None else ""
    if details.get("drawn"):
        y = _section(draw, theme, LOOKING.get(decision, "Cards you are looking at"), y + 6)
        y = _cards(image, theme, details["drawn"], y)
    other = name_of(view, 1 - viewer)
    known = them.get("known") or []
    if decision == "hyena_take" and view.to_move == viewer:
        y = _section(draw, theme, f"{other}'s hand (Hyena): take one card", y + 6)
        y = _cards(image, theme, known, y)
    elif known:
        y = _section(draw, theme, f"Cards you know in {other}'s hand ({them['hand_count']} in all)", y + 6)
        y = _cards(image, theme, known, y)
    if view.to_move == viewer and details["table_cards"] and decision in TABLE_CHOICES:
        y = _section(draw, theme, TABLE_CHOICES[decision], y + 6)
        y = _cards(image, theme, details["table_cards"], y)
    if details.get("deck_top"):
        y = _section(draw, theme, "Top of the deck, in order (your Psychic)", y + 6)
        y = _cards(image, theme, details["deck_top"], y)
    return y
