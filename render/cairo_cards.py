"""Kairo building cards drawn as small cards: a 3×3 map of the souk with the named sector(s) filled.

A card's map shows the souk's nine sectors as the board does (north up, the queue notch on top,
the tavern U around west, south and east), so a player sees at a glance where the card lets them
build. Used by the board's face-up display and by the private hand image.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import ImageDraw

from render.cairo_layout import TAVERN_TINT
from render.fonts import font
from render.grid import Box
from render.palette import RGB, UI, mix
from render.text import fit_text, wrap_text

CARD_PAPER: RGB = (255, 251, 242)
CARD_EDGE: RGB = UI["panel_edge"]
WILD_EDGE: RGB = (196, 140, 20)
MAP_EMPTY: RGB = (236, 222, 196)
MAP_NAMED: RGB = UI["frame"]
MAP_LINE: RGB = UI["ink_soft"]


def sector_cells(sectors: Mapping[str, Any]) -> dict[str, tuple[int, int]]:
    """Each sector code's (column, row) in the 3×3 map, from the sectors' souk ranges."""
    starts_x = sorted({spec["x"][0] for spec in sectors.values()})
    starts_y = sorted({spec["y"][0] for spec in sectors.values()})
    return {code: (starts_x.index(spec["x"][0]), starts_y.index(spec["y"][0])) for code, spec in sectors.items()}


def draw_sector_map(
    draw: ImageDraw.ImageDraw, box: Box, named: set[str], sectors: Mapping[str, Any], accent: RGB = MAP_NAMED
) -> None:
    """A 3×3 souk map filling ``box``: the ``named`` sectors filled with ``accent``, a tavern U around it."""
    left, top, right, bottom = box
    band = max(3, (right - left) // 12)
    draw.rectangle([left, top, right, bottom], fill=TAVERN_TINT, outline=MAP_LINE, width=1)
    souk = (left + band, top, right - band, bottom - band)
    cell_w = (souk[2] - souk[0]) / 3
    cell_h = (souk[3] - souk[1]) / 3
    for code, (col, row) in sector_cells(sectors).items():
        cell = [
            souk[0] + col * cell_w,
            souk[1] + row * cell_h,
            souk[0] + (col + 1) * cell_w,
            souk[1] + (row + 1) * cell_h,
        ]
        draw.rectangle(cell, fill=accent if code in named else MAP_EMPTY, outline=MAP_LINE, width=1)
    notch = cell_w * 0.5
    middle = (left + right) / 2
    draw.rectangle([middle - notch / 2, top - band, middle + notch / 2, top], fill=UI["path"], outline=MAP_LINE)


def card_sectors(card: str, cards: Mapping[str, Any]) -> set[str]:
    """The sector codes a card lets its player build in (unknown names: none)."""
    return set(cards.get(card, {}).get("sectors", []))


def is_wild(card: str, cards: Mapping[str, Any]) -> bool:
    """Whether a card is a wildcard (costs 1 coin to use)."""
    return cards.get(card, {}).get("kind") == "wild"


def card_title(card: str, cards: Mapping[str, Any]) -> str:
    """The short name on top of a card: the sector code, or "WILD" for a wildcard."""
    return "WILD" if is_wild(card, cards) else card


def card_label(card: str, cards: Mapping[str, Any]) -> str:
    """The card's label as the cards name it ("North-west", "West column")."""
    return str(cards.get(card, {}).get("label", card))


def draw_card(draw: ImageDraw.ImageDraw, box: Box, card: str, view: Mapping[str, Any]) -> None:
    """A building card filling ``box``: title, sector map, label; wildcards get a gold edge."""
    cards, sectors = view["cards"], view["sectors"]
    left, top, right, _bottom = box
    width = right - left
    wild = is_wild(card, cards)
    edge = WILD_EDGE if wild else CARD_EDGE
    draw.rounded_rectangle(box, radius=max(6, width // 10), fill=CARD_PAPER, outline=edge, width=3 if wild else 2)
    title_font = font(max(12, round(width * 0.2)), bold=True)
    draw.text(
        (left + width / 2, top + width * 0.04), card_title(card, cards), font=title_font, fill=UI["ink"], anchor="mt"
    )
    map_top = top + width * 0.3
    map_side = width * 0.62
    map_left = left + (width - map_side) / 2
    map_box = (round(map_left), round(map_top), round(map_left + map_side), round(map_top + map_side))
    draw_sector_map(draw, map_box, card_sectors(card, cards), sectors)
    _draw_card_label(draw, box, card_label(card, cards), map_box[3])


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


def draw_empty_slot(draw: ImageDraw.ImageDraw, box: Box, text: str = "empty") -> None:
    """A face-up slot with no card in it."""
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
