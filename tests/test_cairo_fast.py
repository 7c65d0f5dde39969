"""Kairo's fast paths agree with slow ones, state after state of seeded random games.

The engine keeps a board analysis with each state and updates it move by move (``engines.cairo.layout``
and the modules it names). Here every piece of it is checked against a computation from scratch:

* the legal moves against a plain reference generator written from the rules in this file (plain
  searches of the board for every site, no layout, no cache);
* every derived structure (occupants, the customers' piece, walks, sites, cut vertices and their
  pieces, obstacle pieces, site lists, a stall lifted off) against the same structure built afresh
  or against a plain search;
* the kept analysis never leaks into what a state is: dumps, equality, pickling, a state changed by hand.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterable, Iterator
from itertools import combinations, permutations

import pytest

import engines
from engines.base import CHANCE
from engines.cairo import CairoState
from engines.cairo.board import QUEUE, SOUK, TAVERN, get_board
from engines.cairo.cuts import Cut, cut_at
from engines.cairo.data import load_cairo_data
from engines.cairo.layout import cached_layout, layout_of, lifted_layout, spot_of
from engines.cairo.obstacles import cuts_apart, obstacles
from engines.cairo.occupancy import Layout
from engines.cairo.paths import distances_after_blocking, ring_keeps_joined, walk_distances, walking_steps
from engines.cairo.reach import narrow_bits, reach, walk_from
from engines.cairo.rules import ALLOWED, CANDIDATES, EXTENSIONS, attract_choices, extension_bits, squares_of
from engines.cairo.sitelists import site_moves
from engines.cairo.sites import site_masks
from engines.cairo.state import KEPT

E = engines.get("cairo")
DATA = load_cairo_data()
BOARD = get_board()
NAMES = BOARD.names
RATE = DATA.other_colour_coins_per_unit


# ---- a plain reference generator, from the rules ------------------------------------------------------
class Board:
    """Who stands where, read plainly from the state (squares as indexes)."""

    def __init__(self, state: CairoState, lifted: int | None = None) -> None:
        index = BOARD.index
        self.stalls = [stall for stall in state.stalls if stall.id != lifted]
        self.tile = {index[t]: stall for stall in self.stalls for t in (stall.square, *stall.extensions)}
        self.door = {index[stall.door]: stall for stall in self.stalls}
        self.customer = {index[square]: colour for colour, square in state.customers.items()}
        self.open = {square for square, kind in enumerate(BOARD.kinds) if kind in (SOUK, QUEUE)} - self.tile.keys()
        """The walkable squares: souk and queue squares no tile covers."""
        self._joined: dict[tuple[int, int | None], bool] = {}

    def walkable(self, square: int) -> bool:
        return square in self.open

    def free(self, square: int) -> bool:
        occupied = square in self.tile or square in self.door or square in self.customer
        return BOARD.kinds[square] != QUEUE and not occupied

    def reached(self, start: int, blocked: int = -1) -> dict[int, int]:
        """Steps from ``start`` to every square it reaches with ``blocked`` taken away."""
        walkable = self.open - {blocked}
        dist, queue = {start: 0}, [start]
        for here in queue:
            for there in BOARD.neighbours[here]:
                if there in walkable and there not in dist:
                    dist[there] = dist[here] + 1
                    queue.append(there)
        return dist

    def joined_after(self, blocked: int, door: int | None = None) -> bool:
        """With a tile on ``blocked`` (and ``door`` an entrance), does every terminal reach every other?"""
        if (blocked, door) not in self._joined:
            self._joined[blocked, door] = self._joins(blocked, door)
        return self._joined[blocked, door]

    def _joins(self, blocked: int, door: int | None) -> bool:
        terminals = {*self.customer, *self.door, *([door] if door is not None else [])}
        if not terminals:
            return True
        start = min(terminals)
        return self.walkable(start) and terminals <= self.reached(start, blocked).keys()


def zone(colour: str) -> str:
    return TAVERN if colour == DATA.tavern_colour else SOUK


def reference_sites(board: Board, colour: str, setup: bool) -> list[tuple[int, int]]:
    """Every (square, entrance) for a new main stall of ``colour``, by the rules, board order."""
    sectors = BOARD.sectors
    mains = [(sectors[BOARD.index[stall.square]], stall.colour) for stall in board.stalls]
    found = []
    for square in range(len(NAMES)):
        sector = sectors[square]
        if BOARD.kinds[square] != zone(colour) or not board.free(square):
            continue
        limit = DATA.setup_max_main_stalls_per_sector
        if (sector, colour) in mains or (setup and sum(1 for s, _ in mains if s == sector) >= limit):
            continue
        if any(n in board.tile for n in BOARD.neighbours[square]):
            continue
        for door in BOARD.neighbours[square]:
            if BOARD.kinds[door] == SOUK and board.free(door) and board.joined_after(square, door):
                found.append((square, door))
    return found


def reference_extension_sites(board: Board, stall_id: int) -> list[int]:
    stall = next(s for s in board.stalls if s.id == stall_id)
    mine = {BOARD.index[t] for t in (stall.square, *stall.extensions)}
    found = []
    for square in range(len(NAMES)):
        around = BOARD.neighbours[square]
        if not board.free(square) or BOARD.kinds[square] != zone(stall.colour) or not mine & set(around):
            continue
        others = {board.tile[n].id for n in around if n in board.tile and board.tile[n].colour == stall.colour}
        if others == {stall_id} and board.joined_after(square):
            found.append(square)
    return found


def affordable(coins: dict[str, int], colour: str, price: int) -> bool:
    own = coins.get(colour, 0)
    others = sum(value for name, value in coins.items() if name != colour)
    return price <= 0 or (own >= 1 and own + others // RATE >= price)


def wild_coin_colours(coins: dict[str, int], colour: str, price: int) -> list[str]:
    cost = DATA.wild_card_coin_cost
    return [
        c for c in DATA.colours if coins.get(c, 0) >= cost and affordable({**coins, c: coins[c] - cost}, colour, price)
    ]


def reference_card_payments(state: CairoState, sector: str, colour: str, price: int) -> list[str]:
    seat = state.active
    assert seat is not None
    hand, coins = state.hands[seat], state.coins[seat]
    if not affordable(coins, colour, price):
        return []
    single = [f"card {sector}"] if sector in hand else []
    wilds = [card for card in dict.fromkeys(hand) if card in DATA.zones and sector in DATA.zones[card].sectors]
    single += [f"wild {wild} coin {coin}" for wild in wilds for coin in wild_coin_colours(coins, colour, price)]
    trios = dict.fromkeys(combinations(hand, DATA.cards_for_any_square))
    return single or ["cards " + " ".join(trio) for trio in trios]


def payable(state: CairoState, colour: str, price: int, square: int) -> bool:
    return bool(reference_card_payments(state, BOARD.sectors[square], colour, price))


def reference_moves(state: CairoState) -> list[str]:
    """Every legal move, by the rules, in the engine's order."""
    seat = E.to_move(state)
    if seat is None:
        return []
    if seat == CHANCE:
        return reference_chance(state)
    words = {
        "place": ("place", "pass"),
        "neutral": ("place", "pass"),
        "play": ("build", "extend", "move", "attract", "take"),
        "final": ("build", "extend", "move", "pass"),
        "card": ("card",),
        "pay": ("pay",),
        "draw": ("take",),
        "keep": ("keep",),
    }[state.phase]
    return [move for word in words for move in REFERENCE[word](state)]


