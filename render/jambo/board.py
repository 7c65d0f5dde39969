"""The public table of Jambo: both players' stands, gold, hands, utilities; the deck, discard pile, supply,
what lies in the middle (an auction, a pool, a card waiting for an answer) and whose decision it is.

``layout="landscape"``: the players on the left (the one across the table above), the middle of the
table on the right. ``"portrait"``: everything stacked. ``"phone"``: stacked, larger, no sentences. The
picture is drawn tall enough and cropped to what was drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.base import View
from render.fonts import font
from render.jambo.pieces import (
    draw_card,
    draw_card_back,
    draw_chip,
    draw_gold,
    draw_pips,
    draw_stand,
    draw_ware_counts,
    fee_coin,
    paste_token,
)
from render.jambo.png_colours import PALETTE
from render.jambo.scene import Seat, headline, name_of, seats
from render.jambo.style import KIND_COLOURS, TURN_BAND, WARE_STYLES, Theme, kind_letter, theme_for
from render.jambo.texts import card_title
from render.palette import RGB, UI, text_colour_on
from render.png import encode_png
from render.text import fit_text, wrap_text
from render.words import NO_WORDS, Words

Box = tuple[int, int, int, int]
MAX_HEIGHT = 3600
ACTIONS = 5


class Sheet:
    """An image being drawn, with the boxes of named places (to frame the highlighted ones)."""

    def __init__(self, width: int, height: int = MAX_HEIGHT, words: Words = NO_WORDS) -> None:
        self.words = words
        self.image = Image.new("RGB", (width, height), UI["background"])
        self.draw = ImageDraw.Draw(self.image)
        self.places: dict[str, Box] = {}
        self.bottom = 0

    def mark(self, place: str, box: Box) -> None:
        self.places[place] = box
        self.bottom = max(self.bottom, box[3])

    def frame(self, highlight: Sequence[str]) -> None:
        for place in highlight:
            if place in self.places:
                left, top, right, bottom = self.places[place]
                self.draw.rounded_rectangle(
                    [left - 4, top - 4, right + 4, bottom + 4], radius=10, outline=UI["highlight"], width=5
                )

    def fits(self, margin: int) -> bool:
        """Whether everything drawn, and ``margin`` below it, lies on this canvas (or it is as tall as allowed)."""
        return self.bottom + margin <= self.image.height or self.image.height >= MAX_HEIGHT

    def picture(self, margin: int) -> Image.Image:
        """What was drawn, cut ``margin`` pixels below the lowest place."""
        return self.image.crop((0, 0, self.image.width, min(MAX_HEIGHT, self.bottom + margin)))


# ---- the header ---------------------------------------------------------------------------------------------
def draw_header(sheet: Sheet, view: View, theme: Theme, y: int) -> int:
    draw, m = sheet.draw, theme.margin
    details = view.details
    height = round(theme.title * 1.8)
    draw.rectangle([0, y, sheet.image.width, y + height], fill=UI["frame"])
    title = font(theme.title, bold=True)
    name = sheet.words("title").upper()
    draw.text((m, y + height / 2), name, font=title, fill=UI["token_trim"], anchor="lm")
    x = m + round(title.getlength(name)) + 18
    right = sheet.image.width - m
    playing = view.outcome is None and details.get("stage") != "deal"
    if playing and theme.width >= 1000:
        right = _actions(sheet, view, theme, right, y, height)
    line = fit_text(headline(view, sheet.words), font(theme.name, bold=True), right - x)
    draw.text((x, y + height / 2), line, font=font(theme.name, bold=True), fill=UI["ink_light"], anchor="lm")
    if playing and theme.width < 1000:
        band = round(theme.body * 1.7)
        draw.rectangle([0, y + height, sheet.image.width, y + height + band], fill=UI["frame_edge"])
        _actions(sheet, view, theme, sheet.image.width - m, y + height, band)
        height += band
    sheet.mark("header", (0, y, sheet.image.width, y + height))
    return y + height


def _actions(sheet: Sheet, view: View, theme: Theme, right: int, y: int, height: int) -> int:
    """The actions of the turn as pips and words, right-aligned at ``right``; returns the x left of them."""
    details = view.details
    pip = round(theme.body * 0.95)
    pips_w = ACTIONS * (pip + 5)
    draw_pips(sheet.draw, right - pips_w, round(y + (height - pip) / 2), details["actions_used"], ACTIONS, pip)
    label = sheet.words("actions_left", count=details["actions_left"])
    if details.get("wise_men"):
        label = f"{sheet.words('wise_men', count=details['wise_men'])} · {label}"
    body = font(theme.small, bold=True)
    right -= pips_w + 10
    sheet.draw.text((right, y + height / 2), label, font=body, fill=UI["ink_light"], anchor="rm")
    return right - round(body.getlength(label)) - 14


# ---- a player -----------------------------------------------------------------------------------------------
def draw_player(sheet: Sheet, view: View, seat: Seat, theme: Theme, box_x: int, y: int, width: int) -> int:
    """One player's side of the table; returns the y below it."""
    top = y
    y = _name_row(sheet, view, seat, theme, box_x, y, width)
    y = _known_line(sheet, view, seat, theme, box_x, y, width)
    y = _stands(sheet, seat, theme, box_x, y, width)
    y = _utilities(sheet, seat, theme, box_x, y, width)
    y = _orders_line(sheet, seat, theme, box_x, y, width)
    sheet.mark(f"player:{seat.seat}", (box_x, top, box_x + width, y))
    return y


