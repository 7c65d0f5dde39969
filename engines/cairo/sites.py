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
from engines.cairo.cuts import Cut, cut_at
from engines.cairo.obstacles import find, obstacles
from engines.cairo.occupancy import NOBODY, Layout
from engines.cairo.paths import Ranges, ring_joined_at
from engines.cairo.reach import Reach, needs_search, reach

LOCAL, GAPS, CUT = 0, 1, 2
"""How a square's answer was found: by the ring test; by the obstacle pieces, the square cutting nothing
apart; by the global search, the square a cut vertex (its answer hangs on where the terminals are)."""


@dataclass(slots=True)  # never changed once made (not frozen: a frozen dataclass is three times as slow to make)
class Sites:
    """What a tile may do on each square of a layout.

    ``allowed[square]``: a tile on this free square keeps every terminal joined. ``masks[square]``:
    bit ``b`` (of ``Board.souk_sides``) set when that neighbour may be the entrance of a main
    stall on ``square`` (0: no site). ``by_kind``: the squares with a site, in board order, per
    kind of square. ``searched``: the free squares the ring test could not settle, with the obstacle
    pieces of their gaps (``engines.cairo.obstacles``); ``cuts``: those of them whose tile would cut
    the walkers apart, with the cut (``engines.cairo.cuts``). ``changed``: the squares whose mask
    differs from the parent layout's (None: computed afresh).
    """

    allowed: list[bool]
    masks: list[int]
    by_kind: dict[str, list[int]]
    searched: dict[int, tuple[int, ...]]
    cuts: dict[int, Cut]
    changed: frozenset[int] | None = None
    """Never changed once made: a layout whose move changed no answer shares its parent's lists."""
    allowed_bits: int = 0
    """``allowed`` as one board mask (``Board.bits``)."""


def site_masks(layout: Layout) -> Sites:
    """The sites of ``layout`` (kept with it; the parent's are computed first, then updated)."""
    found: Sites | None = layout.analyses.get("sites")
    if found is None:
        found = layout.analyses["sites"] = _derived_sites(layout) or _fresh_sites(layout)
    return found


Answer = tuple[bool, int, int, tuple[int, ...], Cut | None]
"""What ``ask`` finds for one square: tile allowed, entrance mask, how (``LOCAL`` ...), gaps' pieces, the cut."""


def ask(layout: Layout, found: Reach, square: int) -> Answer:
    """For one square: a tile allowed there, its entrance mask, how that was found, its gaps' pieces and cut."""
    free = layout.free
    if not free[square] or not found.joined:
        return False, 0, LOCAL, (), None
    board = layout.board
    if not (
        found.any
        and layout.walkable[square]
        and found.inside[square]
        and not ring_joined_at(board.rings[square], board.at[square], board.width, layout.walk_bits, layout.walkable)
    ):  # ``needs_search`` is false: ``_local_entrances``, inlined (the commonest answer by far)
        if layout.touching[square] != NOBODY:
            return True, 0, LOCAL, (), None
        mask = 0
        if found.any:
            inside = found.inside
            for bit, door in board.souk_sides[square]:
                if free[door] and inside[door]:
                    mask |= bit
        else:
            for bit, door in board.souk_sides[square]:
                if free[door]:
                    mask |= bit
        return True, mask, LOCAL, (), None
    cut, gaps = cut_at(layout, square)
    if cut is None:
        return True, _local_entrances(layout, found, square), GAPS, gaps, None
    if not cut.allowed or layout.touching[square] != NOBODY:
        return cut.allowed, 0, CUT, gaps, cut
    return True, _cut_entrances(layout, square, cut), CUT, gaps, cut


def _free_sides(layout: Layout, square: int) -> int:
    """The mask of the free souk squares next to ``square``."""
    free, mask = layout.free, 0
    for bit, door in layout.board.souk_sides[square]:
        if free[door]:
            mask |= bit
    return mask


def _local_entrances(layout: Layout, found: Reach, square: int) -> int:
    """The entrance mask of a main stall on ``square`` when a tile there cuts nothing: free sides in the piece."""
    if layout.touching[square] != NOBODY:
        return 0
    mask = _free_sides(layout, square)
    if mask and found.any:
        inside = found.inside
        for bit, door in layout.board.souk_sides[square]:
            if mask & bit and not inside[door]:
                mask ^= bit
    return mask


def _cut_entrances(layout: Layout, square: int, cut: Cut) -> int:
    """The entrance mask of a main stall on ``square`` when a tile there cuts: free sides in the terminals' piece."""
    mask, keep = _free_sides(layout, square), cut.sides[cut.holding()]
    for bit, door in layout.board.souk_sides[square]:
        if mask & bit and door not in keep:
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


