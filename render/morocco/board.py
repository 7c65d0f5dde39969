"""The market: 5 × 5 stalls with their corner spaces, the juice tokens on the intersections, the row cubes
(west) and column cubes (south), workers by shape and seat, closed stalls under their tiles and arrows.

Each stall shows in its centre how full it is: ``2/4``, or ``2+1/4`` when one arrow of a closed
neighbour points at it. The last worker placed is ringed, a stall that just closed is framed, and
so is every place the caller asks to ``highlight`` (``c3``, ``c3 ne``, ``row 3``, ``column b``).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any, Literal

from PIL import Image, ImageDraw

from engines.base import View
from render.fonts import font
from render.grid import Box, inset
from render.morocco.layout import SIZE, Layout
from render.morocco.pieces import arrow_points, cube, juice_token, ring_ring, worker
from render.morocco.scene import (
    COLUMN_LETTERS,
    CORNERS,
    DIRECTION_STEPS,
    Stall,
    cube_letter,
    player_pattern,
    player_rgb,
    stall_xy,
    stalls,
)
from render.palette import UI, mix, text_colour_on
from render.patterns import patterned_tile
from render.words import NO_WORDS, Words

CORNER_SIGNS = {"nw": (1, 1), "ne": (-1, 1), "sw": (1, -1), "se": (-1, -1)}
CORNER_OFFSETS = {"nw": (0, 0), "ne": (1, 0), "sw": (0, 1), "se": (1, 1)}
EMPTY_TILE = (196, 186, 170)


# ---- geometry -----------------------------------------------------------------------------------------
PHONE_COORDINATE_SIZE = 34
"""The coordinates' size in the phone layout (tuned units): 15 px high when the board is shown 360 px wide."""
PHONE_COUNT_SIZE = 30
"""A stall's fullness (``2+1/4``) in the phone layout: 13 px high at 360 px wide."""


def point_xy(layout: Layout, px: int, py: int) -> tuple[int, int]:
    """The pixel of grid intersection ``(px, py)``."""
    return layout.grid_left + px * layout.cell, layout.grid_top + py * layout.cell


def space_centre(layout: Layout, stall: str, corner: str) -> tuple[float, float]:
    """Where a worker on ``stall``'s ``corner`` stands: inside the stall, off the juice token."""
    x, y = stall_xy(stall)
    dx, dy = CORNER_OFFSETS[corner]
    cx, cy = point_xy(layout, x + dx, y + dy)
    sx, sy = CORNER_SIGNS[corner]
    reach = layout.px(31)
    return cx + sx * reach, cy + sy * reach


def row_cube_centre(layout: Layout, row: int) -> tuple[float, float]:
    return layout.row_cube_x, layout.grid_top + (row + 0.5) * layout.cell


def column_cube_centre(layout: Layout, column: int) -> tuple[float, float]:
    return layout.grid_left + (column + 0.5) * layout.cell, layout.column_cube_y


def paste_centred(image: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    image.paste(sprite, (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)), sprite)


# ---- the static market ---------------------------------------------------------------------------------
@lru_cache(maxsize=4)
def market_layer(layout: Layout) -> Image.Image:
    """The market that never changes, on the background, as tall as the board (shared: copy or crop it)."""
    image = Image.new("RGB", (layout.width, layout.board_height), UI["background"])
    paint_market(image, layout)
    return image


def paint_market(image: Image.Image, layout: Layout) -> None:
    """The frame, the stalls' ground, the lines and the coordinates (never changes)."""
    draw = ImageDraw.Draw(image)
    grid = layout.grid
    draw.rounded_rectangle(
        inset(grid.box, -layout.px(14)),
        radius=layout.px(14),
        fill=UI["frame"],
        outline=UI["frame_edge"],
        width=layout.px(3),
    )
    draw.rectangle(grid.box, fill=UI["board_square"])
    for y in range(SIZE):
        for x in range(SIZE):
            box = inset(grid.square_box(x, y), layout.px(10))
            draw.rounded_rectangle(
                box, radius=layout.px(10), outline=mix(UI["board_square"], UI["board_line"], 0.35), width=layout.px(2)
            )
    grid.draw_lines(draw, UI["board_line"], width=layout.px(3))
    label = font(layout.px(PHONE_COORDINATE_SIZE if layout.phone else 26), bold=True)
    for column in range(SIZE):
        centre = grid.left + (column + 0.5) * grid.cell
        draw.text(
            (centre, grid.top - layout.px(34)), COLUMN_LETTERS[column], font=label, fill=UI["coordinate"], anchor="mm"
        )
    for row in range(SIZE):
        middle = grid.top + (row + 0.5) * grid.cell
        draw.text((layout.row_label_x, middle), str(row + 1), font=label, fill=UI["coordinate"], anchor="mm")