def reference_chance(state: CairoState) -> list[str]:
    if state.deals:
        source = state.deck if any(state.deck.values()) else state.discard
        return [f"deal {card}" for card in DATA.card_names if source.get(card)]
    if state.phase == "queue":
        return ["queue " + " ".join(order) for order in permutations(DATA.colours)]
    if state.phase == "start":
        return [f"start {seat + 1}" for seat in range(state.num_players) if seat not in state.resigned]
    return [f"neutral {colour}" for colour in DATA.colours if colour in state.neutrals]


def to_place(state: CairoState) -> list[str]:
    if state.phase == "neutral":
        return [state.neutral_drawn] if state.neutral_drawn else []
    owned = {stall.colour for stall in state.stalls if stall.owner == state.place_order[0]}
    return [colour for colour in DATA.colours if colour not in owned]


def ref_place(state: CairoState) -> list[str]:
    board = Board(state)
    return [
        f"place {colour} {NAMES[square]} door {NAMES[door]}"
        for colour in to_place(state)
        for square, door in reference_sites(board, colour, True)
    ]


def ref_pass(state: CairoState) -> list[str]:
    if state.phase == "final":
        return ["pass"]
    board = Board(state)
    return [] if any(reference_sites(board, colour, True) for colour in to_place(state)) else ["pass"]


