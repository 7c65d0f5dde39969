"""Morocco's rules, one scenario per rule of seed 002 and per ruling of GAMES.md (and of docs/rules/morocco.md).

Positions are built from a real setup deal (``dealt``) and then edited directly: rows 1..5 carry
orange, black, purple, green, brown; columns a..e orange, black, green, purple, brown, so stall c3
costs a purple and a green cube and d3 two purples; the rooftop ring 1..5 carries the colours in
the same order as the rows. Tests assert codes, events and state, never words.
"""

from __future__ import annotations

import json
import random
from importlib.resources import files

import pytest
from test_morocco_notation import E, close, codes, cubes, dealt, play, put, set_cubes, space, stall, workers_turn

from engines.base import CHANCE, IllegalMove
from engines.morocco.board import DIRECTIONS, POINT_OF, STALL_NAMES
from engines.morocco.data import COLOURS, DATA, MoroccoData
from engines.morocco.scoring import largest_district
from engines.morocco.state import EMPTY_TILE, OPEN, MoroccoState

NORTH, EAST, SOUTH, WEST = range(4)


def refused(state: MoroccoState, move: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as error:
        E.apply(state, move)
    return error.value


def code_at(state: MoroccoState, where: str) -> tuple[int, str] | None:
    """``(seat, kind)`` of the worker on space ``where``, or None."""
    worker = state.workers[space(where)]
    return None if not worker else ((worker - 1) // 3, ("assistant", "bodyguard", "tourist")[(worker - 1) % 3])


def in_scouting(players: int = 4, start: int = 0) -> MoroccoState:
    """A game at its first scouting turn (with 2–3 players the die shows orange first)."""
    state = dealt(players, start=start)
    while E.to_move(state) == CHANCE:
        state = E.apply(state, "roll orange")
    return state


# ---- setup -----------------------------------------------------------------------------------------
def test_each_player_starts_with_their_pieces_bodyguards_in_the_quarters_and_no_cubes() -> None:
    state = E.new_game(4)
    pieces = DATA.pieces
    assert state.assistants == [pieces.assistants] * 4 == [12] * 4
    assert state.tourists == state.cousins == [2] * 4
    assert state.guards_hand == [0] * 4 and state.guards_quarters == [2] * 4
    assert state.market_tiles == [12] * 4 and state.points == [0] * 4
    assert sum(state.cubes) == 0 and state.gold == [0] * 4
    assert state.gold_supply == 15 and state.empty_tiles == 12
    assert E.to_move(state) == CHANCE and state.step == "deal_juice"


def test_juice_tokens_are_drawn_at_random_face_up_onto_the_36_intersections() -> None:
    state = E.new_game(3)
    assert E.chance_odds(state) == [("juice 2", 1 / 3), ("juice 3", 1 / 3), ("juice 4", 1 / 3)]
    for _ in range(12):
        state = E.apply(state, "juice 2")
    assert E.chance_odds(state) == [("juice 3", 0.5), ("juice 4", 0.5)]
    assert refused(state, "juice 2").code == "not_a_move"
    for value in [3, 4] * 12:
        state = E.apply(state, f"juice {value}")
    assert state.step == "deal_rows" and sorted(state.juice) == [2] * 12 + [3] * 12 + [4] * 12
    board = E.view(state, None).details["juice"]
    assert len(board) == 6 and all(len(row) == 6 for row in board) and board[0][0] == 2


def test_one_cube_of_each_colour_goes_to_the_rows_the_columns_and_the_rooftop_spaces() -> None:
    state = E.new_game(3)
    for value in [2, 3, 4] * 12:
        state = E.apply(state, f"juice {value}")
    for line in ("rows", "columns", "roof"):
        odds = E.chance_odds(state)
        assert len(odds) == 120 and {p for _, p in odds} == {1 / 120}
        assert all(sorted(text.split()[1:]) == sorted(COLOURS) for text, _ in odds)
        state = E.apply(state, f"{line} brown green purple black orange")
        assert getattr(state, line) == [4, 3, 2, 1, 0]
    assert state.step == "deal_start"


def test_the_start_player_is_drawn_and_the_first_round_starts_with_the_pawn_in_the_centre() -> None:
    state = dealt(4, start=2)
    assert state.start == 2 and state.round == 1 and state.pawn == 0
    assert E.to_move(state) == 2 and E.view(state, None).decision.code == "scout"
    before = E.new_game(4)
    for value in [2, 3, 4] * 12:
        before = E.apply(before, f"juice {value}")
    for line in ("rows", "columns", "roof"):
        before = E.apply(before, f"{line} {' '.join(COLOURS)}")
    assert E.chance_odds(before) == [(f"start {n}", 0.25) for n in range(1, 5)]


# ---- the market die ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "rollers"), [(2, [1, 0]), (3, [1]), (4, []), (5, [])])
def test_the_market_die_is_rolled_by_each_player_with_two_by_the_first_player_with_three_never_otherwise(
    players: int, rollers: list[int]
) -> None:
    state = dealt(players, start=1)
    seen = []
    while E.to_move(state) == CHANCE:
        assert state.step == "roll"
        seen.append(state.roller)
        state = E.apply(state, "roll black")
    assert seen == rollers
    assert all(cubes(state, seat) == ({"black": len(rollers)} if rollers else {}) for seat in range(players))
    assert state.step == "scout" and E.to_move(state) == 1


def test_the_die_has_the_five_colours_and_a_wild_face() -> None:
    state = dealt(3)
    assert E.chance_odds(state) == [(f"roll {face}", 1 / 6) for face in (*COLOURS, "wild")]


def test_on_the_wild_face_each_player_chooses_a_cube_one_at_a_time_from_the_roller() -> None:
    state = dealt(3, start=1)
    state = E.apply(state, "roll wild")
    asked = []
    for colour in ("purple", "green", "orange"):
        assert E.view(state, None).decision.code == "wild"
        asked.append(E.to_move(state))
        state = E.apply(state, f"wild {colour}")
    assert asked == [1, 2, 0]
    assert [cubes(state, s) for s in range(3)] == [{"orange": 1}, {"purple": 1}, {"green": 1}]
    assert state.step == "scout" and E.to_move(state) == 1


# ---- scouting -----------------------------------------------------------------------------------------
def test_the_pawn_must_move_to_another_rooftop_space() -> None:
    state = in_scouting(4)
    assert E.legal_moves(state) == [f"scout {n}" for n in range(1, 6)]
    state = E.apply(state, "scout 3")
    assert "scout 3" not in E.legal_moves(state) and len(E.legal_moves(state)) == 4
    assert refused(state, "scout 3").code == "pawn_stays"


def test_the_scout_takes_the_two_neighbouring_cubes_and_every_other_player_the_one_landed_on() -> None:
    state = in_scouting(4)
    state, events = play(state, "scout 3")
    assert cubes(state, 0) == {"black": 1, "green": 1}
    assert all(cubes(state, seat) == {"purple": 1} for seat in (1, 2, 3))
    assert events[0].code == "scouted" and events[0].params["gained"] == ["black", "green"]
    state = E.apply(state, "scout 1")
    assert cubes(state, 1) == {"purple": 1, "black": 1, "brown": 1}


def test_each_player_scouts_once_clockwise_from_the_start_player_then_the_worker_phase_begins() -> None:
    state = in_scouting(4, start=2)
    order = []
    for move in ("scout 1", "scout 2", "scout 3", "scout 4"):
        order.append(E.to_move(state))
        state = E.apply(state, move)
    assert order == [2, 3, 0, 1]
    assert state.step == "workers" and E.to_move(state) == 2


def test_gold_can_only_be_spent_in_the_worker_phase() -> None:
    state = in_scouting(4)
    state.gold[0] = 1
    assert refused(state, "swap rows 1 2").code == "wrong_step"


# ---- worker turns ------------------------------------------------------------------------------------
def test_each_player_takes_two_worker_turns_one_at_a_time_clockwise_from_the_start_player() -> None:
    state = in_scouting(3, start=1)
    turns: list[int] = []
    while state.round == 1:
        if state.step == "workers" and (not turns or state.turns_taken != len(turns) - 1):
            turns.append(state.seat)
        state = E.apply(state, E.default_move(state))
    assert turns == [1, 2, 0, 1, 2, 0]


def test_an_assistant_costs_the_stalls_row_cube_and_column_cube() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1, brown=1)
    assert "assistant c3 ne" in E.legal_moves(state)
    state, events = play(state, "assistant c3 ne")
    assert cubes(state, 0) == {"brown": 1} and state.assistants[0] == 11
    assert code_at(state, "c3 ne") == (0, "assistant")
    assert events[0].code == "worker_placed" and events[0].params["paid"] == ["purple", "green"]


def test_a_missing_cube_is_refused_naming_the_stall_the_cubes_and_what_is_missing() -> None:
    state = workers_turn(dealt(3), 0, purple=2)
    error = refused(state, "assistant c3 ne")
    assert error.code == "missing_cubes"
    assert error.params == {"stall": "c3", "needs": ["purple", "green"], "missing": ["green"], "held": [0]}


def test_a_stall_whose_row_and_column_cubes_match_costs_two_of_that_colour() -> None:
    state = workers_turn(dealt(3), 0, purple=1, orange=1)
    assert refused(state, "assistant d3 nw").params | {"stall": "d3"} == {
        "stall": "d3",
        "needs": ["purple", "purple"],
        "missing": ["purple"],
        "held": [1],
    }
    state = workers_turn(dealt(3), 0, purple=2)
    state = E.apply(state, "assistant d3 nw")
    assert cubes(state, 0) == {}


def test_a_bodyguard_must_be_in_hand_costs_two_cubes_and_stands_on_one_space() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    assert refused(state, "bodyguard c3 nw").code == "no_bodyguard"
    state.guards_quarters[0], state.guards_hand[0] = 1, 1
    state = E.apply(state, "bodyguard c3 nw")
    assert code_at(state, "c3 nw") == (0, "bodyguard") and state.guards_hand[0] == 0
    assert sum(1 for s in range(stall("c3") * 4, stall("c3") * 4 + 4) if state.workers[s]) == 1


def test_a_tourist_costs_the_row_and_column_cubes_and_one_more_of_any_colour() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1, brown=1)
    legal = E.legal_moves(state)
    assert "tourist c3 ne cube brown" in legal and "tourist c3 ne cube orange" not in legal
    assert refused(state, "tourist c3 ne cube orange").code == "extra_cube_missing"
    state = E.apply(state, "tourist c3 ne cube brown")
    assert cubes(state, 0) == {} and state.tourists[0] == 1 and code_at(state, "c3 ne") == (0, "tourist")


