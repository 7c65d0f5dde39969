"""Kairo's engine beyond the rules: fast paths that must agree with the slow ones, the view, sampling, events.

* ``is_legal``/``canonical`` read one move without listing every move: they must agree with
  ``legal_moves`` on every move tried, legal or not.
* The constant-time blocking test of ``PathIndex`` must agree with a plain search of the board.
* ``sample_state`` must give a merchant who is hidden in the middle of a build what finishing it
  takes, and read the other purses from what the bank and the viewer do not hold.
"""

from __future__ import annotations

import random
from collections import deque
from itertools import combinations_with_replacement

import pytest

import engines
from engines.base import CHANCE, Event
from engines.cairo import CairoState
from engines.cairo.board import SOUK, get_board
from engines.cairo.data import load_cairo_data
from engines.cairo.layout import layout_of
from tests.test_cairo_rules import QUEUE, play, position, told

E = engines.get("cairo")
DATA = load_cairo_data()
BOARD = get_board()


def random_states(players: int, seed: int, every: int = 1, start: str = "variable") -> list[CairoState]:
    """States of one seeded random game where a merchant is to move, one in ``every``."""
    rng = random.Random(seed)
    state, found, step = E.new_game(players, {"start": start}), [], 0
    while (seat := E.to_move(state)) is not None:
        if seat != CHANCE:
            step += 1
            if step % every == 0:
                found.append(state)
        move = E.sample_chance(state, rng) if seat == CHANCE else rng.choice(E.legal_moves(state))
        state = E.apply(state, move)
    return found


# ---- one move read alone agrees with the list of every move -------------------------------------------
def candidate_moves(state: CairoState, rng: random.Random) -> list[str]:
    """Moves to try: legal ones and many near misses of every word allowed now."""
    names, colours = BOARD.names, DATA.colours
    found = []
    for _ in range(400):
        colour, square = rng.choice(colours), rng.randrange(len(names))
        door = rng.choice(BOARD.neighbours[square])
        found += [
            f"place {colour} {names[square]} door {names[door]}",
            f"build {colour} {names[square]} door {names[door]}",
            f"move {colour} to {names[square]} door {names[door]}",
            f"extend {colour} {names[square]}",
            f"attract {colour} to {names[door]}",
        ]
    found += ["pass", "take deck", "take charlatan", *(f"take display {slot}" for slot in range(6))]
    found += [f"card {card}" for card in DATA.card_names]
    found += [f"wild {zone} coin {colour}" for zone in DATA.zones for colour in colours]
    found += ["cards " + " ".join(trio) for trio in combinations_with_replacement(DATA.card_names, 3)]
    found += ["keep " + " ".join(rng.sample(DATA.card_names, 4)) for _ in range(50)]
    found += [f"pay {a}:{x} {b}:{y}" for a in colours for b in colours if a != b for x in (1, 2) for y in (2, 4)]
    found += [f"pay {colour}:{value}" for colour in colours for value in range(1, 6)]
    return found


@pytest.mark.parametrize(
    ("players", "seed", "start"),
    [
        (2, 1, "variable"),
        pytest.param(3, 2, "preset", marks=pytest.mark.slow),
        pytest.param(4, 3, "variable", marks=pytest.mark.slow),
    ],
)
def test_a_move_read_alone_is_legal_exactly_when_it_is_listed(players: int, seed: int, start: str) -> None:
    rng = random.Random(seed)
    for state in random_states(players, seed, every=7, start=start):
        legal = E.legal_moves(state)
        listed = set(legal)
        assert len(listed) == len(legal)
        for move in legal:
            assert E.is_legal(state, move) and E.canonical(state, move) == move
        for move in candidate_moves(state, rng):
            if E.is_legal(state, move):
                assert E.canonical(state, move) in listed, move
            else:
                assert move not in listed, move


def test_a_move_is_read_in_any_case_spacing_and_order() -> None:
    state = position(stalls=[(0, "red", "c3", "d3", "c2")], hands={0: ["NW", "N", "W", "west"]}, coins={0: {"red": 3}})
    assert E.canonical(state, "  EXTEND   Red C4 ") == "extend red c4"
    paying = play(state, "extend red c4", "card NW")
    assert E.canonical(paying, "pay RED:3") == "pay red:3"
    drawn = position(hands={0: ["N", "C", "S", "SE"]}, display=["NW", "W", None, None])
    keeping = play(drawn, "take display 1", "take display 2")
    assert E.canonical(keeping, "keep se nw n w") == "keep NW N W SE"


# ---- blocking: the constant-time answer agrees with a search ------------------------------------------
def joined_after(state: CairoState, blocked: int, door: int | None) -> bool:
    """By plain search: with ``blocked`` a stall tile (and ``door`` a new entrance), is every terminal joined?"""
    layout = layout_of(state)
    walkable = list(layout.walkable)
    walkable[blocked] = False
    terminals = {*layout.customers.values(), *(spot.door for spot in layout.spots.values())}
    if door is not None:
        terminals.add(door)
    if not terminals:
        return True
    start = next(iter(terminals))
    if not walkable[start]:
        return False
    seen, queue = {start}, deque([start])
    while queue:
        here = queue.popleft()
        for there in BOARD.neighbours[here]:
            if walkable[there] and there not in seen:
                seen.add(there)
                queue.append(there)
    return terminals <= seen


