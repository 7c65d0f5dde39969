"""The panel of the Kairo board image: turn and phase, players, face-up cards, goods supply, final table.

Everything here comes from the public part of the view (never a hand or coins), so the panel is the
same whoever the view was made for. Sections are drawn top-down by ``draw_panel``; each section
function takes the y where it starts and returns the y where the next one starts. Sizes scale with
the frame (``Frame.size``): the portrait panel is written large enough to read on a phone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engines.base import View
from render.cairo.cards import draw_card, draw_empty_slot
from render.cairo.geometry import Frame
from render.cairo.pieces import SEAL_INK, colour_letter, owner_badge, seal_sprite, stall_tile
from render.fonts import font
from render.palette import RGB, UI, mix, piece_rgb
from render.text import fit_lines, fit_text, wrap_text
from render.widgets import Shaped, drawn_on, paste_shaped, paste_sprite, smooth_sprite
from render.words import NO_WORDS, Words

ACTIVE_FILL: RGB = mix(UI["panel"], UI["highlight"], 0.35)
WINNER_FILL: RGB = mix(UI["panel"], UI["winner"], 0.3)
BANNER_FILL: RGB = UI["out"]
MEDAL_METALS: dict[str, RGB] = {"gold": (236, 186, 40), "silver": (200, 204, 210)}


@dataclass
class Pen:
    """Where the panel is drawn: the image, its frame, and the panel's left and right edges."""

    image: Image.Image
    draw: ImageDraw.ImageDraw
    frame: Frame
    left: int
    right: int
    words: Words = NO_WORDS

    @property
    def width(self) -> int:
        return self.right - self.left

    def font(self, px: float, bold: bool = False) -> Any:
        return font(self.frame.font_size(px), bold=bold)

    def size(self, px: float) -> int:
        return self.frame.size(px)


def player_name(view: View, seat: int, words: Words = NO_WORDS) -> str:
    """The name of ``seat`` as the host filled it in, else "Player N"."""
    return view.name_of(seat) or words("player", number=seat + 1)


def deciding_seat(view: View) -> int | None:
    """The seat that must decide now (the active seat while a chance move is due)."""
    if view.to_move is not None and view.to_move >= 0:
        return view.to_move
    active = view.details.get("active")
    return active if isinstance(active, int) else None


def status_text(view: View, words: Words = NO_WORDS) -> str:
    """One sentence saying what is happening: whose decision it is and what kind."""
    if view.outcome is not None:
        return winners_text(view, words)
    seat = deciding_seat(view)
    details = view.details
    pending = details.get("pending") or {}
    key = f"phase:{view.phase}" if words.get(f"phase:{view.phase}") else "to_move"
    chance = view.to_move is not None and view.to_move < 0
    if view.phase == "draw" and chance:
        key = "draws_card"
    elif view.phase == "neutral" and chance:
        key = "drawing_neutral"
    neutral = details.get("neutral_to_place")
    return words(
        key,
        name=player_name(view, seat, words) if seat is not None else "—",
        neutral=words(f"colour:{neutral}") if neutral else "",
        price=pending.get("price", "?"),
        pending=pending_text(pending, words),
    )


def pending_text(pending: Mapping[str, Any], words: Words = NO_WORDS) -> str:
    """The build being paid for, in words: "new red stall at f5", "red extension at f6"."""
    colour, square = pending.get("colour", ""), pending.get("square", "?")
    colour = words(f"colour:{colour}") if colour else ""
    action = pending.get("action")
    if action == "extend":
        return words("extension_at", colour=colour, square=square)
    door = words("door", door=pending["door"]) if pending.get("door") else ""
    if action == "move":
        return words("moving_stall", colour=colour, square=square, door=door)
    return words("new_stall", colour=colour, square=square, door=door)


def winners_text(view: View, words: Words = NO_WORDS) -> str:
    """Who won, for the status line of a finished game."""
    assert view.outcome is not None
    winners = [player_name(view, seat, words) for seat in view.outcome.winners]
    if not winners:
        return words("game_over")
    return words.count("winners", len(winners), names=f" {words('and')} ".join(winners))


