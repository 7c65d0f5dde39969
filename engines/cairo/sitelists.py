"""The main stall sites of one colour as moves (``build red e5 door e6`` ...), kept per layout, patched move by move.

A ``SiteList`` for a word, a colour and the setup flag holds, in board order, each square where a
new main stall of the colour may stand, with the moves of its sites (one per entrance). A layout
derived by one move takes its parent's list (or an ancestor's, patched generation by generation)
and asks again only the squares whose entrances changed and those of sectors that opened or
closed for the colour, instead of walking the whole board.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from functools import cache
from itertools import chain

from engines.cairo.board import get_board
from engines.cairo.data import load_cairo_data
from engines.cairo.layout import Layout
from engines.cairo.rules import closed_sectors, zone_kind
from engines.cairo.sites import Sites, site_masks
from engines.cairo.texts import site_table, site_texts_at

Key = tuple[str, str, str, bool]


@dataclass(slots=True)  # never changed once made (not frozen: a frozen dataclass is three times as slow to make)
class SiteList:
    """``squares`` (board order) where a new main stall may stand, ``runs[i]`` the moves on ``squares[i]``.

    ``closed``: the sectors the colour may not build in on this layout (their squares are left out).
    """

    squares: list[int]
    runs: list[tuple[str, ...]]
    closed: frozenset[str]


def site_list(layout: Layout, word: str, colour: str, setup: bool) -> SiteList:
    """The sites of a new main stall of ``colour`` on ``layout`` as ``word`` moves (kept with the layout)."""
    key = ("site_list", word, colour, setup)
    found = _kept(layout, key)
    if found is None:
        found = layout.memo[key] = _fresh(layout, key)
    return found


def site_moves(layout: Layout, word: str, colour: str, setup: bool) -> list[str]:
    """Every site of ``site_list`` as one list of moves (kept with the layout; the parent's when the list is its)."""
    key = ("site_moves", word, colour, setup)
    found: tuple[SiteList, list[str]] | None = layout.memo.get(key)
    if found is None:
        sites = site_list(layout, word, colour, setup)
        before: tuple[SiteList, list[str]] | None = layout.parent.memo.get(key) if layout.parent is not None else None
        if before is None or before[0] is not sites:
            before = (sites, list(chain.from_iterable(sites.runs)))
        found = layout.memo[key] = before
    return found[1]


def _fresh(layout: Layout, key: Key) -> SiteList:
    """The list from the layout's sites, square by square."""
    _, word, colour, setup = key
    data, sites, sectors = load_cairo_data(), site_masks(layout), layout.board.sectors
    closed = closed_sectors(layout, data, colour, setup)
    squares = [square for square in sites.by_kind.get(zone_kind(data, colour), ()) if sectors[square] not in closed]
    table, masks = site_table(word, colour), sites.masks
    runs = [table[square][masks[square]] or site_texts_at(word, colour, square, masks[square]) for square in squares]
    return SiteList(squares, runs, closed)


def _kept(layout: Layout, key: Key) -> SiteList | None:
    """The list kept with ``layout``, or an ancestor's patched down to it (then kept too); None if none is kept."""
    found: SiteList | None = layout.memo.get(key)
    if found is not None or layout.parent is None:
        return found
    old = _kept(layout.parent, key)
    if old is None:
        return None
    sites = site_masks(layout)
    if sites.changed is None:
        return None
    found = layout.memo[key] = _patched(layout, key, old, sites)
    return found


def _patched(layout: Layout, key: Key, old: SiteList, sites: Sites) -> SiteList:
    """The parent's list ``old`` with the squares whose sites changed asked again (``old`` itself if none did)."""
    _, word, colour, setup = key
    data, board = load_cairo_data(), layout.board
    closed = closed_sectors(layout, data, colour, setup)
    if not sites.changed and closed == old.closed:
        return old
    again = set(sites.changed or ())
    for sector in closed ^ old.closed:
        again.update(sector_squares(sector))
    kind, kinds, sectors, masks = zone_kind(data, colour), board.kinds, board.sectors, sites.masks
    squares, runs = list(old.squares), list(old.runs)
    for square in again:
        if kinds[square] != kind:
            continue
        at = bisect_left(squares, square)
        present = at < len(squares) and squares[at] == square
        mask = 0 if sectors[square] in closed else masks[square]
        if mask and present:
            runs[at] = site_texts_at(word, colour, square, mask)
        elif mask:
            squares.insert(at, square)
            runs.insert(at, site_texts_at(word, colour, square, mask))
        elif present:
            del squares[at]
            del runs[at]
    return SiteList(squares, runs, closed)


@cache
def sector_squares(sector: str) -> tuple[int, ...]:
    """The squares of ``sector`` (tavern squares with the sector they border)."""
    return tuple(square for square, found in enumerate(get_board().sectors) if found == sector)
