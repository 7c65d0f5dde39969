"""The panel beside (or below) the market: the merchants, whose turn it is or the result, and the last turn.

The panel's words are English and live here; what the merchant to move decides comes from
``view.decision``, names from ``view.seats`` (an empty name reads "Player N").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from engines.base import CHANCE, SeatView, View
from render.fonts import font
from render.grid import Box
from render.marrakech.layout import Layout
from render.marrakech.scene import CarpetStyle, player_name, style_of
from render.palette import RGB, UI
from render.panel import PlayerCard, draw_player_card
from render.text import TextColumn, fit_text
from render.widgets import die_face, draw_swatch, paste_sprite

PANEL_PADDING = 18
NAME_IN_TEXT_SHARE = 0.55
"""At most this share of the panel's width for a name inside a sentence."""

DECISION_ACTIONS = {"orient": "to turn Assam", "place": "to place a carpet"}
FOR_NEXT_ACTION = "to turn Assam for the next merchant"
CHANCE_ACTIONS = {"roll": "Rolling the die…", "draw": "Drawing the next carpet…"}
TERMINATIONS = {
    "all_carpets_laid": "The last carpet has been laid.",
    "last_merchant": "Only one merchant is still in the market.",
    "resigned": "The other players left the game.",
    "abandoned": "The game was abandoned.",
}


# ---- sentences -------------------------------------------------------------------------------------
def short_name(view: View, seat: int, layout: Layout) -> str:
    """A merchant's name shortened to fit inside a sentence of the panel."""
    panel = layout.panel_box(len(view.seats))
    return fit_text(player_name(view, seat), font(layout.body_size), (panel[2] - panel[0]) * NAME_IN_TEXT_SHARE)


def turn_sentence(view: View, layout: Layout) -> str:
    """Who must act now and what they decide (``view.decision``), or what chance does."""
    if view.outcome is not None or view.to_move is None:
        return "Game over"
    if view.to_move == CHANCE or view.decision is None:
        return CHANCE_ACTIONS.get(view.phase, "Waiting for chance…")
    decision = view.decision
    action = DECISION_ACTIONS.get(decision.code, "to play")
    if decision.code == "orient" and decision.params.get("for_next"):
        action = FOR_NEXT_ACTION
    return f"{short_name(view, decision.seat, layout)} {action}"


def tribute_sentence(view: View, tribute: dict[str, Any] | None, layout: Layout) -> str:
    """One sentence about the tribute paid this turn."""
    if not tribute:
        return "No tribute to pay."
    amount = tribute["amount"]
    unit = "dirham" if amount == 1 else "dirhams"
    payer, payee = short_name(view, tribute["payer"], layout), short_name(view, tribute["payee"], layout)
    return f"{payer} paid {payee} {amount} {unit}."


def outcome_sentence(view: View, layout: Layout) -> str:
    """The result in one sentence: who won."""
    assert view.outcome is not None
    winners = [short_name(view, seat, layout) for seat in view.outcome.winners]
    if len(winners) == 1:
        return f"Game over: {winners[0]} wins!"
    if winners:
        return f"Game over: shared win for {' and '.join(winners)}"
    return "Game over: no winner"


# ---- player cards ---------------------------------------------------------------------------------
def _card_tags(view: View, seat: SeatView) -> list[tuple[str, RGB]]:
    """The labels on a merchant's card: winner, out, or that it is their turn."""
    tags: list[tuple[str, RGB]] = []
    if view.outcome is not None and seat.seat in view.outcome.winners:
        tags.append(("WINNER", UI["winner"]))
    if seat.out:
        tags.append(("OUT", UI["out"]))
    if view.outcome is None and seat.to_move:
        tags.append(("TO PLAY", UI["ink"]))
    return tags


def _card_figures(view: View, player: dict[str, Any]) -> list[tuple[str, str]]:
    """The second line of a card: money and carpets in play, or the final sum once the game is over."""
    dirhams, visible = str(player.get("dirhams", 0)), str(player.get("visible", 0))
    if view.outcome is None:
        return [(dirhams, "dirhams"), (str(player.get("carpets_left", 0)), "left"), (visible, "visible")]
    scores, seat = view.outcome.scores, player["seat"]
    total = scores[seat] if seat < len(scores) else 0
    return [(dirhams, "dirhams +"), (visible, "visible ="), (str(total), "points")]


