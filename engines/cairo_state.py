"""The Kairo game state: pydantic models, JSON round-trip exact.

Squares are stored by name (``e5``, ``q1``), coins as value per colour, building cards as counts per
card name (deck, discard) or sorted lists (hands, display slots). ``NEUTRAL`` is the owner of the
2-player neutral stalls.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from engines.base import GameState

NEUTRAL = -1
"""Owner of a neutral stall (2-player game)."""


class Stall(BaseModel):
    """A main stall with its entrance and extensions; ``id`` is its index in ``CairoState.stalls``."""

    id: int
    colour: str
    owner: int
    square: str
    door: str
    extensions: list[str] = Field(default_factory=list)

    @property
    def size(self) -> int:
        """Tiles in the stall: points scored, coins paid per customer."""
        return 1 + len(self.extensions)

    @property
    def tiles(self) -> list[str]:
        """The main stall square and every extension square."""
        return [self.square, *self.extensions]


class Pending(BaseModel):
    """A build chosen this turn and not yet paid for (phases "card" and "pay")."""

    action: str
    colour: str
    square: str
    door: str | None = None
    stall: int | None = None
    card: str | None = None
    wild_coin: str | None = None
    cards: list[str] = Field(default_factory=list)
    price: int = 0


class LastAction(BaseModel):
    """The last player action, for highlighting."""

    seat: int
    action: str
    squares: list[str] = Field(default_factory=list)


class FinalLine(BaseModel):
    """One seat's final scoring."""

    seat: int
    track: int
    medals: int
    coins: int
    total: int


class CairoState(GameState):
    """Everything about a game of Kairo."""

    phase: str = "queue"
    active: int | None = None
    start_player: int | None = None
    stalls: list[Stall] = Field(default_factory=list)
    customers: dict[str, str] = Field(default_factory=dict)
    waiting: str | None = None
    coins: list[dict[str, int]] = Field(default_factory=list)
    bank: dict[str, int] = Field(default_factory=dict)
    hands: list[list[str]] = Field(default_factory=list)
    charlatans: list[int] = Field(default_factory=list)
    charlatan_supply: int = 0
    deck: dict[str, int] = Field(default_factory=dict)
    discard: dict[str, int] = Field(default_factory=dict)
    display: list[str | None] = Field(default_factory=list)
    deals: list[str] = Field(default_factory=list)
    after_deals: str | None = None
    medals: dict[str, dict[str, int | None]] = Field(default_factory=dict)
    scores: list[int] = Field(default_factory=list)
    final_stage: bool = False
    passed: list[int] = Field(default_factory=list)
    pending: Pending | None = None
    draws_left: int = 0
    place_order: list[int] = Field(default_factory=list)
    neutrals: list[str] = Field(default_factory=list)
    neutral_drawn: str | None = None
    quiet_turns: int = 0
    built_this_turn: bool = False
    last: LastAction | None = None
    final: list[FinalLine] | None = None
    end_reason: str | None = None

    def owned_stall(self, seat: int, colour: str) -> Stall | None:
        """``seat``'s main stall of ``colour`` if it is on the board."""
        for stall in self.stalls:
            if stall.owner == seat and stall.colour == colour:
                return stall
        return None

    def seats_in_play(self) -> list[int]:
        """Seats still in the game (not resigned), in seat order."""
        return [seat for seat in range(self.num_players) if seat not in self.resigned]
