"""Images: Pillow pictures drawn from an engine's ``View`` only, returned as PNG bytes.

Every game with pictures is a package ``render.<name>`` (the engine's name) that defines::

    render_board(view: View, *, highlight: Sequence[str] = (), layout: str = "landscape", words: Words) -> bytes
    render_private(view: View, *, layout: str = "landscape", words: Words) -> bytes | None   # optional: a hand

``render_board`` draws the table as ``view.viewer`` may see it; ``highlight`` names places (in the
game's notation, as ``Engine.changed_places`` gives them) to frame; ``layout`` is ``landscape``
(board left, panel right), ``portrait`` (board above, panel below) or ``phone`` (what a game's thread is
posted with: about 1000 px wide, square or tall, drawn to be read 360 px wide — the board and a legend
of the seats' colours, patterns, letters, names and scores in large type, no sentences: whose turn it
is, what happened and the standings go in the message's text).
``render_private`` draws what only the viewer holds (a hand of cards), or None when there is
nothing. A package may also export ``board_image`` (the same arguments: the picture, an RGB Pillow image) and
``PALETTE`` (the ``render.png.FixedPalette`` it is encoded in): ``board_picture`` then hands the indexed image
``render_board`` would encode, for callers that want pixels, not a file (an animated replay's frames).
``words`` are every word the picture draws, in the reader's language, handed in by the caller
(``render.words``: the bot fills them from its catalogs; ``render`` holds no English). Renderers compute
no rules. The modules shared by every game hold the colours (``palette``), fonts, colour-blind-safe
patterns, grid geometry, text layout, panel cards, small widgets and PNG encoding.

This package may import ``engines``; it never imports the bot, discord or the database.
"""

from __future__ import annotations

import importlib
import io
from collections.abc import Mapping, Sequence
from functools import cache
from types import ModuleType

from PIL import Image

from engines.base import View
from render.fonts import drawable
from render.words import Words

LAYOUTS = ("landscape", "portrait", "phone")


@cache
def module_for(game_name: str) -> ModuleType | None:
    """The game's renderer package, or None if it has none."""
    name = game_name.strip().lower()
    if not name.isidentifier():
        return None
    try:
        module = importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"{__name__}.{name}":
            return None
        raise
    return module if hasattr(module, "render_board") else None


def has_board(game_name: str) -> bool:
    """Whether ``game_name`` has a board image."""
    return module_for(game_name) is not None


def render_board(
    view: View, highlight: Sequence[str] = (), layout: str = "landscape", words: Mapping[str, str] | None = None
) -> bytes:
    """The PNG image of ``view``'s table, drawn with ``words`` (id -> text, ``render.words``); ValueError if that
    game has no renderer."""
    module = module_for(view.game)
    if module is None:
        raise ValueError(f"there is no board image for {view.game!r}")
    image: bytes = module.render_board(
        drawable_names(view), highlight=tuple(highlight), layout=_checked(layout), words=drawable_words(words)
    )
    return image


def board_picture(
    view: View, highlight: Sequence[str] = (), layout: str = "landscape", words: Mapping[str, str] | None = None
) -> Image.Image:
    """``render_board``'s picture as an indexed ("P") Pillow image, not encoded: the PNG's pixels and palette
    exactly, without writing and reading the file where the game's package exports ``board_image`` and
    ``PALETTE``."""
    module = module_for(view.game)
    if module is None:
        raise ValueError(f"there is no board image for {view.game!r}")
    draw, palette = getattr(module, "board_image", None), getattr(module, "PALETTE", None)
    if draw is None or palette is None:
        return Image.open(io.BytesIO(render_board(view, highlight, layout, words)))
    image: Image.Image = palette.reduce(
        draw(drawable_names(view), highlight=tuple(highlight), layout=_checked(layout), words=drawable_words(words))
    )
    return image


def render_private(view: View, layout: str = "landscape", words: Mapping[str, str] | None = None) -> bytes | None:
    """The PNG of what only ``view.viewer`` holds (a hand), or None when the game has no such image."""
    module = module_for(view.game)
    draw = getattr(module, "render_private", None)
    if draw is None or view.viewer is None:
        return None
    image: bytes = draw(drawable_names(view), layout=_checked(layout), words=drawable_words(words))
    return image


def drawable_words(words: Mapping[str, str] | None) -> Words:
    """``words`` as a ``Words`` table (the catalogs' texts: every character one the fonts draw)."""
    return Words.of(words)


def drawable_names(view: View) -> View:
    """``view`` with its players' names as the fonts can draw them (a computer's 🤖 as ⚙, no empty boxes)."""
    if all(drawable(seat.name) == seat.name for seat in view.seats):
        return view
    by_seat = {seat.seat: drawable(seat.name) for seat in view.seats}
    return view.with_names([by_seat.get(n, "") for n in range(max(by_seat) + 1)])


def _checked(layout: str) -> str:
    if layout not in LAYOUTS:
        raise ValueError(f"layout must be one of {LAYOUTS}, not {layout!r}")
    return layout
