"""Kairo images from a ``View``: the board (``render_board``) and the viewer's hand (``render_private``).

Both layouts of the contract (``render``): ``landscape`` (board left, panel right, 1280 pixels
wide) and ``portrait`` (board above, panel below, 800 pixels wide, written to be read on a phone
showing it 400 pixels wide). Modules: ``geometry`` (frames, the cached static board), ``pieces``,
``cards``, ``panel``, ``board``, ``hand``.
"""

from __future__ import annotations

from render.cairo.board import board_image, render_board
from render.cairo.hand import private_image, render_private

__all__ = ["board_image", "private_image", "render_board", "render_private"]