def test_a_tourist_needs_a_third_cube() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    assert not [m for m in E.legal_moves(state) if m.startswith("tourist")]


def test_a_cousin_is_an_assistant_for_three_cubes_then_a_free_assistant_at_the_same_corner_of_a_neighbour() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1, brown=1)
    cousins = [m for m in E.legal_moves(state) if m.startswith("cousin c3 ne")]
    assert cousins == ["cousin c3 ne then c2 se cube brown", "cousin c3 ne then d3 nw cube brown"]
    error = refused(state, "cousin c3 ne then b3 se cube brown")
    assert error.code == "cousin_space" and error.params["choices"] == ["c2 se", "d3 nw"]
    state = E.apply(state, "cousin c3 ne then d3 nw cube brown")
    assert code_at(state, "c3 ne") == code_at(state, "d3 nw") == (0, "assistant")
    assert state.cousins[0] == 1 and state.assistants[0] == 10 and cubes(state, 0) == {}


def test_a_cousin_cannot_be_played_without_a_free_space_for_the_second_assistant() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1, brown=1)
    close(state, "d3")
    put(state, "c2 se", 1)
    assert refused(state, "cousin c3 ne then c2 se cube brown").code == "cousin_blocked"
    assert not [m for m in E.legal_moves(state) if m.startswith("cousin c3 ne")]


