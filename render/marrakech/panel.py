"""The panel beside (or below) the market: the merchants, whose turn it is or the result, and the last turn.

Every word comes from the ``Words`` handed in (``render.words``); what the merchant to move decides comes from
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
from render.words import NO_WORDS, Words

PANEL_PADDING = 18
NAME_IN_TEXT_SHARE = 0.55
"""At most this share of the panel's width for a name inside a sentence."""

DECISION_ACTIONS = {"orient": "to_orient", "place": "to_place"}
"""The sentence (its id) saying what the merchant to move decides."""
CHANCE_ACTIONS = {"roll": "rolling", "draw": "drawing"}


# ---- sentences -------------------------------------------------------------------------------------
def short_name(view: View, seat: int, layout: Layout, words: Words = NO_WORDS) -> str:
    """A merchant's name shortened to fit inside a sentence of the panel."""
    panel = layout.panel_box(len(view.seats))
    return fit_text(player_name(view, seat, words), font(layout.body_size), (panel[2] - panel[0]) * NAME_IN_TEXT_SHARE)


def turn_sentence(view: View, layout: Layout, words: Words = NO_WORDS) -> str:
    """Who must act now and what they decide (``view.decision``), or what chance does."""
    if view.outcome is not None or view.to_move is None:
        return words("game_over")
    if view.to_move == CHANCE or view.decision is None:
        return words(CHANCE_ACTIONS.get(view.phase, "waiting"))
    decision = view.decision
    action = DECISION_ACTIONS.get(decision.code, "to_play")
    if decision.code == "orient" and decision.params.get("for_next"):
        action = "to_orient_next"
    return words(action, name=short_name(view, decision.seat, layout, words))


def tribute_sentence(view: View, tribute: dict[str, Any] | None, layout: Layout, words: Words = NO_WORDS) -> str:
    """One sentence about the tribute paid this turn."""
    if not tribute:
        return words("no_tribute")
    payer = short_name(view, tribute["payer"], layout, words)
    payee = short_name(view, tribute["payee"], layout, words)
    return words.count("paid", tribute["amount"], payer=payer, payee=payee)


def outcome_sentence(view: View, layout: Layout, words: Words = NO_WORDS) -> str:
    """The result in one sentence: who won."""
    assert view.outcome is not None
    winners = [short_name(view, seat, layout, words) for seat in view.outcome.winners]
    if len(winners) == 1:
        return words("won", name=winners[0])
    if winners:
        return words("shared_win", names=f" {words('and')} ".join(winners))
    return words("no_winner")


# ---- player cards ---------------------------------------------------------------------------------
def _card_tags(view: View, seat: SeatView, words: Words) -> list[tuple[str, RGB]]:
    """The labels on a merchant's card: winner, out, or that it is their turn."""
    tags: list[tuple[str, RGB]] = []
    if view.outcome is not None and seat.seat in view.outcome.winners:
        tags.append((words("tag:winner"), UI["winner"]))
    if seat.out:
        tags.append((words("tag:out"), UI["out"]))
    if view.outcome is None and seat.to_move:
        tags.append((words("tag:to_play"), UI["ink"]))
    return tags


def _card_figures(view: View, player: dict[str, Any], words: Words) -> list[tuple[str, str]]:
    """The second line of a card: money and carpets in play, or the final sum once the game is over."""
    dirhams, visible = str(player.get("dirhams", 0)), str(player.get("visible", 0))
    if view.outcome is None:
        figures = [(dirhams, "dirhams"), (str(player.get("carpets_left", 0)), "left"), (visible, "visible")]
    else:
        scores, seat = view.outcome.scores, player["seat"]
        total = scores[seat] if seat < len(scores) else 0
        figures = [(dirhams, "dirhams_plus"), (visible, "visible_equals"), (str(total), "points")]
    return [(figure, words(f"figure:{unit}")) for figure, unit in figures]


def player_card(view: View, seat: SeatView, styles: Sequence[CarpetStyle], words: Words = NO_WORDS) -> PlayerCard:
    """The panel card of one merchant."""
    players = view.details.get("players") or []
    player: dict[str, Any] = players[seat.seat] if seat.seat < len(players) else {"seat": seat.seat}
    colours = [style_of(styles, colour) for colour in player.get("colours", [])]
    is_winner = view.outcome is not None and seat.seat in view.outcome.winners
    return PlayerCard(
        name=player_name(view, seat.seat, words),
        swatches=[(style.base, style.pattern) for style in colours],
        figures=_card_figures(view, player, words),
        tags=_card_tags(view, seat, words),
        highlighted=is_winner or (view.outcome is None and seat.to_move),
        muted=seat.out,
        separator="  ·  " if view.outcome is None else " ",
    )