def own(state: CairoState) -> list:  # type: ignore[type-arg]
    return sorted((s for s in state.stalls if s.owner == state.active), key=lambda s: DATA.colours.index(s.colour))


def ref_build(state: CairoState) -> list[str]:
    board, owned = Board(state), {stall.colour for stall in own(state)}
    return [
        f"build {colour} {NAMES[square]} door {NAMES[door]}"
        for colour in DATA.colours
        if colour not in owned
        for square, door in reference_sites(board, colour, False)
        if payable(state, colour, 0, square)
    ]


def ref_extend(state: CairoState) -> list[str]:
    board, moves = Board(state), []
    for stall in own(state):
        used = sum(len(s.extensions) for s in state.stalls if s.colour == stall.colour)
        if used >= DATA.extensions_per_colour:
            continue
        for square in reference_extension_sites(board, stall.id):
            if payable(state, stall.colour, stall.size + 1, square):
                moves.append(f"extend {stall.colour} {NAMES[square]}")
    return moves


def ref_move(state: CairoState) -> list[str]:
    board, moves = Board(state), []
    for stall in own(state):
        if stall.extensions or reference_extension_sites(board, stall.id):
            continue
        old = (BOARD.index[stall.square], BOARD.index[stall.door])
        for square, door in reference_sites(Board(state, lifted=stall.id), stall.colour, False):
            if (square, door) != old and payable(state, stall.colour, 0, square):
                moves.append(f"move {stall.colour} to {NAMES[square]} door {NAMES[door]}")
    return moves


def ref_attract(state: CairoState) -> list[str]:
    board, moves = Board(state), []
    seat = state.active
    assert seat is not None
    for colour in DATA.colours:
        if colour not in state.customers:
            continue
        dist = board.reached(BOARD.index[state.customers[colour]])
        doors = [d for d, stall in board.door.items() if stall.colour == colour and d not in board.customer]
        near = sorted((dist[d], d) for d in doors if d in dist)
        for far, door in near:
            if sum(1 for other, _ in near if other < far) <= state.charlatans[seat]:
                moves.append(f"attract {colour} to {NAMES[door]}")
    return moves


def ref_take(state: CairoState) -> list[str]:
    moves = [f"take display {slot + 1}" for slot, card in enumerate(state.display) if card]
    if sum(state.deck.values()) + sum(state.discard.values()):
        moves.append("take deck")
    return moves + (["take charlatan"] if state.charlatan_supply > 0 else [])


def ref_card(state: CairoState) -> list[str]:
    pending = state.pending
    assert pending is not None
    square = BOARD.index[pending.square]
    return reference_card_payments(state, BOARD.sectors[square], pending.colour, pending.price)


def ref_pay(state: CairoState) -> list[str]:
    pending, seat = state.pending, state.active
    assert pending is not None and seat is not None
    coins, colour, price = state.coins[seat], pending.colour, pending.price
    others = [c for c in DATA.colours if c != colour and coins.get(c, 0) > 0]
    moves = []
    for mine in range(min(price, coins.get(colour, 0)), 0, -1):
        for split in splits(RATE * (price - mine), [coins[c] for c in others]):
            paid = [f"{colour}:{mine}", *(f"{c}:{v}" for c, v in zip(others, split, strict=True) if v)]
            moves.append("pay " + " ".join(paid))
    return moves


def splits(total: int, limits: list[int]) -> Iterator[tuple[int, ...]]:
    if not limits:
        if total == 0:
            yield ()
        return
    for first in range(min(total, limits[0]), -1, -1):
        for tail in splits(total - first, limits[1:]):
            yield (first, *tail)


def ref_keep(state: CairoState) -> list[str]:
    assert state.active is not None
    kept = dict.fromkeys(combinations(state.hands[state.active], DATA.hand_limit))
    return ["keep " + " ".join(cards) for cards in kept]


REFERENCE = {
    "place": ref_place,
    "pass": ref_pass,
    "build": ref_build,
    "extend": ref_extend,
    "move": ref_move,
    "attract": ref_attract,
    "take": ref_take,
    "card": ref_card,
    "pay": ref_pay,
    "keep": ref_keep,
}


# ---- seeded random games ---------------------------------------------------------------------------
def game(players: int, seed: int, start: str = "variable", in_place: bool = False) -> Iterator[CairoState]:
    """Every state of one seeded random game, moves applied by ``apply`` or by ``copy`` + ``apply_in_place``."""
    rng = random.Random(seed)
    state = E.new_game(players, {"start": start})
    while (seat := E.to_move(state)) is not None:
        yield state
        move = E.sample_chance(state, rng) if seat == CHANCE else rng.choice(E.legal_moves(state))
        if in_place:
            state = E.copy(state)
            E.apply_in_place(state, move)
        else:
            state = E.apply(state, move)
    yield state