def test_a_cousin_needs_a_token_and_two_assistants() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1, brown=1)
    state.assistants[0] = 1
    assert refused(state, "cousin c3 ne then d3 nw cube brown").code == "cousin_needs_two"
    state.assistants[0], state.cousins[0] = 5, 0
    assert refused(state, "cousin c3 ne then d3 nw cube brown").code == "no_cousin"


def test_a_worker_goes_on_any_free_space_of_an_open_stall() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    put(state, "c3 nw", 1)
    assert [m for m in E.legal_moves(state) if m.startswith("assistant c3")] == [
        "assistant c3 ne",
        "assistant c3 sw",
        "assistant c3 se",
    ]
    error = refused(state, "assistant c3 nw")
    assert error.code == "space_taken" and error.params["owner_seat"] == 1
    close(state, "c3", owner=1, arrow=NORTH)
    assert refused(state, "assistant c3 ne").code == "stall_closed"


def test_a_player_who_can_place_a_worker_must() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    assert "pass" not in E.legal_moves(state)
    assert refused(state, "pass").code == "must_place"


def test_a_player_who_cannot_place_but_holds_gold_may_swap_or_pass() -> None:
    state = workers_turn(dealt(3), 0, purple=1)
    state.gold[0], state.gold_supply = 1, 14
    set_cubes(state, 1, purple=1, green=1)
    assert E.legal_moves(state)[-1] == "pass" and "swap rows 1 3" in E.legal_moves(state)
    state, events = play(state, "pass")
    assert codes(events)[0] == "passed" and E.to_move(state) == 1


def test_a_player_who_cannot_place_and_has_no_gold_passes_by_itself() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    set_cubes(state, 1, purple=1)
    set_cubes(state, 2, orange=2)
    state, events = play(state, "assistant c3 ne")
    assert codes(events) == ["worker_placed", "cannot_place"] and events[1].params == {"seat": 1}
    assert E.to_move(state) == 2 and state.turns_taken == 2


def test_gold_swaps_two_row_cubes_or_two_column_cubes_any_number_of_times_in_a_turn() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    state.gold[0], state.gold_supply = 2, 13
    state, events = play(state, "swap rows 1 3", "swap columns a c")
    assert state.rows[:3] == [2, 1, 0] and state.columns[:3] == [3, 1, 0]
    assert state.gold[0] == 0 and state.gold_supply == 15 and E.to_move(state) == 0
    assert codes(events) == ["gold_swap", "gold_swap"]
    assert not [m for m in E.legal_moves(state) if m.startswith("swap")]
    assert refused(state, "swap rows 1 2").code == "no_gold"


# ---- full stalls ---------------------------------------------------------------------------------------
def test_a_stall_fills_at_four_workers_and_not_before() -> None:
    base = workers_turn(dealt(3), 0, purple=2, green=2)
    put(base, "c3 nw", 1)
    put(base, "c3 ne", 2)
    state = E.apply(base, "assistant c3 sw")
    assert state.tiles[stall("c3")] == OPEN
    put(base, "c3 sw", 1)
    state, events = play(base, "assistant c3 se", "reward gold", "reward gold")
    assert state.tiles[stall("c3")] == 1 and "stall_won" in codes(events)


def test_a_bodyguard_stands_on_one_space_and_counts_two_for_fullness_and_majority() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    put(state, "c3 nw", 1, "bodyguard")
    put(state, "c3 ne", 2)
    state, events = play(state, "assistant c3 sw", "reward gold", "reward gold")
    won = events[codes(events).index("stall_won")]
    assert won.params == {"seat": 1, "stall": "c3", "points": 5}
    assert state.tiles[stall("c3")] == 1


def test_arrows_pointing_at_a_stall_count_for_fullness_but_not_for_majority() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    close(state, "c2", owner=2, arrow=SOUTH)
    close(state, "b3", owner=2, arrow=EAST)
    state.overflow[stall("c3")] = 2
    put(state, "c3 nw", 1)
    state, events = play(state, "assistant c3 sw")
    tied = events[codes(events).index("stall_tied")]
    assert tied.params["seats"] == [0, 1] and state.points[2] == 0


def test_the_lone_first_scores_five_and_closes_the_stall_with_a_market_tile() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    put(state, "c3 nw", 0)
    put(state, "c3 ne", 0)
    put(state, "c3 sw", 1)
    state = E.apply(state, "assistant c3 se")
    assert state.points == [5, 2, 0] and state.tiles[stall("c3")] == 0 and state.market_tiles[0] == 11


def test_the_lone_second_scores_two_with_a_gold_coin_and_a_bodyguard() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    put(state, "c3 nw", 0)
    put(state, "c3 ne", 0)
    put(state, "c3 sw", 1)
    state, events = play(state, "assistant c3 se")
    reward = events[codes(events).index("place_reward")]
    assert reward.params == {
        "seat": 1,
        "stall": "c3",
        "place": 2,
        "tied": False,
        "points": 2,
        "rewards": ["gold", "bodyguard"],
    }
    assert state.gold[1] == 1 and state.gold_supply == 14
    assert state.guards_hand[1] == 1 and state.guards_quarters[1] == 1


