"""The panel beside (or under) the market: the round, whose turn and what they decide, the rooftop ring with
its cubes and the pawn, the market die, the supplies, a card per player, and the legend of marks.

A player's card: seat mark and name, points (and stalls claimed); the cubes they hold, by colour with
counts; assistants, tourists and bodyguards left (with those waiting in the guards' quarters), cousin
tokens, face-down juice tokens (their values when the viewer may see them) and gold.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from engines.base import View
from render.fonts import font
from render.grid import Box
from render.morocco.layout import Layout
from render.morocco.pieces import cube, juice_token, pawn, worker
from render.morocco.scene import (
    CUBE_COLOURS,
    cube_letter,
    cube_rgb,
    player_name,
    player_pattern,
    player_rgb,
)
from render.palette import UI, mix, text_colour_on
from render.patterns import patterned_tile
from render.text import fit_text, fitting_font, wrap_text
from render.widgets import Shaped, drawn_on, paste_shaped
from render.words import NO_WORDS, Words

PADDING = 16


def draw_panel(
    image: Image.Image, view: View, layout: Layout, box: Box, highlight: list[str], words: Words = NO_WORDS
) -> int:
    """Everything in the panel inside ``box``; returns the y where the drawing ended."""
    draw = ImageDraw.Draw(image)
    left, top, right, _ = box
    x, width = left + PADDING, right - left - 2 * PADDING
    y = _draw_header(draw, view, layout, x, top + PADDING - 2, width, words)
    y = _draw_status(draw, view, layout, x, y, width, words)
    y = _draw_roof_and_die(image, view, layout, x, y + layout.pp(6), width, highlight, words)
    for seat in range(len(view.seats)):
        y = _draw_card(image, view, layout, seat, x, y, width, words)
    return _draw_legend(image, layout, x, y + 6, width, words)


# ---- header and status -------------------------------------------------------------------------------------
def _draw_header(
    draw: ImageDraw.ImageDraw, view: View, layout: Layout, x: int, y: int, width: int, words: Words
) -> int:
    details = view.details
    title = font(layout.title_size, bold=True)
    round_number = details.get("round") or 0
    name = words("title")
    text = words("round", title=name, count=round_number) if round_number else words("setting_up", title=name)
    draw.text((x, y), text, font=title, fill=UI["ink"])
    if details.get("final_round") and view.outcome is None:
        tag = font(layout.small_size, bold=True)
        label = words("final_round")
        tag_width = tag.getlength(label) + 14
        tx = x + width - tag_width
        draw.rounded_rectangle([tx, y + 2, tx + tag_width, y + layout.small_size + 12], radius=8, fill=UI["out"])
        draw.text(
            (tx + tag_width / 2, y + layout.small_size / 2 + 7), label, font=tag, fill=UI["ink_light"], anchor="mm"
        )
    return y + round(layout.title_size * 1.3)


def status_line(view: View, words: Words = NO_WORDS) -> str:
    """Whose turn it is and what they decide, what chance does now, or how the game ended."""
    if view.outcome is not None:
        winners = f" {words('and')} ".join(player_name(view, seat, words) for seat in view.outcome.winners)
        ending = words.get(f"end:{view.outcome.termination}") or words("game_over")
        return f"{ending} {words.count('winners', len(view.outcome.winners), names=winners)}"
    decision = view.decision
    if decision is None:
        return words.get(f"chance:{view.phase}") or ""
    name = player_name(view, decision.seat, words)
    params = decision.params
    if decision.code == "workers":
        if not params.get("can_place", True):
            return words("no_worker_fits", name=name)
        return words("place_worker", name=name, turn=params.get("turn", 1))
    what = words(f"step:{decision.code}")
    if decision.code in ("reward", "arrow"):
        what = words("at_stall", what=what, stall=params.get("stall", ""))
    if decision.code == "tourist":
        what = words("tourist_move", what=what, stall=params.get("stall", ""), target=params.get("target", ""))
    return words("step", name=name, what=what)


def _draw_status(
    draw: ImageDraw.ImageDraw, view: View, layout: Layout, x: int, y: int, width: int, words: Words
) -> int:
    body = font(layout.body_size, bold=True)
    lines = wrap_text(status_line(view, words), body, width)[:2]
    step = round(layout.body_size * 1.3)
    height = step * len(lines) + round(layout.body_size * 0.5)
    draw.rounded_rectangle([x - 8, y, x + width + 8, y + height], radius=10, fill=UI["turn"])
    for index, line in enumerate(lines):
        draw.text((x, y + layout.body_size * 0.25 + index * step), line, font=body, fill=UI["ink"])
    return y + height + 6


# ---- the rooftop and the die -----------------------------------------------------------------------------------
def _draw_roof_and_die(
    image: Image.Image, view: View, layout: Layout, x: int, y: int, width: int, highlight: list[str], words: Words
) -> int:
    """The rooftop ring on the left, the die and the supplies on its right; returns the y below both."""
    radius = layout.roof_radius
    centre = (x + radius + layout.pp(30), y + radius + layout.pp(26))
    _draw_roof(image, view, layout, centre, highlight, words)
    right_x = round(centre[0] + radius + layout.pp(60))
    bottom = _draw_die_and_supply(image, view, layout, right_x, y + layout.pp(8), x + width - right_x, words)
    return max(round(centre[1] + radius + layout.pp(28)), bottom + 6)


def _draw_roof(
    image: Image.Image, view: View, layout: Layout, centre: tuple[float, float], highlight: list[str], words: Words
) -> None:
    """The ring of five spaces with their cubes and numbers; the pawn in the centre or on its space (ringed)."""
    radius = layout.roof_radius
    draw = ImageDraw.Draw(image)
    reach = radius + layout.pp(26)
    draw.ellipse(
        [centre[0] - reach, centre[1] - reach, centre[0] + reach, centre[1] + reach],
        fill=mix(UI["panel"], UI["frame"], 0.12),
        outline=UI["panel_edge"],
        width=2,
    )
    roof = view.details.get("roof") or []
    pawn_at = view.details.get("pawn", 0)
    size, ring = layout.pp(36), layout.pp(24)
    small = font(layout.small_size, bold=True)
    for index in range(5):
        spot = roof_spot(centre, radius, index)
        if f"roof {index + 1}" in highlight or pawn_at == index + 1:
            draw.ellipse(
                [spot[0] - ring, spot[1] - ring, spot[0] + ring, spot[1] + ring],
                outline=UI["highlight"],
                width=layout.pp(5),
            )
        if index < len(roof) and roof[index]:
            sprite = cube(roof[index], cube_letter(roof[index], words), size)
            image.paste(sprite, (round(spot[0] - size / 2), round(spot[1] - size / 2)), sprite)
        draw.text(
            roof_spot(centre, radius + layout.pp(30), index),
            str(index + 1),
            font=small,
            fill=UI["coordinate"],
            anchor="mm",
        )
    pawn_size = layout.pp(34)
    where = centre if not pawn_at else roof_spot(centre, radius * 0.5, pawn_at - 1)
    sprite = pawn(pawn_size)
    image.paste(sprite, (round(where[0] - pawn_size / 2), round(where[1] - pawn_size / 2)), sprite)


def roof_spot(centre: tuple[float, float], radius: float, index: int) -> tuple[float, float]:
    """Ring space ``index`` (0 = space 1 at the top), clockwise."""
    angle = -math.pi / 2 + index * 2 * math.pi / 5
    return centre[0] + radius * math.cos(angle), centre[1] + radius * math.sin(angle)


def _draw_die_and_supply(
    image: Image.Image, view: View, layout: Layout, x: int, y: int, width: int, words: Words
) -> int:
    """The market die (2–3 players) and the supplies; returns the y below them."""
    details = view.details
    draw = ImageDraw.Draw(image)
    small = font(layout.small_size)
    face = details.get("die")
    players = len(view.seats)
    if players <= 3:
        size = layout.pp(50)
        fill = cube_rgb(face) if face and face != "wild" else UI["die_face"]
        draw.rounded_rectangle([x, y, x + size, y + size], radius=size // 5, fill=fill, outline=UI["ink"], width=3)
        mark = "★" if face == "wild" else cube_letter(face, words) if face else "?"
        draw.text(
            (x + size / 2, y + size / 2),
            mark,
            font=font(round(size * 0.55), bold=True),
            fill=text_colour_on(fill),
            anchor="mm",
        )
        die = words("market_die", face=words(f"colour:{face}") if face else words("not_rolled"))
        draw.text(
            (x + size + 10, y + size / 2),
            fit_text(die, small, width - size - 10),
            font=small,
            fill=UI["ink_soft"],
            anchor="lm",
        )
        y += size + 12
    lines = (
        words("stalls_open", count=sum(1 for s in details.get("stalls", []) if s.get("open"))),
        words("gold_supply", count=details.get("gold_supply", 0)),
        words("empty_tiles", count=details.get("empty_tiles", 0)),
        words("juice_gone", count=details.get("juice_removed", 0)),
    )
    # one size for the four lines: smaller where a translation is longer (Spanish), rather than cut
    supply = fitting_font(lines, layout.body_size if players > 3 else layout.small_size, width)
    for line in lines:
        draw.text((x, y), fit_text(line, supply, width), font=supply, fill=UI["ink_soft"])
        y += round((layout.body_size if players > 3 else layout.small_size) * 1.35)
    return y


# ---- the players ------------------------------------------------------------------------------------------------
FRAME_STROKE = 4
_MEASURE = ImageDraw.Draw(Image.new("1", (1, 1)))
"""Measures text boxes without drawing."""
"""The width of the winner's frame around a card."""


