"""The game's clock: who moves now, their legal moves, applying a move and running what follows by itself.

The queue's head decides (``engines.jambo.steps``): a ``draw`` step waits for chance (``card
<name>``, the card the deck gives); a decision step waits for its seat; automatic steps run at
once. An empty queue is the active player's own choice (``engines.jambo.turn``). After every
move, ``advance`` runs automatic steps until someone must decide again.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate
from typing import Any

from engines.base import CHANCE, Events
from engines.jambo import animals, auction, deck, people, reactions, trade, turn, utilities
from engines.jambo.cards import CARD_ID, NAMES, PSYCHIC, WARE_CARDS
from engines.jambo.data import DATA
from engines.jambo.state import NOBODY, JamboState, Step, other, own
from engines.jambo.steps import StepRule, counted_down, head, make_step, pop, replace

RULES: dict[str, StepRule] = {
    **turn.STEPS,
    **reactions.STEPS,
    **trade.STEPS,
    **utilities.STEPS,
    **animals.STEPS,
    **people.STEPS,
    **auction.STEPS,
}


# ---- who moves ----------------------------------------------------------------------------------------------
CARD_MOVES: tuple[str, ...] = tuple(f"card {name}" for name in NAMES)
"""The chance move that draws each card type."""


def to_move(state: JamboState) -> int | None:
    if state.stage == "over":
        return None
    steps = state.steps
    if not steps:
        return state.active
    step = steps[0]
    return CHANCE if step.kind == "draw" else step.seat


def partial(state: JamboState) -> bool:
    """The seat to move continues its own last move's card (see ``Step.chained``)."""
    step = head(state)
    return step is not None and step.chained and step.kind != "draw" and state.last_seat == step.seat


def legal_moves(state: JamboState) -> list[str]:
    if state.stage == "over":
        return []
    steps = state.steps
    if not steps:
        return turn.main_moves(state)
    step = steps[0]
    if step.kind == "draw":
        return [CARD_MOVES[card] for card, _ in deck.chance_odds(state)]
    return RULES[step.kind].moves(state, step)


def is_legal(state: JamboState, move: str) -> bool:
    """Whether the canonical ``move`` is legal now (cheaper than listing every move)."""
    if state.stage == "over":
        return False
    steps = state.steps
    if not steps:
        return turn.is_main_move(state, move)
    step = steps[0]
    if step.kind == "draw":
        card = CARD_ID.get(move[5:]) if move.startswith("card ") else None
        return card is not None and deck.may_draw(state, card)
    return move in RULES[step.kind].moves(state, step)


def sample_chance(state: JamboState, rng: random.Random) -> str:
    """A card drawn in proportion to the deck's counts (or the known top card)."""
    deck_ = state.deck
    if deck_.top:
        return CARD_MOVES[deck_.top[0]]
    below = list(accumulate(deck_.pool))
    return CARD_MOVES[bisect_right(below, rng.randrange(below[-1]))]


def chance_odds(state: JamboState) -> list[tuple[str, float]]:
    step = head(state)
    if state.stage == "over" or step is None or step.kind != "draw":
        return []
    return [(CARD_MOVES[card], odds) for card, odds in deck.chance_odds(state)]


def decision(state: JamboState, viewer: int | None) -> tuple[int, str, dict[str, Any]] | None:
    """The seat to move, what it decides and the parameters ``viewer`` may read; None for chance or the end."""
    seat = to_move(state)
    if seat is None or seat == CHANCE:
        return None
    step = head(state)
    if step is None:
        return (seat, *turn.main_decision(state, viewer))
    return (seat, *RULES[step.kind].decision(state, step, viewer))


