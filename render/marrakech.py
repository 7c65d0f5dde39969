"""The Marrakech board image, drawn from the engine's ``view`` dict only.

``render_board(view, highlight=None)`` returns a 1280 × 800 PNG: on the left the 7 × 7 market
with its coordinates (columns a–g west to east, rows 1–7 north to south), the border arcs that
turn Assam round at the edge, every visible carpet drawn as a rug (two halves of one carpet
share one outline; a half whose partner is covered has its own), neutral carpets greyed and
labelled "out", the last carpet outlined and Assam's last path traced; on the right a panel
with the players, whose turn it is, the last roll and tribute, and the final result.

``highlight`` lets the caller point at squares (nothing here computes rules):
``{"squares": [[x, y], ...], "carpet": [[x, y], [x, y]], "colour": colour_id}`` outlines the
squares and shows a proposed carpet, see-through in that colour (``colour`` is optional).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Any

from PIL import Image, ImageDraw

from engines.base import seat_name
from render.fonts import font
from render.grid import Box, Grid, Square, inset, square_name
from render.palette import RGB, UI, greyed, mix, piece_rgb
from render.panel import PlayerCard, draw_player_card
from render.patterns import pattern_for, patterned_tile
from render.png import encode_png
from render.text import TextColumn, fit_text
from render.widgets import die_face, draw_swatch, draw_tag, paste_sprite, smooth_sprite

WIDTH, HEIGHT = 1280, 800
SIZE = 7
CELL = 84
ARC_RADIUS = CELL // 2
FRAME_BAND = ARC_RADIUS + 12
LABEL_DISTANCE = FRAME_BAND + 24
GRID = Grid(left=(HEIGHT - SIZE * CELL) // 2, top=(HEIGHT - SIZE * CELL) // 2, cell=CELL, cols=SIZE, rows=SIZE)
FRAME_BOX: Box = inset(GRID.box, -FRAME_BAND)

PANEL_BOX: Box = (GRID.right + LABEL_DISTANCE + 26, 16, WIDTH - 16, HEIGHT - 16)
PANEL_PADDING = 18

RUG_INSET = 5
PATTERN_STEP = 16

TITLE_SIZE = 32
HEADLINE_SIZE = 26
BODY_SIZE = 24
TAG_SIZE = 22
COORDINATE_SIZE = 30
DIE_SIZE = 60
NAME_IN_TEXT_WIDTH = 250

PHASE_ACTIONS = {
    "orient": "to turn Assam",
    "roll": "to roll the die",
    "draw": "to draw a carpet",
    "place": "to place a carpet",
}
CHANCE_ACTIONS = {"roll": "Rolling the die…", "draw": "Drawing the next carpet…"}

DIRECTIONS: dict[str, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


# ---- geometry of the border arcs ---------------------------------------------------------------
@dataclass(frozen=True)
class BorderArc:
    """A mosaic arc outside the board that turns Assam round.

    The arc is a piece of circle of radius ``ARC_RADIUS`` around grid corner ``pivot``
    (in grid-line units), running clockwise from ``start_angle`` (touching square ``start``)
    to ``end_angle`` (touching square ``end``). ``sides`` is the board edge it leaves by:
    one letter for a U-turn between two squares, two ("NE", "SW") for a corner loop, where
    ``start == end`` and the first letter is the side at ``start_angle``.
    """

    start: Square
    end: Square
    pivot: tuple[int, int]
    start_angle: int
    end_angle: int
    sides: str

    @property
    def is_corner(self) -> bool:
        """Whether this is a corner loop that brings Assam back to the same square."""
        return self.start == self.end


def _border_arcs() -> tuple[BorderArc, ...]:
    """The arcs of the GAMES.md table: pairs of edge squares joined by U-turns, two corner loops."""
    last = SIZE - 1
    return (
        *(BorderArc((x, 0), (x + 1, 0), (x + 1, 0), 180, 360, "N") for x in (0, 2, 4)),
        *(BorderArc((last, y), (last, y + 1), (SIZE, y + 1), 270, 450, "E") for y in (1, 3, 5)),
        *(BorderArc((x + 1, last), (x, last), (x + 1, SIZE), 0, 180, "S") for x in (1, 3, 5)),
        *(BorderArc((0, y + 1), (0, y), (0, y + 1), 90, 270, "W") for y in (0, 2, 4)),
        BorderArc((last, 0), (last, 0), (SIZE, 0), 180, 450, "NE"),
        BorderArc((0, last), (0, last), (0, SIZE), 0, 270, "SW"),
    )


BORDER_ARCS = _border_arcs()
ARC_BY_SQUARES: dict[frozenset[Square], BorderArc] = {frozenset((a.start, a.end)): a for a in BORDER_ARCS}


def arc_pivot_pixels(arc: BorderArc) -> tuple[float, float]:
    """The pixel centre of ``arc``'s circle."""
    return (GRID.left + arc.pivot[0] * CELL, GRID.top + arc.pivot[1] * CELL)


