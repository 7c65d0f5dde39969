"""The Kairo board image (``render_board``): souk, pieces, the last move, framed squares, and the panel.

Drawn from the view's public fields alone — hands and coins are never read — so it is the same
picture whoever the view was made for (shape of the view: the ``engines.cairo`` docstring). The
static parts come cached from ``render.cairo.geometry``, pieces from ``render.cairo.pieces``,
the panel from ``render.cairo.panel``. ``highlight`` names squares to frame (the changed places
of a catch-up, the choices of a move).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from engines.base import View
from render.cairo.geometry import CELL, FRAMES, Frame, Layout, layout_of, static_board
from render.cairo.panel import draw_panel, panel_bottom, panel_ground
from render.cairo.phone import phone_image
from render.cairo.pieces import (
    DOOR_SIDES,
    SEAL_INK,
    colour_letter,
    door_sprite,
    letter_spot,
    neutral_letter,
    pawn_sprite,
    stall_tile,
)
from render.cairo.png_colours import PALETTE
from render.fonts import font
from render.grid import Grid
from render.palette import RGB, UI, mix, piece_rgb
from render.png import encode_png
from render.text import wrap_text
from render.widgets import paste_sprite
from render.words import NO_WORDS, Words

PAWN_SIZE = 40
QUEUE_PAWN_SIZE = 34
CORNER_PAWN_SIZE = 30
"""A queued customer where the queue square's name is written large (portrait, phone): in the bottom-right corner,
clear of the name at the top left."""
ENTRANCE_PAWN_SIZE = 34
"""A customer on an entrance square: small enough to leave the entrance's letter in view."""
STALL_EDGE = 3
LAST_MOVE: RGB = UI["highlight"]
CALLER_MARK: RGB = (40, 160, 170)
PENDING_MARK: RGB = UI["frame"]
GHOST_OPACITY = 0.55
"""How solid the tile of a build being paid for is drawn."""

Square = tuple[int, int]


def render_board(
    view: View, *, highlight: Sequence[str] = (), layout: str = "landscape", words: Words = NO_WORDS
) -> bytes:
    """The public Kairo board as PNG bytes: souk, pieces, last move, highlighted squares, and the panel."""
    return encode_png(board_image(view, highlight=highlight, layout=layout, words=words), palette=PALETTE)


def board_image(
    view: View, *, highlight: Sequence[str] = (), layout: str = "landscape", words: Words = NO_WORDS
) -> Image.Image:
    """The picture ``render_board`` encodes, as an RGB Pillow image."""
    frame = FRAMES[layout]
    details = view.details
    if frame.phone:
        board = static_board(frame, layout_of(details), words).copy()
        draw_pieces(board, frame, details, words)
        draw_marks(board, frame.grid, details, highlight)
        return phone_image(view, board, frame, words=words)
    image = canvas(view, frame, layout_of(details), words)
    grid = frame.grid
    draw_pieces(image, frame, details, words)
    draw_marks(image, grid, details, highlight)
    draw_panel(image, view, frame, words)
    return image


def canvas_size(view: View, frame: Frame, words: Words = NO_WORDS) -> tuple[int, int]:
    """The whole image: the landscape image, or a portrait one as tall as its panel needs."""
    if frame.portrait:
        return (frame.width, panel_bottom(view, frame, words) + frame.outer)
    return (frame.width, frame.board_size[1])


def canvas(view: View, frame: Frame, board: Layout, words: Words = NO_WORDS) -> Image.Image:
    """The board without pieces and the panel's empty ground, as large as ``view``'s picture (a fresh copy).

    The ground is cached once per frame and the board once per frame and layout: Kairo boards differ
    from game to game, so a whole canvas per layout would cost megabytes each.
    """
    width, height = canvas_size(view, frame, words)
    ground = empty_ground(frame)
    if height > ground.height:  # taller than any panel should be: draw it whole
        image = Image.new("RGB", (width, height), UI["background"])
        image.paste(static_board(frame, board, words), (0, 0))
        panel_ground(image, frame, height - frame.outer)
        return image
    image = ground.crop((0, 0, width, height))
    image.paste(static_board(frame, board, words), (0, 0))
    overlap = ground_under_board(frame)
    if overlap is not None:
        image.paste(overlap, (frame.panel_box[0], 0))
    if frame.portrait:
        image.paste(ground_cap(frame), (0, height - frame.outer - GROUND_CAP))
    return image


GROUND_CAP = 20
"""Rows above the panel's bottom edge that hold its rounded bottom corners."""


