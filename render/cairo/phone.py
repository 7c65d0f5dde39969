"""The phone layout of the Kairo board (``layout="phone"``): the souk alone, written large, and below it a legend
of the merchants and the face-up building cards.

What a game's thread is posted with, drawn for a phone that shows it 360 pixels wide: the board spans the
whole picture (840 pixels), so its squares are as large as they can be; the only words are what must sit on the
board (coordinates, the queue's squares, the entrance and the waiting customer's tray, the sector codes the
cards name) and, under it, each merchant's seal (shape and seat number, as on their stalls' badges), name and
score in 40-pixel type. Whose turn it is, what just happened, the standings in full, coins and the supply
table are text by nature: the bot writes them in the message.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engines.base import View
from render.cairo.cards import CARD_EDGE, CARD_PAPER, card_face, draw_empty_slot, draw_sector_map
from render.cairo.geometry import PHONE, Frame
from render.cairo.panel import deciding_seat, player_name
from render.cairo.pieces import seal_sprite
from render.fonts import font
from render.legend import icon_sprite
from render.palette import UI
from render.widgets import paste_sprite
from render.words import NO_WORDS, Words

NAME_SIZE = 40
"""Names in the legend: 18 px once shown 360 px wide."""
FIGURE_SIZE = 40
MIN_NAME_SIZE = 28
"""A long name is set smaller down to this size before it is shortened."""
ROW = 76
ROW_GAP = 10
POINTER = 36
"""Room at the left of a row for the pointer marking the seat to decide."""
WINNER_STAR = 48
SEAL = 64
ICON = 36
ICON_GAP = 28
"""Between the score's star and its number: nearer, OCR read the two as one word ("*17")."""
GAP = 16
SEAL_GAP = 90
"""Between the seal and the name: wide, so neither eyes nor OCR read them as one word."""
PAD = 12
CARD_TITLE = 92
"""A face-up card's title row: the title (``CARD_TITLE_SIZE``) and a wide gap under it, above the map and its queue
notch (nearer, OCR took title, notch and map for one picture at 360 px and lost "SE" or "WILD": 58 lost most
titles, 80 some, 92 none in the sweep)."""
TITLE_TOP = 8

CARD_TITLE_SIZE = 44
"""A card's title: 19 px high once shown 360 px wide."""
HEADING = 34
CARDS_SHOWN = 4


@dataclass(frozen=True)
class Merchant:
    """One seat in the legend."""

    seat: int
    name: str
    score: int | None
    to_move: bool
    out: bool
    winner: bool


def merchants(view: View, words: Words = NO_WORDS) -> list[Merchant]:
    """The legend's entries, in seat order: seal, name, score (the final total once the game is over)."""
    deciding = deciding_seat(view) if view.outcome is None else None
    winners = set(view.outcome.winners) if view.outcome is not None else set()
    final = (view.outcome.details.get("final") or []) if view.outcome is not None else []
    finals = {row["seat"]: row.get("total") for row in final}
    entries = []
    for player in view.details["players"]:
        seat = player["seat"]
        score = finals.get(seat, view.seats[seat].score if seat < len(view.seats) else None)
        entries.append(
            Merchant(
                seat=seat,
                name=player_name(view, seat, words),
                score=score if score is not None else 0,
                to_move=seat == deciding,
                out=bool(player.get("resigned")),
                winner=seat in winners,
            )
        )
    return entries


def legend_height(count: int) -> int:
    return count * ROW + (count - 1) * ROW_GAP


def cards_height(frame: Frame) -> int:
    return HEADING + GAP + card_height(frame) + PAD


def card_height(frame: Frame) -> int:
    """A face-up card: its title and its map under it."""
    return card_height_for(card_width(frame))


def card_height_for(width: int) -> int:
    """The height of a phone card ``width`` pixels wide: its title, and its map under it."""
    map_width, map_height = map_size_for(width)
    return CARD_TITLE + 8 + map_width // 12 + map_height + 14


def map_size_for(width: int) -> tuple[int, int]:
    """The sector map on a phone card ``width`` pixels wide."""
    inner = width - 40
    return inner, round(inner * 0.72)


def card_width(frame: Frame) -> int:
    inner = frame.width - 2 * frame.outer - 2 * PAD
    return (inner - (CARDS_SHOWN - 1) * GAP) // CARDS_SHOWN


def extra_height(view: View, frame: Frame = PHONE) -> int:
    """How much taller than the board the phone picture is: the legend, and the face-up cards while playing."""
    height = GAP + legend_height(len(view.details["players"])) + GAP
    if view.outcome is None:
        height += cards_height(frame) + GAP
    return height


def fitted_font(text: str, size: int, room: float) -> tuple[Any, str]:
    """A bold font for ``text`` as large as fits ``room`` (down to ``MIN_NAME_SIZE``), and the text shown."""
    for px in range(size, MIN_NAME_SIZE - 1, -2):
        face = font(px, bold=True)
        if face.getlength(text) <= room:
            return face, text
    face = font(MIN_NAME_SIZE, bold=True)
    shown = text
    while shown and face.getlength(shown + "…") > room:
        shown = shown[:-1]
    return face, shown.rstrip() + "…"


