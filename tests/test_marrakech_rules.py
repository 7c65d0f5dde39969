"""Scenario tests for the Marrakech engine: one or more per rule of seed 001 and GAMES.md.

States are built directly (carpets laid by hand, Assam put on a square) or reached through
``apply`` with forced chance moves. Tests assert codes, events and state, never words.
Colours by seat: 3–4 players seat 0 red, 1 blue, 2 yellow, 3 green; 2 players seat 0
red + yellow, seat 1 blue + green.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engines import CHANCE, Decision, Event, GameError, IllegalMove, get
from engines.marrakech import (
    DATA,
    ENGINE,
    MarrakechState,
    parse_placement,
    parse_square,
    placement_move,
    square_name,
    walk,
)

NAMES = ["Ana", "Ben", "Cai", "Dee"]


# ---- builders -------------------------------------------------------------------------------
def colour_id(name: str) -> int:
    return DATA.colour_names.index(name)


def sq(name: str) -> int:
    square = parse_square(name)
    assert square is not None
    return square


def setup(
    num_players: int = 3,
    *,
    carpets: tuple[tuple[str, str], ...] = (),
    assam: str = "d4",
    facing: str = "N",
    seat: int = 0,
    phase: str = "roll",
    dirhams: list[int] | None = None,
    variant: bool = False,
) -> MarrakechState:
    """A game with ``carpets`` (colour name, ``"c3-d3"``) laid in order and Assam placed."""
    state = ENGINE.new_game(num_players, {"variant": variant})
    for colour, squares in carpets:
        lay(state, colour, squares)
    state.assam = sq(assam)
    state.facing = facing
    state.seat = seat
    state.phase = phase  # type: ignore[assignment]
    if phase == "place" and num_players > 2:
        state.next_carpet = seat
    if dirhams is not None:
        state.dirhams = list(dirhams)
    return state


def lay(state: MarrakechState, colour: str, squares: str) -> None:
    """Put a carpet on the board by hand (no rule checks, no pile change)."""
    placement = parse_placement(squares)
    assert placement is not None
    for square in placement:
        state.board_carpet[square] = state.carpets_laid
        state.board_colour[square] = colour_id(colour)
    state.carpets_laid += 1


def play(state: MarrakechState, *moves: str) -> MarrakechState:
    for move in moves:
        state = ENGINE.apply(state, move)
    return state


def events_of(state: MarrakechState, move: str) -> list[Event]:
    return ENGINE.transition(state, move).events


def refused(state: MarrakechState, move: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        ENGINE.apply(state, move)
    return caught.value


def assam_after_roll(start: str, facing: str, roll: int) -> tuple[str, str]:
    """Where Assam stands and faces after rolling ``roll`` from ``start`` facing ``facing``."""
    state = play(setup(assam=start, facing=facing), f"roll {roll}")
    return square_name(state.assam), state.facing


def details(state: MarrakechState) -> dict[str, Any]:
    return ENGINE.view(state, None).details


def cell(state: MarrakechState, square: str) -> dict[str, Any] | None:
    index = sq(square)
    return details(state)["board"][index // 7][index % 7]


def top_colour_name(state: MarrakechState, square: str) -> str | None:
    found = cell(state, square)
    return None if found is None else DATA.colour_names[found["colour"]]


def random_game(num_players: int, variant: bool, seed: int) -> list[tuple[MarrakechState, str]]:
    """The (state, move) pairs of one seeded random game, the final state last with move ''."""
    rng = random.Random(seed)
    state = ENGINE.new_game(num_players, {"variant": variant})
    history = []
    while (mover := ENGINE.to_move(state)) is not None:
        moves = ENGINE.legal_moves(state)
        move = ENGINE.sample_chance(state, rng) if mover == CHANCE else rng.choice(moves)
        history.append((state, move))
        state = ENGINE.apply(state, move)
        assert len(history) < 2000, "a game must end"
    history.append((state, ""))
    return history


# ---- setup ------------------------------------------------------------------------------------
def test_engine_is_registered_as_marrakech() -> None:
    assert get("Marrakech") is ENGINE is get("marrakesh")
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 4)
    assert ENGINE.secret_fields == ()


@pytest.mark.parametrize("count", [1, 5])
def test_player_count_must_be_2_to_4(count: int) -> None:
    with pytest.raises(GameError) as caught:
        ENGINE.new_game(count)
    assert caught.value.code == "bad_player_count"
    assert (caught.value.params["min"], caught.value.params["max"]) == (2, 4)


def test_three_players_start_with_30_dirhams_and_15_carpets_of_one_colour() -> None:
    players = details(ENGINE.new_game(3))["players"]
    assert [(p["dirhams"], p["carpets_left"], len(p["colours"])) for p in players] == [(30, 15, 1)] * 3


def test_four_players_start_with_30_dirhams_and_12_carpets_of_one_colour() -> None:
    players = details(ENGINE.new_game(4))["players"]
    assert [(p["dirhams"], p["carpets_left"], len(p["colours"])) for p in players] == [(30, 12, 1)] * 4


def test_two_players_each_hold_two_colours_of_12_carpets() -> None:
    found = details(ENGINE.new_game(2))
    assert [p["carpets_left"] for p in found["players"]] == [24, 24]
    assert found["carpets_left"] == [12, 12, 12, 12]
    colours = [[found["colours"][c] for c in p["colours"]] for p in found["players"]]
    assert colours == [["red", "yellow"], ["blue", "green"]]


def test_two_players_start_with_30_dirhams_each() -> None:
    assert [p["dirhams"] for p in details(ENGINE.new_game(2))["players"]] == [30, 30]


def test_assam_starts_on_d4_facing_north_and_seat_0_turns_him() -> None:
    view = ENGINE.view(ENGINE.new_game(3), None)
    assert view.details["assam"] == {"square": "d4", "facing": "N"}
    assert (view.to_move, view.phase) == (0, "orient")
    assert view.decision == Decision(seat=0, code="orient", params={"square": "d4", "facing": "N", "for_next": False})


def test_turns_go_clockwise_by_increasing_seat() -> None:
    state = ENGINE.new_game(3)
    order = []
    for _ in range(4):
        order.append(ENGINE.to_move(state))
        state = play(state, "straight", "roll 1")
        state = play(state, ENGINE.default_move(state))
    assert order == [0, 1, 2, 0]


# ---- turning Assam ----------------------------------------------------------------------------
@pytest.mark.parametrize(("orientation", "facing"), [("left", "W"), ("straight", "N"), ("right", "E")])
def test_assam_turns_a_quarter_left_or_right_or_stays_straight(orientation: str, facing: str) -> None:
    step = ENGINE.transition(ENGINE.new_game(3), orientation)
    assert step.state.facing == facing
    assert ENGINE.to_move(step.state) == CHANCE
    assert step.events == [Event("orient", {"seat": 0, "turn": orientation, "facing": facing})]


def test_assam_cannot_turn_around() -> None:
    state = setup(phase="orient", facing="E")
    assert ENGINE.legal_moves(state) == ["left", "straight", "right"]
    for attempt in ("back", "turn around", "W"):
        error = refused(state, attempt)
        assert (error.code, error.params) == ("cannot_turn_around", {"facing": "E"})


def test_a_word_that_is_no_turn_is_refused_with_the_turns_rule() -> None:
    error = refused(setup(phase="orient"), "place d2-d3")
    assert (error.code, error.params) == ("turn_assam", {"move": "place d2-d3"})


# ---- the die and the walk ---------------------------------------------------------------------
def test_die_faces_are_1_2_2_3_3_4() -> None:
    odds = dict(ENGINE.chance_odds(setup(phase="roll")))
    assert odds == pytest.approx({"roll 1": 1 / 6, "roll 2": 2 / 6, "roll 3": 2 / 6, "roll 4": 1 / 6})


def test_sampled_rolls_follow_the_die() -> None:
    rng, state = random.Random(3), setup(phase="roll")
    counts = {move: 0 for move in ENGINE.legal_moves(state)}
    for _ in range(6000):
        counts[ENGINE.sample_chance(state, rng)] += 1
    assert counts["roll 1"] == pytest.approx(1000, rel=0.12)
    assert counts["roll 2"] == pytest.approx(2000, rel=0.08)
    assert counts["roll 3"] == pytest.approx(2000, rel=0.08)
    assert counts["roll 4"] == pytest.approx(1000, rel=0.12)


def test_assam_walks_straight_ahead_as_many_squares_as_rolled() -> None:
    step = ENGINE.transition(setup(assam="d4", facing="E"), "roll 3")
    assert square_name(step.state.assam) == "g4"
    assert details(step.state)["last"]["path"] == ["d4", "e4", "f4", "g4"]
    roll = {"seat": 0, "roll": 3, "square": "g4", "facing": "E", "round_border": False}
    assert step.events == [Event("roll", roll)]


@pytest.mark.parametrize(
    ("start", "end"),
    [("a1", "b1"), ("b1", "a1"), ("c1", "d1"), ("d1", "c1"), ("e1", "f1"), ("f1", "e1")],
)
def test_border_arc_north_pairs_of_columns(start: str, end: str) -> None:
    assert assam_after_roll(start, "N", 1) == (end, "S")


@pytest.mark.parametrize(
    ("start", "end"),
    [("g2", "g3"), ("g3", "g2"), ("g4", "g5"), ("g5", "g4"), ("g6", "g7"), ("g7", "g6")],
)
def test_border_arc_east_pairs_of_rows(start: str, end: str) -> None:
    assert assam_after_roll(start, "E", 1) == (end, "W")


@pytest.mark.parametrize(
    ("start", "end"),
    [("b7", "c7"), ("c7", "b7"), ("d7", "e7"), ("e7", "d7"), ("f7", "g7"), ("g7", "f7")],
)
def test_border_arc_south_pairs_of_columns(start: str, end: str) -> None:
    assert assam_after_roll(start, "S", 1) == (end, "N")


@pytest.mark.parametrize(
    ("start", "end"),
    [("a1", "a2"), ("a2", "a1"), ("a3", "a4"), ("a4", "a3"), ("a5", "a6"), ("a6", "a5")],
)
def test_border_arc_west_pairs_of_rows(start: str, end: str) -> None:
    assert assam_after_roll(start, "W", 1) == (end, "E")


@pytest.mark.parametrize(
    ("start", "facing", "turned_to", "next_square"),
    [
        ("g1", "N", "W", "f1"),  # north-east corner, leaving north
        ("g1", "E", "S", "g2"),  # north-east corner, leaving east
        ("a7", "S", "E", "b7"),  # south-west corner, leaving south
        ("a7", "W", "N", "a6"),  # south-west corner, leaving west
    ],
)
def test_corner_arc_turns_assam_on_the_spot_for_one_step(
    start: str, facing: str, turned_to: str, next_square: str
) -> None:
    assert assam_after_roll(start, facing, 1) == (start, turned_to)
    assert assam_after_roll(start, facing, 2) == (next_square, turned_to)


def test_a_step_off_the_board_costs_one_step() -> None:
    step = ENGINE.transition(setup(assam="a1", facing="N"), "roll 3")
    assert (square_name(step.state.assam), step.state.facing) == ("b3", "S")
    assert details(step.state)["last"]["path"] == ["a1", "b1", "b2", "b3"]
    assert step.events[0].params["round_border"] is True


def test_a_walk_through_two_arcs() -> None:
    # One roll (at most 4) cannot reach a second arc: after an arc Assam is 6 squares from the
    # next edge. The walk itself must still chain arcs, e.g. over two turns of the same merchant.
    walked = walk(sq("b1"), "N", 9)
    assert [square_name(square) for square in walked.path] == [
        "b1", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a7", "b7",
    ]  # fmt: skip
    assert (square_name(walked.square), walked.facing, walked.round_border) == ("b7", "E", True)
    assert walk(sq("b1"), "N", 7).facing == "S" and walk(sq("b1"), "N", 8).facing == "E"


def test_assam_goes_round_two_arcs_over_successive_turns() -> None:
    state = play(setup(assam="b1", facing="N"), "roll 4")
    assert (square_name(state.assam), state.facing) == ("a4", "S")  # north pair arc b1 -> a1
    state = play(state, ENGINE.default_move(state), "straight", "roll 3")
    assert (square_name(state.assam), state.facing) == ("a7", "S")
    state = play(state, ENGINE.default_move(state), "straight", "roll 2")
    assert (square_name(state.assam), state.facing) == ("b7", "E")  # south-west corner arc


# ---- tribute ----------------------------------------------------------------------------------
BLUE_AREA = (("blue", "d3-e3"), ("blue", "e2-f2"), ("blue", "b2-c2"))
"""Blue area d3 e3 e2 f2 (4 squares); b2-c2 touches it only diagonally (c2 / d3)."""


def test_tribute_is_the_connected_area_of_the_colour_assam_stands_on_diagonals_excluded() -> None:
    step = ENGINE.transition(setup(carpets=BLUE_AREA, assam="d4", facing="N"), "roll 1")
    assert square_name(step.state.assam) == "d3"
    assert step.state.dirhams == [26, 34, 30]
    assert details(step.state)["last"]["tribute"] == {"payer": 0, "payee": 1, "amount": 4}
    assert step.events[1] == Event("tribute", {"seat": 0, "payee_seat": 1, "amount": 4, "due": 4})


def test_tribute_counts_only_visible_squares() -> None:
    state = setup(carpets=(*BLUE_AREA, ("yellow", "f2-g2")), assam="d4", facing="N")
    state = play(state, "roll 1")
    assert state.dirhams == [27, 33, 30]


def test_no_tribute_on_an_empty_square() -> None:
    step = ENGINE.transition(setup(carpets=BLUE_AREA, assam="d4", facing="S"), "roll 1")
    assert step.state.dirhams == [30, 30, 30]
    assert details(step.state)["last"]["tribute"] is None
    assert [event.code for event in step.events] == ["roll"]


def test_no_tribute_on_your_own_colour() -> None:
    step = ENGINE.transition(setup(carpets=(("red", "d3-e3"),), assam="d4", facing="N"), "roll 1")
    assert step.state.dirhams == [30, 30, 30]
    assert details(step.state)["last"]["tribute"] is None
    assert [event.code for event in step.events] == ["roll"]


def test_two_player_colours_are_separate_areas_for_tribute() -> None:
    carpets = (("blue", "d3-e3"), ("green", "d2-c2"))
    state = play(setup(2, carpets=carpets, assam="d4", facing="N"), "roll 1")
    assert state.dirhams == [28, 32]


def test_two_players_pay_no_tribute_on_either_of_their_own_colours() -> None:
    for colour in ("red", "yellow"):
        state = play(setup(2, carpets=((colour, "d3-e3"),), assam="d4", facing="N"), "roll 1")
        assert state.dirhams == [30, 30]


def test_paying_exactly_all_your_dirhams_keeps_you_in() -> None:
    step = ENGINE.transition(setup(carpets=BLUE_AREA, dirhams=[4, 30, 30]), "roll 1")
    assert step.state.dirhams == [0, 34, 30]
    assert not step.state.out[0]
    assert (ENGINE.to_move(step.state), step.state.phase) == (0, "place")
    assert "eliminated" not in [event.code for event in step.events]


def test_tribute_is_settled_before_the_carpet_is_laid() -> None:
    # Ana lands on Ben's blue d3 (area d3 e3 = 2) and pays before laying red over e3.
    state = play(setup(carpets=(("blue", "d3-e3"),), assam="d4", facing="N"), "roll 1")
    assert state.dirhams == [28, 32, 30] and state.phase == "place"
    state = play(state, "place e3-e4")
    assert state.dirhams == [28, 32, 30] and top_colour_name(state, "e3") == "red"


# ---- elimination ------------------------------------------------------------------------------
def eliminated_state() -> MarrakechState:
    """Ana (3 dirhams, a red carpet on d1-d2) lands on Ben's 4-square area and is out."""
    carpets = (("red", "d1-d2"), *BLUE_AREA)
    return play(setup(carpets=carpets, dirhams=[3, 30, 30]), "roll 1")