def _name_row(sheet: Sheet, view: View, seat: Seat, theme: Theme, box_x: int, y: int, width: int) -> int:
    """Name, gold and hand size, with tags at the right (below, when they do not fit); banded when to move."""
    draw, data = sheet.draw, seat.data
    row_h = round(theme.name * 1.7)
    name_font, body = font(theme.name, bold=True), font(theme.body, bold=True)
    coin = round(theme.name * 1.1)
    back_w = round(coin * 0.75)
    name = fit_text(seat.name, name_font, width * 0.38)
    hand_text = sheet.words("in_hand", count=data["hand_count"])
    gold_w = coin + 10 + round(font(round(coin * 0.9), bold=True).getlength(str(data["gold"])))
    hand_end = (
        box_x + 4 + round(name_font.getlength(name)) + 32 + gold_w + back_w + 14 + round(body.getlength(hand_text))
    )
    tags = [sheet.words(f"tag:{tag}") for tag in _tags(view, seat)]
    tag_y = y + row_h if box_x + width - _tags_width(tags, theme) < hand_end + 8 else y
    if seat.to_move:
        draw.rounded_rectangle([box_x - 6, y, box_x + width + 6, tag_y + row_h], radius=10, fill=TURN_BAND)
    x = box_x + 4
    draw.text((x, y + row_h / 2), name, font=name_font, fill=UI["ink_soft" if seat.left else "ink"], anchor="lm")
    x += round(name_font.getlength(name)) + 16
    x_after = draw_gold(draw, x, round(y + (row_h - coin) / 2), data["gold"], coin, sheet.words)
    sheet.mark(f"gold:{seat.seat}", (x, y + 4, x_after, y + row_h - 4))
    x = x_after + 16
    back = (x, round(y + (row_h - coin) / 2), x + back_w, round(y + (row_h + coin) / 2))
    draw_card_back(sheet.image, back)
    apart = 14 if theme.phone else 6  # phone: the card's back apart from "×4", not read with it as one word
    draw.text((x + back_w + apart, y + row_h / 2), hand_text, font=body, fill=UI["ink"], anchor="lm")
    sheet.mark(f"hand:{seat.seat}", (x, back[1], hand_end, back[3]))
    _draw_tags(sheet, tags, theme, box_x + width, tag_y, row_h)
    return tag_y + row_h + 6


def _tags_width(tags: list[str], theme: Theme) -> int:
    return sum(round(font(theme.small, bold=True).getlength(t)) + 20 for t in tags)


def _draw_tags(sheet: Sheet, tags: list[str], theme: Theme, right: int, y: int, row_h: int) -> None:
    tag_font = font(theme.small, bold=True)
    for text in reversed(tags):
        w = round(tag_font.getlength(text)) + 14
        sheet.draw.rounded_rectangle([right - w, y + 8, right, y + row_h - 8], radius=8, fill=UI["frame"])
        sheet.draw.text((right - w / 2, y + row_h / 2), text, font=tag_font, fill=UI["ink_light"], anchor="mm")
        right -= w + 6


