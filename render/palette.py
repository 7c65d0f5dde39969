"""Every colour the board images use, in one table, plus small colour arithmetic.

``UI`` holds the colours of the scenery (background, panel, ink, board, highlights).
``PIECE_COLOURS`` maps the colour names engines put in their views ("red", "blue", ...)
to RGB; the tones are taken from the Okabe–Ito colour-blind-safe set, warmed a little.
Colour alone never identifies a player: ``render.patterns`` gives each colour id a pattern too.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

UI: dict[str, RGB] = {
    "background": (246, 236, 218),
    "panel": (252, 246, 235),
    "panel_edge": (214, 190, 155),
    "ink": (52, 36, 26),
    "ink_soft": (120, 94, 72),
    "ink_light": (255, 250, 240),
    "board_square": (238, 216, 178),
    "board_line": (170, 122, 82),
    "frame": (150, 62, 40),
    "frame_edge": (104, 40, 26),
    "arc": (250, 232, 196),
    "coordinate": (120, 56, 36),
    "highlight": (255, 200, 40),
    "turn": (255, 232, 170),
    "path": (255, 250, 236),
    "neutral": (168, 162, 154),
    "neutral_mark": (120, 114, 108),
    "winner": (196, 140, 20),
    "out": (150, 40, 30),
    "die_face": (255, 252, 244),
    "die_pip": (52, 36, 26),
    "token": (44, 30, 24),
    "token_trim": (255, 214, 90),
}

PIECE_COLOURS: dict[str, RGB] = {
    "red": (214, 64, 40),
    "blue": (0, 104, 178),
    "yellow": (242, 200, 36),
    "purple": (142, 78, 160),
    "orange": (232, 140, 0),
    "green": (0, 148, 110),
    "brown": (140, 90, 52),
    "black": (48, 44, 44),
    "white": (248, 248, 244),
    "grey": (150, 150, 150),
    "pink": (214, 120, 168),
    "teal": (40, 160, 170),
}

FALLBACK_ORDER: tuple[str, ...] = ("red", "blue", "yellow", "purple", "orange", "green")
"""Colours used, by colour id, when a view names a colour this table does not know."""


def piece_rgb(name: str | None, colour_id: int) -> RGB:
    """The RGB of a player/piece colour named ``name``; unknown names fall back by ``colour_id``."""
    if name is not None and name.strip().lower() in PIECE_COLOURS:
        return PIECE_COLOURS[name.strip().lower()]
    return PIECE_COLOURS[FALLBACK_ORDER[colour_id % len(FALLBACK_ORDER)]]


def mix(first: RGB, second: RGB, amount: float) -> RGB:
    """``first`` moved ``amount`` (0..1) of the way towards ``second``."""
    (r1, g1, b1), (r2, g2, b2) = first, second
    return (round(r1 + (r2 - r1) * amount), round(g1 + (g2 - g1) * amount), round(b1 + (b2 - b1) * amount))


def luminance(colour: RGB) -> float:
    """Perceived brightness, 0 (black) to 1 (white)."""
    red, green, blue = colour
    return (0.299 * red + 0.587 * green + 0.114 * blue) / 255


def is_light(colour: RGB) -> bool:
    """Whether dark text and marks read best on ``colour``."""
    return luminance(colour) > 0.6


def mark_colour(base: RGB) -> RGB:
    """The tone a pattern is drawn in on ``base``: darker on light colours, lighter on dark ones."""
    if is_light(base):
        return mix(base, UI["ink"], 0.45)
    return mix(base, (255, 255, 255), 0.45)


def text_colour_on(base: RGB) -> RGB:
    """Ink or light text, whichever reads better on ``base``."""
    return UI["ink"] if is_light(base) else UI["ink_light"]


def greyed(colour: RGB) -> RGB:
    """``colour`` washed out to grey, for pieces that no longer belong to anyone."""
    return mix(UI["neutral"], colour, 0.15)
