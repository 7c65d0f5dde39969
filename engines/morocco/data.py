"""The values of Morocco, read once from ``data/morocco.json``: market size, colours, die, tokens, pieces, points.

Nothing here is a rule; the rules read these values. Every [R] value of GAMES.md (die faces,
juice token counts, the corner spaces, the ranking of ties) is in the JSON file. Two [R] rulings have no
value to set and are only noted there (``reconstructions``) and on the rules page: the cube supply is
unlimited (the rulebook gives no count) and the score track is plain numbers (no track length, no wrap).
"""

from __future__ import annotations

from importlib.resources import files
from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator


class Pieces(BaseModel):
    """What each player starts with (bodyguards start in the guards' quarters, not in hand)."""

    model_config = ConfigDict(frozen=True)

    assistants: int
    tourists: int
    bodyguards: int
    cousins: int
    market_tiles: int


class Points(BaseModel):
    """Victory points of a stall's places."""

    model_config = ConfigDict(frozen=True)

    first: int
    tied_first: int
    second: int
    tied_second: int
    third: int


class MoroccoData(BaseModel):
    """The values read from ``data/morocco.json``."""

    model_config = ConfigDict(frozen=True)

    market_size: int
    corners: tuple[str, ...]
    colours: tuple[str, ...]
    roof_spaces: int
    die_faces: tuple[str, ...]
    die_rolls: dict[int, int]
    juice_tokens: dict[int, int]
    pieces: Pieces
    gold_supply: int
    gold_limit: int
    empty_stall_tiles: int
    cubes_kept: int
    worker_weight: dict[str, int]
    full_at: int
    points: Points
    district_points: int
    gold_points: int
    final_round_open: int
    ranking: Literal["competition"]

    @model_validator(mode="after")
    def _consistent(self) -> MoroccoData:
        """One cube of each colour per row, column and roof space; one token per grid intersection."""
        if not (len(self.colours) == self.market_size == self.roof_spaces):
            raise ValueError("rows, columns and roof spaces each take one cube of every colour")
        if sum(self.juice_tokens.values()) != (self.market_size + 1) ** 2:
            raise ValueError("one juice token per grid intersection")
        if len(self.corners) != 4 or any(f not in (*self.colours, "wild") for f in self.die_faces):
            raise ValueError("four corners per stall; die faces are colours or wild")
        return self


def load_data() -> MoroccoData:
    """Read the packaged ``data/morocco.json``."""
    text = files("data").joinpath("morocco.json").read_text(encoding="utf-8")
    return MoroccoData.model_validate_json(text)


DATA = load_data()
COLOURS = DATA.colours
JUICE_VALUES: tuple[int, ...] = tuple(sorted(DATA.juice_tokens))
"""The token values in order (2, 3, 4): ``juice_held`` and ``juice_removed`` count tokens per value in this order."""
KINDS: tuple[str, ...] = ("assistant", "bodyguard", "tourist")
"""Worker kinds on the board, in the order of their codes."""
WEIGHT: tuple[int, ...] = tuple(DATA.worker_weight[kind] for kind in KINDS)