@dataclass(frozen=True)
class CardBoxes:
    """Where a player's card draws: its frame (the turn's fill, the winner's outline) and the boxes of its texts."""

    frame: tuple[int, int, int, int]
    stroke: int
    texts: dict[str, tuple[int, int, int, int]]
    final_at: tuple[float, float]
    """Where the final scoring line starts (left, middle), at the end."""


def card_boxes(view: View, layout: Layout, seat: int, x: int, y: int, width: int, words: Words = NO_WORDS) -> CardBoxes:
    """The card's frame and, at the end, the final scoring line's box: on the cubes line (cubes no longer count),
    well inside the frame, so the winner's frame never crosses it."""
    frame = (x - 8, y, x + width + 8, y + layout.card_height - 3)
    mark = layout.pp(30)
    texts: dict[str, tuple[int, int, int, int]] = {}
    final_at = (float(x), y + mark + layout.pp(6) + layout.pp(24) / 2)
    if view.outcome is not None:
        text = _final_text(_final_parts(view, seat), words)
        face = _final_font(layout, text, width)
        left, top, right, bottom = _MEASURE.textbbox(final_at, fit_text(text, face, width), font=face, anchor="lm")
        texts["final"] = (round(left), round(top), round(right), round(bottom))
    return CardBoxes(frame, FRAME_STROKE, texts, final_at)


