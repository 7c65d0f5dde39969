"""Reading a typed Kairo move: its canonical text if it is legal now, else the rule that refuses it.

``canonical_move(state, text)`` reads the move word by word and checks one rule after another,
the same checks the move generator applies in bulk (``engines.cairo.rules``), so a legal move is
recognised without listing every move, and a refusal is always the first rule the move breaks.
Refusals are ``IllegalMove(code, **params)``; the ``engines.cairo`` docstring lists the codes.

Case and extra spaces are ignored; the cards after ``keep`` and ``cards`` and the coins after
``pay`` may come in any order (the canonical text sorts them).
"""

from __future__ import annotations

from collections.abc import Callable

from engines.base import CHANCE, GAME_OVER, IllegalMove
from engines.cairo.board import Square, get_board
from engines.cairo.data import load_cairo_data
from engines.cairo.layout import Layout, layout_of
from engines.cairo.moves import CHANCE_WORDS, pass_moves, to_move, words_for
from engines.cairo.rules import (
    attract_targets,
    attract_within,
    covering_wilds,
    door_problem,
    extension_problem,
    extension_sites,
    extensions_left_on,
    owned_spot,
    payable_sectors,
    price_problem,
    single_card_payments,
    stall_site_problem,
)
from engines.cairo.state import CairoState, Stall, cards_available, deal_source


def canonical_move(state: CairoState, text: str) -> str:
    """The canonical spelling of ``text`` if it is a legal move now; else IllegalMove naming the rule."""
    seat = to_move(state)
    if seat is None:
        raise IllegalMove(GAME_OVER)
    words = text.split()
    if not words:
        raise IllegalMove("empty_move")
    word = words[0].lower()
    if word not in CHECKERS:
        raise IllegalMove("unknown_move", move=text.strip())
    allowed = words_for(state, seat)
    if seat == CHANCE and word not in allowed:
        raise IllegalMove("chance_due")
    if seat != CHANCE and word in CHANCE_WORDS:
        raise IllegalMove("chance_word", move=text.strip())
    if word not in allowed:
        raise wrong_step(state, word)
    return CHECKERS[word](Reading(state, seat, word, words[1:], text.strip()))


def is_legal(state: CairoState, move: str) -> bool:
    """Whether ``move`` is a legal move now (spelled canonically or not)."""
    try:
        canonical_move(state, move)
    except IllegalMove:
        return False
    return True


class Reading:
    """One typed move being read: the state, the seat moving, its first word, the words after it, the whole text."""

    __slots__ = ("rest", "seat", "state", "text", "word")

    def __init__(self, state: CairoState, seat: int, word: str, rest: list[str], text: str) -> None:
        self.state, self.seat, self.word, self.rest, self.text = state, seat, word, rest, text
        """``seat``: the seat making the move (the placer during the start, else the active merchant)."""

    def expect(self, length: int, fixed: dict[int, str] | None = None) -> list[str]:
        """The words after the first, lower case, if the move has its form; else a ``bad_form`` refusal."""
        words = [w.lower() for w in self.rest]
        if len(words) != length or any(words[at] != word for at, word in (fixed or {}).items()):
            raise IllegalMove("bad_form", move=self.text, word=self.word)
        return words


# ---- names -------------------------------------------------------------------------------------
def colour_named(text: str) -> str:
    colours = load_cairo_data().colours
    if text not in colours:
        raise IllegalMove("no_colour", text=text, colours=list(colours))
    return text


def square_named(text: str) -> Square:
    square = get_board().square(text)
    if square is None:
        raise IllegalMove("no_square", text=text)
    return square


def card_named(text: str) -> str:
    data = load_cairo_data()
    card = data.cards_by_lower_name.get(text.lower())
    if card is None:
        raise IllegalMove("no_card", text=text, cards=list(data.card_names))
    return card


