"""The values of Jambo, read once from ``data/jambo.json``: wares, the deck's cards, prices, limits.

Nothing here is a rule. Card types are numbered in the order of the file: the 32 named cards
(utilities, animals, people, the small stand) first, then the 19 ware-card designs; a card in a
hand, the deck or the discard pile is its type number (copies of one card are interchangeable).
"""

from __future__ import annotations

from importlib.resources import files

from pydantic import BaseModel, ConfigDict, model_validator


class CardData(BaseModel):
    """One named card of seed 003: its kind, its number of copies and the numbers its text states."""

    model_config = ConfigDict(frozen=True)

    name: str
    kind: str
    count: int
    values: dict[str, int]


class WareCardData(BaseModel):
    """One ware-card design ([R] reconstruction): the wares shown, the buy and sell prices, copies."""

    model_config = ConfigDict(frozen=True)

    name: str
    wares: tuple[str, ...]
    buy: int
    sell: int
    count: int


class JamboData(BaseModel):
    """The values read from ``data/jambo.json``."""

    model_config = ConfigDict(frozen=True)

    reconstruction: tuple[str, ...]
    wares: tuple[str, ...]
    wares_per_kind: int
    players: int
    start_gold: int
    start_hand: int
    actions_per_turn: int
    bonus_unused_actions: int
    bonus_gold: int
    goal_gold: int
    large_stand_spaces: int
    large_stand_fee: int
    small_stand_spaces: int
    small_stand_first_cost: int
    small_stand_cost: int
    utility_limit: int
    auction_opening_bid: int
    cards: tuple[CardData, ...]
    ware_cards: tuple[WareCardData, ...]
    deck_size: int

    @model_validator(mode="after")
    def _deck_adds_up(self) -> JamboData:
        """Seed 003's counts add up to the deck; ware cards show only known wares."""
        total = sum(c.count for c in self.cards) + sum(w.count for w in self.ware_cards)
        if total != self.deck_size:
            raise ValueError(f"the cards add up to {total}, not {self.deck_size}")
        for card in self.ware_cards:
            if not set(card.wares) <= set(self.wares):
                raise ValueError(f"ware card {card.name!r} shows an unknown ware")
        return self


def load_data() -> JamboData:
    """Read the packaged ``data/jambo.json``."""
    return JamboData.model_validate_json(files("data").joinpath("jambo.json").read_text(encoding="utf-8"))


DATA = load_data()
