"""The start of a Kairo game and the card deals: the customers' queue, deals, the start player, starting stalls.

Chance moves: ``queue …``, ``deal …`` (also every later deal: deck draws and display refills),
``start N``, ``neutral …``. Player moves of the variable start: ``place …`` and ``pass``.
"""

from __future__ import annotations

from engines.base import Event, Events
from engines.cairo.board import get_board
from engines.cairo.data import load_cairo_data
from engines.cairo.state import NEUTRAL, CairoState, LastAction, Stall, turn_order_from
from engines.cairo.tell import tell, tell_seat
from engines.cairo.turns import after_deals


def new_state(num_players: int, options: dict[str, bool | int | str]) -> CairoState:
    """A game before any chance move: coins dealt, the full deck, nothing on the board."""
    data = load_cairo_data()
    start = data.start_coins_per_colour
    return CairoState(
        num_players=num_players,
        options=options,
        coins=[dict.fromkeys(data.colours, start) for _ in range(num_players)],
        bank={c: data.bank_value_per_colour - start * num_players for c in data.colours},
        hands=[[] for _ in range(num_players)],
        charlatans=[0] * num_players,
        charlatan_supply=data.charlatan_cards,
        deck=data.full_deck(),
        display=[None] * data.display_size,
        medals={c: {"gold": None, "silver": None} for c in data.colours},
        scores=[0] * num_players,
    )


def add_stall(state: CairoState, colour: str, owner: int, square: str, door: str) -> Stall:
    """A new main stall on the board."""
    stall = Stall(id=len(state.stalls), colour=colour, owner=owner, square=square, door=door)
    state.stalls.append(stall)
    return stall


def add_to_hand(hand: list[str], card: str) -> None:
    """Add ``card`` and keep the hand in canonical card order."""
    hand.append(card)
    hand.sort(key=load_cairo_data().card_order.__getitem__)


def remove_card(pile: dict[str, int], card: str) -> None:
    """Take one ``card`` out of a pile of counts."""
    pile[card] -= 1
    if not pile[card]:
        del pile[card]


# ---- chance ------------------------------------------------------------------------------------
def do_queue(state: CairoState, colours: list[str], events: Events) -> None:
    """Five customers on q1–q5 in the order drawn, the sixth on its tray; then the setup deals."""
    data, queue = load_cairo_data(), [get_board().name(index) for index in get_board().queue]
    state.customers = dict(zip(colours, queue, strict=False))
    state.waiting = colours[len(queue)]
    tell(events, "customers_queued", queue=colours[: len(queue)], waiting=state.waiting)
    slots = [f"display:{slot}" for slot in range(data.display_size)]
    hands = [f"hand:{seat}" for seat in range(state.num_players) for _ in range(data.start_hand)]
    state.deals = slots + hands
    state.after_deals = "start"
    state.phase = "deal"


def do_deal(state: CairoState, words: list[str], events: Events) -> None:
    """One card off the deck (the discard pile reshuffled first if the deck is empty) to where it is due."""
    card = words[0]
    if not any(state.deck.values()):
        tell(events, "deck_reshuffled", count=sum(state.discard.values()))
        state.deck, state.discard = state.discard, {}
    remove_card(state.deck, card)
    target, _, number = state.deals.pop(0).partition(":")
    if target == "hand":
        seat = int(number)
        add_to_hand(state.hands[seat], card)
        code = "card_dealt" if state.phase == "deal" else "deck_draw"
        tell_seat(events, seat, code, Event(code, {"seat": seat}), seat=seat, card=card)
    else:
        state.display[int(number)] = card
        tell(events, "display_dealt", slot=int(number) + 1, card=card)
    if not state.deals:
        after_deals(state, events)


def do_start(state: CairoState, words: list[str], events: Events) -> None:
    """The start player is drawn; then the preset layout, or the variable start's placements."""
    data = load_cairo_data()
    state.start_player = int(words[0]) - 1
    tell(events, "start_player", seat=state.start_player)
    if state.options.get("start") == "preset":
        for entry in data.presets[str(state.num_players)]:
            owner = NEUTRAL if entry.seat == "neutral" else int(entry.seat)
            add_stall(state, entry.colour, owner, entry.square, entry.door)
        tell(events, "preset_layout", players=state.num_players)
        begin_play(state)
        return
    order = turn_order_from(state, state.start_player)
    state.place_order = order * data.main_stalls_at_start
    state.phase = "place"
    state.active = state.place_order[0]


def do_neutral(state: CairoState, words: list[str], events: Events) -> None:
    """A neutral stall drawn from the bag (2 players, variable start)."""
    state.neutral_drawn = words[0]
    state.neutrals.remove(words[0])
    tell(events, "neutral_drawn", colour=words[0], seat=state.place_order[0])


# ---- placing the starting stalls ------------------------------------------------------------
def do_place(state: CairoState, words: list[str], events: Events) -> None:
    """``place red e5 door e6``: a starting main stall (or the neutral stall drawn) with its entrance."""
    colour, square, _, door = words
    seat = state.place_order.pop(0)
    neutral = state.phase == "neutral"
    add_stall(state, colour, NEUTRAL if neutral else seat, square, door)
    state.neutral_drawn = None
    state.last = LastAction(seat=seat, action="place", squares=(square, door))
    code = "neutral_placed" if neutral else "stall_placed"
    tell(events, code, seat=seat, colour=colour, square=square, door=door)
    after_placement(state)


def do_setup_pass(state: CairoState, events: Events) -> None:
    """A merchant with no square left for a starting stall skips this placement."""
    seat = state.place_order.pop(0)
    colour = state.neutral_drawn
    state.neutral_drawn = None
    state.last = LastAction(seat=seat, action="pass")
    if colour is None:
        tell(events, "placement_skipped", seat=seat)
    else:
        tell(events, "neutral_skipped", seat=seat, colour=colour)
    after_placement(state)


def after_placement(state: CairoState) -> None:
    """The next placement, the neutral stalls (2 players), or the start of play."""
    if state.place_order:
        state.active = state.place_order[0]
        return
    data = load_cairo_data()
    if state.phase == "place" and state.num_players == 2:
        assert state.start_player is not None
        state.phase = "neutral"
        state.neutrals = list(data.colours)
        order = turn_order_from(state, state.start_player)
        state.place_order = (order * len(data.colours))[: len(data.colours)]
        state.active = state.place_order[0]
        return
    begin_play(state)


def begin_play(state: CairoState) -> None:
    """The main stage: the start player (or the next still in) takes the first turn."""
    assert state.start_player is not None
    state.place_order, state.neutrals, state.neutral_drawn = [], [], None
    state.phase = "play"
    state.active = turn_order_from(state, state.start_player)[0]
