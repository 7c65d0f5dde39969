"""The legal moves of a Kairo state, generated word by word (``build``, ``extend``, ``take`` ...).

``move_words(state)`` names the kinds of move possible now, in listing order; ``GENERATORS`` maps
each word to the function listing those moves. Placement questions go to the layout's bulk site
lists (``engines.cairo.rules``), so one board is analysed once however many moves it offers.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations, permutations

from engines.base import CHANCE
from engines.cairo.board import get_board
from engines.cairo.data import CairoData, load_cairo_data
from engines.cairo.layout import Layout, Spot, layout_of, lifted_layout
from engines.cairo.rules import (
    attract_choices,
    can_move,
    card_payments,
    extension_bits,
    extension_bits_within,
    extensions_left_on,
    own_spots,
    owned_colours,
    payable_sectors,
    sectors_bits,
    splits,
    stall_sites,
    wild_coins,
)
from engines.cairo.sitelists import site_list, site_moves
from engines.cairo.state import CairoState, cards_available, deal_source
from engines.cairo.texts import attract_text, extend_texts

BUILD_WORDS = ("build", "extend", "move")
PAY_CARD_WORDS = ("card", "wild", "cards")
PHASE_WORDS: dict[str, tuple[str, ...]] = {
    "place": ("place", "pass"),
    "neutral": ("place", "pass"),
    "play": (*BUILD_WORDS, "attract", "take"),
    "final": (*BUILD_WORDS, "pass"),
    "card": PAY_CARD_WORDS,
    "pay": ("pay",),
    "draw": ("take",),
    "keep": ("keep",),
}
CHANCE_WORDS = ("queue", "deal", "start", "neutral")


def to_move(state: CairoState) -> int | None:
    """The seat to decide, CHANCE, or None when the game is over."""
    if state.phase == "over":
        return None
    if state.deals or state.phase in ("queue", "start"):
        return CHANCE
    if state.phase == "neutral" and state.neutral_drawn is None:
        return CHANCE
    if state.phase in ("place", "neutral"):
        return state.place_order[0]
    return state.active


def move_words(state: CairoState) -> tuple[str, ...]:
    """The first words of the moves that may be legal now, in listing order."""
    return words_for(state, to_move(state))


def words_for(state: CairoState, seat: int | None) -> tuple[str, ...]:
    """``move_words`` when the seat to move (``to_move``) is known."""
    if seat is None:
        return ()
    if seat == CHANCE:
        return ("deal",) if state.deals else (state.phase,)
    return PHASE_WORDS[state.phase]


def legal_moves(state: CairoState) -> list[str]:
    """Every legal move for whoever is to move, in a stable order."""
    phase = state.phase
    if (phase == "play" or phase == "final") and not state.deals:
        return main_moves(state, phase == "play")
    moves: list[str] = []
    for word in move_words(state):
        if word not in LISTED_WITH:
            moves.extend(GENERATORS[word](state))
    return moves


LISTED_WITH = {"wild": "card", "cards": "card"}
"""Words whose moves another word's generator lists: the card payments come as one list (card, wild, cards)."""


# ---- chance ------------------------------------------------------------------------------
def queue_moves(state: CairoState) -> list[str]:
    return list(_queue_texts(load_cairo_data().colours))


@lru_cache(maxsize=4)
def _queue_texts(colours: tuple[str, ...]) -> tuple[str, ...]:
    """Every order of the customers drawn for the queue, as moves (the same in every game)."""
    return tuple("queue " + " ".join(order) for order in permutations(colours))


def deal_moves(state: CairoState) -> list[str]:
    source = deal_source(state)
    return [f"deal {card}" for card in load_cairo_data().card_names if source.get(card)]


def start_moves(state: CairoState) -> list[str]:
    return [f"start {seat + 1}" for seat in range(state.num_players) if seat not in state.resigned]


def neutral_moves(state: CairoState) -> list[str]:
    return [f"neutral {colour}" for colour in load_cairo_data().colours if colour in state.neutrals]


# ---- setup placement -------------------------------------------------------------------------
def colours_to_place(state: CairoState) -> list[str]:
    """The colours the seat placing now may place: the neutral stall drawn, or its own not yet placed."""
    if state.phase == "neutral":
        return [state.neutral_drawn] if state.neutral_drawn else []
    owned = owned_colours(layout_of(state), state.place_order[0])
    return [colour for colour in load_cairo_data().colours if colour not in owned]


def place_moves(state: CairoState) -> list[str]:
    layout = layout_of(state)
    moves: list[str] = []
    for colour in colours_to_place(state):
        moves.extend(site_moves(layout, "place", colour, True))
    return moves


