"""The one interface every game engine implements.

An engine is a stateless object with pure functions over an immutable-by-convention
pydantic state. The host (the bot, the tests, the benchmark) drives every game the same way::

    state = engine.new_game(3, {"variant": True})
    while (seat := engine.to_move(state)) is not None:
        if seat == CHANCE:
            move = sample(engine.chance_odds(state))      # dice, shuffles, draws
        else:
            move = ask_player(seat, engine.legal_moves(state))
        state = engine.apply(state, move)
    print(engine.outcome(state))

Rules of the interface:

* All randomness, setup shuffles included, enters as explicit chance moves: when
  ``to_move(state) == CHANCE`` the legal moves are the possible outcomes and
  ``chance_odds`` gives their probabilities. A log of moves therefore replays exactly.
* Moves are canonical text. ``legal_moves`` lists every legal move in a stable order;
  ``apply`` accepts exactly those strings (surrounding whitespace and case are tolerated)
  and raises ``IllegalMove`` for anything else, with a message fit to show to a player.
* ``apply`` never mutates its input.
* ``view(state, seat)`` is a JSON-able dict with everything that seat may see and nothing
  more; ``seat=None`` is a spectator. Renderers draw from views only.
* ``to_move`` may name a seat that is not "the active player" (a reaction, a bid): whoever
  must decide next is the one to move.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

CHANCE = -1
"""``to_move`` returns this when dice, a shuffle or a draw is due."""


class GameError(ValueError):
    """A request the rules refuse; the message can be shown to a player as it is."""


class IllegalMove(GameError):
    """A move that is not legal in the current state."""


class Option(BaseModel):
    """A variant or setting a game offers at creation time."""

    model_config = ConfigDict(frozen=True)

    name: str
    description: str
    default: bool | int | str
    choices: tuple[bool | int | str, ...] = ()


class Outcome(BaseModel):
    """The end of a game: final scores per seat, the winning seats (ties allowed), why it ended."""

    model_config = ConfigDict(frozen=True)

    scores: list[int]
    winners: list[int]
    reason: str
    details: dict[str, Any] = Field(default_factory=dict)


class GameState(BaseModel):
    """Base of every engine's state. ``num_players`` and ``options`` are common to all games."""

    num_players: int
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    resigned: list[int] = Field(default_factory=list)


S = TypeVar("S", bound=GameState)