def draw_panel(image: Image.Image, view: View, frame: Frame, words: Words = NO_WORDS) -> int:
    """The whole panel, from the public fields of ``view``; returns the y just below it."""
    box = frame.panel_box
    pad = frame.size(14)
    pen = Pen(image, ImageDraw.Draw(image), frame, box[0] + pad, box[2] - pad, words)
    y = draw_header(pen, view, box[1] + pad)
    if view.details.get("final_stage") and view.outcome is None:
        y = draw_banner(pen, view, y)
    y = draw_players(pen, view, y)
    y = draw_final_table(pen, view, y) if view.outcome is not None else draw_display(pen, view, y)
    return draw_supply(pen, view, y) + pad


def panel_bottom(view: View, frame: Frame, words: Words = NO_WORDS) -> int:
    """The y just below the panel's content, computed without drawing (``draw_panel`` returns the same)."""
    size, pad = frame.size, frame.size(14)
    width = frame.panel_box[2] - frame.panel_box[0] - 2 * pad
    status = wrap_text(status_text(view, words), font(frame.font_size(19), bold=True), width)
    y = frame.panel_box[1] + pad + size(38) + min(2, len(status)) * size(24) + size(6)
    if view.details.get("final_stage") and view.outcome is None:
        y += size(32) + size(8)
    y += len(view.details["players"]) * size(56) + size(4)
    if view.outcome is not None:
        y += size(32) + size(22) + len(final_rows(view)) * size(30) + size(8)
    else:
        y += size(32) + display_card_size(view, frame)[1] + size(8) + size(28)
    y += size(32) + size(20) + len(view.details.get("colours", [])) * size(26)
    return y + pad


def display_card_size(view: View, frame: Frame) -> tuple[int, int]:
    """Width and height of a face-up card in the panel."""
    pad, gap = frame.size(14), frame.size(10)
    width = frame.panel_box[2] - frame.panel_box[0] - 2 * pad
    count = max(4, len(view.details.get("display", [])))
    card_width = (width - gap * (count - 1)) // count
    return card_width, round(card_width * (1.15 if frame.portrait else 1.3))


def panel_ground(image: Image.Image, frame: Frame, bottom: int) -> None:
    """The panel's card-like background, down to ``bottom``."""
    left, top, right, _ = frame.panel_box
    ImageDraw.Draw(image).rounded_rectangle(
        (left, top, right, bottom), radius=14, fill=UI["panel"], outline=UI["panel_edge"], width=2
    )


def draw_header(pen: Pen, view: View, y: int) -> int:
    """The game's name, the phase, and the status sentence."""
    pen.draw.text((pen.left, y), pen.words("title").upper(), font=pen.font(28, bold=True), fill=UI["frame"])
    phase = pen.words(f"phase_name:{view.phase}")
    pen.draw.text((pen.right, y + pen.size(6)), phase, font=pen.font(16, bold=True), fill=UI["ink_soft"], anchor="ra")
    y += pen.size(38)
    status_font = pen.font(19, bold=True)
    for line in wrap_text(status_text(view, pen.words), status_font, pen.width)[:2]:
        pen.draw.text((pen.left, y), line, font=status_font, fill=UI["ink"])
        y += pen.size(24)
    return y + pen.size(6)


def draw_banner(pen: Pen, view: View, y: int) -> int:
    """The final-stage banner: only building is allowed; who has passed."""
    passed = [player_name(view, seat, pen.words) for seat in view.details.get("passed", [])]
    text = pen.words("final_stage")
    if passed:
        text += pen.words("out", names=", ".join(passed))
    height = pen.size(32)
    pen.draw.rounded_rectangle([pen.left, y, pen.right, y + height], radius=8, fill=BANNER_FILL)
    banner_font = pen.font(17, bold=True)
    shown = fit_text(text, banner_font, pen.width - 16)
    pen.draw.text(
        ((pen.left + pen.right) / 2, y + height / 2), shown, font=banner_font, fill=UI["ink_light"], anchor="mm"
    )
    return y + height + pen.size(8)


def draw_players(pen: Pen, view: View, y: int) -> int:
    """One row per seat: seal, name, score (until the end), charlatans, cards in hand, medals, passed/left."""
    deciding = deciding_seat(view) if view.outcome is None else None
    row = pen.size(56)
    for player in view.details["players"]:
        draw_player_row(pen, view, player, y, active=player["seat"] == deciding)
        y += row
    return y + pen.size(4)