@pytest.mark.parametrize("seed", [4, 5])
def test_the_blocking_test_agrees_with_a_search_of_the_board(seed: int) -> None:
    for state in random_states(3, seed, every=15):
        layout = layout_of(state)
        for square in range(len(BOARD.squares)):
            if not layout.free[square]:
                continue
            assert layout.paths.can_block(square) == joined_after(state, square, None), BOARD.names[square]
            for door in BOARD.neighbours[square]:
                if BOARD.kinds[door] == SOUK and layout.free[door]:
                    expected = joined_after(state, square, door)
                    assert layout.paths.can_block(square, door) == expected, (BOARD.names[square], BOARD.names[door])


def test_a_pocket_without_customers_or_entrances_may_be_closed_and_one_with_them_may_not() -> None:
    walled = position(stalls=[(1, "red", "b2", "c2"), (1, "blue", "d1", "d2")])
    layout = layout_of(walled)
    assert layout.paths.can_block(BOARD.index["c1"])
    boxed = position(stalls=[(1, "red", "b2", "b1"), (1, "blue", "d1", "d2")])
    assert not layout_of(boxed).paths.can_block(BOARD.index["c1"])


# ---- copies, partial builds, defaults -------------------------------------------------------------------
def test_a_copy_shares_nothing_that_a_move_changes() -> None:
    state = position(stalls=[(0, "red", "c3", "d3")], hands={0: ["NW"]}, coins={0: {"red": 3}})
    before = E.dumps(state)
    copy = E.copy(state)
    for move in ("extend red c4", "card NW", "pay red:2"):
        E.apply_in_place(copy, move)
    assert E.dumps(state) == before
    assert copy.stalls[0].extensions == ("c4",) and state.stalls[0].extensions == ()


def test_a_build_is_partial_until_its_last_payment() -> None:
    state = position(stalls=[(0, "red", "c3", "d3")], hands={0: ["NW", "C"]}, coins={0: {"red": 3}})
    assert not E.partial(state)
    extending = play(state, "extend red c4")
    assert E.partial(extending)
    assert E.partial(play(extending, "card NW"))
    assert not E.partial(play(extending, "card NW", "pay red:2"))
    building = play(state, "build blue g6 door g7")
    assert E.partial(building) and not E.partial(play(building, "card C"))
    assert not E.partial(play(state, "take charlatan"))


def test_the_steps_of_one_build_tell_it_once() -> None:
    state = position(hands={0: ["C"]})
    assert told(state, "build red g6 door g7") == []
    events = told(play(state, "build red g6 door g7"), "card C")
    assert [event.code for event in events] == ["stall_built"]


# ---- the view ----------------------------------------------------------------------------------------
def test_the_view_shares_scores_who_is_out_and_what_is_being_decided() -> None:
    state = position(players=3, stalls=[(0, "red", "c3", "d3")], hands={0: ["NW"]}, coins={0: {"red": 3}})
    state.scores = [4, 7, 0]
    state = E.resign(state, 2)
    view = E.view(state, 1)
    assert [(s.seat, s.score, s.out, s.to_move) for s in view.seats] == [
        (0, 4, False, True),
        (1, 7, False, False),
        (2, 0, True, False),
    ]
    assert view.decision is not None and (view.decision.seat, view.decision.code) == (0, "play")
    paying = E.view(play(state, "extend red c4"), 1)
    assert paying.decision is not None and paying.decision.code == "pay_cards"
    assert paying.decision.params == {"action": "extend", "colour": "red", "square": "c4", "door": None, "price": 2}
    coins = E.view(play(state, "extend red c4", "card NW"), 1).decision
    assert coins is not None and coins.code == "pay_coins" and coins.params["payment"] == {"card": "NW"}


@pytest.mark.parametrize(
    ("make", "code", "params"),
    [
        (lambda: play(position(), "take charlatan"), "second_pick", {"left": 1}),
        (lambda: position(final=True), "final", {}),
        (
            lambda: play(
                position(hands={0: ["N", "C", "S", "SE"]}, display=["NW", "W", None, None]),
                "take display 1",
                "take display 2",
            ),
            "keep",
            {"limit": 4, "count": 6},
        ),
    ],
)
def test_each_phase_has_its_decision(make, code: str, params: dict) -> None:  # type: ignore[no-untyped-def]
    decision = E.view(make(), None).decision
    assert decision is not None and decision.code == code and decision.params == params


def test_the_end_shows_one_points_figure_per_merchant() -> None:
    state = position(players=2, final=True, coins={0: {"red": 5, "blue": 2}, 1: {"white": 2}})
    state.scores = [10, 14]
    state.medals["red"] = {"gold": 0, "silver": 1}
    view = E.view(play(state, "pass", "pass"), None)
    assert view.outcome is not None
    assert [s.score for s in view.seats] == view.outcome.scores == [15, 16]


