"""Marrakech (Dominique Ehrhard, Gigamic 2007) for 2–4 merchants: the rules, pure.

Each turn a merchant turns Assam, rolls the die, walks him (round the border arcs when he
leaves the 7×7 market), pays tribute when he stops on another merchant's carpets, and lays a
carpet beside him. Values live in ``data/marrakech.json``; the rules as the bot applies them,
with every ruling, in ``docs/rules/marrakech.md`` (the player's guide).

Move notation (canonical text; case and surrounding spaces are tolerated):

* Squares: columns ``a``–``g`` west→east, rows ``1``–``7`` north→south (row 1 is the top,
  northern row); the centre is ``d4``. Facings: ``N E S W``.
* Turning Assam, relative to the way he faces now: ``left``, ``straight``, ``right``.
* The die (a chance move): ``roll 1`` .. ``roll 4``; the roll walks Assam and settles the tribute.
* The carpet draw (a chance move, 2 players only): ``draw <colour>``, e.g. ``draw blue``.
* Laying a carpet: ``place c3-d3``, the two squares in reading order (row first, then column):
  ``place d2-d3``, ``place c3-d3``. The squares may also be typed the other way round, or
  without ``place`` (``d3 c3``); they are spelled canonically.

Phases of a turn: ``orient`` → ``roll`` (chance) → [``draw`` (chance, 2 players)] → ``place`` →
next merchant. With the ``variant`` option: ``roll`` → [``draw``] → ``place`` → ``orient``
(Assam is turned for the next merchant) → next merchant; the first turn starts with the roll.

A late merchant's default move (``default_move``) is ``straight``, and the first legal carpet in
reading order.

What the engine tells the bot (it holds no words: ``bot/games/marrakech/words.py`` words the codes):

* Events (all public): ``orient`` {seat, turn, facing}; ``roll`` {seat, roll, square, facing,
  round_border}; ``tribute`` {seat, payee_seat, amount, due} (amount below due: all they had);
  ``eliminated`` {seat}; ``carpet_drawn`` {seat, colour}; ``carpet_placed`` {seat, colour, squares}.
  Leaving the game is the shared ``resigned``.
* Refusals, each naming the rule: ``chance_decides`` (the die or the pile decides now);
  ``cannot_turn_around`` {facing}; ``turn_assam`` {move} (not left, straight or right);
  ``carpet_notation`` {move} (not two squares); ``not_a_square`` {text, last_column, last_row};
  ``not_side_by_side`` {square, other_square}; ``assam_square`` {square}; ``must_touch_assam``
  {squares, square}; ``covers_whole_carpet`` {squares, colour}; ``already_out`` {seat} (a merchant
  who is out cannot leave again); otherwise the shared ``not_a_move`` and ``game_over``.
* Decisions: ``orient`` {square, facing, for_next} (``for_next``: the variant's turn for the next
  merchant); ``place`` {colour, square} (the carpet in hand, Assam's square).
* Endings: ``all_carpets_laid`` and ``last_merchant``, with details {dirhams: by seat, out: the
  seats out}.

The view: Marrakech hides nothing (no secret fields: the 2-player pile is counts only and its draw
is a chance move), so every seat and every spectator sees the same view, and the state can be
rebuilt exactly from it. Shared fields: each seat's score so far (dirhams + visible squares of
their colours; dirhams only once out), out, to move; the phase (``orient``, ``roll``, ``draw``,
``place``, ``over``); the decision; the outcome. The game's own ``details``:

* ``variant`` (bool); ``colours``: colour names by colour id; ``carpets_left``: carpets not yet
  laid, by colour id; ``carpets_laid``: how many carpets were laid so far.
* ``players``: by seat, {seat, colours (ids), dirhams, carpets_left, visible}.
* ``board``: 7 rows (row 1 first) of 7 cells, each ``null`` or {colour, carpet (its id, counting
  from 0 in the order laid), neutral}.
* ``assam``: {square, facing}; ``turn_seat``: the merchant whose turn it is (also while the die
  rolls); ``carpet_in_hand``: the colour id to lay this turn once the roll (or draw) fixed it.
* ``last``: the last roll or ``null``: {seat, roll, path (the squares walked, start first), tribute
  ({payer, payee, amount} or ``null``), carpet (the two squares laid, or ``null``), eliminated (the
  seat who went out, or ``null``)}.
* ``resigned``: the seats that left the game.

Catch-up frames the squares whose carpet changed and Assam's old and new squares
(``changed_places``).

Modules: ``data`` (values), ``board`` (geometry, notation), ``state``, ``rules`` (queries, legal
moves, the end), ``refusals`` (codes naming the rule broken), ``play`` (applying moves, events),
``view`` (the View, the state rebuilt from it), ``engine`` (the ``Engine``).
"""

from engines.marrakech.board import parse_placement, parse_square, placement_move, square_name, walk
from engines.marrakech.data import DATA
from engines.marrakech.engine import ENGINE, MarrakechEngine
from engines.marrakech.state import MarrakechState

__all__ = [
    "DATA",
    "ENGINE",
    "MarrakechEngine",
    "MarrakechState",
    "parse_placement",
    "parse_square",
    "placement_move",
    "square_name",
    "walk",
]