def arc_points(arc: BorderArc, *, reverse: bool = False, scale: int = 1) -> list[tuple[float, float]]:
    """Points along ``arc`` (end to start if ``reverse``), in pixels times ``scale``."""
    cx, cy = arc_pivot_pixels(arc)
    count = (arc.end_angle - arc.start_angle) // 10
    angles = [math.radians(arc.start_angle + i * 10) for i in range(count + 1)]
    if reverse:
        angles.reverse()
    return [((cx + ARC_RADIUS * math.cos(a)) * scale, (cy + ARC_RADIUS * math.sin(a)) * scale) for a in angles]


# ---- Assam's path -------------------------------------------------------------------------------
@dataclass(frozen=True)
class PathStep:
    """One step of Assam's walk: a straight move between neighbours, or a ride along a border arc."""

    start: Square
    end: Square
    arc: BorderArc | None = None
    reverse: bool = False


def _direction(origin: Square, target: Square) -> str | None:
    """The compass letter of a one-square orthogonal move, or None."""
    delta = (target[0] - origin[0], target[1] - origin[1])
    return next((name for name, step in DIRECTIONS.items() if step == delta), None)


def _step_from(square: Square, heading: str) -> tuple[PathStep, str]:
    """One step from ``square`` heading ``heading``, round a border arc if it leaves the board,
    and the heading after it."""
    dx, dy = DIRECTIONS[heading]
    target = (square[0] + dx, square[1] + dy)
    if GRID.contains(*target):
        return PathStep(square, target), heading
    for arc in BORDER_ARCS:
        if arc.start == square and arc.sides[0] == heading:
            return PathStep(square, arc.end, arc), OPPOSITE[arc.sides[-1]]
        if arc.end == square and arc.sides[-1] == heading:
            return PathStep(square, arc.start, arc, reverse=True), OPPOSITE[arc.sides[0]]
    raise ValueError(f"No border arc leaves {square} heading {heading}.")


def _replay(path: Sequence[Square], heading: str) -> tuple[list[PathStep], str] | None:
    """The steps of ``path`` if Assam started it heading ``heading``, and his heading at the end;
    None if that start cannot produce this path."""
    steps: list[PathStep] = []
    square = path[0]
    for target in path[1:]:
        step, heading = _step_from(square, heading)
        if step.end != target:
            return None
        steps.append(step)
        square = target
    return steps, heading


def _guess_step(start: Square, end: Square) -> PathStep:
    """A step of a path no walk explains: an arc only between squares that are not neighbours."""
    arc = ARC_BY_SQUARES.get(frozenset((start, end)))
    if arc is None or _direction(start, end) is not None:
        return PathStep(start, end)
    return PathStep(start, end, arc, reverse=start != arc.start)


def route_path(path: Sequence[Square], final_facing: str | None) -> list[PathStep]:
    """Assam's walk through ``path`` (the squares he stood on, start included) as steps.

    The squares alone can be ambiguous (a1 to b1 is a step east or the ride over the north arc),
    so the walk is replayed from each starting heading; the one ending with Assam facing
    ``final_facing`` wins (in the variant he may have been turned since, so any replay will do).
    """
    replays = [found for heading in DIRECTIONS if (found := _replay(path, heading)) is not None]
    for steps, heading in replays:
        if heading == final_facing:
            return steps
    if replays:
        return replays[0][0]
    return [_guess_step(start, end) for start, end in pairwise(path)]


