"""Move notation: the canonical text of every move, and reading what a player typed into a move.

A move is a small tuple (``Move``); its canonical text round-trips through ``MOVE_BY_TEXT``.
Canonical texts (case and spacing are tolerated by ``read_move``):

* setup and dice (chance): ``juice 3`` (the next juice point in reading order gets a 3),
  ``rows orange black purple green brown`` (the cubes of rows 1..5), ``columns ...`` (columns
  a..e), ``roof ...`` (ring spaces 1..5), ``start 2`` (player 2, counting from 1, starts),
  ``roll green`` / ``roll wild``;
* ``scout 3``: the pawn to ring space 3 (``scout green`` names the space by its cube);
* ``wild purple``: the cube taken on a wild die face;
* workers: ``assistant c3 ne``, ``bodyguard b2 sw``, ``tourist d4 nw cube green`` (the third cube),
  ``cousin c3 ne then d3 nw cube orange`` (the free assistant's space, then the third cube), ``pass``;
* gold: ``swap rows 1 3``, ``swap columns b d`` (the lower line first);
* owed choices: ``reward gold`` / ``reward bodyguard``, ``arrow north`` (east, south, west),
  ``tourist to c4 nw``, ``keep green``.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from engines.base import IllegalMove
from engines.morocco.board import (
    COLOUR_BY_NAME,
    COLUMN_LETTERS,
    CORNERS,
    COUSIN_SPACES,
    DIRECTION_BY_NAME,
    DIRECTIONS,
    RING,
    SIZE,
    SPACE_BY_NAME,
    SPACE_NAMES,
    SPACES,
    STALL_BY_NAME,
)
from engines.morocco.data import COLOURS, JUICE_VALUES
from engines.morocco.state import WILD

Move = tuple[Any, ...]
"""``("scout", 3)``, ``("place", kind, space, extra colour or -1, second space or -1)``, ``("pass",)``,
``("swap", 0 rows | 1 columns, i, j)``, ``("wild", c)``, ``("reward", "gold")``, ``("arrow", d)``,
``("tourist_to", space)``, ``("keep", c)``, chance: ``("juice", v)``, ``("rows", perm)``,
``("columns", perm)``, ``("roof", perm)``, ``("start", seat)``, ``("roll", colour or WILD)``."""

LINES = ("rows", "columns")
REWARDS = ("gold", "bodyguard")
PERMUTATIONS: tuple[tuple[int, ...], ...] = tuple(itertools.permutations(range(len(COLOURS))))


# ---- canonical texts --------------------------------------------------------------------------------
def line_label(axis: int, index: int) -> str:
    """Row ``index`` -> ``"3"``; column ``index`` -> ``"c"``."""
    return str(index + 1) if axis == 0 else COLUMN_LETTERS[index]


def die_face_name(face: int) -> str:
    """A die result as a word: a colour or ``wild``."""
    return "wild" if face == WILD else COLOURS[face]


def place_text(kind: str, space: int, extra: int = -1, second: int = -1) -> str:
    """``assistant c3 ne``, ``tourist d4 nw cube green``, ``cousin c3 ne then d3 nw cube orange``."""
    text = f"{kind} {SPACE_NAMES[space]}"
    if second >= 0:
        text += f" then {SPACE_NAMES[second]}"
    if extra >= 0:
        text += f" cube {COLOURS[extra]}"
    return text


def _all_moves() -> dict[str, Move]:
    table: dict[str, Move] = {}
    for value in JUICE_VALUES:
        table[f"juice {value}"] = ("juice", value)
    for perm in PERMUTATIONS:
        names = " ".join(COLOURS[c] for c in perm)
        for line in ("rows", "columns", "roof"):
            table[f"{line} {names}"] = (line, perm)
    for seat in range(5):
        table[f"start {seat + 1}"] = ("start", seat)
    for face in [*range(len(COLOURS)), WILD]:
        table[f"roll {die_face_name(face)}"] = ("roll", face)
    for space in RING:
        table[f"scout {space}"] = ("scout", space)
    for colour, name in enumerate(COLOURS):
        table[f"wild {name}"] = ("wild", colour)
        table[f"keep {name}"] = ("keep", colour)
    for space in SPACES:
        table[place_text("assistant", space)] = ("place", "assistant", space, -1, -1)
        table[place_text("bodyguard", space)] = ("place", "bodyguard", space, -1, -1)
        table[f"tourist to {SPACE_NAMES[space]}"] = ("tourist_to", space)
        for colour in range(len(COLOURS)):
            table[place_text("tourist", space, colour)] = ("place", "tourist", space, colour, -1)
            for second in COUSIN_SPACES[space]:
                table[place_text("cousin", space, colour, second)] = ("place", "cousin", space, colour, second)
    for axis, line in enumerate(LINES):
        for i, j in itertools.combinations(range(SIZE), 2):
            table[f"swap {line} {line_label(axis, i)} {line_label(axis, j)}"] = ("swap", axis, i, j)
    for reward in REWARDS:
        table[f"reward {reward}"] = ("reward", reward)
    for direction, name in enumerate(DIRECTIONS):
        table[f"arrow {name}"] = ("arrow", direction)
    table["pass"] = ("pass",)
    return table


MOVE_BY_TEXT: dict[str, Move] = _all_moves()
TEXT_BY_MOVE: dict[Move, str] = {move: text for text, move in MOVE_BY_TEXT.items()}


def normalised(text: str) -> str:
    """Lower case, single spaces, no surrounding space."""
    return " ".join(text.lower().split())


# ---- reading what a player typed ----------------------------------------------------------------------
FORMS = {
    "scout": "scout 3",
    "assistant": "assistant c3 ne",
    "bodyguard": "bodyguard c3 ne",
    "tourist": "tourist c3 ne cube green",
    "cousin": "cousin c3 ne then d3 nw cube green",
    "swap": "swap rows 1 3",
    "wild": "wild green",
    "reward": "reward gold",
    "arrow": "arrow north",
    "tourist_to": "tourist to c4 nw",
    "keep": "keep green",
}
"""An example of each move a player types (the ``form`` parameter of a ``bad_form`` refusal)."""

_TOKEN = re.compile(r"[a-z]+\d+|[a-z]+|\d+|[^\sa-z\d]+")
_SPACE = re.compile(r"[a-z]+\d+\s*-?\s*[a-z]+")
CORNER_SET = frozenset(CORNERS)


def _colour(text: str) -> int:
    colour = COLOUR_BY_NAME.get(text)
    if colour is None:
        raise IllegalMove("no_such_colour", text=text)
    return colour


def _space(stall_text: str, corner_text: str) -> int:
    if stall_text in CORNER_SET and corner_text in STALL_BY_NAME:
        stall_text, corner_text = corner_text, stall_text
    if stall_text not in STALL_BY_NAME:
        raise IllegalMove("no_such_stall", text=stall_text)
    if corner_text not in CORNER_SET:
        raise IllegalMove("no_such_corner", text=corner_text)
    return SPACE_BY_NAME[f"{stall_text} {corner_text}"]


def _spaces(text: str, form: str) -> list[int]:
    """The spaces ``c3 ne`` (also ``c3ne``, ``c3-ne``, ``ne c3``) written in ``text``, in order."""
    tokens = [token for token in _TOKEN.findall(text) if token not in ("then", "-")]
    if not tokens or len(tokens) % 2:
        raise IllegalMove("bad_form", move=text, form=FORMS[form])
    return [_space(tokens[i], tokens[i + 1]) for i in range(0, len(tokens), 2)]


def _read_place(kind: str, rest: str) -> Move:
    """``c3 ne [then d3 nw] [cube green]`` after a worker kind."""
    head, cube, colour_text = rest.partition(" cube ")
    words = rest.split()
    extra = -1
    if cube:
        extra = _colour(colour_text.strip())
    elif words and words[-1] in COLOUR_BY_NAME:
        extra, head = COLOUR_BY_NAME[words[-1]], " ".join(words[:-1])
    spaces = _spaces(head.removesuffix(" cube"), kind)
    wanted_spaces = 2 if kind == "cousin" else 1
    if len(spaces) != wanted_spaces or (extra >= 0 and kind in ("assistant", "bodyguard")):
        raise IllegalMove("bad_form", move=f"{kind} {rest}", form=FORMS[kind])
    if extra < 0 and kind in ("tourist", "cousin"):
        raise IllegalMove("extra_cube_needed", kind=kind, form=FORMS[kind])
    return ("place", kind, spaces[0], extra, spaces[1] if kind == "cousin" else -1)


def _line_index(axis: int, text: str) -> int:
    labels = [line_label(axis, i) for i in range(SIZE)]
    if text not in labels:
        raise IllegalMove("no_such_line", line=LINES[axis], text=text, first=labels[0], last=labels[-1])
    return labels.index(text)


def _read_swap(rest: str) -> Move:
    """``rows 1 3`` / ``columns b d`` (also ``row``, ``column``, or the two labels alone)."""
    words = rest.split()
    if words and words[0] in ("row", "rows", "column", "columns"):
        axis = 0 if words.pop(0).startswith("row") else 1
    else:
        axis = 0 if words and words[0].isdigit() else 1
    if len(words) != 2:
        raise IllegalMove("bad_form", move=f"swap {rest}", form=FORMS["swap"])
    first, second = (_line_index(axis, word) for word in words)
    if first == second:
        raise IllegalMove("swap_same", line=LINES[axis], text=words[0])
    return ("swap", axis, min(first, second), max(first, second))


def _read_scout(rest: str, roof: list[int]) -> Move:
    """``3`` or the colour of the ring space's cube."""
    if rest.isdigit():
        space = int(rest)
        if space not in RING:
            raise IllegalMove("no_such_ring_space", text=rest, last=len(RING))
        return ("scout", space)
    if rest in COLOUR_BY_NAME and COLOUR_BY_NAME[rest] in roof:
        return ("scout", roof.index(COLOUR_BY_NAME[rest]) + 1)
    if not rest:
        raise IllegalMove("bad_form", move="scout", form=FORMS["scout"])
    raise IllegalMove("no_such_ring_space", text=rest, last=len(RING))


