"""Kairo board geometry in pixels for each layout, and the static layer of the board (drawn once, cached).

The board is drawn on a 14 × 14 grid of squares: column ``x`` 0–13 (letters a–n), row ``y``
0–13, exactly the coordinates of the view (row 0 holds only the five queue squares). A ``Frame``
says where the board and the panel go: ``landscape`` puts the panel right of the board in a
1280-pixel-wide image; ``portrait`` puts it below, in an image 800 pixels wide made to be read on
a phone showing it 400 pixels wide (everything written in it is at least 22 pixels high, 11 once
shrunk). Everything that does not change during a game — background, souk sectors, tavern zone,
queue path, grid and sector lines, sector names, coordinates — is painted by ``static_board`` and
cached per frame and board layout, so a render only copies it and draws the pieces on top.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from render.fonts import font
from render.grid import Grid, column_letter
from render.palette import RGB, UI, mix, piece_rgb
from render.patterns import pattern_mask
from render.words import NO_WORDS, Words

CELL = 52
"""Side of one square in pixels (both layouts)."""
COLS = 14
ROWS = 14


@dataclass(frozen=True)
class Frame:
    """Where things go in one layout: the board grid, the panel, and how large the writing is.

    ``text`` scales every font of the panel; ``panel_box`` is the panel's box (its bottom is the
    image's last row in landscape; in portrait the panel grows down as far as its content needs).
    """

    name: str
    width: int
    outer: int
    coord_band: int
    coord_font: int
    text: float
    min_font: int = 0

    @property
    def grid(self) -> Grid:
        """The board grid: square ``(x, y)`` of the view is ``grid.square_box(x, y)``."""
        edge = self.outer + self.coord_band
        return Grid(edge, edge, CELL, COLS, ROWS)

    @property
    def board_size(self) -> tuple[int, int]:
        """The board part of the image: the grid, its coordinate bands and the outer margin."""
        edge = self.grid.bottom + self.coord_band + self.outer
        return (self.width if self.portrait else self.grid.right + self.coord_band + self.outer, edge)

    @property
    def portrait(self) -> bool:
        return self.name == "portrait"

    @property
    def phone(self) -> bool:
        """The layout a game's thread is posted with: the board alone, written large, a legend below."""
        return self.name == "phone"

    @property
    def panel_box(self) -> tuple[int, int, int, int]:
        """The panel's box: right of the board (landscape), or below it (portrait, open-ended)."""
        board_width, board_height = self.board_size
        if self.portrait:
            return (self.outer, board_height, self.width - self.outer, board_height + PORTRAIT_PANEL_MAX)
        return (board_width + 12 - self.outer, self.outer, self.width - self.outer, board_height - self.outer)

    def size(self, px: float) -> int:
        """A panel measure (row height, gap) in this frame's scale."""
        return round(px * self.text)

    def font_size(self, px: float) -> int:
        """A font size in this frame's scale, never under the frame's smallest legible size."""
        return max(self.min_font, round(px * self.text))


PORTRAIT_PANEL_MAX = 1600
"""Room drawn into below a portrait board; the image is then cut to what the panel used."""
LANDSCAPE = Frame("landscape", width=1280, outer=14, coord_band=26, coord_font=17, text=1.0)
PORTRAIT = Frame("portrait", width=800, outer=6, coord_band=30, coord_font=24, text=1.55, min_font=23)
PHONE = Frame("phone", width=840, outer=16, coord_band=40, coord_font=32, text=1.75, min_font=22)
"""The phone layout: 840 px wide (the board spans the picture, so its squares are as large at 360 px as they can
be), coordinates and labels at least 22 px high (10 px once shown 360 px wide)."""
FRAMES = {frame.name: frame for frame in (LANDSCAPE, PORTRAIT, PHONE)}

