"""Marrakech (Dominique Ehrhard, Gigamic 2007) for 2–4 players: the rules, pure.

Each turn a merchant turns Assam, rolls the die, walks him (round the border arcs when he
leaves the 7×7 market), pays tribute when he stops on another merchant's carpets, and lays
a carpet next to him. The values (die, money, carpets, colours, border arcs, Assam's start)
live in ``data/marrakech.json``; the rules as the bot applies them are in
``docs/rules/marrakech.md``.

Move notation (canonical text; case and surrounding spaces are tolerated):

* Squares: columns ``a``–``g`` are x 0..6 west→east, rows ``1``–``7`` are y 0..6
  north→south (row 1 is the top, northern row). The centre is ``d4``. Facings: ``N E S W``.
* Turning Assam, relative to the way he faces now: ``left``, ``straight``, ``right``.
* The die (a chance move): ``roll 1`` .. ``roll 4``. After the roll the same move walks
  Assam and settles the tribute.
* The carpet draw (a chance move, 2 players only): ``draw <colour name>``, e.g. ``draw blue``.
* Laying a carpet: ``place c3-d3``, the two squares in reading order (row first, then
  column): ``place d2-d3``, ``place c3-d3``. ``apply`` also accepts the squares the other
  way round (``place d3-c3``) and spells them canonically.

Phases of a turn: ``orient`` → ``roll`` (chance) → [``draw`` (chance, 2 players)] →
``place`` → next merchant. With the ``variant`` option: ``roll`` → [``draw``] → ``place`` →
``orient`` (Assam is turned for the next merchant) → next merchant; the first turn of the
variant starts with a roll, Assam facing north.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import cache
from importlib.resources import files
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, model_validator

from engines.base import CHANCE, Engine, GameError, GameState, Option, Outcome, seat_name

Square = tuple[int, int]
Placement = tuple[Square, Square]
Phase = Literal["orient", "roll", "draw", "place", "over"]

FACINGS = "NESW"
FACING_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
STEPS: dict[str, Square] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
TURNS = {"left": -1, "straight": 0, "right": 1}
TURN_AROUND_WORDS = {"back", "around", "turn around", "reverse", "u-turn", "uturn", "180", "behind"}
COLUMNS = "abcdefg"
EMPTY = -1

REASON_ALL_PLACED = "The last carpet has been laid."
REASON_LAST_MERCHANT = "Only one merchant is still in the market."


# ---- data ---------------------------------------------------------------------------------
class ArcExit(BaseModel):
    """Where a step off the board lands Assam: a square and the way he then faces."""

    model_config = ConfigDict(frozen=True)

    x: int
    y: int
    facing: str


class MarrakechData(BaseModel):
    """The values read from ``data/marrakech.json``."""

    model_config = ConfigDict(frozen=True)

    board_size: int
    assam_start: ArcExit
    die_faces: tuple[int, ...]
    start_dirhams: int
    colour_names: tuple[str, ...]
    colours_by_player_count: dict[int, tuple[tuple[int, ...], ...]]
    carpets_per_colour: dict[int, int]
    border_arcs: dict[str, tuple[tuple[int, int, str], ...]]

    @model_validator(mode="after")
    def _arcs_stay_on_the_edge_left(self) -> MarrakechData:
        """Every arc lands on the edge square it leaves from or on its partner along that edge."""
        last = self.board_size - 1
        edge_of = {"N": ("y", 0), "S": ("y", last), "E": ("x", last), "W": ("x", 0)}
        for side, (axis, value) in edge_of.items():
            exits = self.border_arcs[side]
            if len(exits) != self.board_size:
                raise ValueError(f"border_arcs[{side}] needs {self.board_size} entries")
            for x, y, facing in exits:
                if (x if axis == "x" else y) != value or facing not in FACINGS:
                    raise ValueError(f"border_arcs[{side}] entry {(x, y, facing)} is off the {side} edge")
        return self


def load_data() -> MarrakechData:
    """Read the packaged ``data/marrakech.json``."""
    text = files("data").joinpath("marrakech.json").read_text(encoding="utf-8")
    return MarrakechData.model_validate_json(text)


DATA = load_data()
SIZE = DATA.board_size


# ---- geometry and notation ----------------------------------------------------------------
def on_board(square: Square) -> bool:
    """Whether ``square`` is one of the market's squares."""
    return 0 <= square[0] < SIZE and 0 <= square[1] < SIZE