@lru_cache(maxsize=2)
def empty_ground(frame: Frame) -> Image.Image:
    """The background and the panel's empty ground (portrait: as tall as a panel may be) (shared: copy it)."""
    bottom = frame.panel_box[3]
    image = Image.new("RGB", (frame.width, bottom + frame.outer), UI["background"])
    panel_ground(image, frame, bottom)
    return image


@lru_cache(maxsize=2)
def ground_under_board(frame: Frame) -> Image.Image | None:
    """The panel's ground where it overlaps the board's picture (landscape: its left edge), drawn over the board."""
    board_width, board_height = frame.board_size
    left = frame.panel_box[0]
    if frame.portrait or left >= board_width:
        return None
    return empty_ground(frame).crop((left, 0, board_width, board_height))


@lru_cache(maxsize=2)
def ground_cap(frame: Frame) -> Image.Image:
    """The last rows of a panel's ground, its bottom edge ``GROUND_CAP`` rows down, and the margin below."""
    top = frame.panel_box[1]
    bottom = top + 4 * GROUND_CAP
    image = Image.new("RGB", (frame.width, bottom + frame.outer), UI["background"])
    panel_ground(image, frame, bottom)
    return image.crop((0, bottom - GROUND_CAP, frame.width, bottom + frame.outer))


def draw_pieces(image: Image.Image, frame: Frame, details: Mapping[str, Any], words: Words = NO_WORDS) -> None:
    """Stalls, entrances, customers and the waiting customer, in that order (later ones on top)."""
    grid = frame.grid
    colour_ids = {colour: index for index, colour in enumerate(details["colours"])}
    inactive = {stall["id"] for stall in details.get("stalls", []) if stall.get("inactive")}
    squares = details["board"]["squares"]
    draw_stalls(image, grid, squares, colour_ids, inactive, words, apart=frame.phone)
    draw_entrances(image, grid, squares, colour_ids, inactive, words)
    draw_customers(image, frame, squares, colour_ids, words)
    draw_waiting(image, frame, details.get("waiting"), colour_ids, squares, words)
    draw_pending_ghost(image, grid, details.get("pending"), colour_ids, squares, words)


# ---- stalls -------------------------------------------------------------------------------------
def draw_stalls(
    image: Image.Image,
    grid: Grid,
    squares: list[dict[str, Any]],
    colour_ids: dict[str, int],
    inactive: set[int],
    words: Words = NO_WORDS,
    *,
    apart: bool = False,
) -> None:
    """Every stall tile (colour, letter, owner's badge), then each stall's outline round its tiles."""
    owners = {(sq["x"], sq["y"]): sq["stall"] for sq in squares if sq.get("stall")}
    for (x, y), stall in owners.items():
        tile = stall_tile(
            stall["colour"],
            colour_ids.get(stall["colour"], 0),
            CELL + 1,
            letter=colour_letter(stall["colour"], words),
            main=bool(stall.get("main")),
            inactive=stall.get("id") in inactive,
            owner=stall.get("owner", "neutral"),
            apart=apart,
            neutral=neutral_letter(words),
        )
        image.paste(tile, grid.square_box(x, y)[:2])
    draw = ImageDraw.Draw(image)
    for square, stall in owners.items():
        outline_stall_tile(draw, grid, square, stall, owners)


def outline_stall_tile(
    draw: ImageDraw.ImageDraw,
    grid: Grid,
    square: Square,
    stall: Mapping[str, Any],
    owners: Mapping[Square, Mapping[str, Any]],
) -> None:
    """The dark edge of a stall tile on each side not shared with another tile of the same stall."""
    x, y = square
    left, top, right, bottom = grid.square_box(x, y)
    half = STALL_EDGE // 2
    sides = {
        (0, -1): (left - half, top - half, right + half, top + half),
        (0, 1): (left - half, bottom - half, right + half, bottom + half),
        (-1, 0): (left - half, top - half, left + half, bottom + half),
        (1, 0): (right - half, top - half, right + half, bottom + half),
    }
    for (dx, dy), bar in sides.items():
        neighbour = owners.get((x + dx, y + dy))
        if neighbour is None or neighbour.get("id") != stall.get("id"):
            draw.rectangle(bar, fill=SEAL_INK)


# ---- entrances and customers --------------------------------------------------------------------
def door_side(door: Square, stall_square: Square | None) -> str:
    """Which side of the entrance square faces its main stall ("north" when unknown)."""
    if stall_square is None:
        return "north"
    step = (stall_square[0] - door[0], stall_square[1] - door[1])
    return DOOR_SIDES.get(step, "north")


def main_squares(squares: Iterable[Mapping[str, Any]]) -> dict[int, Square]:
    """Stall id -> square of its main tile, read from the board."""
    return {sq["stall"]["id"]: (sq["x"], sq["y"]) for sq in squares if sq.get("stall") and sq["stall"].get("main")}


