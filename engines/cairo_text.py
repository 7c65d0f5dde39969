"""Kairo words: one log sentence per move (``describe_move``) and why a move is refused (``explain_move``).

Both read the state *before* the move. Hidden details (a card drawn from the deck, the cards kept)
are named only when the sentence is for the seat that may know them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from engines.base import CHANCE, GameError, seat_name
from engines.cairo_board import Square
from engines.cairo_rules import (
    Layout,
    affordable,
    attract_targets,
    card_payments,
    door_problem,
    extension_problem,
    extension_sites,
    stall_site_problem,
)
from engines.cairo_state import NEUTRAL, CairoState, Stall

if TYPE_CHECKING:
    from engines.cairo import CairoEngine

MOVE_FORMS = (
    "build red e5 door e6, extend red f5, move red to g7 door g8, card NW, wild west coin blue, "
    "cards NW N west, pay red:2 blue:2, attract red to f6, take display 2, take deck, take charlatan, "
    "keep NW N C west, pass"
)


# ---- describe -------------------------------------------------------------------------------


def describe_move(
    engine: CairoEngine, state: CairoState, move: str, names: Sequence[str] | None, viewer: int | None
) -> str:
    """One sentence for the log about ``move`` played in ``state``."""
    try:
        move = engine.canonical(state, move)
    except GameError:
        return f"{move.strip()!r} (not a legal move)."
    word, _, rest = move.partition(" ")
    words = rest.split()
    seat = engine.to_move(state)
    who = seat_name(names, seat) if seat is not None and seat >= 0 else ""
    return _DESCRIBERS[word](MoveContext(engine, state, words, who, names, viewer))


class MoveContext(NamedTuple):
    """What a describer needs: the state before the move, the move's words, who plays it, for whom."""

    engine: CairoEngine
    state: CairoState
    words: list[str]
    who: str
    names: Sequence[str] | None
    viewer: int | None


def _card_text(engine: CairoEngine, card: str) -> str:
    data = engine.data
    if data.is_wild(card):
        return f"the {data.card_label(card)} wildcard"
    return f"the {data.card_label(card)} card ({card})"


def _describe_queue(ctx: MoveContext) -> str:
    queue = len(ctx.engine.board.queue)
    line = ", ".join(ctx.words[:queue])
    return f"The customers line up from q1 to q{queue}: {line}; {ctx.words[queue]} waits on its tray."


def _describe_deal(ctx: MoveContext) -> str:
    target, _, number = ctx.state.deals[0].partition(":")
    card = _card_text(ctx.engine, ctx.words[0])
    if target == "display":
        return f"{card[0].upper()}{card[1:]} is laid out in the display."
    seat = int(number)
    name = seat_name(ctx.names, seat)
    dealt = ctx.state.phase == "deal"
    if ctx.viewer == seat:
        return f"{name} {'is dealt' if dealt else 'draws'} {card}."
    # A draw from the deck was already told ("draws a card from the deck"); only its drawer learns which.
    return f"{name} is dealt a building card." if dealt else ""


def _describe_start(ctx: MoveContext) -> str:
    return f"{seat_name(ctx.names, int(ctx.words[0]) - 1)} is the start player."


def _describe_neutral(ctx: MoveContext) -> str:
    return f"The neutral {ctx.words[0]} stall is drawn from the bag."


def _describe_place(ctx: MoveContext) -> str:
    colour, square, _, door = ctx.words
    if ctx.state.phase == "neutral":
        return f"{ctx.who} places the neutral {colour} stall at {square}, entrance {door}."
    return f"{ctx.who} places a {colour} main stall at {square}, entrance {door}."


def _describe_pass(ctx: MoveContext) -> str:
    if ctx.state.phase in ("place", "neutral"):
        return f"{ctx.who} has nowhere to place a stall and skips."
    return f"{ctx.who} stops building and is out of the final stage."


def _describe_build(ctx: MoveContext) -> str:
    colour, square, _, door = ctx.words
    return f"{ctx.who} chooses to build a new {colour} main stall at {square}, entrance {door}."


def _describe_extend(ctx: MoveContext) -> str:
    colour, square = ctx.words
    return f"{ctx.who} chooses to extend the {colour} stall to {square}."


