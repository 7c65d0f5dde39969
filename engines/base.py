"""The one interface every game engine implements, and the data it speaks in.

An engine is a stateless object with pure functions over a state: a pydantic model (``GameState``) or a
pydantic dataclass with the same three common fields (``StateLike``), exactly (de)serialisable. The host (the bot, the
tests, the benchmark, the computer player) drives every game the same way::

    state = engine.new_game(3, {"variant": True})
    while (seat := engine.to_move(state)) is not None:
        if seat == CHANCE:
            move = engine.sample_chance(state, rng)          # dice, shuffles, draws
        else:
            move = ask_player(seat, engine.legal_moves(state))
        step = engine.transition(state, move)                # new state + what happened
        state = step.state
    print(engine.outcome(state))

Rules of the interface:

* All randomness, setup shuffles included, enters as explicit chance moves: when
  ``to_move(state) == CHANCE`` the legal moves are the possible outcomes and ``chance_odds``
  gives their probabilities. A log of moves therefore replays exactly.
* Moves are canonical text. ``legal_moves`` lists every legal move in a stable order; ``apply``
  accepts exactly those strings (surrounding whitespace and case are tolerated) and raises
  ``IllegalMove`` for anything else. ``apply`` never mutates its input.
* Engines hold no words. What happened is a list of ``Event`` (a code and parameters, public or
  for one seat only); a refusal is a ``GameError`` with a code and parameters naming the rule it
  applies; the end is an ``Outcome`` with a termination code. The bot's message catalogs word
  them, so the live post, the log and catch-up say one turn the same way, in any language.
* ``view(state, seat)`` is a ``View``: the fields every game shares (seats with score, out and
  to-move; phase; what the mover is deciding; the outcome) and the game's own ``details``; it
  shows that seat everything it may see and nothing more (``seat=None``: a spectator). Renderers
  draw from views only.
* Hidden information is declared: ``secret_fields`` names the state fields some seat may not see,
  and ``sample_state(view, rng)`` builds a full state from nothing but a view, drawing everything
  the view hides. The conformance suite checks, for every game by itself, that the view a sampled
  state gives is the view it came from (so the view holds all a seat knows) and that the secret
  fields do vary between samples (so the view cannot be leaking them). The computer player
  searches sampled states and is never handed the real one.
* ``to_move`` may name a seat that is not "the active player" (a reaction, a bid, a choice owed
  by another player): whoever must decide next is the one to move.
* ``partial(state)`` is True while the seat to move is in the middle of one decision that takes
  several moves (a build, then the card that pays for it): a host applies such moves together,
  all or none, and never stores a state in which a decision is half made.
* Search needs speed: ``copy`` and ``apply_in_place`` skip validation for moves that came from
  ``legal_moves``; engines make them cheap.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

CHANCE = -1
"""``to_move`` returns this when dice, a shuffle or a draw is due."""

JSONValue = Any
"""A value that ``json.dumps`` takes: str, int, float, bool, None, or lists and dicts of them."""


# ---- refusals ------------------------------------------------------------------------------------
class GameError(ValueError):
    """A request the rules refuse. ``code`` names the rule; ``params`` fill in the bot's sentence for it.

    Parameters are JSON values. By convention a key ``seat`` or ending in ``_seat`` holds a seat
    number (the bot shows the player's name) and a key ``move`` or ``text`` quotes what the player
    typed (the bot shortens it). ``str(error)`` is for logs only, never shown to a player.
    """

    def __init__(self, code: str, /, **params: JSONValue) -> None:
        self.code = code
        self.params: dict[str, JSONValue] = params
        detail = ", ".join(f"{k}={v!r}" for k, v in params.items())
        super().__init__(f"{code}({detail})" if detail else code)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_error, (type(self), self.code, self.params))


def _rebuild_error(cls: type[GameError], code: str, params: dict[str, Any]) -> GameError:
    return cls(code, **params)


class IllegalMove(GameError):
    """A move that is not legal in the current state."""


# Codes the base class raises itself; every game's catalog can rely on the bot wording them.
GAME_OVER = "game_over"
NOT_A_MOVE = "not_a_move"  # params: move
BAD_PLAYER_COUNT = "bad_player_count"  # params: game, min, max, count
UNKNOWN_OPTION = "unknown_option"  # params: game, option
OPTION_TYPE = "option_type"  # params: option, expected, value
OPTION_CHOICE = "option_choice"  # params: option, choices, value
NO_SUCH_SEAT = "no_such_seat"  # params: seat
ALREADY_LEFT = "already_left"  # params: seat
NO_CHANCE_DUE = "no_chance_due"
NO_MOVE = "no_move"
NO_STANDING_MOVES = "no_standing_moves"
UNKNOWN_GAME = "unknown_game"  # params: text, games


# ---- events ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, as data: ``code`` and JSON-able ``params``.

    ``seat`` None: everyone may know it. A seat: only that seat reads this event as it is;
    everyone else reads ``public`` instead (None: nothing at all). So "Ana draws NW from the
    deck" is ``Event("deck_draw", {"seat": 0, "card": "NW"}, seat=0, public=Event("deck_draw",
    {"seat": 0}))``. Parameter conventions are those of ``GameError``.
    """

    code: str
    params: dict[str, JSONValue] = field(default_factory=dict)
    seat: int | None = None
    public: Event | None = None

    def seen_by(self, viewer: int | None) -> Event | None:
        """The event as ``viewer`` (None: a spectator) may read it, or None if they learn nothing."""
        if self.seat is None or self.seat == viewer:
            return self
        return self.public.seen_by(viewer) if self.public is not None else None

    def to_json(self) -> dict[str, JSONValue]:
        """A JSON-able dict (``from_json`` reads it back)."""
        out: dict[str, JSONValue] = {"code": self.code, "params": self.params}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.public is not None:
            out["public"] = self.public.to_json()
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        public = data.get("public")
        return cls(
            str(data["code"]),
            dict(data.get("params") or {}),
            data.get("seat"),
            cls.from_json(public) if public else None,
        )


def events_seen_by(events: Sequence[Event], viewer: int | None) -> list[Event]:
    """``events`` as ``viewer`` may read them (events they may not know dropped)."""
    return [seen for event in events if (seen := event.seen_by(viewer)) is not None]


class Events:
    """Where an engine records what a move does.

    ``emit("tribute", seat=0, payee_seat=1, amount=4)`` records a public event: every keyword is a
    parameter (``seat`` included, by the parameter conventions). A secret one names who may read
    it with ``to=`` and what everybody else reads with ``public=``; when ``public`` is given
    without ``to``, the event is its acting ``seat``'s: ``emit("drew", seat=0, card="NW",
    public=Event("drew", {"seat": 0}))``.
    """

    __slots__ = ("items",)

    def __init__(self) -> None:
        self.items: list[Event] = []

    def emit(self, code: str, /, *, to: int | None = None, public: Event | None = None, **params: JSONValue) -> None:
        """Record ``Event(code, params, to, public)`` (see the class docstring)."""
        if public is not None and to is None:
            to = params.get("seat")
        self.items.append(Event(code, params, to, public))

    def add(self, event: Event) -> None:
        self.items.append(event)


class NoEvents(Events):
    """An ``Events`` that keeps nothing: search applies moves without paying for their story."""

    __slots__ = ()

    def emit(self, code: str, /, *, to: int | None = None, public: Event | None = None, **params: JSONValue) -> None:
        return None

    def add(self, event: Event) -> None:
        return None


NO_EVENTS = NoEvents()


# ---- options, outcome, view ---------------------------------------------------------------------
class Option(BaseModel):
    """A variant or setting a game offers at creation time (the bot's catalog describes it)."""

    model_config = ConfigDict(frozen=True)

    name: str
    default: bool | int | str
    choices: tuple[bool | int | str, ...] = ()


class Outcome(BaseModel):
    """The end of a game: final scores per seat, the winning seats (ties allowed), why it ended.

    ``termination`` is a code the bot words ("all_carpets_laid", "last_merchant", "resigned" ...);
    ``details`` holds what that sentence and the final table need (JSON values).
    """

    model_config = ConfigDict(frozen=True)

    scores: list[int]
    winners: list[int]
    termination: str
    details: dict[str, Any] = Field(default_factory=dict)


class SeatView(BaseModel):
    """What shared code needs of one seat: its place at the table, score so far, out or not, to move or not.

    ``name`` is left empty by engines; the host fills in the player's name before rendering.
    """

    seat: int
    name: str = ""
    score: int | None = None
    out: bool = False
    to_move: bool = False


class Decision(BaseModel):
    """What the seat to move is deciding now: a code and its parameters (the bot words it as a prompt)."""

    seat: int
    code: str
    params: dict[str, Any] = Field(default_factory=dict)


class View(BaseModel):
    """One seat's view of a game (``viewer`` None: a spectator), the contract between engines and the rest.

    Shared code reads only the typed fields; ``details`` is the game's own JSON-able picture
    (board, cards, supplies ...), read by that game's renderer and bot module.
    """

    game: str
    viewer: int | None
    seats: list[SeatView]
    phase: str
    to_move: int | None
    decision: Decision | None = None
    outcome: Outcome | None = None
    details: dict[str, Any] = Field(default_factory=dict)

    def with_names(self, names: Sequence[str]) -> View:
        """A copy with the seats' names filled in."""
        seats = [s.model_copy(update={"name": names[s.seat] if s.seat < len(names) else ""}) for s in self.seats]
        return self.model_copy(update={"seats": seats})

    def name_of(self, seat: int | None) -> str:
        """The name of ``seat`` ("" when unknown)."""
        if seat is None or not 0 <= seat < len(self.seats):
            return ""
        return self.seats[seat].name


class GameState(BaseModel):
    """Base of every engine's state. ``num_players`` and ``options`` are common to all games."""

    num_players: int
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    resigned: list[int] = Field(default_factory=list)


class StateLike(Protocol):
    """What every game's state has, model or pydantic dataclass: the player count, the options, who left."""

    num_players: int
    options: dict[str, bool | int | str]
    resigned: list[int]


S = TypeVar("S", bound=StateLike)


@dataclass(frozen=True)
class Transition(Generic[S]):
    """A move applied: the canonical move, the state after it and the events it caused."""

    move: str
    state: S
    events: list[Event]


# ---- the engine ------------------------------------------------------------------------------
class Engine(ABC, Generic[S]):
    """A game's rules. Subclasses set the class attributes and implement the abstract methods."""

    name: ClassVar[str]
    """The canonical name: the package ``engines.<name>``, the command ``/<name>``."""
    title: ClassVar[str]
    """The game's published title ("Kairo")."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Other names ``engines.get`` accepts ("kairo", "el cairo")."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    state_type: type[S]
    """The state's class (a ``GameState`` model or a pydantic dataclass); set on the class."""
    secret_fields: ClassVar[tuple[str, ...]] = ()
    """State fields some seat may not see (hands, hidden coins, face-down tokens, deck order)."""

    # ---- lifecycle -------------------------------------------------------------------------
    def new_game(self, num_players: int, options: Mapping[str, Any] | None = None) -> S:
        """A fresh game (before any chance move). Bad player counts or options raise GameError."""
        if not self.min_players <= num_players <= self.max_players:
            raise GameError(
                BAD_PLAYER_COUNT, game=self.name, min=self.min_players, max=self.max_players, count=num_players
            )
        return self._new_game(num_players, self.resolve_options(options))

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, bool | int | str]:
        """Defaults filled in; unknown names and values outside ``choices`` raise GameError."""
        known = {opt.name: opt for opt in self.options}
        resolved: dict[str, bool | int | str] = {opt.name: opt.default for opt in self.options}
        for key, value in (options or {}).items():
            opt = known.get(key)
            if opt is None:
                raise GameError(UNKNOWN_OPTION, game=self.name, option=str(key))
            if type(value) is not type(opt.default):
                raise GameError(OPTION_TYPE, option=key, expected=type(opt.default).__name__, value=str(value))
            if opt.choices and value not in opt.choices:
                raise GameError(OPTION_CHOICE, option=key, choices=[str(c) for c in opt.choices], value=str(value))
            resolved[key] = value
        return resolved

    @abstractmethod
    def _new_game(self, num_players: int, options: dict[str, bool | int | str]) -> S:
        """Build the initial state; options are already validated."""

    # ---- turn structure --------------------------------------------------------------------
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

    def partial(self, state: S) -> bool:
        """Whether the seat to move is part-way through one decision of several moves (see the module doc)."""
        return False

    def transition(self, state: S, move: str) -> Transition[S]:
        """Apply ``move`` to a copy of ``state``: the new state and what happened. IllegalMove if not legal now."""
        if self.to_move(state) is None:
            raise IllegalMove(GAME_OVER)
        canonical = self.canonical(state, move)
        new = self.copy(state)
        events = Events()
        self._apply(new, canonical, events)
        return Transition(canonical, new, events.items)

    def apply(self, state: S, move: str) -> S:
        """A new state after ``move``; raises IllegalMove if it is not legal now."""
        return self.transition(state, move).state

    def canonical(self, state: S, move: str) -> str:
        """The canonical spelling of ``move`` if it is legal now, else IllegalMove naming the rule."""
        wanted = " ".join(move.strip().lower().split())
        for legal in self.legal_moves(state):
            if legal.lower() == wanted:
                return legal
        raise self.refusal(state, move)

    def is_legal(self, state: S, move: str) -> bool:
        """Whether ``move`` (canonical text) is legal now. Engines make this cheaper than listing every move."""
        return move in self.legal_moves(state)

    def refusal(self, state: S, move: str) -> IllegalMove:
        """Why ``move`` is refused, as an IllegalMove whose code names the rule. Engines override this."""
        if self.to_move(state) is None:
            return IllegalMove(GAME_OVER)
        return IllegalMove(NOT_A_MOVE, move=move.strip())

    @abstractmethod
    def _apply(self, state: S, move: str, events: Events) -> None:
        """Apply a legal canonical move to ``state`` in place, recording what happened in ``events``."""

    # ---- search support -------------------------------------------------------------------------
    def copy(self, state: S) -> S:
        """An independent copy of ``state``. Engines replace the generic deep copy with a fast one."""
        return copy.deepcopy(state)

    def apply_in_place(self, state: S, move: str) -> None:
        """Apply ``move``, which must come from ``legal_moves(state)``, to ``state`` itself, unchecked, silently."""
        self._apply(state, move, NO_EVENTS)

    # ---- information --------------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: int | None) -> View:
        """What ``seat`` may see (None: a spectator)."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Final scores and winners, or None while the game is on."""

    def sample_state(self, view: View, rng: random.Random) -> S:
        """A full state consistent with ``view``: what the view shows, and everything it hides drawn at random.

        ``self.view(sample, view.viewer)`` must equal ``view``. Games with no secret fields may
        rebuild the state exactly; the default raises because a game has to say how.
        """
        raise NotImplementedError(f"{self.name} cannot rebuild a state from a view yet")

    def changed_places(self, before: View, after: View) -> list[str]:
        """The places (in the game's notation, e.g. square names) whose contents differ between two views.

        Catch-up frames them on the board. The default: none.
        """
        return []

    # ---- asynchronous play support ---------------------------------------------------------------
    def default_move(self, state: S) -> str:
        """A safe move for the seat to move, used when a late player's turn is skipped."""
        moves = self.legal_moves(state)
        if not moves:
            raise GameError(NO_MOVE)
        return moves[0]

    def resign(self, state: S, seat: int) -> S:
        """A new state in which ``seat`` has left the game (see ``resign_transition``)."""
        return self.resign_transition(state, seat).state

    def resign_transition(self, state: S, seat: int) -> Transition[S]:
        """``seat`` leaves the game: the new state and what happened.

        The default ends the game at once (scored as it stands); engines whose rules let the game
        go on without a player implement ``_resign`` that way.
        """
        if not 0 <= seat < state.num_players:
            raise GameError(NO_SUCH_SEAT, seat=seat)
        if seat in state.resigned:
            raise GameError(ALREADY_LEFT, seat=seat)
        if self.to_move(state) is None:
            raise GameError(GAME_OVER)
        new = self.copy(state)
        new.resigned.append(seat)
        events = Events()
        events.emit("resigned", seat=seat)
        self._resign(new, seat, events)
        return Transition("resign", new, events.items)

    @abstractmethod
    def _resign(self, state: S, seat: int, events: Events) -> None:
        """Take ``seat`` out of ``state`` in place (it is already in ``state.resigned``)."""

    def standing_moves(self, state: S, seat: int) -> list[str]:
        """Moves ``seat`` may make at any time, out of turn (standing orders). Most games have none."""
        return []

    def apply_standing(self, state: S, seat: int, move: str) -> Transition[S]:
        """Apply a standing move of ``seat`` (see ``standing_moves``) to a copy of ``state``."""
        raise IllegalMove(NO_STANDING_MOVES)

    # ---- persistence ----------------------------------------------------------------------------
    @cached_property
    def state_json(self) -> TypeAdapter[S]:
        """Reads and writes ``state_type`` as JSON (a model or a pydantic dataclass alike)."""
        return TypeAdapter(self.state_type)

    def dumps(self, state: S) -> str:
        """Exact JSON text of the state."""
        return self.state_json.dump_json(state).decode()

    def loads(self, text: str) -> S:
        """The state written by ``dumps``."""
        return self.state_json.validate_json(text)

    # ---- helpers for hosts --------------------------------------------------------------------
    def sample_chance(self, state: S, rng: random.Random) -> str:
        """One chance outcome drawn with ``rng`` according to ``chance_odds``."""
        odds = self.chance_odds(state)
        if not odds:
            raise GameError(NO_CHANCE_DUE)
        return rng.choices([move for move, _ in odds], weights=[weight for _, weight in odds], k=1)[0]


AnyEngine = Engine[Any]
"""Some game's engine, its state type unknown here: what ``engines.get`` and the registry hand out."""