def draw_entrances(
    image: Image.Image,
    grid: Grid,
    squares: list[dict[str, Any]],
    colour_ids: dict[str, int],
    inactive: set[int],
    words: Words = NO_WORDS,
) -> None:
    """Each entrance square tinted in its stall's colour, with a door facing the stall and the colour's letter."""
    mains = main_squares(squares)
    for square in squares:
        entrance = square.get("entrance")
        if not entrance:
            continue
        spot = (square["x"], square["y"])
        side = door_side(spot, mains.get(entrance.get("stall", -1)))
        colour = entrance["colour"]
        letter, closed = colour_letter(colour, words), entrance.get("stall") in inactive
        sprite = door_sprite(colour, colour_ids.get(colour, 0), letter, side, CELL - 3, closed)
        left, top, _right, _bottom = grid.square_box(*spot)
        image.paste(sprite, (left + 2, top + 2), sprite)


def queue_pawn_spot(frame: Frame, centre: tuple[float, float]) -> tuple[tuple[float, float], int]:
    """Where a customer stands on the queue square centred on ``centre`` and how large: off-centre towards the
    bottom right, so the square's name (top left) stays readable; where the name is written large, smaller and in
    the very corner."""
    if frame.font_size(13) > 18:
        offset = CELL / 2 - 15
        return (centre[0] + offset, centre[1] + offset), CORNER_PAWN_SIZE
    return (centre[0] + 6, centre[1] + 7), QUEUE_PAWN_SIZE


def draw_customers(
    image: Image.Image, frame: Frame, squares: list[dict[str, Any]], colour_ids: dict[str, int], words: Words = NO_WORDS
) -> None:
    """The customers standing on the board and the queue, as round pawns with their letter.

    In the queue a pawn is a little smaller and off-centre (``queue_pawn_spot``), so the queue square's name stays
    readable; on an entrance it is smaller still and stands in the corner across from the entrance's letter, which
    stays in view.
    """
    grid, mains = frame.grid, main_squares(squares)
    for square in squares:
        colour = square.get("customer")
        if not colour:
            continue
        centre_x, centre_y = grid.centre(square["x"], square["y"])
        colour_id, letter = colour_ids.get(colour, 0), colour_letter(colour, words)
        entrance = square.get("entrance")
        if square["kind"] == "queue":
            standing, size = queue_pawn_spot(frame, (centre_x, centre_y))
            paste_sprite(image, pawn_sprite(colour, colour_id, letter, size), standing)
        elif entrance:
            spot = (square["x"], square["y"])
            side = door_side(spot, mains.get(entrance.get("stall", -1)))
            letter_x, letter_y = letter_spot(side, CELL - 3)
            left, top, _right, _bottom = grid.square_box(*spot)
            across = (left + 2 + CELL - 3 - letter_x, top + 2 + CELL - 3 - letter_y)
            towards_centre = (across[0] * 0.65 + centre_x * 0.35, across[1] * 0.65 + centre_y * 0.35)
            paste_sprite(image, pawn_sprite(colour, colour_id, letter, ENTRANCE_PAWN_SIZE), towards_centre)
        else:
            paste_sprite(image, pawn_sprite(colour, colour_id, letter, PAWN_SIZE), (centre_x, centre_y))


def draw_waiting(
    image: Image.Image,
    frame: Frame,
    waiting: str | None,
    colour_ids: dict[str, int],
    squares: list[dict[str, Any]],
    words: Words = NO_WORDS,
) -> None:
    """The sixth customer on its coin tray, over the north-east of the board, labelled "WAITING" (``waiting``)."""
    text = words("waiting")
    grid = frame.grid
    top = grid.top + 3
    tray_left = grid.left + round((12.6 if frame.phone else 12) * CELL)
    tray = (tray_left, top, grid.left + 14 * CELL - 6, top + CELL - 6)
    draw = ImageDraw.Draw(image)
    right = tray[0] - (14 if frame.phone else 8)  # phone: apart from the tray's frame
    queue = [grid.square_box(sq["x"], sq["y"])[2] for sq in squares if sq["kind"] == "queue"]
    room = right - (max(queue) + 8 if queue else grid.left)
    label = _waiting_label(frame, text, room)
    lines = label.text.split("\n")
    step = round(label.font.size * 1.05)
    middle = (tray[1] + tray[3]) / 2 - step * (len(lines) - 1) / 2
    for index, line in enumerate(lines):
        draw.text((right, middle + index * step), line, font=label.font, fill=UI["frame"], anchor="rm")
    if not waiting:
        draw.rounded_rectangle(tray, radius=10, outline=UI["ink_soft"], width=2)
        return
    base = piece_rgb(waiting, colour_ids.get(waiting, 0))
    draw.rounded_rectangle(tray, radius=10, fill=mix(base, (255, 255, 255), 0.55), outline=SEAL_INK, width=2)
    pawn = pawn_sprite(waiting, colour_ids.get(waiting, 0), colour_letter(waiting, words), PAWN_SIZE)
    paste_sprite(image, pawn, ((tray[0] + tray[2]) / 2, (tray[1] + tray[3]) / 2))