def test_a_merchant_who_cannot_pay_pays_all_and_is_out() -> None:
    carpets = (("red", "d1-d2"), *BLUE_AREA)
    step = ENGINE.transition(setup(carpets=carpets, dirhams=[3, 30, 30]), "roll 1")
    view = ENGINE.view(step.state, None)
    assert [p["dirhams"] for p in view.details["players"]] == [0, 33, 30]
    assert view.seats[0].out is True
    assert view.details["players"][0]["carpets_left"] == 0
    assert view.details["last"]["eliminated"] == 0
    assert view.details["last"]["tribute"] == {"payer": 0, "payee": 1, "amount": 3}
    assert (view.to_move, view.phase) == (1, "orient")
    assert step.events[1:] == [
        Event("tribute", {"seat": 0, "payee_seat": 1, "amount": 3, "due": 4}),
        Event("eliminated", {"seat": 0}),
    ]


def test_an_eliminated_merchants_carpets_stay_as_neutral_and_take_no_tribute() -> None:
    state = eliminated_state()
    assert cell(state, "d1") == {"colour": 0, "carpet": 0, "neutral": True}
    state = play(state, "straight", "roll 1")  # Ben walks from d3 onto the red d2
    assert square_name(state.assam) == "d2"
    assert state.dirhams == [0, 33, 30]
    assert details(state)["last"]["tribute"] is None