def _final_parts(view: View, seat: int) -> dict[str, int]:
    parts = view.outcome.details if view.outcome is not None else {}
    return {key: (parts.get(key) or [0] * (seat + 1))[seat] for key in ("track", "juice", "gold", "district")}


def _final_text(final: dict[str, int], words: Words) -> str:
    return words("final", **final)


def _final_font(layout: Layout, text: str, width: int) -> ImageFont.FreeTypeFont:
    """The final scoring line's font: smaller where the line is longer (a translation), rather than cut."""
    return fitting_font(text, layout.small_size, width, bold=True)


def _draw_card(
    image: Image.Image, view: View, layout: Layout, seat: int, x: int, y: int, width: int, words: Words
) -> int:
    """Seat mark, name, stalls and points; cubes and gold; workers left, cousins and juice tokens (at the end: the
    final scoring instead of the cubes, inside the winner's frame)."""
    player: dict[str, Any] = dict((view.details.get("players") or [{}] * (seat + 1))[seat])
    boxes = card_boxes(view, layout, seat, x, y, width, words)
    draw = ImageDraw.Draw(image)
    height = layout.card_height
    seat_view = view.seats[seat]
    if seat_view.to_move:
        draw.rounded_rectangle(list(boxes.frame), radius=10, fill=UI["turn"])
    if view.outcome is not None and seat in view.outcome.winners:
        draw.rounded_rectangle(list(boxes.frame), radius=10, outline=UI["winner"], width=boxes.stroke)
    mark = layout.pp(30)
    _seat_mark(image, seat, x, y + 3, mark)
    _draw_name_line(draw, view, layout, player, seat, (x + mark + 10, y + 3 + mark / 2), x + width, words)
    if view.outcome is not None:
        text = _final_text(_final_parts(view, seat), words)
        face = _final_font(layout, text, width)
        draw.text(boxes.final_at, fit_text(text, face, width), font=face, fill=UI["ink"], anchor="lm")
        return y + height
    line = layout.pp(25)
    _draw_cubes_line(image, layout, player, x, y + mark + layout.pp(6), width, words)
    _draw_pieces_line(image, layout, player, seat, x, y + mark + layout.pp(8) + line, width, words)
    return y + height


