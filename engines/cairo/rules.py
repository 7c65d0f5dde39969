"""Kairo placement, payment and customer rules as pure checks over a ``Layout`` and a purse.

Each ``*_problem`` function returns None when its rule holds, else an ``IllegalMove`` whose code
names the rule and whose parameters name the squares, colours and owners involved. The site
lists (``stall_sites``, ``extension_sites``) ask exactly the same questions of the layout, in bulk,
so what the move generator offers and what a typed move is refused for always agree.

Owners in parameters: ``owner`` is a seat number or ``"neutral"``; ``seat`` is the player asking.
``part`` is ``"main"`` (a main stall) or ``"extension"``.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, lru_cache
from itertools import combinations

from engines.base import IllegalMove
from engines.cairo.board import QUEUE, SOUK, TAVERN, Board, get_board
from engines.cairo.cuts import cut_at
from engines.cairo.data import CairoData
from engines.cairo.layout import NOBODY, Layout, Spot
from engines.cairo.paths import ring_joined_at
from engines.cairo.reach import Reach, allowed_entrances, narrow_bits, reach, tile_allowed
from engines.cairo.sites import Sites, masks_of_kind, squares_around
from engines.cairo.state import NEUTRAL


def owner_param(owner: int) -> int | str:
    """A stall owner as a parameter: the seat, or "neutral"."""
    return "neutral" if owner == NEUTRAL else owner


def occupant(layout: Layout, square: int) -> dict[str, object]:
    """What makes a square not free, as parameters: ``what`` and, for stalls, ``owner`` and ``colour``."""
    board = layout.board
    if layout.tile[square] >= 0:
        spot = layout.spots[layout.tile[square]]
        what = "stall" if layout.main[square] else "extension"
        return {"what": what, "owner": owner_param(spot.owner), "colour": spot.colour}
    if layout.door[square] >= 0:
        spot = layout.spots[layout.door[square]]
        return {"what": "entrance", "owner": owner_param(spot.owner), "colour": spot.colour}
    if board.kinds[square] == QUEUE:
        return {"what": "queue"}
    return {"what": "customer", "colour": layout.customer[square]}


def zone_kind(data: CairoData, colour: str) -> str:
    """Where tiles of ``colour`` stand: the tavern zone (the tavern colour) or the souk."""
    return TAVERN if colour == data.tavern_colour else SOUK


# ---- who owns what -------------------------------------------------------------------------
def own_spots(layout: Layout, seat: int, colours: tuple[str, ...]) -> list[Spot]:
    """``seat``'s stalls on the board, in colour order (kept with the layout)."""
    key = ("own_spots", seat)
    found: list[Spot] | None = layout.stalls_memo.get(key)
    if found is None:
        mine = [spot for spot in layout.spots.values() if spot.owner == seat]
        found = layout.stalls_memo[key] = sorted(mine, key=lambda spot: colours.index(spot.colour))
    return found


def owned_spot(layout: Layout, seat: int | None, colour: str) -> Spot | None:
    """``seat``'s stall of ``colour`` on the board (the first, as ``owned_stall`` finds it), kept with the layout."""
    key = ("owned", seat)
    found: dict[str, Spot] | None = layout.stalls_memo.get(key)
    if found is None:
        found = {}
        for spot in layout.spots.values():
            if spot.owner == seat:
                found.setdefault(spot.colour, spot)
        layout.stalls_memo[key] = found
    return found.get(colour)


def owned_colours(layout: Layout, seat: int) -> frozenset[str]:
    """The colours of ``seat``'s stalls on the board (kept with the layout)."""
    key = ("owned_colours", seat)
    found: frozenset[str] | None = layout.stalls_memo.get(key)
    if found is None:
        found = layout.stalls_memo[key] = frozenset(spot.colour for spot in layout.spots.values() if spot.owner == seat)
    return found


def extensions_left_on(layout: Layout, data: CairoData) -> dict[str, int]:
    """Extensions of each colour still in the general supply (kept with the layout)."""
    key = ("extensions_left",)
    found: dict[str, int] | None = layout.stalls_memo.get(key)
    if found is None:
        found = dict.fromkeys(data.colours, data.extensions_per_colour)
        for spot in layout.spots.values():
            found[spot.colour] -= len(spot.extensions)
        layout.stalls_memo[key] = found
    return found


