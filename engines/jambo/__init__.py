"""Jambo (Rüdiger Dorn, Kosmos 2004) for 2 players: the rules, pure.

Two merchants buy wares with ware cards and sell them again, helped by utilities, people and
animals, until one ends a turn with 60 gold; the other then plays a last turn and wins with as
much gold or more. The authority is the Spanish rulebook (seed 003); values, the card counts and
the reconstructed ware cards live in ``data/jambo.json`` (the reconstructions listed under
``reconstruction``); the rules as the bot applies them, with every ruling, in ``docs/rules/jambo.md``
(the player's guide).

Move notation (canonical text; case, extra spaces and ``+`` without spaces are tolerated). Cards
are named in full: ``boat``, ``leopard statue``, ``arabian merchant``, ``small stand``; ware cards
by what they show: ``3 silk``, ``2 tea + silk``, ``salt + silk + trinkets``, ``all six``. Wares:
``trinkets hides tea silk fruit salt``.

* The active player's turn: ``draw`` (phase 1, an action) then ``keep`` or ``discard <card>``;
  ``buy <ware card>``, ``sell <ware card>``; ``play <card> [choices]``; ``use <utility> [choices]``;
  ``end``. Card by card: ``engines.jambo.utilities``, ``animals``, ``people``, ``trade``.
* Decisions owed by either player, each the seat's own move: ``react guard``, ``react rain maker``,
  ``decline``; ``bid <gold>``, ``pass``; ``take <card|ware|utility>``, ``give <card>``,
  ``keep <utility>``, ``keep <card> give <card>`` (Scale), ``discard <card>``,
  ``discard <utility> in play``, ``return <ware>``, ``choose gold|cards``, ``pay``, ``done``.
* Chance: ``card <name>``, the card the deck gives when one is drawn.
* Standing orders (any time, either player; ``Engine.standing_moves``): ``orders guard
  ask|auto|never``, ``orders guard <animal> ask|auto|never``, ``orders rain maker
  never|ask|auto [<sell price>]`` (``engines.jambo.reactions``).

When a card needs several choices of the same player in a row, each is its own move and
``partial`` is True until the last: a host applies them together (``play dancer 3 silk`` ``return
silk`` ``return silk`` ``return tea``).

The view (``details`` of ``engine.view``):

* ``wares`` (names in table order), ``supply`` {ware: tokens left}.
* ``active_seat``, ``turn`` (both players' turns counted from 1), ``stage`` (``deal``, ``start``,
  ``drawing``, ``playing``, ``over``), ``actions_used``, ``actions_left``, ``wise_men``,
  ``small_stand_cost``, ``stands_built``.
* ``players``: per seat {``seat``, ``gold``, ``hand_count``, ``hand`` (names; the viewer's own only,
  else null), ``known`` (names of that hand's cards the other player knows; null for spectators),
  ``wares`` {ware: count}, ``large`` (wares on the large stand), ``small_stands``, ``spaces``,
  ``free``, ``utilities`` [{``card``, ``used``}], ``orders`` {``guard`` {animal: mode}, ``rain``,
  ``rain_min``}}.
* ``deck_count``, ``deck_top_count``, ``deck_seer``, ``deck_top`` (the seer's only); ``discard``
  (bottom first), ``discard_count``.
* ``drawn_seat``, ``drawn_count``, ``drawn`` (that seat's only).
* ``table_cards``, ``table_wares``, ``auction`` {``bid``, ``bidder_seat``}, ``pending_card`` (the
  ware card waiting for a Rain Maker or the animal waiting for a Guard), ``pending_target``.
* ``trigger_seat`` (who reached 60 gold), ``steps`` (what is still to resolve), ``last_seat``,
  ``resigned``.
* Decisions (``view.decision.code``): ``draw_or_play``, ``play``, ``keep_or_discard`` {card: the
  viewer's own only}, ``react_guard``, ``react_rain_maker``, ``scrap``, ``boat_take``,
  ``kettle_discard``, ``scale_choose``, ``supplies_pay``, ``crocodile_use``, ``ape_pick``,
  ``elephant_pick``, ``lion_pick``, ``lion_trim``, ``snake_keep``, ``cheetah_choice``, ``hyena_take``,
  ``hyena_give``, ``carrier_take``, ``bid_open``, ``bid_raise``, ``elder_discard``,
  ``overflow_return``, ``dancer_return``, ``portuguese_return``, ``psychic_take``.
* The end: ``Outcome(scores = gold, winners, termination = "goal_reached" | "resigned",
  details = {gold, winner_seat, goal, trigger_seat, last_seat})``.

Modules: ``data`` (values), ``cards`` (numbers and names), ``state``, ``stands`` (wares, room,
the fee), ``deck`` (draws, hands, what is known), ``steps`` (the queue), ``turn``, ``trade``,
``utilities``, ``animals``, ``people``, ``auction``, ``reactions``, ``flow`` (who moves, legal
moves, applying), ``refusals``, ``view``, ``engine``.
"""

from engines.jambo.cards import CARD_ID, NAMES, WARES
from engines.jambo.data import DATA
from engines.jambo.engine import ENGINE, JamboEngine
from engines.jambo.state import JamboState

__all__ = ["CARD_ID", "DATA", "ENGINE", "NAMES", "WARES", "JamboEngine", "JamboState"]