SOUK_TINTS: tuple[RGB, RGB] = ((240, 220, 182), (226, 199, 156))
"""The two alternating sector tones, so each sector reads as one block."""
TAVERN_TINT: RGB = mix(UI["board_square"], piece_rgb("purple", 0), 0.3)
TAVERN_TEXTURE: RGB = mix(TAVERN_TINT, UI["ink"], 0.13)
QUEUE_TINT: RGB = UI["path"]
SQUARE_LINE: RGB = mix(UI["board_line"], UI["board_square"], 0.35)
SECTOR_LINE: RGB = UI["frame_edge"]
TAVERN_LINE: RGB = mix(UI["frame"], piece_rgb("purple", 0), 0.35)
WATERMARK_AMOUNT = 0.2
"""How far the sector names are darkened from the sector tone."""
PHONE_WATERMARK_AMOUNT = 0.3
"""The same in the phone layout, where the codes must still read 360 px wide."""

SECTOR_ORDER: tuple[str, ...] = ("NW", "N", "NE", "W", "C", "E", "SW", "S", "SE")

Square = tuple[int, int]


@dataclass(frozen=True)
class LayoutSquare:
    """One board square as the static layer needs it."""

    name: str
    x: int
    y: int
    kind: str
    sector: str | None


@dataclass(frozen=True)
class SectorLabel:
    """A souk sector: its code, its label and its inclusive souk ranges."""

    code: str
    label: str
    x: tuple[int, int]
    y: tuple[int, int]


@dataclass(frozen=True, eq=False)
class Layout:
    """Everything about a Kairo board that never changes during a game; it keys the caches of static pictures.

    Compared by identity (hashing 190 squares on every look-up cost more than drawing them): ``layout_of``
    gives the same object for the same board.
    """

    squares: tuple[LayoutSquare, ...]
    sectors: tuple[SectorLabel, ...]


def layout_of(details: dict[str, Any]) -> Layout:
    """The static layout described by a view's ``details`` (the same object for the same board)."""
    squares = tuple((sq["name"], sq["x"], sq["y"], sq["kind"], sq.get("sector")) for sq in details["board"]["squares"])
    sectors = tuple(
        (code, spec.get("label", code), tuple(spec["x"]), tuple(spec["y"])) for code, spec in details["sectors"].items()
    )
    return _layout(squares, sectors)


@lru_cache(maxsize=32)
def _layout(squares: tuple[tuple[Any, ...], ...], sectors: tuple[tuple[Any, ...], ...]) -> Layout:
    return Layout(tuple(LayoutSquare(*square) for square in squares), tuple(SectorLabel(*sector) for sector in sectors))


def sector_tint(code: str | None) -> RGB:
    """The tone of a sector's souk squares: sectors alternate like a chequerboard."""
    index = SECTOR_ORDER.index(code) if code in SECTOR_ORDER else 0
    return SOUK_TINTS[index % 2]


def square_fill(square: LayoutSquare) -> RGB:
    """The ground colour of a square."""
    if square.kind == "tavern":
        return TAVERN_TINT
    if square.kind == "queue":
        return QUEUE_TINT
    return sector_tint(square.sector)