# ---- applying -----------------------------------------------------------------------------------------------
def apply_move(state: JamboState, move: str, events: Events) -> None:
    """Apply a legal canonical ``move`` of whoever is to move, then everything that follows by itself."""
    step = state.steps[0] if state.steps else None
    if step is None:
        state.last_seat = state.active
        turn.apply_main(state, move, events)
    elif step.kind == "draw":
        state.last_seat = NOBODY
        _draw(state, step, CARD_ID[move[5:]], events)
    else:
        state.last_seat = step.seat
        RULES[step.kind].apply(state, step, move.split(), events)
    advance(state, events)


def advance(state: JamboState, events: Events) -> None:
    """Run automatic steps (and end a turn with no action left) until a seat or chance must decide."""
    while state.stage != "over":
        step = state.steps[0] if state.steps else None
        if step is None:
            if state.stage == "deal":
                turn.start_turn(state, 0, events)
                return
            if state.actions < turn.ACTIONS:
                return
            turn.end_turn(state, events)
            continue
        if step.kind == "draw":
            if _ready_to_draw(state, events):
                return
            continue
        if not RULES[step.kind].auto(state, step, events):
            return


def _ready_to_draw(state: JamboState, events: Events) -> bool:
    """Whether a card can be drawn now (reshuffling the discard pile if the deck is empty); drops the draw if not."""
    if state.deck.top or any(state.deck.pool):
        return True
    if state.discard:
        deck.reshuffle(state, events)
        return True
    pop(state)
    events.emit("no_cards_left")
    return False


def _draw(state: JamboState, step: Step, card: int, events: Events) -> None:
    """The deck gives ``card`` to the head draw step, which puts it where its ``dest`` says."""
    seen = bool(state.deck.top) and state.deck.seer == other(step.seat)
    deck.take_from_deck(state, card)
    if step.dest == "hand":
        _to_hand(state, step, card, events, seen=seen)
    else:
        DESTINATIONS[step.dest](state, step, card, events)


def _count_down(state: JamboState, step: Step) -> None:
    if step.n > 1:
        replace(state, counted_down(step))
    else:
        pop(state)


def _to_hand(state: JamboState, step: Step, card: int, events: Events, *, seen: bool) -> None:
    """Into the drawer's hand, seen by them alone (``seen``: the other player knew it from a Psychic)."""
    deck.add_to_hand(state, step.seat, card, known=seen)
    deck.tell_drawer(events, "card_drawn", step.seat, card)
    _count_down(state, step)


def _to_look(state: JamboState, step: Step, card: int, events: Events) -> None:
    """Looked at by the drawer alone, before they decide (phase 1, Scale, Psychic)."""
    own(state, "drawn").append(card)
    state.drawn_seat = step.seat
    deck.tell_drawer(events, "card_looked" if step.card == PSYCHIC else "card_seen", step.seat, card)
    _count_down(state, step)


def _to_table(state: JamboState, step: Step, card: int, events: Events) -> None:
    """Face up in the middle (an Arabian Merchant's lot)."""
    own(state, "table_cards").append(card)
    events.emit("card_turned", seat=step.seat, card=NAMES[card])
    _count_down(state, step)


def _reveal(state: JamboState, step: Step, card: int, events: Events) -> None:
    """Turned up for Supplies: a ware card ends the search in the hand, any other card is set aside."""
    if card in WARE_CARDS:
        deck.add_to_hand(state, step.seat, card, known=True)
        events.emit("ware_card_found", seat=step.seat, card=NAMES[card])
        pop(state)
    else:
        own(state, "table_cards").append(card)
        events.emit("card_turned", seat=step.seat, card=NAMES[card])


DESTINATIONS: dict[str, Callable[[JamboState, Step, int, Events], None]] = {
    "look": _to_look,
    "table": _to_table,
    "reveal": _reveal,
}


# ---- the start ----------------------------------------------------------------------------------------------
def deal_steps() -> list[Step]:
    """The opening hands: 5 cards to each player, drawn by chance."""
    return [make_step("draw", seat, n=DATA.start_hand, dest="hand") for seat in range(DATA.players)]
