"""The Kairo ``Engine``: the contract of ``engines.base`` wired to the free functions of this package."""

from __future__ import annotations

import random
from typing import ClassVar

from engines.base import CHANCE, NO_EVENTS, Engine, Events, IllegalMove, Option, Outcome, View
from engines.cairo.check import canonical_move, is_legal
from engines.cairo.data import load_cairo_data
from engines.cairo.leave import resign
from engines.cairo.moves import legal_moves, take_moves, to_move
from engines.cairo.play import apply_move
from engines.cairo.setup import new_state
from engines.cairo.state import PAYING_PHASES, CairoState, copy_state, deal_source
from engines.cairo.view import build_view, changed_places, sample_state

START_OPTION = Option(name="start", default="variable", choices=("variable", "preset"))
"""``variable``: merchants place their first 3 main stalls in turn; ``preset``: a fixed layout per player count."""


class CairoEngine(Engine[CairoState]):
    """Kairo for 2–4 merchants (the notation: ``engines.cairo``)."""

    name: ClassVar[str] = "cairo"
    title: ClassVar[str] = "Kairo"
    aliases: ClassVar[tuple[str, ...]] = ("kairo", "el cairo")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options: ClassVar[tuple[Option, ...]] = (START_OPTION,)
    state_type = CairoState
    secret_fields: ClassVar[tuple[str, ...]] = ("hands", "coins", "deck", "discard")

    def _new_game(self, num_players: int, options: dict[str, bool | int | str]) -> CairoState:
        return new_state(num_players, options)

    def to_move(self, state: CairoState) -> int | None:
        return to_move(state)

    def legal_moves(self, state: CairoState) -> list[str]:
        return legal_moves(state)

    def chance_odds(self, state: CairoState) -> list[tuple[str, float]]:
        """Deals follow the cards left in the pile dealt from; other chance moves are uniform."""
        if to_move(state) != CHANCE or not state.deals:
            return super().chance_odds(state)
        source = deal_source(state)
        total = sum(source.values())
        return [(f"deal {card}", source[card] / total) for card in load_cairo_data().card_names if source.get(card)]

    def sample_chance(self, state: CairoState, rng: random.Random) -> str:
        """A deal drawn as the base class draws it (same odds, same use of ``rng``), without listing every deal."""
        if to_move(state) != CHANCE or not state.deals:
            return super().sample_chance(state, rng)
        source = deal_source(state)
        total = sum(source.values())
        cards = [card for card in load_cairo_data().card_names if source.get(card)]
        return "deal " + rng.choices(cards, weights=[source[card] / total for card in cards], k=1)[0]

    def partial(self, state: CairoState) -> bool:
        """True between a build's site and its last payment (cards, then coins for an extension)."""
        return state.phase in PAYING_PHASES

    def canonical(self, state: CairoState, move: str) -> str:
        return canonical_move(state, move)

    def is_legal(self, state: CairoState, move: str) -> bool:
        return is_legal(state, move)

    def refusal(self, state: CairoState, move: str) -> IllegalMove:
        try:
            canonical_move(state, move)
        except IllegalMove as refused:
            return refused
        return IllegalMove("not_a_move", move=move.strip())

    def _apply(self, state: CairoState, move: str, events: Events) -> None:
        apply_move(state, move, events)

    def apply(self, state: CairoState, move: str) -> CairoState:
        """What ``transition`` gives, without recording the events nobody reads."""
        canonical = canonical_move(state, move)
        new = copy_state(state)
        apply_move(new, canonical, NO_EVENTS)
        return new

    def copy(self, state: CairoState) -> CairoState:
        return copy_state(state)

    def view(self, state: CairoState, seat: int | None) -> View:
        return build_view(state, seat, self.outcome(state))

    def outcome(self, state: CairoState) -> Outcome | None:
        if state.phase != "over" or state.final is None:
            return None
        totals = [line.total for line in state.final]
        contenders = [seat for seat in range(state.num_players) if seat not in state.resigned]
        best = max(totals[seat] for seat in contenders)
        winners = [seat for seat in contenders if totals[seat] == best]
        details = {"final": [line.model_dump() for line in state.final]}
        return Outcome(scores=totals, winners=winners, termination=state.termination or "", details=details)

    def sample_state(self, view: View, rng: random.Random) -> CairoState:
        return sample_state(view, rng)

    def changed_places(self, before: View, after: View) -> list[str]:
        return changed_places(before, after)

    def default_move(self, state: CairoState) -> str:
        """Draw from the deck in the main stage, ``pass`` in the final stage, else the first legal move."""
        if state.phase in ("play", "draw") and "take deck" in take_moves(state):
            return "take deck"
        if state.phase == "final":
            return "pass"
        return super().default_move(state)

    def _resign(self, state: CairoState, seat: int, events: Events) -> None:
        resign(state, seat, events)
