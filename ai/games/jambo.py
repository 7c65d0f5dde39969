"""Jambo's search settings and game knowledge: wares at what they sell for, cards by what they can earn.

The score is the gold; a merchant's wares and cards are gold to come, and without them a search of a few
moves sees buying as a loss and never trades. ``project`` counts, per merchant (the other's hand is drawn
with the world):

* each ware card in hand as a planned sale (``plan``): the best sale first claims the wares it needs from
  the stands, and is worth ``SALE`` of its price less ``MISSING`` a ware it still lacks and ``STEP`` for the
  action (at least ``CARD``); so a card whose wares are held is worth about 7 of its 10 gold, one lacking all
  three about 1, and a sale made gains on holding it (the old worth, wares at 1.2 and a card at 0.5 plus a
  share of its profit, let the computer hold 11 cards and a full stand of wares no card could sell);
* a ware on a stand that no planned sale claims at ``LOOSE`` (it waits for a card, and takes room);
* any other card in hand at ``CARD``, a utility in play at ``UTILITY`` (an action that pays every turn);
* for the merchant whose turn it is, ``ACTION`` per action left (each can still earn), and the gold for
  ending the turn with 2 or more actions unused.

Twice the default iterations (its moves are cheap and a turn is many small decisions), and no playout: a
new node is judged at once by the projection (random playouts buy and sell at random; the arena's trials
against the ender ran without them). ``terms`` splits the projection into its named parts (``TERMS``), which a
hint words as the reason for a move.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.levels import Profile
from engines.jambo.cards import CARD_WARES, FIRST_WARE_CARD, NW, SELL
from engines.jambo.data import DATA
from engines.jambo.state import JamboState
from engines.jambo.turn import actions_left

PROFILE = Profile(scale=2.0, playout=0)

LOOSE = 0.6
"""A ware on a stand that no ware card in hand can sell: it waits for a card to come, and takes room."""
MISSING = 2.5
"""What a ware a ware card in hand still lacks costs to get: a ware card buys three for 3–5 gold, and it takes
that card, an action and room on the stands."""
SALE = 0.8
"""The share of a planned sale's worth counted while its card waits in hand (it may never be played)."""
STEP = 1.0
"""The action a sale takes, counted against it."""
CARD = 0.5
"""A card in hand with no better use: at worst one to discard or trade away (valued at 1, the computer hoarded
cards and utilities and ended turns with 10 gold to an ender's 27)."""
UTILITY = 1.0
"""A utility in play: an action every turn, few of which pay gold."""
ACTION = 0.5
"""An action still to use this turn."""
TERMS = ("gold", "wares", "cards", "utilities", "actions")
"""The parts of ``project``, by stable id: gold, wares on the stands, cards in hand, utilities, actions left."""


def sale_worth(card: int, wares: Sequence[int]) -> float:
    """What selling ware ``card`` is worth with ``wares`` on the stands: its price less the wares it lacks and
    the action, as the share ``SALE`` of it (never below ``CARD``)."""
    missing = sum(max(0, need - have) for have, need in zip(wares, CARD_WARES[card], strict=False))
    return max(CARD, SALE * (SELL[card] - MISSING * missing - STEP))


def plan(hand: Sequence[int], stand: Sequence[int]) -> tuple[float, float]:
    """The worth of a merchant's wares and cards: each ware card in hand, the best sale first, sells the wares it
    needs that are still unclaimed (``sale_worth``: the wares it claims are counted in it); every other card is
    ``CARD`` and every unclaimed ware ``LOOSE``. Returns (wares, cards)."""
    wares = list(stand[:NW])
    cards = [card for card in hand if card >= FIRST_WARE_CARD]
    worth = CARD * (len(hand) - len(cards))
    while cards:
        best = max(cards, key=lambda card: sale_worth(card, wares))
        cards.remove(best)
        value = sale_worth(best, wares)
        worth += value
        if value > CARD:
            for ware, need in enumerate(CARD_WARES[best]):
                wares[ware] -= min(need, wares[ware])
    return LOOSE * sum(wares), worth


BIDS = (0, 1, 2, 3, 5, 8)
"""The bids of an auction the search tries, over the lowest allowed (and passing): the lot is two wares or three
cards, worth a few gold; with every bid up to the bidder's gold a move, the other seat's node tried absurd raises
first and the computer opened at 34 gold for two wares."""


def thin(state: JamboState, moves: list[str]) -> list[str]:
    """The moves the search tries: an auction's bids thinned to ``BIDS`` over the lowest; other moves all."""
    if not moves or not moves[0].startswith("bid "):
        return moves
    bids = [move for move in moves if move.startswith("bid ")]
    return [bids[step] for step in BIDS if step < len(bids)] + [move for move in moves if not move.startswith("bid ")]


def actions_worth(state: JamboState, seat: int) -> float:
    """For the merchant whose turn it is, ``ACTION`` per action left and the gold for ending with 2 or more unused."""
    if seat != state.active or state.stage not in ("start", "drawing", "playing"):
        return 0.0
    left = actions_left(state)
    return ACTION * left + (DATA.bonus_gold if left >= DATA.bonus_unused_actions else 0)


def project(state: JamboState) -> list[float | None]:
    """Each merchant's gold as it is likely to end up (None for one who resigned): the sum of its ``terms``."""
    return [None if split is None else sum(split.values()) for split in terms(state)]


def terms(state: JamboState) -> list[dict[str, float] | None]:
    """``project`` split into ``TERMS`` for each merchant (they add up to it; None for one who resigned)."""
    found: list[dict[str, float] | None] = []
    for seat in range(state.num_players):
        if seat in state.resigned:
            found.append(None)
            continue
        wares, cards = plan(state.hands[seat], state.wares[seat])
        found.append(
            {
                "gold": float(state.gold[seat]),
                "wares": wares,
                "cards": cards,
                "utilities": UTILITY * len(state.utilities[seat]),
                "actions": actions_worth(state, seat),
            }
        )
    return found