def test_a_tie_for_first_scores_five_each_and_the_active_player_lays_an_empty_stall_tile_and_its_arrow() -> None:
    state = workers_turn(dealt(3), 2, purple=1, green=1)
    put(state, "c3 nw", 1)
    put(state, "c3 ne", 1)
    put(state, "c3 sw", 2)
    state, events = play(state, "assistant c3 se")
    assert state.points[1] == state.points[2] == 5
    assert state.tiles[stall("c3")] == EMPTY_TILE and state.empty_tiles == 11
    assert events[codes(events).index("empty_tile_placed")].params == {"seat": 2, "stall": "c3"}
    assert E.to_move(state) == 2 and E.view(state, None).decision.code == "arrow"


def test_tied_seconds_score_one_and_choose_gold_or_bodyguard_in_turn_order_from_the_active_player() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    put(state, "c3 nw", 1, "bodyguard")
    put(state, "c3 ne", 2)
    state = E.apply(state, "assistant c3 sw")
    assert state.points == [1, 5, 1]
    assert E.to_move(state) == 0 and E.view(state, None).decision.code == "reward"
    assert E.legal_moves(state) == ["reward gold", "reward bodyguard"]
    state = E.apply(state, "reward bodyguard")
    assert E.to_move(state) == 2 and E.view(state, 2).decision.params == {"stall": "c3", "place": 2}
    state = E.apply(state, "reward gold")
    assert state.guards_hand == [1, 0, 0] and state.gold == [0, 0, 1]


def test_after_a_tie_for_first_the_next_player_is_third_one_point_and_gold_or_bodyguard() -> None:
    """[R] competition ranking: two tied first make the next player third, not second."""
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    state.guards_hand[0], state.guards_quarters[0] = 1, 1
    put(state, "c3 nw", 1, "bodyguard")
    put(state, "c3 ne", 2)
    state, events = play(state, "bodyguard c3 sw")
    reward = events[codes(events).index("place_reward")]
    assert reward.params["seat"] == 2 and reward.params["place"] == 3 and reward.params["points"] == 1
    assert state.points == [5, 5, 1] and E.to_move(state) == 2


def test_a_reward_part_that_cannot_be_given_is_forfeited_and_no_choice_is_asked() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    state.gold[2] = 3
    state.gold_supply = 12
    put(state, "c3 nw", 1, "bodyguard")
    put(state, "c3 ne", 2)
    state.guards_quarters[0] = 0
    state, events = play(state, "assistant c3 sw")
    rewards = {e.params["seat"]: e.params["rewards"] for e in events if e.code == "place_reward"}
    assert rewards == {0: ["gold"], 2: ["bodyguard"]}
    assert state.gold == [1, 0, 3] and state.guards_hand[2] == 1
    assert E.view(state, None).decision.code != "reward"


def test_a_player_never_holds_more_than_three_gold_coins() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    state.gold[1], state.gold_supply = 3, 12
    put(state, "c3 nw", 0)
    put(state, "c3 ne", 0)
    put(state, "c3 sw", 1)
    state, events = play(state, "assistant c3 se")
    assert state.gold[1] == 3 and state.gold_supply == 12
    assert events[codes(events).index("place_reward")].params["rewards"] == ["bodyguard"]


def test_when_the_gold_runs_out_a_later_choice_becomes_the_bodyguard() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    state.gold_supply = 1
    put(state, "c3 nw", 1, "bodyguard")
    put(state, "c3 ne", 2)
    state = E.apply(state, "assistant c3 sw")
    state, events = play(state, "reward gold")
    assert state.gold == [1, 0, 0] and state.guards_hand[2] == 1 and state.gold_supply == 0
    assert [e.params for e in events if e.code == "reward_chosen"][-1] == {"seat": 2, "reward": "bodyguard"}


# ---- juice, workers leaving, the tile and its arrow ------------------------------------------------------------
def test_workers_take_the_juice_token_at_their_corner_and_unclaimed_ones_leave_the_game() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    put(state, "c3 nw", 1, "bodyguard")
    put(state, "c3 ne", 2)
    points = [POINT_OF[space(f"c3 {corner}")] for corner in ("nw", "ne", "sw", "se")]
    values = [state.juice[p] for p in points]
    state, events = play(state, "assistant c3 sw", "reward gold", "reward gold")
    assert all(state.juice[p] == 0 for p in points)
    held = {seat: state.juice_held[seat * 3 : seat * 3 + 3] for seat in range(3)}
    for seat, value in ((1, values[0]), (2, values[1]), (0, values[2])):
        assert held[seat] == [int(value == v) for v in (2, 3, 4)]
    assert state.juice_removed == 1
    assert [e.params for e in events if e.code == "juice_removed"] == [{"space": "c3 se", "value": values[3]}]


def test_after_scoring_assistants_go_home_and_bodyguards_back_to_the_quarters() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    put(state, "c3 nw", 1, "bodyguard")
    put(state, "c3 ne", 2)
    state, _ = play(state, "assistant c3 sw", "reward gold", "reward gold")
    assert state.assistants == [12, 12, 12] and state.guards_quarters[1] == 2
    assert not any(state.workers[stall("c3") * 4 : stall("c3") * 4 + 4])