def _describe_move_stall(ctx: MoveContext) -> str:
    colour, _, square, _, door = ctx.words
    state = ctx.state
    stall = state.owned_stall(state.active, colour) if state.active is not None else None
    origin = f" from {stall.square}" if stall else ""
    return f"{ctx.who} chooses to move the {colour} main stall{origin} to {square}, entrance {door}."


def _pending_goal(state: CairoState) -> str:
    pending = state.pending
    if pending is None:
        return ""
    if pending.action == "extend":
        return f" for the {pending.colour} extension at {pending.square}"
    verb = "build" if pending.action == "build" else "move"
    return f" to {verb} the {pending.colour} main stall at {pending.square}, entrance {pending.door}"


def _describe_card(ctx: MoveContext) -> str:
    return f"{ctx.who} plays {_card_text(ctx.engine, ctx.words[0])}{_pending_goal(ctx.state)}."


def _describe_wild(ctx: MoveContext) -> str:
    zone, _, coin = ctx.words
    card = _card_text(ctx.engine, zone)
    return f"{ctx.who} plays {card} and pays 1 {coin} coin{_pending_goal(ctx.state)}."


def _describe_cards(ctx: MoveContext) -> str:
    cards = ", ".join(_card_text(ctx.engine, card) for card in ctx.words)
    return f"{ctx.who} plays three cards ({cards}){_pending_goal(ctx.state)}."


def _describe_pay(ctx: MoveContext) -> str:
    state = ctx.state
    after = ctx.engine.apply(state, "pay " + " ".join(ctx.words))
    seat, pending = state.active, state.pending
    assert seat is not None and pending is not None
    gained = after.scores[seat] - state.scores[seat]
    medals = [
        f"the {medal} {colour} medal"
        for colour, holders in after.medals.items()
        for medal, holder in holders.items()
        if holder == seat and state.medals[colour][medal] != seat
    ]
    coins = ", ".join(f"{value} {colour}" for colour, value in (w.split(":") for w in ctx.words))
    taking = f", taking {' and '.join(medals)}" if medals else ""
    final = "; the final stage begins" if after.final_stage and not state.final_stage else ""
    return (
        f"{ctx.who} pays {coins} for the {pending.colour} extension at {pending.square} "
        f"and scores {gained} points{taking}{final}."
    )


def _describe_attract(ctx: MoveContext) -> str:
    colour, _, door = ctx.words
    state, board = ctx.state, ctx.engine.board
    seat = state.active
    assert seat is not None
    layout = Layout(state, board)
    index = board.index[door]
    needed = next(n for d, _, n in attract_targets(layout, colour) if d == index)
    stall = layout.doors[index]
    after = ctx.engine.apply(state, f"attract {colour} to {door}")
    owner = _owner_name(stall, seat, ctx.names)
    barkers = f" with {needed} charlatan{'s' if needed != 1 else ''}" if needed else ""
    earnings = _earnings(state, after, colour, ctx.names)
    return (
        f"{ctx.who} sends the {colour} customer{barkers} to {owner} {colour} stall at {door}"
        f"{earnings}; the {state.waiting} customer takes its place."
    )


def _owner_name(stall: Stall, seat: int, names: Sequence[str] | None) -> str:
    if stall.owner == seat:
        return "their own"
    if stall.owner == NEUTRAL:
        return "the neutral"
    return f"{seat_name(names, stall.owner)}'s"


def _earnings(before: CairoState, after: CairoState, colour: str, names: Sequence[str] | None) -> str:
    parts = [
        f"{seat_name(names, seat)} earns {after.coins[seat][colour] - before.coins[seat][colour]} {colour}"
        for seat in range(before.num_players)
        if after.coins[seat][colour] != before.coins[seat][colour]
    ]
    return (": " + " and ".join(parts)) if parts else " (nobody is paid)"


def _describe_take(ctx: MoveContext) -> str:
    source = ctx.words[0]
    if source == "display":
        card = ctx.state.display[int(ctx.words[1]) - 1] or ""
        return f"{ctx.who} takes {_card_text(ctx.engine, card)} from the display."
    if source == "deck":
        return f"{ctx.who} draws a card from the deck."
    return f"{ctx.who} takes a charlatan card."


