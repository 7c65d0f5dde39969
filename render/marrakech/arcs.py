"""The border arcs drawn round the market and Assam's walk traced through them.

The arcs are the picture of GAMES.md's table (pairs of edge squares joined by U-turns, two corner
loops). A walk is given as the squares Assam stood on; ``route_path`` finds which steps rode an
arc (the squares alone can be ambiguous: a1 to b1 is a step east or the ride over the north arc)
by replaying the walk from each heading, and ``path_pixels`` turns the steps into a polyline.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from render.grid import Square
from render.marrakech.layout import SIZE, Layout

DIRECTIONS: dict[str, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


@dataclass(frozen=True)
class BorderArc:
    """A mosaic arc outside the board that turns Assam round.

    The arc is a piece of circle of radius half a square around grid corner ``pivot`` (in
    grid-line units), running clockwise from ``start_angle`` (touching square ``start``) to
    ``end_angle`` (touching square ``end``). ``sides`` is the board edge it leaves by: one
    letter for a U-turn between two squares, two ("NE", "SW") for a corner loop, where
    ``start == end`` and the first letter is the side at ``start_angle``.
    """

    start: Square
    end: Square
    pivot: tuple[int, int]
    start_angle: int
    end_angle: int
    sides: str


def _border_arcs() -> tuple[BorderArc, ...]:
    last = SIZE - 1
    return (
        *(BorderArc((x, 0), (x + 1, 0), (x + 1, 0), 180, 360, "N") for x in (0, 2, 4)),
        *(BorderArc((last, y), (last, y + 1), (SIZE, y + 1), 270, 450, "E") for y in (1, 3, 5)),
        *(BorderArc((x + 1, last), (x, last), (x + 1, SIZE), 0, 180, "S") for x in (1, 3, 5)),
        *(BorderArc((0, y + 1), (0, y), (0, y + 1), 90, 270, "W") for y in (0, 2, 4)),
        BorderArc((last, 0), (last, 0), (SIZE, 0), 180, 450, "NE"),
        BorderArc((0, last), (0, last), (0, SIZE), 0, 270, "SW"),
    )


BORDER_ARCS = _border_arcs()
ARC_BY_SQUARES: dict[frozenset[Square], BorderArc] = {frozenset((a.start, a.end)): a for a in BORDER_ARCS}


def arc_pivot_pixels(arc: BorderArc, layout: Layout) -> tuple[float, float]:
    """The pixel centre of ``arc``'s circle."""
    return (layout.grid.left + arc.pivot[0] * layout.cell, layout.grid.top + arc.pivot[1] * layout.cell)


def arc_points(arc: BorderArc, layout: Layout, *, reverse: bool = False, scale: int = 1) -> list[tuple[float, float]]:
    """Points along ``arc`` (end to start if ``reverse``), in pixels times ``scale``."""
    cx, cy = arc_pivot_pixels(arc, layout)
    count = (arc.end_angle - arc.start_angle) // 10
    angles = [math.radians(arc.start_angle + i * 10) for i in range(count + 1)]
    if reverse:
        angles.reverse()
    radius = layout.arc_radius
    return [((cx + radius * math.cos(a)) * scale, (cy + radius * math.sin(a)) * scale) for a in angles]


# ---- Assam's path -------------------------------------------------------------------------------
@dataclass(frozen=True)
class PathStep:
    """One step of Assam's walk: a straight move between neighbours, or a ride along a border arc."""

    start: Square
    end: Square
    arc: BorderArc | None = None
    reverse: bool = False


def _on_board(square: Square) -> bool:
    return 0 <= square[0] < SIZE and 0 <= square[1] < SIZE


def _direction(origin: Square, target: Square) -> str | None:
    """The compass letter of a one-square orthogonal move, or None."""
    delta = (target[0] - origin[0], target[1] - origin[1])
    return next((name for name, step in DIRECTIONS.items() if step == delta), None)


def _step_from(square: Square, heading: str) -> tuple[PathStep, str]:
    """One step from ``square`` heading ``heading`` (round an arc if it leaves the board) and the heading after."""
    dx, dy = DIRECTIONS[heading]
    target = (square[0] + dx, square[1] + dy)
    if _on_board(target):
        return PathStep(square, target), heading
    for arc in BORDER_ARCS:
        if arc.start == square and arc.sides[0] == heading:
            return PathStep(square, arc.end, arc), OPPOSITE[arc.sides[-1]]
        if arc.end == square and arc.sides[-1] == heading:
            return PathStep(square, arc.start, arc, reverse=True), OPPOSITE[arc.sides[0]]
    raise ValueError(f"No border arc leaves {square} heading {heading}.")


def _replay(path: Sequence[Square], heading: str) -> tuple[list[PathStep], str] | None:
    """The steps of ``path`` if Assam started it heading ``heading``, and his heading at the end; None if he cannot."""
    steps: list[PathStep] = []
    square = path[0]
    for target in path[1:]:
        step, heading = _step_from(square, heading)
        if step.end != target:
            return None
        steps.append(step)
        square = target
    return steps, heading


def _guess_step(start: Square, end: Square) -> PathStep:
    """A step of a path no walk explains: an arc only between squares that are not neighbours."""
    arc = ARC_BY_SQUARES.get(frozenset((start, end)))
    if arc is None or _direction(start, end) is not None:
        return PathStep(start, end)
    return PathStep(start, end, arc, reverse=start != arc.start)


def route_path(path: Sequence[Square], final_facing: str | None) -> list[PathStep]:
    """Assam's walk through ``path`` (the squares he stood on, start included) as steps.

    The walk is replayed from each starting heading; the one ending with Assam facing
    ``final_facing`` wins (in the variant he may have been turned since, so any replay will do).
    """
    replays = [found for heading in DIRECTIONS if (found := _replay(path, heading)) is not None]
    for steps, heading in replays:
        if heading == final_facing:
            return steps
    if replays:
        return replays[0][0]
    return [_guess_step(start, end) for start, end in pairwise(path)]


def path_pixels(steps: Sequence[PathStep], layout: Layout) -> list[tuple[float, float]]:
    """The polyline through the centres of the path's squares, bending round the arcs used."""
    points: list[tuple[float, float]] = []
    for step in steps:
        if not points:
            points.append(layout.grid.centre(*step.start))
        if step.arc is not None:
            points.extend(arc_points(step.arc, layout, reverse=step.reverse))
        points.append(layout.grid.centre(*step.end))
    return points
