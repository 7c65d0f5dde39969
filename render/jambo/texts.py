"""What a Jambo card shows, read from the words handed in (``render.words``): its title, its effect in short, its kind.

Card names are the engine's canonical names ("leopard statue", "2 tea + silk"); their words (``card:<name>``
"Leopard Statue", ``effect:<name>`` "Pay 2 gold: take any ware", for a ware card its wares and prices) come
from the bot's catalogs (``bot.games.jambo.pictures``), in the reader's language. The rules are in
``engines.jambo``.
"""

from __future__ import annotations

from engines.jambo.cards import BUY, CARD_ID, CARD_WARES, KIND, SELL, WARES
from render.words import Words


def card_title(name: str, words: Words) -> str:
    """A card's name for people: "Leopard Statue", "2 Tea + Silk"."""
    return words(f"card:{name}")


def short_text(name: str, words: Words) -> str:
    """A card's effect in a few words; for a ware card its wares and prices."""
    return words(f"effect:{name}")


def kind_of(name: str) -> str:
    return KIND[CARD_ID[name]]


def ware_counts(name: str) -> tuple[list[str], int, int]:
    """A ware card's wares (one name per token), buy and sell prices."""
    card = CARD_ID[name]
    return [WARES[w] for w, n in enumerate(CARD_WARES[card]) for _ in range(n)], BUY[card], SELL[card]
