"""Kairo building cards drawn as small cards: a 3×3 map of the souk with the named sector(s) filled.

A card's map shows the souk's nine sectors as the board does (north up, the queue notch on top,
the tavern U around west, south and east), so a player sees at a glance where the card lets them
build. Used by the board's face-up display and by the private hand image. Each card face is
drawn once per size and cached (``card_picture``); drawing a card is then a paste.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.cairo.geometry import TAVERN_TINT
from render.fonts import font
from render.grid import Box
from render.palette import RGB, UI, mix
from render.text import fit_lines, fit_text, wrap_text
from render.widgets import Shaped, paste_shaped
from render.words import NO_WORDS, Words

CARD_PAPER: RGB = (255, 251, 242)
CARD_EDGE: RGB = UI["panel_edge"]
WILD_EDGE: RGB = (196, 140, 20)
MAP_EMPTY: RGB = (236, 222, 196)
MAP_NAMED: RGB = UI["frame"]
MAP_LINE: RGB = UI["ink_soft"]


SectorCells = tuple[tuple[str, int, int], ...]


@dataclass(frozen=True)
class CardFace:
    """What a building card shows: title, label, wildcard or not, and its sectors on the 3×3 map."""

    title: str
    label: str
    wild: bool
    named: frozenset[str]
    cells: SectorCells


def sector_cells(sectors: Mapping[str, Any]) -> SectorCells:
    """Each sector code with its (column, row) in the 3×3 map, from the sectors' souk ranges."""
    starts_x = sorted({spec["x"][0] for spec in sectors.values()})
    starts_y = sorted({spec["y"][0] for spec in sectors.values()})
    return tuple((code, starts_x.index(spec["x"][0]), starts_y.index(spec["y"][0])) for code, spec in sectors.items())


def card_face(card: str, details: Mapping[str, Any], words: Words = NO_WORDS) -> CardFace:
    """The face of building card ``card`` as the view details' ``cards`` and ``sectors`` describe it, its words
    (WILD, the label naming its sector or zone: ``sector:<card>``) from ``words``."""
    spec = details["cards"].get(card, {})
    wild = spec.get("kind") == "wild"
    return CardFace(
        title=words("wild") if wild else card,
        label=words(f"sector:{card}"),
        wild=wild,
        named=frozenset(spec.get("sectors", [])),
        cells=sector_cells(details["sectors"]),
    )