def test_an_eliminated_merchants_turns_are_skipped() -> None:
    state = eliminated_state()
    movers = []
    for _ in range(3):
        movers.append(ENGINE.to_move(state))
        state = play(state, "right", "roll 1")
        state = play(state, ENGINE.default_move(state))
    assert movers == [1, 2, 1]


def test_an_eliminated_merchant_does_not_score_and_cannot_win() -> None:
    state = setup(carpets=(("red", "a1-b1"),), phase="place", seat=2, dirhams=[90, 30, 30])
    state.pile = [1, 0, 1]
    state = ENGINE.resign(state, 0)
    assert state.out[0]
    state = play(state, ENGINE.default_move(state))
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.scores[0] == 90  # dirhams only: the red squares are neutral
    assert outcome.winners == [2]


def test_elimination_in_a_two_player_game_ends_it() -> None:
    carpets = (("blue", "d3-e3"),)
    state = play(setup(2, carpets=carpets, dirhams=[1, 30]), "roll 1")
    outcome = ENGINE.outcome(state)
    assert ENGINE.to_move(state) is None
    assert outcome is not None and outcome.winners == [1]
    assert outcome.termination == "last_merchant"
    assert outcome.details == {"dirhams": [0, 31], "out": [0]}


# ---- placement --------------------------------------------------------------------------------
def test_placements_touch_assam_on_two_side_by_side_squares_in_reading_order() -> None:
    state = setup(phase="place")
    assert ENGINE.legal_moves(state) == [
        "place d2-d3",
        "place c3-d3",
        "place c3-c4",
        "place d3-e3",
        "place e3-e4",
        "place b4-c4",
        "place c4-c5",
        "place e4-f4",
        "place e4-e5",
        "place c5-d5",
        "place d5-e5",
        "place d5-d6",
    ]