# ---- main stalls ------------------------------------------------------------------------
def zone_problem(layout: Layout, data: CairoData, colour: str, square: int, part: str) -> IllegalMove | None:
    """Tavern-colour tiles stand only in the tavern zone, the others only in the souk."""
    name, kind = layout.board.names[square], layout.board.kinds[square]
    if kind == QUEUE:
        return IllegalMove("queue_square", square=name)
    if kind != zone_kind(data, colour):
        code = "tavern_colour_only" if colour == data.tavern_colour else "souk_only"
        return IllegalMove(code, colour=colour, square=name, part=part, tavern_colour=data.tavern_colour)
    return None


def free_problem(layout: Layout, square: int, code: str, seat: int) -> IllegalMove | None:
    """The square must be free: no stall, extension, entrance or customer."""
    if layout.free[square]:
        return None
    return IllegalMove(code, square=layout.board.names[square], seat=seat, **occupant(layout, square))


def stall_site_problem(
    layout: Layout, data: CairoData, colour: str, square: int, setup: bool, seat: int
) -> IllegalMove | None:
    """The rules for the main stall square of a new (or moved) main stall."""
    problem = zone_problem(layout, data, colour, square, "main")
    problem = problem or free_problem(layout, square, "square_not_free", seat)
    if problem:
        return problem
    sector = layout.board.sectors[square]
    in_sector = layout.mains_by_sector.get(sector, [])
    same = [spot for spot in in_sector if spot.colour == colour]
    if same:
        return IllegalMove("sector_has_colour", sector=sector, colour=colour, square=layout.board.names[same[0].square])
    limit = data.setup_max_main_stalls_per_sector
    if setup and len(in_sector) >= limit:
        return IllegalMove("sector_full_at_start", sector=sector, limit=limit)
    return touching_problem(layout, square, seat)


def touching_problem(layout: Layout, square: int, seat: int) -> IllegalMove | None:
    """No main stall orthogonally next to a main stall or an extension."""
    other = layout.touching[square]
    if other < 0:
        return None
    spot = layout.spots[layout.tile[other]]
    return IllegalMove(
        "touches_stall",
        square=layout.board.names[square],
        other=layout.board.names[other],
        part="main" if layout.main[other] else "extension",
        owner=owner_param(spot.owner),
        colour=spot.colour,
        seat=seat,
    )


def door_problem(layout: Layout, square: int, door: int, seat: int) -> IllegalMove | None:
    """The entrance: next to the stall, in the souk, free, and joined to every customer."""
    names = layout.board.names
    if door not in layout.board.neighbours[square]:
        return IllegalMove("entrance_not_next_to_stall", door=names[door], square=names[square])
    if layout.board.kinds[door] != SOUK:
        return IllegalMove("entrance_not_in_souk", door=names[door])
    problem = free_problem(layout, door, "entrance_not_free", seat)
    if problem:
        return problem
    if door not in allowed_entrances(layout, square, (door,)):
        return IllegalMove("cuts_off_entrance", square=names[square], door=names[door])
    return None


def stall_sites(layout: Layout, data: CairoData, colour: str, setup: bool) -> list[tuple[int, int]]:
    """Every (main stall square, entrance square) a new main stall of ``colour`` may take, in board order.

    Asked of a layout once (a stall lifted off to move it); the site lists of ``engines.cairo.sitelists``
    serve layouts that follow one another.
    """
    key = ("stall_sites", colour, setup)
    found: list[tuple[int, int]] | None = layout.memo.get(key)
    if found is None:
        closed, sectors = closed_sectors(layout, data, colour, setup), layout.board.sectors
        sides = layout.board.souk_sides
        found = layout.memo[key] = [
            (square, door)
            for square, mask in masks_of_kind(layout, zone_kind(data, colour))
            if sectors[square] not in closed
            for bit, door in sides[square]
            if mask & bit
        ]
    return found


def closed_sectors(layout: Layout, data: CairoData, colour: str, setup: bool) -> frozenset[str]:
    """The sectors a new main stall of ``colour`` may not go to: one of its colour is there, or (setup) two stalls.

    Kept with the layout.
    """
    key = ("closed", colour, setup)
    found: frozenset[str] | None = layout.stalls_memo.get(key)
    if found is None:
        by_colour, full = _sectors_taken(layout, data)
        found = by_colour.get(colour, frozenset())
        if setup and full:
            found |= full
        layout.stalls_memo[key] = found
    return found