def masks_of_kind(layout: Layout, kind: str) -> list[tuple[int, int]]:
    """``(square, entrance mask)`` for every square of ``kind`` where a main stall may stand, in board order.

    Asked square by square, narrow squares by the global search: for a layout asked once, such as
    one with a stall lifted off (no layout is derived from it, so ``Sites`` would be wasted).
    """
    found = reach(layout)
    masks: list[tuple[int, int]] = []
    if not found.joined:
        return masks
    free, touching = layout.free, layout.touching
    for square in squares_of_kind(kind):
        if not free[square] or touching[square] != NOBODY:
            continue
        if not needs_search(layout, found, square):
            mask = _local_entrances(layout, found, square)
        elif (blocked := layout.paths.blockable(square)) is not None:
            mask = _searched_entrances(layout, square, blocked)
        else:
            continue
        if mask:
            masks.append((square, mask))
    return masks


@lru_cache(maxsize=8)
def squares_of_kind(kind: str) -> tuple[int, ...]:
    """The squares of one kind, in board order."""
    return get_board().of_kind(kind)


def _fresh_sites(layout: Layout) -> Sites:
    """Every square asked."""
    count, kinds, found, bits = len(layout.free), layout.board.kinds, reach(layout), layout.board.bits
    allowed, masks, searched, cuts = [False] * count, [0] * count, {}, {}
    by_kind: dict[str, list[int]] = {}
    allowed_bits = 0
    for square in range(count):
        allowed[square], masks[square], how, gaps, cut = ask(layout, found, square)
        if allowed[square]:
            allowed_bits |= bits[square]
        if masks[square]:
            by_kind.setdefault(kinds[square], []).append(square)
        if how:
            searched[square] = gaps
        if cut is not None:
            cuts[square] = cut
    return Sites(allowed, masks, by_kind, searched, cuts, None, allowed_bits)


def _derived_sites(layout: Layout) -> Sites | None:
    """The parent's sites, with the squares around the move (and those the move may have changed) asked again."""
    dirty, parent = dirty_squares(layout), layout.parent
    if dirty is None or parent is None:
        return None
    old = site_masks(parent)
    cuts = dict(old.cuts)
    again = _again(layout, parent, old, dirty, cuts)
    if not again:
        return Sites(old.allowed, old.masks, old.by_kind, old.searched, cuts, frozenset(), old.allowed_bits)
    allowed, masks, by_kind = list(old.allowed), list(old.masks), dict(old.by_kind)
    searched, changed = dict(old.searched), set()
    kinds, copied, found, bits = layout.board.kinds, set(), reach(layout), layout.board.bits
    allowed_bits = old.allowed_bits
    for square in again:
        allowed[square], mask, how, gaps, cut = ask(layout, found, square)
        if allowed[square]:
            allowed_bits |= bits[square]
        else:
            allowed_bits &= ~bits[square]
        if how:
            searched[square] = gaps
        else:
            searched.pop(square, None)
        if cut is None:
            cuts.pop(square, None)
        else:
            cuts[square] = cut
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
    return Sites(allowed, masks, by_kind, searched, cuts, frozenset(changed), allowed_bits)


def _again(layout: Layout, parent: Layout, old: Sites, dirty: set[int], cuts: dict[int, Cut]) -> set[int]:
    """The squares to ask again: those around the move, and those away from it whose answer it may have changed.

    A tile changes a square's answer from afar only by merging obstacle pieces of its gaps (two of
    them becoming one make it a cut vertex). A cut vertex's answer also hangs on where the
    terminals are: when they move, ``cuts`` gets its cuts recounted, or it is asked again when
    another piece now holds terminals.
    """
    change, again = layout.change, set(dirty)
    assert change is not None
    merged = obstacles(layout).merged if change.blocked >= 0 else frozenset()
    if merged:
        pieces = obstacles(parent).parent
        again.update(
            square for square, gaps in old.searched.items() if any(find(pieces, gap) in merged for gap in gaps)
        )
    if change.terminals and old.cuts:
        before, now = set(parent.terminals), set(layout.terminals)
        for square, cut in old.cuts.items():
            moved = None if square in again else cut.moved(now - before, before - now)
            if moved is None:
                again.add(square)
            else:
                cuts[square] = moved
    return again


def _toggle(squares: list[int], square: int, present: bool) -> None:
    """Insert ``square`` into, or remove it from, the sorted list ``squares``."""
    if present:
        insort(squares, square)
    else:
        del squares[bisect_left(squares, square)]


def dirty_squares(layout: Layout) -> set[int] | None:
    """The squares around what the move from the parent touched (None: not derived, or the piece searched afresh).

    An answer about a square depends on its own ring only, unless the global test was needed.
    """
    if "dirty" not in layout.analyses:
        change, found = layout.change, reach(layout)
        dirty: set[int] | None = None
        if change is not None and found.derived:
            around, dirty = layout.board.around, set()
            for touched in (*change.touched, *found.left):
                dirty.update(around[touched])
        layout.analyses["dirty"] = dirty
    kept: set[int] | None = layout.analyses["dirty"]
    return kept


@lru_cache(maxsize=4096)
def squares_around(tiles: tuple[int, ...]) -> tuple[int, ...]:
    """The squares next to any of ``tiles`` (a stall's), in board order."""
    neighbours = get_board().neighbours
    return tuple(sorted({other for tile in tiles for other in neighbours[tile]}))