def test_placements_stay_on_the_board() -> None:
    state = setup(phase="place", assam="a1")
    assert ENGINE.legal_moves(state) == ["place b1-c1", "place b1-b2", "place a2-b2", "place a2-a3"]
    error = refused(state, "place a0-b0")
    assert (error.code, error.params) == ("not_a_square", {"text": "a0", "last_column": "g", "last_row": 7})
    assert refused(state, "place h1-g1").params["text"] == "h1"


def test_a_carpet_must_touch_assams_square() -> None:
    error = refused(setup(phase="place"), "place a1-b1")
    assert (error.code, error.params) == ("must_touch_assam", {"squares": ["a1", "b1"], "square": "d4"})


def test_a_carpet_may_not_lie_on_assams_square() -> None:
    error = refused(setup(phase="place"), "place d4-d5")
    assert (error.code, error.params) == ("assam_square", {"square": "d4"})


def test_a_carpet_covers_two_side_by_side_squares() -> None:
    error = refused(setup(phase="place"), "place c3-e3")
    assert (error.code, error.params) == ("not_side_by_side", {"square": "c3", "other_square": "e3"})
    error = refused(setup(phase="place"), "place e4-d3")
    assert (error.code, error.params) == ("not_side_by_side", {"square": "d3", "other_square": "e4"})