# ---- what changes -----------------------------------------------------------------------------------------
def draw_market(
    image: Image.Image, view: View, layout: Layout, highlight: Iterable[str], words: Words = NO_WORDS
) -> None:
    """Cubes at the edges, stalls (open or closed), juice tokens, workers and every highlight."""
    details = view.details
    found = stalls(view)
    _draw_line_cubes(image, layout, details, words)
    for stall in found:
        face = stall_face(stall)
        if face is not None:
            image.paste(stall_picture(layout, stall.x, stall.y, face), layout.grid.square_box(stall.x, stall.y)[:2])
    _draw_tokens(image, layout, details.get("juice") or [])
    for stall in found:
        for placed in stall.workers:
            paste_centred(
                image, worker_sprite(layout, placed.seat, placed.kind), space_centre(layout, stall.name, placed.corner)
            )
    _draw_highlights(image, layout, view, found, list(highlight))


def worker_sprite(layout: Layout, seat: int, kind: str) -> Image.Image:
    size = layout.px(46 if kind == "bodyguard" else 43)
    return worker(seat, kind, size)


def _draw_line_cubes(image: Image.Image, layout: Layout, details: dict[str, Any], words: Words) -> None:
    size = layout.px(42)
    for row, colour in enumerate(details.get("rows") or []):
        if colour:
            paste_centred(image, cube(colour, cube_letter(colour, words), size), row_cube_centre(layout, row))
    for column, colour in enumerate(details.get("columns") or []):
        if colour:
            paste_centred(image, cube(colour, cube_letter(colour, words), size), column_cube_centre(layout, column))


OpenFace = tuple[Literal["open"], int, int]
"""An open stall: ("open", workers, arrows in)."""
ClosedFace = tuple[Literal["closed"], int | None, str | None]
"""A closed stall: ("closed", tile seat or None, arrow)."""
StallFace = OpenFace | ClosedFace
"""What a stall shows."""


def stall_face(stall: Stall) -> StallFace | None:
    """What ``stall`` shows, or None for an empty open stall (the bare market)."""
    if stall.open:
        return ("open", stall.count, stall.overflow) if stall.count or stall.overflow else None
    return ("closed", stall.tile_seat, stall.arrow)


@lru_cache(maxsize=128)
def stall_picture(layout: Layout, x: int, y: int, face: StallFace) -> Image.Image:
    """Stall ``(x, y)``'s square of the market showing ``face``, drawn once (shared: paste it)."""
    left, top, right, bottom = layout.grid.square_box(x, y)
    picture = market_layer(layout).crop((left, top, right, bottom))
    match face:
        case ("open", count, overflow):
            _draw_open_stall(picture, layout, count, overflow)
        case ("closed", tile_seat, arrow):
            _draw_closed_stall(picture, layout, tile_seat, arrow)
    return picture


def _draw_open_stall(picture: Image.Image, layout: Layout, count: int, overflow: int) -> None:
    """The fullness in the middle: workers (a bodyguard counts two), plus arrows pointing in, out of 4."""
    draw_fullness(ImageDraw.Draw(picture), layout, (layout.cell / 2, layout.cell / 2), count, overflow)


def draw_fullness(
    draw: ImageDraw.ImageDraw, layout: Layout, centre: tuple[float, float], count: int, overflow: int
) -> float:
    """A stall's fullness label (``2/4``, ``2+1/4``) centred on ``centre``, as the market shows it (the phone's
    key under the market draws one too); returns its width."""
    cx, cy = centre
    text = f"{count}+{overflow}/4" if overflow else f"{count}/4"
    label = font(layout.px(PHONE_COUNT_SIZE if layout.phone else 21), bold=True)
    width = label.getlength(text) + layout.px(10)
    height = layout.px(34 if layout.phone else 24)
    fill = mix(UI["board_square"], UI["ink"], 0.1) if not overflow else mix(UI["board_square"], UI["frame"], 0.3)
    draw.rounded_rectangle(
        [cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2], radius=height // 2, fill=fill
    )
    draw.text((cx, cy), text, font=label, fill=UI["ink"], anchor="mm")
    return width


