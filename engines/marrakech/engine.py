"""The Marrakech ``Engine``: the thin class that wires data, board, rules, refusals, play and view together."""

from __future__ import annotations

import random

from engines.base import Engine, Events, IllegalMove, Option, Outcome, View
from engines.marrakech import play, refusals, rules
from engines.marrakech import view as views
from engines.marrakech.board import PLACEMENTS_AT, SIZE, index, parse_placement, placement_move
from engines.marrakech.data import DATA, colour_owners
from engines.marrakech.state import EMPTY, MarrakechState, copy_state


class MarrakechEngine(Engine[MarrakechState]):
    """Marrakech: turn Assam, roll, pay tribute, lay a carpet."""

    name = "marrakech"
    title = "Marrakech"
    aliases = ("marrakesh",)
    min_players = 2
    max_players = 4
    options = (Option(name="variant", default=False),)
    state_type = MarrakechState
    secret_fields = ()

    # ---- lifecycle ----------------------------------------------------------------------------
    def _new_game(self, num_players: int, options: dict[str, bool | int | str]) -> MarrakechState:
        colours = len(colour_owners(num_players))
        start = DATA.assam_start
        return MarrakechState(
            num_players=num_players,
            options=options,
            dirhams=[DATA.start_dirhams] * num_players,
            out=[False] * num_players,
            pile=[DATA.carpets_per_colour[num_players]] * colours,
            board_carpet=[EMPTY] * (SIZE * SIZE),
            board_colour=[EMPTY] * (SIZE * SIZE),
            assam=index(start.x, start.y),
            facing=start.facing,
            phase="roll" if options.get("variant") else "orient",
        )

    # ---- turn structure -------------------------------------------------------------------------
    def to_move(self, state: MarrakechState) -> int | None:
        return rules.to_move(state)

    def legal_moves(self, state: MarrakechState) -> list[str]:
        return rules.legal_moves(state)

    def chance_odds(self, state: MarrakechState) -> list[tuple[str, float]]:
        return rules.chance_odds(state)

    def sample_chance(self, state: MarrakechState, rng: random.Random) -> str:
        """A face of the die, or a carpet of the pile, picked uniformly: the odds of ``chance_odds``, cheaply."""
        if state.phase == "roll":
            return rng.choice(rules.DIE_FACES)
        if state.phase == "draw":
            return rules.draw_from_pile(state, rng.randrange(rules.carpets_left(state, state.seat)))
        return super().sample_chance(state, rng)

    def canonical(self, state: MarrakechState, move: str) -> str:
        """Like the base, but a carpet may name its squares in either order, with or without ``place``."""
        if rules.is_legal(state, move):
            return move
        squares = parse_placement(move) if state.phase == "place" else None
        if squares is not None:
            wanted = placement_move(*squares)
            if wanted in PLACEMENTS_AT[state.assam] and rules.is_legal(state, wanted):
                return wanted
        return super().canonical(state, move)

    def is_legal(self, state: MarrakechState, move: str) -> bool:
        return rules.is_legal(state, move)

    def refusal(self, state: MarrakechState, move: str) -> IllegalMove:
        return refusals.refusal(state, move)

    def _apply(self, state: MarrakechState, move: str, events: Events) -> None:
        play.apply_move(state, move, events)

    # ---- search support -------------------------------------------------------------------------
    def copy(self, state: MarrakechState) -> MarrakechState:
        return copy_state(state)

    def apply_in_place(self, state: MarrakechState, move: str) -> None:
        play.apply_move(state, move, None)

    # ---- information ----------------------------------------------------------------------------
    def view(self, state: MarrakechState, seat: int | None) -> View:
        return views.build_view(state, seat)

    def outcome(self, state: MarrakechState) -> Outcome | None:
        return rules.outcome(state)

    def sample_state(self, view: View, rng: random.Random) -> MarrakechState:
        return views.sample_state(view)

    def changed_places(self, before: View, after: View) -> list[str]:
        return views.changed_places(before, after)

    # ---- asynchronous play support ----------------------------------------------------------------
    def default_move(self, state: MarrakechState) -> str:
        """Keep Assam straight; lay the first legal carpet in reading order."""
        if state.phase == "orient":
            return "straight"
        return super().default_move(state)

    def _resign(self, state: MarrakechState, seat: int, events: Events) -> None:
        """The merchant is out like one who could not pay; the others play on while two or more are in."""
        if state.out[seat]:
            raise IllegalMove(refusals.ALREADY_OUT, seat=seat)
        play.leave(state, seat)


ENGINE = MarrakechEngine()
