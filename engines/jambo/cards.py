"""The cards and wares of Jambo as numbers, and their names in the move notation.

A card type is an index into ``NAMES`` (see ``engines.jambo.data``); a ware kind is an index into
``WARES``. Names are the canonical words of the notation: ``boat``, ``leopard statue``,
``small stand``, ware cards by what they show (``3 silk``, ``2 tea + silk``,
``salt + silk + trinkets``, ``all six``).
"""

from __future__ import annotations

from functools import cache

from engines.jambo.data import DATA

WARES: tuple[str, ...] = DATA.wares
NW = len(WARES)
WARE_ID: dict[str, int] = {name: index for index, name in enumerate(WARES)}

NAMES: tuple[str, ...] = tuple(c.name for c in DATA.cards) + tuple(w.name for w in DATA.ware_cards)
NT = len(NAMES)
CARD_ID: dict[str, int] = {name: index for index, name in enumerate(NAMES)}
KIND: tuple[str, ...] = tuple(c.kind for c in DATA.cards) + ("ware",) * len(DATA.ware_cards)
COUNT: tuple[int, ...] = tuple(c.count for c in DATA.cards) + tuple(w.count for w in DATA.ware_cards)
FIRST_WARE_CARD = len(DATA.cards)


def _ware_counts(wares: tuple[str, ...]) -> tuple[int, ...]:
    counts = [0] * NW
    for ware in wares:
        counts[WARE_ID[ware]] += 1
    return tuple(counts)


CARD_WARES: tuple[tuple[int, ...], ...] = (((0,) * NW,) * FIRST_WARE_CARD) + tuple(
    _ware_counts(w.wares) for w in DATA.ware_cards
)
"""Per card type: how many of each ware a ware card shows (zeros for other cards)."""
BUY: tuple[int, ...] = (0,) * FIRST_WARE_CARD + tuple(w.buy for w in DATA.ware_cards)
SELL: tuple[int, ...] = (0,) * FIRST_WARE_CARD + tuple(w.sell for w in DATA.ware_cards)
WARE_COUNT: tuple[int, ...] = tuple(sum(counts) for counts in CARD_WARES)

UTILITIES = frozenset(t for t in range(NT) if KIND[t] == "utility")
ANIMALS = frozenset(t for t in range(NT) if KIND[t] == "animal")
PEOPLE = frozenset(t for t in range(NT) if KIND[t] == "person")
WARE_CARDS = frozenset(t for t in range(NT) if KIND[t] == "ware")

BOAT, DRUMS, KETTLE, LEOPARD, MASK = (CARD_ID[n] for n in ("boat", "drums", "kettle", "leopard statue", "mask"))
SCALE, SUPPLIES, THRONE, WEAPONS, WELL = (CARD_ID[n] for n in ("scale", "supplies", "throne", "weapons", "well"))
APE, CHEETAH, CROCODILE, ELEPHANT = (CARD_ID[n] for n in ("ape", "cheetah", "crocodile", "elephant"))
HYENA, LION, PARROT, SNAKE = (CARD_ID[n] for n in ("hyena", "lion", "parrot", "snake"))
ARABIAN, BASKET, CARRIER, DANCER = (CARD_ID[n] for n in ("arabian merchant", "basket maker", "carrier", "dancer"))
DRUMMER, GUARD, RAIN_MAKER, SHAMAN = (CARD_ID[n] for n in ("drummer", "guard", "rain maker", "shaman"))
TRAVELING, ELDER, PORTUGUESE = (CARD_ID[n] for n in ("traveling merchant", "tribal elder", "portuguese"))
PSYCHIC, WISE_MAN, SMALL_STAND = (CARD_ID[n] for n in ("psychic", "wise man", "small stand"))

ANIMAL_ORDER: tuple[int, ...] = tuple(sorted(ANIMALS))
"""The animals in table order: the order of a player's per-animal standing orders."""
SELL_PRICES: tuple[int, ...] = tuple(sorted({w.sell for w in DATA.ware_cards}))


@cache
def value(card: int, key: str) -> int:
    """A number stated by a named card's text (``data/jambo.json``, ``cards[].values``)."""
    return DATA.cards[card].values[key]


def ware_list(counts: list[int] | tuple[int, ...]) -> list[str]:
    """Ware counts as a list of names, in table order (``[0, 2, 0, 0, 1, 0]`` -> hides, hides, fruit)."""
    return [WARES[w] for w in range(NW) for _ in range(counts[w])]


def split_card(words: list[str]) -> tuple[int, list[str]] | None:
    """The card named by the longest run of leading ``words``, and the words after it; None if none."""
    for end in range(min(len(words), 5), 0, -1):
        card = CARD_ID.get(" ".join(words[:end]))
        if card is not None:
            return card, words[end:]
    return None