def neighbours(square: Square) -> Iterator[Square]:
    """The squares sharing a side with ``square`` (never diagonal ones), on the board."""
    x, y = square
    for dx, dy in STEPS.values():
        if on_board((x + dx, y + dy)):
            yield (x + dx, y + dy)


def square_name(square: Square) -> str:
    """``(3, 3)`` -> ``"d4"``."""
    return f"{COLUMNS[square[0]]}{square[1] + 1}"


def parse_square(text: str) -> Square | None:
    """``"d4"`` -> ``(3, 3)``; None if it is not a square of the board."""
    match = re.fullmatch(r"([a-z])(\d+)", text.strip().lower())
    if match is None:
        return None
    square = (ord(match[1]) - ord("a"), int(match[2]) - 1)
    return square if on_board(square) else None


def reading_order(first: Square, second: Square) -> Placement:
    """The two squares sorted row first, then column."""
    return (first, second) if (first[1], first[0]) <= (second[1], second[0]) else (second, first)


@cache
def placement_move(placement: Placement) -> str:
    """The canonical move text of a placement: ``place c3-d3``."""
    first, second = reading_order(*placement)
    return f"place {square_name(first)}-{square_name(second)}"


def parse_placement_squares(move: str) -> tuple[str, str] | None:
    """The two square texts of ``place X-Y`` (also ``place X Y``), or None if it is not that shape."""
    match = re.fullmatch(r"(?:place\s+)?([a-z]\d+)\s*[-\s]\s*([a-z]\d+)", " ".join(move.lower().split()))
    return (match[1], match[2]) if match else None


def parse_placement(move: str) -> Placement | None:
    """The two squares of ``place X-Y`` as written, or None if it does not name two board squares."""
    texts = parse_placement_squares(move)
    if texts is None:
        return None
    first, second = parse_square(texts[0]), parse_square(texts[1])
    return None if first is None or second is None else (first, second)


def turned(facing: str, orientation: str) -> str:
    """The facing after turning ``left``/``straight``/``right``."""
    return FACINGS[(FACINGS.index(facing) + TURNS[orientation]) % 4]


def opposite(facing: str) -> str:
    """The facing behind ``facing``."""
    return FACINGS[(FACINGS.index(facing) + 2) % 4]


def step(x: int, y: int, facing: str) -> tuple[int, int, str]:
    """One step of Assam; a step off the board follows the border arc and counts as the step."""
    dx, dy = STEPS[facing]
    if on_board((x + dx, y + dy)):
        return x + dx, y + dy, facing
    along_edge = x if facing in "NS" else y
    return DATA.border_arcs[facing][along_edge]


def walk(x: int, y: int, facing: str, steps: int) -> list[tuple[int, int, str]]:
    """Assam's positions after each of ``steps`` steps (the start not included)."""
    positions = []
    for _ in range(steps):
        x, y, facing = step(x, y, facing)
        positions.append((x, y, facing))
    return positions


@cache
def placements_touching(assam: Square) -> tuple[Placement, ...]:
    """Every pair of side-by-side squares with one beside Assam and none on him, in reading order.

    Each square beside Assam has at least two other neighbours, and at most one of them can
    be the other visible half of the same carpet, so a legal placement always exists.
    """
    found: set[Placement] = set()
    for beside in neighbours(assam):
        for other in neighbours(beside):
            if other != assam:
                found.add(reading_order(beside, other))
    return tuple(sorted(found, key=lambda p: (p[0][1], p[0][0], p[1][1], p[1][0])))