def path_pixels(steps: Sequence[PathStep]) -> list[tuple[float, float]]:
    """The polyline through the centres of the path's squares, bending round the arcs used."""
    points: list[tuple[float, float]] = []
    for step in steps:
        if not points:
            points.append(GRID.centre(*step.start))
        if step.arc is not None:
            points.extend(arc_points(step.arc, reverse=step.reverse))
        points.append(GRID.centre(*step.end))
    return points


# ---- reading the view ---------------------------------------------------------------------------
@dataclass(frozen=True)
class CarpetStyle:
    """How one colour id looks: its name, fill and colour-blind-safe pattern."""

    name: str
    base: RGB
    pattern: str


@dataclass(frozen=True)
class RugPiece:
    """The visible part of one carpet: one square, or two neighbouring squares drawn as one rug."""

    squares: tuple[Square, ...]
    colour: int
    neutral: bool


def carpet_styles(view: dict[str, Any]) -> list[CarpetStyle]:
    """The style of every colour id named in the view."""
    names: list[str] = view.get("colours") or []
    return [CarpetStyle(name, piece_rgb(name, cid), pattern_for(cid)) for cid, name in enumerate(names)]


def style_of(styles: Sequence[CarpetStyle], colour: int) -> CarpetStyle:
    """The style of colour id ``colour``, made up if the view did not name it."""
    if 0 <= colour < len(styles):
        return styles[colour]
    return CarpetStyle(f"colour {colour + 1}", piece_rgb(None, colour), pattern_for(colour))


def rug_pieces(board: Sequence[Sequence[dict[str, Any] | None]]) -> list[RugPiece]:
    """The visible carpets: the halves sharing a carpet id and a side form one piece."""
    by_carpet: dict[int, list[tuple[Square, dict[str, Any]]]] = {}
    for y, row in enumerate(board):
        for x, cell in enumerate(row):
            if cell is not None:
                by_carpet.setdefault(cell["carpet"], []).append(((x, y), cell))
    pieces: list[RugPiece] = []
    for halves in by_carpet.values():
        squares = [square for square, _ in halves]
        joined = len(halves) == 2 and _direction(squares[0], squares[1]) is not None
        groups = [halves] if joined else [[half] for half in halves]
        for group in groups:
            cell = group[0][1]
            pieces.append(RugPiece(tuple(s for s, _ in group), cell["colour"], bool(cell.get("neutral", False))))
    return pieces


def player_name(view: dict[str, Any], seat: int) -> str:
    """The display name of ``seat``: from ``view["names"]`` if given, else "Player N"."""
    return seat_name(view.get("names"), seat)


def _as_square(pair: Sequence[int]) -> Square:
    """A JSON ``[x, y]`` pair as a square tuple."""
    return (int(pair[0]), int(pair[1]))


# ---- the static layer ---------------------------------------------------------------------------
def _paint_frame(draw: ImageDraw.ImageDraw, scale: int) -> None:
    """The board's frame with its border arcs, for ``smooth_sprite`` (origin at the frame corner)."""
    left, top, right, bottom = (v - FRAME_BOX[0] for v in FRAME_BOX)
    draw.rounded_rectangle(
        [left * scale, top * scale, (right - 1) * scale, (bottom - 1) * scale],
        radius=18 * scale,
        fill=UI["frame"],
        outline=UI["frame_edge"],
        width=3 * scale,
    )
    shift = FRAME_BOX[0] * scale
    for arc in BORDER_ARCS:
        points = [(x - shift, y - shift) for x, y in arc_points(arc, scale=scale)]
        draw.line(points, fill=UI["frame_edge"], width=16 * scale, joint="curve")
        draw.line(points, fill=UI["arc"], width=10 * scale, joint="curve")


