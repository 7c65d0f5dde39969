"""Marrakech (Dominique Ehrhard, Gigamic 2007) for 2–4 merchants: the rules, pure.

Each turn a merchant turns Assam, rolls the die, walks him (round the border arcs when he
leaves the 7×7 market), pays tribute when he stops on another merchant's carpets, and lays a
carpet beside him. Values live in ``data/marrakech.json``; the rules as the bot applies them,
with every ruling, in ``docs/rules/marrakech.md``.

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
