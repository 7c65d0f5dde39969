"""Applying Kairo moves: the main stage's actions (build, pay, attract, draw, keep, pass) and the dispatch.

``apply_move(state, move, events)`` applies a legal canonical move in place; nothing here checks
legality again (``engines.cairo.check`` does, before). Each action records what it did in
``events`` (codes and parameters: the ``engines.cairo`` docstring lists them). A build is several moves
of one decision: the site (``build``/``extend``/``move``) records nothing, the card payment
completes a new or moved main stall, and the coins complete an extension, each telling the whole
build in one event.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.base import Event, Events
from engines.cairo.data import load_cairo_data
from engines.cairo.layout import layout_of
from engines.cairo.rules import charlatans_needed, owned_spot, owner_param
from engines.cairo.setup import (
    add_stall,
    add_to_hand,
    do_deal,
    do_neutral,
    do_place,
    do_queue,
    do_setup_pass,
    do_start,
)
from engines.cairo.state import CairoState, LastAction, Pending, Stall
from engines.cairo.tell import tell, tell_seat
from engines.cairo.turns import after_pick, end_turn, final_stage_cause, start_final_stage


def apply_move(state: CairoState, move: str, events: Events) -> None:
    """Apply the legal canonical ``move`` to ``state`` in place."""
    word, _, rest = move.partition(" ")
    ACTIONS[word](state, rest.split(), events)


# ---- build: the site --------------------------------------------------------------------------
def do_build(state: CairoState, words: list[str], events: Events) -> None:
    colour, square, _, door = words
    state.pending = Pending(action="build", colour=colour, square=square, door=door)
    state.phase = "card"


def do_extend(state: CairoState, words: list[str], events: Events) -> None:
    colour, square = words
    spot = owned_spot(layout_of(state), state.active, colour)
    assert spot is not None
    state.pending = Pending(action="extend", colour=colour, square=square, stall=spot.id, price=spot.size + 1)
    state.phase = "card"


def do_move(state: CairoState, words: list[str], events: Events) -> None:
    colour, _, square, _, door = words
    spot = owned_spot(layout_of(state), state.active, colour)
    assert spot is not None
    state.pending = Pending(action="move", colour=colour, square=square, door=door, stall=spot.id)
    state.phase = "card"


# ---- build: the cards -----------------------------------------------------------------------
def do_card(state: CairoState, words: list[str], events: Events) -> None:
    pay_cards(state, [words[0]], {"card": words[0]}, events)


def do_cards(state: CairoState, words: list[str], events: Events) -> None:
    pay_cards(state, words, {"cards": list(words)}, events)


def do_wild(state: CairoState, words: list[str], events: Events) -> None:
    zone, _, coin = words
    seat = state.active
    assert seat is not None
    move_coins(state, seat, {coin: load_cairo_data().wild_card_coin_cost})
    pay_cards(state, [zone], {"card": zone, "coin": coin}, events)


def pay_cards(state: CairoState, cards: list[str], payment: dict[str, str | list[str]], events: Events) -> None:
    """The cards go to the discard pile; a main stall is then done, an extension waits for its coins."""
    seat, pending = state.active, state.pending
    assert seat is not None and pending is not None
    for card in cards:
        state.hands[seat].remove(card)
        state.discard[card] = state.discard.get(card, 0) + 1
    state.pending = pending = pending.model_copy(update={"payment": payment})
    if pending.action == "extend":
        state.phase = "pay"
    elif pending.action == "build":
        finish_new_stall(state, seat, pending, events)
    else:
        finish_move(state, seat, pending, events)


def finish_new_stall(state: CairoState, seat: int, pending: Pending, events: Events) -> None:
    assert pending.door is not None
    add_stall(state, pending.colour, seat, pending.square, pending.door)
    state.built_this_turn = True
    state.last = LastAction(seat=seat, action="build", squares=(pending.square, pending.door))
    tell(
        events,
        "stall_built",
        seat=seat,
        colour=pending.colour,
        square=pending.square,
        door=pending.door,
        payment=pending.payment,
    )
    end_turn(state, events)


def finish_move(state: CairoState, seat: int, pending: Pending, events: Events) -> None:
    assert pending.stall is not None and pending.door is not None
    stall = state.stalls[pending.stall]
    state.stalls[pending.stall] = stall.model_copy(update={"square": pending.square, "door": pending.door})
    state.last = LastAction(seat=seat, action="move", squares=(stall.square, stall.door, pending.square, pending.door))
    tell(
        events,
        "stall_moved",
        seat=seat,
        colour=pending.colour,
        from_square=stall.square,
        square=pending.square,
        door=pending.door,
        payment=pending.payment,
    )
    end_turn(state, events)


# ---- build: the coins of an extension ------------------------------------------------------------
def do_pay(state: CairoState, words: list[str], events: Events) -> None:
    seat, pending = state.active, state.pending
    assert seat is not None and pending is not None and pending.stall is not None
    payment = {colour: int(value) for colour, value in (word.split(":") for word in words)}
    move_coins(state, seat, payment)
    stall = state.stalls[pending.stall]
    stall = state.stalls[pending.stall] = stall.model_copy(update={"extensions": (*stall.extensions, pending.square)})
    state.scores[seat] += stall.size
    state.built_this_turn = True
    state.last = LastAction(seat=seat, action="extend", squares=(pending.square,))
    tell(
        events,
        "stall_extended",
        seat=seat,
        colour=stall.colour,
        square=pending.square,
        payment=pending.payment,
        coins=payment,
        size=stall.size,
    )
    award_medals(state, stall, events)
    cause = None if state.final_stage else final_stage_cause(state)
    if cause is not None:
        start_final_stage(state, events, cause[0], **cause[1])
    end_turn(state, events)


def award_medals(state: CairoState, stall: Stall, events: Events) -> None:
    """Medals after an extension: strictly the largest takes both, equal to the largest the silver one."""
    points, colour, sid = load_cairo_data().medal_points, stall.colour, stall.id
    rivals = [
        len(other.extensions) + 1
        for other in layout_of(state).spots.values()
        if other.colour == colour and other.id != sid
    ]
    largest = max(rivals, default=0)
    wanted = ["gold", "silver"] if stall.size > largest else ["silver"] if stall.size == largest else []
    holders = state.medals[stall.colour]
    taken = [medal for medal in wanted if holders[medal] != stall.owner]
    if not taken:
        return
    from_seats = [holders[medal] for medal in taken]
    for medal in taken:
        holders[medal] = stall.owner
    gained = sum(points[medal] for medal in taken)
    state.scores[stall.owner] += gained
    tell(
        events,
        "medals_taken",
        seat=stall.owner,
        colour=stall.colour,
        medals=taken,
        points=gained,
        from_seats=[seat for seat in dict.fromkeys(from_seats) if seat is not None],
    )


def move_coins(state: CairoState, seat: int, payment: dict[str, int]) -> None:
    """Pay ``payment`` (value per colour) from ``seat``'s purse to the bank."""
    purse, bank = state.coins[seat], state.bank
    for colour, value in payment.items():
        purse[colour] -= value
        bank[colour] += value


