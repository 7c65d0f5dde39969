"""Kairo (El Cairo) images: the public board (``render_board``) and a player's private hand (``render_hand``).

Both draw from the engine's view dict only (shape: ``docs/rules/cairo-view.md``). The board uses
the public fields alone — ``public_view`` drops hands and coins first — so it is the same picture
whoever the view was made for. Static parts of the board come cached from ``render.cairo_layout``;
pieces from ``render.cairo_pieces``; the side panel from ``render.cairo_panel``.

``highlight`` (optional) marks squares for the caller, e.g. the choices of a pending move:
``{"squares": ["f5", "g5"], "labels": {"f5": "1", "g5": "2"}}``.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from typing import Any

from PIL import Image, ImageDraw

from render.cairo_hand import render_hand
from render.cairo_layout import CELL, GRID, Layout, layout_of, static_board
from render.cairo_panel import draw_panel
from render.cairo_pieces import DOOR_SIDES, SEAL_INK, door_sprite, pawn_sprite, seal_sprite, stall_tile
from render.fonts import font
from render.palette import RGB, UI, mix, piece_rgb
from render.png import PALETTE_COLOURS
from render.widgets import paste_sprite

__all__ = ["PRIVATE_PLAYER_FIELDS", "public_view", "render_board", "render_hand"]

PRIVATE_PLAYER_FIELDS: tuple[str, ...] = ("hand", "coins", "coin_value")
"""Fields of a player's entry that only that player may see."""
BOARD_COMPRESS_LEVEL = 3
"""zlib level of the board PNG: 3 halves the encoding time of level 6 for ~15 % more bytes (~90 KB)."""
PAWN_SIZE = 36
QUEUE_PAWN_SIZE = 32
MAIN_SEAL = 30
EXTENSION_SEAL = 24
STALL_EDGE = 3
LAST_MOVE: RGB = UI["highlight"]
CALLER_MARK: RGB = (40, 160, 170)
PENDING_MARK: RGB = UI["frame"]
GHOST_OPACITY = 0.55
"""How solid the tile of a build being paid for is drawn."""

Square = tuple[int, int]


def public_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """``view`` without anything private: no viewer, and no hand or coins in any player's entry."""
    public = {key: value for key, value in view.items() if key != "viewer"}
    public["players"] = [
        {key: value for key, value in player.items() if key not in PRIVATE_PLAYER_FIELDS}
        for player in view.get("players", [])
    ]
    return public


def render_board(view: Mapping[str, Any], *, highlight: Mapping[str, Any] | None = None) -> bytes:
    """The public Kairo board as PNG bytes: souk, pieces, last move, and the side panel."""
    public = public_view(view)
    layout = layout_of(public)
    image = static_board(layout).copy()
    _draw_pieces(image, public)
    _draw_marks(image, public, layout, highlight)
    draw_panel(image, public)
    return encode_board_png(image)