def _describe_keep(ctx: MoveContext) -> str:
    seat = ctx.state.active
    dropped = len(ctx.state.hands[seat]) - len(ctx.words) if seat is not None else 0
    plural = "s" if dropped != 1 else ""
    if ctx.viewer is not None and ctx.viewer == seat:
        return f"{ctx.who} keeps {', '.join(ctx.words)} and discards {dropped} card{plural}."
    return f"{ctx.who} discards {dropped} building card{plural} down to the hand limit."


_DESCRIBERS = {
    "queue": _describe_queue,
    "deal": _describe_deal,
    "start": _describe_start,
    "neutral": _describe_neutral,
    "place": _describe_place,
    "pass": _describe_pass,
    "build": _describe_build,
    "extend": _describe_extend,
    "move": _describe_move_stall,
    "card": _describe_card,
    "wild": _describe_wild,
    "cards": _describe_cards,
    "pay": _describe_pay,
    "attract": _describe_attract,
    "take": _describe_take,
    "keep": _describe_keep,
}


# ---- explain -------------------------------------------------------------------------------


class Refusal(Exception):
    """Carries the sentence that explains why a move is refused."""


def explain_move(engine: CairoEngine, state: CairoState, move: str) -> str:
    """The first rule ``move`` breaks, as a sentence; a generic message when none is found."""
    words = move.strip().lower().split()
    if engine.to_move(state) is None:
        return "The game is over."
    if not words:
        return f"Type a move, for example: {MOVE_FORMS}."
    try:
        _explain(engine, state, words)
    except Refusal as refusal:
        return str(refusal)
    except (ValueError, IndexError, KeyError):
        return f"{move.strip()!r} is not a move I can read. Moves look like: {MOVE_FORMS}."
    return f"{move.strip()!r} is not a legal move now."


def _explain(engine: CairoEngine, state: CairoState, words: list[str]) -> None:
    word = words[0]
    if word not in _EXPLAINERS:
        raise Refusal(f"Unknown move {' '.join(words)!r}. Moves look like: {MOVE_FORMS}.")
    if engine.to_move(state) == CHANCE:
        raise Refusal("A chance move is due (a card, the customers or the start player); no player moves now.")
    if word not in _allowed_words(engine, state):
        raise Refusal(_wrong_step(engine, state, word))
    _EXPLAINERS[word](engine, state, words[1:])


def _allowed_words(engine: CairoEngine, state: CairoState) -> tuple[str, ...]:
    return engine.move_words(state)


def _wrong_step(engine: CairoEngine, state: CairoState, word: str) -> str:
    phase = state.phase
    if phase == "card":
        return f"First choose the cards{_pending_goal(state)}: card <sector>, wild <zone> coin <colour> or cards A B C."
    if phase == "pay":
        return f"First pay the coins{_pending_goal(state)} (price {state.pending.price if state.pending else 0})."
    if phase == "draw":
        return "You are drawing cards: take a second one (take display N, take deck or take charlatan)."
    if phase == "keep":
        return f"You hold more than {engine.data.hand_limit} building cards: choose the ones to keep (keep ...)."
    if phase in ("place", "neutral"):
        return "At the start each player places a main stall in turn, without cards: place red e5 door e6."
    if phase == "final" and word in ("attract", "take", "keep"):
        return "In the final stage only building is allowed (or pass, to stop building for good)."
    if word == "pass":
        return "You may pass only in the final stage."
    if word in ("card", "wild", "cards", "pay"):
        return "Choose what to build first: build, extend or move."
    return f"{word!r} is not possible at this point of the turn."


def _square(engine: CairoEngine, name: str) -> Square:
    square = engine.board.square(name)
    if square is None:
        raise Refusal(f"There is no square {name!r}: squares run from a1 to n13, queue squares q1–q5.")
    return square


def _colour(engine: CairoEngine, name: str) -> str:
    if name not in engine.data.colours:
        raise Refusal(f"There is no colour {name!r}: the colours are {', '.join(engine.data.colours)}.")
    return name