def test_changed_places_are_the_squares_whose_pieces_changed() -> None:
    state = position(stalls=[(1, "red", "d3", "e3")], hands={0: ["C"]})
    before = E.view(state, None)
    attracted = E.view(play(state, "attract red to e3"), None)
    assert sorted(E.changed_places(before, attracted)) == ["e3", "q1"]
    built = E.view(play(state, "build blue g6 door g7", "card C"), None)
    assert sorted(E.changed_places(before, built)) == ["g6", "g7"]
    assert E.changed_places(before, before) == []


# ---- sampling hidden worlds ------------------------------------------------------------------------------
def test_samples_read_the_other_purse_from_the_bank_and_draw_the_other_hand() -> None:
    state = position(
        players=2, hands={0: ["N", "C"], 1: ["S", "SE", "W"]}, coins={0: {"red": 2}, 1: {"blue": 3, "red": 1}}
    )
    view = E.view(state, 0)
    rng = random.Random(1)
    hands = set()
    for _ in range(30):
        sample = E.sample_state(view, rng)
        assert E.view(sample, 0) == view
        assert sample.coins[1] == state.coins[1]  # two merchants: the bank and my purse say what the other holds
        hands.add(tuple(sample.hands[1]))
        assert sum(sample.deck.values()) == sum(state.deck.values())
    assert len(hands) > 1
    spectator = E.view(state, None)
    purses = {tuple(E.sample_state(spectator, rng).coins[0].values()) for _ in range(30)}
    assert len(purses) > 1


@pytest.mark.parametrize("hand", [["S"], ["south"], ["N", "N", "NE"]])
def test_a_hidden_merchant_in_the_middle_of_a_build_can_always_finish_it(hand: list[str]) -> None:
    state = position(players=3, stalls=[(0, "red", "h10", "h9")], hands={0: hand}, coins={0: {"red": 2, "blue": 2}})
    extending = play(state, "extend red i10")
    assert E.partial(extending)
    rng = random.Random(2)
    for viewer in (1, None):
        view = E.view(extending, viewer)
        for _ in range(40):
            sample = E.sample_state(view, rng)
            assert E.view(sample, viewer) == view
            moves = E.legal_moves(sample)
            assert moves, sample.hands[0]
            paying = E.apply(sample, moves[0])
            assert E.legal_moves(paying) and E.view(paying, viewer).phase == "pay"


# ---- events ----------------------------------------------------------------------------------------------
def test_an_empty_bank_pays_what_it_has_and_says_so() -> None:
    state = position(stalls=[(1, "red", "d3", "e3", "c3", "d4")], coins={0: {}, 1: {"red": 18}})
    events = told(state, "attract red to e3")
    assert Event("coins_earned", {"seat": 0, "colour": "red", "value": 1}) in events
    assert Event("bank_short", {"seat": 1, "colour": "red", "value": 1, "due": 3}) in events


def test_medals_taken_name_the_merchant_they_are_taken_from() -> None:
    stalls = [(0, "red", "c3", "d3", "c2"), (1, "red", "j6", "k6", "j7")]
    state = position(stalls=stalls, hands={0: ["NW"]}, coins={0: {"red": 3}})
    state.medals["red"] = {"gold": 1, "silver": 1}
    events = told(play(state, "extend red c4", "card NW"), "pay red:3")
    assert (
        Event(
            "medals_taken", {"seat": 0, "colour": "red", "medals": ["gold", "silver"], "points": 5, "from_seats": [1]}
        )
        in events
    )


def test_the_discard_pile_is_reshuffled_with_a_word() -> None:
    state = position()
    state.deck, state.discard = {}, {"S": 2}
    events = told(play(state, "take deck"), "deal S")
    assert events[0] == Event("deck_reshuffled", {"count": 2})


def test_the_cards_kept_are_told_to_their_holder_only() -> None:
    state = play(
        position(hands={0: ["N", "C", "S", "SE"]}, display=["NW", "W", None, None]), "take display 1", "take display 2"
    )
    mine = told(state, "keep NW N W SE", viewer=0)
    theirs = told(state, "keep NW N W SE", viewer=1)
    assert [(e.code, e.params) for e in mine] == [
        ("cards_kept", {"seat": 0, "cards": ["NW", "N", "W", "SE"], "discarded": ["C", "S"]})
    ]
    assert [(e.code, e.params) for e in theirs] == [("cards_discarded", {"seat": 0, "count": 2})]


def test_the_customers_queue_and_the_setup_deals_are_told() -> None:
    state = E.new_game(2)
    events = told(state, "queue red yellow green blue white purple")
    assert events == [
        Event("customers_queued", {"queue": ["red", "yellow", "green", "blue", "white"], "waiting": "purple"})
    ]
    dealt = play(state, "queue red yellow green blue white purple", "deal NW", "deal N", "deal NE", "deal W")
    assert [(e.code, e.params) for e in told(dealt, "deal C", viewer=1)] == [("card_dealt", {"seat": 0})]
    assert [(e.code, e.params) for e in told(dealt, "deal C", viewer=0)] == [("card_dealt", {"seat": 0, "card": "C"})]
    assert QUEUE["red"] == "q1"