def _draw_closed_stall(picture: Image.Image, layout: Layout, tile_seat: int | None, arrow: str | None) -> None:
    """The owner's market tile (colour, pattern, seat number) or an empty-stall tile, and its arrow."""
    box = inset((0, 0, layout.cell, layout.cell), layout.px(5))
    base = EMPTY_TILE if tile_seat is None else player_rgb(tile_seat)
    pattern = "checks" if tile_seat is None else player_pattern(tile_seat)
    picture.paste(_tile(base, pattern, box[2] - box[0], box[3] - box[1], layout.px(18)), box[:2])
    draw = ImageDraw.Draw(picture)
    draw.rectangle(box, outline=UI["ink"], width=layout.px(3))
    centre = (layout.cell / 2, layout.cell / 2)
    step = DIRECTION_STEPS.get(arrow or "", (0, 0))
    if arrow:
        points = arrow_points(centre, step, layout.cell * 0.47, layout.cell * 0.16)
        draw.polygon(points, fill=UI["ink_light"], outline=UI["ink"], width=layout.px(3))
    mark = "–" if tile_seat is None else str(tile_seat + 1)
    spot = (centre[0] - step[0] * layout.cell * 0.27, centre[1] - step[1] * layout.cell * 0.27)
    disc = layout.px(20)
    draw.ellipse(
        [spot[0] - disc, spot[1] - disc, spot[0] + disc, spot[1] + disc],
        fill=base,
        outline=UI["ink"],
        width=layout.px(2),
    )
    draw.text(spot, mark, font=font(layout.px(28), bold=True), fill=text_colour_on(base), anchor="mm")


@lru_cache(maxsize=32)
def _tile(base: tuple[int, int, int], pattern: str, width: int, height: int, step: int) -> Image.Image:
    return patterned_tile(base, pattern, width, height, step)


def _draw_tokens(image: Image.Image, layout: Layout, juice: list[list[int | None]]) -> None:
    size = layout.px(40)
    for py, row in enumerate(juice):
        for px, value in enumerate(row):
            if value:
                paste_centred(image, juice_token(value, size), point_xy(layout, px, py))


# ---- highlights ------------------------------------------------------------------------------------------
def _draw_highlights(image: Image.Image, layout: Layout, view: View, found: list[Stall], highlight: list[str]) -> None:
    """The last worker placed (ringed), stalls that just closed and the caller's places (framed)."""
    details = view.details
    for where in details.get("last_placed") or []:
        if any(s.name == where.split()[0] and s.open for s in found):
            _ring_space(image, layout, found, where)
    draw = ImageDraw.Draw(image)
    for name in [*(details.get("recent_closed") or []), *([details["closing"]] if details.get("closing") else [])]:
        _frame(draw, layout, inset(layout.grid.square_box(*stall_xy(name)), layout.px(2)))
    for place in highlight:
        box = place_box(layout, place)
        if box is not None:
            _frame(draw, layout, box)
        elif len(place.split()) == 2 and place.split()[1] in CORNERS:
            _ring_space(image, layout, found, place)


def _ring_space(image: Image.Image, layout: Layout, found: list[Stall], where: str) -> None:
    stall, corner = where.split()
    kind = next((w.kind for s in found if s.name == stall for w in s.workers if w.corner == corner), "bodyguard")
    size = worker_sprite(layout, 0, kind).width
    paste_centred(image, ring_ring(size, layout.px(5)), space_centre(layout, stall, corner))


def _frame(draw: ImageDraw.ImageDraw, layout: Layout, box: Box) -> None:
    draw.rounded_rectangle(box, radius=layout.px(8), outline=UI["highlight"], width=layout.px(6))


def place_box(layout: Layout, place: str) -> Box | None:
    """The box to frame for a stall (``c3``), a row cube (``row 3``) or a column cube (``column b``)."""
    words = place.split()
    reach = layout.px(28)
    if len(words) == 1 and len(place) == 2 and place[0] in COLUMN_LETTERS and place[1] in "12345":
        return inset(layout.grid.square_box(*stall_xy(place)), layout.px(2))
    if len(words) == 2 and words[0] == "row" and words[1] in ("1", "2", "3", "4", "5"):
        cx, cy = row_cube_centre(layout, int(words[1]) - 1)
        return (round(cx - reach), round(cy - reach), round(cx + reach), round(cy + reach))
    if len(words) == 2 and words[0] == "column" and len(words[1]) == 1 and words[1] in COLUMN_LETTERS:
        cx, cy = column_cube_centre(layout, COLUMN_LETTERS.index(words[1]))
        return (round(cx - reach), round(cy - reach), round(cx + reach), round(cy + reach))
    return None