def pass_moves(state: CairoState) -> list[str]:
    if state.phase == "final":
        return ["pass"]
    layout = layout_of(state)
    placeable = any(site_list(layout, "place", colour, True).squares for colour in colours_to_place(state))
    return [] if placeable else ["pass"]


# ---- the main stage: one listing ----------------------------------------------------------------
def main_moves(state: CairoState, play: bool) -> list[str]:
    """``legal_moves`` in the phases "play" (build, extend, move, attract, take) and "final" (build, extend,
    move, pass): the generators of those words run on one layout read once."""
    seat, data = state.active, load_cairo_data()
    assert seat is not None
    layout, hand, coins = layout_of(state), state.hands[seat], state.coins[seat]
    moves: list[str] = []
    _build_moves(moves, layout, data, seat, hand, coins)
    _extend_moves(moves, layout, data, seat, hand, coins)
    _move_moves(moves, layout, data, seat, hand, coins)
    if play:
        moves.extend(_attract_moves(layout, state.charlatans[seat]))
        moves.extend(take_moves(state))
    else:
        moves.append("pass")
    return moves


Lister = Callable[[list[str], Layout, CairoData, int, list[str], dict[str, int]], None]
"""A generator of the main stage's words: it appends the mover's moves of one kind, read off a layout once."""


def _listed(state: CairoState, lister: Lister) -> list[str]:
    """The moves ``lister`` finds for the merchant to move, alone (``main_moves`` runs them all on one layout)."""
    seat = state.active
    assert seat is not None
    moves: list[str] = []
    lister(moves, layout_of(state), load_cairo_data(), seat, state.hands[seat], state.coins[seat])
    return moves


# ---- build: the placement step -------------------------------------------------------------
def build_moves(state: CairoState) -> list[str]:
    return _listed(state, _build_moves)


def _build_moves(
    moves: list[str], layout: Layout, data: CairoData, seat: int, hand: list[str], coins: dict[str, int]
) -> None:
    owned = owned_colours(layout, seat)
    if len(owned) == len(data.colours):
        return
    payable = payable_sectors(data, hand, coins, data.colours[0], 0)  # no coin to pay: the same for every colour
    for colour in data.colours:
        if colour in owned:
            continue
        if len(payable) == len(data.sectors):
            moves.extend(site_moves(layout, "build", colour, False))
        elif payable:
            found, sectors = site_list(layout, "build", colour, False), layout.board.sectors
            moves.extend(
                text
                for square, texts in zip(found.squares, found.runs, strict=True)
                if sectors[square] in payable
                for text in texts
            )


def extend_moves(state: CairoState) -> list[str]:
    return _listed(state, _extend_moves)


def _extend_moves(
    moves: list[str], layout: Layout, data: CairoData, seat: int, hand: list[str], coins: dict[str, int]
) -> None:
    left = extensions_left_on(layout, data)
    at_bit, every, rate = layout.board.at_bit, len(data.sectors), data.other_colour_coins_per_unit
    any_square, total = len(hand) >= data.cards_for_any_square, sum(coins.values())
    standard: frozenset[str] = frozenset()
    with_wilds = standard
    wilds = False
    if not any_square:  # ``payable_sectors``, the hand read once: standard cards, then the wildcards' zones
        standard = frozenset(card for card in hand if card in data.sectors)
        zones = [data.zones[card] for card in hand if card in data.zones]
        wilds = bool(zones)
        with_wilds = standard.union(*(zone.sectors for zone in zones))
    for spot in own_spots(layout, seat, data.colours):
        colour = spot.colour
        if left[colour] <= 0:
            continue
        own, price = coins.get(colour, 0), len(spot.extensions) + 2  # the new size
        if own < 1 or own + (total - own) // rate < price:  # ``affordable``: no payable sector
            continue
        if any_square:  # every sector can be paid for (``payable_sectors``)
            sites = extension_bits(layout, data, spot)
        else:
            payable = with_wilds if wilds and wild_coins(data, coins, colour, price) else standard
            if len(payable) == every:
                sites = extension_bits(layout, data, spot)
            elif payable:  # only the squares the hand can pay for are asked
                sites = extension_bits_within(layout, data, spot, sectors_bits(payable))
            else:
                continue
        texts = extend_texts(colour)
        while sites:
            low = sites & -sites
            moves.append(texts[at_bit[low.bit_length() - 1]])
            sites ^= low


def move_moves(state: CairoState) -> list[str]:
    return _listed(state, _move_moves)


