"""The Morocco ``Engine``: the thin class that wires the rules modules to the engine contract."""

from __future__ import annotations

import random

from engines.base import CHANCE, NO_EVENTS, Engine, Events, IllegalMove, Outcome, View
from engines.morocco import flow, play, rules, scoring, view
from engines.morocco.board import POINTS, SIZE
from engines.morocco.data import COLOURS, DATA, JUICE_VALUES
from engines.morocco.notation import MOVE_BY_TEXT, canonical_text, read_move
from engines.morocco.state import CHANCE_STEPS, NO_ARROW, OPEN, MoroccoState, copy_state


class MoroccoEngine(Engine[MoroccoState]):
    """Morocco: scout the market from the rooftop, then send workers to claim its stalls."""

    name = "morocco"
    title = "Morocco"
    aliases = ("marruecos",)
    min_players = 2
    max_players = 5
    state_type = MoroccoState
    secret_fields = ("juice_held",)

    # ---- lifecycle ---------------------------------------------------------------------------------
    def _new_game(self, num_players: int, options: dict[str, bool | int | str]) -> MoroccoState:
        pieces = DATA.pieces
        stalls = SIZE * SIZE

        def each(value: int) -> list[int]:
            return [value] * num_players

        return MoroccoState(
            num_players=num_players,
            options=options,
            juice=[0] * len(POINTS),
            rows=[-1] * SIZE,
            columns=[-1] * SIZE,
            roof=[-1] * SIZE,
            workers=[0] * (stalls * 4),
            tiles=[OPEN] * stalls,
            arrows=[NO_ARROW] * stalls,
            overflow=[0] * stalls,
            cubes=[0] * (num_players * len(COLOURS)),
            points=each(0),
            gold=each(0),
            gold_supply=DATA.gold_supply,
            assistants=each(pieces.assistants),
            tourists=each(pieces.tourists),
            cousins=each(pieces.cousins),
            guards_hand=each(0),
            guards_quarters=each(pieces.bodyguards),
            market_tiles=each(pieces.market_tiles),
            empty_tiles=DATA.empty_stall_tiles,
            juice_held=[0] * (num_players * len(JUICE_VALUES)),
        )

    # ---- turn structure ------------------------------------------------------------------------------
    def to_move(self, state: MoroccoState) -> int | None:
        if state.step == "over":
            return None
        return CHANCE if state.step in CHANCE_STEPS else rules.decider(state)

    def legal_moves(self, state: MoroccoState) -> list[str]:
        return rules.legal_texts(state)

    def chance_odds(self, state: MoroccoState) -> list[tuple[str, float]]:
        return rules.chance_odds(state)

    def canonical(self, state: MoroccoState, move: str) -> str:
        """The canonical text of ``move`` if it is legal now; else an IllegalMove naming the rule."""
        if state.step == "over":
            raise IllegalMove("game_over")
        parsed = MOVE_BY_TEXT.get(move) or read_move(move, state.step, state.roof)
        problem = rules.refusal(state, parsed)
        if problem is not None:
            raise problem
        return canonical_text(parsed)

    def is_legal(self, state: MoroccoState, move: str) -> bool:
        parsed = MOVE_BY_TEXT.get(move)
        return parsed is not None and state.step != "over" and rules.refusal(state, parsed) is None

    def refusal(self, state: MoroccoState, move: str) -> IllegalMove:
        try:
            self.canonical(state, move)
        except IllegalMove as error:
            return error
        return IllegalMove("not_a_move", move=move.strip())

    def _apply(self, state: MoroccoState, move: str, events: Events) -> None:
        play.apply_move(state, MOVE_BY_TEXT[move], events)

    def apply(self, state: MoroccoState, move: str) -> MoroccoState:
        """What ``transition`` gives, without recording the events nobody reads."""
        canonical = self.canonical(state, move)
        new = copy_state(state)
        play.apply_move(new, MOVE_BY_TEXT[canonical], NO_EVENTS)
        return new

    # ---- search support ---------------------------------------------------------------------------------
    def copy(self, state: MoroccoState) -> MoroccoState:
        return copy_state(state)

    # ---- information ---------------------------------------------------------------------------------
    def view(self, state: MoroccoState, seat: int | None) -> View:
        return view.make_view(state, seat, self.name)

    def outcome(self, state: MoroccoState) -> Outcome | None:
        return scoring.outcome(state)

    def sample_state(self, view_: View, rng: random.Random) -> MoroccoState:
        return view.sample_state(view_, rng)

    def changed_places(self, before: View, after: View) -> list[str]:
        return view.changed_places(before, after)

    # ---- asynchronous play support -----------------------------------------------------------------------
    def default_move(self, state: MoroccoState) -> str:
        """The first legal space or option; the first worker listed (assistants first) or pass; gold as a reward;
        the colour held most as the cube kept."""
        moves = self.legal_moves(state)
        if state.step == "workers":
            return next((m for m in moves if not m.startswith("swap ")), "pass")
        if state.step == "keep":
            held = rules.cubes_of(state, state.owed[0])
            return canonical_text(("keep", held.index(max(held))))
        return super().default_move(state)

    def _resign(self, state: MoroccoState, seat: int, events: Events) -> None:
        """The others play on (the seat's pieces stay; its turns are skipped, its choices take the default);
        with one player left the game ends."""
        if state.num_players - len(state.resigned) < 2:
            state.step = "over"
            state.termination = "resigned"
            return
        if rules.decider(state) == seat and state.step == "scout":
            state.scouts_taken += 1
            state.step = "scout_next"
        elif rules.decider(state) == seat and state.step == "workers":
            state.turns_taken += 1
            state.step = "turn_done"
        flow.advance(state, events)


ENGINE = MoroccoEngine()