def _paint_square_motif(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """The faint diamond that decorates an empty market square."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    reach = CELL * 0.3
    diamond = [(cx, cy - reach), (cx + reach, cy), (cx, cy + reach), (cx - reach, cy)]
    draw.polygon(diamond, outline=mix(UI["board_square"], UI["board_line"], 0.35), width=2)


def _paint_board(image: Image.Image) -> None:
    """The frame, arcs, squares, grid lines and coordinates."""
    frame = smooth_sprite(FRAME_BOX[2] - FRAME_BOX[0], FRAME_BOX[3] - FRAME_BOX[1], _paint_frame)
    image.paste(frame, FRAME_BOX[:2], frame)
    draw = ImageDraw.Draw(image)
    draw.rectangle(GRID.box, fill=UI["board_square"])
    for y in range(SIZE):
        for x in range(SIZE):
            _paint_square_motif(draw, GRID.square_box(x, y))
    GRID.draw_lines(draw, UI["board_line"], width=2)
    draw.rectangle(inset(GRID.box, -2), outline=UI["frame_edge"], width=3)
    GRID.draw_coordinates(draw, font(COORDINATE_SIZE, bold=True), UI["coordinate"], LABEL_DISTANCE)


def _paint_panel(image: Image.Image) -> None:
    """The empty side panel."""
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(PANEL_BOX, radius=16, fill=UI["panel"], outline=UI["panel_edge"], width=3)


@lru_cache(maxsize=1)
def static_layer() -> Image.Image:
    """Everything that never changes: background, board, arcs, labels, empty panel (shared; copy it)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), UI["background"])
    _paint_board(image)
    _paint_panel(image)
    return image


# ---- carpets, Assam and highlights ----------------------------------------------------------------
def _draw_fringe(draw: ImageDraw.ImageDraw, box: Box, vertical: bool, colour: RGB) -> None:
    """Tassels on the two short ends of a two-square rug."""
    left, top, right, bottom = box
    if vertical:
        for x in range(left + 6, right - 4, 7):
            draw.line([(x, top - RUG_INSET + 1), (x, top)], fill=colour, width=2)
            draw.line([(x, bottom), (x, bottom + RUG_INSET - 1)], fill=colour, width=2)
    else:
        for y in range(top + 6, bottom - 4, 7):
            draw.line([(left - RUG_INSET + 1, y), (left, y)], fill=colour, width=2)
            draw.line([(right, y), (right + RUG_INSET - 1, y)], fill=colour, width=2)


def _draw_rug(image: Image.Image, draw: ImageDraw.ImageDraw, piece: RugPiece, style: CarpetStyle) -> None:
    """One visible carpet piece: patterned fill, woven border, one outline round the whole piece."""
    box = inset(GRID.span_box(piece.squares), RUG_INSET)
    base = greyed(style.base) if piece.neutral else style.base
    width, height = box[2] - box[0], box[3] - box[1]
    image.paste(patterned_tile(base, style.pattern, width, height, PATTERN_STEP), box[:2])
    draw.rectangle(inset(box, 6), outline=mix(base, UI["ink_light"], 0.55), width=3)
    draw.rectangle(box, outline=UI["ink"], width=3)
    if len(piece.squares) == 2:
        _draw_fringe(draw, box, vertical=height > width, colour=UI["ink"])
    if piece.neutral:
        _draw_neutral_labels(draw, piece)


def _draw_neutral_labels(draw: ImageDraw.ImageDraw, piece: RugPiece) -> None:
    """An "out" tag on every square of a carpet whose owner has left the game."""
    label_font = font(TAG_SIZE, bold=True)
    for square in piece.squares:
        cx, cy = GRID.centre(*square)
        width = label_font.getlength("out") + 12
        draw_tag(
            draw,
            (cx - width / 2, cy - 16),
            "out",
            label_font,
            fill=UI["panel"],
            text_fill=UI["ink"],
        )


def _draw_carpets(image: Image.Image, view: dict[str, Any], styles: Sequence[CarpetStyle]) -> None:
    """Every visible carpet on the board."""
    draw = ImageDraw.Draw(image)
    for piece in rug_pieces(view.get("board") or []):
        _draw_rug(image, draw, piece, style_of(styles, piece.colour))