def test_a_carpet_must_be_written_as_two_squares() -> None:
    for typed in ("left", "place c3", "place c3-d3-e3", ""):
        error = refused(setup(phase="place"), typed)
        assert (error.code, error.params) == ("carpet_notation", {"move": typed})


def test_a_carpet_may_lie_on_empty_squares_halves_or_two_different_carpets() -> None:
    carpets = (("blue", "c3-b3"), ("yellow", "d3-d2"))
    state = setup(carpets=carpets, phase="place")
    state = play(state, "place c3-d3")
    assert [top_colour_name(state, s) for s in ("b3", "c3", "d3", "d2")] == ["blue", "red", "red", "yellow"]


def test_another_merchants_whole_carpet_may_not_be_covered_in_one_placement() -> None:
    state = setup(carpets=(("blue", "c3-d3"),), phase="place")
    assert "place c3-d3" not in ENGINE.legal_moves(state)
    assert not ENGINE.is_legal(state, "place c3-d3")
    error = refused(state, "place d3-c3")
    assert (error.code, error.params) == ("covers_whole_carpet", {"squares": ["c3", "d3"], "colour": "blue"})


def test_your_own_carpet_may_be_covered_whole() -> None:
    state = setup(carpets=(("red", "c3-d3"),), phase="place")
    assert "place c3-d3" in ENGINE.legal_moves(state)


def test_a_carpet_whose_other_half_is_covered_may_be_covered() -> None:
    # blue was laid on c3-d3, then yellow covered its d3 half: c3-d3 now shows blue + yellow.
    state = setup(carpets=(("blue", "c3-d3"), ("yellow", "d3-d2")), phase="place")
    state = play(state, "place c3-d3")
    assert top_colour_name(state, "c3") == top_colour_name(state, "d3") == "red"


def test_two_players_may_cover_either_of_their_own_colours_whole() -> None:
    state = setup(2, carpets=(("yellow", "c3-d3"), ("blue", "d5-e5")), phase="place")
    state.next_carpet = colour_id("red")
    moves = ENGINE.legal_moves(state)
    assert "place c3-d3" in moves
    assert "place d5-e5" not in moves


def test_a_neutral_carpet_may_not_be_covered_whole() -> None:
    state = setup(4, carpets=(("green", "c3-d3"),), phase="place")
    state = ENGINE.resign(state, 3)
    assert "place c3-d3" not in ENGINE.legal_moves(state)
    assert refused(state, "place c3-d3").code == "covers_whole_carpet"


def test_placement_squares_may_be_written_in_either_order_with_or_without_place() -> None:
    state = setup(phase="place")
    wanted = ENGINE.apply(state, "place c3-d3")
    for typed in ("Place D3-C3 ", "d3 c3", "c3-d3", "place  c3 d3"):
        assert ENGINE.canonical(state, typed) == "place c3-d3"
        assert ENGINE.apply(state, typed) == wanted


def test_placing_lays_the_carpet_and_passes_the_turn() -> None:
    step = ENGINE.transition(setup(phase="place"), "place d2-d3")
    found = details(step.state)
    assert found["board"][1][3] == found["board"][2][3] == {"colour": 0, "carpet": 0, "neutral": False}
    assert found["players"][0]["carpets_left"] == 14
    assert (ENGINE.to_move(step.state), step.state.phase) == (1, "orient")
    assert step.events == [Event("carpet_placed", {"seat": 0, "colour": "red", "squares": ["d2", "d3"]})]


def test_the_place_decision_names_the_carpet_in_hand_and_assams_square() -> None:
    view = ENGINE.view(play(setup(assam="d4", facing="S"), "roll 2"), 0)
    assert view.decision == Decision(seat=0, code="place", params={"colour": "red", "square": "d6"})


# ---- the two-player carpet draw ----------------------------------------------------------------
def test_two_player_carpet_colour_is_drawn_with_odds_of_what_is_left_in_the_pile() -> None:
    state = play(setup(2, assam="d4", facing="N"), "roll 1")
    state.pile = [3, 12, 1, 12]  # red 3, blue 12, yellow 1, green 12
    assert (ENGINE.to_move(state), state.phase) == (CHANCE, "draw")
    assert dict(ENGINE.chance_odds(state)) == pytest.approx({"draw red": 0.75, "draw yellow": 0.25})
    step = ENGINE.transition(state, "draw yellow")
    assert step.events == [Event("carpet_drawn", {"seat": 0, "colour": "yellow"})]
    assert details(step.state)["carpet_in_hand"] == colour_id("yellow")
    state = play(step.state, "place c2-d2")
    assert top_colour_name(state, "d2") == "yellow"
    assert state.pile == [3, 12, 0, 12]


