"""The values of Kairo read from ``data/cairo.json``: colours, geometry names, cards, points, presets.

Every value GAMES.md marks [R] (our reconstruction) lives in that file, never in the engine code.
``load_cairo_data()`` reads and validates it once; the result is immutable. The classes are frozen
pydantic *dataclasses*, not models: the rules read these values on every move, and reading an
attribute of a pydantic model goes through its ``__getattr__`` hook.
"""

from __future__ import annotations

from functools import cache, cached_property
from importlib.resources import files

from pydantic import TypeAdapter, model_validator
from pydantic.dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class SectorData:
    """One of the nine 4×4 sectors of the souk: its label and inclusive souk coordinate ranges."""

    label: str
    x: tuple[int, int]
    y: tuple[int, int]


@dataclass(frozen=True, kw_only=True)
class ZoneData:
    """A wildcard zone: a row or a column of three sectors."""

    label: str
    sectors: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class PresetStall:
    """One main stall of a preset starting layout; ``seat`` is a seat number or "neutral"."""

    seat: int | str
    colour: str
    square: str
    door: str


@dataclass(frozen=True, kw_only=True)
class CairoData:
    """Everything ``data/cairo.json`` holds (see its "about" field for the coordinates)."""

    about: str = ""
    colours: tuple[str, ...]
    tavern_colour: str
    columns: str
    souk_size: int
    queue_columns: tuple[str, ...]
    sectors: dict[str, SectorData]
    zones: dict[str, ZoneData]
    standard_cards_per_sector: int
    wild_cards_per_zone: int
    wild_card_coin_cost: int
    cards_for_any_square: int
    charlatan_cards: int
    extensions_per_colour: int
    bank_value_per_colour: int
    start_coins_per_colour: int
    start_hand: int
    hand_limit: int
    display_size: int
    draws_per_action: int
    main_stalls_at_start: int
    setup_max_main_stalls_per_sector: int
    other_colour_coins_per_unit: int
    medal_points: dict[str, int]
    coins_per_point: int
    quiet_rounds_to_final_stage: int
    presets: dict[str, tuple[PresetStall, ...]]

    @model_validator(mode="after")
    def _names_are_consistent(self) -> CairoData:
        if self.tavern_colour not in self.colours:
            raise ValueError("the tavern colour must be one of the colours")
        for zone in self.zones.values():
            if not set(zone.sectors) <= set(self.sectors):
                raise ValueError(f"zone {zone.label} names an unknown sector")
        if set(self.sectors) & set(self.zones):
            raise ValueError("sector and zone names must differ (they name the cards)")
        return self

    @cached_property
    def card_names(self) -> tuple[str, ...]:
        """Every building-card name in canonical order: the sectors, then the zones (wildcards)."""
        return (*self.sectors, *self.zones)

    @cached_property
    def sector_set(self) -> frozenset[str]:
        """The sector names, as a set."""
        return frozenset(self.sectors)

    @cached_property
    def card_order(self) -> dict[str, int]:
        """Each card name's place in the canonical order (hands and card lists are sorted by it)."""
        return {card: place for place, card in enumerate(self.card_names)}

    @cached_property
    def cards_by_lower_name(self) -> dict[str, str]:
        """Card names as typed in any case: ``"nw"`` -> ``"NW"``."""
        return {card.lower(): card for card in self.card_names}

    def card_sectors(self, card: str) -> tuple[str, ...]:
        """The sectors a building card lets you build in."""
        return (card,) if card in self.sectors else self.zones[card].sectors

    def is_wild(self, card: str) -> bool:
        """Whether ``card`` is a wildcard (names a zone)."""
        return card in self.zones

    def card_label(self, card: str) -> str:
        """The human label of a card: the sector's or the zone's label."""
        return self.sectors[card].label if card in self.sectors else self.zones[card].label

    def full_deck(self) -> dict[str, int]:
        """The 33 building cards as counts per card name."""
        deck = {sector: self.standard_cards_per_sector for sector in self.sectors}
        deck.update({zone: self.wild_cards_per_zone for zone in self.zones})
        return deck


@cache
def load_cairo_data() -> CairoData:
    """Read the packaged ``data/cairo.json``."""
    text = files("data").joinpath("cairo.json").read_text(encoding="utf-8")
    return TypeAdapter(CairoData).validate_json(text)