def _sectors_taken(layout: Layout, data: CairoData) -> tuple[dict[str, frozenset[str]], frozenset[str]]:
    """The sectors holding a main stall of each colour, and those holding the most main stalls allowed at the start."""
    key = ("sectors_taken",)
    found: tuple[dict[str, frozenset[str]], frozenset[str]] | None = layout.stalls_memo.get(key)
    if found is None:
        limit = data.setup_max_main_stalls_per_sector
        by_colour: dict[str, set[str]] = {}
        for sector, spots in layout.mains_by_sector.items():
            for spot in spots:
                by_colour.setdefault(spot.colour, set()).add(sector)
        full = frozenset(sector for sector, spots in layout.mains_by_sector.items() if len(spots) >= limit)
        found = layout.stalls_memo[key] = ({colour: frozenset(s) for colour, s in by_colour.items()}, full)
    return found


# ---- extensions ---------------------------------------------------------------------------
def extension_problem(layout: Layout, data: CairoData, spot: Spot, square: int, seat: int) -> IllegalMove | None:
    """The rules for an extension of ``spot`` on ``square`` (cards and coins aside)."""
    problem = zone_problem(layout, data, spot.colour, square, "extension") or free_problem(
        layout, square, "square_not_free", seat
    )
    if problem:
        return problem
    names = layout.board.names
    touched = same_colour_touching(layout, spot.colour, square)
    if spot.id not in touched:
        return IllegalMove("extension_not_touching", colour=spot.colour, square=names[square])
    others = [layout.spots[sid] for sid in touched if sid != spot.id]
    if others:
        other = others[0]
        return IllegalMove(
            "joins_two_stalls",
            colour=spot.colour,
            square=names[square],
            owner=owner_param(other.owner),
            other=names[other.square],
            seat=seat,
        )
    if not tile_allowed(layout, square):
        return IllegalMove("extension_cuts_off", square=names[square])
    return None


def same_colour_touching(layout: Layout, colour: str, square: int) -> list[int]:
    """The stalls of ``colour`` with a tile next to ``square`` (ids, first seen first)."""
    found: list[int] = []
    for other in layout.board.neighbours[square]:
        sid = layout.tile[other]
        if sid != NOBODY and sid not in found and layout.spots[sid].colour == colour:
            found.append(sid)
    return found


def extension_sites(layout: Layout, data: CairoData, spot: Spot) -> list[int]:
    """Squares where ``spot`` may be extended, in board order (cards and coins aside)."""
    key = ("extension_sites", spot.id)
    found: list[int] | None = layout.memo.get(key)
    if found is None:
        found = layout.memo[key] = squares_of(layout.board, extension_bits(layout, data, spot))
    return found


def extension_bits(layout: Layout, data: CairoData, spot: Spot) -> int:
    """``extension_sites`` as a board mask (``Board.bits``; kept with the layout): the squares next to the stall
    where a tile is allowed, of its zone, not next to another stall of its colour."""
    kept: dict[int, tuple[int, bool]] | None = layout.memo.get(EXTENSIONS)
    if kept is None:
        kept = layout.memo[EXTENSIONS] = {}
    found = kept.get(spot.id)
    if found is None:
        found = kept[spot.id] = _parents_extensions(layout, spot.id) or _allowed_among(
            layout, extension_candidates(layout, data, spot)
        )
    return found[0]


def extension_bits_within(layout: Layout, data: CairoData, spot: Spot, within: int) -> int:
    """``extension_bits(...) & within``, asking only the squares of ``within`` when the whole mask is not known."""
    kept: dict[int, tuple[int, bool]] | None = layout.memo.get(EXTENSIONS)
    found = None if kept is None else kept.get(spot.id)
    if found is None:
        found = _parents_extensions(layout, spot.id)
        if found is None:
            return _allowed_among(layout, extension_candidates(layout, data, spot) & within)[0]
        if kept is None:
            kept = layout.memo[EXTENSIONS] = {}
        kept[spot.id] = found
    return found[0] & within


EXTENSIONS = ("extension_bits",)
"""The memo key of a layout's extension masks: ``{stall id: (mask, whether the mask hangs on where the terminals
are)}`` (a square that is a cut vertex is allowed only while a single piece holds terminals)."""
CANDIDATES = ("extension_candidates",)
"""The key (in ``Layout.stalls_memo``) of each stall's extension candidates: ``{stall id: mask}``."""
ALLOWED = ("allowed",)
"""The memo key of the free squares asked so far whether a tile there keeps every terminal joined: ``{square:
bit 0 allowed, bit 1 the answer hangs on where the terminals are}``."""


