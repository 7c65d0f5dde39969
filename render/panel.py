"""The side panel pieces every game's image shares: player cards and mixed-font text runs.

A game builds a ``PlayerCard`` per seat from its view (names, colours, figures) and hands it
to ``draw_player_card``; the card looks the same in every game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw, ImageFont

from render.fonts import font
from render.palette import RGB, UI
from render.text import TextColumn, fit_text
from render.widgets import draw_swatch, draw_tag

NAME_SIZE = 28
NUMBER_SIZE = 26
LABEL_SIZE = 22
TAG_SIZE = 22
SWATCH_SIZE = 38
CARD_HEIGHT = 86

Run = tuple[str, ImageFont.FreeTypeFont, RGB]
"""A piece of text with its font and colour."""


@dataclass(frozen=True)
class PlayerCard:
    """What one player's card shows.

    ``swatches`` are ``(colour, pattern)`` pairs; ``figures`` are ``(number, label)`` pairs
    shown on the second line ("30 dirhams"), joined by ``separator``; ``tags`` are
    ``(text, colour)`` labels at the right.
    """

    name: str
    swatches: Sequence[tuple[RGB, str]]
    figures: Sequence[tuple[str, str]]
    tags: Sequence[tuple[str, RGB]] = field(default_factory=tuple)
    separator: str = "  ·  "
    highlighted: bool = False
    muted: bool = False


def draw_runs(draw: ImageDraw.ImageDraw, position: tuple[float, float], runs: Sequence[Run]) -> float:
    """Runs of text side by side on one baseline starting at ``position``; returns the x where they end."""
    x, baseline = position
    for text, run_font, colour in runs:
        draw.text((x, baseline), text, font=run_font, fill=colour, anchor="ls")
        x += run_font.getlength(text)
    return x


def figure_runs(figures: Sequence[tuple[str, str]], separator: str) -> list[Run]:
    """``(number, label)`` pairs as runs: the numbers bold and dark, the labels plain and soft."""
    number_font, label_font = font(NUMBER_SIZE, bold=True), font(LABEL_SIZE)
    runs: list[Run] = []
    for index, (number, label) in enumerate(figures):
        if index:
            runs.append((separator, label_font, UI["ink_soft"]))
        runs.append((number, number_font, UI["ink"]))
        runs.append((f" {label}", label_font, UI["ink_soft"]))
    return runs


def _draw_tags(draw: ImageDraw.ImageDraw, right: int, top: int, tags: Sequence[tuple[str, RGB]]) -> int:
    """The card's tags, right-aligned from ``right``; returns the x left of the leftmost tag."""
    tag_font = font(TAG_SIZE, bold=True)
    for text, colour in reversed(tags):
        width = round(tag_font.getlength(text)) + 12
        right -= width
        draw_tag(draw, (right, top), text, tag_font, fill=colour, text_fill=UI["ink_light"])
        right -= 8
    return right


def draw_player_card(image: Image.Image, column: TextColumn, card: PlayerCard) -> None:
    """``card`` drawn at the top of ``column``, which then moves below it."""
    draw, top = column.draw, column.y
    left, right = column.x, column.x + column.width
    if card.highlighted:
        draw.rounded_rectangle([left - 8, top, right + 8, top + CARD_HEIGHT - 6], radius=10, fill=UI["turn"])
    x = left
    for colour, pattern in card.swatches:
        box = (x, top + 6, x + SWATCH_SIZE, top + 6 + SWATCH_SIZE)
        draw_swatch(image, box, colour, pattern, step=12)
        x += SWATCH_SIZE + 6
    name_right = _draw_tags(draw, right, top + 9, card.tags)
    name_font = font(NAME_SIZE, bold=True)
    name = fit_text(card.name, name_font, name_right - x - 10)
    draw.text((x + 4, top + 24), name, font=name_font, fill=UI["ink_soft" if card.muted else "ink"], anchor="lm")
    draw_runs(draw, (left, top + 72), figure_runs(card.figures, card.separator))
    column.skip(CARD_HEIGHT)