def draw_player_row(pen: Pen, view: View, player: Mapping[str, Any], y: int, *, active: bool) -> None:
    """A single player's row; the seat to move is shaded and pointed at.

    At the end the row shows no score: the final table below gives each merchant's one total.
    """
    seat, row = player["seat"], pen.size(56)
    out = bool(player.get("resigned"))
    if active:
        pen.draw.rounded_rectangle([pen.left - 6, y, pen.right + 6, y + row - 4], radius=8, fill=ACTIVE_FILL)
        pen.draw.polygon([(pen.left - 4, y + 12), (pen.left + 4, y + 20), (pen.left - 4, y + 28)], fill=UI["frame"])
    seal = pen.size(38)
    paste_sprite(pen.image, seal_sprite(seat, seal), (pen.left + seal / 2 + 7, y + row / 2 - 2))
    ink = UI["ink_soft"] if out else UI["ink"]
    score_width = 0.0
    if view.outcome is None:
        score = str(view.seats[seat].score or 0)
        score_font = pen.font(26, bold=True)
        score_width = score_font.getlength(score)
        pen.draw.text((pen.right, y + 2), score, font=score_font, fill=ink, anchor="ra")
        pen.draw.text(
            (pen.right - score_width - 4, y + pen.size(12)), pen.words("pts"), font=pen.font(14), fill=ink, anchor="ra"
        )
    text_left = pen.left + seal + pen.size(14)
    room = pen.right - text_left - score_width - pen.size(40)
    tag = "left" if player.get("resigned") else "passed" if player.get("passed") and view.outcome is None else None
    draw_name_and_tag(pen, player_name(view, seat, pen.words), tag, (text_left, y + pen.size(4)), room, ink)
    stats = pen.words("stats", charlatans=player.get("charlatans", 0), cards=player.get("hand_size", 0))
    pen.draw.text((text_left, y + pen.size(30)), stats, font=pen.font(15), fill=ink)
    draw_medal_chips(pen, view, player.get("medals", []), pen.right - 2, y + pen.size(40))


def draw_name_and_tag(pen: Pen, name: str, tag: str | None, position: tuple[int, int], room: float, ink: RGB) -> None:
    """The player's name, shortened to fit, followed by a "PASSED"/"LEFT" tag (``passed``/``left``) when one
    applies."""
    name_font, tag_font = pen.font(20, bold=True), pen.font(13, bold=True)
    kind, tag = tag, pen.words(f"tag:{tag}") if tag else None
    tag_width = tag_font.getlength(tag) + 12 if tag else 0
    shown = fit_text(name, name_font, room - tag_width - 8)
    pen.draw.text(position, shown, font=name_font, fill=ink)
    if tag is None:
        return
    left = position[0] + name_font.getlength(shown) + 8
    fill = UI["out"] if kind == "left" else UI["ink_soft"]
    top, bottom = position[1] + pen.size(3), position[1] + pen.size(23)
    pen.draw.rounded_rectangle([left, top, left + tag_width, bottom], radius=6, fill=fill)
    pen.draw.text((left + tag_width / 2, (top + bottom) / 2), tag, font=tag_font, fill=UI["ink_light"], anchor="mm")


def draw_medal_chips(pen: Pen, view: View, medals: Sequence[Sequence[str]], right: float, middle: float) -> None:
    """The medals a player holds, right-aligned: gold or silver discs carrying the colour's letter."""
    colour_ids = {colour: index for index, colour in enumerate(view.details.get("colours", []))}
    size, gap = pen.size(22), 3
    x = right - size / 2
    for colour, metal in reversed(list(medals)):
        chip = medal_chip(colour, colour_ids.get(colour, 0), colour_letter(colour, pen.words), metal, size)
        paste_sprite(pen.image, chip, (x, middle))
        x -= size + gap


