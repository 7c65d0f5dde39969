"""Jambo's baselines: the rule-of-thumb beginner's value, a player that ends every turn at once, and a trader.

``value``: the gold, 2 gold a ware on the stands (a ware card buys three for 3–5 and sells them for
10–12), a gold a card in hand and 2 a utility in play; ahead of the other merchant.

``Ender`` ends every turn at once: with 2 or more actions unused the rules pay 1 gold, so it creeps
towards 60 gold and wins if the other merchant trades worse than that. Its other decisions (reactions,
a card to give up) are the beginner's.

``Trader`` buys low and sells high: it sells the dearest sale it can; else buys the cheapest wares a
gold, while it has room, keeps 5 gold and holds another ware card to sell with; else, holding fewer than
two ware cards, draws for one (discarding any other card it turns up, to draw again). Anything else
(people, animals, utilities, ending its turn, reactions) it plays as the beginner.
"""

from __future__ import annotations

import random

from ai.baselines.lookahead import Beginner, ahead
from ai.search import decider
from engines.base import AnyEngine, View
from engines.jambo.cards import BUY, CARD_ID, SELL, WARE_CARDS, WARE_COUNT
from engines.jambo.state import JamboState

DEPTH = 1
"""The beginner looks one action further (``ai.baselines.lookahead.DEPTH``)."""
WARE = 2.0
CARD = 1.0
UTILITY = 2.0
RESERVE = 5
"""Gold a trader keeps back when buying."""


def value(state: JamboState, seat: int) -> float:
    """Gold, wares, cards in hand and utilities in play, less the other merchant's."""
    values = [
        state.gold[s] + WARE * sum(state.wares[s]) + CARD * len(state.hands[s]) + UTILITY * len(state.utilities[s])
        for s in range(state.num_players)
    ]
    return ahead(values, seat)


def sample_moves(engine: AnyEngine, view: View, seed: int) -> list[str]:
    """The legal moves of the seat to move (the same in every world drawn from its view)."""
    decider(view)
    return engine.legal_moves(engine.sample_state(view, random.Random(seed)))


class Ender:
    """Ends every turn at once (the unused actions' gold); otherwise plays as the beginner."""

    name = "ender"
    game = "jambo"

    def choose(self, engine: AnyEngine, view: View, seed: int) -> str:
        moves = sample_moves(engine, view, seed)
        if "end" in moves:
            return "end"
        return Beginner().choose(engine, view, seed)


def ware_card(move: str, verb: str) -> int | None:
    """The ware card a ``buy`` or ``sell`` move plays (None for another move)."""
    words = move.split(" ", 1)
    if len(words) < 2 or words[0] != verb:
        return None
    card = CARD_ID.get(words[1])
    return card if card in WARE_CARDS else None


class Trader:
    """Buys the cheapest wares, sells at the best price, draws for ware cards; otherwise the beginner."""

    name = "trader"
    game = "jambo"

    def choose(self, engine: AnyEngine, view: View, seed: int) -> str:
        moves = sample_moves(engine, view, seed)
        if len(moves) == 1:
            return moves[0]
        mine = view.details["players"][view.viewer]
        sales = [(SELL[card], move) for move in moves if (card := ware_card(move, "sell")) is not None]
        if sales:
            return max(sales)[1]
        ware_cards = sum(1 for name in mine["hand"] or [] if CARD_ID.get(name) in WARE_CARDS)
        buys = [
            (BUY[card] / WARE_COUNT[card], move)
            for move in moves
            if (card := ware_card(move, "buy")) is not None
            and mine["gold"] - BUY[card] >= RESERVE
            and mine["free"] >= WARE_COUNT[card]
        ]
        if buys and ware_cards >= 2:  # one card buys, another is left to sell with
            return min(buys)[1]
        discards = [move for move in moves if move.startswith("discard ")]
        if "keep" in moves:
            looked = discards[0].removeprefix("discard ") if len(discards) == 1 else None
            if looked is not None and CARD_ID.get(looked) not in WARE_CARDS:
                return discards[0]  # not a ware card: discard it and draw again
            return "keep"
        if "draw" in moves and view.details.get("actions_left", 0) >= 2 and ware_cards < 2:
            return "draw"
        return Beginner().choose(engine, view, seed)
