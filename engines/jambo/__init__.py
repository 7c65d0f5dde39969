"""Jambo (Rüdiger Dorn, Kosmos 2004) for 2 players: the rules, pure.

Two merchants buy wares with ware cards and sell them again, helped by utilities, people and
animals, until one ends a turn with 60 gold; the other then plays a last turn and wins with as
much gold or more. The authority is the Spanish rulebook (seed 003); values, the card counts and
the reconstructed ware cards live in ``data/jambo.json``; the rules as the bot applies them, with
every ruling, in ``docs/rules/jambo.md``.

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