def _paint_grounds(image: Image.Image, grid: Grid, layout: Layout) -> None:
    """Every square filled with its ground colour; tavern squares get a tiled-floor texture."""
    draw = ImageDraw.Draw(image)
    for square in layout.squares:
        box = grid.square_box(square.x, square.y)
        draw.rectangle(box, fill=square_fill(square))
        if square.kind == "tavern":
            mask = pattern_mask("checks", CELL, CELL, CELL // 3)
            image.paste(TAVERN_TEXTURE, (box[0], box[1]), mask)
        draw.rectangle(box, outline=SQUARE_LINE, width=1)


def _edge_style(first: LayoutSquare | None, second: LayoutSquare | None) -> tuple[RGB, int] | None:
    """How the edge between two neighbouring squares is drawn (None: left as the thin grid line)."""
    if first is None and second is None:
        return None
    if first is None or second is None:
        return (SECTOR_LINE, 4)
    if "queue" in (first.kind, second.kind):
        return None  # the queue opens into the souk: a gap in its wall
    if first.sector != second.sector:
        return (SECTOR_LINE, 4)
    if first.kind != second.kind:
        return (TAVERN_LINE, 3)
    return None


def _edges(layout: Layout) -> Iterable[tuple[Square, Square, tuple[RGB, int]]]:
    """Each square edge that needs a strong line, with the line's style; thinner lines first."""
    at = {(sq.x, sq.y): sq for sq in layout.squares}
    found: list[tuple[Square, Square, tuple[RGB, int]]] = []
    for x in range(-1, COLS):
        for y in range(-1, ROWS):
            for other in ((x + 1, y), (x, y + 1)):
                style = _edge_style(at.get((x, y)), at.get(other))
                if style is not None:
                    found.append(((x, y), other, style))
    return sorted(found, key=lambda edge: edge[2][1])


def _edge_line(grid: Grid, first: Square, second: Square) -> tuple[tuple[int, int], tuple[int, int]]:
    """The pixel segment shared by two orthogonally neighbouring squares."""
    if first[0] != second[0]:
        x = grid.left + second[0] * CELL
        top = grid.top + first[1] * CELL
        return ((x, top), (x, top + CELL))
    y = grid.top + second[1] * CELL
    left = grid.left + first[0] * CELL
    return ((left, y), (left + CELL, y))


def _paint_edges(draw: ImageDraw.ImageDraw, grid: Grid, layout: Layout) -> None:
    """Sector boundaries and the board's outline thick, the tavern border medium."""
    for first, second, (colour, width) in _edges(layout):
        start, end = _edge_line(grid, first, second)
        half = width // 2
        if start[0] == end[0]:
            draw.rectangle([start[0] - half, start[1] - half, start[0] + half, end[1] + half], fill=colour)
        else:
            draw.rectangle([start[0] - half, start[1] - half, end[0] + half, start[1] + half], fill=colour)


def _paint_sector_names(
    draw: ImageDraw.ImageDraw, grid: Grid, layout: Layout, words: Words, *, phone: bool = False
) -> None:
    """Each sector's code large and its label small, watermarked in its middle (phone: the code alone, larger:
    it is what the building cards name)."""
    for sector in layout.sectors:
        centre_x = grid.left + (sector.x[0] + sector.x[1] + 1) * CELL / 2
        centre_y = grid.top + (sector.y[0] + sector.y[1] + 1) * CELL / 2
        if phone:
            ink = mix(sector_tint(sector.code), UI["ink"], PHONE_WATERMARK_AMOUNT)
            draw.text((centre_x, centre_y), sector.code, font=font(64, bold=True), fill=ink, anchor="mm")
            continue
        ink = mix(sector_tint(sector.code), UI["ink"], WATERMARK_AMOUNT)
        draw.text((centre_x, centre_y - 8), sector.code, font=font(46, bold=True), fill=ink, anchor="mm")
        draw.text(
            (centre_x, centre_y + 28), words(f"sector:{sector.code}"), font=font(15, bold=True), fill=ink, anchor="mm"
        )


def _paint_tavern_names(image: Image.Image, grid: Grid, layout: Layout, words: Words, size: int = 16) -> None:
    """ "TAVERN ZONE" watermarked along the middle of the south row and up the west and east columns."""
    tavern = [sq for sq in layout.squares if sq.kind == "tavern"]
    if not tavern:
        return
    ink = mix(TAVERN_TINT, UI["ink"], 0.35)
    bottom = max(sq.y for sq in tavern)
    middle_x = grid.left + (min(sq.x for sq in tavern) + max(sq.x for sq in tavern) + 1) * CELL / 2
    draw = ImageDraw.Draw(image)
    label_font = font(size, bold=True)
    zone = words("tavern_zone")
    draw.text((middle_x, grid.top + (bottom + 0.5) * CELL), zone, font=label_font, fill=ink, anchor="mm")
    rows = [sq.y for sq in tavern if sq.y != bottom]
    if not rows:
        return
    middle_y = grid.top + (min(rows) + max(rows) + 1) * CELL / 2
    for column in {sq.x for sq in tavern if sq.y != bottom}:
        _paste_vertical_text(image, zone, label_font, ink, (grid.left + (column + 0.5) * CELL, middle_y))


def _paste_vertical_text(
    image: Image.Image, text: str, text_font: ImageFont.FreeTypeFont, ink: RGB, centre: tuple[float, float]
) -> None:
    """``text`` written bottom-to-top, centred on ``centre``."""
    width = round(text_font.getlength(text)) + 4
    height = round(text_font.size) + 8
    mask = Image.new("L", (width, height), 0)
    ImageDraw.Draw(mask).text((width / 2, height / 2), text, font=text_font, fill=255, anchor="mm")
    mask = mask.transpose(Image.Transpose.ROTATE_90)
    image.paste(ink, (round(centre[0] - mask.width / 2), round(centre[1] - mask.height / 2)), mask)


def _paint_queue_marks(draw: ImageDraw.ImageDraw, frame: Frame, layout: Layout, words: Words) -> None:
    """The queue squares' names, and an "entrance" sign with an arrow pointing at the queue."""
    grid = frame.grid
    queue = sorted((sq for sq in layout.squares if sq.kind == "queue"), key=lambda sq: sq.x)
    for square in queue:
        left, top, _right, _bottom = grid.square_box(square.x, square.y)
        # top left, a queued pawn stands in the corner across (``queue_pawn_spot``); on a phone in full ink (soft ink
        # was lost 360 px wide) and no larger than the frame's smallest size, so both fit the square
        label = font(frame.font_size(12 if frame.phone else 13), bold=True)
        draw.text((left + 3, top + 1), square.name, font=label, fill=UI["ink" if frame.phone else "ink_soft"])
    if not queue:
        return
    first = queue[0]
    _left, top, _right, bottom = grid.square_box(first.x, first.y)
    middle = (top + bottom) / 2
    arrow_end = grid.left + first.x * CELL - 6
    arrow_start = grid.left + 4
    label = font(frame.font_size(16 if frame.phone else 15), bold=True)
    draw.text((arrow_start, middle - 9), words("entrance"), font=label, fill=UI["frame"], anchor="lm")
    draw.line([(arrow_start, middle + 12), (arrow_end - 8, middle + 12)], fill=UI["frame"], width=4)
    draw.polygon(
        [(arrow_end, middle + 12), (arrow_end - 14, middle + 4), (arrow_end - 14, middle + 20)],
        fill=UI["frame"],
    )


def _paint_coordinates(draw: ImageDraw.ImageDraw, frame: Frame, layout: Layout) -> None:
    """Column letters above and below the board, row numbers on both sides (rows 1–13).

    In the phone layout each is a light label on its own dark tab: the letters stay apart (read one by one, not
    as a word "abcde"), and they read on both Discord themes.
    """
    grid, band = frame.grid, frame.coord_band
    label_font = font(frame.coord_font, bold=True)
    colour = UI["ink_light"] if frame.phone else UI["coordinate"]
    rows = sorted({sq.y for sq in layout.squares if sq.kind != "queue"})
    columns = sorted({sq.x for sq in layout.squares})

    def label(centre: tuple[float, float], text: str) -> None:
        if frame.phone:
            half_w, half_h = max(band / 2 - 2, label_font.getlength(text) / 2 + 5), band / 2 - 2
            tab = (centre[0] - half_w, centre[1] - half_h, centre[0] + half_w, centre[1] + half_h)
            draw.rounded_rectangle(tab, radius=7, fill=UI["coordinate"])
        draw.text(centre, text, font=label_font, fill=colour, anchor="mm")

    for x in columns:
        centre_x = grid.left + (x + 0.5) * CELL
        label((centre_x, grid.top - band / 2), column_letter(x))
        label((centre_x, grid.bottom + band / 2), column_letter(x))
    for y in rows:
        centre_y = grid.top + (y + 0.5) * CELL
        label((grid.left - band / 2, centre_y), str(y))
        label((grid.right + band / 2, centre_y), str(y))


@lru_cache(maxsize=8)
def static_board(frame: Frame, layout: Layout, words: Words = NO_WORDS) -> Image.Image:
    """The board without any pieces, for ``frame`` and ``layout``, its words from ``words``; shared, so callers
    copy it before drawing."""
    image = Image.new("RGB", frame.board_size, UI["background"])
    grid = frame.grid
    _paint_grounds(image, grid, layout)
    draw = ImageDraw.Draw(image)
    _paint_sector_names(draw, grid, layout, words, phone=frame.phone)
    _paint_tavern_names(image, grid, layout, words, frame.font_size(16) if frame.phone else 16)
    _paint_edges(draw, grid, layout)
    _paint_queue_marks(draw, frame, layout, words)
    _paint_coordinates(draw, frame, layout)
    return image