def cards_held(hand: list[str], cards: list[str]) -> None:
    """Every card of ``cards`` in ``hand`` (as many times as named)."""
    left, missing = list(hand), []  # the multiset difference, as ``Counter(cards) - Counter(hand)``
    for card in cards:
        if card in left:
            left.remove(card)
        else:
            missing.append(card)
    if missing:
        order = load_cairo_data().card_order
        raise IllegalMove("cards_not_held", cards=sorted(missing, key=lambda card: order.get(card, len(order))))


def sorted_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=load_cairo_data().card_order.__getitem__)


def owned(reading: Reading, colour: str) -> Stall | None:
    """The moving seat's stall of ``colour`` on the board (``owned_stall``, found through the layout)."""
    spot = owned_spot(layout_of(reading.state), reading.seat, colour)
    return None if spot is None else reading.state.stalls[spot.id]


# ---- the wrong moment ----------------------------------------------------------------------------
def pending_params(state: CairoState) -> dict[str, object]:
    """The build being paid for, as parameters: action, colour, square, door, price."""
    pending = state.pending
    assert pending is not None
    return {
        "action": pending.action,
        "colour": pending.colour,
        "square": pending.square,
        "door": pending.door,
        "price": pending.price,
    }


def wrong_step(state: CairoState, word: str) -> IllegalMove:
    """Why ``word`` is not a move of this moment (the phase decides)."""
    phase = state.phase
    if phase == "card":
        return IllegalMove("pay_cards_first", **pending_params(state))
    if phase == "pay":
        return IllegalMove("pay_coins_first", **pending_params(state))
    if phase == "draw":
        return IllegalMove("second_pick_first")
    if phase == "keep":
        return IllegalMove("keep_first", limit=load_cairo_data().hand_limit)
    if phase in ("place", "neutral"):
        return IllegalMove("place_first")
    if word == "place":
        return IllegalMove("place_only_at_start")
    if word in ("card", "wild", "cards", "pay"):
        return IllegalMove("choose_build_first")
    if phase == "final":
        return IllegalMove("final_stage_only_build")
    if word == "pass":
        return IllegalMove("pass_only_in_final")
    return IllegalMove("keep_not_due", limit=load_cairo_data().hand_limit)


# ---- chance --------------------------------------------------------------------------------------
def check_queue(reading: Reading) -> str:
    colours = [w.lower() for w in reading.rest]
    if sorted(colours) != sorted(load_cairo_data().colours):
        raise IllegalMove("bad_form", move=reading.text, word="queue")
    return "queue " + " ".join(colours)


def check_deal(reading: Reading) -> str:
    reading.expect(1)
    card = card_named(reading.rest[0])
    if not deal_source(reading.state).get(card):
        raise IllegalMove("card_not_in_deck", card=card)
    return f"deal {card}"


def check_start(reading: Reading) -> str:
    (text,) = reading.expect(1)
    state = reading.state
    if not text.isdigit() or not 1 <= int(text) <= state.num_players or int(text) - 1 in state.resigned:
        raise IllegalMove("bad_form", move=reading.text, word="start")
    return f"start {int(text)}"


def check_neutral(reading: Reading) -> str:
    (text,) = reading.expect(1)
    colour = colour_named(text)
    if colour not in reading.state.neutrals:
        raise IllegalMove("not_in_bag", colour=colour)
    return f"neutral {colour}"


# ---- the start: place, pass -----------------------------------------------------------------------
def check_site(reading: Reading, colour: str, square: Square, door: Square, layout: Layout, setup: bool) -> None:
    """The placement rules of a new main stall and its entrance."""
    seat, data = reading.seat, load_cairo_data()
    problem = stall_site_problem(layout, data, colour, square.index, setup, seat) or door_problem(
        layout, square.index, door.index, seat
    )
    if problem:
        raise problem


