"""The legal moves of a Kairo state, generated word by word (``build``, ``extend``, ``take`` ...).

``move_words(state)`` names the kinds of move possible now, in listing order; ``GENERATORS`` maps
each word to the function listing those moves. Placement questions go to the layout's bulk site
lists (``engines.cairo.rules``), so one board is analysed once however many moves it offers.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, permutations

from engines.base import CHANCE
from engines.cairo.board import get_board
from engines.cairo.data import load_cairo_data
from engines.cairo.layout import Layout, layout_of
from engines.cairo.rules import (
    attract_targets,
    can_move,
    card_payments,
    coin_payments,
    extension_sites,
    payable_sectors,
    stall_sites,
)
from engines.cairo.state import CairoState, cards_available, deal_source, extensions_left, own_stalls, owned_stall

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
    seat = to_move(state)
    if seat is None:
        return ()
    if seat == CHANCE:
        return ("deal",) if state.deals else (state.phase,)
    return PHASE_WORDS[state.phase]


def legal_moves(state: CairoState) -> list[str]:
    """Every legal move for whoever is to move, in a stable order."""
    moves: list[str] = []
    for word in move_words(state):
        moves.extend(GENERATORS[word](state))
    return moves


# ---- chance ------------------------------------------------------------------------------
def queue_moves(state: CairoState) -> list[str]:
    return ["queue " + " ".join(order) for order in permutations(load_cairo_data().colours)]


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
    seat = state.place_order[0]
    return [c for c in load_cairo_data().colours if owned_stall(state, seat, c) is None]


def place_moves(state: CairoState) -> list[str]:
    layout = layout_of(state)
    return [text for colour in colours_to_place(state) for _, text in site_texts(layout, "place", colour, True)]


def site_texts(layout: Layout, word: str, colour: str, setup: bool) -> list[tuple[str, str]]:
    """``(sector, move)`` for every site of a new main stall of ``colour``: ``place red e5 door e6`` ...

    Kept with the layout: a board asked again (another turn, another merchant) formats nothing anew.
    """
    key = ("texts", word, colour, setup)
    found = layout.memo.get(key)
    if found is None:
        board = layout.board
        names, sectors = board.names, board.sectors
        found = layout.memo[key] = [
            (sectors[square], f"{word} {colour} {names[square]} door {names[door]}")
            for square, door in stall_sites(layout, load_cairo_data(), colour, setup)
        ]
    return found  # type: ignore[return-value]


def pass_moves(state: CairoState) -> list[str]:
    if state.phase == "final":
        return ["pass"]
    layout, data = layout_of(state), load_cairo_data()
    placeable = any(stall_sites(layout, data, colour, setup=True) for colour in colours_to_place(state))
    return [] if placeable else ["pass"]


# ---- build: the placement step -------------------------------------------------------------
def build_moves(state: CairoState) -> list[str]:
    seat, data = state.active, load_cairo_data()
    assert seat is not None
    layout, hand, coins = layout_of(state), state.hands[seat], state.coins[seat]
    moves = []
    for colour in data.colours:
        if owned_stall(state, seat, colour) is not None:
            continue
        payable = payable_sectors(data, hand, coins, colour, 0)
        if payable:
            moves.extend(text for sector, text in site_texts(layout, "build", colour, False) if sector in payable)
    return moves


def extend_moves(state: CairoState) -> list[str]:
    seat, data = state.active, load_cairo_data()
    assert seat is not None
    layout, board = layout_of(state), get_board()
    left = extensions_left(state, data.colours, data.extensions_per_colour)
    moves = []
    for stall in own_stalls(state, seat, data.colours):
        if left[stall.colour] <= 0:
            continue
        payable = payable_sectors(data, state.hands[seat], state.coins[seat], stall.colour, stall.size + 1)
        moves.extend(
            f"extend {stall.colour} {board.names[square]}"
            for square in extension_sites(layout, data, layout.spots[stall.id])
            if board.sectors[square] in payable
        )
    return moves


def move_moves(state: CairoState) -> list[str]:
    seat, data = state.active, load_cairo_data()
    assert seat is not None
    layout, board = layout_of(state), get_board()
    moves = []
    for stall in own_stalls(state, seat, data.colours):
        if not can_move(layout, data, layout.spots[stall.id]):
            continue
        payable = payable_sectors(data, state.hands[seat], state.coins[seat], stall.colour, 0)
        old = (board.index[stall.square], board.index[stall.door])
        moves.extend(
            f"move {stall.colour} to {board.names[square]} door {board.names[door]}"
            for square, door in stall_sites(layout_of(state, lifted=stall.id), data, stall.colour, setup=False)
            if (square, door) != old and board.sectors[square] in payable
        )
    return moves


# ---- build: paying ---------------------------------------------------------------------------
def card_moves(state: CairoState) -> list[str]:
    pending, seat = state.pending, state.active
    assert pending is not None and seat is not None
    sector = get_board().sectors[get_board().index[pending.square]]
    data = load_cairo_data()
    return card_payments(data, state.hands[seat], state.coins[seat], sector, pending.colour, pending.price)


def _card_moves_starting(word: str) -> Callable[[CairoState], list[str]]:
    def generate(state: CairoState) -> list[str]:
        return [move for move in card_moves(state) if move.split(" ", 1)[0] == word]

    return generate


def pay_moves(state: CairoState) -> list[str]:
    pending, seat, data = state.pending, state.active, load_cairo_data()
    assert pending is not None and seat is not None
    rate = data.other_colour_coins_per_unit
    payments = coin_payments(state.coins[seat], pending.colour, pending.price, rate, data.colours)
    return [pay_text(payment) for payment in payments]


def pay_text(payment: dict[str, int]) -> str:
    """``pay red:2 blue:2`` (the stall's colour first, then the others in colour order)."""
    return "pay " + " ".join(f"{colour}:{value}" for colour, value in payment.items())


# ---- attract and draw ------------------------------------------------------------------------
def attract_moves(state: CairoState) -> list[str]:
    seat = state.active
    assert seat is not None
    layout, names = layout_of(state), get_board().names
    return [
        f"attract {colour} to {names[door]}"
        for colour in load_cairo_data().colours
        if colour in state.customers
        for door, _, needed in attract_targets(layout, colour)
        if needed <= state.charlatans[seat]
    ]


def take_moves(state: CairoState) -> list[str]:
    moves = [f"take display {slot + 1}" for slot, card in enumerate(state.display) if card]
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
    "card": _card_moves_starting("card"),
    "wild": _card_moves_starting("wild"),
    "cards": _card_moves_starting("cards"),
    "pay": pay_moves,
    "attract": attract_moves,
    "take": take_moves,
    "keep": keep_moves,
}
