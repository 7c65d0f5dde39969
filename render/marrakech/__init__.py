"""The Marrakech pictures, drawn from the engine's ``View`` only.

``render_board(view, *, highlight=(), layout="landscape")`` returns a PNG: the 7 × 7 market with
its coordinates (columns a–g west to east, rows 1–7 north to south), the border arcs that turn
Assam round at the edge, every visible carpet drawn as a rug (two halves of one carpet share one
outline; a half whose partner is covered has its own), neutral carpets greyed and tagged "out",
the last carpet outlined, Assam pointing the way he faces and his last walk traced; and a panel
with the merchants (colours with their patterns, dirhams, carpets left, visible squares; winner,
out, to play), whose turn it is and what they decide, the carpet to place when it was drawn, the
last roll and tribute, and the result. ``highlight`` frames squares named in the notation.
``layout="landscape"`` is 1280 × 800, board left; ``"portrait"`` is 640 wide, board above, panel
below; ``"phone"`` (what the thread is posted with) is 1000 wide and taller than wide: the market
with each carpet's seat number on it, and under it only a legend (render.legend) of the merchants'
colours, patterns, numbers, names and dirhams in type that reads 360 px wide — no tassels, no sentences.

Modules: ``layout`` (sizes of both layouts), ``arcs`` (border arcs, Assam's path), ``scene``
(reading the view), ``board`` (the market), ``panel`` (the panel and its words), ``picture``
(putting them together).
"""

from render.marrakech.picture import board_image, render_board
from render.marrakech.png_colours import PALETTE

__all__ = ["PALETTE", "board_image", "render_board"]