def check_place(reading: Reading) -> str:
    colour_text, square_text, _, door_text = reading.expect(4, {2: "door"})
    state, colour = reading.state, colour_named(colour_text)
    square, door = square_named(square_text), square_named(door_text)
    if state.phase == "neutral" and colour != state.neutral_drawn:
        raise IllegalMove("neutral_is", colour=state.neutral_drawn)
    if state.phase == "place" and (stall := owned(reading, colour)) is not None:
        raise IllegalMove("stall_on_board", colour=colour, square=stall.square)
    check_site(reading, colour, square, door, layout_of(state), setup=True)
    return f"place {colour} {square.name} door {door.name}"


def check_pass(reading: Reading) -> str:
    reading.expect(0)
    if not pass_moves(reading.state):
        raise IllegalMove("must_place")
    return "pass"


# ---- build: the site ------------------------------------------------------------------------------
def check_build(reading: Reading) -> str:
    colour_text, square_text, _, door_text = reading.expect(4, {2: "door"})
    state, colour = reading.state, colour_named(colour_text)
    if (stall := owned(reading, colour)) is not None:
        raise IllegalMove("stall_on_board", colour=colour, square=stall.square)
    square, door = square_named(square_text), square_named(door_text)
    check_site(reading, colour, square, door, layout_of(state), setup=False)
    check_cards_for(reading, square, colour, 0)
    return f"build {colour} {square.name} door {door.name}"


def check_extend(reading: Reading) -> str:
    colour_text, square_text = reading.expect(2)
    state, colour, data = reading.state, colour_named(colour_text), load_cairo_data()
    stall = owned(reading, colour)
    if stall is None:
        raise IllegalMove("no_stall_to_extend", colour=colour)
    layout = layout_of(state)
    if extensions_left_on(layout, data)[colour] <= 0:
        raise IllegalMove("no_extensions_left", colour=colour)
    square = square_named(square_text)
    problem = extension_problem(layout, data, layout.spots[stall.id], square.index, reading.seat)
    if problem:
        raise problem
    check_cards_for(reading, square, colour, stall.size + 1)
    return f"extend {colour} {square.name}"


def check_move(reading: Reading) -> str:
    colour_text, _, square_text, _, door_text = reading.expect(5, {1: "to", 3: "door"})
    state, colour, data = reading.state, colour_named(colour_text), load_cairo_data()
    stall = owned(reading, colour)
    if stall is None:
        raise IllegalMove("no_stall_to_move", colour=colour)
    if stall.extensions:
        raise IllegalMove("stall_extended", colour=colour, square=stall.square)
    layout = layout_of(state)
    sites = extension_sites(layout, data, layout.spots[stall.id])
    if sites:
        raise IllegalMove("stall_extendable", colour=colour, square=stall.square, site=layout.board.names[sites[0]])
    square, door = square_named(square_text), square_named(door_text)
    if (square.name, door.name) == (stall.square, stall.door):
        raise IllegalMove("must_change_place", colour=colour, square=stall.square, door=stall.door)
    check_site(reading, colour, square, door, layout_of(state, lifted=stall.id), setup=False)
    check_cards_for(reading, square, colour, 0)
    return f"move {colour} to {square.name} door {door.name}"


def check_cards_for(reading: Reading, square: Square, colour: str, price: int) -> None:
    """The merchant must be able to pay for a build on ``square``: cards, and coins for an extension."""
    state, data, seat = reading.state, load_cairo_data(), reading.seat
    hand, coins, sector = state.hands[seat], state.coins[seat], square.sector or ""
    if sector in payable_sectors(data, hand, coins, colour, price):
        return
    problem = price_problem(coins, colour, price, data.other_colour_coins_per_unit)
    if problem:
        raise problem
    zones = [zone for zone, spec in data.zones.items() if sector in spec.sectors]
    raise IllegalMove(
        "no_card_for_square", square=square.name, sector=sector, zones=zones, count=data.cards_for_any_square
    )