GAMES = [
    (2, 11, "variable", False),
    (3, 12, "preset", True),
    # four players: the longest games, in the full run
    pytest.param(4, 13, "variable", True, marks=pytest.mark.slow),
    pytest.param(4, 14, "variable", False, marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("players", "seed", "start", "in_place"), GAMES)
def test_the_legal_moves_are_those_of_a_plain_reading_of_the_rules(
    players: int, seed: int, start: str, in_place: bool
) -> None:
    for step, state in enumerate(game(players, seed, start, in_place)):
        if E.to_move(state) != CHANCE and step % 2 == 0:
            assert E.legal_moves(state) == reference_moves(state), (step, state.phase)


# ---- every derived structure against one built afresh --------------------------------------------------
def fresh_layout(state: CairoState) -> Layout:
    index = BOARD.index
    spots = tuple(spot_of(stall) for stall in state.stalls)
    return Layout(BOARD, spots, {colour: index[square] for colour, square in state.customers.items()})


def brute_cut_pieces(layout: Layout, square: int) -> list[tuple[frozenset[int], int]]:
    """The pieces a tile on ``square`` leaves among its walkable neighbours, with their terminals, by plain search."""
    terminals, pieces, seen = set(layout.terminals), [], {square}
    for side in layout.steps[square]:
        if side in seen:
            continue
        piece, queue = {side}, [side]
        for here in queue:
            for there in layout.steps[here]:
                if there not in seen and there not in piece:
                    piece.add(there)
                    queue.append(there)
        seen |= piece
        pieces.append((frozenset(layout.steps[square]) & piece, len(piece & terminals)))
    return pieces


def pieces_of(cut: Cut) -> set[tuple[frozenset[int], int]]:
    """A cut's pieces as (the square's neighbours in it, terminals in it)."""
    return {(frozenset(sides), count) for sides, count in zip(cut.sides, cut.terminals, strict=True)}


def check_layout(state: CairoState) -> None:
    """The kept layout of ``state`` and its analyses equal a fresh layout's and plain searches."""
    kept, fresh = layout_of(state), fresh_layout(state)
    for name in ("tile", "main", "door", "customer", "free", "walkable", "steps", "touching", "terminals"):
        assert getattr(kept, name) == getattr(fresh, name), name
    assert kept.spots == fresh.spots and kept.customers == fresh.customers
    found = reach(kept)
    if kept.terminals:
        around = walk_distances(fresh.steps, kept.terminals[0])
        assert found.inside == [d >= 0 for d in around]
        assert found.joined == all(around[t] >= 0 for t in kept.terminals)
    assert kept.walk_bits == fresh.walk_bits == mask_of(square for square in ALL if fresh.walkable[square])
    assert kept.free_bits == fresh.free_bits == mask_of(square for square in ALL if fresh.free[square])
    narrow = [s for s in ALL if fresh.walkable[s] and not ring_keeps_joined(BOARD.rings[s], fresh.walkable)]
    assert narrow_bits(kept) == narrow_bits(fresh) == mask_of(narrow)
    for colour, square in kept.customers.items():
        assert walk_from(kept, colour) == walk_distances(fresh.steps, square), colour
    check_attraction(kept, fresh)
    plain = Board(state)
    check_extension_answers(kept, plain)  # before the sites: what the listing kept without them
    for square in obstacles(kept).apart:  # narrow squares known to cut nothing apart, some from earlier layouts
        assert fresh.walkable[square] and len(brute_cut_pieces(fresh, square)) == 1, NAMES[square]
    sites, again = site_masks(kept), site_masks(fresh)
    assert sites.allowed == again.allowed and sites.masks == again.masks and sites.by_kind == again.by_kind
    assert sites.allowed_bits == again.allowed_bits == mask_of(square for square in ALL if again.allowed[square])
    for spot in kept.spots.values():
        assert squares_of(BOARD, extension_bits(kept, DATA, spot)) == reference_extension_sites(plain, spot.id), spot
    assert sites.searched.keys() == again.searched.keys() and sites.cuts.keys() == again.cuts.keys()
    for square, cut in sites.cuts.items():
        assert pieces_of(cut) == set(brute_cut_pieces(kept, square)), NAMES[square]
    for colour in DATA.colours:
        for word, setup in (("build", False), ("place", True)):
            assert site_moves(kept, word, colour, setup) == site_moves(fresh, word, colour, setup)


ALL = range(len(NAMES))


def check_extension_answers(kept: Layout, plain: Board) -> None:
    """The extension answers kept with a layout (some carried over from its parent) equal plain searches: each
    stall's extension mask and candidates, and each free square's "a tile here keeps the terminals joined"."""
    masks: dict[int, tuple[int, bool]] = kept.memo.get(EXTENSIONS, {})
    for sid, (mask, _) in masks.items():
        assert squares_of(BOARD, mask) == reference_extension_sites(plain, sid), sid
    candidates: dict[int, int] = kept.stalls_memo.get(CANDIDATES, {})
    for sid, mask in candidates.items():
        stall = next(s for s in plain.stalls if s.id == sid)
        mine = {BOARD.index[t] for t in (stall.square, *stall.extensions)}
        near = {
            n
            for t, other in plain.tile.items()
            if other.colour == stall.colour and other.id != sid
            for n in BOARD.neighbours[t]
        }
        expected = [
            square
            for square in ALL
            if BOARD.kinds[square] == zone(stall.colour) and square not in near and mine & set(BOARD.neighbours[square])
        ]
        assert sorted(squares_of(BOARD, mask)) == expected, sid  # its tiles too: they are not free
    answers: dict[int, int] = kept.memo.get(ALLOWED, {})
    for square, answer in answers.items():
        assert bool(answer & 1) == (plain.free(square) and plain.joined_after(square)), NAMES[square]


def mask_of(squares: Iterable[int]) -> int:
    """Squares as a board mask (``Board.bits``)."""
    return sum(BOARD.bits[square] for square in squares)


def check_attraction(kept: Layout, fresh: Layout) -> None:
    """The entrances each customer may be sent to with 0–3 charlatans (walks kept from earlier layouts, cut
    short at the charlatans held) equal those of plain walks on a fresh layout."""
    for have in range(4):
        expected = []
        for colour, square in fresh.customers.items():
            dist = walk_distances(fresh.steps, square)
            doors = [
                spot.door for spot in fresh.spots.values() if spot.colour == colour and not fresh.customer[spot.door]
            ]
            near = sorted((dist[door], door) for door in doors if dist[door] >= 0)
            expected += [(colour, door) for far, door in near if sum(1 for f, _ in near if f < far) <= have]
        order = {colour: at for at, colour in enumerate(DATA.colours)}
        expected.sort(key=lambda found: order[found[0]])
        assert attract_choices(kept, DATA.colours, have) == expected, have


def test_board_masks_join_the_squares_the_board_joins() -> None:
    """A shift by 1 or by a row of a board mask steps to the neighbours, among the squares customers walk on;
    the souk and tavern squares' bits come in board order."""
    width, walked = BOARD.width, [s for s in ALL if BOARD.kinds[s] in (SOUK, QUEUE)]
    for square in walked:
        bit = BOARD.bits[square]
        around = (bit << 1 | bit >> 1 | bit << width | bit >> width) & mask_of(walked)
        assert around == mask_of(n for n in BOARD.neighbours[square] if n in walked), NAMES[square]
    placed = [s for s in ALL if BOARD.kinds[s] != QUEUE]
    assert squares_of(BOARD, mask_of(placed)) == placed


@pytest.mark.slow  # the longest check of all; the quick run checks what the structures decide, the legal moves
@pytest.mark.parametrize(("players", "seed", "start", "in_place"), GAMES)
def test_every_structure_kept_move_by_move_equals_one_built_afresh(
    players: int, seed: int, start: str, in_place: bool
) -> None:
    for state in game(players, seed, start, in_place):
        if state.phase not in ("queue", "deal", "start"):
            E.legal_moves(state)
            check_layout(state)


def test_a_tile_is_allowed_exactly_where_a_plain_search_keeps_the_terminals_joined() -> None:
    for state in list(game(4, 21))[::9]:
        if not state.customers:
            continue
        layout, board = layout_of(state), Board(state)
        sites = site_masks(layout)
        for square in range(len(NAMES)):
            if layout.free[square]:
                assert sites.allowed[square] == board.joined_after(square), NAMES[square]


@pytest.mark.slow  # two whole games, every square searched by brute force; quick: where a tile is allowed (above)
def test_the_obstacle_pieces_name_the_cut_vertices_a_plain_search_finds() -> None:
    """A cut vertex by the obstacle pieces is one by plain search; its pieces are those a search finds
    (terminal counts asked only where the engine asks them: a free square in the terminals' piece)."""
    checked = 0
    for state in list(game(4, 22)) + list(game(3, 23, "preset")):
        layout = layout_of(state)
        for square in range(len(NAMES)):
            if layout.walkable[square] and not ring_keeps_joined(BOARD.rings[square], layout.walkable):
                checked += 1
                assert cuts_apart(layout, square)[0] == (len(brute_cut_pieces(layout, square)) > 1), NAMES[square]
                cut, _ = cut_at(layout, square)
                if cut is not None and layout.free[square] and reach(layout).joined and reach(layout).inside[square]:
                    assert pieces_of(cut) == set(brute_cut_pieces(layout, square)), NAMES[square]
    assert checked > 1000


def test_a_walk_lengthened_around_one_tile_equals_a_fresh_walk() -> None:
    rng = random.Random(31)
    for state in list(game(4, 31))[::7]:
        layout = layout_of(state)
        for start in layout.customers.values():
            before = walk_distances(layout.steps, start)
            for blocked in rng.sample([s for s in range(len(NAMES)) if layout.walkable[s] and s != start], 10):
                walkable = list(layout.walkable)
                walkable[blocked] = False
                steps = walking_steps(BOARD.neighbours, walkable)
                after = distances_after_blocking(steps, before, blocked, layout.steps[blocked])
                assert after == walk_distances(steps, start)


def test_a_stall_lifted_off_leaves_the_layout_a_fresh_one_would_be() -> None:
    lifted = 0
    for state in list(game(4, 41))[::5]:
        layout = layout_of(state)
        for sid, spot in layout.spots.items():
            if spot.extensions:
                continue
            lifted += 1
            off = lifted_layout(layout, sid)
            without = Layout(BOARD, tuple(s for i, s in layout.spots.items() if i != sid), layout.customers)
            for name in ("tile", "main", "door", "free", "walkable", "steps", "touching", "terminals"):
                assert getattr(off, name) == getattr(without, name), name
    assert lifted > 50


# ---- the kept analysis is no part of the state ----------------------------------------------------------
def test_a_copy_shares_no_container_with_its_original() -> None:
    """``copy_state`` copies every list and dict of the state, and the purses, hands and medal holders in them."""
    state = next(s for step, s in enumerate(game(3, 5)) if step > 120)
    copy = E.copy(state)
    assert copy == state
    for name, value in state.__dict__.items():
        if isinstance(value, list | dict):
            assert copy.__dict__[name] is not value, name
    inner = [*zip(state.coins, copy.coins, strict=True), *zip(state.hands, copy.hands, strict=True)]
    inner += zip(state.medals.values(), copy.medals.values(), strict=True)
    assert inner and all(mine is not theirs for mine, theirs in inner)


def test_a_state_keeps_its_layout_out_of_its_text_its_equality_and_its_pickle() -> None:
    state = list(game(3, 51))[150]
    E.legal_moves(state)
    assert KEPT in state.__dict__
    text = E.dumps(state)
    assert KEPT not in text and E.dumps(E.loads(text)) == text
    assert E.loads(text) == state and state == E.loads(text)
    unpickled = pickle.loads(pickle.dumps(state))
    assert KEPT not in unpickled.__dict__ and unpickled == state
    assert E.legal_moves(unpickled) == E.legal_moves(state)


def test_a_state_changed_by_hand_is_read_afresh() -> None:
    state = next(s for s in game(4, 61) if s.phase == "play" and len(s.stalls) > 12)
    E.legal_moves(state)
    moved = E.copy(state)
    colour, square = next(iter(moved.customers.items()))
    free = next(NAMES[s] for s in range(len(NAMES)) if layout_of(state).free[s] and BOARD.kinds[s] == SOUK)
    moved.customers[colour] = free
    assert E.legal_moves(moved) == reference_moves(moved)
    assert square != free and layout_of(moved) is not layout_of(state)
    trimmed = E.copy(state)
    trimmed.stalls[3] = trimmed.stalls[3].model_copy(update={"door": trimmed.stalls[3].door})
    del trimmed.stalls[-1]
    assert E.legal_moves(trimmed) == reference_moves(trimmed)
    assert layout_of(trimmed).spots == cached_layout(trimmed).spots
