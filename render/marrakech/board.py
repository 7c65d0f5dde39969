"""The market: frame and border arcs, squares and coordinates, carpets as rugs, the last carpet, Assam and his path.

Two halves of one carpet share one outline; a half whose partner is covered has its own. Neutral
carpets are greyed and tagged "out"; the carpet laid last is outlined; the squares the caller
highlights are framed; Assam's walk this turn is traced, round the arcs he rode.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.base import View
from render.fonts import font
from render.grid import Box, Grid, Square, inset
from render.marrakech.arcs import BORDER_ARCS, DIRECTIONS, arc_points, path_pixels, route_path
from render.marrakech.layout import SIZE, Layout
from render.marrakech.scene import CarpetStyle, RugPiece, rug_pieces, seat_letters, square_of, squares_of, style_of
from render.palette import RGB, UI, greyed, mix, text_colour_on
from render.patterns import patterned_tile
from render.widgets import Shaped, draw_tag, paste_shaped, paste_sprite, smooth_sprite
from render.words import NO_WORDS, Words

TAG_SIZE = 22


# ---- the static layer ---------------------------------------------------------------------------
def _paint_frame(layout: Layout) -> Image.Image:
    """The board's frame with its border arcs, as a smooth sprite (origin at the frame corner)."""
    box = layout.frame_box
    width, height = box[2] - box[0], box[3] - box[1]

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        draw.rounded_rectangle(
            [0, 0, (width - 1) * scale, (height - 1) * scale],
            radius=layout.px(18) * scale,
            fill=UI["frame"],
            outline=UI["frame_edge"],
            width=layout.px(3) * scale,
        )
        shift = (box[0] * scale, box[1] * scale)
        for arc in BORDER_ARCS:
            points = [(x - shift[0], y - shift[1]) for x, y in arc_points(arc, layout, scale=scale)]
            draw.line(points, fill=UI["frame_edge"], width=layout.px(16) * scale, joint="curve")
            draw.line(points, fill=UI["arc"], width=layout.px(10) * scale, joint="curve")

    return smooth_sprite(width, height, paint)