def encode_board_png(image: Image.Image) -> bytes:
    """The board as a 256-colour PNG, tuned for speed (the board is re-drawn after every move)."""
    palette = image.quantize(colors=PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    palette.save(buffer, format="PNG", compress_level=BOARD_COMPRESS_LEVEL)
    return buffer.getvalue()


def _draw_pieces(image: Image.Image, view: Mapping[str, Any]) -> None:
    """Stalls, entrances, customers and the waiting customer, in that order (later ones on top)."""
    colour_ids = {colour: index for index, colour in enumerate(view["colours"])}
    inactive = {stall["id"] for stall in view.get("stalls", []) if stall.get("inactive")}
    squares = view["board"]["squares"]
    _draw_stalls(image, squares, colour_ids, inactive)
    _draw_entrances(image, squares, view.get("stalls", []), colour_ids, inactive)
    _draw_customers(image, squares, colour_ids)
    _draw_waiting(image, view.get("waiting"), colour_ids, squares)
    _draw_pending_ghost(image, view.get("pending"), colour_ids, squares)


# ---- stalls -------------------------------------------------------------------------------------


def _draw_stalls(
    image: Image.Image, squares: list[dict[str, Any]], colour_ids: dict[str, int], inactive: set[int]
) -> None:
    """Every stall tile, then each stall's outline round its tiles, then the seals on top."""
    owners = {(sq["x"], sq["y"]): sq["stall"] for sq in squares if sq.get("stall")}
    for (x, y), stall in owners.items():
        tile = stall_tile(
            stall["colour"],
            colour_ids.get(stall["colour"], 0),
            CELL + 1,
            main=bool(stall.get("main")),
            inactive=stall.get("id") in inactive,
        )
        image.paste(tile, GRID.square_box(x, y)[:2])
    draw = ImageDraw.Draw(image)
    for square, stall in owners.items():
        _outline_stall_tile(draw, square, stall, owners)
    for (x, y), stall in owners.items():
        _paste_stall_seal(image, (x, y), stall)


def _outline_stall_tile(
    draw: ImageDraw.ImageDraw, square: Square, stall: Mapping[str, Any], owners: Mapping[Square, Mapping[str, Any]]
) -> None:
    """The dark edge of a stall tile on each side not shared with another tile of the same stall."""
    x, y = square
    left, top, right, bottom = GRID.square_box(x, y)
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


def _paste_stall_seal(image: Image.Image, square: Square, stall: Mapping[str, Any]) -> None:
    """The owner's seal on a stall tile: large on the main stall, smaller on an extension."""
    centre_x, centre_y = GRID.centre(*square)
    if stall.get("main"):
        paste_sprite(image, seal_sprite(stall.get("owner", "neutral"), MAIN_SEAL), (centre_x + 7, centre_y + 7))
    else:
        paste_sprite(image, seal_sprite(stall.get("owner", "neutral"), EXTENSION_SEAL), (centre_x + 7, centre_y + 6))


# ---- entrances and customers --------------------------------------------------------------------


def _door_side(door: Square, stall_square: Square | None) -> str:
    """Which side of the entrance square faces its main stall ("north" when unknown)."""
    if stall_square is None:
        return "north"
    step = (stall_square[0] - door[0], stall_square[1] - door[1])
    return DOOR_SIDES.get(step, "north")


def _main_squares(squares: Iterable[Mapping[str, Any]]) -> dict[int, Square]:
    """Stall id -> square of its main tile, read from the board."""
    return {sq["stall"]["id"]: (sq["x"], sq["y"]) for sq in squares if sq.get("stall") and sq["stall"].get("main")}


def _draw_entrances(
    image: Image.Image,
    squares: list[dict[str, Any]],
    stalls: list[dict[str, Any]],
    colour_ids: dict[str, int],
    inactive: set[int],
) -> None:
    """Each entrance square tinted in its stall's colour, with a door facing the stall and the owner's seal."""
    mains = _main_squares(squares)
    for square in squares:
        entrance = square.get("entrance")
        if not entrance:
            continue
        spot = (square["x"], square["y"])
        side = _door_side(spot, mains.get(entrance.get("stall", -1)))
        sprite = door_sprite(
            entrance["colour"],
            colour_ids.get(entrance["colour"], 0),
            entrance.get("owner", "neutral"),
            side,
            CELL - 3,
            entrance.get("stall") in inactive,
        )
        left, top, _right, _bottom = GRID.square_box(*spot)
        image.paste(sprite, (left + 2, top + 2), sprite)


def _draw_customers(image: Image.Image, squares: list[dict[str, Any]], colour_ids: dict[str, int]) -> None:
    """The customers standing on the board and the queue, as round pawns with their letter.

    In the queue a pawn is a little smaller and off-centre, so the queue square's name stays readable.
    """
    for square in squares:
        colour = square.get("customer")
        if not colour:
            continue
        centre_x, centre_y = GRID.centre(square["x"], square["y"])
        if square["kind"] == "queue":
            pawn = pawn_sprite(colour, colour_ids.get(colour, 0), QUEUE_PAWN_SIZE)
            paste_sprite(image, pawn, (centre_x + 4, centre_y + 5))
        else:
            paste_sprite(image, pawn_sprite(colour, colour_ids.get(colour, 0), PAWN_SIZE), (centre_x, centre_y))


def _draw_waiting(
    image: Image.Image, waiting: str | None, colour_ids: dict[str, int], squares: list[dict[str, Any]]
) -> None:
    """The sixth customer on its coin tray, east of the queue."""
    queue_x = max((sq["x"] for sq in squares if sq["kind"] == "queue"), default=8)
    left = GRID.left + (queue_x + 2) * CELL
    top = GRID.top + 4
    tray = (left + CELL + 6, top, left + 3 * CELL - 6, top + CELL - 8)
    draw = ImageDraw.Draw(image)
    draw.text(
        (left + CELL - 2, top + (CELL - 8) / 2), "WAITING", font=font(14, bold=True), fill=UI["frame"], anchor="rm"
    )
    if not waiting:
        draw.rounded_rectangle(tray, radius=10, outline=UI["ink_soft"], width=2)
        return
    base = piece_rgb(waiting, colour_ids.get(waiting, 0))
    draw.rounded_rectangle(tray, radius=10, fill=mix(base, (255, 255, 255), 0.55), outline=SEAL_INK, width=2)
    draw.text((tray[0] + 8, (tray[1] + tray[3]) / 2), "tray", font=font(12, bold=True), fill=SEAL_INK, anchor="lm")
    paste_sprite(
        image,
        pawn_sprite(waiting, colour_ids.get(waiting, 0), PAWN_SIZE),
        ((tray[0] + tray[2]) / 2 + 14, (tray[1] + tray[3]) / 2),
    )


def _draw_pending_ghost(
    image: Image.Image, pending: Mapping[str, Any] | None, colour_ids: dict[str, int], squares: list[dict[str, Any]]
) -> None:
    """The tile of a build not yet paid for, faded into its square (framed dashed by ``_draw_marks``)."""
    if not pending:
        return
    where = {sq["name"]: (sq["x"], sq["y"]) for sq in squares}
    spot = where.get(pending.get("square", ""))
    if spot is None:
        return
    colour = pending.get("colour", "")
    tile = stall_tile(
        colour, colour_ids.get(colour, 0), CELL + 1, main=pending.get("action") != "extend", inactive=False
    )
    left, top = GRID.square_box(*spot)[:2]
    ground = image.crop((left, top, left + tile.width, top + tile.height))
    image.paste(Image.blend(ground, tile, GHOST_OPACITY), (left, top))


# ---- marks on top: last move, pending build, caller's highlight ------------------------------------


def _draw_marks(
    image: Image.Image, view: Mapping[str, Any], layout: Layout, highlight: Mapping[str, Any] | None
) -> None:
    """Frames round the squares of the pending build, the last move and the caller's highlight."""
    where = {square.name: (square.x, square.y) for square in layout.squares}
    draw = ImageDraw.Draw(image)
    pending = view.get("pending") or {}
    _frame_squares(draw, where, [pending.get("square"), pending.get("door")], PENDING_MARK, dashed=True)
    last = view.get("last") or {}
    _frame_squares(draw, where, last.get("squares", []), LAST_MOVE)
    if highlight:
        _frame_squares(draw, where, highlight.get("squares", []), CALLER_MARK)
        _label_squares(draw, where, highlight.get("labels", {}))


def _frame_squares(
    draw: ImageDraw.ImageDraw, where: Mapping[str, Square], names: Iterable[Any], colour: RGB, *, dashed: bool = False
) -> None:
    """A strong two-tone frame round each named square (unknown names are skipped)."""
    for name in names:
        if name not in where:
            continue
        left, top, right, bottom = GRID.square_box(*where[name])
        draw.rectangle([left - 5, top - 5, right + 5, bottom + 5], outline=SEAL_INK, width=2)
        draw.rectangle([left - 3, top - 3, right + 3, bottom + 3], outline=colour, width=6)
        draw.rectangle([left + 3, top + 3, right - 3, bottom - 3], outline=SEAL_INK, width=1)
        if dashed:
            _dash_frame(draw, (left - 3, top - 3, right + 3, bottom + 3))


def _dash_frame(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    """Light gaps cut into a frame so it reads as dashed (a build not yet paid for)."""
    left, top, right, bottom = box
    step, gap = CELL // 4, CELL // 8
    for offset in range(step // 2, right - left - gap, step):
        draw.rectangle([left + offset, top, left + offset + gap, top + 5], fill=UI["path"])
        draw.rectangle([left + offset, bottom - 5, left + offset + gap, bottom], fill=UI["path"])
        draw.rectangle([left, top + offset, left + 5, top + offset + gap], fill=UI["path"])
        draw.rectangle([right - 5, top + offset, right, top + offset + gap], fill=UI["path"])


def _label_squares(draw: ImageDraw.ImageDraw, where: Mapping[str, Square], labels: Mapping[str, Any]) -> None:
    """Short caller-given labels in the top-right corner of squares (e.g. option numbers)."""
    label_font = font(16, bold=True)
    for name, text in labels.items():
        if name not in where:
            continue
        _left, top, right, _bottom = GRID.square_box(*where[name])
        corner = (right - 12, top + 12)
        draw.ellipse(
            [corner[0] - 11, corner[1] - 11, corner[0] + 11, corner[1] + 11],
            fill=CALLER_MARK,
            outline=SEAL_INK,
            width=2,
        )
        draw.text(corner, str(text), font=label_font, fill=UI["ink_light"], anchor="mm")
