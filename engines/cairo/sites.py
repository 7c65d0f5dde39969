"""Where a tile may go on a ``Layout``: main stall sites with their entrances, and free squares a tile may take.

Placement rules that hold whatever the colour are answered here per square, once per layout: a
tile on a free square keeps every customer joined to every entrance (``Sites.allowed``, what an
extension needs); a main stall there also touches no tile and has a free souk square next to it
for an entrance that stays joined too (``Sites.masks``). The colour rules (zone, one per sector,
the setup limit, extending one's own stall) come on top in ``engines.cairo.rules``.

A layout derived by one move re-asks only the squares around what the move touched, and the
squares the local test could not settle (``Sites.searched``: their answer hangs on the whole
board), when the move changed the board.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from dataclasses import dataclass
from functools import lru_cache

from engines.cairo.board import get_board
from engines.cairo.occupancy import NOBODY, Layout
from engines.cairo.paths import Ranges
from engines.cairo.reach import Reach, needs_search, reach

LOCAL, SEARCHED, CUT = 0, 1, 2
"""How a square's answer was found: by the local test; by the global one, the square cutting nothing
apart; by the global one, the square a cut vertex (its answer hangs on where the terminals are)."""


@dataclass(frozen=True, slots=True)
class Sites:
    """What a tile may do on each square of a layout.

    ``allowed[square]``: a tile on this free square keeps every terminal joined. ``masks[square]``:
    bit ``b`` (of ``Board.souk_sides``) set when that neighbour may be the entrance of a main
    stall on ``square`` (0: no site). ``by_kind``: the squares with a site, in board order, per
    kind of square. ``searched``: free squares whose answer needed the global test; ``cuts``: those
    of them whose tile would cut the board apart. ``changed``: the squares whose mask differs from
    the parent layout's (None: computed afresh).
    """

    allowed: list[bool]
    masks: list[int]
    by_kind: dict[str, list[int]]
    searched: frozenset[int]
    cuts: frozenset[int]
    changed: frozenset[int] | None = None


def site_masks(layout: Layout) -> Sites:
    """The sites of ``layout`` (kept with it; the parent's are computed first, then updated)."""
    found = layout.analyses.get("sites")
    if found is None:
        found = layout.analyses["sites"] = _derived_sites(layout) or _fresh_sites(layout)
    return found  # type: ignore[no-any-return]


def ask(layout: Layout, found: Reach, square: int) -> tuple[bool, int, int]:
    """For one square: a tile allowed there, its entrance mask, and how that was found (``LOCAL`` ...)."""
    if not layout.free[square] or not found.joined:
        return False, 0, LOCAL
    if not needs_search(layout, found, square):
        if layout.touching[square] != NOBODY:
            return True, 0, LOCAL
        return True, _local_entrances(layout, found, square), LOCAL
    blocked = layout.paths.blockable(square)
    how = CUT if blocked is None or blocked[0] else SEARCHED
    if blocked is None or layout.touching[square] != NOBODY:
        return blocked is not None, 0, how
    return True, _searched_entrances(layout, square, blocked), how


def _free_sides(layout: Layout, square: int) -> int:
    """The mask of the free souk squares next to ``square``."""
    free, mask = layout.free, 0
    for bit, door in layout.board.souk_sides[square]:
        if free[door]:
            mask |= bit
    return mask


def _local_entrances(layout: Layout, found: Reach, square: int) -> int:
    """The entrance mask of a main stall on ``square`` when a tile there cuts nothing: free sides in the piece."""
    mask = _free_sides(layout, square)
    if mask and found.any:
        inside = found.inside
        for bit, door in layout.board.souk_sides[square]:
            if mask & bit and not inside[door]:
                mask ^= bit
    return mask


def _searched_entrances(layout: Layout, square: int, blocked: tuple[Ranges, bool]) -> int:
    """The entrance mask of a main stall on ``square`` by the global test (``PathIndex.entrances_when_blocked``)."""
    mask, order = _free_sides(layout, square), layout.paths.order
    ranges, inside = blocked
    for bit, door in layout.board.souk_sides[square]:
        if mask & bit:
            at = order[door]
            if at < 0 or (ranges and any(low <= at < high for low, high in ranges) != inside):
                mask ^= bit
    return mask


def _fresh_sites(layout: Layout) -> Sites:
    """Every square asked."""
    count, kinds, found = len(layout.free), layout.board.kinds, reach(layout)
    allowed, masks, by_kind, searched, cuts = [False] * count, [0] * count, {}, set(), set()
    for square in range(count):
        allowed[square], masks[square], how = ask(layout, found, square)
        if masks[square]:
            by_kind.setdefault(kinds[square], []).append(square)
        if how:
            searched.add(square)
            if how == CUT:
                cuts.add(square)
    return Sites(allowed, masks, by_kind, frozenset(searched), frozenset(cuts))


def _derived_sites(layout: Layout) -> Sites | None:
    """The parent's sites, with the squares around the move (and those the move may have changed) asked again."""
    dirty, parent = dirty_squares(layout), layout.parent
    if dirty is None or parent is None:
        return None
    old = site_masks(parent)
    allowed, masks, by_kind = list(old.allowed), list(old.masks), dict(old.by_kind)
    searched, cuts, changed = set(old.searched), set(old.cuts), set()
    kinds, copied, found = layout.board.kinds, set(), reach(layout)
    for square in dirty | _hanging(layout, old):
        allowed[square], mask, how = ask(layout, found, square)
        (searched.add if how else searched.discard)(square)
        (cuts.add if how == CUT else cuts.discard)(square)
        if mask == masks[square]:
            continue
        changed.add(square)
        if bool(mask) != bool(masks[square]):
            kind = kinds[square]
            if kind not in copied:
                by_kind[kind] = list(by_kind.get(kind, ()))
                copied.add(kind)
            _toggle(by_kind[kind], square, bool(mask))
        masks[square] = mask
    return Sites(allowed, masks, by_kind, frozenset(searched), frozenset(cuts), frozenset(changed))


def _hanging(layout: Layout, old: Sites) -> frozenset[int]:
    """The squares whose global answer the move may have changed: all searched ones after a tile on a
    walkable square; the cut vertices after a terminal moved (where the terminals are is all that changed)."""
    change = layout.change
    if change is None or change.blocked >= 0:
        return old.searched
    return old.cuts if change.terminals else frozenset()


def _toggle(squares: list[int], square: int, present: bool) -> None:
    """Insert ``square`` into, or remove it from, the sorted list ``squares``."""
    if present:
        insort(squares, square)
    else:
        del squares[bisect_left(squares, square)]


def dirty_squares(layout: Layout) -> frozenset[int] | None:
    """The squares around what the move from the parent touched (None: not derived, or the piece searched afresh).

    An answer about a square depends on its own ring only, unless the global test was needed.
    """
    if "dirty" not in layout.analyses:
        change, found = layout.change, reach(layout)
        dirty = None
        if change is not None and found.derived:
            around = layout.board.around
            moved = (*change.touched, *found.left)
            dirty = frozenset(square for touched in moved for square in around[touched])
        layout.analyses["dirty"] = dirty
    return layout.analyses["dirty"]  # type: ignore[no-any-return]


@lru_cache(maxsize=4096)
def squares_around(tiles: tuple[int, ...]) -> tuple[int, ...]:
    """The squares next to any of ``tiles`` (a stall's), in board order."""
    neighbours = get_board().neighbours
    return tuple(sorted({other for tile in tiles for other in neighbours[tile]}))
