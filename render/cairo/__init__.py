"""Kairo images from a ``View``: the board (``render_board``) and the viewer's hand (``render_private``).

The layouts of the contract (``render``): ``landscape`` (board left, panel right, 1280 pixels
wide), ``portrait`` (board above, panel below, 800 pixels wide) and ``phone`` (what a game's thread is
posted with, 840 pixels wide, read 360 wide: the souk alone, the merchants' legend and the face-up cards,
no sentences; the hand in large type, three cards a row). Modules: ``geometry`` (frames, the cached static
board), ``pieces``, ``cards``, ``panel``, ``phone``, ``board``, ``hand``.
"""

from __future__ import annotations

from render.cairo.board import board_image, render_board
from render.cairo.hand import private_image, render_private
from render.cairo.png_colours import PALETTE

__all__ = ["PALETTE", "board_image", "private_image", "render_board", "render_private"]
