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
MIN_FIGURE_SCALE = 0.75
"""The smallest the figures are drawn (of their size) before they wrap onto another line."""

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


def figure_runs(figures: Sequence[tuple[str, str]], separator: str, scale: float = 1.0) -> list[Run]:
    """``(number, label)`` pairs as runs: the numbers bold and dark, the labels plain and soft (their sizes times
    ``scale``)."""
    number_font, label_font = font(round(NUMBER_SIZE * scale), bold=True), font(round(LABEL_SIZE * scale))
    runs: list[Run] = []
    for index, (number, label) in enumerate(figures):
        if index:
            runs.append((separator, label_font, UI["ink_soft"]))
        runs.append((number, number_font, UI["ink"]))
        runs.append((f" {label}", label_font, UI["ink_soft"]))
    return runs


def runs_width(runs: Sequence[Run]) -> float:
    """How wide ``runs`` are drawn side by side."""
    return sum(run_font.getlength(text) for text, run_font, _ in runs)


def fitted_figures(figures: Sequence[tuple[str, str]], separator: str, width: float) -> list[list[Run]]:
    """The card's figures as lines of runs no wider than ``width``, never cut: at full size on one line if they fit;
    else with a tighter separator, then smaller (down to ``MIN_FIGURE_SCALE``); at the smallest, wrapped between
    figures (a figure too wide alone keeps a line to itself)."""
    for gap in dict.fromkeys((separator, f" {separator.strip()} " if separator.strip() else " ")):
        runs = figure_runs(figures, gap)
        if runs_width(runs) <= width:
            return [runs]
    scale = max(MIN_FIGURE_SCALE, width / runs_width(runs))
    while scale > MIN_FIGURE_SCALE and runs_width(figure_runs(figures, gap, scale)) > width:
        scale -= 0.02
    scale = max(scale, MIN_FIGURE_SCALE)
    runs = figure_runs(figures, gap, scale)
    if runs_width(runs) <= width:
        return [runs]
    lines: list[list[Run]] = []
    for figure in figures:
        alone = figure_runs([figure], gap, scale)
        if lines and runs_width(lines[-1]) + runs_width(figure_runs([figure, figure], gap, scale)[2:]) <= width:
            lines[-1].extend(figure_runs([figure, figure], gap, scale)[2:])
        else:
            lines.append(alone)
    return lines


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
    lines = fitted_figures(card.figures, card.separator, right - left)
    line_step = round(max(run_font.size for line in lines for _, run_font, _ in line) * 1.25)
    height = CARD_HEIGHT + (len(lines) - 1) * line_step
    if card.highlighted:
        draw.rounded_rectangle([left - 8, top, right + 8, top + height - 6], radius=10, fill=UI["turn"])
    x = left
    for colour, pattern in card.swatches:
        box = (x, top + 6, x + SWATCH_SIZE, top + 6 + SWATCH_SIZE)
        draw_swatch(image, box, colour, pattern, step=12)
        x += SWATCH_SIZE + 6
    name_right = _draw_tags(draw, right, top + 9, card.tags)
    name_font = font(NAME_SIZE, bold=True)
    name = fit_text(card.name, name_font, name_right - x - 10)
    draw.text((x + 4, top + 24), name, font=name_font, fill=UI["ink_soft" if card.muted else "ink"], anchor="lm")
    for index, line in enumerate(lines):
        draw_runs(draw, (left, top + 72 + index * line_step), line)
    column.skip(height)