@lru_cache(maxsize=128)
def medal_chip(colour: str, colour_id: int, letter: str, metal: str, size: int) -> Image.Image:
    """A medal: a gold/silver disc ringed in the goods colour, with that colour's ``letter``."""
    ring = piece_rgb(colour, colour_id)

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        edge = size * scale
        draw.ellipse([0, 0, edge - 1, edge - 1], fill=(*SEAL_INK, 255))
        outer = edge * 0.08
        draw.ellipse([outer, outer, edge - 1 - outer, edge - 1 - outer], fill=(*ring, 255))
        inner = edge * 0.17  # a metal disc wide enough for a letter three fifths of the chip
        draw.ellipse([inner, inner, edge - 1 - inner, edge - 1 - inner], fill=(*MEDAL_METALS.get(metal, ring), 255))

    chip = smooth_sprite(size, size, paint)
    ImageDraw.Draw(chip).text(
        (size / 2, size / 2 + 1),
        letter,
        font=font(round(size * 0.6), bold=True),
        fill=SEAL_INK,
        anchor="mm",
    )
    return chip


def heading(pen: Pen, text: str, y: int) -> int:
    """A section heading with a rule over it."""
    pen.draw.line([(pen.left, y + 2), (pen.right, y + 2)], fill=UI["panel_edge"], width=2)
    size = pen.frame.font_size(17)  # a longer heading (a translation) set smaller, never cut
    face, _ = fit_lines(text, size, pen.width, max_lines=1, smallest=size * 3 // 4)
    pen.draw.text((pen.left, y + pen.size(8)), text, font=face, fill=UI["frame"])
    return y + pen.size(32)


def draw_display(pen: Pen, view: View, y: int) -> int:
    """The four face-up building cards, then deck, discard and charlatan supply counts."""
    details = view.details
    y = heading(pen, pen.words("face_up"), y)
    slots = list(details.get("display", []))
    count, gap = max(4, len(slots)), pen.size(10)
    card_width, card_height = display_card_size(view, pen.frame)
    for index in range(count):
        left = pen.left + index * (card_width + gap)
        box = (left, y, left + card_width, y + card_height)
        card = slots[index] if index < len(slots) else None
        if card is None:
            draw_empty_slot(pen.draw, box, pen.words("empty"))
        else:
            draw_card(pen.image, box, card, details, pen.words)
    y += card_height + pen.size(8)
    deck, discard = details.get("deck", 0), details.get("discard", 0)
    counts = pen.words("counts", deck=deck, discard=discard, charlatans=details.get("charlatan_supply", 0))
    size = pen.frame.font_size(16)
    counts_font, _ = fit_lines(counts, size, pen.width, max_lines=1, smallest=size * 3 // 4)
    pen.draw.text((pen.left, y), fit_text(counts, counts_font, pen.width), font=counts_font, fill=UI["ink"])
    return y + pen.size(28)


def draw_supply(pen: Pen, view: View, y: int) -> int:
    """Per goods colour: extensions left, who holds its gold and silver medals, the bank's coins.

    The heading, column titles, colour chips and names are drawn once per frame and colours (``supply_frame``).
    """
    details = view.details
    colours = tuple(details.get("colours", []))
    paste_shaped(pen.image, supply_frame(pen.frame, colours, pen.left, pen.right, pen.words), (0, y - SECTION_ROOM))
    y += pen.size(32) + pen.size(20)
    row = pen.size(26)
    columns = supply_columns(pen)
    medals, extensions, bank = details.get("medals", {}), details.get("extensions_left", {}), details.get("bank", {})
    value_font = pen.font(17, bold=True)
    for colour in colours:
        middle = y + row / 2 + 1
        pen.draw.text(
            (columns[0], middle), str(extensions.get(colour, 0)), font=value_font, fill=UI["ink"], anchor="mm"
        )
        holders = medals.get(colour, {})
        for x, metal in zip(columns[1:3], ("gold", "silver"), strict=True):
            draw_holder(pen, holders.get(metal), (x, y + row / 2))
        pen.draw.text((columns[3], middle), str(bank.get(colour, "—")), font=value_font, fill=UI["ink"], anchor="mm")
        y += row
    return y


SECTION_ROOM = 4
"""Rows above a cached section's first line in its picture (glyphs and rules may reach above it)."""


def supply_columns(pen: Pen) -> list[int]:
    """The x of the supply table's value columns: extensions, gold, silver, bank."""
    return [pen.left + round(pen.width * share) for share in (0.42, 0.6, 0.76, 0.92)]


@lru_cache(maxsize=8)
def supply_frame(frame: Frame, colours: tuple[str, ...], left: int, right: int, words: Words = NO_WORDS) -> Shaped:
    """The supply table without its values, on the panel's ground (shared: paste it ``SECTION_ROOM`` above)."""
    height = SECTION_ROOM + frame.size(32) + frame.size(20) + len(colours) * frame.size(26) + frame.size(10)

    def paint(picture: Image.Image) -> None:
        pen = Pen(picture, ImageDraw.Draw(picture), frame, left, right, words)
        y = heading(pen, words("supply"), SECTION_ROOM)
        for x, title in zip(supply_columns(pen), ("extensions", "gold", "silver", "bank"), strict=True):
            pen.draw.text(
                (x, y), words(f"column:{title}"), font=pen.font(14, bold=True), fill=UI["ink_soft"], anchor="ma"
            )
        y += pen.size(20)
        row = pen.size(26)
        for colour_id, colour in enumerate(colours):
            letter = colour_letter(colour, words)  # the pieces' letter, explained by the name beside it
            chip = stall_tile(colour, colour_id, row - 4, letter=letter, main=False, inactive=False)
            picture.paste(chip, (pen.left, y + 2))
            name_font = pen.font(16, bold=True)
            name = words(f"colour:{colour}")
            pen.draw.text((pen.left + row + 6, y + row / 2 + 1), name, font=name_font, fill=UI["ink"], anchor="lm")
            y += row

    return drawn_on(UI["panel"], (frame.width, height), paint)


def draw_holder(pen: Pen, holder: Any, centre: tuple[float, float]) -> None:
    """Who holds a medal: their numbered badge, or a dash while it is in the supply."""
    if isinstance(holder, int):
        paste_sprite(pen.image, owner_badge(holder, pen.size(26) - 2), centre)
    else:
        pen.draw.text(centre, "—", font=pen.font(16), fill=UI["ink_soft"], anchor="mm")


def draw_final_table(pen: Pen, view: View, y: int) -> int:
    """The final scoring: track + medals again + coins = total, one total per merchant; winners shaded."""
    assert view.outcome is not None
    y = heading(pen, pen.words("final_scoring"), y)
    share = (0.5, 0.64, 0.78, 0.94)
    columns = [
        (title, pen.left + round(pen.width * part))
        for title, part in zip(("track", "medals", "coins", "total"), share, strict=True)
    ]
    titles = [pen.words(f"column:{title}") for title, _ in columns]
    room = round(pen.width * 0.14) - 2  # the columns' spacing: longer titles (a translation) set smaller
    size = pen.frame.font_size(14)
    while size > pen.frame.font_size(14) * 3 // 4 and max(font(size, bold=True).getlength(t) for t in titles) > room:
        size -= 1
    for text, (_, x) in zip(titles, columns, strict=True):
        pen.draw.text((x, y), text, font=font(size, bold=True), fill=UI["ink_soft"], anchor="ma")
    y += pen.size(22)
    winners, row = set(view.outcome.winners), pen.size(30)
    for line in final_rows(view):
        seat = line["seat"]
        if seat in winners:
            pen.draw.rounded_rectangle([pen.left - 6, y, pen.right + 6, y + row - 2], radius=6, fill=WINNER_FILL)
        paste_sprite(pen.image, seal_sprite(seat, max(28, pen.size(24))), (pen.left + pen.size(14), y + row / 2))
        label = player_name(view, seat, pen.words) + ("  ★" if seat in winners else "")
        name_font = pen.font(16, bold=True)
        room = columns[0][1] - pen.left - pen.size(60)
        pen.draw.text(
            (pen.left + pen.size(30), y + row / 2),
            fit_text(label, name_font, room),
            font=name_font,
            fill=UI["ink"],
            anchor="lm",
        )
        for key, x in columns:
            value = line.get(key)
            text = "—" if value is None else str(value)
            pen.draw.text((x, y + row / 2), text, font=pen.font(17, bold=key == "total"), fill=UI["ink"], anchor="mm")
        y += row
    return y + pen.size(8)


def final_rows(view: View) -> list[dict[str, Any]]:
    """The final table's rows: from ``outcome.details.final`` when given, else just the scores."""
    assert view.outcome is not None
    final = view.outcome.details.get("final")
    if final:
        return [dict(row) for row in final]
    return [{"seat": seat, "total": score} for seat, score in enumerate(view.outcome.scores)]