def _expect(words: list[str], fixed: dict[int, str], length: int) -> None:
    """Raise ValueError (an unreadable move) unless the fixed words of a move form are in place."""
    if len(words) != length or any(words[at] != word for at, word in fixed.items()):
        raise ValueError("not the form of this move")


def _explain_placement(engine: CairoEngine, state: CairoState, words: list[str], setup: bool) -> Square:
    _expect(words, {2: "door"}, length=4)
    colour, square_name, _, door_name = words
    colour = _colour(engine, colour)
    square, door = _square(engine, square_name), _square(engine, door_name)
    layout = Layout(state, engine.board)
    problem = stall_site_problem(layout, engine.data, colour, square, setup) or door_problem(layout, square, door)
    if problem:
        raise Refusal(problem[0].upper() + problem[1:] + ".")
    return square


def _explain_place(engine: CairoEngine, state: CairoState, words: list[str]) -> None:
    seat = state.place_order[0]
    colour = _colour(engine, words[0])
    if state.phase == "neutral" and colour != state.neutral_drawn:
        raise Refusal(f"The neutral stall to place is the {state.neutral_drawn} one.")
    if state.phase == "place" and state.owned_stall(seat, colour) is not None:
        raise Refusal(f"Your {colour} main stall is already on the board.")
    _explain_placement(engine, state, words, setup=True)


def _explain_pass(engine: CairoEngine, state: CairoState, words: list[str]) -> None:
    raise Refusal("You can still place a main stall, so you may not skip.")


def _explain_build(engine: CairoEngine, state: CairoState, words: list[str]) -> None:
    seat = state.active
    assert seat is not None
    colour = _colour(engine, words[0])
    if state.owned_stall(seat, colour) is not None:
        raise Refusal(f"Your {colour} main stall is already on the board (each player has one of each colour).")
    square = _explain_placement(engine, state, words, setup=False)
    _explain_cards_for(engine, state, seat, square, colour, 0)


def _explain_cards_for(
    engine: CairoEngine, state: CairoState, seat: int, square: Square, colour: str, price: int
) -> None:
    data = engine.data
    if card_payments(data, state.hands[seat], state.coins[seat], square.sector or "", colour, price):
        return
    if price and not affordable(state.coins[seat], colour, price, data.other_colour_coins_per_unit):
        raise Refusal(_price_problem(engine, state.coins[seat], colour, price))
    zones = [zone for zone, z in data.zones.items() if square.sector in z.sectors]
    raise Refusal(
        f"You have no card to build at {square.name} (sector {square.sector}): you need the {square.sector} card, "
        f"a wildcard for {' or '.join(zones)} and a coin, or {data.cards_for_any_square} building cards."
    )


def _price_problem(engine: CairoEngine, coins: dict[str, int], colour: str, price: int) -> str:
    rate = engine.data.other_colour_coins_per_unit
    own = coins.get(colour, 0)
    if own < 1:
        return f"An extension must be paid with at least 1 {colour} coin, and you have none."
    worth = own + sum(v for c, v in coins.items() if c != colour) // rate
    return f"You need {price} coin value ({colour} counts 1, other colours {rate} for 1), and you have {worth}."


def _explain_extend(engine: CairoEngine, state: CairoState, words: list[str]) -> None:
    seat = state.active
    assert seat is not None
    colour, square_name = words
    colour = _colour(engine, colour)
    stall = state.owned_stall(seat, colour)
    if stall is None:
        raise Refusal(f"You have no {colour} stall on the board to extend.")
    if engine.extensions_left(state)[colour] <= 0:
        raise Refusal(f"There are no {colour} extensions left.")
    square = _square(engine, square_name)
    problem = extension_problem(Layout(state, engine.board), engine.data, stall, square)
    if problem:
        raise Refusal(problem[0].upper() + problem[1:] + ".")
    _explain_cards_for(engine, state, seat, square, colour, stall.size + 1)