def _draw_name_line(
    draw: ImageDraw.ImageDraw,
    view: View,
    layout: Layout,
    player: dict[str, Any],
    seat: int,
    start: tuple[float, float],
    right: int,
    words: Words,
) -> None:
    seat_view = view.seats[seat]
    name_font, number_font = font(layout.body_size + 2, bold=True), font(layout.body_size + 4, bold=True)
    small = font(layout.small_size)
    points = seat_view.score if seat_view.score is not None else player.get("points", 0)
    score = str(points)
    claimed = player.get("stalls", 0)
    stalls_text = words.count("stalls", claimed) + "  "
    score_width = number_font.getlength(score)
    x, y = start
    name = player_name(view, seat, words)
    if seat_view.out:
        name = words("left", name=name)
    room = right - x - score_width - small.getlength(stalls_text) - 8
    draw.text(
        (x, y),
        fit_text(name, name_font, room),
        font=name_font,
        fill=UI["ink_soft" if seat_view.out else "ink"],
        anchor="lm",
    )
    draw.text((right, y), score, font=number_font, fill=UI["ink"], anchor="rm")
    draw.text((right - score_width - 4, y), stalls_text, font=small, fill=UI["ink_soft"], anchor="rm")


def _seat_mark(image: Image.Image, seat: int, x: int, y: int, size: int) -> None:
    image.paste(seat_mark(seat, size), (x, y))


@lru_cache(maxsize=32)
def seat_mark(seat: int, size: int) -> Image.Image:
    """A seat's mark on a card: its colour and pattern, framed, with the seat number on a disc (shared: paste it)."""
    base = player_rgb(seat)
    picture = Image.new("RGB", (size + 1, size + 1), UI["ink"])
    picture.paste(patterned_tile(base, player_pattern(seat), size, size, 10), (0, 0))
    draw = ImageDraw.Draw(picture)
    draw.rectangle([0, 0, size, size], outline=UI["ink"], width=2)
    disc = size * 0.32
    draw.ellipse([size / 2 - disc, size / 2 - disc, size / 2 + disc, size / 2 + disc], fill=base)
    draw.text(
        (size / 2, size / 2),
        str(seat + 1),
        font=font(round(size * 0.5), bold=True),
        fill=text_colour_on(base),
        anchor="mm",
    )
    return picture


def _draw_cubes_line(
    image: Image.Image, layout: Layout, player: dict[str, Any], x: int, y: int, width: int, words: Words
) -> None:
    draw = ImageDraw.Draw(image)
    size = layout.pp(24)
    small = font(layout.small_size, bold=True)
    held = [(colour, count) for colour, count in (player.get("cubes") or {}).items() if count]
    if not held:
        draw.text((x, y + size / 2), words("no_cubes"), font=font(layout.small_size), fill=UI["ink_soft"], anchor="lm")
    cx = x
    for colour, count in held:
        sprite = cube(colour, cube_letter(colour, words), size)
        image.paste(sprite, (cx, y), sprite)
        cx += size + 3
        text = f"×{count}"
        draw.text((cx, y + size / 2), text, font=small, fill=UI["ink"], anchor="lm")
        cx += round(small.getlength(text)) + 12
    gold = words("gold", count=player.get("gold", 0))
    draw.text((x + width, y + size / 2), gold, font=small, fill=UI["winner"], anchor="rm")