def index_of(square: Square) -> int:
    """The position of ``square`` in the flat board list."""
    return square[1] * SIZE + square[0]


# ---- state ---------------------------------------------------------------------------------
class Tribute(BaseModel):
    """A tribute paid this turn (``amount`` is what was actually paid)."""

    model_config = ConfigDict(frozen=True)

    payer: int
    payee: int
    amount: int


class TurnEvents(BaseModel):
    """What happened in the most recent turn, for the log and the picture."""

    seat: int
    roll: int | None = None
    path: list[list[int]] = []
    tribute: Tribute | None = None
    carpet: list[list[int]] | None = None
    eliminated: int | None = None

    def copied(self) -> TurnEvents:
        """An independent copy (no list shared with this one)."""
        return self.model_copy(
            update={
                "path": [list(square) for square in self.path],
                "carpet": [list(square) for square in self.carpet] if self.carpet is not None else None,
            }
        )


class MarrakechState(GameState):
    """A game of Marrakech. Squares are flat indices ``y * 7 + x`` into ``board``."""

    colour_owner: list[int]
    """Seat owning each colour id."""
    dirhams: list[int]
    out: list[bool]
    pile: list[int]
    """Carpets of each colour not yet laid (only counts: the 2-player pile order is a chance draw)."""
    board: list[int]
    """The carpet id on top of each square, or -1."""
    carpet_colours: list[int]
    """The colour id of each laid carpet, by carpet id (ids count up from 0)."""
    assam_x: int
    assam_y: int
    facing: str
    seat: int = 0
    phase: Phase = "orient"
    next_carpet: int | None = None
    last: TurnEvents | None = None
    end_reason: str | None = None

    @property
    def assam(self) -> Square:
        """Assam's square."""
        return (self.assam_x, self.assam_y)

    @property
    def variant(self) -> bool:
        """Whether Assam is turned at the end of a turn, for the next merchant."""
        return bool(self.options.get("variant", False))

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> MarrakechState:
        """A full copy made field by field (``apply`` copies the state on every move, and the
        generic deep copy was most of the time of a game): the state holds only scalars, flat
        lists, the flat options dict and ``last``."""
        update: dict[str, Any] = {name: list(getattr(self, name)) for name in FLAT_LIST_FIELDS}
        update["options"] = dict(self.options)
        update["last"] = self.last.copied() if self.last is not None else None
        return self.model_copy(update=update)


FLAT_LIST_FIELDS = tuple(
    name
    for name, field in MarrakechState.model_fields.items()
    if field.annotation in (list[int], list[bool], list[str])
)


# ---- rules over a state --------------------------------------------------------------------
def colours_of(state: MarrakechState, seat: int) -> list[int]:
    """The colour ids of ``seat``."""
    return [colour for colour, owner in enumerate(state.colour_owner) if owner == seat]


def carpets_left(state: MarrakechState, seat: int) -> int:
    """How many carpets ``seat`` still has to lay (the one in hand included)."""
    return sum(state.pile[colour] for colour in colours_of(state, seat))


def players_in(state: MarrakechState) -> list[int]:
    """The seats still in the game."""
    return [seat for seat, is_out in enumerate(state.out) if not is_out]


def top_colour(state: MarrakechState, square: Square) -> int | None:
    """The colour id of the carpet on top of ``square``, or None if it is bare."""
    carpet = state.board[index_of(square)]
    return None if carpet == EMPTY else state.carpet_colours[carpet]


def is_neutral(state: MarrakechState, colour: int) -> bool:
    """A colour is neutral once its merchant is out."""
    return state.out[state.colour_owner[colour]]