def _parents_extensions(layout: Layout, sid: int) -> tuple[int, bool] | None:
    """The parent's answer for the stall ``sid`` when only customers moved, onto and off no free square, and the
    terminals' piece stayed the same: a tile there cuts the same walkers apart (None: ask again)."""
    parent, change = layout.parent, layout.change
    if parent is None or change is None or change.blocked >= 0 or change.touched or layout.spots is not parent.spots:
        return None
    before: dict[int, tuple[int, bool]] | None = parent.memo.get(EXTENSIONS)
    found = None if before is None else before.get(sid)
    if found is None or (found[1] and change.terminals):
        return None
    now, then = reach(layout), reach(parent)
    if now.inside is not then.inside or not now.joined or not then.joined:
        return None
    return found


def extension_candidates(layout: Layout, data: CairoData, spot: Spot) -> int:
    """The squares next to the stall, of its zone, not next to another stall of its colour, as a board mask
    (kept with the stalls: whether a tile is allowed there is asked apart)."""
    kept: dict[int, int] | None = layout.stalls_memo.get(CANDIDATES)
    if kept is None:
        kept = layout.stalls_memo[CANDIDATES] = {}
    found = kept.get(spot.id)
    if found is None:
        width = layout.board.width
        own, around = tiles_bits(spot.tiles)
        others = colour_tiles(layout)[spot.colour] & ~own
        near = others << 1 | others >> 1 | others << width | others >> width
        found = kept[spot.id] = around & kind_bits(zone_kind(data, spot.colour)) & ~near
    return found


def _allowed_among(layout: Layout, candidates: int) -> tuple[int, bool]:
    """The squares of the mask ``candidates`` where a tile keeps every terminal joined (``Sites.allowed``), and
    whether that hangs on where the terminals are (a candidate is a cut vertex).

    Read off the layout's sites when they are worked out; else a free candidate is allowed outright unless it is
    narrow (``narrow_bits``), and a narrow one is asked alone (``tile_allowed``, answers kept with the layout):
    a layout no build is listed on never needs the sites of every square.
    """
    sites: Sites | None = layout.analyses.get("sites")
    if sites is not None:
        return candidates & sites.allowed_bits, True
    candidates &= layout.free_bits
    if not candidates:
        return 0, False
    found = reach(layout)
    if not found.joined:
        return 0, True
    if not found.any:
        return candidates, False
    risky = candidates & narrow_bits(layout)
    allowed, hangs = candidates ^ risky, 0
    for low, answer in _answers(layout, found, risky):
        if answer & 1:
            allowed |= low
        hangs |= answer
    return allowed, hangs > 1


def _allowed_at(layout: Layout, found: Reach, square: int) -> int:
    """For ``_allowed_among``: bit 0, a tile on ``square`` keeps every terminal joined (the piece ``found`` is
    joined); bit 1, the answer hangs on where the terminals are."""
    if not layout.free[square]:
        return 0
    board = layout.board
    if (
        found.any
        and layout.walkable[square]
        and found.inside[square]
        and not ring_joined_at(board.rings[square], board.at[square], board.width, layout.walk_bits, layout.walkable)
    ):
        cut, _ = cut_at(layout, square)
        if cut is not None:
            return 3 if cut.allowed else 2
    return 1


def colour_tiles(layout: Layout) -> dict[str, int]:
    """The stall tiles of each colour on the board as board masks (kept with the layout)."""
    key = ("colour_tiles",)
    found: dict[str, int] | None = layout.stalls_memo.get(key)
    if found is None:
        found = {}
        bits = layout.board.bits
        for spot in layout.spots.values():
            mask = found.get(spot.colour, 0) | bits[spot.square]
            for square in spot.extensions:
                mask |= bits[square]
            found[spot.colour] = mask
        layout.stalls_memo[key] = found
    return found


@lru_cache(maxsize=4096)
def tiles_bits(tiles: tuple[int, ...]) -> tuple[int, int]:
    """A stall's tiles as a board mask, and the mask of the squares next to them."""
    board = get_board()
    own = 0
    for tile in tiles:
        own |= board.bits[tile]
    return own, sum(board.bits[square] for square in squares_around(tiles))


