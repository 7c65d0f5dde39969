"""Jambo's search settings, and what a merchant's wares, cards and utilities are worth beyond the gold.

In Jambo the score is the gold, and a merchant's wares and cards are gold to come: without them a
search of a few moves sees buying as a loss and never trades. The worth is read from the public view
(wares on the stands, how many cards in a hand, utilities in play). Twice the default iterations: its
moves are cheap and a turn is many small decisions.
"""

from __future__ import annotations

from ai.levels import Profile
from engines.base import View

PROFILE = Profile(scale=2.0)

WARE = 2.5
"""A ware on a stand: a ware card sells three for 10–12 gold (six for 18) and buys them for 3–5."""
CARD = 1.5
"""A card in hand: a sale, a person's or an animal's gain to come, or at worst one to discard."""
UTILITY = 2.0
"""A utility in play: an action that pays every turn."""


def worth(view: View) -> list[float]:
    """Wares on the stands, cards in hand and utilities in play, per seat."""
    return [
        WARE * sum(player["wares"].values()) + CARD * player["hand_count"] + UTILITY * len(player["utilities"])
        for player in view.details["players"]
    ]