def tribute_area(state: MarrakechState, square: Square) -> set[Square]:
    """The squares orthogonally connected to ``square`` through visible carpet of its colour."""
    colour = top_colour(state, square)
    if colour is None:
        return set()
    area, frontier = {square}, [square]
    while frontier:
        for near in neighbours(frontier.pop()):
            if near not in area and top_colour(state, near) == colour:
                area.add(near)
                frontier.append(near)
    return area


def visible_squares(state: MarrakechState, seat: int) -> int:
    """Visible squares that score for ``seat`` (none once the merchant is out: they are neutral)."""
    if state.out[seat]:
        return 0
    own = set(colours_of(state, seat))
    return sum(1 for carpet in state.board if carpet != EMPTY and state.carpet_colours[carpet] in own)


def score(state: MarrakechState, seat: int) -> int:
    """Dirhams plus scoring visible squares."""
    return state.dirhams[seat] + visible_squares(state, seat)


def whole_carpet_covered(state: MarrakechState, placement: Placement, seat: int) -> int | None:
    """The id of a carpet not of ``seat``'s colours whose two visible halves ``placement`` covers."""
    first, second = (state.board[index_of(square)] for square in placement)
    if first == EMPTY or first != second:
        return None
    return None if state.colour_owner[state.carpet_colours[first]] == seat else first


def legal_placements(state: MarrakechState) -> list[Placement]:
    """The placements the merchant to move may make now, in reading order."""
    return [
        placement
        for placement in placements_touching(state.assam)
        if whole_carpet_covered(state, placement, state.seat) is None
    ]


def next_seat(state: MarrakechState) -> int | None:
    """The next seat clockwise that is in and still has carpets, or None."""
    for offset in range(1, state.num_players + 1):
        seat = (state.seat + offset) % state.num_players
        if not state.out[seat] and carpets_left(state, seat) > 0:
            return seat
    return None


def take_out(state: MarrakechState, seat: int) -> None:
    """``seat`` leaves: carpets on the board turn neutral, carpets in hand leave the game."""
    state.out[seat] = True
    for colour in colours_of(state, seat):
        state.pile[colour] = 0


def end_game(state: MarrakechState, reason: str) -> None:
    """Mark the game over."""
    state.phase = "over"
    state.next_carpet = None
    state.end_reason = reason


def pass_turn(state: MarrakechState) -> None:
    """Hand the turn to the next merchant, or end the game if no one is left to play."""
    state.next_carpet = None
    if len(players_in(state)) < 2:
        end_game(state, REASON_LAST_MERCHANT)
        return
    following = next_seat(state)
    if following is None:
        end_game(state, REASON_ALL_PLACED)
        return
    state.seat = following
    state.phase = "roll" if state.variant else "orient"


def settle_tribute(state: MarrakechState, events: TurnEvents) -> None:
    """The merchant to move pays for the area Assam stands on; one who cannot pay all is out."""
    colour = top_colour(state, state.assam)
    if colour is None or is_neutral(state, colour):
        return
    payee = state.colour_owner[colour]
    if payee == state.seat:
        return
    due = len(tribute_area(state, state.assam))
    paid = min(due, state.dirhams[state.seat])
    state.dirhams[state.seat] -= paid
    state.dirhams[payee] += paid
    events.tribute = Tribute(payer=state.seat, payee=payee, amount=paid)
    if paid < due:
        take_out(state, state.seat)
        events.eliminated = state.seat