# ---- attracting a customer ------------------------------------------------------------------------
def do_attract(state: CairoState, words: list[str], events: Events) -> None:
    colour, _, door_name = words
    seat = state.active
    assert seat is not None and state.waiting is not None
    layout = layout_of(state)
    door = layout.board.index[door_name]
    needed = charlatans_needed(layout, colour, door, state.charlatans[seat])
    state.charlatans[seat] -= needed
    state.charlatan_supply += needed
    stall = state.stalls[layout.door[door]]
    start_square = state.customers.pop(colour)
    replacing, state.waiting = state.waiting, colour
    state.customers[replacing] = door_name
    tell(
        events,
        "customer_sent",
        seat=seat,
        colour=colour,
        door=door_name,
        owner=owner_param(stall.owner),
        size=stall.size,
        charlatans=needed,
    )
    pay_customer(state, seat, stall, events)
    tell(events, "customer_replaced", colour=replacing, door=door_name)
    state.last = LastAction(seat=seat, action="attract", squares=(start_square, door_name))
    end_turn(state, events)


def pay_customer(state: CairoState, seat: int, stall: Stall, events: Events) -> None:
    """Own stall: its size; another merchant's: 1 to the active merchant, size to the owner; neutral: 1."""
    if stall.owner in state.resigned:
        tell(events, "nobody_paid", owner_seat=stall.owner, colour=stall.colour)
        return
    if stall.owner == seat:
        pay_out(state, seat, stall.colour, stall.size, events)
        return
    pay_out(state, seat, stall.colour, 1, events)
    if stall.owner >= 0:
        pay_out(state, stall.owner, stall.colour, stall.size, events)