# ---- build: paying -----------------------------------------------------------------------------------
def pending_site(state: CairoState) -> tuple[Square, str, int]:
    pending = state.pending
    assert pending is not None
    square = get_board().square(pending.square)
    assert square is not None
    return square, pending.colour, pending.price


def check_card(reading: Reading) -> str:
    reading.expect(1)
    state, data, card = reading.state, load_cairo_data(), card_named(reading.rest[0])
    square, colour, price = pending_site(state)
    if card not in state.hands[reading.seat]:
        raise IllegalMove("card_not_held", card=card)
    if card in data.zones:
        raise IllegalMove("wild_needs_coin", card=card, zone=card)
    if card != square.sector:
        raise IllegalMove("card_wrong_sector", card=card, square=square.name, sector=square.sector)
    problem = price_problem(state.coins[reading.seat], colour, price, data.other_colour_coins_per_unit)
    if problem:
        raise problem
    return f"card {card}"


def check_wild(reading: Reading) -> str:
    _, _, coin_text = reading.expect(3, {1: "coin"})
    state, data = reading.state, load_cairo_data()
    card, coin = card_named(reading.rest[0]), colour_named(coin_text)
    square, colour, price = pending_site(state)
    hand, coins = state.hands[reading.seat], state.coins[reading.seat]
    if card not in hand:
        raise IllegalMove("card_not_held", card=card)
    if card not in data.zones:
        raise IllegalMove("not_wild", card=card)
    if card not in covering_wilds(data, [card], square.sector or ""):
        raise IllegalMove("wild_wrong_zone", card=card, square=square.name, sector=square.sector)
    cost = data.wild_card_coin_cost
    if coins.get(coin, 0) < cost:
        raise IllegalMove("no_coin_for_wild", coin=coin, cost=cost)
    after = {**coins, coin: coins[coin] - cost}
    problem = price_problem(after, colour, price, data.other_colour_coins_per_unit, after_wild=True)
    if problem:
        raise problem
    return f"wild {card} coin {coin}"


def check_cards(reading: Reading) -> str:
    state, data = reading.state, load_cairo_data()
    needed = data.cards_for_any_square
    if len(reading.rest) != needed:
        raise IllegalMove("three_cards", count=needed, given=len(reading.rest))
    cards = sorted_cards([card_named(text) for text in reading.rest])
    square, colour, price = pending_site(state)
    hand, coins = state.hands[reading.seat], state.coins[reading.seat]
    cards_held(hand, cards)
    problem = price_problem(coins, colour, price, data.other_colour_coins_per_unit)
    if problem:
        raise problem
    if single_card_payments(data, hand, coins, square.sector or "", colour, price):
        raise IllegalMove("single_card_suffices", square=square.name, sector=square.sector, count=needed)
    return "cards " + " ".join(cards)


def check_pay(reading: Reading) -> str:
    state, data = reading.state, load_cairo_data()
    payment = read_payment(reading)
    pending = state.pending
    assert pending is not None
    coins = state.coins[reading.seat]
    for colour, value in payment.items():
        if value > coins.get(colour, 0):
            raise IllegalMove("not_enough_coins", colour=colour, have=coins.get(colour, 0), value=value)
    if payment.get(pending.colour, 0) < 1:
        raise IllegalMove("pay_needs_colour_coin", colour=pending.colour)
    rate = data.other_colour_coins_per_unit
    others = sum(v for c, v in payment.items() if c != pending.colour)
    if others % rate or payment[pending.colour] + others // rate != pending.price:
        raise IllegalMove("wrong_price", price=pending.price, colour=pending.colour, rate=rate)
    ordered = [pending.colour, *(c for c in data.colours if c != pending.colour and c in payment)]
    return "pay " + " ".join(f"{colour}:{payment[colour]}" for colour in ordered)


