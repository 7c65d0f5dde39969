"""The Jambo pictures, drawn from the engine's ``View`` only.

``render_board(view, *, highlight=(), layout="landscape")``: the public table — both players'
stands with their wares (each ware its own shape, colour and letter), utilities in play (turned
ones marked USED), gold, hand sizes (and the cards of the other hand the viewer knows), standing
orders; the deck, the discard pile with its top card face up, the supply, what lies in the
middle (an auction's lot and bid, a pool being drafted, a card waiting for a Guard or a Rain
Maker), the actions used this turn and whose decision it is. ``highlight`` frames places named by
``Engine.changed_places`` (``stand:0``, ``gold:1``, ``hand:0``, ``utilities:1``, ``discard``,
``deck``, ``table``).

``layout="phone"`` (what the thread is posted with, 1000 px wide, read 360 wide): the table without
sentences — players (name, gold, cards in hand, stands, utilities by name), deck, discard, supply, what
lies in the middle and the legend, in type of 32 px and more; whose turn it is, what must be done, the
orders and the card texts go in the message.

``render_private(view, *, layout=...)``: the viewer's own hand, every card readable (name, kind,
its text in short; ware cards with their wares and prices), and what only the viewer is looking at:
a card drawn, a Scale's or a Psychic's cards, the other hand seen with a Hyena, the deck's top
known from a Psychic. None for spectators.

Modules: ``style`` (sizes, colours, ware tokens), ``texts`` (the card texts in short, one table),
``pieces`` (tokens, cards, stands), ``scene`` (reading the view), ``board``, ``hand``.
"""

from render.jambo.board import board_image, render_board
from render.jambo.hand import private_image, render_private
from render.jambo.png_colours import PALETTE

__all__ = ["PALETTE", "board_image", "private_image", "render_board", "render_private"]