def _explain_move(engine: CairoEngine, state: CairoState, words: list[str]) -> None:
    seat = state.active
    assert seat is not None
    _expect(words, {1: "to", 3: "door"}, length=5)
    colour = _colour(engine, words[0])
    stall = state.owned_stall(seat, colour)
    if stall is None:
        raise Refusal(f"You have no {colour} main stall on the board to move.")
    if stall.extensions:
        raise Refusal(f"Your {colour} stall has been extended and may no longer be moved.")
    sites = extension_sites(Layout(state, engine.board), engine.data, stall)
    if sites:
        where = engine.board.name(sites[0])
        raise Refusal(f"Your {colour} stall can still be extended (at {where}), so it may not be moved.")
    square, door = _square(engine, words[2]), _square(engine, words[4])
    if (square.name, door.name) == (stall.square, stall.door):
        raise Refusal("A moved stall must change place.")
    lifted = Layout(state, engine.board, lifted=stall.id)
    problem = stall_site_problem(lifted, engine.data, colour, square, False) or door_problem(lifted, square, door)
    if problem:
        raise Refusal(problem[0].upper() + problem[1:] + ".")
    _explain_cards_for(engine, state, seat, square, colour, 0)


def _pending_sector(engine: CairoEngine, state: CairoState) -> tuple[Square, str, int]:
    pending = state.pending
    assert pending is not None
    return engine.board.squares[engine.board.index[pending.square]], pending.colour, pending.price


def _explain_card(engine: CairoEngine, state: CairoState, words: list[str]) -> None:
    seat = state.active
    assert seat is not None
    card = _card_name(engine, words[0])
    square, _, _ = _pending_sector(engine, state)
    if card not in state.hands[seat]:
        raise Refusal(f"You do not hold {_card_text(engine, card)}.")
    if engine.data.is_wild(card):
        raise Refusal(f"A wildcard is played with a coin: wild {card} coin <colour>.")
    if card != square.sector:
        raise Refusal(f"The {card} card builds only in sector {card}, and {square.name} is in {square.sector}.")


def _card_name(engine: CairoEngine, word: str) -> str:
    for name in engine.data.card_names:
        if name.lower() == word:
            return name
    raise Refusal(f"There is no card {word!r}: the cards are {', '.join(engine.data.card_names)}.")


def _explain_wild(engine: CairoEngine, state: CairoState, words: list[str]) -> None:
    seat = state.active
    assert seat is not None
    _expect(words, {1: "coin"}, length=3)
    zone = _card_name(engine, words[0])
    coin = _colour(engine, words[2])
    square, colour, price = _pending_sector(engine, state)
    if zone not in state.hands[seat]:
        raise Refusal(f"You do not hold {_card_text(engine, zone)}.")
    if not engine.data.is_wild(zone):
        raise Refusal(f"{zone} is a standard card: play it with card {zone}.")
    if square.sector not in engine.data.card_sectors(zone):
        raise Refusal(f"{_card_text(engine, zone).capitalize()} does not cover sector {square.sector}.")
    if state.coins[seat].get(coin, 0) < engine.data.wild_card_coin_cost:
        raise Refusal(f"A wildcard costs 1 coin of any colour, and you have no {coin} coin.")
    after = {**state.coins[seat], coin: state.coins[seat][coin] - engine.data.wild_card_coin_cost}
    if not affordable(after, colour, price, engine.data.other_colour_coins_per_unit):
        raise Refusal(
            "After paying the wildcard's coin "
            + _price_problem(engine, after, colour, price)[0].lower()
            + _price_problem(engine, after, colour, price)[1:]
        )


def _explain_cards(engine: CairoEngine, state: CairoState, words: list[str]) -> None:
    seat = state.active
    assert seat is not None
    needed = engine.data.cards_for_any_square
    cards = [_card_name(engine, word) for word in words]
    if len(cards) != needed:
        raise Refusal(f"Building anywhere takes exactly {needed} building cards.")
    hand = list(state.hands[seat])
    for card in cards:
        if card not in hand:
            raise Refusal(f"You do not hold {_card_text(engine, card)} (or not that many).")
        hand.remove(card)
    square, _, _ = _pending_sector(engine, state)
    raise Refusal(
        f"You can pay for {square.name} with a single card, and {needed} cards may be played only "
        "by a player without a suitable card."
    )


