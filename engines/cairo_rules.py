"""Kairo placement, payment and customer rules as pure checks over one state.

Every ``*_problem`` function returns None when the rule holds, else a sentence naming the rule that
is broken (the engine shows it to players as it is). The move generator and ``explain_illegal`` use
the same checks, so what is refused is always explained by the rule that refused it.

``Layout`` is a snapshot of who stands where, built once per question; ``lifted`` takes one stall
off the board first (moving a main stall re-places it under the rules of a new one).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from itertools import combinations

from engines.cairo_board import QUEUE, SOUK, TAVERN, Board, PathIndex, Square, distances
from engines.cairo_data import CairoData
from engines.cairo_state import NEUTRAL, CairoState, Stall


def owner_text(state: CairoState, owner: int) -> str:
    """ "Player 2's", "neutral", or "your" style owner words for messages (no names available)."""
    if owner == NEUTRAL:
        return "the neutral"
    return f"Player {owner + 1}'s"


class Layout:
    """Who stands where: stall tiles, entrances, customers, and the walkable squares."""

    def __init__(self, state: CairoState, board: Board, lifted: int | None = None) -> None:
        self.state = state
        self.board = board
        self.lifted = lifted
        self.tiles: dict[int, tuple[Stall, bool]] = {}
        self.doors: dict[int, Stall] = {}
        for stall in state.stalls:
            if stall.id == lifted:
                continue
            self.tiles[board.index[stall.square]] = (stall, True)
            for extension in stall.extensions:
                self.tiles[board.index[extension]] = (stall, False)
            self.doors[board.index[stall.door]] = stall
        self.customers: dict[int, str] = {board.index[sq]: colour for colour, sq in state.customers.items()}

    @cached_property
    def walkable(self) -> list[bool]:
        """Souk squares without a stall tile, and queue squares."""
        return [square.kind in (SOUK, QUEUE) and square.index not in self.tiles for square in self.board.squares]

    @cached_property
    def paths(self) -> PathIndex:
        """Reachability between every customer and every entrance."""
        terminals = sorted({*self.customers, *self.doors})
        return PathIndex(self.board, self.walkable, terminals)

    def is_free(self, index: int) -> bool:
        """No stall, extension, entrance or customer (queue squares are never free to build)."""
        square = self.board.squares[index]
        return (
            square.kind != QUEUE and index not in self.tiles and index not in self.doors and index not in self.customers
        )

    def occupant(self, index: int) -> str:
        """What makes a square not free, in words."""
        if self.board.squares[index].kind == QUEUE:
            return "is a queue square, never built on"
        if index in self.tiles:
            stall, main = self.tiles[index]
            part = "main stall" if main else "extension"
            return f"holds {owner_text(self.state, stall.owner)} {stall.colour} {part}"
        if index in self.doors:
            stall = self.doors[index]
            return f"is the entrance of {owner_text(self.state, stall.owner)} {stall.colour} stall"
        return f"has the {self.customers[index]} customer on it"

    def main_stalls_in(self, sector: str) -> list[Stall]:
        """Main stalls (lifted one excluded) whose main square is in ``sector``."""
        return [
            stall for index, (stall, main) in self.tiles.items() if main and self.board.squares[index].sector == sector
        ]


# ---- main stalls ------------------------------------------------------------------------


def zone_problem(data: CairoData, colour: str, square: Square, what: str) -> str | None:
    """Tavern-colour tiles stand only in the tavern zone, the others only in the souk."""
    if square.kind == QUEUE:
        return f"{square.name} is a queue square: queue squares are never built on"
    if colour == data.tavern_colour and square.kind != TAVERN:
        return f"{colour} {what}s stand only in the tavern zone, and {square.name} is in the souk"
    if colour != data.tavern_colour and square.kind != SOUK:
        return f"only {data.tavern_colour} stalls stand in the tavern zone; a {colour} {what} goes in the souk"
    return None


def stall_site_problem(layout: Layout, data: CairoData, colour: str, square: Square, setup: bool) -> str | None:
    """The rules for the main stall square of a new (or moved) main stall."""
    problem = zone_problem(data, colour, square, "main stall")
    if problem:
        return problem
    if not layout.is_free(square.index):
        return f"{square.name} is not free: it {layout.occupant(square.index)}"
    in_sector = layout.main_stalls_in(square.sector or "")
    same = [stall for stall in in_sector if stall.colour == colour]
    if same:
        return f"sector {square.sector} already has a {colour} main stall (at {same[0].square})"
    if setup and len(in_sector) >= data.setup_max_main_stalls_per_sector:
        limit = data.setup_max_main_stalls_per_sector
        return f"at the start at most {limit} main stalls may stand in one sector, and {square.sector} has {limit}"
    return touching_problem(layout, square)


def touching_problem(layout: Layout, square: Square) -> str | None:
    """No main stall orthogonally next to a main stall or an extension."""
    for other in layout.board.neighbours[square.index]:
        if other in layout.tiles:
            stall, main = layout.tiles[other]
            part = "main stall" if main else "extension"
            owner = owner_text(layout.state, stall.owner)
            return (
                f"a main stall may not touch another stall: {square.name} touches "
                f"{owner} {stall.colour} {part} at {layout.board.name(other)}"
            )
    return None


def door_problem(layout: Layout, square: Square, door: Square) -> str | None:
    """The entrance: next to the stall, in the souk, free, and joined to every customer."""
    board = layout.board
    if door.index not in board.neighbours[square.index]:
        return f"the entrance must be next to the main stall, and {door.name} is not next to {square.name}"
    if door.kind != SOUK:
        return f"the entrance must be in the souk (a stall is entered from the souk only); {door.name} is not"
    if not layout.is_free(door.index):
        return f"the entrance square {door.name} is not free: it {layout.occupant(door.index)}"
    if not layout.paths.can_block(square.index, new_entrance=door.index):
        return (
            f"a stall at {square.name} with its entrance at {door.name} would cut an entrance "
            "off from a customer: every entrance must stay reachable"
        )
    return None


def stall_sites(layout: Layout, data: CairoData, colour: str, setup: bool) -> Iterator[tuple[int, int]]:
    """Every (main stall square, entrance square) a new main stall of ``colour`` may take."""
    for square in layout.board.squares:
        if stall_site_problem(layout, data, colour, square, setup) is not None:
            continue
        for door in layout.board.neighbours[square.index]:
            if door_problem(layout, square, layout.board.squares[door]) is None:
                yield square.index, door


# ---- extensions ---------------------------------------------------------------------------


def extension_problem(layout: Layout, data: CairoData, stall: Stall, square: Square) -> str | None:
    """The rules for an extension of ``stall`` on ``square`` (cards and coins aside)."""
    problem = zone_problem(data, stall.colour, square, "extension")
    if problem:
        return problem
    if not layout.is_free(square.index):
        return f"{square.name} is not free: it {layout.occupant(square.index)}"
    touched = _same_colour_stalls_touching(layout, stall.colour, square.index)
    if stall.id not in touched:
        return f"an extension must touch your own {stall.colour} stall, and {square.name} does not"
    others = [other for other in touched.values() if other.id != stall.id]
    if others:
        other = others[0]
        return (
            f"an extension may not join two {stall.colour} stalls: {square.name} also touches "
            f"{owner_text(layout.state, other.owner)} {stall.colour} stall at {other.square}"
        )
    if not layout.paths.can_block(square.index):
        return f"an extension at {square.name} would cut an entrance off from a customer"
    return None


def _same_colour_stalls_touching(layout: Layout, colour: str, index: int) -> dict[int, Stall]:
    touched: dict[int, Stall] = {}
    for other in layout.board.neighbours[index]:
        if other in layout.tiles:
            stall, _ = layout.tiles[other]
            if stall.colour == colour:
                touched[stall.id] = stall
    return touched


def extension_sites(layout: Layout, data: CairoData, stall: Stall) -> list[int]:
    """Squares where ``stall`` may be extended, in board order (cards and coins aside)."""
    board = layout.board
    candidates = {n for tile in stall.tiles for n in board.neighbours[board.index[tile]]}
    return sorted(index for index in candidates if extension_problem(layout, data, stall, board.squares[index]) is None)


# ---- payments -------------------------------------------------------------------------------


def affordable(coins: dict[str, int], colour: str, price: int, rate: int) -> bool:
    """Whether ``coins`` can pay ``price``: at least 1 of ``colour``, the rest 1:1 or others at ``rate``:1."""
    if price <= 0:
        return True
    own = coins.get(colour, 0)
    others = sum(value for name, value in coins.items() if name != colour)
    return own >= 1 and own + others // rate >= price


def coin_payments(
    coins: dict[str, int], colour: str, price: int, rate: int, order: tuple[str, ...]
) -> list[dict[str, int]]:
    """Every exact payment of ``price`` for a stall of ``colour``, cheapest (least value) first."""
    others = [name for name in order if name != colour and coins.get(name, 0) > 0]
    payments: list[dict[str, int]] = []
    for own in range(min(price, coins.get(colour, 0)), 0, -1):
        rest = rate * (price - own)
        for split in _splits(rest, [coins[name] for name in others]):
            payment = {colour: own}
            payment.update({name: value for name, value in zip(others, split, strict=True) if value})
            payments.append(payment)
    return payments


def _splits(total: int, limits: list[int]) -> Iterator[tuple[int, ...]]:
    """Ways to write ``total`` as a sum bounded by ``limits``, earlier parts as large as possible first."""
    if not limits:
        if total == 0:
            yield ()
        return
    room = sum(limits[1:])
    for first in range(min(total, limits[0]), max(total - room, 0) - 1, -1):
        for tail in _splits(total - first, limits[1:]):
            yield (first, *tail)


def card_payments(
    data: CairoData, hand: list[str], coins: dict[str, int], sector: str, colour: str, price: int
) -> list[str]:
    """The ways to pay with cards for a build in ``sector`` (then ``price`` coins for an extension).

    One standard card of the sector; or a wildcard of a zone holding it plus one coin of any colour;
    or, only when neither single card can be used, any 3 building cards (wildcards among them free).
    """
    rate = data.other_colour_coins_per_unit
    if not affordable(coins, colour, price, rate):
        return []
    options: list[str] = []
    if sector in hand:
        options.append(f"card {sector}")
    for zone in dict.fromkeys(card for card in hand if data.is_wild(card)):
        if sector not in data.card_sectors(zone):
            continue
        for coin in data.colours:
            if coins.get(coin, 0) >= data.wild_card_coin_cost:
                after = {**coins, coin: coins[coin] - data.wild_card_coin_cost}
                if affordable(after, colour, price, rate):
                    options.append(f"wild {zone} coin {coin}")
    if options:
        return options
    for trio in dict.fromkeys(combinations(hand, data.cards_for_any_square)):
        options.append("cards " + " ".join(trio))
    return options


# ---- customers ---------------------------------------------------------------------------


def attract_targets(layout: Layout, colour: str) -> list[tuple[int, int, int]]:
    """(entrance, distance, charlatans needed) for every free entrance of ``colour`` the customer reaches.

    Sorted nearest first (ties in board order); "needed" counts the free entrances strictly nearer.
    """
    start = layout.board.index[layout.state.customers[colour]]
    steps = distances(layout.board, layout.walkable, start)
    found = sorted(
        (steps[door], door)
        for door, stall in layout.doors.items()
        if stall.colour == colour and door not in layout.customers and door in steps
    )
    return [(door, dist, sum(1 for other, _ in found if other < dist)) for dist, door in found]