def _read_direction(rest: str) -> Move:
    for name, direction in DIRECTION_BY_NAME.items():
        if rest in (name, name[0]):
            return ("arrow", direction)
    raise IllegalMove("no_such_direction", text=rest or "?")


def _read_reward(rest: str) -> Move:
    if rest not in REWARDS:
        raise IllegalMove("bad_form", move=f"reward {rest}".strip(), form=FORMS["reward"])
    return ("reward", rest)


def _read_colour_choice(verb: str, rest: str) -> Move:
    if not rest:
        raise IllegalMove("bad_form", move=verb, form=FORMS[verb])
    return (verb, _colour(rest))


def read_move(text: str, step: str, roof: list[int]) -> Move:
    """The move ``text`` names; IllegalMove with a code saying what is wrong with how it is written.

    ``step`` lets a bare choice stand alone where it cannot be mistaken (``green`` while keeping a
    cube, ``gold`` while rewarded, ``north`` for an arrow, ``c4 nw`` for a tourist's new space).
    """
    wanted = normalised(text)
    if wanted in MOVE_BY_TEXT:
        return MOVE_BY_TEXT[wanted]
    try:
        return _read(wanted, step, roof)
    except IllegalMove as error:
        if error.code == "bad_form":
            raise IllegalMove("bad_form", move=wanted, form=error.params["form"]) from None
        raise


