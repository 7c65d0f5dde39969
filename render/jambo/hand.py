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
from render.words import NO_WORDS, Words

TABLE_CHOICES = frozenset({"ape_pick", "lion_pick", "bid_open", "bid_raise"})
"""Decisions among the cards in the middle, shown whole under the hand (headed ``choice:<decision>``)."""
LOOKING = frozenset({"keep_or_discard", "scale_choose", "psychic_take"})
"""Decisions about cards the viewer alone looks at (headed ``looking:<decision>``; else ``looking``)."""


def _section(draw: ImageDraw.ImageDraw, theme: Theme, text: str, y: int) -> int:
    """A heading, whole: wrapped onto a second line (or set smaller) rather than cut."""
    title, lines = fit_lines(text, theme.name, theme.width - 2 * theme.margin, max_lines=2, smallest=theme.small)
    for line in lines:
        draw.text((theme.margin, y), line, font=title, fill=UI["ink"])
        y += round(title.size * 1.25)
    return y + round(theme.name * 0.15)


def _cards(
    image: Image.Image, theme: Theme, words: Words, cards: list[str], y: int, seen: list[str] | None = None
) -> int:
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
            tag = words("seen")
        draw_card(image, (x0, y0, x0 + width, y0 + theme.card_h), card, words, text_size=theme.small, tag=tag)
    rows = (len(cards) + columns - 1) // columns
    return y + rows * (theme.card_h + gap) + 6


def render_private(view: View, *, layout: str = "landscape", words: Words = NO_WORDS) -> bytes | None:
    """The viewer's hand and private look, as PNG bytes; None for a spectator."""
    image = private_image(view, layout=layout, words=words)
    return None if image is None else encode_png(image, palette=PALETTE)


def private_image(view: View, *, layout: str = "landscape", words: Words = NO_WORDS) -> Image.Image | None:
    """The picture ``render_private`` encodes (RGB); None for a spectator."""
    viewer = view.viewer
    if viewer is None:
        return None
    theme = theme_for(layout)
    image = Image.new("RGB", (theme.width, theme.sheet_height), UI["background"])
    bottom = _draw_hand(image, view, viewer, theme, words) + theme.margin
    if bottom > image.height and image.height < MAX_HEIGHT:  # a longer look than usual: draw it again, taller
        image = Image.new("RGB", (theme.width, MAX_HEIGHT), UI["background"])
        bottom = _draw_hand(image, view, viewer, theme, words) + theme.margin
    return image.crop((0, 0, theme.width, min(MAX_HEIGHT, bottom)))


def _draw_hand(image: Image.Image, view: View, viewer: int, theme: Theme, words: Words) -> int:
    """Everything the viewer holds and looks at, from the top of ``image``; the y below it."""
    details = view.details
    me = details["players"][viewer]
    them = details["players"][1 - viewer]
    draw = ImageDraw.Draw(image)
    y = theme.margin
    hand = me["hand"] or []
    count = words.count("cards", len(hand))
    y = _section(draw, theme, words("hand_title", name=name_of(view, viewer, words), cards=count, gold=me["gold"]), y)
    if hand:
        seen = me.get("known") or []
        if seen and any(card in hand for card in seen):
            note = words("seen_note", name=name_of(view, 1 - viewer, words))
            body = font(theme.small)
            for line in wrap_text(note, body, theme.width - 2 * theme.margin):
                draw.text((theme.margin, y), line, font=body, fill=UI["out"])
                y += round(theme.small * 1.25)
            y += 4
        y = _cards(image, theme, words, hand, y, seen=seen)
    else:
        draw.text((theme.margin, y), words("no_cards"), font=font(theme.body), fill=UI["ink_soft"])
        y += round(theme.body * 1.6)
    decision = view.decision.code if view.decision is not None else ""
    if details.get("drawn"):
        heading = words(f"looking:{decision}") if decision in LOOKING else words("looking")
        y = _section(draw, theme, heading, y + 6)
        y = _cards(image, theme, words, details["drawn"], y)
    other = name_of(view, 1 - viewer, words)
    known = them.get("known") or []
    if decision == "hyena_take" and view.to_move == viewer:
        y = _section(draw, theme, words("hyena", name=other), y + 6)
        y = _cards(image, theme, words, known, y)
    elif known:
        y = _section(draw, theme, words("known_cards", name=other, count=them["hand_count"]), y + 6)
        y = _cards(image, theme, words, known, y)
    if view.to_move == viewer and details["table_cards"] and decision in TABLE_CHOICES:
        y = _section(draw, theme, words(f"choice:{decision}"), y + 6)
        y = _cards(image, theme, words, details["table_cards"], y)
    if details.get("deck_top"):
        y = _section(draw, theme, words("deck_top_mine"), y + 6)
        y = _cards(image, theme, words, details["deck_top"], y)
    return y
