"""The values of Marrakech, read once from ``data/marrakech.json``: die, money, carpets, colours, border arcs.

Nothing here is a rule; the rules read these values (``board``, ``rules``, ``play``). Every [R]
value of GAMES.md is in the JSON file, never in the code.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from pydantic import BaseModel, ConfigDict, model_validator

FACINGS = "NESW"
"""The four ways Assam can face, clockwise from north."""


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
        """Every arc lands on the edge it leaves by, and the table has one entry per edge square."""
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


@cache
def seat_colours(num_players: int) -> tuple[tuple[int, ...], ...]:
    """The colour ids each seat plays, by seat (two each with 2 merchants)."""
    return DATA.colours_by_player_count[num_players]


@cache
def colour_owners(num_players: int) -> tuple[int, ...]:
    """The seat owning each colour id in play."""
    owners = {colour: seat for seat, colours in enumerate(seat_colours(num_players)) for colour in colours}
    return tuple(owners[colour] for colour in range(len(owners)))