def _paint_square_motif(draw: ImageDraw.ImageDraw, box: Box, cell: int) -> None:
    """The faint diamond that decorates an empty market square."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    reach = cell * 0.3
    diamond = [(cx, cy - reach), (cx + reach, cy), (cx, cy + reach), (cx - reach, cy)]
    draw.polygon(diamond, outline=mix(UI["board_square"], UI["board_line"], 0.35), width=2)


def paint_board(image: Image.Image, layout: Layout) -> None:
    """The frame, arcs, squares, grid lines and coordinates."""
    frame = _paint_frame(layout)
    image.paste(frame, layout.frame_box[:2], frame)
    draw, grid = ImageDraw.Draw(image), layout.grid
    draw.rectangle(grid.box, fill=UI["board_square"])
    for y in range(SIZE):
        for x in range(SIZE):
            _paint_square_motif(draw, grid.square_box(x, y), layout.cell)
    grid.draw_lines(draw, UI["board_line"], width=2)
    draw.rectangle(inset(grid.box, -2), outline=UI["frame_edge"], width=layout.px(3))
    grid.draw_coordinates(draw, font(layout.coordinate_size, bold=True), UI["coordinate"], layout.label_distance)


# ---- carpets --------------------------------------------------------------------------------------
def _draw_fringe(
    draw: ImageDraw.ImageDraw, box: Box, vertical: bool, layout: Layout, ink: RGB | int = UI["ink"]
) -> None:
    """Tassels on the two short ends of a two-square rug (``ink`` 1 draws them on a mask)."""
    left, top, right, bottom = box
    reach, gap = layout.px(5) - 1, layout.px(7)
    if vertical:
        for x in range(left + layout.px(6), right - 4, gap):
            draw.line([(x, top - reach), (x, top)], fill=ink, width=2)
            draw.line([(x, bottom), (x, bottom + reach)], fill=ink, width=2)
    else:
        for y in range(top + layout.px(6), bottom - 4, gap):
            draw.line([(left - reach, y), (left, y)], fill=ink, width=2)
            draw.line([(right, y), (right + reach, y)], fill=ink, width=2)


def _draw_rug(
    image: Image.Image, piece: RugPiece, style: CarpetStyle, layout: Layout, letter: str = "", out_tag: str = ""
) -> None:
    """One visible carpet piece: patterned fill, woven border, one outline round the whole piece (a cached picture),
    and ``letter`` (its merchant's seat number, in the phone layout) on a disc in the middle."""
    box = inset(layout.grid.span_box(piece.squares), layout.px(5))
    columns = len({x for x, _ in piece.squares})
    rows = len({y for _, y in piece.squares})
    base = greyed(style.base) if piece.neutral else style.base
    picture = rug_picture(layout, columns, rows, base, style.pattern, piece.neutral, letter, out_tag)
    paste_shaped(image, picture, (box[0] - RUG_MARGIN, box[1] - RUG_MARGIN))


RUG_MARGIN = 6
"""Room round a rug's picture for its fringe."""


@lru_cache(maxsize=256)
def rug_picture(
    layout: Layout, columns: int, rows: int, base: RGB, pattern: str, neutral: bool, letter: str = "", out_tag: str = ""
) -> Shaped:
    """A rug over ``columns`` × ``rows`` squares in ``base`` and ``pattern`` (greyed and tagged ``out_tag`` if
    ``neutral``), ``letter`` on a disc in its middle."""
    squares = [(x, y) for x in range(columns) for y in range(rows)]
    grid = Grid(RUG_MARGIN - layout.px(5), RUG_MARGIN - layout.px(5), layout.cell, columns, rows)
    box = inset(grid.span_box(squares), layout.px(5))
    size = (box[2] + RUG_MARGIN + 1, box[3] + RUG_MARGIN + 1)
    picture, mask = Image.new("RGB", size, base), Image.new("1", size, 0)
    draw, shape = ImageDraw.Draw(picture), ImageDraw.Draw(mask)
    width, height = box[2] - box[0], box[3] - box[1]
    picture.paste(patterned_tile(base, pattern, width, height, layout.px(16)), box[:2])
    if layout.phone:  # a plain band inside the edge: no row of cut stripes, that OCR reads as digits
        draw.rectangle(box, outline=base, width=layout.px(9))
    draw.rectangle(inset(box, layout.px(6)), outline=mix(base, UI["ink_light"], 0.55), width=layout.px(3))
    draw.rectangle(box, outline=UI["ink"], width=layout.px(3))
    shape.rectangle(box, fill=1)
    if len(squares) == 2 and not layout.phone:  # at 360 px tassels are grey fuzz (and OCR reads them as digits)
        _draw_fringe(draw, box, vertical=height > width, layout=layout)
        _draw_fringe(shape, box, vertical=height > width, layout=layout, ink=1)
    if neutral:
        _draw_neutral_tags(draw, squares, grid, layout, out_tag)
    elif letter:
        cx, cy, radius = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, layout.cell * 0.2
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=base, outline=UI["ink"], width=3)
        draw.text(
            (cx, cy), letter, font=font(round(layout.cell * 0.3), bold=True), fill=text_colour_on(base), anchor="mm"
        )
    return picture, mask


def _draw_neutral_tags(
    draw: ImageDraw.ImageDraw, squares: Sequence[Square], grid: Grid, layout: Layout, tag: str
) -> None:
    """An "out" tag (``tag``) on every square of a carpet whose merchant has left the market."""
    tag_font = font(layout.px(TAG_SIZE), bold=True)
    for square in squares:
        cx, cy = grid.centre(*square)
        width = tag_font.getlength(tag) + 12
        draw_tag(draw, (cx - width / 2, cy - layout.px(16)), tag, tag_font, fill=UI["panel"],
                 text_fill=UI["ink"])  # fmt: skip


def draw_carpets(
    image: Image.Image, view: View, styles: Sequence[CarpetStyle], layout: Layout, words: Words = NO_WORDS
) -> None:
    """Every visible carpet on the board."""
    letters = seat_letters(view) if layout.phone else {}
    out = words("carpet_out")
    for piece in rug_pieces(view.details.get("board") or []):
        _draw_rug(image, piece, style_of(styles, piece.colour), layout, letters.get(piece.colour, ""), out)