def _tags(view: View, seat: Seat) -> list[str]:
    details = view.details
    tags = []
    if view.outcome is not None and seat.seat in view.outcome.winners:
        tags.append("winner")
    if seat.left:
        tags.append("left")
    elif seat.to_move:
        tags.append("to_move")
    if details.get("trigger_seat") is not None and view.outcome is None:
        tags.append("goal" if details["trigger_seat"] == seat.seat else "last_turn")
    if view.viewer == seat.seat:
        tags.append("you")
    return tags


def _known_line(sheet: Sheet, view: View, seat: Seat, theme: Theme, x: int, y: int, width: int) -> int:
    known = seat.data.get("known") or []
    if not known or view.viewer == seat.seat or view.viewer is None:
        return y
    text = sheet.words("known_in_hand", cards=", ".join(card_title(c, sheet.words) for c in known))
    for line in wrap_text(text, font(theme.small), width)[:2]:
        sheet.draw.text((x + 4, y), line, font=font(theme.small), fill=UI["ink_soft"])
        y += round(theme.small * 1.25)
    return y + 2


def _stands(sheet: Sheet, seat: Seat, theme: Theme, left: int, y: int, width: int) -> int:
    data, token = seat.data, theme.token
    wares = seat.wares
    large = data["large"]
    smalls = data["small_stands"]
    capacity = data["spaces"]
    over = wares[capacity:] if len(wares) > capacity else []
    placed = wares[: len(wares) - len(over)]
    on_large, on_small = placed[:large], placed[large:]
    label = font(theme.small, bold=True)
    sheet.draw.text((left + 4, y), sheet.words("stands"), font=label, fill=_label_ink(theme))
    y += round(theme.small * 1.3)
    top, x, row_bottom = y, left + 4, y
    pieces = [(on_large, 6, True)] + [(on_small[i * 3 : i * 3 + 3], 3, False) for i in range(smalls)]
    for tokens, spaces, is_large in pieces:
        stand_w = 12 + spaces * token + (spaces - 1) * 4
        if x + stand_w > left + width:
            x, y = left + 4, row_bottom + 8
        draw_stand(sheet.image, x, y, tokens, spaces, token, sheet.words, large=is_large)
        x += stand_w + 12
        row_bottom = max(row_bottom, y + token + 12)
    if over:
        note = font(theme.small, bold=True)
        if x + 140 > left + width:
            x, y = left + 4, row_bottom + 8
        no_room = sheet.words("no_room")
        sheet.draw.text((x, y + token / 2 + 6), no_room, font=note, fill=UI["out"], anchor="lm")
        x += round(note.getlength(no_room)) + 6
        for ware in over:
            paste_token(sheet.image, ware, x, y + 6, token, sheet.words)
            x += token + 4
        row_bottom = max(row_bottom, y + token + 12)
    sheet.mark(f"stand:{seat.seat}", (left, top, left + width, row_bottom))
    return row_bottom + 8


def _label_ink(theme: Theme) -> RGB:
    """A player's headings (Stands, Utilities): soft, except on the phone, where soft ink was lost 360 px wide."""
    return UI["ink"] if theme.phone else UI["ink_soft"]


