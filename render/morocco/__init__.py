"""The Morocco pictures, drawn from the engine's ``View`` only.

``render_board(view, *, highlight=(), layout="landscape")`` returns a PNG: the 5 × 5 market with
its coordinates (columns a–e west to east, rows 1–5 north to south), the row cubes on the west
side and the column cubes along the south, the juice tokens face up on the intersections, every
worker on its corner (an assistant round, a bodyguard square, a tourist a triangle, each with its
seat number), how full each open stall is (``2+1/4`` counts one arrow pointing in), closed stalls
under their owner's market tile or an empty-stall tile with the tile's arrow; the last worker
placed ringed and the stalls that just closed framed. The panel shows the round, whose turn it is
and what they decide, the rooftop ring with its cubes and the pawn, the market die (2–3 players),
the supplies, and each player's points, stalls, cubes (letter and count), gold, workers left,
cousins and juice tokens (values only where the viewer may see them). ``highlight`` frames places
named as ``Engine.changed_places`` names them: ``c3``, ``c3 ne``, ``row 3``, ``column b``, ``roof 2``.
``layout="landscape"`` is 1280 × 800; ``"portrait"`` is 640 wide, board above, panel below;
``"phone"`` (what the thread is posted with) is 1000 wide and taller than wide: the market with its
cubes, larger stall counts, and under it only a legend (render.legend) of the players' colours,
patterns, seat numbers, names and points in type that reads 360 px wide (the panel's words go in the message).

Modules: ``layout`` (sizes), ``scene`` (reading the view, colours and marks), ``pieces`` (sprites),
``board`` (the market), ``panel`` (the panel), ``picture`` (putting them together).
"""

from render.morocco.picture import board_image, render_board
from render.morocco.png_colours import PALETTE

__all__ = ["PALETTE", "board_image", "render_board"]
