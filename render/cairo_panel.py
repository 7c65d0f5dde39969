"""The side panel of the Kairo board image: turn and phase, players, face-up cards, goods supply, final table.

Everything here comes from the public part of the view (never a hand or coins), so the panel is the
same whoever the view was made for. Sections are drawn top-down by ``draw_panel``; each section
function takes the y where it starts and returns the y where the next one starts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.cairo_cards import draw_card, draw_empty_slot
from render.cairo_layout import PANEL_BOX
from render.cairo_pieces import SEAL_INK, seal_sprite, stall_tile
from render.fonts import font
from render.palette import RGB, UI, mix, piece_rgb
from render.text import fit_text, wrap_text
from render.widgets import paste_sprite, smooth_sprite

PAD = 14
LEFT = PANEL_BOX[0] + PAD
RIGHT = PANEL_BOX[2] - PAD
WIDTH = RIGHT - LEFT
PLAYER_ROW = 56
SUPPLY_ROW = 26
CARD_GAP = 10
ACTIVE_FILL: RGB = mix(UI["panel"], UI["highlight"], 0.35)
WINNER_FILL: RGB = mix(UI["panel"], UI["winner"], 0.3)
BANNER_FILL: RGB = UI["out"]
MEDAL_METALS: dict[str, RGB] = {"gold": (236, 186, 40), "silver": (200, 204, 210)}

PHASE_TEXT: dict[str, str] = {
    "queue": "Setting up: customers line up at the entrance",
    "deal": "Setting up: dealing building cards",
    "start": "Setting up: drawing the start player",
    "place": "{name} places a main stall",
    "neutral": "{name} places the neutral {neutral} stall",
    "play": "{name}: build, attract a customer or take 2 cards",
    "card": "{name} plays building cards for: {pending}",
    "pay": "{name} pays {price} coin value for: {pending}",
    "draw": "{name} takes {draws} more card(s)",
    "keep": "{name} keeps 4 building cards",
    "final": "{name} builds or passes",
    "over": "Game over",
}


def player_name(view: Mapping[str, Any], seat: int) -> str:
    """The display name of ``seat``: from ``view["names"]`` when given, else "Player N"."""
    names = view.get("names") or []
    if 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    return f"Player {seat + 1}"


def deciding_seat(view: Mapping[str, Any]) -> int | None:
    """The seat that must decide now (the active seat while a chance move is due)."""
    to_move = view.get("to_move")
    if isinstance(to_move, int) and to_move >= 0:
        return to_move
    active = view.get("active")
    return active if isinstance(active, int) else None


def status_text(view: Mapping[str, Any]) -> str:
    """One sentence saying what is happening: whose decision it is and what kind."""
    phase = str(view.get("phase", ""))
    if view.get("outcome"):
        return _winners_text(view)
    seat = deciding_seat(view)
    pending = view.get("pending") or {}
    template = PHASE_TEXT.get(phase, "{name} to move")
    if phase == "draw" and not view.get("draws_left"):
        template = "{name} draws a card from the deck"
    return template.format(
        name=player_name(view, seat) if seat is not None else "—",
        neutral=view.get("neutral_to_place") or "",
        price=pending.get("price", "?"),
        draws=view.get("draws_left", 1),
        pending=pending_text(pending),
    )


def pending_text(pending: Mapping[str, Any]) -> str:
    """The build being paid for, in words: "new red stall at f5", "red extension at f6"."""
    colour, square = pending.get("colour", ""), pending.get("square", "?")
    action = pending.get("action")
    if action == "extend":
        return f"{colour} extension at {square}"
    door = f" (door {pending['door']})" if pending.get("door") else ""
    if action == "move":
        return f"moving the {colour} stall to {square}{door}"
    return f"new {colour} stall at {square}{door}"


def _winners_text(view: Mapping[str, Any]) -> str:
    """Who won, for the status line of a finished game."""
    winners = [player_name(view, seat) for seat in view["outcome"].get("winners", [])]
    if not winners:
        return "Game over"
    return f"Game over — {' and '.join(winners)} {'wins' if len(winners) == 1 else 'win'}!"


def draw_panel(image: Image.Image, view: Mapping[str, Any]) -> None:
    """The whole side panel, from the public fields of ``view``."""
    draw = ImageDraw.Draw(image)
    y = _draw_header(draw, view, PANEL_BOX[1] + PAD)
    if view.get("final_stage") and not view.get("outcome"):
        y = _draw_banner(draw, view, y)
    y = _draw_players(image, draw, view, y)
    y = _draw_final_table(image, draw, view, y) if view.get("outcome") else _draw_display(image, draw, view, y)
    _draw_supply(image, draw, view, y)


def _draw_header(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], y: int) -> int:
    """The game's name and the status sentence."""
    draw.text((LEFT, y), "KAIRO", font=font(28, bold=True), fill=UI["frame"])
    phase = str(view.get("phase", "")).upper()
    draw.text((RIGHT, y + 6), phase, font=font(16, bold=True), fill=UI["ink_soft"], anchor="ra")
    y += 38
    status_font = font(19, bold=True)
    for line in wrap_text(status_text(view), status_font, WIDTH)[:2]:
        draw.text((LEFT, y), line, font=status_font, fill=UI["ink"])
        y += 24
    return y + 6