# ---- the engine ----------------------------------------------------------------------------
class MarrakechEngine(Engine[MarrakechState]):
    """Marrakech: turn Assam, roll, pay tribute, lay a carpet."""

    name = "marrakech"
    title = "Marrakech"
    min_players = 2
    max_players = 4
    options = (
        Option(
            name="variant",
            description="Rulebook variant: roll first, and turn Assam at the end of your turn for the next merchant.",
            default=False,
        ),
    )
    state_type = MarrakechState

    # ---- lifecycle ----------------------------------------------------------------------
    def _new_game(self, num_players: int, options: dict[str, bool | int | str]) -> MarrakechState:
        seats_colours = DATA.colours_by_player_count[num_players]
        colour_count = sum(len(colours) for colours in seats_colours)
        colour_owner = [self._owner(seats_colours, colour) for colour in range(colour_count)]
        return MarrakechState(
            num_players=num_players,
            options=options,
            colour_owner=colour_owner,
            dirhams=[DATA.start_dirhams] * num_players,
            out=[False] * num_players,
            pile=[DATA.carpets_per_colour[num_players]] * len(colour_owner),
            board=[EMPTY] * (SIZE * SIZE),
            carpet_colours=[],
            assam_x=DATA.assam_start.x,
            assam_y=DATA.assam_start.y,
            facing=DATA.assam_start.facing,
            phase="roll" if options.get("variant") else "orient",
        )

    @staticmethod
    def _owner(seats_colours: Sequence[Sequence[int]], colour: int) -> int:
        """The seat whose colour list holds ``colour``."""
        return next(seat for seat, colours in enumerate(seats_colours) if colour in colours)

    # ---- turn structure -------------------------------------------------------------------
    def to_move(self, state: MarrakechState) -> int | None:
        if state.phase == "over":
            return None
        return CHANCE if state.phase in ("roll", "draw") else state.seat

    def legal_moves(self, state: MarrakechState) -> list[str]:
        if state.phase == "orient":
            return list(TURNS)
        if state.phase == "roll":
            return [f"roll {face}" for face in sorted(set(DATA.die_faces))]
        if state.phase == "draw":
            return [f"draw {DATA.colour_names[c]}" for c in colours_of(state, state.seat) if state.pile[c]]
        if state.phase == "place":
            return [placement_move(placement) for placement in legal_placements(state)]
        return []

    def chance_odds(self, state: MarrakechState) -> list[tuple[str, float]]:
        if state.phase == "roll":
            faces = DATA.die_faces
            return [(f"roll {face}", faces.count(face) / len(faces)) for face in sorted(set(faces))]
        if state.phase == "draw":
            counts = {c: state.pile[c] for c in colours_of(state, state.seat) if state.pile[c]}
            total = sum(counts.values())
            return [(f"draw {DATA.colour_names[c]}", n / total) for c, n in counts.items()]
        return []

    def canonical(self, state: MarrakechState, move: str) -> str:
        """Like the base, but a placement may name its two squares in either order."""
        placement = parse_placement(move) if state.phase == "place" else None
        if placement is not None and placement_move(placement) in self.legal_moves(state):
            return placement_move(placement)
        return super().canonical(state, move)

    def _apply(self, state: MarrakechState, move: str) -> None:
        verb, _, argument = move.partition(" ")
        if state.phase == "orient":
            self._orient(state, move)
        elif verb == "roll":
            self._roll(state, int(argument))
        elif verb == "draw":
            state.next_carpet = DATA.colour_names.index(argument)
            state.phase = "place"
        else:
            self._place(state, move)

    def _orient(self, state: MarrakechState, orientation: str) -> None:
        state.facing = turned(state.facing, orientation)
        if state.variant:
            pass_turn(state)
        else:
            state.phase = "roll"

    def _roll(self, state: MarrakechState, steps: int) -> None:
        start = [state.assam_x, state.assam_y]
        positions = walk(state.assam_x, state.assam_y, state.facing, steps)
        state.assam_x, state.assam_y, state.facing = positions[-1]
        events = TurnEvents(seat=state.seat, roll=steps, path=[start, *([x, y] for x, y, _ in positions)])
        settle_tribute(state, events)
        state.last = events
        own_colours = colours_of(state, state.seat)
        if state.out[state.seat]:
            pass_turn(state)
        elif len(own_colours) > 1:
            state.phase = "draw"
        else:
            state.next_carpet = own_colours[0]
            state.phase = "place"

    def _place(self, state: MarrakechState, move: str) -> None:
        placement = parse_placement(move)
        colour = state.next_carpet
        assert placement is not None and colour is not None
        carpet = len(state.carpet_colours)
        state.carpet_colours.append(colour)
        for square in placement:
            state.board[index_of(square)] = carpet
        state.pile[colour] -= 1
        state.next_carpet = None
        if state.last is not None and state.last.seat == state.seat:
            state.last.carpet = [list(square) for square in placement]
        if all(carpets_left(state, seat) == 0 for seat in players_in(state)):
            end_game(state, REASON_ALL_PLACED)
        elif state.variant:
            state.phase = "orient"
        else:
            pass_turn(state)

    # ---- refusals -------------------------------------------------------------------------
    def explain_illegal(self, state: MarrakechState, move: str) -> str:
        wanted = " ".join(move.strip().lower().split())
        if state.phase == "over":
            return "The game is over."
        if state.phase in ("roll", "draw"):
            return "The die and the carpet pile decide now, not a player."
        if state.phase == "orient":
            return self._explain_orientation(state, wanted)
        return self._explain_placement(state, wanted)

    @staticmethod
    def _explain_orientation(state: MarrakechState, wanted: str) -> str:
        facing_asked = wanted.upper() if wanted.upper() in FACINGS else None
        if wanted in TURN_AROUND_WORDS or facing_asked == opposite(state.facing):
            return "Assam cannot turn around: turn him left or right, or keep him straight."
        return f"{wanted!r} is not a move now: turn Assam left, straight or right."

    @staticmethod
    def _explain_placement(state: MarrakechState, wanted: str) -> str:
        texts = parse_placement_squares(wanted)
        if texts is None:
            return "Lay your carpet on two squares side by side, written like `place c3-d3`."
        for text in texts:
            if parse_square(text) is None:
                return f"{text} is not on the board (columns a–g, rows 1–7)."
        placement = parse_placement(wanted)
        assert placement is not None
        return placement_refusal(state, *placement)

    # ---- information ----------------------------------------------------------------------
    def view(self, state: MarrakechState, seat: int | None) -> dict[str, Any]:
        return {
            "game": self.name,
            "num_players": state.num_players,
            "variant": state.variant,
            "colours": list(DATA.colour_names[: len(state.colour_owner)]),
            "players": [self._player_view(state, player) for player in range(state.num_players)],
            "board": [[self._cell_view(state, (x, y)) for x in range(SIZE)] for y in range(SIZE)],
            "assam": {"x": state.assam_x, "y": state.assam_y, "facing": state.facing},
            "to_move": self.to_move(state),
            "phase": state.phase,
            "next_carpet": self._carpet_in_hand(state),
            "last": state.last.model_dump() if state.last else None,
            "outcome": outcome.model_dump() if (outcome := self.outcome(state)) else None,
        }

    @staticmethod
    def _player_view(state: MarrakechState, seat: int) -> dict[str, Any]:
        visible = visible_squares(state, seat)
        return {
            "seat": seat,
            "colours": colours_of(state, seat),
            "dirhams": state.dirhams[seat],
            "carpets_left": carpets_left(state, seat),
            "out": state.out[seat],
            "visible": visible,
            "score": state.dirhams[seat] + visible,
        }

    @staticmethod
    def _cell_view(state: MarrakechState, square: Square) -> dict[str, Any] | None:
        carpet = state.board[index_of(square)]
        if carpet == EMPTY:
            return None
        colour = state.carpet_colours[carpet]
        return {"colour": colour, "carpet": carpet, "neutral": is_neutral(state, colour)}

    @staticmethod
    def _carpet_in_hand(state: MarrakechState) -> int | None:
        """The colour being laid this turn: drawn with 2 players, the merchant's own otherwise."""
        if state.phase == "over" or state.next_carpet is not None:
            return state.next_carpet
        own_colours = colours_of(state, state.seat)
        return own_colours[0] if len(own_colours) == 1 else None

    def outcome(self, state: MarrakechState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = [score(state, seat) for seat in range(state.num_players)]
        ranking = {seat: (scores[seat], state.dirhams[seat]) for seat in players_in(state)}
        best = max(ranking.values())
        return Outcome(
            scores=scores,
            winners=[seat for seat, rank in ranking.items() if rank == best],
            reason=state.end_reason or REASON_ALL_PLACED,
            details={
                "dirhams": list(state.dirhams),
                "out": [s for s in range(state.num_players) if state.out[s]],
            },
        )

    def describe(
        self,
        state: MarrakechState,
        move: str,
        names: Sequence[str] | None = None,
        viewer: int | None = None,
    ) -> str:
        canonical = self.canonical(state, move)
        who = seat_name(names, state.seat)
        if state.phase == "orient":
            return describe_orientation(who, state.facing, canonical)
        if state.phase == "roll":
            return describe_roll(state, self.apply(state, canonical), names)
        if state.phase == "draw":
            return f"{who} drew a {canonical.split(' ', 1)[1]} carpet"
        colour = DATA.colour_names[state.next_carpet] if state.next_carpet is not None else "?"
        return f"{who} placed a {colour} carpet on {canonical.split(' ', 1)[1]}"

    # ---- asynchronous play support -----------------------------------------------------------
    def default_move(self, state: MarrakechState) -> str:
        """Keep Assam straight; lay the first legal carpet in reading order."""
        if state.phase == "orient":
            return "straight"
        return super().default_move(state)

    def _resign(self, state: MarrakechState, seat: int) -> None:
        """The merchant is out like one who could not pay; the others play on while 2+ are in."""
        if state.out[seat]:
            raise GameError("That merchant is already out of the game.")
        take_out(state, seat)
        if len(players_in(state)) < 2:
            end_game(state, REASON_LAST_MERCHANT)
        elif seat == state.seat:
            pass_turn(state)


# ---- refusal and log sentences ---------------------------------------------------------------
def placement_refusal(state: MarrakechState, first: Square, second: Square) -> str:
    """Which placement rule a carpet on ``first`` and ``second`` breaks."""
    if second not in neighbours(first):
        return f"{square_name(first)} and {square_name(second)} are not side by side."
    for square in (first, second):
        if square == state.assam:
            return f"{square_name(square)} is Assam's square."
    if not any(square in neighbours(state.assam) for square in (first, second)):
        return "The carpet must touch Assam's square."
    placement = reading_order(first, second)
    covered = whole_carpet_covered(state, placement, state.seat)
    if covered is not None:
        colour = DATA.colour_names[state.carpet_colours[covered]]
        where = placement_move(placement).removeprefix("place ")
        return f"{where} would cover another merchant's whole {colour} carpet."
    return f"{placement_move(placement)} is not a legal move now."


def describe_orientation(who: str, facing: str, orientation: str) -> str:
    """``Ana turned Assam left, to face west`` / ``Ana kept Assam facing north``."""
    if orientation == "straight":
        return f"{who} kept Assam facing {FACING_NAMES[facing]}"
    return f"{who} turned Assam {orientation}, to face {FACING_NAMES[turned(facing, orientation)]}"


def describe_roll(before: MarrakechState, after: MarrakechState, names: Sequence[str] | None) -> str:
    """``Ana rolled 3: Assam to d5; Ana paid Ben 4`` (and whether Ana is out)."""
    events = after.last
    assert events is not None
    who = seat_name(names, events.seat)
    sentence = f"{who} rolled {events.roll}: Assam to {square_name(after.assam)}"
    if after.facing != before.facing:
        sentence += f", round the border, now facing {FACING_NAMES[after.facing]}"
    if events.tribute is not None:
        sentence += f"; {who} paid {seat_name(names, events.tribute.payee)} {events.tribute.amount}"
    if events.eliminated is not None:
        sentence += ", all they had, and is out"
    return sentence


ENGINE = MarrakechEngine()