def player_card(view: View, seat: SeatView, styles: Sequence[CarpetStyle]) -> PlayerCard:
    """The panel card of one merchant."""
    players = view.details.get("players") or []
    player: dict[str, Any] = players[seat.seat] if seat.seat < len(players) else {"seat": seat.seat}
    colours = [style_of(styles, colour) for colour in player.get("colours", [])]
    is_winner = view.outcome is not None and seat.seat in view.outcome.winners
    return PlayerCard(
        name=player_name(view, seat.seat),
        swatches=[(style.base, style.pattern) for style in colours],
        figures=_card_figures(view, player),
        tags=_card_tags(view, seat),
        highlighted=is_winner or (view.outcome is None and seat.to_move),
        muted=seat.out,
        separator="  ·  " if view.outcome is None else " ",
    )


# ---- blocks -----------------------------------------------------------------------------------------
def _carpets_come_from_a_pile(view: View) -> bool:
    """Whether merchants hold several colours, so the carpet to place is drawn and worth showing."""
    return any(len(player.get("colours", [])) > 1 for player in view.details.get("players") or [])


def _draw_turn(
    image: Image.Image, column: TextColumn, view: View, styles: Sequence[CarpetStyle], layout: Layout
) -> None:
    """The "whose turn" block, with the carpet to place when it was drawn from the pile."""
    column.paragraph("▶ " + turn_sentence(view, layout), font(layout.headline_size, bold=True), UI["ink"])
    colour = view.details.get("carpet_in_hand")
    if colour is not None and _carpets_come_from_a_pile(view):
        style, side = style_of(styles, colour), layout.body_size + 6
        top = column.y + 2
        draw_swatch(image, (column.x, top, column.x + side, top + side), style.base, style.pattern, step=10)
        column.line(f"Carpet to place: {style.name}", font(layout.body_size), UI["ink"], indent=side + 12)


def _draw_roll(image: Image.Image, column: TextColumn, view: View, last: dict[str, Any], layout: Layout) -> None:
    """The die face rolled, beside who rolled it and where the carpet went."""
    left, top, die = column.x, column.y, layout.die_size
    text_left = left
    if last.get("roll"):
        paste_sprite(image, die_face(int(last["roll"]), die), (left + die / 2, top + die / 2))
        text_left += die + 14
    bold = font(layout.body_size, bold=True)
    action = f" rolled {last['roll']}" if last.get("roll") else ""
    room = column.width - (text_left - left) - bold.getlength(action)
    headline = fit_text(player_name(view, last["seat"]), bold, room) + action
    column.draw.text((text_left, top + 2), headline, font=bold, fill=UI["ink"])
    if last.get("carpet"):
        squares = "–".join(last["carpet"])
        line_top = top + round(layout.body_size * 1.3)
        column.draw.text((text_left, line_top), f"Carpet on {squares}", font=font(layout.body_size), fill=UI["ink"])
    column.skip(die + 8)


def _draw_last_turn(image: Image.Image, column: TextColumn, view: View, layout: Layout) -> None:
    """The last turn: the die face rolled, the carpet laid, the tribute, an elimination."""
    last = view.details.get("last")
    if not last:
        return
    _draw_roll(image, column, view, last, layout)
    body = font(layout.body_size)
    if last.get("roll"):
        column.paragraph(tribute_sentence(view, last.get("tribute"), layout), body, UI["ink"])
    if last.get("eliminated") is not None:
        column.paragraph(f"{short_name(view, last['eliminated'], layout)} could not pay: out!", body, UI["out"])


def _draw_outcome(column: TextColumn, view: View, layout: Layout) -> None:
    """The result: the winner(s) and why the game ended."""
    assert view.outcome is not None
    column.paragraph(outcome_sentence(view, layout), font(layout.headline_size, bold=True), UI["ink"])
    termination = view.outcome.termination
    reason = TERMINATIONS.get(termination, termination.replace("_", " ").capitalize() + ".")
    column.paragraph(reason, font(layout.body_size), UI["ink_soft"])


def draw_panel(image: Image.Image, view: View, styles: Sequence[CarpetStyle], layout: Layout, box: Box) -> int:
    """The panel's contents in ``box``: title, merchant cards, whose turn or the result, the last turn.

    Returns the y where the contents end (the panel's bottom edge belongs ``PANEL_PADDING`` below).
    """
    left, top, right, _ = box
    draw = ImageDraw.Draw(image)
    column = TextColumn(draw, left + PANEL_PADDING, top + PANEL_PADDING - 4, right - left - 2 * PANEL_PADDING)
    title = "Marrakech" + (" · variant" if view.details.get("variant") else "")
    column.line(title, font(layout.title_size, bold=True), UI["frame"])
    for seat in view.seats:
        draw_player_card(image, column, player_card(view, seat, styles))
    column.rule(UI["panel_edge"], margin=4)
    if view.outcome is not None:
        _draw_outcome(column, view, layout)
    else:
        _draw_turn(image, column, view, styles, layout)
    column.rule(UI["panel_edge"], margin=8)
    _draw_last_turn(image, column, view, layout)
    return column.y