def _outline_squares(draw: ImageDraw.ImageDraw, squares: Sequence[Square], colour: RGB, width: int) -> None:
    """A bold frame round the squares, with a thin dark edge so it shows on any colour."""
    box = inset(GRID.span_box(squares), 1)
    draw.rectangle(inset(box, -2), outline=UI["ink"], width=2)
    draw.rectangle(box, outline=colour, width=width)
    draw.rectangle(inset(box, width), outline=UI["ink"], width=2)


def _draw_last_carpet(draw: ImageDraw.ImageDraw, last: dict[str, Any] | None) -> None:
    """A strong outline round the carpet laid last."""
    if last and last.get("carpet"):
        _outline_squares(draw, [_as_square(s) for s in last["carpet"]], UI["highlight"], 6)


def _draw_proposed_carpet(image: Image.Image, squares: Sequence[Square], style: CarpetStyle | None) -> None:
    """A see-through rug where the caller proposes to lay a carpet, in its colour when known."""
    box = inset(GRID.span_box(squares), RUG_INSET)
    if style is not None:
        width, height = box[2] - box[0], box[3] - box[1]
        ghost = patterned_tile(style.base, style.pattern, width, height, PATTERN_STEP)
        image.paste(Image.blend(image.crop(box), ghost, 0.6), box[:2])
    _outline_squares(ImageDraw.Draw(image), squares, UI["path"], 5)


def _draw_highlight(image: Image.Image, highlight: dict[str, Any] | None, styles: Sequence[CarpetStyle]) -> None:
    """The squares and the proposed carpet the caller asked to point at."""
    if not highlight:
        return
    draw = ImageDraw.Draw(image)
    for square in highlight.get("squares") or []:
        box = inset(GRID.square_box(*_as_square(square)), 3)
        draw.rectangle(box, outline=UI["highlight"], width=4)
        draw.rectangle(inset(box, 4), outline=UI["ink"], width=1)
    if highlight.get("carpet"):
        colour = highlight.get("colour")
        style = style_of(styles, colour) if colour is not None else None
        _draw_proposed_carpet(image, [_as_square(s) for s in highlight["carpet"]], style)