def read_payment(reading: Reading) -> dict[str, int]:
    """``red:2 blue:2`` as value per colour; each colour once, each value a whole number from 1."""
    payment: dict[str, int] = {}
    for word in reading.rest:
        colour_text, colon, value = word.lower().partition(":")
        if not colon or not value.isdigit() or int(value) < 1:
            raise IllegalMove("bad_form", move=reading.text, word="pay")
        colour = colour_named(colour_text)
        if colour in payment:
            raise IllegalMove("bad_form", move=reading.text, word="pay")
        payment[colour] = int(value)
    if not payment:
        raise IllegalMove("bad_form", move=reading.text, word="pay")
    return payment


# ---- attract -----------------------------------------------------------------------------------------
def check_attract(reading: Reading) -> str:
    colour_text, _, door_text = reading.expect(3, {1: "to"})
    state, colour = reading.state, colour_named(colour_text)
    if colour not in state.customers:
        raise IllegalMove("customer_waiting", colour=colour)
    door = square_named(door_text)
    layout = layout_of(state)
    have = state.charlatans[reading.seat]
    if any(found == door.index and needed <= have for found, needed in attract_within(layout, colour, have)):
        return f"attract {colour} to {door.name}"  # the listing's walk (cut short at ``have``) says it is legal
    targets = attract_targets(layout, colour)
    if not targets:
        raise IllegalMove("no_reachable_entrance", colour=colour)
    needed = next((n for d, _, n in targets if d == door.index), None)
    if needed is None:
        raise not_a_target(layout, door, colour)
    if needed > have:
        raise IllegalMove("needs_charlatans", count=needed, colour=colour, door=door.name, have=have)
    return f"attract {colour} to {door.name}"


def not_a_target(layout: Layout, door: Square, colour: str) -> IllegalMove:
    """Why the ``colour`` customer cannot go to ``door``."""
    sid = layout.door[door.index]
    if sid < 0 or layout.spots[sid].colour != colour:
        return IllegalMove("not_an_entrance", door=door.name, colour=colour)
    if layout.customer[door.index] is not None:
        return IllegalMove("entrance_occupied", door=door.name, customer=layout.customer[door.index])
    return IllegalMove("entrance_unreachable", door=door.name, colour=colour)


# ---- draw and keep -----------------------------------------------------------------------------------
def check_take(reading: Reading) -> str:
    words = [w.lower() for w in reading.rest]
    state = reading.state
    if words[:1] == ["display"] and len(words) == 2 and words[1].isdigit():
        slot = int(words[1])
        if not 1 <= slot <= len(state.display):
            raise IllegalMove("no_display_slot", slot=slot, slots=len(state.display))
        if state.display[slot - 1] is None:
            raise IllegalMove("display_slot_empty", slot=slot)
        return f"take display {slot}"
    if words == ["deck"]:
        if not cards_available(state):
            raise IllegalMove("deck_empty")
        return "take deck"
    if words == ["charlatan"]:
        if state.charlatan_supply <= 0:
            raise IllegalMove("no_charlatans_left")
        return "take charlatan"
    raise IllegalMove("bad_form", move=reading.text, word="take")


def check_keep(reading: Reading) -> str:
    limit = load_cairo_data().hand_limit
    if len(reading.rest) != limit:
        raise IllegalMove("keep_count", limit=limit, given=len(reading.rest))
    cards = sorted_cards([card_named(text) for text in reading.rest])
    cards_held(reading.state.hands[reading.seat], cards)
    return "keep " + " ".join(cards)


CHECKERS: dict[str, Callable[[Reading], str]] = {
    "queue": check_queue,
    "deal": check_deal,
    "start": check_start,
    "neutral": check_neutral,
    "place": check_place,
    "pass": check_pass,
    "build": check_build,
    "extend": check_extend,
    "move": check_move,
    "card": check_card,
    "wild": check_wild,
    "cards": check_cards,
    "pay": check_pay,
    "attract": check_attract,
    "take": check_take,
    "keep": check_keep,
}