def _explain_pay(engine: CairoEngine, state: CairoState, words: list[str]) -> None:
    seat, pending = state.active, state.pending
    assert seat is not None and pending is not None
    payment: dict[str, int] = {}
    for word in words:
        colour, _, value = word.partition(":")
        payment[_colour(engine, colour)] = payment.get(colour, 0) + int(value)
    for colour, value in payment.items():
        if value > state.coins[seat].get(colour, 0):
            raise Refusal(f"You have only {state.coins[seat].get(colour, 0)} {colour} coin value.")
    if payment.get(pending.colour, 0) < 1:
        raise Refusal(f"An extension must be paid with at least 1 {pending.colour} coin.")
    rate = engine.data.other_colour_coins_per_unit
    others = sum(v for c, v in payment.items() if c != pending.colour)
    if others % rate or payment[pending.colour] + others // rate != pending.price:
        raise Refusal(
            f"The extension costs {pending.price}: {pending.colour} coins count 1, other colours "
            f"{rate} for 1, paid exactly."
        )


def _explain_attract(engine: CairoEngine, state: CairoState, words: list[str]) -> None:
    seat = state.active
    assert seat is not None
    _expect(words, {1: "to"}, length=3)
    colour = _colour(engine, words[0])
    if colour == state.waiting:
        raise Refusal(f"The {colour} customer is waiting on its tray; only the 5 customers in the souk can move.")
    door = _square(engine, words[2])
    layout = Layout(state, engine.board)
    targets = attract_targets(layout, colour)
    if not targets:
        raise Refusal(f"No free entrance of that colour is reachable for the {colour} customer.")
    match = [t for t in targets if t[0] == door.index]
    if not match:
        raise Refusal(_not_a_target(layout, door, colour))
    needed = match[0][2]
    if needed > state.charlatans[seat]:
        raise Refusal(
            f"{needed} free {colour} entrances are nearer than {door.name}: you need {needed} "
            f"charlatan{'s' if needed != 1 else ''} and have {state.charlatans[seat]}."
        )


def _not_a_target(layout: Layout, door: Square, colour: str) -> str:
    stall = layout.doors.get(door.index)
    if stall is None or stall.colour != colour:
        return f"{door.name} is not the entrance of a {colour} stall."
    if door.index in layout.customers:
        return f"The entrance at {door.name} is occupied by the {layout.customers[door.index]} customer."
    return f"The {colour} customer cannot reach the entrance at {door.name}."


def _explain_take(engine: CairoEngine, state: CairoState, words: list[str]) -> None:
    source = words[0]
    if source == "display":
        slot = int(words[1])
        if not 1 <= slot <= len(state.display):
            raise Refusal(f"The display has slots 1 to {len(state.display)}.")
        if state.display[slot - 1] is None:
            raise Refusal(f"Display slot {slot} is empty until the end of the turn.")
    elif source == "deck":
        raise Refusal("The deck and the discard pile are both empty.")
    elif source == "charlatan":
        raise Refusal("There are no charlatan cards left in the supply.")
    else:
        raise ValueError(source)


def _explain_keep(engine: CairoEngine, state: CairoState, words: list[str]) -> None:
    seat = state.active
    assert seat is not None
    limit = engine.data.hand_limit
    if len(words) != limit:
        raise Refusal(f"Keep exactly {limit} building cards.")
    hand = list(state.hands[seat])
    for word in words:
        card = _card_name(engine, word)
        if card not in hand:
            raise Refusal(f"You do not hold {_card_text(engine, card)} (or not that many).")
        hand.remove(card)


_EXPLAINERS = {
    "place": _explain_place,
    "pass": _explain_pass,
    "build": _explain_build,
    "extend": _explain_extend,
    "move": _explain_move,
    "card": _explain_card,
    "wild": _explain_wild,
    "cards": _explain_cards,
    "pay": _explain_pay,
    "attract": _explain_attract,
    "take": _explain_take,
    "keep": _explain_keep,
    "queue": lambda engine, state, words: None,
    "deal": lambda engine, state, words: None,
    "start": lambda engine, state, words: None,
    "neutral": lambda engine, state, words: None,
}