def test_the_winner_points_the_tiles_arrow_at_an_open_neighbouring_stall() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    for corner in ("nw", "ne", "sw"):
        put(state, f"c3 {corner}", 0)
    close(state, "d3", owner=1, arrow=EAST)
    state = E.apply(state, "assistant c3 se")
    assert E.to_move(state) == 0
    assert E.view(state, None).decision.params == {"stall": "c3", "directions": ["north", "south", "west"]}
    error = refused(state, "arrow east")
    assert error.code == "arrow_at_closed" and error.params["target"] == "d3"
    state, events = play(state, "arrow south")
    assert state.arrows[stall("c3")] == SOUTH and state.overflow[stall("c4")] == 1
    assert events[0].params == {"seat": 0, "stall": "c3", "direction": "south", "target": "c4"}


def test_an_arrow_cannot_point_off_the_market() -> None:
    state = workers_turn(dealt(3), 0, orange=2)
    for corner in ("nw", "ne", "sw"):
        put(state, f"a1 {corner}", 0)
    state = E.apply(state, "assistant a1 se")
    assert refused(state, "arrow north").code == "arrow_off_market"


def test_with_no_open_neighbour_the_arrow_is_set_without_asking_anyone() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    for where, arrow in (("c2", WEST), ("d3", NORTH), ("c4", EAST), ("b3", NORTH)):
        close(state, where, owner=1, arrow=arrow)
    for corner in ("nw", "ne", "sw"):
        put(state, f"c3 {corner}", 0)
    set_cubes(state, 1, orange=2)
    state, events = play(state, "assistant c3 se")
    assert state.arrows[stall("c3")] == NORTH and "arrow_set" in codes(events)
    assert state.overflow[stall("c2")] == 0 and E.to_move(state) == 1


def test_with_one_open_neighbour_the_arrow_points_there_by_itself() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    for where in ("c2", "d3", "b3"):
        close(state, where, owner=1, arrow=NORTH)
    for corner in ("nw", "ne", "sw"):
        put(state, f"c3 {corner}", 0)
    state = E.apply(state, "assistant c3 se")
    assert state.arrows[stall("c3")] == SOUTH and state.overflow[stall("c4")] == 1


# ---- tourists --------------------------------------------------------------------------------------------
def tourist_position(players: int = 3, active: int = 0) -> MoroccoState:
    """c3 about to close under seat ``active``'s fourth worker, seat 1's tourist on c3 nw."""
    state = workers_turn(dealt(players), active, purple=1, green=1)
    put(state, "c3 nw", 1, "tourist")
    put(state, "c3 ne", active)
    put(state, "c3 sw", active)
    return state


def test_a_tourist_moves_where_the_arrow_points_to_a_space_its_owner_chooses_and_becomes_an_assistant() -> None:
    state = E.apply(tourist_position(), "assistant c3 se")
    state = E.apply(state, "arrow east")
    assert E.to_move(state) == 1
    decision = E.view(state, 1).decision
    assert decision.code == "tourist" and decision.params["target"] == "d3"
    assert decision.params["spaces"] == ["d3 nw", "d3 ne", "d3 sw", "d3 se"]
    assert refused(state, "tourist to c4 nw").code == "tourist_space"
    state, events = play(state, "tourist to d3 sw")
    assert code_at(state, "d3 sw") == (1, "assistant")
    assert state.assistants[1] == 11 and state.tourists[1] == 1
    assert events[0].params == {"seat": 1, "stall": "c3", "space": "d3 sw", "replaced": True}


def test_several_tourists_move_in_turn_order_from_the_active_player() -> None:
    state = workers_turn(dealt(4), 2, purple=1, green=1)
    put(state, "c3 nw", 0, "tourist")
    put(state, "c3 ne", 3, "tourist")
    put(state, "c3 sw", 2, "bodyguard")
    state, _ = play(state, "assistant c3 se", "reward gold", "reward gold")
    state = E.apply(state, "arrow west")
    assert E.to_move(state) == 3
    state = E.apply(state, "tourist to b3 nw")
    assert E.to_move(state) == 0
    state = E.apply(state, "tourist to b3 ne")
    assert code_at(state, "b3 nw") == (3, "assistant") and code_at(state, "b3 ne") == (0, "assistant")


def test_a_tourist_whose_arrow_points_at_a_closed_stall_leaves_without_moving() -> None:
    state = tourist_position()
    for where in ("c2", "d3", "c4", "b3"):
        close(state, where, owner=2, arrow=NORTH)
    state, events = play(state, "assistant c3 se")
    assert "tourist_left" in codes(events) and "tourist_moved" not in codes(events)
    assert state.assistants[1] == 12 and state.tourists[1] == 1
    assert not any(any(state.workers[stall(n) * 4 : stall(n) * 4 + 4]) for n in ("c2", "d3", "c4", "b3", "c3"))


def test_the_guide_and_the_rules_pages_word_a_tourist_at_a_closed_stall_as_the_engine_plays_it() -> None:
    """GAMES.md ruling 2 ("swapped for an assistant and leaves without moving") and the engine agree: the
    assistant would stand on the stall being cleared, so the owner's supply is unchanged (the test above)."""
    from pathlib import Path

    from bot.games.morocco.rules import RULES

    guide = Path("docs/rules/morocco.md").read_text(encoding="utf-8")
    ruling = guide.split("\n2. A tourist whose arrow points at a closed stall", 1)[1].split("\n3. ", 1)[0]
    assert "no assistant replaces it" not in ruling
    assert "swapped for an assistant" in ruling and "assistants in supply are unchanged" in ruling
    pages = " ".join(" ".join(texts) for texts in RULES.pages.values())
    assert "arrow at a closed stall" in pages


