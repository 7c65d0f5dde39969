"""Kairo board geometry and customer paths: squares, sectors, neighbours, reachability.

The board (names from ``data/cairo.json``): columns ``a``–``n`` are x 0–13, rows ``1``–``13`` are
y 1–13 (north to south). x 1–12, y 1–12 is the souk (12×12, nine 4×4 sectors). Column ``a``,
column ``n`` and row 13 are the tavern zone (38 squares); a tavern square belongs to the sector it
borders. The queue squares ``q1``–``q5`` are at y 0 over the queue columns, joined to each other
and to the souk square below them.

Customers walk orthogonally over *walkable* squares: souk squares without a stall tile (free squares,
entrances, squares with customers) and queue squares, never the tavern zone. ``PathIndex`` answers
"would blocking this square cut any entrance off from any customer?" quickly: it finds the
articulation points of the walkable graph once, and only runs a search for those.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from engines.cairo_data import CairoData, load_cairo_data

SOUK = "souk"
TAVERN = "tavern"
QUEUE = "queue"


@dataclass(frozen=True)
class Square:
    """One square of the board."""

    index: int
    name: str
    x: int
    y: int
    kind: str
    sector: str | None


class Board:
    """The fixed geometry: every square, its kind, sector and orthogonal neighbours."""

    def __init__(self, data: CairoData) -> None:
        self.data = data
        self.squares: tuple[Square, ...] = tuple(_all_squares(data))
        self.index: dict[str, int] = {square.name: square.index for square in self.squares}
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(self._neighbours_of(square) for square in self.squares)
        self.queue: tuple[int, ...] = tuple(s.index for s in self.squares if s.kind == QUEUE)

    def square(self, name: str) -> Square | None:
        """The square called ``name`` (lower case), or None."""
        found = self.index.get(name)
        return None if found is None else self.squares[found]

    def name(self, index: int) -> str:
        """The name of square ``index``."""
        return self.squares[index].name

    def _neighbours_of(self, square: Square) -> tuple[int, ...]:
        by_xy = {(s.x, s.y): s.index for s in self.squares}
        steps = ((0, -1), (1, 0), (0, 1), (-1, 0))
        found = []
        for dx, dy in steps:
            other = by_xy.get((square.x + dx, square.y + dy))
            if other is not None and _joined(square, self.squares[other]):
                found.append(other)
        return tuple(found)


def _joined(first: Square, second: Square) -> bool:
    """Queue squares touch only each other and the souk below them."""
    kinds = {first.kind, second.kind}
    return QUEUE not in kinds or kinds <= {QUEUE, SOUK}


def _all_squares(data: CairoData) -> Iterable[Square]:
    """Tavern and souk squares row by row (north to south), then the queue squares west to east."""
    size = data.souk_size
    index = 0
    for y in range(1, size + 2):
        for x in range(size + 2):
            kind = SOUK if 1 <= x <= size and y <= size else TAVERN
            name = f"{data.columns[x]}{y}"
            yield Square(index, name, x, y, kind, sector_at(data, x, y))
            index += 1
    for number, column in enumerate(data.queue_columns, start=1):
        yield Square(index, f"q{number}", data.columns.index(column), 0, QUEUE, None)
        index += 1


def sector_at(data: CairoData, x: int, y: int) -> str:
    """The sector of the square at x, y; tavern squares take the sector they border."""
    size = data.souk_size
    cx, cy = min(max(x, 1), size), min(max(y, 1), size)
    for code, sector in data.sectors.items():
        if sector.x[0] <= cx <= sector.x[1] and sector.y[0] <= cy <= sector.y[1]:
            return code
    raise ValueError(f"no sector holds {x},{y}")


@cache
def get_board() -> Board:
    """The board built from the packaged data (built once)."""
    return Board(load_cairo_data())


# ---- paths --------------------------------------------------------------------------------


def distances(board: Board, walkable: Sequence[bool], start: int) -> dict[int, int]:
    """Steps from ``start`` to every walkable square it can reach (``start`` itself at 0)."""
    found = {start: 0}
    frontier = deque([start])
    while frontier:
        here = frontier.popleft()
        for there in board.neighbours[here]:
            if walkable[there] and there not in found:
                found[there] = found[here] + 1
                frontier.append(there)
    return found


def reachable(board: Board, walkable: Sequence[bool], start: int, blocked: int | None = None) -> set[int]:
    """Walkable squares reachable from ``start`` when ``blocked`` is treated as a wall."""
    seen = {start}
    frontier = [start]
    while frontier:
        here = frontier.pop()
        for there in board.neighbours[here]:
            if walkable[there] and there != blocked and there not in seen:
                seen.add(there)
                frontier.append(there)
    return seen


def articulation_points(board: Board, walkable: Sequence[bool]) -> set[int]:
    """Walkable squares whose removal splits their component of the walkable graph."""
    order: dict[int, int] = {}
    low: dict[int, int] = {}
    points: set[int] = set()
    for root in range(len(board.squares)):
        if walkable[root] and root not in order:
            _articulations_from(board, walkable, root, order, low, points)
    return points


def _articulations_from(
    board: Board,
    walkable: Sequence[bool],
    root: int,
    order: dict[int, int],
    low: dict[int, int],
    points: set[int],
) -> None:
    """Iterative Tarjan search over one component."""
    order[root] = low[root] = len(order)
    root_children = 0
    stack: list[tuple[int, int, Iterable[int]]] = [(root, -1, iter(board.neighbours[root]))]
    while stack:
        here, parent, pending = stack[-1]
        advanced = False
        for there in pending:
            if not walkable[there]:
                continue
            if there not in order:
                order[there] = low[there] = len(order)
                if here == root:
                    root_children += 1
                stack.append((there, here, iter(board.neighbours[there])))
                advanced = True
                break
            if there != parent:
                low[here] = min(low[here], order[there])
        if advanced:
            continue
        stack.pop()
        if parent >= 0:
            low[parent] = min(low[parent], low[here])
            if parent != root and low[here] >= order[parent]:
                points.add(parent)
    if root_children > 1:
        points.add(root)


class PathIndex:
    """Answers reachability questions about one arrangement of the walkable squares.

    ``terminals`` are the squares that must stay joined: every customer and every entrance.
    """

    def __init__(self, board: Board, walkable: Sequence[bool], terminals: Sequence[int]) -> None:
        self.board = board
        self.walkable = walkable
        self.terminals = tuple(terminals)
        start = self.terminals[0] if self.terminals else None
        self.main = reachable(board, walkable, start) if start is not None else set()
        self.cut = articulation_points(board, walkable)
        self.joined = all(terminal in self.main for terminal in self.terminals)

    def can_block(self, square: int, new_entrance: int | None = None) -> bool:
        """Whether a tile on ``square`` (plus a new entrance) keeps every terminal joined to every other."""
        if not self.terminals:
            return True
        if not self.walkable[square] or square not in self.cut:
            return self.joined and (new_entrance is None or new_entrance in self.main)
        joined = reachable(self.board, self.walkable, self.terminals[0], blocked=square)
        needed = [*self.terminals, new_entrance] if new_entrance is not None else self.terminals
        return all(terminal in joined for terminal in needed)
