"""What a tile on a narrow square cuts off: the pieces the walkers fall into, and the terminals in each.

Only asked of a square the obstacle pieces name a cut vertex (``engines.cairo.obstacles``); they
also tell which of its neighbours end up together. A search then explores the pieces side by side,
one square each in turn, and stops when a single piece is left unexplored, so a closed-off pocket
costs its own size, never the whole board. The layout's global index (``PathIndex``) answers
instead if the pieces ever met (they cannot on a square grid; the fallback keeps the answer right).
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.cairo.obstacles import arc_pieces, obstacles, ring_gaps
from engines.cairo.occupancy import Layout


@dataclass(slots=True)  # never changed once made (not frozen: a frozen dataclass is three times as slow to make)
class Cut:
    """The pieces a tile on one square leaves, each with the square's neighbours in it (``sides``), the
    terminals in it and its squares (``squares``: None for the piece left unexplored).
    """

    sides: tuple[tuple[int, ...], ...]
    terminals: tuple[int, ...]
    squares: tuple[frozenset[int] | None, ...]

    @property
    def allowed(self) -> bool:
        """Whether the tile keeps every terminal joined (at most one piece holds terminals)."""
        return sum(1 for count in self.terminals if count) <= 1

    def holding(self) -> int:
        """The piece holding the terminals (-1: none or several)."""
        found = [piece for piece, count in enumerate(self.terminals) if count]
        return found[0] if len(found) == 1 else -1

    def piece_of(self, square: int) -> int:
        """The piece ``square`` (a square left after the cut, as far as known) is in: explored ones first."""
        unexplored = -1
        for piece, squares in enumerate(self.squares):
            if squares is None:
                unexplored = piece
            elif square in squares:
                return piece
        return unexplored

    def moved(self, arrived: set[int], left: set[int]) -> Cut | None:
        """This cut with terminals arrived and left (None if that changes which pieces hold terminals)."""
        counts = list(self.terminals)
        for square, step in [*((square, 1) for square in arrived), *((square, -1) for square in left)]:
            piece = self.piece_of(square)
            if piece < 0:
                return None
            counts[piece] += step
        if [bool(count) for count in counts] != [bool(count) for count in self.terminals]:
            return None
        return Cut(self.sides, tuple(counts), self.squares)


def cut_at(layout: Layout, square: int) -> tuple[Cut | None, tuple[int, ...]]:
    """The cut a tile on the walkable, narrow ``square`` makes (None: it cuts nothing apart), and its gaps' pieces."""
    pieces = obstacles(layout)
    known = pieces.apart.get(square)
    if known is not None:
        return None, known
    gaps, arcs, cells = ring_gaps(layout, pieces.parent, square)
    if len(set(gaps)) == len(gaps):
        pieces.apart[square] = gaps
        return None, gaps
    groups: dict[int, list[int]] = {}
    for label, arc in zip(arc_pieces(gaps), arcs, strict=True):
        groups.setdefault(label, []).extend(cells[at] for at in arc)
    sides = tuple(tuple(group) for group in groups.values())
    return _explore(layout, square, sides) or _by_index(layout, square), gaps


def _explore(layout: Layout, square: int, sides: tuple[tuple[int, ...], ...]) -> Cut | None:
    """Search the pieces in turn until one is left; None if two pieces meet (the sides were grouped wrongly)."""
    steps, customer, door = layout.steps, layout.customer, layout.door
    seen = {square: -1}
    queues, heads, counts = [], [0] * len(sides), []
    for piece, start in enumerate(sides):
        queues.append(list(start))
        counts.append(sum(1 for side in start if customer[side] is not None or door[side] >= 0))
        seen.update(dict.fromkeys(start, piece))
    waiting = list(range(len(sides)))
    while len(waiting) > 1:
        for piece in list(waiting):
            queue = queues[piece]
            if heads[piece] == len(queue):
                waiting.remove(piece)
                continue
            here = queue[heads[piece]]
            heads[piece] += 1
            for there in steps[here]:
                owner = seen.get(there)
                if owner is None:
                    seen[there] = piece
                    queue.append(there)
                    if customer[there] is not None or door[there] >= 0:
                        counts[piece] += 1
                elif owner >= 0 and owner != piece:
                    return None
    return _finished(layout, sides, queues, counts, waiting)


def _finished(
    layout: Layout, sides: tuple[tuple[int, ...], ...], queues: list[list[int]], counts: list[int], waiting: list[int]
) -> Cut:
    """The cut once every piece but ``waiting`` (at most one) is explored: its terminals are the rest."""
    rest = waiting[0] if waiting else -1
    if rest >= 0:
        counts[rest] = len(layout.terminals) - sum(count for piece, count in enumerate(counts) if piece != rest)
    squares = tuple(None if piece == rest else frozenset(queue) for piece, queue in enumerate(queues))
    return Cut(sides, tuple(counts), squares)


def _by_index(layout: Layout, square: int) -> Cut:
    """The cut by the layout's global index (a depth-first search of the whole board)."""
    paths = layout.paths
    order, size, low, parent = paths.order, paths.size, paths.low, paths.parent
    here = order[square]
    apart = [child for child in layout.steps[square] if parent[child] == square and low[child] >= here]
    by_order = paths.tree.by_order
    pieces = [frozenset(by_order[order[child] : order[child] + size[child]]) for child in apart]
    sides = [tuple(side for side in layout.steps[square] if side in piece) for piece in pieces]
    counts = [paths.terminals[child] for child in apart]
    rest = tuple(side for side in layout.steps[square] if not any(side in piece for piece in pieces))
    if rest:
        sides.append(rest)
        counts.append(len(layout.terminals) - sum(counts))
    squares: list[frozenset[int] | None] = [*pieces, *([None] if rest else [])]
    return Cut(tuple(sides), tuple(counts), tuple(squares))