def test_sampled_draws_follow_the_pile() -> None:
    state = play(setup(2), "roll 1")
    state.pile = [3, 12, 1, 12]
    rng = random.Random(5)
    draws = [ENGINE.sample_chance(state, rng) for _ in range(4000)]
    assert set(draws) == {"draw red", "draw yellow"}
    assert draws.count("draw yellow") == pytest.approx(1000, rel=0.1)


def test_two_player_draw_from_a_one_colour_pile_is_certain() -> None:
    state = play(setup(2), "roll 1")
    state.pile = [5, 12, 0, 12]
    assert ENGINE.chance_odds(state) == [("draw red", 1.0)]


def test_views_show_only_carpet_counts_and_are_the_same_for_every_seat() -> None:
    state = play(setup(2), "roll 2")
    views = [ENGINE.view(state, seat).model_copy(update={"viewer": None}) for seat in (None, 0, 1)]
    assert views[0] == views[1] == views[2]
    assert views[0].details["carpets_left"] == [12, 12, 12, 12]


# ---- end of the game --------------------------------------------------------------------------
def one_carpet_each(variant: bool = False) -> MarrakechState:
    state = setup(phase="roll" if variant else "orient", variant=variant)
    state.pile = [1, 1, 1]
    return state


def test_the_game_ends_when_the_last_carpet_is_laid() -> None:
    state = one_carpet_each()
    for seat in range(3):
        assert ENGINE.to_move(state) == seat
        state = play(state, "right", "roll 1")
        state = play(state, ENGINE.default_move(state))
    outcome = ENGINE.outcome(state)
    assert ENGINE.to_move(state) is None
    assert outcome is not None and outcome.termination == "all_carpets_laid"
    view = ENGINE.view(state, None)
    assert (view.phase, view.decision, view.outcome) == ("over", None, outcome)


def test_the_game_ends_when_only_one_merchant_is_left() -> None:
    state = ENGINE.resign(ENGINE.new_game(3), 1)
    assert ENGINE.to_move(state) == 0
    state = ENGINE.resign(state, 0)
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winners == [2]
    assert outcome.termination == "last_merchant"
    assert outcome.details == {"dirhams": [30, 30, 30], "out": [0, 1]}


def final_state(red_dirhams: int, blue_dirhams: int) -> MarrakechState:
    """Yellow lays the last carpet; red shows 4 squares, blue 2, yellow 2 (+10 dirhams)."""
    carpets = (("red", "a1-b1"), ("red", "a2-b2"), ("blue", "a6-a7"))
    state = setup(carpets=carpets, phase="place", seat=2, dirhams=[red_dirhams, blue_dirhams, 10])
    state.pile = [0, 0, 1]
    return play(state, ENGINE.default_move(state))


def test_score_is_dirhams_plus_visible_squares() -> None:
    state = final_state(20, 25)
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.scores == [24, 27, 12]
    assert outcome.winners == [1]
    assert [seat.score for seat in ENGINE.view(state, None).seats] == [24, 27, 12]


def test_score_so_far_is_shown_for_every_seat_during_the_game() -> None:
    state = setup(carpets=(("red", "a1-b1"), ("blue", "a6-a7"), ("blue", "c6-c7")), dirhams=[20, 25, 30])
    view = ENGINE.view(state, 1)
    assert [(seat.score, seat.out, seat.to_move) for seat in view.seats] == [
        (22, False, False),
        (29, False, False),
        (30, False, False),
    ]
    assert [p["visible"] for p in view.details["players"]] == [2, 4, 0]


def test_a_tie_goes_to_the_merchant_with_more_dirhams() -> None:
    outcome = ENGINE.outcome(final_state(26, 28))
    assert outcome is not None
    assert outcome.scores[:2] == [30, 30]
    assert outcome.winners == [1]


def test_a_tie_in_score_and_dirhams_is_a_shared_win() -> None:
    carpets = (("red", "a1-b1"), ("blue", "a6-a7"))
    state = setup(carpets=carpets, phase="place", seat=2, dirhams=[28, 28, 0])
    state.pile = [0, 0, 1]
    outcome = ENGINE.outcome(play(state, ENGINE.default_move(state)))
    assert outcome is not None
    assert outcome.winners == [0, 1]