def _read(wanted: str, step: str, roof: list[int]) -> Move:
    verb, _, rest = wanted.partition(" ")
    if verb in ("assistant", "bodyguard", "cousin") or (verb == "tourist" and step != "tourist"):
        return _read_place(verb, rest.removeprefix("to ") if verb == "tourist" else rest)
    if verb == "tourist" or (step == "tourist" and _SPACE.fullmatch(wanted)):
        spaces = _spaces(rest.removeprefix("to ") if verb == "tourist" else wanted, "tourist_to")
        if len(spaces) != 1:
            raise IllegalMove("bad_form", move=wanted, form=FORMS["tourist_to"])
        return ("tourist_to", spaces[0])
    return _read_other(verb, rest, wanted, step, roof)


def _read_other(verb: str, rest: str, wanted: str, step: str, roof: list[int]) -> Move:
    if verb == "scout":
        return _read_scout(rest, roof)
    if verb in ("swap", "gold") and step != "reward":
        return _read_swap(rest.removeprefix("swap "))
    if verb == "arrow" or (step == "arrow" and wanted in [*DIRECTIONS, "n", "e", "s", "w"]):
        return _read_direction(rest if verb == "arrow" else wanted)
    if verb == "reward" or (step == "reward" and wanted in REWARDS):
        return _read_reward(rest if verb == "reward" else wanted)
    if verb in ("wild", "keep"):
        return _read_colour_choice(verb, rest)
    if step in ("wild", "keep") and wanted in COLOUR_BY_NAME:
        return (step, COLOUR_BY_NAME[wanted])
    raise IllegalMove("unknown_move", move=wanted, step=step)


def canonical_text(move: Move) -> str:
    """The canonical text of ``move`` (a placement no rule allows, such as a cousin far away, is spelled too)."""
    text = TEXT_BY_MOVE.get(move)
    return text if text is not None else place_text(*move[1:])