def draw_legend(image: Image.Image, view: View, top: int, frame: Frame = PHONE, words: Words = NO_WORDS) -> int:
    """The merchants' legend from ``top``, one merchant a row; returns the y below it."""
    entries = merchants(view, words)
    left, right = frame.outer + PAD, frame.width - frame.outer - PAD
    for index, entry in enumerate(entries):
        y = top + index * (ROW + ROW_GAP)
        draw_merchant(image, (left, y, right, y + ROW), entry)
    return top + legend_height(len(entries))


def draw_merchant(image: Image.Image, box: tuple[int, int, int, int], entry: Merchant) -> None:
    """One merchant on one line: seal, name, and at the right the score by a star; the seat to decide framed
    and pointed at, a winner's row starred at its end. The gaps are wide, so that neither eyes nor OCR run
    the seal, the name and the score together."""
    left, top, right, bottom = box
    draw = ImageDraw.Draw(image)
    middle = (top + bottom) / 2
    if entry.to_move:
        # no dark outline: a word boxed in a dark frame is lost by OCR at 360 px (the pointer marks the row too)
        draw.rounded_rectangle(box, radius=14, fill=UI["turn"])
        draw.polygon([(left + 8, middle - 16), (left + 28, middle), (left + 8, middle + 16)], fill=UI["ink"])
    else:
        draw.rounded_rectangle(box, radius=14, fill=UI["panel"])
    paste_sprite(image, seal_sprite(entry.seat, SEAL), (left + POINTER + SEAL / 2, middle))
    ink = UI["ink_soft"] if entry.out else UI["ink"]
    score = str(entry.score)
    score_font = font(FIGURE_SIZE, bold=True)
    score_right = right - PAD - (WINNER_STAR + PAD if entry.winner else 0)
    score_left = score_right - round(score_font.getlength(score))
    draw.text((score_right, middle), score, font=score_font, fill=ink, anchor="rm")
    icon = icon_sprite("star", ICON)
    image.paste(icon, (score_left - ICON_GAP - ICON, round(middle - ICON / 2)), icon)
    x = left + POINTER + SEAL + SEAL_GAP
    name_font, name = fitted_font(entry.name, NAME_SIZE, score_left - ICON_GAP - ICON - SEAL_GAP - x)
    draw.text((x, middle), name, font=name_font, fill=ink, anchor="lm")
    if entry.winner:
        star = icon_sprite("star", WINNER_STAR)
        image.paste(star, (right - PAD - WINNER_STAR, round(middle - WINNER_STAR / 2)), star)


def draw_face_up(image: Image.Image, view: View, top: int, frame: Frame = PHONE, words: Words = NO_WORDS) -> int:
    """The face-up building cards: each a title (its sector's code, or WILD) over the map of where it builds."""
    details: Mapping[str, Any] = view.details
    draw = ImageDraw.Draw(image)
    left = frame.outer + PAD
    draw.text((left, top), words("face_up_short"), font=font(HEADING, bold=True), fill=UI["frame"])
    y = top + HEADING + GAP
    width, height = card_width(frame), card_height(frame)
    slots: Sequence[str | None] = list(details.get("display", []))
    for index in range(CARDS_SHOWN):
        x = left + index * (width + GAP)
        box = (x, y, x + width, y + height)
        card = slots[index] if index < len(slots) else None
        if card is None:
            draw_empty_slot(draw, box, words("empty"))
            continue
        draw_phone_card(draw, box, card, details, words)
    return y + height


def draw_phone_card(
    draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], card: str, details: Any, words: Words = NO_WORDS
) -> None:
    """A building card as the phone shows it: its title large over its sector map (no label: the map says it).
    A WILD card has the others' light frame: its title says WILD (the other layouts' dark gold frame turned
    black under OCR's threshold, boxed the title in, and a boxed title was not read at 360 px)."""
    face = card_face(card, details, words)
    left, top, right, _bottom = box
    draw.rounded_rectangle(box, radius=14, fill=CARD_PAPER, outline=CARD_EDGE, width=3)
    title_font = font(CARD_TITLE_SIZE, bold=True)
    while title_font.size > 24 and title_font.getlength(face.title) > right - left - 2 * PAD:
        title_font = font(title_font.size - 2, bold=True)
    draw.text(((left + right) / 2, top + TITLE_TOP), face.title, font=title_font, fill=UI["ink"], anchor="ma")
    map_width, map_height = map_size_for(right - left)
    # below the title by the queue notch's height, which the map draws above itself
    map_left, map_top = left + (right - left - map_width) // 2, top + CARD_TITLE + 8 + map_width // 12
    map_box = (map_left, map_top, map_left + map_width, map_top + map_height)
    draw_sector_map(draw, map_box, face.named, face.cells)


def phone_image(view: View, board: Image.Image, frame: Frame = PHONE, *, words: Words = NO_WORDS) -> Image.Image:
    """``board`` (the souk with its pieces) with the legend, and the face-up cards while playing, below."""
    image = Image.new("RGB", (board.width, board.height + extra_height(view, frame)), UI["background"])
    image.paste(board, (0, 0))
    y = draw_legend(image, view, board.height + GAP, frame, words) + GAP
    if view.outcome is None:
        draw_face_up(image, view, y, frame, words)
    return image