# ---- the variant ------------------------------------------------------------------------------
def test_variant_turn_is_roll_place_then_orient_assam_for_the_next_merchant() -> None:
    state = ENGINE.new_game(3, {"variant": True})
    assert (ENGINE.to_move(state), state.phase, state.facing) == (CHANCE, "roll", "N")
    state = play(state, "roll 1", "place d2-e2")
    assert (ENGINE.to_move(state), state.phase) == (0, "orient")
    view = ENGINE.view(state, 0)
    assert view.decision == Decision(seat=0, code="orient", params={"square": "d3", "facing": "N", "for_next": True})
    step = ENGINE.transition(state, "left")
    assert step.events == [Event("orient", {"seat": 0, "turn": "left", "facing": "W"})]
    state = step.state
    assert (ENGINE.to_move(state), state.phase, state.seat, state.facing) == (CHANCE, "roll", 1, "W")
    state = play(state, "roll 2")
    assert square_name(state.assam) == "b3"


def test_variant_orientation_cannot_turn_around() -> None:
    state = play(ENGINE.new_game(3, {"variant": True}), "roll 1", "place d2-e2")
    assert ENGINE.legal_moves(state) == ["left", "straight", "right"]
    assert refused(state, "S").code == "cannot_turn_around"


def test_variant_last_carpet_ends_the_game_without_turning_assam() -> None:
    state = setup(phase="place", seat=2, variant=True)
    state.pile = [0, 0, 1]
    state = play(state, ENGINE.default_move(state))
    assert ENGINE.to_move(state) is None


def test_variant_merchant_out_before_turning_assam_leaves_his_facing() -> None:
    state = setup(carpets=BLUE_AREA, dirhams=[1, 30, 30], facing="N", variant=True)
    state = play(state, "roll 1")
    assert state.out[0]
    assert (ENGINE.to_move(state), state.phase, state.seat, state.facing) == (CHANCE, "roll", 1, "N")


# ---- leaving the game -------------------------------------------------------------------------
def test_a_resigning_merchant_is_out_like_an_eliminated_one() -> None:
    state = setup(carpets=(("blue", "a1-b1"),), phase="orient")
    step = ENGINE.resign_transition(state, 1)
    view = ENGINE.view(step.state, None)
    assert view.seats[1].out and view.details["players"][1]["carpets_left"] == 0
    assert view.details["board"][0][0]["neutral"] is True
    assert view.details["resigned"] == [1]
    assert view.to_move == 0
    assert [event.code for event in step.events] == ["resigned"]  # the base class's event; nothing more to tell


@pytest.mark.parametrize("phase", ["orient", "roll", "place"])
def test_when_the_merchant_to_move_resigns_the_next_one_plays(phase: str) -> None:
    state = ENGINE.resign(setup(phase=phase), 0)
    assert (state.seat, state.phase) == (1, "orient")
    assert ENGINE.to_move(state) == 1


def test_resigning_in_a_two_player_game_ends_it() -> None:
    outcome = ENGINE.outcome(ENGINE.resign(ENGINE.new_game(2), 0))
    assert outcome is not None and outcome.winners == [1] and outcome.termination == "last_merchant"


def test_an_eliminated_merchant_cannot_resign() -> None:
    with pytest.raises(GameError) as caught:
        ENGINE.resign(eliminated_state(), 0)
    assert (caught.value.code, caught.value.params) == ("already_out", {"seat": 0})


# ---- notation, defaults, refusals out of turn ------------------------------------------------------
def test_square_notation_round_trips_for_every_square() -> None:
    assert all(parse_square(square_name(square)) == square for square in range(49))
    assert (square_name(0), square_name(sq("d4")), square_name(48)) == ("a1", "d4", "g7")
    assert sq("d4") == 3 * 7 + 3
    assert parse_square("h1") is None and parse_square("a8") is None and parse_square("a0") is None


def test_every_legal_move_round_trips_through_its_text() -> None:
    for state, move in random_game(3, False, seed=7)[:-1]:
        assert ENGINE.canonical(state, f"  {move.upper()} ") == move
        placement = parse_placement(move)
        if placement is not None:
            assert placement_move(*placement) == move == placement_move(*reversed(placement))


def test_default_move_keeps_assam_straight_and_lays_the_first_legal_carpet() -> None:
    assert ENGINE.default_move(setup(phase="orient")) == "straight"
    state = setup(carpets=(("blue", "d2-d3"),), phase="place")
    assert ENGINE.default_move(state) == "place c3-d3"


def test_players_cannot_make_chance_moves_or_place_out_of_turn() -> None:
    assert refused(setup(phase="roll"), "place d2-d3").code == "chance_decides"
    assert refused(play(setup(2), "roll 1"), "left").code == "chance_decides"
    assert refused(setup(phase="orient"), "place d2-d3").code == "turn_assam"
    over = final_state(20, 25)
    assert refused(over, "left").code == "game_over"