def test_a_tourist_whose_owner_has_no_assistant_left_stays_a_tourist_on_its_new_space() -> None:
    state = tourist_position()
    state.assistants[1] = 0
    state = E.apply(state, "assistant c3 se")
    state = E.apply(state, "arrow east")
    state = E.apply(state, "tourist to d3 nw")
    assert code_at(state, "d3 nw") == (1, "tourist")


def test_a_tourist_with_a_single_free_space_moves_there_by_itself() -> None:
    state = tourist_position()
    put(state, "d3 nw", 2)
    put(state, "d3 ne", 0)
    put(state, "d3 se", 2, "bodyguard")
    state.overflow[stall("d3")] = 0
    for where in ("c2", "c4", "b3"):
        close(state, where, owner=2, arrow=NORTH)
    state, events = play(state, "assistant c3 se")
    moved = events[codes(events).index("tourist_moved")]
    assert moved.params["space"] == "d3 sw"


# ---- cascades ------------------------------------------------------------------------------------------------
def test_a_stall_filled_by_a_new_arrow_scores_right_after_the_stall_that_filled_it() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    for corner in ("nw", "ne", "sw"):
        put(state, f"c3 {corner}", 0)
        put(state, f"d3 {corner}", 2)
    state = E.apply(state, "assistant c3 se")
    state, events = play(state, "arrow east")
    assert [STALL_NAMES[s] for s in state.recent_closed] == ["c3", "d3"]
    assert codes(events).index("arrow_set") < codes(events).index("stall_won")
    assert state.tiles[stall("d3")] == 2


def test_a_stall_filled_by_a_moving_tourist_scores_next() -> None:
    state = tourist_position()
    put(state, "d3 nw", 2)
    put(state, "d3 ne", 2)
    for where in ("c2", "c4", "b3"):
        close(state, where, owner=2, arrow=NORTH)
    state = E.apply(state, "assistant c3 se")
    assert state.overflow[stall("d3")] == 1
    assert E.to_move(state) == 1
    state = E.apply(state, "tourist to d3 se")
    assert state.tiles[stall("d3")] == 2 and [STALL_NAMES[s] for s in state.recent_closed] == ["c3", "d3"]


def test_two_stalls_filled_by_one_cousin_score_in_the_order_they_filled() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1, brown=1)
    for corner in ("nw", "sw", "se"):
        put(state, f"c3 {corner}", 1)
    for corner in ("ne", "sw", "se"):
        put(state, f"d3 {corner}", 2)
    state, events = play(state, "cousin c3 ne then d3 nw cube brown")
    won = [e.params["stall"] for e in events if e.code == "stall_won"]
    assert won == ["c3"] and E.view(state, None).decision.code == "arrow"
    assert state.queue == [stall("d3")]
    state, events = play(state, "arrow north")
    assert [e.params["stall"] for e in events if e.code == "stall_won"] == ["d3"]


# ---- round end --------------------------------------------------------------------------------------------
def finish_worker_phase(state: MoroccoState) -> MoroccoState:
    """Everyone passes the remaining worker turns (no cubes, no gold)."""
    for seat in range(state.num_players):
        set_cubes(state, seat)
    state.step, state.turns_taken = "turn_done", 2 * state.num_players - 1
    state.seat = (state.start - 1) % state.num_players
    state.step = "workers"
    return state


def test_at_round_end_each_player_keeps_one_cube_of_their_choice_in_turn_order() -> None:
    state = finish_worker_phase(workers_turn(dealt(4, start=1), 0))
    set_cubes(state, 0, green=1)
    set_cubes(state, 1, orange=3, black=1)
    set_cubes(state, 2, brown=3)
    set_cubes(state, 3, purple=2, black=1)
    state.gold[0] = 1
    state = E.apply(state, "pass")
    assert E.to_move(state) == 1 and E.view(state, None).decision.code == "keep"
    assert E.legal_moves(state) == ["keep orange", "keep black"]
    state = E.apply(state, "keep black")
    assert cubes(state, 1) == {"black": 1} and cubes(state, 2) == {"brown": 1}
    assert E.to_move(state) == 3 and E.default_move(state) == "keep purple"
    assert refused(state, "keep green").code == "keep_none"
    state = E.apply(state, "keep black")
    assert cubes(state, 3) == {"black": 1} and cubes(state, 0) == {"green": 1} and state.round == 2


def test_at_round_end_the_start_player_marker_passes_clockwise_and_the_pawn_returns_to_the_centre() -> None:
    state = finish_worker_phase(workers_turn(dealt(4, start=3), 2))
    state.pawn = 4
    state.gold[2] = 1
    state = E.apply(state, "pass")
    assert state.round == 2 and state.start == 0 and state.pawn == 0
    assert E.to_move(state) == 0 and E.legal_moves(state) == [f"scout {n}" for n in range(1, 6)]


# ---- the end --------------------------------------------------------------------------------------------
def nearly_closed_market(open_names: list[str]) -> MoroccoState:
    """Every stall but ``open_names`` closed under empty tiles; seat 0 to place, holding a purple and a green."""
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    for name in STALL_NAMES:
        if name not in open_names:
            close(state, name, owner=EMPTY_TILE, arrow=NORTH if name[1] != "1" else SOUTH)
    return state


def test_the_final_round_starts_when_a_closing_leaves_five_open_stalls_and_the_game_ends_after_it() -> None:
    state = nearly_closed_market(["a1", "e1", "a5", "e5", "c5", "c3"])
    for corner in ("nw", "ne", "sw"):
        put(state, f"c3 {corner}", 0)
    set_cubes(state, 1, orange=2)
    state, events = play(state, "assistant c3 se")
    assert "final_round" in codes(events) and state.final_round and E.outcome(state) is None
    assert E.to_move(state) == 1
    state = finish_worker_phase(state)
    state.gold[state.seat] = 1
    state = E.apply(state, "pass")
    assert E.outcome(state).termination == "market_closed" and E.to_move(state) is None