def _draw_path(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """Assam's walk this turn: a line through the squares he crossed, a dot on each."""
    last = view.get("last") or {}
    path = [_as_square(s) for s in last.get("path") or []]
    if len(path) < 2:
        return
    facing = (view.get("assam") or {}).get("facing")
    points = path_pixels(route_path(path, facing))
    draw.line(points, fill=UI["ink"], width=11, joint="curve")
    draw.line(points, fill=UI["path"], width=5, joint="curve")
    for index, square in enumerate(path[:-1]):
        cx, cy = GRID.centre(*square)
        radius = 11 if index == 0 else 8
        fill = UI["ink"] if index == 0 else UI["path"]
        draw.ellipse([cx - radius, cy - radius, cx + radius, cy + radius], fill=fill, outline=UI["ink"], width=3)


@lru_cache(maxsize=4)
def assam_sprite(facing: str) -> Image.Image:
    """Assam seen from above: a round body with a pointed nose towards ``facing``."""
    size = CELL
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
        for grow, colour in ((4 * scale, UI["token_trim"]), (0, UI["token"])):
            nose, body = figure(scale, grow)
            draw.polygon(nose, fill=colour)
            draw.ellipse(body, fill=colour)
        centre, head = size * scale / 2, size * scale * 0.1
        draw.ellipse([centre - head, centre - head, centre + head, centre + head], fill=UI["out"])

    return smooth_sprite(size, size, paint)


def _draw_assam(image: Image.Image, view: dict[str, Any]) -> None:
    """Assam on his square, pointing the way he faces."""
    assam = view.get("assam")
    if assam:
        paste_sprite(image, assam_sprite(assam.get("facing", "N")), GRID.centre(assam["x"], assam["y"]))


# ---- the side panel ------------------------------------------------------------------------------
def short_name(view: dict[str, Any], seat: int, max_width: float = NAME_IN_TEXT_WIDTH) -> str:
    """A player's name shortened to fit inside a sentence of the panel."""
    return fit_text(player_name(view, seat), font(BODY_SIZE), max_width)


def _card_tags(view: dict[str, Any], player: dict[str, Any]) -> list[tuple[str, RGB]]:
    """The labels on a player's card: winner, out, or that it is their turn."""
    outcome, seat = view.get("outcome"), player["seat"]
    tags: list[tuple[str, RGB]] = []
    if outcome is not None and seat in outcome.get("winners", []):
        tags.append(("WINNER", UI["winner"]))
    if player.get("out"):
        tags.append(("OUT", UI["out"]))
    if outcome is None and view.get("to_move") == seat:
        tags.append(("TO PLAY", UI["ink"]))
    return tags


def _card_figures(view: dict[str, Any], player: dict[str, Any]) -> list[tuple[str, str]]:
    """The second line of a card: money and carpets in play, or the final sum once the game is over."""
    dirhams, visible = str(player.get("dirhams", 0)), str(player.get("visible", 0))
    outcome = view.get("outcome")
    if outcome is None:
        return [(dirhams, "dirhams"), (str(player.get("carpets_left", 0)), "left"), (visible, "visible")]
    scores, seat = outcome.get("scores") or [], player["seat"]
    total = scores[seat] if seat < len(scores) else player.get("score", 0)
    return [(dirhams, "dirhams +"), (visible, "visible ="), (str(total), "points")]


def player_card(view: dict[str, Any], player: dict[str, Any], styles: Sequence[CarpetStyle]) -> PlayerCard:
    """The panel card of one player."""
    seat, outcome = player["seat"], view.get("outcome")
    colours = [style_of(styles, colour) for colour in player.get("colours", [])]
    is_winner = outcome is not None and seat in outcome.get("winners", [])
    return PlayerCard(
        name=player_name(view, seat),
        swatches=[(style.base, style.pattern) for style in colours],
        figures=_card_figures(view, player),
        tags=_card_tags(view, player),
        highlighted=is_winner or (outcome is None and view.get("to_move") == seat),
        muted=bool(player.get("out")),
        separator="  ·  " if outcome is None else " ",
    )


def turn_sentence(view: dict[str, Any]) -> str:
    """Who must act now and what they must do."""
    phase, to_move = view.get("phase") or "", view.get("to_move")
    if to_move is None or phase == "over":
        return "Game over"
    if to_move == -1:
        return CHANCE_ACTIONS.get(phase, "Waiting for chance…")
    return f"{short_name(view, to_move)} {PHASE_ACTIONS.get(phase, 'to play')}"


def _carpets_come_from_a_pile(view: dict[str, Any]) -> bool:
    """Whether players hold several colours, so the carpet to place is drawn and worth showing."""
    return any(len(player.get("colours", [])) > 1 for player in view.get("players", []))


def _draw_turn(image: Image.Image, column: TextColumn, view: dict[str, Any], styles: list) -> None:
    """The "whose turn" block, with the carpet to place when it was drawn from the pile."""
    column.paragraph("▶ " + turn_sentence(view), font(HEADLINE_SIZE, bold=True), UI["ink"])
    colour = view.get("next_carpet")
    if colour is not None and _carpets_come_from_a_pile(view):
        style = style_of(styles, colour)
        top = column.y + 2
        draw_swatch(image, (column.x, top, column.x + 30, top + 30), style.base, style.pattern, step=10)
        column.line(f"Carpet to place: {style.name}", font(BODY_SIZE), UI["ink"], indent=42)


def tribute_sentence(view: dict[str, Any], tribute: dict[str, Any] | None) -> str:
    """One sentence about the tribute paid this turn."""
    if not tribute:
        return "No tribute to pay."
    amount = tribute["amount"]
    unit = "dirham" if amount == 1 else "dirhams"
    return f"{short_name(view, tribute['payer'])} paid {short_name(view, tribute['payee'])} {amount} {unit}."


def _draw_roll(image: Image.Image, column: TextColumn, view: dict[str, Any], last: dict[str, Any]) -> None:
    """The die face rolled, beside who rolled it and where the carpet went."""
    left, top = column.x, column.y
    text_left = left
    if last.get("roll"):
        paste_sprite(image, die_face(int(last["roll"]), DIE_SIZE), (left + DIE_SIZE / 2, top + DIE_SIZE / 2))
        text_left += DIE_SIZE + 14
    bold = font(BODY_SIZE, bold=True)
    action = f" rolled {last['roll']}" if last.get("roll") else ""
    room = column.width - (text_left - left) - bold.getlength(action)
    headline = fit_text(player_name(view, last["seat"]), bold, room) + action
    draw = column.draw
    draw.text((text_left, top + 2), headline, font=bold, fill=UI["ink"])
    if last.get("carpet"):
        squares = "–".join(square_name(*_as_square(s)) for s in last["carpet"])
        draw.text((text_left, top + 32), f"Carpet on {squares}", font=font(BODY_SIZE), fill=UI["ink"])
    column.skip(DIE_SIZE + 8)


def _draw_last_turn(image: Image.Image, column: TextColumn, view: dict[str, Any]) -> None:
    """The last turn: the die face rolled, the carpet laid, the tribute, an elimination."""
    last = view.get("last")
    if not last:
        return
    _draw_roll(image, column, view, last)
    body = font(BODY_SIZE)
    if last.get("roll"):
        column.paragraph(tribute_sentence(view, last.get("tribute")), body, UI["ink"])
    if last.get("eliminated") is not None:
        column.paragraph(f"{short_name(view, last['eliminated'])} could not pay: out!", body, UI["out"])


def outcome_sentence(view: dict[str, Any]) -> str:
    """The result in one sentence: who won."""
    winners = [short_name(view, seat) for seat in view["outcome"].get("winners", [])]
    if len(winners) == 1:
        return f"Game over: {winners[0]} wins!"
    if winners:
        return f"Game over: shared win for {' and '.join(winners)}"
    return "Game over: no winner"


def _draw_outcome(column: TextColumn, view: dict[str, Any]) -> None:
    """The result: the winner(s) and why the game ended."""
    column.paragraph(outcome_sentence(view), font(HEADLINE_SIZE, bold=True), UI["ink"])
    reason = view["outcome"].get("reason")
    if reason:
        column.paragraph(str(reason), font(BODY_SIZE), UI["ink_soft"])


def _draw_panel(image: Image.Image, view: dict[str, Any], styles: list[CarpetStyle]) -> None:
    """The side panel: title, player cards, whose turn or the result, the last turn."""
    draw = ImageDraw.Draw(image)
    left, top, right, _ = PANEL_BOX
    column = TextColumn(draw, left + PANEL_PADDING, top + PANEL_PADDING - 4, right - left - 2 * PANEL_PADDING)
    title = "Marrakech" + (" · variant" if view.get("variant") else "")
    column.line(title, font(TITLE_SIZE, bold=True), UI["frame"])
    for player in view.get("players", []):
        draw_player_card(image, column, player_card(view, player, styles))
    column.rule(UI["panel_edge"], margin=4)
    if view.get("outcome") is not None:
        _draw_outcome(column, view)
    else:
        _draw_turn(image, column, view, styles)
    column.rule(UI["panel_edge"], margin=8)
    _draw_last_turn(image, column, view)


# ---- entry point ---------------------------------------------------------------------------------
def board_image(view: dict[str, Any], *, highlight: dict[str, Any] | None = None) -> Image.Image:
    """The board picture for ``view`` as a Pillow image (``render_board`` encodes it)."""
    image = static_layer().copy()
    styles = carpet_styles(view)
    _draw_carpets(image, view, styles)
    draw = ImageDraw.Draw(image)
    _draw_last_carpet(draw, view.get("last"))
    _draw_highlight(image, highlight, styles)
    _draw_path(draw, view)
    _draw_assam(image, view)
    _draw_panel(image, view, styles)
    return image


def render_board(view: dict[str, Any], *, highlight: dict[str, Any] | None = None) -> bytes:
    """The board picture for ``view`` as PNG bytes."""
    return encode_png(board_image(view, highlight=highlight))
