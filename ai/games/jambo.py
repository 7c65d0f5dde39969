"""Jambo's search settings and game knowledge: wares at what they sell for, cards by what they can earn.

The score is the gold; a merchant's wares and cards are gold to come, and without them a search of a few
moves sees buying as a loss and never trades. ``project`` counts, per merchant (the other's hand is drawn
with the world):

* a ware on a stand at ``WARE``, about what it costs (a ware card buys three for 3–5 gold);
* a ware card in hand at ``CARD`` plus, for the share of its wares the stands already hold, the profit
  its sale would make over those wares' worth (a 3-ware card selling for 10 with its wares held: about 5):
  so selling wares for 10 beats buying three for 3 (which the old flat 2.5 a ware got the wrong way round);
* any other card in hand at ``CARD``, a utility in play at ``UTILITY`` (an action that pays every turn);
* for the merchant whose turn it is, ``ACTION`` per action left (each can still earn), and the gold for
  ending the turn with 2 or more actions unused.

Twice the default iterations (its moves are cheap and a turn is many small decisions), and no playout: a
new node is judged at once by the projection (random playouts buy and sell at random; the arena's trials
against the ender ran without them). ``terms`` splits the projection into its named parts (``TERMS``), which a
hint words as the reason for a move.
"""

from __future__ import annotations

from ai.levels import Profile
from engines.jambo.cards import CARD_WARES, FIRST_WARE_CARD, NW, SELL, WARE_COUNT
from engines.jambo.data import DATA
from engines.jambo.state import JamboState
from engines.jambo.turn import actions_left

PROFILE = Profile(scale=2.0, playout=0)

WARE = 1.2
"""A ware on a stand: about what it costs to buy (3 for 3–5 gold), a little less (it takes a card to sell)."""
CARD = 0.5
"""A card in hand: at worst one to discard or trade away (valued at 1, the computer hoarded cards and
utilities and ended turns with 10 gold to an ender's 27)."""
SALE = 0.8
"""The part of a sale's profit over its wares' worth counted while the card waits in hand (it needs an action)."""
UTILITY = 1.0
"""A utility in play: an action every turn, few of which pay gold."""
ACTION = 0.5
"""An action still to use this turn."""
TERMS = ("gold", "wares", "cards", "utilities", "actions")
"""The parts of ``project``, by stable id: gold, wares on the stands, cards in hand, utilities, actions left."""


def ware_card_worth(card: int, wares: list[int]) -> float:
    """A ware card in hand: ``CARD``, plus its sale's profit for the share of its wares already on the stands."""
    needed = CARD_WARES[card]
    held = sum(min(have, need) for have, need in zip(wares, needed, strict=True))
    profit = SELL[card] - WARE * WARE_COUNT[card] - CARD
    return CARD + SALE * max(0.0, profit) * held / WARE_COUNT[card]


def project(state: JamboState) -> list[float | None]:
    """Each merchant's gold as it is likely to end up (None for one who resigned)."""
    found: list[float | None] = []
    for seat in range(state.num_players):
        if seat in state.resigned:
            found.append(None)
            continue
        wares = state.wares[seat]
        value = state.gold[seat] + WARE * sum(wares[:NW]) + UTILITY * len(state.utilities[seat])
        for card in state.hands[seat]:
            value += ware_card_worth(card, wares) if card >= FIRST_WARE_CARD else CARD
        if seat == state.active and state.stage in ("start", "drawing", "playing"):
            left = actions_left(state)
            value += ACTION * left + (DATA.bonus_gold if left >= DATA.bonus_unused_actions else 0)
        found.append(value)
    return found


def terms(state: JamboState) -> list[dict[str, float] | None]:
    """``project`` split into ``TERMS`` for each merchant (they add up to it; None for one who resigned)."""
    found: list[dict[str, float] | None] = []
    for seat in range(state.num_players):
        if seat in state.resigned:
            found.append(None)
            continue
        wares = state.wares[seat]
        cards = sum(ware_card_worth(card, wares) if card >= FIRST_WARE_CARD else CARD for card in state.hands[seat])
        actions = 0.0
        if seat == state.active and state.stage in ("start", "drawing", "playing"):
            left = actions_left(state)
            actions = ACTION * left + (DATA.bonus_gold if left >= DATA.bonus_unused_actions else 0)
        found.append(
            {
                "gold": float(state.gold[seat]),
                "wares": WARE * sum(wares[:NW]),
                "cards": cards,
                "utilities": UTILITY * len(state.utilities[seat]),
                "actions": actions,
            }
        )
    return found