def _move_moves(
    moves: list[str], layout: Layout, data: CairoData, seat: int, hand: list[str], coins: dict[str, int]
) -> None:
    board = layout.board
    payable = payable_sectors(data, hand, coins, data.colours[0], 0)  # no coin to pay: the same for every colour
    if not payable:
        return
    for spot in own_spots(layout, seat, data.colours):
        if not can_move(layout, data, spot):
            continue
        found = moved_sites(lifted_layout(layout, spot.id), data, spot)
        if len(payable) == len(data.sectors):
            moves.extend(text for _, text in found)
        else:
            moves.extend(text for square, text in found if board.sectors[square] in payable)


def moved_sites(lifted: Layout, data: CairoData, spot: Spot) -> list[tuple[int, str]]:
    """``(square, move)`` for every new place of the unextended ``spot`` (``lifted``: the layout without it)."""
    key = ("moved_sites", spot.colour, spot.square, spot.door)
    found: list[tuple[int, str]] | None = lifted.memo.get(key)
    if found is None:
        names = lifted.board.names
        found = lifted.memo[key] = [
            (square, f"move {spot.colour} to {names[square]} door {names[door]}")
            for square, door in stall_sites(lifted, data, spot.colour, setup=False)
            if (square, door) != (spot.square, spot.door)
        ]
    return found


# ---- build: paying ---------------------------------------------------------------------------
def card_moves(state: CairoState) -> list[str]:
    pending, seat = state.pending, state.active
    assert pending is not None and seat is not None
    sector = get_board().sectors[get_board().index[pending.square]]
    data = load_cairo_data()
    return card_payments(data, state.hands[seat], state.coins[seat], sector, pending.colour, pending.price)


def pay_moves(state: CairoState) -> list[str]:
    """Every exact payment of the price as a move, cheapest (most own-colour coins) first, from cached tails."""
    pending, seat, data = state.pending, state.active, load_cairo_data()
    assert pending is not None and seat is not None
    coins, colour, price = state.coins[seat], pending.colour, pending.price
    others = tuple(name for name in data.colours if name != colour and coins.get(name, 0) > 0)
    limits, rate = tuple(coins[name] for name in others), data.other_colour_coins_per_unit
    moves: list[str] = []
    for own in range(min(price, coins.get(colour, 0)), 0, -1):
        head = f"pay {colour}:{own}"
        moves.extend(head + tail for tail in payment_tails(others, rate * (price - own), limits))
    return moves


@lru_cache(maxsize=4096)
def payment_tails(others: tuple[str, ...], total: int, limits: tuple[int, ...]) -> tuple[str, ...]:
    """`` blue:2 green:1`` for every split of ``total`` over ``others`` (up to ``limits``), in ``splits`` order."""
    return tuple(
        "".join(f" {name}:{value}" for name, value in zip(others, split, strict=True) if value)
        for split in splits(total, limits)
    )


# ---- attract and draw ------------------------------------------------------------------------
def attract_moves(state: CairoState) -> list[str]:
    seat = state.active
    assert seat is not None
    return list(_attract_moves(layout_of(state), state.charlatans[seat]))


def _attract_moves(layout: Layout, have: int) -> list[str]:
    """The attract moves with ``have`` charlatans held (kept with the layout: not to be changed)."""
    key = ("attract_moves", have)
    found: list[str] | None = layout.memo.get(key)
    if found is None:
        found = layout.memo[key] = [
            attract_text(colour, door) for colour, door in attract_choices(layout, load_cairo_data().colours, have)
        ]
    return found


TAKE_DISPLAY = tuple(f"take display {slot + 1}" for slot in range(16))
"""``take display N``, formatted once."""


def take_moves(state: CairoState) -> list[str]:
    moves = [
        TAKE_DISPLAY[slot] if slot < len(TAKE_DISPLAY) else f"take display {slot + 1}"
        for slot, card in enumerate(state.display)
        if card
    ]
    if cards_available(state):
        moves.append("take deck")
    if state.charlatan_supply > 0:
        moves.append("take charlatan")
    return moves


def keep_moves(state: CairoState) -> list[str]:
    seat = state.active
    assert seat is not None
    kept = dict.fromkeys(combinations(state.hands[seat], load_cairo_data().hand_limit))
    return ["keep " + " ".join(cards) for cards in kept]


GENERATORS: dict[str, Callable[[CairoState], list[str]]] = {
    "queue": queue_moves,
    "deal": deal_moves,
    "start": start_moves,
    "neutral": neutral_moves,
    "place": place_moves,
    "pass": pass_moves,
    "build": build_moves,
    "extend": extend_moves,
    "move": move_moves,
    "card": card_moves,
    "pay": pay_moves,
    "attract": attract_moves,
    "take": take_moves,
    "keep": keep_moves,
}