def _utilities(sheet: Sheet, seat: Seat, theme: Theme, left: int, y: int, width: int) -> int:
    cards = seat.data["utilities"]
    label = font(theme.small, bold=True)
    sheet.draw.text((left + 4, y), sheet.words("utilities", count=len(cards)), font=label, fill=_label_ink(theme))
    y += round(theme.small * 1.3)
    if not cards:
        sheet.draw.text((left + 4, y), sheet.words("no_utilities"), font=font(theme.small), fill=UI["ink_soft"])
        sheet.mark(f"utilities:{seat.seat}", (left, y, left + width, y + theme.small))
        return y + round(theme.small * 1.6)
    per_row = max(1, (width + 10) // (theme.mini_w + 10))
    height = round(theme.small * 3.5) if theme.phone else theme.mini_h  # phone: the name alone (under a tag)
    top = y
    for index, card in enumerate(cards):
        row, col = divmod(index, per_row)
        x0 = left + 4 + col * (theme.mini_w + 10)
        y0 = y + row * (height + 8)
        draw_card(
            sheet.image,
            (x0, y0, x0 + theme.mini_w, y0 + height),
            card["card"],
            sheet.words,
            text_size=theme.small if theme.phone else theme.small - 2,
            used=card["used"],
            tag=sheet.words("used") if card["used"] else "",
            brief=theme.phone,
        )
    rows = (len(cards) + per_row - 1) // per_row
    bottom = y + rows * (height + 8)
    sheet.mark(f"utilities:{seat.seat}", (left, top, left + width, bottom))
    return bottom + 4


def _orders_line(sheet: Sheet, seat: Seat, theme: Theme, left: int, y: int, width: int) -> int:
    orders, words = seat.data["orders"], sheet.words
    modes = set(orders["guard"].values())
    if len(modes) == 1:
        guard = words(f"guard:{modes.pop()}")
    else:
        some = [words(f"guard_card:{m}", card=card_title(a, words)) for a, m in orders["guard"].items() if m != "ask"]
        guard = words("guard_some", cards=", ".join(some))
    rain = words(f"rain:{orders['rain']}", count=orders["rain_min"])
    text = words("orders", guard=guard, rain=rain)
    small = font(theme.small)
    for line in wrap_text(text, small, width)[:2]:
        sheet.draw.text((left + 4, y), line, font=small, fill=UI["ink_soft"])
        y += round(theme.small * 1.25)
    return y + 6


# ---- the middle of the table --------------------------------------------------------------------------------
def draw_middle(sheet: Sheet, view: View, theme: Theme, left: int, y: int, width: int) -> int:
    y = _deck_and_discard(sheet, view, theme, left, y, width)
    y = _supply(sheet, view, theme, left, y, width)
    y = _table(sheet, view, theme, left, y, width)
    y = _to_move(sheet, view, theme, left, y, width)
    return _legend(sheet, theme, left, y, width)


def _heading(sheet: Sheet, theme: Theme, text: str, x: int, y: int) -> int:
    sheet.draw.text((x, y), text, font=font(theme.body, bold=True), fill=UI["ink"])
    return y + round(theme.body * 1.35)


def _deck_and_discard(sheet: Sheet, view: View, theme: Theme, left: int, y: int, width: int) -> int:
    details = view.details
    card_h = round(theme.mini_h * 1.25) if theme.phone else theme.mini_h  # phone: room for a two-line name
    back_w = round(theme.mini_h * 0.72)
    deck_box = (left, y, left + back_w, y + card_h)
    # phone: the count under the deck, as the discard pile's is (white on the back was lost when small)
    draw_card_back(sheet.image, deck_box, "" if theme.phone else str(details["deck_count"]), theme.body)
    sheet.mark("deck", deck_box)
    label = font(theme.small)
    if theme.phone:
        sheet.draw.text(
            (left, y + card_h + 4),
            sheet.words("deck_count", count=details["deck_count"]),
            font=label,
            fill=UI["ink_soft"],
        )
    else:
        sheet.draw.text(
            (left + back_w / 2, y + card_h + 4), sheet.words("deck"), font=label, fill=UI["ink_soft"], anchor="ma"
        )
    apart = 64 if theme.phone else 12  # phone: room for the deck's label under it, clear of the pile's
    x = left + back_w + apart
    # phone: the discard pile's top card wider, its prices in body type (smaller, "Buy 5" was lost 360 px wide)
    discard_w = min(round(theme.mini_w * 1.45) if theme.phone else theme.mini_w, width - back_w - apart)
    discard_box = (x, y, x + discard_w, y + card_h)
    if details["discard"]:
        text_size = theme.small if theme.phone else theme.small - 2
        draw_card(sheet.image, discard_box, details["discard"][-1], sheet.words, text_size=text_size, brief=theme.phone)
    else:
        sheet.draw.rounded_rectangle(discard_box, radius=10, outline=UI["ink_soft"], width=2)
        sheet.draw.text(
            ((discard_box[0] + discard_box[2]) / 2, y + card_h / 2),
            sheet.words("empty"),
            font=label,
            fill=UI["ink_soft"],
            anchor="mm",
        )
    sheet.mark("discard", discard_box)
    sheet.draw.text(
        (x + discard_w / 2, y + card_h + 4),
        sheet.words("discard_count", count=details["discard_count"]),
        font=label,
        fill=UI["ink_soft"],
        anchor="ma",
    )
    y += card_h + round(theme.small * 1.5)
    if details.get("deck_top_count"):
        seer = name_of(view, details["deck_seer"], sheet.words)
        text = sheet.words.count("deck_top", details["deck_top_count"], name=seer)
        for line in wrap_text(text, label, width):
            sheet.draw.text((left, y), line, font=label, fill=UI["ink_soft"])
            y += round(theme.small * 1.25)
    return y + 6


def _supply(sheet: Sheet, view: View, theme: Theme, left: int, y: int, width: int) -> int:
    y = _heading(sheet, theme, sheet.words("supply"), left, y)
    supply = view.details["supply"]
    token = round(theme.token * 0.8)
    per_row = 3 if width < 560 else 6
    items = list(supply.items())
    for start in range(0, len(items), per_row):
        draw_ware_counts(sheet.image, dict(items[start : start + per_row]), left, y, token, theme.body, sheet.words)
        y += token + 6
    return y + 6


def _table(sheet: Sheet, view: View, theme: Theme, left: int, y: int, width: int) -> int:
    details = view.details
    cards, wares = details["table_cards"], {w: n for w, n in details["table_wares"].items() if n}
    auction, pending = details.get("auction"), details.get("pending_card")
    if not (cards or wares or auction or pending):
        return y
    top = y
    y = _heading(sheet, theme, sheet.words(f"table:{_table_title(view)}"), left, y)
    if auction:
        bid = auction["bid"]
        bidder = name_of(view, auction["bidder_seat"], sheet.words)
        text = sheet.words("high_bid", gold=bid, name=bidder) if bid else sheet.words("no_bid")
        sheet.draw.text((left, y), text, font=font(theme.body, bold=True), fill=UI["frame"])
        y += round(theme.body * 1.4)
    if pending and not cards:
        card_w = min(theme.mini_w, width)
        draw_card(
            sheet.image,
            (left, y, left + card_w, y + theme.mini_h),
            pending,
            sheet.words,
            text_size=theme.small - 2,
            brief=theme.phone,
        )
        y += theme.mini_h + 8
        target = details.get("pending_target")
        if target:
            named = sheet.words(f"ware:{target}") if target in WARE_STYLES else card_title(target, sheet.words)
            words = sheet.words("on", target=named)
            sheet.draw.text((left, y), words, font=font(theme.body, bold=True), fill=UI["frame"])
            if target in WARE_STYLES:
                spot = left + round(font(theme.body, bold=True).getlength(words)) + 8
                paste_token(sheet.image, target, spot, y - 4, round(theme.body * 1.3), sheet.words)
            y += round(theme.body * 1.5)
    if cards and auction:
        y = _lot_cards(sheet, cards, theme, left, y, width)
        cards = []
    if cards:
        x, row_h = left, round(theme.small * 1.5) + 6
        for card in cards:
            chip = round(font(theme.small, bold=True).getlength(card_title(card, sheet.words))) + 40
            if x + chip > left + width:
                x, y = left, y + row_h
            x += draw_chip(sheet.draw, x, y, card, theme.small, sheet.words) + 6
        y += row_h + 4
    if wares:
        draw_ware_counts(sheet.image, wares, left, y, round(theme.token * 0.8), theme.body, sheet.words)
        y += round(theme.token * 0.8) + 8
    sheet.mark("table", (left, top, left + width, y))
    return y + 4


def _lot_cards(sheet: Sheet, cards: list[str], theme: Theme, left: int, y: int, width: int) -> int:
    """An auction's cards, each readable (two a row)."""
    card_w = (width - 8) // 2
    for index, card in enumerate(cards):
        row, column = divmod(index, 2)
        x0, y0 = left + column * (card_w + 8), y + row * (theme.mini_h + 8)
        draw_card(
            sheet.image,
            (x0, y0, x0 + card_w, y0 + theme.mini_h),
            card,
            sheet.words,
            text_size=theme.small - 3,
            brief=theme.phone,
        )
    return y + ((len(cards) + 1) // 2) * (theme.mini_h + 8)


def _table_title(view: View) -> str:
    steps = view.details.get("steps", [])
    kinds = {step["kind"] for step in steps}
    if "auction" in kinds:
        return "auction"
    if "pick" in kinds or "trim" in kinds:
        return "middle"
    if "rain" in kinds:
        return "ware_card"
    if "guard" in kinds:
        return "animal"
    if "supplies" in kinds or any(step.get("dest") == "reveal" for step in steps):
        return "supplies"
    return "table"


def _to_move(sheet: Sheet, view: View, theme: Theme, left: int, y: int, width: int) -> int:
    words = sheet.words
    if view.outcome is not None:
        scores = ", ".join(f"{name_of(view, s, words)} {g}" for s, g in enumerate(view.outcome.scores))
        lines = [words("final_gold", scores=scores)]
    elif view.to_move is None or view.to_move < 0 or view.decision is None:
        lines = [words("deck_dealing")]
    else:
        lines = [words("to_move", name=name_of(view, view.to_move, words)), words(f"decision:{view.decision.code}")]
    box_top = y
    body = font(theme.body, bold=True)
    wrapped = [part for line in lines for part in wrap_text(line, body, width - 20)]
    height = len(wrapped) * round(theme.body * 1.3) + 16
    sheet.draw.rounded_rectangle(
        [left, y, left + width, y + height], radius=10, fill=TURN_BAND, outline=UI["frame"], width=2
    )
    y += 8
    for line in wrapped:
        sheet.draw.text((left + 10, y), line, font=body, fill=UI["ink"])
        y += round(theme.body * 1.3)
    sheet.mark("to_move", (left, box_top, left + width, box_top + height))
    return box_top + height + 10


def _legend(sheet: Sheet, theme: Theme, left: int, y: int, width: int) -> int:
    """The wares' tokens and the card kinds' letters, drawn once per layout and pasted."""
    picture, height = legend_picture(theme, width, sheet.words)
    sheet.image.paste(picture, (left, y))
    sheet.mark("legend", (left, y + height - 2, left + width, y + height))
    return y + height


@lru_cache(maxsize=4)
def legend_picture(theme: Theme, width: int, words: Words) -> tuple[Image.Image, int]:
    """The legend on the table's background, and the height its lines take (the picture has room for descenders)."""
    small = font(theme.small)
    token = round(theme.small * 1.3)
    picture = Image.new("RGB", (width, 9 * (token + 6) + 4 * round(theme.small * 1.25)), UI["background"])
    draw = ImageDraw.Draw(picture)
    x, y, row_h = 0, 0, token + 6
    gap = max(4, theme.small // 3)  # a mark and its word apart: not read as one word
    ink = UI["ink"] if theme.phone else UI["ink_soft"]
    for ware in WARE_STYLES:
        text = words(f"ware:{ware}")  # the token carries the letter
        item = token + gap + round(small.getlength(text)) + 18
        if x + item > width:
            x, y = 0, y + row_h
        paste_token(picture, ware, x, y, token, words)
        draw.text((x + token + gap, y + token / 2), text, font=small, fill=ink, anchor="lm")
        x += item
    x, y = 0, y + row_h
    for kind in KIND_COLOURS:  # each card kind: its band's colour with its letter, and its name
        text, letter = words(f"kind:{kind}"), kind_letter(kind, words)
        item = token + gap + round(small.getlength(text)) + 18
        if x + item > width:
            x, y = 0, y + row_h
        draw.rounded_rectangle([x, y + 2, x + token - 4, y + token - 2], radius=6, fill=KIND_COLOURS[kind])
        badge = font(round(token * 0.6), bold=True)
        colour = text_colour_on(KIND_COLOURS[kind])
        draw.text((x + (token - 4) / 2, y + token / 2), letter, font=badge, fill=colour, anchor="mm")
        draw.text((x + token + gap, y + token / 2), text, font=small, fill=ink, anchor="lm")
        x += item
    x, y = 0, y + row_h
    fee = fee_coin(token)
    picture.paste(fee, (0, y), fee)
    note = words("fee_note")
    lines = wrap_text(note, small, width - token - gap)
    line_h = round(theme.small * 1.25)
    top = y + (token - line_h * len(lines)) / 2 if len(lines) == 1 else y
    for index, line in enumerate(lines):
        draw.text((token + gap, top + index * line_h + line_h / 2), line, font=small, fill=ink, anchor="lm")
    y += max(row_h, len(lines) * line_h + 6)
    return picture.crop((0, 0, width, min(picture.height, y + round(theme.small * 0.5)))), y


# ---- the phone layout ---------------------------------------------------------------------------------------
def _draw_phone(sheet: Sheet, view: View, highlight: Sequence[str], theme: Theme) -> Sheet:
    """The table for a phone: each player (name, gold, cards in hand, stands, utilities by name), then the
    middle (deck, discard, supply, what lies on the table) and the wares' legend, in type that reads 360 px
    wide. No sentences: whose turn it is and what they must do, the orders and the card texts go in the message."""
    m = theme.margin
    width = theme.width - 2 * m
    y = m
    for seat in seats(view, sheet.words):
        top = y
        y = _name_row(sheet, view, seat, theme, m, y, width)
        y = _known_line(sheet, view, seat, theme, m, y, width)
        y = _stands(sheet, seat, theme, m, y, width)
        y = _utilities(sheet, seat, theme, m, y, width)
        sheet.mark(f"player:{seat.seat}", (m, top, m + width, y))
        sheet.draw.line([m, y + m // 2, m + width, y + m // 2], fill=UI["panel_edge"], width=3)
        y += m
    y = _deck_and_discard(sheet, view, theme, m, y, width)
    y = _supply(sheet, view, theme, m, y, width)
    y = _table(sheet, view, theme, m, y, width)
    _legend(sheet, theme, m, y, width)
    sheet.frame(highlight)
    return sheet


# ---- the whole picture --------------------------------------------------------------------------------------
def render_board(
    view: View, *, highlight: Sequence[str] = (), layout: str = "landscape", words: Words = NO_WORDS
) -> bytes:
    """The public table as ``view.viewer`` sees it, as PNG bytes, its words from ``words``."""
    return encode_png(board_image(view, highlight=highlight, layout=layout, words=words), palette=PALETTE)


def board_image(
    view: View, *, highlight: Sequence[str] = (), layout: str = "landscape", words: Words = NO_WORDS
) -> Image.Image:
    """The picture ``render_board`` encodes, as an RGB Pillow image."""
    theme = theme_for(layout)
    sheet = _draw_table(Sheet(theme.width, theme.sheet_height, words), view, highlight, layout)
    if not sheet.fits(theme.margin):
        sheet = _draw_table(Sheet(theme.width, words=words), view, highlight, layout)
    return sheet.picture(theme.margin)


def _draw_table(sheet: Sheet, view: View, highlight: Sequence[str], layout: str) -> Sheet:
    theme = theme_for(layout)
    m = theme.margin
    if layout == "phone":
        return _draw_phone(sheet, view, highlight, theme)
    y = draw_header(sheet, view, theme, 0) + m
    if layout == "portrait":
        width = theme.width - 2 * m
        for seat in seats(view, sheet.words):
            y = draw_player(sheet, view, seat, theme, m, y, width) + m
        draw_middle(sheet, view, theme, m, y, width)
    else:
        middle_w = 380
        players_w = theme.width - middle_w - 3 * m
        top = y
        for seat in seats(view, sheet.words):
            y = draw_player(sheet, view, seat, theme, m, y, players_w) + m
            sheet.draw.line([m, y - m // 2, m + players_w, y - m // 2], fill=UI["panel_edge"], width=2)
        x = 2 * m + players_w
        sheet.draw.line([x - m // 2, top, x - m // 2, max(y, top + 200)], fill=UI["panel_edge"], width=2)
        draw_middle(sheet, view, theme, x, top, middle_w)
    sheet.frame(highlight)
    return sheet