# ---- the view, sampling and fast paths ------------------------------------------------------------
def test_view_has_the_agreed_shape_and_is_json() -> None:
    state = play(setup(carpets=BLUE_AREA), "roll 1")
    view = ENGINE.view(state, 0)
    found: dict[str, Any] = json.loads(json.dumps(view.details))
    assert list(found) == [
        "variant", "colours", "carpets_left", "carpets_laid", "players", "board",
        "assam", "turn_seat", "carpet_in_hand", "last", "resigned",
    ]  # fmt: skip
    assert found["colours"] == ["red", "blue", "yellow"]
    assert found["players"][1] == {"seat": 1, "colours": [1], "dirhams": 34, "carpets_left": 15, "visible": 6}
    assert len(found["board"]) == 7 and all(len(row) == 7 for row in found["board"])
    assert found["board"][2][3] == {"colour": 1, "carpet": 0, "neutral": False}
    assert found["last"] == {
        "seat": 0, "roll": 1, "path": ["d4", "d3"],
        "tribute": {"payer": 0, "payee": 1, "amount": 4}, "carpet": None, "eliminated": None,
    }  # fmt: skip
    assert (found["assam"], found["turn_seat"], found["carpet_in_hand"]) == ({"square": "d3", "facing": "N"}, 0, 0)
    assert (view.game, view.viewer, view.to_move, view.phase, view.outcome) == ("marrakech", 0, 0, "place", None)
    assert [seat.score for seat in view.seats] == [26, 40, 30]


def test_the_last_carpet_laid_is_part_of_the_last_turn() -> None:
    state = play(setup(carpets=BLUE_AREA), "roll 1", "place c3-c4")
    assert details(state)["last"]["carpet"] == ["c3", "c4"]


@pytest.mark.parametrize("num_players", [2, 3, 4])
@pytest.mark.parametrize("variant", [False, True])
def test_a_state_rebuilt_from_its_view_is_the_exact_state(num_players: int, variant: bool) -> None:
    for state, _ in random_game(num_players, variant, seed=num_players)[::7]:
        for viewer in (None, 0):
            rebuilt = ENGINE.sample_state(ENGINE.view(state, viewer), random.Random(0))
            assert ENGINE.dumps(rebuilt) == ENGINE.dumps(state)


def test_resigned_seats_survive_the_rebuild() -> None:
    state = ENGINE.resign(setup(4), 2)
    assert ENGINE.sample_state(ENGINE.view(state, 1), random.Random(0)) == state


def test_changed_places_are_the_squares_of_the_carpet_and_of_assam() -> None:
    state = setup(carpets=BLUE_AREA, phase="orient")
    before = ENGINE.view(state, None)
    state = play(state, "straight", "roll 1")
    after_roll = ENGINE.view(state, None)
    assert ENGINE.changed_places(before, after_roll) == ["d3", "d4"]
    state = play(state, "place c3-c4")
    assert ENGINE.changed_places(after_roll, ENGINE.view(state, None)) == ["c3", "c4"]
    turned = ENGINE.view(play(state, "left"), None)
    assert ENGINE.changed_places(ENGINE.view(state, None), turned) == ["d3"]
    assert ENGINE.changed_places(before, before) == []


def test_copy_is_independent_and_the_fast_path_agrees_with_apply() -> None:
    for state, move in random_game(2, True, seed=11)[:-1]:
        fast = ENGINE.copy(state)
        assert fast == state
        ENGINE.apply_in_place(fast, move)
        assert ENGINE.dumps(fast) == ENGINE.dumps(ENGINE.apply(state, move))
        assert fast.board_carpet is not state.board_carpet and fast.options is not state.options


def test_is_legal_agrees_with_the_legal_moves() -> None:
    texts = ["left", "straight", "right", "back", "roll 1", "roll 4", "roll 5", "draw red", "draw blue", "draw x"]
    texts += [f"place {a}-{b}" for a in ("c3", "d3", "d2", "a1") for b in ("d3", "c3", "e3", "b1", "d4")]
    for num_players in (2, 4):
        for state, _ in random_game(num_players, False, seed=3)[::5]:
            legal = set(ENGINE.legal_moves(state))
            assert {text for text in texts if ENGINE.is_legal(state, text)} == {t for t in texts if t in legal}
            assert all(ENGINE.is_legal(state, move) for move in legal)


# ---- whole games ------------------------------------------------------------------------------
@pytest.mark.parametrize("num_players", [2, 3, 4])
@pytest.mark.parametrize("variant", [False, True])
def test_random_games_end_with_money_kept_and_states_round_tripping(num_players: int, variant: bool) -> None:
    for seed in range(5):
        history = random_game(num_players, variant, seed)
        for state, move in history[:-1]:
            before = ENGINE.dumps(state)
            after = ENGINE.apply(state, move)
            assert ENGINE.dumps(state) == before, "apply must not change its input"
            assert ENGINE.loads(ENGINE.dumps(after)) == after
            assert sum(after.dirhams) == 30 * num_players
        final = history[-1][0]
        outcome = ENGINE.outcome(final)
        assert outcome is not None and outcome.winners
        if outcome.termination == "all_carpets_laid":
            in_players = [seat for seat in range(num_players) if not final.out[seat]]
            assert all(details(final)["players"][s]["carpets_left"] == 0 for s in in_players)
            assert final.carpets_laid >= len(in_players) * DATA.carpets_per_colour[num_players]