def _draw_pieces_line(
    image: Image.Image, layout: Layout, player: dict[str, Any], seat: int, x: int, y: int, width: int, words: Words
) -> None:
    """Assistants, tourists and bodyguards left (icons), cousin tokens and the juice tokens."""
    draw = ImageDraw.Draw(image)
    size = layout.pp(23)
    small = font(layout.small_size, bold=True)
    cx = x
    guards = f"{player.get('bodyguards', 0)}"
    for kind, count in (
        ("assistant", str(player.get("assistants", 0))),
        ("tourist", str(player.get("tourists", 0))),
        ("bodyguard", guards),
    ):
        sprite = worker(seat, kind, size)
        image.paste(sprite, (cx, y), sprite)
        cx += size + 3
        draw.text((cx, y + size / 2), count, font=small, fill=UI["ink"], anchor="lm")
        cx += round(small.getlength(count)) + 12
    cousins = words("cousins", count=player.get("cousins", 0))
    draw.text((cx, y + size / 2), cousins, font=small, fill=UI["ink"], anchor="lm")
    cx += round(small.getlength(cousins)) + 12
    token = juice_token(0, size)
    values = player.get("juice")
    juice = ", ".join(str(v) for v in values) if values else str(player.get("juice_count", 0))
    if values is not None and not values:
        juice = "0"
    image.paste(token, (cx, y), token)
    cx += size + 3
    draw.text(
        (cx, y + size / 2), fit_text(juice, small, max(10, x + width - cx)), font=small, fill=UI["ink"], anchor="lm"
    )


# ---- the legend ------------------------------------------------------------------------------------------------
def _draw_legend(image: Image.Image, layout: Layout, x: int, y: int, width: int, words: Words) -> int:
    """Cube letters and worker shapes, so nothing depends on telling colours apart (drawn once per layout)."""
    shaped, height = legend(layout, words, width + PADDING // 2)  # it may reach into half the right padding
    paste_shaped(image, shaped, (x, y - LEGEND_ROOM))
    return y + height


LEGEND_ROOM = 4
"""Rows of room above the legend's picture (glyphs may rise above the line they are centred on)."""


@lru_cache(maxsize=4)
def legend(layout: Layout, words: Words = NO_WORDS, width: int | None = None) -> tuple[Shaped, int]:
    """The legend's picture on the panel's ground and how far down it moves the panel's column; a row wider than
    ``width`` (longer words: a translation) is set smaller."""
    small = font(layout.small_size - 1)
    size = layout.pp(20)
    entries: list[tuple[Image.Image, str]] = [
        (cube(colour, cube_letter(colour, words), size), words(f"colour:{colour}")) for colour in CUBE_COLOURS
    ]
    shapes = [(worker(0, kind, size), words(f"worker:{kind}")) for kind in WORKERS]
    end = 0

    def paint(picture: Image.Image) -> None:
        nonlocal end
        draw = ImageDraw.Draw(picture)
        y = LEGEND_ROOM
        for row in (entries, shapes):
            cx, face = 0, small
            while width is not None and face.size > small.size * 3 // 4 and _row_width(row, face, size) > width:
                face = font(face.size - 1)
            for sprite, label in row:
                picture.paste(sprite, (cx, y), sprite)
                cx += size + 3
                draw.text((cx, y + size / 2), label, font=face, fill=UI["ink_soft"], anchor="lm")
                cx += round(face.getlength(label)) + 9
            y += size + 5
        end = y - LEGEND_ROOM + 2

    shaped = drawn_on(UI["panel"], (layout.width, 2 * (size + 5) + 2 * LEGEND_ROOM + round(small.size)), paint)
    return shaped, end


def _row_width(row: list[tuple[Image.Image, str]], face: ImageFont.FreeTypeFont, size: int) -> int:
    return sum(size + 3 + round(face.getlength(label)) + 9 for _, label in row) - 9


WORKERS = ("assistant", "tourist", "bodyguard")
"""The worker shapes the legend names (``worker:<kind>``)."""