def test_closing_the_last_stall_ends_the_game_at_once() -> None:
    state = nearly_closed_market(["c3"])
    for corner in ("nw", "ne", "sw"):
        put(state, f"c3 {corner}", 0)
    state = E.apply(state, "assistant c3 se")
    outcome = E.outcome(state)
    assert outcome is not None and outcome.termination == "last_stall" and E.legal_moves(state) == []


def test_the_final_scoring_adds_juice_tokens_gold_and_three_points_per_stall_of_the_largest_district() -> None:
    state = nearly_closed_market(["c3"])
    for name in ("a1", "b1", "b2", "e5", "e4"):
        state.tiles[stall(name)] = 0
    state.tiles[stall("d4")] = 1
    assert largest_district(state, 0) == 3 and largest_district(state, 1) == 1
    state.points = [10, 0, 0]
    state.gold = [2, 0, 0]
    state.juice_held[0:3] = [1, 1, 1]
    for corner in ("nw", "ne", "sw"):
        put(state, f"c3 {corner}", 2)
    state.seat = 2
    set_cubes(state, 2, purple=1, green=1)
    state = E.apply(state, "assistant c3 se")
    details = E.outcome(state).details
    assert details["juice"][0] == 9 and details["gold"][0] == 2 and details["district"][0] == 9
    assert E.outcome(state).scores[0] == 10 + 9 + 2 + 9


def test_a_tie_goes_to_the_player_with_more_stalls_and_then_is_shared() -> None:
    state = nearly_closed_market(["c3"])
    state.step, state.termination = "over", "market_closed"
    state.tiles[stall("a1")] = state.tiles[stall("e5")] = 0
    state.tiles[stall("e1")] = 1
    state.points = [10, 13, 16]
    assert E.outcome(state).scores == [13, 16, 16] and E.outcome(state).winners == [1]
    state.points = [13, 13, 10]
    assert E.outcome(state).winners == [0]
    state.tiles[stall("a5")] = 1
    assert E.outcome(state).scores == [16, 16, 10] and E.outcome(state).winners == [0, 1]


def test_a_market_where_nobody_has_a_worker_left_ends_at_the_end_of_the_round() -> None:
    state = finish_worker_phase(workers_turn(dealt(3), 0))
    state.assistants = [0, 0, 0]
    state.tourists = [0, 0, 0]
    state.gold[state.seat] = 1
    state = E.apply(state, "pass")
    assert E.outcome(state).termination == "market_stuck"


# ---- what is hidden ---------------------------------------------------------------------------------------------
def test_juice_values_taken_are_hidden_from_the_others_until_the_end() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    state.juice_held[0:3] = [1, 0, 2]
    state.juice_held[3:6] = [0, 1, 0]
    players = E.view(state, 0).details["players"]
    assert players[0]["juice"] == [2, 4, 4] and players[1]["juice"] is None and players[1]["juice_count"] == 1
    assert all(p["juice"] is None for p in E.view(state, None).details["players"])
    state.step, state.termination = "over", "market_stuck"
    assert E.view(state, 2).details["players"][1]["juice"] == [3]


def test_taking_a_juice_token_tells_the_others_where_but_not_its_value() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    for corner in ("nw", "ne", "sw"):
        put(state, f"c3 {corner}", 1)
    events = E.transition(state, "assistant c3 se").events
    taken = [e for e in events if e.code == "juice_taken"]
    assert {e.seat for e in taken} == {0, 1} and all("value" in e.params for e in taken)
    for event in taken:
        public = event.seen_by(2)
        assert public.code == "juice_taken_face_down" and "value" not in public.params


def test_a_sampled_state_draws_the_hidden_values_from_the_tokens_off_the_board() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    for point in range(36):
        state.juice[point] = 0
    state.juice[0], state.juice[1] = 2, 2
    state.juice_held[0:3] = [2, 0, 0]
    state.juice_held[3:6] = [3, 6, 5]
    state.juice_held[6:9] = [5, 6, 5]
    state.juice_removed = 2
    view = E.view(state, 0)
    rng = random.Random(4)
    seen = set()
    for _ in range(30):
        sample = E.sample_state(view, rng)
        assert E.view(sample, 0) == view
        assert sample.juice_held[0:3] == [2, 0, 0]
        others = [sample.juice_held[s * 3 : s * 3 + 3] for s in (1, 2)]
        assert [sum(held) for held in others] == [14, 16]
        total = [a + b for a, b in zip(*others, strict=True)]
        # 12 of each value: the 2s on the market and in seat 0's hand, and the two 4s that left the game, are
        # never dealt back to the others
        assert total == [8, 12, 10]
        seen.add(tuple(others[0]))
    assert len(seen) > 1
    assert view.details["juice_removed"] == 2 and view.details["juice_removed_values"] == [4, 4]