class Engine(ABC, Generic[S]):
    """A game's rules. Subclasses set the class attributes and implement the abstract methods."""

    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    state_type: ClassVar[type[GameState]]

    # ---- lifecycle -------------------------------------------------------------------
    def new_game(self, num_players: int, options: Mapping[str, Any] | None = None) -> S:
        """A fresh game (before any chance move). Bad player counts or options raise GameError."""
        if not self.min_players <= num_players <= self.max_players:
            raise GameError(f"{self.title} is for {self.min_players}–{self.max_players} players, not {num_players}.")
        return self._new_game(num_players, self.resolve_options(options))

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, bool | int | str]:
        """Defaults filled in; unknown names and values outside ``choices`` raise GameError."""
        known = {opt.name: opt for opt in self.options}
        resolved: dict[str, bool | int | str] = {opt.name: opt.default for opt in self.options}
        for key, value in (options or {}).items():
            opt = known.get(key)
            if opt is None:
                raise GameError(f"{self.title} has no option {key!r}.")
            if type(value) is not type(opt.default):
                raise GameError(f"Option {key!r} takes a {type(opt.default).__name__}, not {value!r}.")
            if opt.choices and value not in opt.choices:
                allowed = ", ".join(map(str, opt.choices))
                raise GameError(f"Option {key!r} must be one of {allowed}, not {value!r}.")
            resolved[key] = value
        return resolved

    @abstractmethod
    def _new_game(self, num_players: int, options: dict[str, bool | int | str]) -> S:
        """Build the initial state; options are already validated."""

    # ---- turn structure -------------------------------------------------------------
    @abstractmethod
    def to_move(self, state: S) -> int | None:
        """The seat whose decision it is, CHANCE, or None when the game is over."""

    @abstractmethod
    def legal_moves(self, state: S) -> list[str]:
        """Every legal move for whoever is to move, canonical text, stable order."""

    def chance_odds(self, state: S) -> list[tuple[str, float]]:
        """Chance outcomes with their probabilities (uniform unless an engine says otherwise)."""
        if self.to_move(state) != CHANCE:
            return []
        moves = self.legal_moves(state)
        return [(m, 1 / len(moves)) for m in moves]

    def apply(self, state: S, move: str) -> S:
        """A new state after ``move``; raises IllegalMove if it is not legal now."""
        if self.to_move(state) is None:
            raise IllegalMove("The game is over.")
        canonical = self.canonical(state, move)
        new = state.model_copy(deep=True)
        self._apply(new, canonical)
        return new

    def canonical(self, state: S, move: str) -> str:
        """The canonical spelling of ``move`` if it is legal now, else IllegalMove."""
        wanted = " ".join(move.strip().lower().split())
        for legal in self.legal_moves(state):
            if legal.lower() == wanted:
                return legal
        raise IllegalMove(self.explain_illegal(state, move))

    def explain_illegal(self, state: S, move: str) -> str:
        """Why ``move`` is refused. Engines override this to name the rule."""
        return f"{move.strip()!r} is not a legal move now."

    @abstractmethod
    def _apply(self, state: S, move: str) -> None:
        """Apply a legal canonical move to ``state`` in place (``state`` is already a copy)."""

    # ---- information ----------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator), JSON-able."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Final scores and winners, or None while the game is on."""

    @abstractmethod
    def describe(self, state: S, move: str, names: Sequence[str] | None = None, viewer: int | None = None) -> str:
        """One sentence for the log about ``move`` played in ``state`` (the state before it).

        ``viewer`` is the seat the sentence is for; hidden details that seat may not know
        (a card drawn by someone else) are left out. ``None`` means a public sentence.
        """

    # ---- asynchronous play support ----------------------------------------------------
    def default_move(self, state: S) -> str:
        """A safe move for the seat to move, used when a late player's turn is skipped."""
        moves = self.legal_moves(state)
        if not moves:
            raise GameError("There is no move to make.")
        return moves[0]

    def resign(self, state: S, seat: int) -> S:
        """A new state in which ``seat`` has left the game.

        The default ends the game at once (scored as it stands); engines whose rules let
        the game go on without a player override ``_resign``.
        """
        if not 0 <= seat < state.num_players:
            raise GameError(f"There is no seat {seat}.")
        if seat in state.resigned:
            raise GameError("That player has already left the game.")
        if self.to_move(state) is None:
            raise GameError("The game is over.")
        new = state.model_copy(deep=True)
        new.resigned.append(seat)
        self._resign(new, seat)
        return new

    @abstractmethod
    def _resign(self, state: S, seat: int) -> None:
        """Take ``seat`` out of ``state`` in place (it is already in ``state.resigned``)."""

    # ---- persistence ----------------------------------------------------------------
    def dumps(self, state: S) -> str:
        """Exact JSON text of the state."""
        return state.model_dump_json()

    def loads(self, text: str) -> S:
        """The state written by ``dumps``."""
        return self.state_type.model_validate_json(text)  # type: ignore[return-value]

    # ---- helpers for hosts ------------------------------------------------------------
    def sample_chance(self, state: S, rng: random.Random) -> str:
        """One chance outcome drawn with ``rng`` according to ``chance_odds``."""
        odds = self.chance_odds(state)
        if not odds:
            raise GameError("No chance move is due.")
        moves, weights = zip(*odds, strict=True)
        return rng.choices(moves, weights=weights, k=1)[0]


def seat_name(names: Sequence[str] | None, seat: int) -> str:
    """A display name for ``seat``: the given name, or "Player N" (1-based)."""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"Player {seat + 1}"
