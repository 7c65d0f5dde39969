"""The Jambo ``Engine``: the thin class that wires state, flow, refusals and view together."""

from __future__ import annotations

import random

from engines.base import (
    CHANCE,
    GAME_OVER,
    NO_CHANCE_DUE,
    NO_EVENTS,
    NO_STANDING_MOVES,
    Engine,
    Events,
    GameError,
    IllegalMove,
    Outcome,
    Transition,
    View,
)
from engines.jambo import flow, reactions, refusals, view
from engines.jambo.cards import COUNT, NW
from engines.jambo.data import DATA
from engines.jambo.refusals import normalise
from engines.jambo.state import Deck, JamboState, copy_state, other
from engines.jambo.steps import head


class JamboEngine(Engine[JamboState]):
    """Jambo: two merchants buy and sell wares with cards until one reaches 60 gold."""

    name = "jambo"
    title = "Jambo"
    aliases = ()
    min_players = 2
    max_players = 2
    state_type = JamboState
    secret_fields = ("hands", "known", "deck", "drawn")

    # ---- lifecycle ------------------------------------------------------------------------------------------
    def _new_game(self, num_players: int, options: dict[str, bool | int | str]) -> JamboState:
        return JamboState(
            num_players=num_players,
            options=options,
            gold=[DATA.start_gold] * num_players,
            hands=[[] for _ in range(num_players)],
            known=[[] for _ in range(num_players)],
            deck=Deck(pool=list(COUNT)),
            utilities=[[] for _ in range(num_players)],
            wares=[[0] * NW for _ in range(num_players)],
            large=[0] * num_players,
            smalls=[0] * num_players,
            table_wares=[0] * NW,
            steps=flow.deal_steps(),
            orders=[reactions.default_orders() for _ in range(num_players)],
        )

    # ---- turn structure -------------------------------------------------------------------------------------
    to_move = staticmethod(flow.to_move)
    legal_moves = staticmethod(flow.legal_moves)

    def chance_odds(self, state: JamboState) -> list[tuple[str, float]]:
        return flow.chance_odds(state)

    def partial(self, state: JamboState) -> bool:
        return flow.partial(state)

    def canonical(self, state: JamboState, move: str) -> str:
        if flow.is_legal(state, move):
            return move
        for wanted in (normalise(move), *refusals.spellings(move)):
            if flow.is_legal(state, wanted):
                return wanted
        raise self.refusal(state, move)

    is_legal = staticmethod(flow.is_legal)

    def sample_chance(self, state: JamboState, rng: random.Random) -> str:
        if self.to_move(state) != CHANCE:
            raise GameError(NO_CHANCE_DUE)
        return flow.sample_chance(state, rng)

    def refusal(self, state: JamboState, move: str) -> IllegalMove:
        return refusals.refusal(state, move)

    def _apply(self, state: JamboState, move: str, events: Events) -> None:
        flow.apply_move(state, move, events)

    def apply(self, state: JamboState, move: str) -> JamboState:
        """What ``transition`` gives, without recording the events nobody reads."""
        if state.stage == "over":
            raise IllegalMove(GAME_OVER)
        canonical = move if flow.is_legal(state, move) else self.canonical(state, move)
        new = copy_state(state)
        flow.apply_move(new, canonical, NO_EVENTS)
        return new

    # ---- search support -------------------------------------------------------------------------------------
    def copy(self, state: JamboState) -> JamboState:
        return copy_state(state)

    def apply_in_place(self, state: JamboState, move: str) -> None:
        flow.apply_move(state, move, NO_EVENTS)

    # ---- information ----------------------------------------------------------------------------------------
    def view(self, state: JamboState, seat: int | None) -> View:
        return view.build_view(state, seat)

    def outcome(self, state: JamboState) -> Outcome | None:
        return view.outcome(state)

    def sample_state(self, view_: View, rng: random.Random) -> JamboState:
        return view.sample_state(view_, rng)

    def changed_places(self, before: View, after: View) -> list[str]:
        return view.changed_places(before, after)

    # ---- asynchronous play support --------------------------------------------------------------------------
    def default_move(self, state: JamboState) -> str:
        """End the turn, keep the card drawn, decline a reaction, pass a bid, stop selling; else the first choice."""
        moves = flow.legal_moves(state)
        for safe in ("end", "keep", "decline", "pass", "done", "choose cards"):
            if safe in moves:
                return safe
        return super().default_move(state)

    def _resign(self, state: JamboState, seat: int, events: Events) -> None:
        """With two players, the one who stays wins at once."""
        state.stage = "over"
        state.termination = "resigned"
        state.winners = [other(seat)]
        state.steps = []

    def standing_moves(self, state: JamboState, seat: int) -> list[str]:
        if state.stage == "over" or seat in state.resigned or not 0 <= seat < state.num_players:
            return []
        return reactions.standing_moves()

    def apply_standing(self, state: JamboState, seat: int, move: str) -> Transition[JamboState]:
        if state.stage == "over":
            raise IllegalMove(GAME_OVER)
        wanted = normalise(move)
        if wanted not in self.standing_moves(state, seat):
            raise IllegalMove(NO_STANDING_MOVES) if not wanted.startswith("orders") else refusals.orders_refusal(move)
        new = copy_state(state)
        events = Events()
        reactions.apply_orders(new, seat, wanted, events)
        waiting = head(new)
        if waiting is not None and waiting.kind != "draw" and waiting.seat == seat:
            new.last_seat = seat
            flow.advance(new, events)
        return Transition(wanted, new, events.items)


ENGINE = JamboEngine()