def _draw_banner(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], y: int) -> int:
    """The final-stage banner: only building is allowed; who has passed."""
    passed = [player_name(view, seat) for seat in view.get("passed", [])]
    text = "FINAL STAGE — build or pass"
    if passed:
        text += f" · out: {', '.join(passed)}"
    draw.rounded_rectangle([LEFT, y, RIGHT, y + 32], radius=8, fill=BANNER_FILL)
    shown = fit_text(text, font(17, bold=True), WIDTH - 16)
    draw.text(((LEFT + RIGHT) / 2, y + 16), shown, font=font(17, bold=True), fill=UI["ink_light"], anchor="mm")
    return y + 40


def _draw_players(image: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any], y: int) -> int:
    """One row per seat: seal, name, score, charlatans, cards in hand, medals, passed/resigned."""
    deciding = deciding_seat(view) if not view.get("outcome") else None
    for player in view["players"]:
        _draw_player_row(image, draw, view, player, y, active=player["seat"] == deciding)
        y += PLAYER_ROW
    return y + 4


def _draw_player_row(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    player: Mapping[str, Any],
    y: int,
    *,
    active: bool,
) -> None:
    """A single player's row; the seat to move is shaded and pointed at."""
    seat = player["seat"]
    out = bool(player.get("resigned"))
    if active:
        draw.rounded_rectangle([LEFT - 6, y, RIGHT + 6, y + PLAYER_ROW - 4], radius=8, fill=ACTIVE_FILL)
        draw.polygon([(LEFT - 4, y + 12), (LEFT + 4, y + 20), (LEFT - 4, y + 28)], fill=UI["frame"])
    paste_sprite(image, seal_sprite(seat, 38), (LEFT + 26, y + PLAYER_ROW / 2 - 2))
    ink = UI["ink_soft"] if out else UI["ink"]
    score = str(player.get("score", 0))
    score_font = font(26, bold=True)
    score_width = score_font.getlength(score)
    draw.text((RIGHT, y + 2), score, font=score_font, fill=ink, anchor="ra")
    draw.text((RIGHT - score_width - 4, y + 12), "pts", font=font(14), fill=ink, anchor="ra")
    name_room = WIDTH - 52 - score_width - 40
    tag = "RESIGNED" if player.get("resigned") else "PASSED" if player.get("passed") else None
    _draw_name_and_tag(draw, player_name(view, seat), tag, (LEFT + 52, y + 4), name_room, ink)
    stats = f"charlatans {player.get('charlatans', 0)} · cards {player.get('hand_size', 0)}"
    draw.text((LEFT + 52, y + 30), stats, font=font(15), fill=ink)
    _draw_medal_chips(image, player.get("medals", []), view, RIGHT - 2, y + 40)