def pay_out(state: CairoState, seat: int, colour: str, due: int, events: Events) -> None:
    """The bank pays ``due`` of ``colour`` to ``seat``, or what it has left if that is less."""
    paid = min(due, state.bank[colour])
    state.bank[colour] -= paid
    state.coins[seat][colour] += paid
    if paid == due:
        tell(events, "coins_earned", seat=seat, colour=colour, value=paid)
    else:
        tell(events, "bank_short", seat=seat, colour=colour, value=paid, due=due)


# ---- drawing, the hand limit, passing -------------------------------------------------------------
def do_take(state: CairoState, words: list[str], events: Events) -> None:
    seat = state.active
    assert seat is not None
    if state.phase != "draw":
        state.draws_left = load_cairo_data().draws_per_action
    state.draws_left -= 1
    state.last = LastAction(seat=seat, action="take")
    if words[0] == "deck":
        state.deals = [f"hand:{seat}"]
        state.after_deals = "pick"
        state.phase = "draw"
        return
    if words[0] == "display":
        slot = int(words[1]) - 1
        card = state.display[slot]
        assert card is not None
        state.display[slot] = None
        add_to_hand(state.hands[seat], card)
        tell(events, "card_taken", seat=seat, slot=slot + 1, card=card)
    else:
        state.charlatan_supply -= 1
        state.charlatans[seat] += 1
        tell(events, "charlatan_taken", seat=seat, left=state.charlatan_supply)
    after_pick(state, events)


def do_keep(state: CairoState, cards: list[str], events: Events) -> None:
    seat = state.active
    assert seat is not None
    dropped = list(state.hands[seat])
    for card in cards:
        dropped.remove(card)
    for card in dropped:
        state.discard[card] = state.discard.get(card, 0) + 1
    state.hands[seat] = list(cards)
    state.last = LastAction(seat=seat, action="keep")
    public = Event("cards_discarded", {"seat": seat, "count": len(dropped)})
    tell_seat(events, seat, "cards_kept", public, seat=seat, cards=list(cards), discarded=dropped)
    end_turn(state, events)


def do_pass(state: CairoState, words: list[str], events: Events) -> None:
    if state.phase in ("place", "neutral"):
        do_setup_pass(state, events)
        return
    assert state.active is not None
    state.passed.append(state.active)
    state.last = LastAction(seat=state.active, action="pass")
    tell(events, "passed", seat=state.active)
    end_turn(state, events)


ACTIONS: dict[str, Callable[[CairoState, list[str], Events], None]] = {
    "queue": do_queue,
    "deal": do_deal,
    "start": do_start,
    "neutral": do_neutral,
    "place": do_place,
    "pass": do_pass,
    "build": do_build,
    "extend": do_extend,
    "move": do_move,
    "card": do_card,
    "wild": do_wild,
    "cards": do_cards,
    "pay": do_pay,
    "attract": do_attract,
    "take": do_take,
    "keep": do_keep,
}