@cache
def kind_bits(kind: str) -> int:
    """The squares of one kind as a board mask."""
    board = get_board()
    return sum(bit for bit, found in zip(board.bits, board.kinds, strict=True) if found == kind)


@lru_cache(maxsize=512)
def sectors_bits(sectors: frozenset[str]) -> int:
    """The squares of ``sectors`` (tavern squares with the sector they border) as a board mask."""
    board = get_board()
    return sum(bit for bit, found in zip(board.bits, board.sectors, strict=True) if found in sectors)


def squares_of(board: Board, mask: int) -> list[int]:
    """The squares of a board mask, lowest bit first (board order, but for the queue squares, which come first)."""
    at_bit, found = board.at_bit, []
    while mask:
        low = mask & -mask
        found.append(at_bit[low.bit_length() - 1])
        mask ^= low
    return found


def can_move(layout: Layout, data: CairoData, spot: Spot) -> bool:
    """A main stall may move when it has no extension and no extension could be placed next to it."""
    if spot.extensions:
        return False
    kept: dict[int, tuple[int, bool]] | None = layout.memo.get(EXTENSIONS)
    found = None if kept is None else kept.get(spot.id)
    if found is not None:
        return not found[0]
    candidates = extension_candidates(layout, data, spot)
    if not candidates:
        return True
    if layout.analyses.get("sites") is not None or not reach(layout).joined:
        return not _allowed_among(layout, candidates)[0]
    return not _any_allowed(layout, candidates)


def _any_allowed(layout: Layout, candidates: int) -> bool:
    """Whether a tile is allowed on some square of ``candidates`` (``_allowed_among``, stopping at the first)."""
    candidates &= layout.free_bits
    if not candidates:
        return False
    found = reach(layout)
    risky = candidates & narrow_bits(layout) if found.any else 0
    if candidates != risky:
        return True
    return any(answer & 1 for _, answer in _answers(layout, found, risky))


def _answers(layout: Layout, found: Reach, risky: int) -> Iterator[tuple[int, int]]:
    """Each square of ``risky`` (a mask of narrow squares), as its bit, with ``_allowed_at``'s answer for it, kept
    with the layout (``ALLOWED``): asked once a layout however often its sites are listed."""
    answers: dict[int, int] | None = layout.memo.get(ALLOWED)
    if answers is None:
        answers = layout.memo[ALLOWED] = {}
    at_bit = layout.board.at_bit
    while risky:
        low = risky & -risky
        risky ^= low
        square = at_bit[low.bit_length() - 1]
        answer = answers.get(square)
        if answer is None:
            answer = answers[square] = _allowed_at(layout, found, square)
        yield low, answer


# ---- payments -------------------------------------------------------------------------------
def coin_worth(coins: dict[str, int], colour: str, rate: int) -> int:
    """What ``coins`` can pay for a stall of ``colour``: its own coins 1 for 1, the others ``rate`` for 1."""
    own = coins.get(colour, 0)
    return own + (sum(coins.values()) - own) // rate


def affordable(coins: dict[str, int], colour: str, price: int, rate: int) -> bool:
    """Whether ``coins`` can pay ``price``: at least 1 of ``colour``, the rest 1:1 or others at ``rate``:1."""
    return price <= 0 or _affordable(coins.get(colour, 0), sum(coins.values()), price, rate)


def _affordable(own: int, total: int, price: int, rate: int) -> bool:
    """``affordable`` from the value of the stall's colour (``own``) and of every colour (``total``)."""
    return own >= 1 and own + (total - own) // rate >= price


def price_problem(
    coins: dict[str, int], colour: str, price: int, rate: int, *, after_wild: bool = False
) -> IllegalMove | None:
    """Why ``coins`` cannot pay ``price`` for a stall of ``colour`` (None if they can).

    ``after_wild``: the coins left once a wildcard's coin is paid (the codes say so).
    """
    if affordable(coins, colour, price, rate):
        return None
    suffix = "_after_wild" if after_wild else ""
    if coins.get(colour, 0) < 1:
        return IllegalMove("needs_colour_coin" + suffix, colour=colour, price=price)
    worth = coin_worth(coins, colour, rate)
    return IllegalMove("cannot_afford" + suffix, price=price, colour=colour, rate=rate, worth=worth)