def _draw_name_and_tag(
    draw: ImageDraw.ImageDraw, name: str, tag: str | None, position: tuple[int, int], room: float, ink: RGB
) -> None:
    """The player's name, shortened to fit, followed by a "PASSED"/"RESIGNED" tag when one applies."""
    name_font, tag_font = font(20, bold=True), font(13, bold=True)
    tag_width = tag_font.getlength(tag) + 12 if tag else 0
    shown = fit_text(name, name_font, room - tag_width - 8)
    draw.text(position, shown, font=name_font, fill=ink)
    if tag is None:
        return
    left = position[0] + name_font.getlength(shown) + 8
    fill = UI["out"] if tag == "RESIGNED" else UI["ink_soft"]
    draw.rounded_rectangle([left, position[1] + 3, left + tag_width, position[1] + 23], radius=6, fill=fill)
    draw.text((left + tag_width / 2, position[1] + 13), tag, font=tag_font, fill=UI["ink_light"], anchor="mm")


def _draw_medal_chips(
    image: Image.Image, medals: Sequence[Sequence[str]], view: Mapping[str, Any], right: float, middle: float
) -> None:
    """The medals a player holds, right-aligned: gold or silver discs carrying the colour's letter."""
    colour_ids = {colour: index for index, colour in enumerate(view.get("colours", []))}
    size, gap = 22, 3
    x = right - size / 2
    for colour, metal in reversed(list(medals)):
        paste_sprite(image, medal_chip(colour, colour_ids.get(colour, 0), metal, size), (x, middle))
        x -= size + gap


@lru_cache(maxsize=64)
def medal_chip(colour: str, colour_id: int, metal: str, size: int) -> Image.Image:
    """A medal: a gold/silver disc ringed in the goods colour, with that colour's letter."""
    ring = piece_rgb(colour, colour_id)

    def paint(draw: ImageDraw.ImageDraw, scale: int) -> None:
        edge = size * scale
        draw.ellipse([0, 0, edge - 1, edge - 1], fill=(*SEAL_INK, 255))
        outer = edge * 0.08
        draw.ellipse([outer, outer, edge - 1 - outer, edge - 1 - outer], fill=(*ring, 255))
        inner = edge * 0.24
        draw.ellipse([inner, inner, edge - 1 - inner, edge - 1 - inner], fill=(*MEDAL_METALS.get(metal, ring), 255))

    chip = smooth_sprite(size, size, paint)
    ImageDraw.Draw(chip).text(
        (size / 2, size / 2 + 1),
        colour[:1].upper(),
        font=font(round(size * 0.42), bold=True),
        fill=SEAL_INK,
        anchor="mm",
    )
    return chip


def _heading(draw: ImageDraw.ImageDraw, text: str, y: int) -> int:
    """A section heading with a rule under it."""
    draw.line([(LEFT, y + 2), (RIGHT, y + 2)], fill=UI["panel_edge"], width=2)
    draw.text((LEFT, y + 8), text, font=font(17, bold=True), fill=UI["frame"])
    return y + 32


def _draw_display(image: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any], y: int) -> int:
    """The four face-up building cards, then deck, discard and charlatan supply counts."""
    y = _heading(draw, "Face-up building cards", y)
    slots = list(view.get("display", []))
    count = max(4, len(slots))
    card_width = (WIDTH - CARD_GAP * (count - 1)) // count
    card_height = round(card_width * 1.3)
    for index in range(count):
        left = LEFT + index * (card_width + CARD_GAP)
        box = (left, y, left + card_width, y + card_height)
        card = slots[index] if index < len(slots) else None
        if card is None:
            draw_empty_slot(draw, box)
        else:
            draw_card(image, box, card, view)
    y += card_height + 8
    deck, discard = view.get("deck", 0), view.get("discard", 0)
    counts = f"Deck {deck} · Discard {discard} · Charlatans left {view.get('charlatan_supply', 0)}"
    draw.text((LEFT, y), fit_text(counts, font(16, bold=True), WIDTH), font=font(16, bold=True), fill=UI["ink"])
    return y + 28