# ---- blocks -----------------------------------------------------------------------------------------
def _carpets_come_from_a_pile(view: View) -> bool:
    """Whether merchants hold several colours, so the carpet to place is drawn and worth showing."""
    return any(len(player.get("colours", [])) > 1 for player in view.details.get("players") or [])


def _draw_turn(
    image: Image.Image, column: TextColumn, view: View, styles: Sequence[CarpetStyle], layout: Layout, words: Words
) -> None:
    """The "whose turn" block, with the carpet to place when it was drawn from the pile."""
    column.paragraph("▶ " + turn_sentence(view, layout, words), font(layout.headline_size, bold=True), UI["ink"])
    colour = view.details.get("carpet_in_hand")
    if colour is not None and _carpets_come_from_a_pile(view):
        style, side = style_of(styles, colour), layout.body_size + 6
        top = column.y + 2
        draw_swatch(image, (column.x, top, column.x + side, top + side), style.base, style.pattern, step=10)
        colour_name = words.get(f"colour:{style.name}") or words("colour_n", number=colour + 1)
        column.line(words("carpet_to_place", colour=colour_name), font(layout.body_size), UI["ink"], indent=side + 12)


def _draw_roll(
    image: Image.Image, column: TextColumn, view: View, last: dict[str, Any], layout: Layout, words: Words
) -> None:
    """The die face rolled, beside who rolled it and where the carpet went."""
    left, top, die = column.x, column.y, layout.die_size
    text_left = left
    if last.get("roll"):
        paste_sprite(image, die_face(int(last["roll"]), die), (left + die / 2, top + die / 2))
        text_left += die + 14
    bold = font(layout.body_size, bold=True)
    rolled = words("rolled", name="\0", count=last["roll"]) if last.get("roll") else "\0"
    before, _, after = rolled.partition("\0")
    room = column.width - (text_left - left) - bold.getlength(before + after)
    headline = before + fit_text(player_name(view, last["seat"], words), bold, room) + after
    column.draw.text((text_left, top + 2), headline, font=bold, fill=UI["ink"])
    if last.get("carpet"):
        squares = "–".join(last["carpet"])
        line_top = top + round(layout.body_size * 1.3)
        column.draw.text(
            (text_left, line_top), words("carpet_on", squares=squares), font=font(layout.body_size), fill=UI["ink"]
        )
    column.skip(die + 8)


def _draw_last_turn(image: Image.Image, column: TextColumn, view: View, layout: Layout, words: Words) -> None:
    """The last turn: the die face rolled, the carpet laid, the tribute, an elimination."""
    last = view.details.get("last")
    if not last:
        return
    _draw_roll(image, column, view, last, layout, words)
    body = font(layout.body_size)
    if last.get("roll"):
        column.paragraph(tribute_sentence(view, last.get("tribute"), layout, words), body, UI["ink"])
    if last.get("eliminated") is not None:
        out = words("eliminated", name=short_name(view, last["eliminated"], layout, words))
        column.paragraph(out, body, UI["out"])


def _draw_outcome(column: TextColumn, view: View, layout: Layout, words: Words) -> None:
    """The result: the winner(s) and why the game ended."""
    assert view.outcome is not None
    column.paragraph(outcome_sentence(view, layout, words), font(layout.headline_size, bold=True), UI["ink"])
    reason = words(f"end:{view.outcome.termination}")
    column.paragraph(reason, font(layout.body_size), UI["ink_soft"])


def draw_panel(
    image: Image.Image,
    view: View,
    styles: Sequence[CarpetStyle],
    layout: Layout,
    box: Box,
    words: Words = NO_WORDS,
) -> int:
    """The panel's contents in ``box``: title, merchant cards, whose turn or the result, the last turn.

    Returns the y where the contents end (the panel's bottom edge belongs ``PANEL_PADDING`` below).
    """
    left, top, right, _ = box
    draw = ImageDraw.Draw(image)
    column = TextColumn(draw, left + PANEL_PADDING, top + PANEL_PADDING - 4, right - left - 2 * PANEL_PADDING)
    title = words("title")
    if view.details.get("variant"):
        title = words("variant", title=title)
    column.line(title, font(layout.title_size, bold=True), UI["frame"])
    for seat in view.seats:
        draw_player_card(image, column, player_card(view, seat, styles, words))
    column.rule(UI["panel_edge"], margin=4)
    if view.outcome is not None:
        _draw_outcome(column, view, layout, words)
    else:
        _draw_turn(image, column, view, styles, layout, words)
    column.rule(UI["panel_edge"], margin=8)
    _draw_last_turn(image, column, view, layout, words)
    return column.y