@lru_cache(maxsize=4096)
def splits(total: int, limits: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Ways to write ``total`` as a sum bounded by ``limits``, earlier parts as large as possible first."""
    if not limits:
        return ((),) if total == 0 else ()
    room = sum(limits[1:])
    return tuple(
        (first, *tail)
        for first in range(min(total, limits[0]), max(total - room, 0) - 1, -1)
        for tail in splits(total - first, limits[1:])
    )


def covering_wilds(data: CairoData, hand: list[str], sector: str) -> list[str]:
    """The wildcards in ``hand`` whose zone holds ``sector`` (each once, in hand order)."""
    return [card for card in dict.fromkeys(hand) if card in data.zones and sector in data.zones[card].sectors]


def wild_coins(data: CairoData, coins: dict[str, int], colour: str, price: int) -> list[str]:
    """The coin colours a wildcard may be paid with, leaving the build still affordable."""
    cost, rate = data.wild_card_coin_cost, data.other_colour_coins_per_unit
    own, total = coins.get(colour, 0), sum(coins.values())
    return [
        coin
        for coin in data.colours
        if coins.get(coin, 0) >= cost
        and (price <= 0 or _affordable(own - cost if coin == colour else own, total - cost, price, rate))
    ]


def single_card_payments(
    data: CairoData, hand: list[str], coins: dict[str, int], sector: str, colour: str, price: int
) -> list[str]:
    """The one-card payments for a build in ``sector``: ``card S`` and ``wild Z coin C``."""
    options = [f"card {sector}"] if sector in hand else []
    coins_ok = wild_coins(data, coins, colour, price)
    options.extend(f"wild {zone} coin {coin}" for zone in covering_wilds(data, hand, sector) for coin in coins_ok)
    return options


def card_payments(
    data: CairoData, hand: list[str], coins: dict[str, int], sector: str, colour: str, price: int
) -> list[str]:
    """The ways to pay with cards for a build in ``sector`` (then ``price`` coins for an extension).

    One standard card of the sector; or a wildcard of a zone holding it plus one coin of any colour;
    or, only when neither single card can be used, any 3 building cards (wildcards among them free).
    """
    if not affordable(coins, colour, price, data.other_colour_coins_per_unit):
        return []
    options = single_card_payments(data, hand, coins, sector, colour, price)
    if options:
        return options
    return ["cards " + " ".join(trio) for trio in dict.fromkeys(combinations(hand, data.cards_for_any_square))]


def payable_sectors(data: CairoData, hand: list[str], coins: dict[str, int], colour: str, price: int) -> frozenset[str]:
    """The sectors where ``hand`` and ``coins`` can pay for a build of ``colour`` costing ``price`` coins."""
    if price > 0 and not _affordable(
        coins.get(colour, 0), sum(coins.values()), price, data.other_colour_coins_per_unit
    ):
        return frozenset()
    if len(hand) >= data.cards_for_any_square:
        return data.sector_set
    found = {card for card in hand if card in data.sectors}
    wilds = [card for card in hand if card in data.zones]
    if wilds and wild_coins(data, coins, colour, price):
        found.update(sector for card in wilds for sector in data.zones[card].sectors)
    return frozenset(found)


# ---- customers ---------------------------------------------------------------------------
def attract_targets(layout: Layout, colour: str) -> list[tuple[int, int, int]]:
    """(entrance, distance, charlatans needed) for every free entrance of ``colour`` the customer reaches.

    Sorted nearest first (ties in board order); "needed" counts the free entrances strictly nearer.
    """
    key = ("attract", colour)
    found: list[tuple[int, int, int]] | None = layout.memo.get(key)
    if found is None:
        found = layout.memo[key] = _walk_to_doors(layout, layout.customers[colour], free_doors(layout, colour))[0]
    return found


def _walk_to_doors(
    layout: Layout, start: int, doors: list[int], most: int = -1
) -> tuple[list[tuple[int, int, int]], int, bool]:
    """``attract_targets`` by a breadth-first walk of whole board masks from ``start``, one step a ring of squares;
    the mask of the squares it reached; whether it found every entrance it reaches (not cut short).

    It stops once every door is reached (or nothing new is), or, ``most`` >= 0, once the doors further on
    would need more than ``most`` charlatans (what is found is then the start of the whole list). A step's
    doors come in board order (the bits of souk squares are in board order), each needing the doors of
    earlier steps. A tile outside the squares reached changes nothing found.
    """
    board = layout.board
    bits, width, at_bit, walk = board.bits, board.width, board.at_bit, layout.walk_bits
    targets = 0
    for door in doors:
        targets |= bits[door]
    frontier = bits[start]
    left = walk & ~frontier
    found: list[tuple[int, int, int]] = []
    far = 0
    while targets and frontier:
        far += 1
        frontier = (frontier << 1 | frontier >> 1 | frontier << width | frontier >> width) & left
        left ^= frontier
        hit = frontier & targets
        if hit:
            targets ^= hit
            needed = len(found)
            if 0 <= most < needed:
                return found, (walk & ~left) | bits[start], False
            while hit:
                low = hit & -hit
                found.append((at_bit[low.bit_length() - 1], far, needed))
                hit ^= low
            if 0 <= most < len(found) and targets:  # the doors further on need too many: none is walked to
                return found, (walk & ~left) | bits[start], False
    return found, (walk & ~left) | bits[start], True


def free_doors(layout: Layout, colour: str) -> list[int]:
    """The entrances of ``colour`` stalls with no customer on them, in stall order (kept with the layout)."""
    found: dict[str, list[int]] | None = layout.memo.get(("free_doors",))
    if found is None:
        found = {}
        for spot in layout.spots.values():
            if layout.customer[spot.door] is None:
                found.setdefault(spot.colour, []).append(spot.door)
        layout.memo[("free_doors",)] = found
    return found.get(colour, [])


def attract_choices(layout: Layout, colours: tuple[str, ...], have: int) -> list[tuple[str, int]]:
    """``(colour, entrance)`` for every customer and free entrance it can be sent to with ``have`` charlatans."""
    key = ("attract_choices", have)
    found: list[tuple[str, int]] | None = layout.memo.get(key)
    if found is None:
        found = layout.memo[key] = [
            (colour, door)
            for colour in colours
            if colour in layout.customers
            for door, needed in _needed(layout, colour, have)
            if needed <= have
        ]
    return found


Needed = tuple[list[tuple[int, int]], int, int]
"""``(entrance, charlatans needed)`` nearest first, the squares walked (0: no walk), and up to how many charlatans
held the list is whole (-1: whatever they are)."""


def _needed(layout: Layout, colour: str, have: int) -> list[tuple[int, int]]:
    """``(entrance, charlatans needed)`` as ``attract_targets`` finds them, at least as far as ``have`` charlatans go.

    Without walking when one entrance is free: on a joined board every customer reaches every entrance, so
    a lone free entrance needs no charlatan. Else the walk stops at the first entrances that need too many.
    Kept with the layout, per customer, for as many charlatans as it was walked for.
    """
    key = ("needed", colour)
    kept: Needed | None = layout.memo.get(key)
    if kept is None or 0 <= kept[2] < have:
        kept = layout.memo[key] = _find_needed(layout, colour, have, key)
    return kept[0]


def _find_needed(layout: Layout, colour: str, have: int, key: tuple[str, str]) -> Needed:
    """``_needed``'s answer, or the layout before's when it still holds.

    It holds when the customer stands still, no tile took a square it walked over, and no entrance came or
    went among those it found (one given up beyond them changes nothing found).
    """
    doors = free_doors(layout, colour)
    if not doors:
        return [], 0, -1
    if len(doors) == 1 and reach(layout).joined:
        return [(doors[0], 0)], 0, -1
    parent = layout.parent
    if parent is not None and parent.customers.get(colour) == layout.customers[colour]:
        before: Needed | None = parent.memo.get(key)
        if (
            before is not None
            and before[1]
            and not 0 <= before[2] < have
            and (parent.walk_bits ^ layout.walk_bits) & (before[1] | layout.walk_bits) == 0
        ):
            old = free_doors(parent, colour)
            if doors == old or (set(doors) <= set(old) and all(door in doors for door, _ in before[0])):
                return before
    found, reached, whole = _walk_to_doors(layout, layout.customers[colour], doors, have)
    return [(door, needed) for door, _, needed in found], reached, -1 if whole else have


def attract_within(layout: Layout, colour: str, have: int) -> list[tuple[int, int]]:
    """``(entrance, charlatans needed)`` for the ``colour`` customer, nearest first, at least as far as ``have``
    charlatans go (kept with the layout: what the attract moves were listed from)."""
    return _needed(layout, colour, have)


def charlatans_needed(layout: Layout, colour: str, door: int, have: int) -> int:
    """The charlatans needed to send the ``colour`` customer to ``door``, which ``have`` charlatans afford."""
    return next(needed for found, needed in _needed(layout, colour, have) if found == door)
