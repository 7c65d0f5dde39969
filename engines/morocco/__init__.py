"""Morocco (Ben Pinchback & Matt Riddle, Eagle-Gryphon Games 2016) for 2–5 players: the rules, pure.

Each round the players scout the market from the rooftop (the pawn to another ring space: the
scout takes the two neighbouring cubes, every other player the one landed on; with 2–3 players the
market die gives everyone cubes first), then take two turns each placing a worker on a stall,
paying its row cube and column cube (a tourist or a cousin one more of any colour). A stall whose
workers (a bodyguard counts two) plus the arrows pointing at it reach four scores at once: places,
juice tokens, the winner's market tile and its arrow, moving tourists. Values are in
``data/morocco.json`` (pieces, points, die faces, token counts); the rules as applied, with every
ruling, in ``docs/rules/morocco.md`` (the player's guide).

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

``legal_moves`` lists every move legal and affordable now: placements first (assistants, bodyguards,
tourists, cousins, each by stall and corner), then gold swaps, then ``pass``. The setup's chance
moves deal the juice tokens in reading order (the crossings row by row, west to east), each draw
following what is left in the bag. A late player's default move is the safe one: the first ring
space; the first assistant listed (else the first other worker, else ``pass``); ``reward gold``; the
first open direction; the first free space; the colour held most at round end; the first colour on
a wild face. Choices owed by players other than the active one are asked one at a time in turn
order from the active player (``to_move`` names them); a choice with one option is made without
asking. The hidden juice values: when a possible game is built from a player's view
(``sample_state``, the computer player), they are dealt from the tokens that are neither on the
market, nor in that player's hand, nor among those that left the game (their values are public).

The view (``View.details``):

* ``step``: ``deal_juice``, ``deal_rows``, ``deal_columns``, ``deal_roof``, ``deal_start``, ``roll``
  (chance), ``scout``, ``wild``, ``workers``, ``reward``, ``arrow``, ``tourist``, ``keep``, ``over``.
* ``round``, ``final_round``: the round number; whether the end is triggered.
* ``start_seat``, ``active_seat``: the round's start player; the player scouting or placing (the
  active player).
* ``scouts_taken``, ``turns_taken``: progress of the scouting and of the 2 × players worker turns,
  counted from the start player.
* ``rows``, ``columns``, ``roof``: cube colours of rows 1–5, columns a–e, ring spaces 1–5 (None before
  the deal). ``pawn``: 0 (centre) or the ring space 1–5.
* ``die``, ``roller_seat``, ``rolls_left``: the last die face (a colour or ``wild``), who rolled it,
  rolls still due this round.
* ``juice_dealt``, ``juice``: tokens dealt so far; the 6 × 6 intersections (rows of values, None where
  none lies). ``juice_removed``: how many tokens left the game; ``juice_removed_values``: their values,
  sorted (each was announced face up as it left).
* ``stalls``: 25 entries in reading order: ``stall`` (``c3``), ``open``, ``tile_seat`` (market tile
  owner), ``empty_tile``, ``arrow`` (a direction or None), ``overflow`` (arrows pointing in),
  ``count`` (workers, bodyguards 2), ``cost`` (row and column colour), ``workers`` (``corner``,
  ``seat``, ``kind``).
* ``players``: per seat: ``points``, ``cubes`` (per colour), ``gold``, ``assistants``, ``tourists``,
  ``cousins``, ``bodyguards`` (in hand), ``quarters`` (in the guards' quarters), ``market_tiles``
  (left), ``stalls`` (claimed), ``juice_count``, ``juice`` (the values, or None when hidden from this
  viewer).
* ``gold_supply``, ``empty_tiles``: the supplies. ``closing``, ``queue``: the stall being scored now;
  full stalls waiting, in the order they filled.
* ``winner_seat``, ``closer_seat``: the closing stall's lone first; who places its tile and points its
  arrow.
* ``owed_seats``, ``reward_places``, ``mover_seats``: seats still owed a choice (wild, keep, reward,
  with the place rewarded); seats whose tourists still move.
* ``last_placed``, ``recent_closed``: the space(s) of the last worker placement; stalls closed since
  then. ``termination``: why the game ended, once over.

``View.decision`` codes: ``scout`` (``pawn``), ``wild`` (``roller_seat``), ``workers`` (``turn``,
``gold``, ``can_place``), ``reward`` (``stall``, ``place``), ``arrow`` (``stall``, ``directions``),
``tourist`` (``stall``, ``target``, ``spaces``), ``keep`` (``colours``). ``View.seats[].score`` is the
track during the game and the final score at the end; the ``Outcome.details`` give ``track``,
``juice``, ``gold``, ``district``, ``district_size``, ``stalls`` per seat and ``open`` (stalls left
open). Terminations: ``market_closed``, ``last_stall``, ``market_stuck`` (no worker left to place at
a round's end), ``resigned`` (one player left). ``Engine.changed_places`` names changed stalls
(``c3``), moved cubes (``row 3``, ``column b``) and the pawn's new space (``roof 2``); the picture
frames them.
"""

from __future__ import annotations

from engines.morocco.engine import ENGINE, MoroccoEngine
from engines.morocco.state import MoroccoState

__all__ = ["ENGINE", "MoroccoEngine", "MoroccoState"]