def test_the_values_of_juice_tokens_that_left_the_game_stay_public_and_are_never_dealt_back() -> None:
    """A stall closed by two bodyguards, no one at two corners: both tokens leave the game, announced with their
    values. Every view keeps those values, and no state sampled from any view holds more tokens of a value than the
    12 the game has less those gone (the players' face-down tokens are drawn from the rest)."""
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    put(state, "c3 nw", 1, "bodyguard")
    state.guards_hand[0] = 1
    state, events = play(state, "bodyguard c3 se", "arrow north")
    gone = sorted(e.params["value"] for e in events if e.code == "juice_removed")
    assert len(gone) == 2 and state.juice_removed == 2
    # most tokens left on the market go face down to the players: the sampler has many values to hide
    for point in range(36):
        value = state.juice[point]
        if value and point % 5:
            state.juice[point] = 0
            state.juice_held[(point % 3) * 3 + (2, 3, 4).index(value)] += 1
    rng = random.Random(11)
    for viewer in (None, 0, 1, 2):
        view = E.view(state, viewer)
        assert view.details["juice_removed_values"] == gone
        for _ in range(20):
            sample = E.sample_state(view, rng)
            assert E.view(sample, viewer) == view
            for index, value in enumerate((2, 3, 4)):
                held = sum(sample.juice_held[index::3])
                assert held + sample.juice.count(value) + gone.count(value) == 12, (viewer, value)


# ---- owed decisions and defaults -----------------------------------------------------------------------------------
def test_default_moves_are_the_safe_first_options() -> None:
    state = in_scouting(4)
    assert E.default_move(state) == "scout 1"
    state = workers_turn(dealt(3), 0, purple=1, green=1, brown=1)
    assert E.default_move(state) == "assistant c3 nw"
    state = workers_turn(dealt(3), 0, purple=1)
    state.gold[0] = 2
    assert E.default_move(state) == "pass"
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    put(state, "c3 nw", 1, "bodyguard")
    put(state, "c3 ne", 2)
    state = E.apply(state, "assistant c3 sw")
    assert E.default_move(state) == "reward gold"


def test_a_player_who_leaves_is_skipped_and_the_others_play_on() -> None:
    state = in_scouting(3)
    state = E.resign(state, 0)
    assert E.to_move(state) == 1 and 0 in state.resigned
    while state.round == 1:
        assert E.to_move(state) != 0
        state = E.apply(state, E.default_move(state))
    state = E.resign(state, 1)
    assert E.outcome(state).termination == "resigned" and E.outcome(state).winners == [2]


def test_choices_owed_by_a_player_who_left_are_made_for_them() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    put(state, "c3 nw", 1, "bodyguard")
    put(state, "c3 ne", 2)
    state.resigned.append(2)
    state = E.apply(state, "assistant c3 sw")
    assert E.to_move(state) == 0
    state = E.apply(state, "reward gold")
    assert state.gold[2] == 1 and E.view(state, None).decision.code == "arrow"
    assert E.view(state, None).decision.seat == 1 and DIRECTIONS


# ---- our own rulings (docs/rules/morocco.md) ------------------------------------------------------------------
def test_a_stall_filled_by_arrows_alone_closes_empty_and_nobody_scores() -> None:
    state = workers_turn(dealt(3), 0, black=1, green=1)
    for corner in ("nw", "ne", "sw"):
        put(state, f"c2 {corner}", 1)
    state.overflow[stall("c3")] = 3
    for where in ("d3", "c4", "b3"):
        close(state, where, owner=2, arrow=NORTH)
    state = E.apply(state, "assistant c2 se")
    assert state.tiles[stall("c2")] == 1 and E.to_move(state) == 1
    state, events = play(state, "arrow south")
    assert state.tiles[stall("c3")] == EMPTY_TILE and state.points == [2, 5, 0]
    assert [e.params["stall"] for e in events if e.code == "empty_tile_placed"] == ["c3"]
    assert not [e for e in events if e.code in ("stall_won", "stall_tied")]


def test_a_tourist_whose_target_has_no_free_space_leaves_the_game() -> None:
    state = tourist_position()
    for corner in ("nw", "ne", "sw"):
        put(state, f"d3 {corner}", 2)
    put(state, "d3 se", 0, "bodyguard")
    for where in ("c2", "c4", "b3"):
        close(state, where, owner=2, arrow=NORTH)
    state, events = play(state, "assistant c3 se")
    left = events[codes(events).index("tourist_left")]
    assert left.params == {"seat": 1, "stall": "c3", "target": "d3"}


def test_a_winner_without_market_tiles_scores_and_the_stall_closes_under_an_empty_tile() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    state.market_tiles[0] = 0
    for corner in ("nw", "ne", "sw"):
        put(state, f"c3 {corner}", 0)
    state, events = play(state, "assistant c3 se")
    assert state.points[0] == 5 and state.tiles[stall("c3")] == EMPTY_TILE
    assert events[codes(events).index("empty_tile_placed")].params["seat"] == 0 and E.to_move(state) == 0


def test_the_cube_supply_never_runs_out() -> None:
    state = in_scouting(4)
    state.cubes[0:5] = [500, 0, 0, 0, 0]
    state = E.apply(state, "scout 2")
    assert cubes(state, 0) == {"orange": 501, "purple": 1}


def test_changed_places_name_stalls_lines_and_the_pawn() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    state.gold[0] = 1
    before = E.view(state, None)
    after = E.view(E.apply(state, "swap rows 1 3"), None)
    assert E.changed_places(before, after) == ["row 1", "row 3"]
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    before = E.view(state, None)
    after = E.view(E.apply(state, "assistant c3 ne"), None)
    assert E.changed_places(before, after) == ["c3"]
    scouting = in_scouting(4)
    assert E.changed_places(E.view(scouting, None), E.view(E.apply(scouting, "scout 4"), None)) == ["roof 4"]


def test_every_value_in_the_data_file_is_read() -> None:
    """data/morocco.json holds no setting the engine ignores (the score-track and cube-supply rulings are notes)."""
    raw = json.loads(files("data").joinpath("morocco.json").read_text(encoding="utf-8"))
    unread = set(raw) - set(MoroccoData.model_fields) - {"about", "reconstructions"}
    assert not unread
    assert {"score_track", "cube_supply"} <= set(raw["reconstructions"])
