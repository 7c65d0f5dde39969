"""Morocco (Ben Pinchback & Matt Riddle, Eagle-Gryphon Games 2016) for 2–5 players: the rules, pure.

Each round the players scout the market from the rooftop (the pawn to another ring space: the
scout takes the two neighbouring cubes, every other player the one landed on; with 2–3 players the
market die gives everyone cubes first), then take two turns each placing a worker on a stall,
paying its row cube and column cube (a tourist or a cousin one more of any colour). A stall whose
workers (a bodyguard counts two) plus the arrows pointing at it reach four scores at once: places,
juice tokens, the winner's market tile and its arrow, moving tourists. Values are in
``data/morocco.json``; the rules as applied, with every ruling, in ``docs/rules/morocco.md``.

Notation (canonical text; case and spacing are tolerated, and a few short forms are read too):

* Stalls ``a1``–``e5``: columns ``a``–``e`` west→east, rows ``1``–``5`` north→south (row cubes on the
  west side, column cubes along the south). A worker space is a stall's corner: ``c3 ne``
  (``nw ne sw se``). Ring spaces of the rooftop: ``1``–``5`` clockwise.
* ``scout 3`` (also ``scout green``, by the cube on that space).
* ``assistant c3 ne`` · ``bodyguard b2 sw`` · ``tourist d4 nw cube green`` · ``cousin c3 ne then d3 nw
  cube orange`` (the free assistant goes to a space of an orthogonally adjacent stall at the same
  corner point) · ``pass`` (only when no worker can be placed).
* ``swap rows 1 3`` · ``swap columns b d`` (a gold coin; the lower line first).
* Choices owed by any player: ``wild purple`` (die), ``reward gold`` / ``reward bodyguard``,
  ``arrow north`` (``east south west``), ``tourist to c4 nw``, ``keep green``.
* Chance: ``juice 3`` (the next juice point in reading order), ``rows ...``, ``columns ...``,
  ``roof ...`` (five colours in order), ``start 2`` (counting players from 1), ``roll green`` / ``roll wild``.
"""

from __future__ import annotations

from engines.morocco.engine import ENGINE, MoroccoEngine
from engines.morocco.state import MoroccoState

__all__ = ["ENGINE", "MoroccoEngine", "MoroccoState"]