def map_souk_box(box: Box) -> tuple[float, float, float, float]:
    """The souk part of a sector map drawn in ``box`` (inside the tavern U)."""
    left, top, right, bottom = box
    band = max(3, (right - left) // 12)
    return (left + band, top, right - band, bottom - band)


def map_cell_box(box: Box, col: int, row: int) -> tuple[float, float, float, float]:
    """The box of the sector at (``col``, ``row``) in a sector map drawn in ``box``."""
    souk_left, souk_top, souk_right, souk_bottom = map_souk_box(box)
    cell_w, cell_h = (souk_right - souk_left) / 3, (souk_bottom - souk_top) / 3
    return (
        souk_left + col * cell_w,
        souk_top + row * cell_h,
        souk_left + (col + 1) * cell_w,
        souk_top + (row + 1) * cell_h,
    )


def draw_sector_map(
    draw: ImageDraw.ImageDraw, box: Box, named: frozenset[str], cells: SectorCells, accent: RGB = MAP_NAMED
) -> None:
    """A 3×3 souk map filling ``box``: the ``named`` sectors filled with ``accent``, a tavern U around it."""
    left, top, right, _bottom = box
    draw.rectangle(box, fill=TAVERN_TINT, outline=MAP_LINE, width=1)
    for code, col, row in cells:
        fill = accent if code in named else MAP_EMPTY
        draw.rectangle(map_cell_box(box, col, row), fill=fill, outline=MAP_LINE, width=1)
    notch = (map_cell_box(box, 0, 0)[2] - map_cell_box(box, 0, 0)[0]) * 0.5
    middle = (left + right) / 2
    band = max(3, (right - left) // 12)
    draw.rectangle([middle - notch / 2, top - band, middle + notch / 2, top], fill=UI["path"], outline=MAP_LINE)


def card_map_box(width: int) -> Box:
    """Where the sector map sits on a card ``width`` pixels wide, relative to the card's corner."""
    side = width * 0.62
    left, top = (width - side) / 2, width * 0.3
    return (round(left), round(top), round(left + side), round(top + side))


def card_map_cell_centre(card_box: Box, col: int, row: int) -> tuple[int, int]:
    """The pixel centre of the sector at (``col``, ``row``) on the map of a card drawn in ``card_box``."""
    offset_x, offset_y, right, bottom = card_map_box(card_box[2] - card_box[0])
    cell = map_cell_box(
        (card_box[0] + offset_x, card_box[1] + offset_y, card_box[0] + right, card_box[1] + bottom), col, row
    )
    return (round((cell[0] + cell[2]) / 2), round((cell[1] + cell[3]) / 2))


def draw_card(image: Image.Image, box: Box, card: str, details: Mapping[str, Any], words: Words = NO_WORDS) -> None:
    """Building card ``card`` pasted into ``box``."""
    paste_shaped(image, card_shaped(card_face(card, details, words), box[2] - box[0], box[3] - box[1]), box[:2])


@lru_cache(maxsize=128)
def card_shaped(face: CardFace, width: int, height: int) -> Shaped:
    """``card_picture`` as an RGB picture and the 1-bit mask of the card (its edge is not anti-aliased)."""
    picture = card_picture(face, width, height)
    mask = picture.getchannel("A").point(lambda alpha: 255 if alpha else 0).convert("1")
    return picture.convert("RGB"), mask


@lru_cache(maxsize=128)
def card_picture(face: CardFace, width: int, height: int) -> Image.Image:
    """A ``width`` × ``height`` card: title, sector map, label; wildcards get a gold edge. Shared: paste only."""
    picture = Image.new("RGBA", (width + 1, height + 1), (0, 0, 0, 0))
    draw = ImageDraw.Draw(picture)
    edge = WILD_EDGE if face.wild else CARD_EDGE
    radius = max(6, width // 10)
    draw.rounded_rectangle(
        (0, 0, width, height), radius=radius, fill=CARD_PAPER, outline=edge, width=3 if face.wild else 2
    )
    size = max(12, round(width * 0.2))  # a longer word (a translated WILD) set smaller to fit the card
    title_font, _ = fit_lines(face.title, size, width - 8, max_lines=1, smallest=min(size, 11))
    draw.text((width / 2, width * 0.04), face.title, font=title_font, fill=UI["ink"], anchor="mt")
    map_box = card_map_box(width)
    draw_sector_map(draw, map_box, face.named, face.cells)
    _draw_card_label(draw, (0, 0, width, height), face.label, map_box[3])
    return picture


def _draw_card_label(draw: ImageDraw.ImageDraw, box: Box, label: str, below: int) -> None:
    """The card's label wrapped into the space under its map."""
    left, _top, right, bottom = box
    width = right - left
    label_font = font(max(11, round(width * 0.13)), bold=True)
    lines = wrap_text(label, label_font, width - 8)[:2]
    line_step = label_font.size * 1.1
    y = (below + bottom) / 2 - line_step * (len(lines) - 1) / 2
    for line in lines:
        draw.text(
            (left + width / 2, y), fit_text(line, label_font, width - 8), font=label_font, fill=UI["ink"], anchor="mm"
        )
        y += line_step


def draw_empty_slot(draw: ImageDraw.ImageDraw, box: Box, text: str) -> None:
    """A face-up slot with no card in it, marked ``text`` ("empty")."""
    width = box[2] - box[0]
    draw.rounded_rectangle(
        box, radius=max(6, width // 10), fill=mix(UI["panel"], UI["panel_edge"], 0.2), outline=CARD_EDGE
    )
    draw.text(
        ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
        text,
        font=font(max(11, width // 8)),
        fill=UI["ink_soft"],
        anchor="mm",
    )