@dataclass(frozen=True)
class _Label:
    text: str
    font: ImageFont.FreeTypeFont


def _waiting_label(frame: Frame, text: str, room: float) -> _Label:
    """The "WAITING" label between the queue and the tray (``room`` wide), never over the queue: at its size if it
    fits, else smaller (down to the frame's smallest size), else on two lines."""
    size = frame.font_size(17 if frame.phone else 15)
    smallest = max(frame.min_font, 12)
    while size > smallest and font(size, bold=True).getlength(text) > room:
        size -= 1
    label = font(size, bold=True)
    if label.getlength(text) <= room or " " not in text:
        return _Label(text, label)
    return _Label("\n".join(wrap_text(text, label, room)), label)


def draw_pending_ghost(
    image: Image.Image,
    grid: Grid,
    pending: Mapping[str, Any] | None,
    colour_ids: dict[str, int],
    squares: list[dict[str, Any]],
    words: Words = NO_WORDS,
) -> None:
    """The tile of a build not yet paid for, faded into its square (framed dashed by ``draw_marks``)."""
    if not pending:
        return
    where = {sq["name"]: (sq["x"], sq["y"]) for sq in squares}
    spot = where.get(pending.get("square", ""))
    if spot is None:
        return
    colour = pending.get("colour", "")
    tile = stall_tile(
        colour,
        colour_ids.get(colour, 0),
        CELL + 1,
        letter=colour_letter(colour, words),
        main=pending.get("action") != "extend",
        inactive=False,
    )
    left, top = grid.square_box(*spot)[:2]
    ground = image.crop((left, top, left + tile.width, top + tile.height))
    image.paste(Image.blend(ground, tile, GHOST_OPACITY), (left, top))


# ---- marks on top: pending build, last move, the caller's highlight ------------------------------------
def draw_marks(image: Image.Image, grid: Grid, details: Mapping[str, Any], highlight: Sequence[str]) -> None:
    """Frames round the squares of the pending build, the last move and the caller's highlight."""
    where = {sq["name"]: (sq["x"], sq["y"]) for sq in details["board"]["squares"]}
    draw = ImageDraw.Draw(image)
    pending = details.get("pending") or {}
    frame_squares(draw, grid, where, [pending.get("square"), pending.get("door")], PENDING_MARK, dashed=True)
    last = details.get("last") or {}
    frame_squares(draw, grid, where, last.get("squares", []), LAST_MOVE)
    frame_squares(draw, grid, where, highlight, CALLER_MARK)


def frame_squares(
    draw: ImageDraw.ImageDraw,
    grid: Grid,
    where: Mapping[str, Square],
    names: Iterable[Any],
    colour: RGB,
    *,
    dashed: bool = False,
) -> None:
    """A strong two-tone frame round each named square (unknown names are skipped)."""
    for name in names:
        if name not in where:
            continue
        left, top, right, bottom = grid.square_box(*where[name])
        draw.rectangle([left - 5, top - 5, right + 5, bottom + 5], outline=SEAL_INK, width=2)
        draw.rectangle([left - 3, top - 3, right + 3, bottom + 3], outline=colour, width=6)
        draw.rectangle([left + 3, top + 3, right - 3, bottom - 3], outline=SEAL_INK, width=1)
        if dashed:
            dash_frame(draw, (left - 3, top - 3, right + 3, bottom + 3))


def dash_frame(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    """Light gaps cut into a frame so it reads as dashed (a build not yet paid for)."""
    left, top, right, bottom = box
    step, gap = CELL // 4, CELL // 8
    for offset in range(step // 2, right - left - gap, step):
        draw.rectangle([left + offset, top, left + offset + gap, top + 5], fill=UI["path"])
        draw.rectangle([left + offset, bottom - 5, left + offset + gap, bottom], fill=UI["path"])
        draw.rectangle([left, top + offset, left + 5, top + offset + gap], fill=UI["path"])
        draw.rectangle([right - 5, top + offset, right, top + offset + gap], fill=UI["path"])
