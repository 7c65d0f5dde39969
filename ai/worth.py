"""What a position holds beyond its score, in points, for games whose score leaves it out.

The search judges a position cut off mid-game on the public scores (``ai.evaluate``). In most games
that is what matters: Marrakech's score is the final score so far, Kairo's and Morocco's are the
points on the track. In Jambo the score is the gold, and a merchant's wares and cards are gold to
come: without them a search of a few moves sees buying as a loss and never trades. So a game may
add a worth per seat, read from the public view (what everybody may see: wares on the stands, how
many cards in a hand, utilities in play). A game without an entry adds nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.base import View

JAMBO_WARE = 2.5
"""A ware on a stand: a ware card sells three for 10–12 gold (six for 18) and buys them for 3–5."""
JAMBO_CARD = 1.5
"""A card in hand: a sale, a person's or an animal's gain to come, or at worst one to discard."""
JAMBO_UTILITY = 2.0
"""A utility in play: an action that pays every turn."""


def jambo_worth(view: View) -> list[float]:
    """Wares on the stands, cards in hand and utilities in play, per seat."""
    return [
        JAMBO_WARE * sum(player["wares"].values())
        + JAMBO_CARD * player["hand_count"]
        + JAMBO_UTILITY * len(player["utilities"])
        for player in view.details["players"]
    ]


WORTH: dict[str, Callable[[View], list[float]]] = {"jambo": jambo_worth}


def worth(view: View) -> list[float]:
    """The worth beyond the score of every seat in ``view`` (zeros for a game without an entry)."""
    found = WORTH.get(view.game)
    return found(view) if found is not None else [0.0] * len(view.seats)