def _draw_supply(image: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any], y: int) -> int:
    """Per goods colour: extensions left and who holds its gold and silver medals."""
    y = _heading(draw, "Goods: extensions left · medals", y)
    columns = (LEFT + 150, LEFT + 260, LEFT + 360)
    for x, title in zip(columns, ("ext. left", "gold", "silver"), strict=True):
        draw.text((x, y), title, font=font(14, bold=True), fill=UI["ink_soft"], anchor="ma")
    y += 20
    medals = view.get("medals", {})
    extensions = view.get("extensions_left", {})
    for colour_id, colour in enumerate(view.get("colours", [])):
        image.paste(stall_tile(colour, colour_id, SUPPLY_ROW - 4, main=False, inactive=False), (LEFT, y + 2))
        draw.text(
            (LEFT + SUPPLY_ROW + 4, y + SUPPLY_ROW / 2 + 1),
            colour,
            font=font(16, bold=True),
            fill=UI["ink"],
            anchor="lm",
        )
        draw.text(
            (columns[0], y + SUPPLY_ROW / 2 + 1),
            str(extensions.get(colour, 0)),
            font=font(17, bold=True),
            fill=UI["ink"],
            anchor="mm",
        )
        holders = medals.get(colour, {})
        for x, metal in zip(columns[1:], ("gold", "silver"), strict=True):
            _draw_holder(image, draw, holders.get(metal), (x, y + SUPPLY_ROW / 2))
        y += SUPPLY_ROW
    return y


def _draw_holder(image: Image.Image, draw: ImageDraw.ImageDraw, holder: Any, centre: tuple[float, float]) -> None:
    """Who holds a medal: their seal, or a dash while it is in the supply."""
    if isinstance(holder, int):
        paste_sprite(image, seal_sprite(holder, SUPPLY_ROW - 2), centre)
    else:
        draw.text(centre, "—", font=font(16), fill=UI["ink_soft"], anchor="mm")


def _draw_final_table(image: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any], y: int) -> int:
    """The final scoring table: track, medals scored again, coins, total; winners shaded."""
    y = _heading(draw, "Final scoring", y)
    outcome = view["outcome"]
    rows = _final_rows(view)
    columns = (("track", LEFT + 220), ("medals", LEFT + 285), ("coins", LEFT + 345), ("total", RIGHT - 22))
    for title, x in columns:
        draw.text((x, y), title, font=font(14, bold=True), fill=UI["ink_soft"], anchor="ma")
    y += 22
    winners = set(outcome.get("winners", []))
    for row in rows:
        seat = row["seat"]
        if seat in winners:
            draw.rounded_rectangle([LEFT - 6, y, RIGHT + 6, y + 28], radius=6, fill=WINNER_FILL)
        paste_sprite(image, seal_sprite(seat, 24), (LEFT + 12, y + 14))
        label = player_name(view, seat) + ("  ★" if seat in winners else "")
        draw.text(
            (LEFT + 30, y + 14),
            fit_text(label, font(16, bold=True), 170),
            font=font(16, bold=True),
            fill=UI["ink"],
            anchor="lm",
        )
        for key, x in columns:
            value = row.get(key)
            text = "—" if value is None else str(value)
            draw.text((x, y + 14), text, font=font(17, bold=key == "total"), fill=UI["ink"], anchor="mm")
        y += 30
    reason = str(outcome.get("reason", ""))
    if reason:
        draw.text((LEFT, y + 2), fit_text(reason, font(14), WIDTH), font=font(14), fill=UI["ink_soft"])
        y += 22
    return y + 6


def _final_rows(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The final table's rows: from ``outcome.details.final`` when given, else just the scores."""
    outcome = view["outcome"]
    final = (outcome.get("details") or {}).get("final")
    if final:
        return [dict(row) for row in final]
    return [{"seat": seat, "total": score} for seat, score in enumerate(outcome.get("scores", []))]