# ---- outlines -------------------------------------------------------------------------------------
def _outline_squares(draw: ImageDraw.ImageDraw, squares: Sequence[Square], layout: Layout, width: int) -> None:
    """A bold frame round the squares, with a thin dark edge so it shows on any colour."""
    box = inset(layout.grid.span_box(squares), 1)
    draw.rectangle(inset(box, -2), outline=UI["ink"], width=2)
    draw.rectangle(box, outline=UI["highlight"], width=width)
    draw.rectangle(inset(box, width), outline=UI["ink"], width=2)


def draw_last_carpet(draw: ImageDraw.ImageDraw, view: View, layout: Layout) -> None:
    """A strong outline round the carpet laid last."""
    last = view.details.get("last") or {}
    if last.get("carpet"):
        _outline_squares(draw, squares_of(last["carpet"]), layout, layout.px(6))


def draw_highlight(draw: ImageDraw.ImageDraw, highlight: Sequence[str], layout: Layout) -> None:
    """A frame on each square the caller points at (by name)."""
    for name in highlight:
        box = inset(layout.grid.square_box(*square_of(name)), 3)
        draw.rectangle(box, outline=UI["highlight"], width=layout.px(4) + 1)
        draw.rectangle(inset(box, layout.px(4) + 1), outline=UI["ink"], width=1)


# ---- Assam and his path -----------------------------------------------------------------------------
def draw_path(draw: ImageDraw.ImageDraw, view: View, layout: Layout) -> None:
    """Assam's walk this turn: a line through the squares he crossed (round the arcs), a dot on each."""
    last = view.details.get("last") or {}
    path = squares_of(last.get("path"))
    if len(path) < 2:
        return
    facing = (view.details.get("assam") or {}).get("facing")
    points = path_pixels(route_path(path, facing), layout)
    draw.line(points, fill=UI["ink"], width=layout.px(11), joint="curve")
    draw.line(points, fill=UI["path"], width=layout.px(5), joint="curve")
    for number, square in enumerate(path[:-1]):
        cx, cy = layout.grid.centre(*square)
        radius = layout.px(11 if number == 0 else 8)
        fill = UI["ink"] if number == 0 else UI["path"]
        draw.ellipse([cx - radius, cy - radius, cx + radius, cy + radius], fill=fill, outline=UI["ink"], width=3)


@lru_cache(maxsize=8)
def assam_sprite(facing: str, size: int) -> Image.Image:
    """Assam seen from above: a round body with a pointed nose towards ``facing``, ``size`` pixels square."""
    dx, dy = DIRECTIONS.get(facing, DIRECTIONS["N"])

    def figure(scale: int, grow: float) -> tuple[list[tuple[float, float]], list[float]]:
        centre = size * scale / 2
        body = size * scale * 0.25 + grow
        tip = size * scale * 0.47 + grow * 1.6
        base_offset, half_width = size * scale * 0.06, size * scale * 0.24 + grow
        point = (centre + dx * tip, centre + dy * tip)
        base = (centre + dx * base_offset, centre + dy * base_offset)
        wing1 = (base[0] - dy * half_width, base[1] + dx * half_width)
        wing2 = (base[0] + dy * half_width, base[1] - dx * half_width)
        return [point, wing1, wing2], [centre - body, centre - body, centre + body, centre + body]

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        for grow, colour in ((size / 21 * scale, UI["token_trim"]), (0, UI["token"])):
            nose, body = figure(scale, grow)
            draw.polygon(nose, fill=colour)
            draw.ellipse(body, fill=colour)
        centre, head = size * scale / 2, size * scale * 0.1
        draw.ellipse([centre - head, centre - head, centre + head, centre + head], fill=UI["out"])

    return smooth_sprite(size, size, paint)


def draw_assam(image: Image.Image, view: View, layout: Layout) -> None:
    """Assam on his square, pointing the way he faces."""
    assam = view.details.get("assam")
    if assam:
        sprite = assam_sprite(assam.get("facing", "N"), layout.cell)
        paste_sprite(image, sprite, layout.grid.centre(*square_of(assam["square"])))
