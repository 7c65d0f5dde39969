"""Kairo (El Cairo, Kimmo Sorsamo, Queen Games 2012): the rules, 2–4 merchants, pure.

A 12×12 souk of nine 4×4 sectors (NW N NE / W C E / SW S SE), a one-square tavern zone along the
west, south and east edges, five queue squares q1–q5 north of the souk. Squares are named
``a1``–``n13`` (column a–n west→east, row 1–13 north→south). Coins are value per colour; building
cards are named by sector (standard) or zone (wildcard: north, middle, south, west, centre, east).
Values live in ``data/cairo.json``; the rules as applied, every ruling, the event and refusal
codes are in ``docs/rules/cairo.md``, the view in ``docs/rules/cairo-view.md``.

Move notation (canonical text, lower-case colours, card names as in the data):

* chance: ``queue red yellow green blue white purple`` (q1–q5, then the one on its tray),
  ``deal NW`` (a card off the deck: setup deals, deck draws, display refills), ``start 2``
  (1-based seat), ``neutral red`` (2 players, variable start: the neutral stall drawn).
* start of game (variable): ``place red e5 door e6`` — a main stall and its entrance, no card;
  ``pass`` when no square is left for any of them.
* build, one decision in steps (``partial`` while it is half made):
  ``build red e5 door e6`` (new main stall) | ``extend red f5`` (extension of your red stall) |
  ``move red to g7 door g8`` (an unextended main stall that cannot be extended), then the cards:
  ``card NW`` | ``wild west coin blue`` | ``cards NW N west`` (three cards, only when no single
  card can be used), then for an extension the coins: ``pay red:2 blue:2`` (cheapest first).
* ``attract red to f6`` — the red customer walks to the free red entrance at f6; the charlatans
  needed (free red entrances strictly nearer) are spent.
* draw: ``take display 2`` | ``take deck`` | ``take charlatan``, twice; then, holding more than 4
  building cards, ``keep NW N C west``.
* final stage: the build moves above or ``pass`` (out of the final stage for good).

Modules: ``data`` (values), ``board`` (geometry), ``state``, ``paths`` (walking, the ring test, the
global blocking index), ``occupancy`` (a ``Layout``: who stands where, derived move by move),
``layout`` (the layout of a state: kept with it, derived, or cached), ``obstacles`` (obstacle
pieces: cut vertices without a search), ``cuts`` (what a tile on a cut vertex cuts off), ``reach``
(the customers' piece, walks, what a tile cuts), ``sites`` (where a tile may go, per square),
``sitelists`` (a colour's sites as moves, patched move by move), ``texts`` (move texts formatted
once), ``rules`` (placement, payment and customer rules), ``moves`` (legal move generators),
``check`` (reading a typed move, refusals), ``setup``, ``play``, ``turns``, ``leave`` (applying
moves), ``view`` (the view and ``sample_state``), ``engine`` (the ``Engine``).

Search speed: a state keeps the analysis of its board (``engines.cairo.layout``); a move that
changes the board derives the next one from it, updating distances, the customers' piece, the
building sites and the move lists around what the move touched instead of computing them again
(``tests/test_cairo_fast.py`` checks every such structure against one built afresh).
"""

from __future__ import annotations

from engines.cairo.engine import CairoEngine
from engines.cairo.state import NEUTRAL, CairoState, Stall

ENGINE = CairoEngine()

__all__ = ["ENGINE", "NEUTRAL", "CairoEngine", "CairoState", "Stall"]
