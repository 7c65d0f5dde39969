"""Kairo rules, one scenario test per rule of seed 000 and per ruling in docs/rules/cairo.md.

Positions are built directly with ``position()``: the main stage, seat 0 to move, the five
customers in the queue (red q1 … white q5, purple waiting) unless a test says otherwise.
Board reminder: columns a–n west→east, rows 1–13 north→south; the souk is b1–m12; column a,
column n and row 13 are the tavern zone; q1–q5 sit above e1–i1. Refusals are checked by their
code and parameters, what happened by the events a move records.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

import engines
from engines.base import CHANCE, Event, GameError, IllegalMove, events_seen_by
from engines.cairo import NEUTRAL, CairoState, Stall
from engines.cairo.board import get_board
from engines.cairo.data import load_cairo_data
from engines.cairo.layout import layout_of
from engines.cairo.rules import door_problem, stall_site_problem
from engines.cairo.setup import add_stall
from engines.cairo.state import extensions_left

E = engines.get("cairo")
DATA = load_cairo_data()
BOARD = get_board()
QUEUE = {"red": "q1", "yellow": "q2", "green": "q3", "blue": "q4", "white": "q5"}


def position(
    players: int = 2,
    stalls: Iterable[Sequence[object]] = (),
    customers: Mapping[str, str] | None = None,
    waiting: str = "purple",
    hands: Mapping[int, Sequence[str]] | None = None,
    coins: Mapping[int, Mapping[str, int]] | None = None,
    charlatans: Mapping[int, int] | None = None,
    display: Sequence[str | None] = ("E", "E", "SW", "middle"),
    final: bool = False,
) -> CairoState:
    """A main-stage position. Stall specs: (owner, colour, square, door, *extensions).

    The display is full by default, so a turn ends without refills (no chance move due).
    """
    state = E.new_game(players)
    state.phase = "final" if final else "play"
    state.final_stage = final
    state.active = state.start_player = 0
    state.customers = dict(QUEUE if customers is None else customers)
    state.waiting = waiting
    for owner, colour, square, door, *extensions in stalls:
        stall = add_stall(state, str(colour), int(owner), str(square), str(door))  # type: ignore[call-overload]
        state.stalls[stall.id] = stall.model_copy(update={"extensions": tuple(str(e) for e in extensions)})
    for seat, cards in (hands or {}).items():
        state.hands[seat] = sorted(cards, key=DATA.card_names.index)
        for card in cards:
            state.deck[card] -= 1
    state.display = list(display)
    for card in display:
        if card:
            state.deck[card] -= 1
    state.deck = {card: count for card, count in state.deck.items() if count}
    for seat, purse in (coins or {}).items():
        state.coins[seat] = {colour: purse.get(colour, 0) for colour in DATA.colours}
    for colour in DATA.colours:
        held = sum(purse[colour] for purse in state.coins)
        state.bank[colour] = DATA.bank_value_per_colour - held
    for seat, count in (charlatans or {}).items():
        state.charlatans[seat] = count
        state.charlatan_supply -= count
    return state


def play(state: CairoState, *moves: str) -> CairoState:
    """Apply ``moves`` in order."""
    for move in moves:
        state = E.apply(state, move)
    return state


def told(state: CairoState, move: str, viewer: int | None = None) -> list[Event]:
    """The events of ``move`` as ``viewer`` (None: a spectator) reads them."""
    return events_seen_by(E.transition(state, move).events, viewer)


def refused(state: CairoState, move: str) -> IllegalMove:
    """The refusal a move gets (fails if the move is legal)."""
    with pytest.raises(IllegalMove) as error:
        E.apply(state, move)
    assert not E.is_legal(state, move)
    return error.value


def refusal(state: CairoState, move: str) -> tuple[str, dict[str, Any]]:
    """The code and parameters of the refusal ``move`` gets."""
    error = refused(state, move)
    return error.code, error.params


def deal_everything(state: CairoState) -> CairoState:
    """Resolve pending deals with the first card available."""
    while E.to_move(state) == CHANCE and state.deals:
        state = E.apply(state, E.legal_moves(state)[0])
    return state


def stall_at(state: CairoState, square: str) -> Stall:
    """The stall whose main square is ``square``."""
    return next(stall for stall in state.stalls if stall.square == square)


def square(name: str) -> int:
    return BOARD.index[name]


def left(state: CairoState) -> dict[str, int]:
    return extensions_left(state, DATA.colours, DATA.extensions_per_colour)


# ---- players, colours, setup ---------------------------------------------------------------


def test_two_to_four_players() -> None:
    for players in (2, 3, 4):
        assert E.new_game(players).num_players == players
    for players in (1, 5):
        with pytest.raises(GameError):
            E.new_game(players)


def test_six_colours_with_purple_for_the_taverns() -> None:
    assert len(DATA.colours) == 6
    assert DATA.tavern_colour == "purple"
    state = position(hands={0: ["W"]})
    purple = [move for move in E.legal_moves(state) if move.startswith("build purple")]
    assert purple and all(move.split()[2][0] == "a" for move in purple)
    assert not [move for move in E.legal_moves(state) if move.startswith("build red a")]


def test_setup_queues_five_customers_and_puts_the_sixth_on_its_tray() -> None:
    state = E.new_game(3)
    assert E.to_move(state) == CHANCE
    assert len(E.legal_moves(state)) == 720
    state = play(state, "queue white red blue green purple yellow")
    assert state.customers == {"white": "q1", "red": "q2", "blue": "q3", "green": "q4", "purple": "q5"}
    assert state.waiting == "yellow"


def test_setup_lays_four_cards_out_and_deals_three_to_each_player() -> None:
    state = deal_everything(play(E.new_game(3), "queue red yellow green blue white purple"))
    assert all(card is not None for card in state.display) and len(state.display) == 4
    assert [len(hand) for hand in state.hands] == [3, 3, 3]
    assert sum(state.deck.values()) == 33 - 4 - 9
    assert state.phase == "start"


def test_each_player_starts_with_one_coin_of_each_colour() -> None:
    state = E.new_game(4)
    assert all(purse == dict.fromkeys(DATA.colours, 1) for purse in state.coins)
    assert state.bank == dict.fromkeys(DATA.colours, 20 - 4)


def test_start_player_is_drawn_at_random() -> None:
    state = deal_everything(play(E.new_game(3), "queue red yellow green blue white purple"))
    assert E.to_move(state) == CHANCE
    assert E.chance_odds(state) == [("start 1", 1 / 3), ("start 2", 1 / 3), ("start 3", 1 / 3)]
    state = play(state, "start 2")
    assert state.start_player == 1 and E.to_move(state) == 1


def test_variable_start_places_three_main_stalls_each_in_turn_from_the_start_player() -> None:
    state = deal_everything(play(E.new_game(3), "queue red yellow green blue white purple"))
    state = play(state, "start 3")
    seats = []
    rng = random.Random(5)
    while state.phase == "place":
        seats.append(E.to_move(state))
        state = E.apply(state, rng.choice(E.legal_moves(state)))
    assert seats == [2, 0, 1] * 3
    assert [sum(1 for s in state.stalls if s.owner == seat) for seat in range(3)] == [3, 3, 3]
    assert state.phase == "play" and E.to_move(state) == 2


def test_variable_start_plays_no_cards() -> None:
    state = play(deal_everything(play(E.new_game(2), "queue red yellow green blue white purple")), "start 1")
    hand = list(state.hands[0])
    state = play(state, "place red c3 door d3")
    assert state.hands[0] == hand
    assert [(s.colour, s.square, s.door) for s in state.stalls] == [("red", "c3", "d3")]


def test_variable_start_allows_at_most_two_main_stalls_per_sector() -> None:
    state = play(deal_everything(play(E.new_game(3), "queue red yellow green blue white purple")), "start 1")
    state = play(state, "place red c2 door c3", "place blue e4 door e5")
    assert refusal(state, "place green b4 door b5") == ("sector_full_at_start", {"sector": "NW", "limit": 2})
    assert not [m for m in E.legal_moves(state) if m.split()[2] in ("b1", "b2", "c4", "d1")]


def test_preset_layouts_obey_the_placement_rules() -> None:
    for players in (2, 3, 4):
        state = position(players)
        for entry in DATA.presets[str(players)]:
            layout = layout_of(state)
            owner = NEUTRAL if entry.seat == "neutral" else int(entry.seat)
            site, door = square(entry.square), square(entry.door)
            assert stall_site_problem(layout, DATA, entry.colour, site, True, owner) is None, entry
            assert door_problem(layout, site, door, owner) is None, entry
            add_stall(state, entry.colour, owner, entry.square, entry.door)
        per_seat = [sum(1 for s in state.stalls if s.owner == seat) for seat in range(players)]
        assert per_seat == [3] * players
        if players == 2:
            assert sorted(s.colour for s in state.stalls if s.owner == NEUTRAL) == sorted(DATA.colours)


def test_preset_start_puts_the_layout_on_the_board() -> None:
    state = E.new_game(4, {"start": "preset"})
    state = play(deal_everything(play(state, "queue red yellow green blue white purple")), "start 2")
    assert len(state.stalls) == 12 and state.phase == "play" and E.to_move(state) == 1


def test_two_player_variable_start_draws_the_neutral_stalls_and_players_place_them_in_turn() -> None:
    state = play(deal_everything(play(E.new_game(2), "queue red yellow green blue white purple")), "start 2")
    rng = random.Random(3)
    while state.phase == "place":
        state = E.apply(state, rng.choice(E.legal_moves(state)))
    placers = []
    while state.phase == "neutral":
        assert E.to_move(state) == CHANCE
        assert len(E.chance_odds(state)) == len(state.neutrals)
        state = E.apply(state, E.sample_chance(state, rng))
        placers.append(E.to_move(state))
        assert all(move.split()[1] == state.neutral_drawn for move in E.legal_moves(state))
        state = E.apply(state, rng.choice(E.legal_moves(state)))
    assert placers == [1, 0, 1, 0, 1, 0]
    neutral = [s.colour for s in state.stalls if s.owner == NEUTRAL]
    assert sorted(neutral) == sorted(DATA.colours)
    assert state.phase == "play" and E.to_move(state) == 1


def test_one_main_stall_of_each_colour_per_player() -> None:
    state = position(stalls=[(0, "red", "c3", "d3")], hands={0: ["C"]})
    assert not [m for m in E.legal_moves(state) if m.startswith("build red")]
    assert refusal(state, "build red g6 door g7") == ("stall_on_board", {"colour": "red", "square": "c3"})
    assert "build blue g6 door g7" in E.legal_moves(state)


# ---- build: cards ------------------------------------------------------------------------


def test_standard_card_builds_only_in_its_sector() -> None:
    state = position(hands={0: ["C"]})
    builds = [m for m in E.legal_moves(state) if m.startswith("build")]
    assert builds and all(BOARD.square(m.split()[2]).sector == "C" for m in builds)
    code, params = refusal(state, "build red c3 door c4")
    assert code == "no_card_for_square" and params["sector"] == "NW" and params["zones"] == ["north", "west"]
    state = play(state, "build red g6 door g7")
    assert E.legal_moves(state) == ["card C"]
    state = play(state, "card C")
    assert stall_at(state, "g6").door == "g7" and state.hands[0] == []


def test_wildcard_builds_in_its_zone_for_one_coin_of_any_colour() -> None:
    state = position(hands={0: ["west"]}, coins={0: {"blue": 1, "green": 1}})
    assert "build red c3 door c4" in E.legal_moves(state)
    assert "build red c10 door c11" in E.legal_moves(state)
    assert "build red g6 door g7" not in E.legal_moves(state)
    state = play(state, "build red c3 door c4")
    assert E.legal_moves(state) == ["wild west coin green", "wild west coin blue"]
    state = play(state, "wild west coin blue")
    assert state.coins[0]["blue"] == 0 and state.bank["blue"] == 19
    broke = position(hands={0: ["west"]}, coins={0: {}})
    assert not [m for m in E.legal_moves(broke) if m.startswith("build")]


def test_three_cards_build_on_any_free_square() -> None:
    state = position(hands={0: ["N", "N", "NE"]})
    assert "build red c10 door c11" in E.legal_moves(state)
    state = play(state, "build red c10 door c11")
    assert E.legal_moves(state) == ["cards N N NE"]
    state = play(state, "cards NE N N")
    assert stall_at(state, "c10").colour == "red" and state.hands[0] == []


def test_three_cards_only_without_a_card_for_that_square() -> None:
    state = play(position(hands={0: ["N", "N", "NE"]}), "build red g3 door g4")
    assert E.legal_moves(state) == ["card N"]
    assert refusal(state, "cards N N NE") == ("single_card_suffices", {"square": "g3", "sector": "N", "count": 3})


def test_unused_wildcards_among_three_cards_cost_nothing() -> None:
    state = position(hands={0: ["N", "north", "east"]}, coins={0: {}})
    state = play(state, "build red c10 door c11", "cards N north east")
    assert stall_at(state, "c10").colour == "red"
    assert sum(state.coins[0].values()) == 0


def test_played_cards_go_to_the_discard_pile() -> None:
    state = play(position(hands={0: ["N", "N", "NE"]}), "build red c10 door c11", "cards N N NE")
    assert state.discard == {"N": 2, "NE": 1}


# ---- build: main stalls ---------------------------------------------------------------------


def test_free_square_has_no_stall_extension_entrance_or_customer() -> None:
    state = position(
        stalls=[(1, "blue", "c3", "d3", "c4")],
        customers={**QUEUE, "red": "c7"},
        waiting="purple",
        hands={0: ["NW", "W"]},
    )
    assert refusal(state, "build red c3 door c2") == (
        "square_not_free",
        {"square": "c3", "seat": 0, "what": "stall", "owner": 1, "colour": "blue"},
    )
    assert refusal(state, "build red c4 door b4")[1]["what"] == "extension"
    assert refusal(state, "build red d3 door d2")[1] == {
        "square": "d3",
        "seat": 0,
        "what": "entrance",
        "owner": 1,
        "colour": "blue",
    }
    assert refusal(state, "build green c7 door c6") == (
        "square_not_free",
        {"square": "c7", "seat": 0, "what": "customer", "colour": "red"},
    )
    assert "build green c6 door b6" in E.legal_moves(state)


def test_queue_squares_are_never_built_on() -> None:
    state = position(hands={0: ["N", "N", "NE"]})
    assert not [m for m in E.legal_moves(state) if " q" in m]
    assert refusal(state, "build red q2 door f1") == ("queue_square", {"square": "q2"})


def test_main_stall_needs_two_free_squares_side_by_side() -> None:
    state = position(hands={0: ["NW"]}, customers={**QUEUE, "red": "c4"})
    assert refusal(state, "build blue c2 door e2") == ("entrance_not_next_to_stall", {"door": "e2", "square": "c2"})
    assert refusal(state, "build blue c3 door c4")[0] == "entrance_not_free"
    assert "build blue c3 door d3" in E.legal_moves(state)


def test_purple_main_stalls_only_in_the_tavern_zone_and_the_others_only_in_the_souk() -> None:
    state = position(hands={0: ["W"]})
    assert refusal(state, "build purple c6 door c7") == (
        "tavern_colour_only",
        {"colour": "purple", "square": "c6", "part": "main", "tavern_colour": "purple"},
    )
    assert refusal(state, "build red a6 door b6")[0] == "souk_only"
    assert "build purple a6 door b6" in E.legal_moves(state)


def test_entrance_is_in_the_souk() -> None:
    state = position(hands={0: ["W"]})
    assert refusal(state, "build purple a6 door a7") == ("entrance_not_in_souk", {"door": "a7"})
    assert not [m for m in E.legal_moves(state) if m.split()[-1][0] in "an"]


def test_one_main_stall_per_colour_in_each_sector() -> None:
    state = position(stalls=[(1, "red", "c3", "c4")], hands={0: ["NW"]})
    assert refusal(state, "build red e1 door e2") == (
        "sector_has_colour",
        {"sector": "NW", "colour": "red", "square": "c3"},
    )
    assert "build blue e1 door e2" in E.legal_moves(state)


def test_main_stall_may_not_touch_a_main_stall_or_an_extension() -> None:
    state = position(stalls=[(1, "red", "c3", "d3", "c4")], hands={0: ["NW", "W"]})
    assert refusal(state, "build blue b4 door b5") == (
        "touches_stall",
        {"square": "b4", "other": "c4", "part": "extension", "owner": 1, "colour": "red", "seat": 0},
    )
    code, params = refusal(state, "build blue b3 door b2")
    assert code == "touches_stall" and (params["other"], params["part"]) == ("c3", "main")
    assert "build blue e3 door e2" in E.legal_moves(state)


def test_two_entrances_never_share_a_square() -> None:
    state = position(stalls=[(1, "red", "c3", "d3")], hands={0: ["NW"]})
    assert refusal(state, "build blue e3 door d3") == (
        "entrance_not_free",
        {"square": "d3", "seat": 0, "what": "entrance", "owner": 1, "colour": "red"},
    )
    assert "build blue e3 door e2" in E.legal_moves(state)


def test_new_main_stall_may_not_cut_an_entrance_off_from_a_customer() -> None:
    state = position(stalls=[(1, "red", "b2", "b1")], hands={0: ["NW"]})
    assert refusal(state, "build blue c1 door d1") == ("cuts_off_entrance", {"square": "c1", "door": "d1"})
    assert not [m for m in E.legal_moves(state) if m.startswith("build") and m.split()[2] == "c1"]


def test_new_entrance_must_be_reachable_by_every_customer() -> None:
    pocket = [(1, "red", "b2", "c2"), (1, "blue", "d1", "d2", "c1")]
    state = position(stalls=pocket, hands={0: ["NW"]})
    assert refusal(state, "build purple a1 door b1") == ("cuts_off_entrance", {"square": "a1", "door": "b1"})
    assert "build purple a2 door b2" not in E.legal_moves(state)


# ---- build: extensions ----------------------------------------------------------------------


def test_extension_touches_your_own_stall_of_its_colour() -> None:
    state = position(stalls=[(0, "red", "c3", "d3", "c2")], hands={0: ["NW"]}, coins={0: {"red": 9}})
    extends = [m for m in E.legal_moves(state) if m.startswith("extend")]
    assert sorted(extends) == ["extend red b2", "extend red b3", "extend red c1", "extend red c4", "extend red d2"]
    assert refusal(state, "extend red e2") == ("extension_not_touching", {"colour": "red", "square": "e2"})


def test_extension_may_join_stalls_of_different_colours() -> None:
    stalls = [(0, "red", "c3", "d3"), (1, "blue", "c5", "d5")]
    state = position(stalls=stalls, hands={0: ["NW"]}, coins={0: {"red": 9}})
    assert "extend red c4" in E.legal_moves(state)


def test_extension_may_not_touch_two_stalls_of_its_colour() -> None:
    stalls = [(0, "red", "c3", "d3"), (1, "red", "c5", "d5")]
    state = position(stalls=stalls, hands={0: ["NW"]}, coins={0: {"red": 9}})
    assert refusal(state, "extend red c4") == (
        "joins_two_stalls",
        {"colour": "red", "square": "c4", "owner": 1, "other": "c5", "seat": 0},
    )


def test_extension_may_not_cut_an_entrance_off_from_a_customer() -> None:
    stalls = [(0, "red", "b2", "b1"), (0, "blue", "d1", "d2")]
    state = position(stalls=stalls, hands={0: ["NW"]}, coins={0: {"blue": 9}})
    assert refusal(state, "extend blue c1") == ("extension_cuts_off", {"square": "c1"})
    assert "extend blue e1" in E.legal_moves(state)


def test_squares_without_customers_or_entrances_may_be_closed_off() -> None:
    stalls = [(0, "red", "b2", "c2"), (0, "blue", "d1", "d2")]
    state = position(stalls=stalls, hands={0: ["NW"]}, coins={0: {"blue": 9}})
    assert "extend blue c1" in E.legal_moves(state)


def test_purple_extensions_only_in_the_tavern_zone_and_the_others_only_in_the_souk() -> None:
    stalls = [(0, "purple", "a6", "b6"), (0, "red", "b3", "c3")]
    state = position(stalls=stalls, hands={0: ["W", "NW"]}, coins={0: {"purple": 9, "red": 9}})
    assert "extend purple a5" in E.legal_moves(state)
    assert refusal(state, "extend purple b5")[0] == "tavern_colour_only"
    assert refusal(state, "extend red a3") == (
        "souk_only",
        {"colour": "red", "square": "a3", "part": "extension", "tavern_colour": "purple"},
    )


def test_extension_price_is_the_new_size_with_at_least_one_coin_of_its_colour() -> None:
    stalls = [(0, "red", "c3", "d3", "c2")]
    no_red = position(stalls=stalls, hands={0: ["NW"]}, coins={0: {"blue": 20}})
    assert not [m for m in E.legal_moves(no_red) if m.startswith("extend")]
    assert refusal(no_red, "extend red c4") == ("needs_colour_coin", {"colour": "red", "price": 3})
    short = position(stalls=stalls, hands={0: ["NW"]}, coins={0: {"red": 1, "blue": 2}})
    assert refusal(short, "extend red c4") == ("cannot_afford", {"price": 3, "colour": "red", "rate": 2, "worth": 2})
    state = play(position(stalls=stalls, hands={0: ["NW"]}, coins={0: {"red": 3}}), "extend red c4", "card NW")
    assert E.legal_moves(state) == ["pay red:3"]
    state = play(state, "pay red:3")
    assert state.coins[0]["red"] == 0 and state.bank["red"] == 19


def test_other_colours_pay_two_for_one() -> None:
    stalls = [(0, "red", "c3", "d3", "c2")]
    state = play(
        position(stalls=stalls, hands={0: ["NW"]}, coins={0: {"red": 1, "blue": 3, "white": 1}}),
        "extend red c4",
        "card NW",
    )
    assert E.legal_moves(state) == ["pay red:1 blue:3 white:1"]
    assert refusal(state, "pay red:1 blue:2") == ("wrong_price", {"price": 3, "colour": "red", "rate": 2})
    state = play(state, "pay white:1 red:1 blue:3")
    assert sum(state.coins[0].values()) == 0


def test_cheapest_payment_is_offered_first() -> None:
    stalls = [(0, "red", "c3", "d3", "c2")]
    state = play(
        position(stalls=stalls, hands={0: ["NW"]}, coins={0: {"red": 3, "blue": 4}}), "extend red c4", "card NW"
    )
    assert E.legal_moves(state) == ["pay red:3", "pay red:2 blue:2", "pay red:1 blue:4"]
    assert E.default_move(state) == "pay red:3"


def test_extension_scores_the_new_stall_size() -> None:
    state = position(stalls=[(0, "red", "c3", "d3", "c2")], hands={0: ["NW"]}, coins={0: {"red": 3}})
    state.medals["red"] = {"gold": 0, "silver": 0}
    state = play(state, "extend red c4", "card NW", "pay red:3")
    assert state.scores[0] == 3
    assert stall_at(state, "c3").size == 3


def test_strictly_largest_stall_takes_both_medals() -> None:
    stalls = [(0, "red", "c3", "d3", "c2"), (1, "red", "j6", "k6", "j7")]
    state = position(stalls=stalls, hands={0: ["NW"]}, coins={0: {"red": 3}})
    state.medals["red"] = {"gold": 1, "silver": 1}
    state = play(state, "extend red c4", "card NW", "pay red:3")
    assert state.medals["red"] == {"gold": 0, "silver": 0}
    assert state.scores[0] == 3 + 3 + 2


def test_equal_to_the_largest_takes_the_silver_medal() -> None:
    stalls = [(0, "red", "c3", "d3", "c2"), (1, "red", "j6", "k6", "j7", "j8")]
    state = position(stalls=stalls, hands={0: ["NW"]}, coins={0: {"red": 3}})
    state.medals["red"] = {"gold": 1, "silver": 1}
    state = play(state, "extend red c4", "card NW", "pay red:3")
    assert state.medals["red"] == {"gold": 1, "silver": 0}
    assert state.scores[0] == 3 + 2


def test_only_medals_newly_taken_score() -> None:
    stalls = [(0, "red", "c3", "d3", "c2"), (1, "red", "j6", "k6", "j7")]
    state = position(stalls=stalls, hands={0: ["NW"]}, coins={0: {"red": 3}})
    state.medals["red"] = {"gold": 1, "silver": 0}
    state = play(state, "extend red c4", "card NW", "pay red:3")
    assert state.medals["red"] == {"gold": 0, "silver": 0}
    assert state.scores[0] == 3 + 3


def test_extensions_come_from_a_supply_of_six_per_colour() -> None:
    stalls = [(1, "red", "j6", "k6", "j7", "j8", "j9", "i9", "h9", "h10"), (0, "red", "c3", "d3")]
    state = position(stalls=stalls, hands={0: ["NW"]}, coins={0: {"red": 9}})
    assert left(state)["red"] == 0
    assert refusal(state, "extend red c4") == ("no_extensions_left", {"colour": "red"})


# ---- build: moving a main stall ---------------------------------------------------------------


def test_unextended_main_stall_that_cannot_be_extended_may_move() -> None:
    boxed = [(0, "red", "b1", "c1"), (1, "blue", "c3", "d3", "c2", "b2")]
    state = position(stalls=boxed, hands={0: ["C"]})
    assert "move red to g6 door g7" in E.legal_moves(state)
    state = play(state, "move red to g6 door g7", "card C")
    red = state.stalls[0]
    assert (red.id, red.square, red.door) == (0, "g6", "g7")


def test_extended_or_extendable_main_stall_may_not_move() -> None:
    state = position(stalls=[(0, "red", "c3", "d3")], hands={0: ["C"]})
    assert not [m for m in E.legal_moves(state) if m.startswith("move")]
    assert refusal(state, "move red to g6 door g7") == (
        "stall_extendable",
        {"colour": "red", "square": "c3", "site": "c2"},
    )
    extended = position(stalls=[(0, "red", "b1", "c1", "b2"), (1, "blue", "c3", "d3", "c2", "b3")], hands={0: ["C"]})
    assert refusal(extended, "move red to g6 door g7") == ("stall_extended", {"colour": "red", "square": "b1"})


# ---- attracting customers ------------------------------------------------------------------


def test_customer_goes_by_the_shortest_way_to_the_nearest_free_entrance() -> None:
    stalls = [(0, "red", "d3", "e3"), (1, "red", "j8", "i8")]
    state = position(stalls=stalls)
    assert [m for m in E.legal_moves(state) if m.startswith("attract")] == ["attract red to e3"]
    assert refusal(state, "attract red to i8") == (
        "needs_charlatans",
        {"count": 1, "colour": "red", "door": "i8", "have": 0},
    )


def test_occupied_entrance_is_no_candidate() -> None:
    stalls = [(0, "red", "d3", "e3"), (1, "red", "j8", "i8")]
    state = position(stalls=stalls, customers={**QUEUE, "white": "e3"})
    assert [m for m in E.legal_moves(state) if m.startswith("attract")] == ["attract red to i8"]
    assert refusal(state, "attract red to e3") == ("entrance_occupied", {"door": "e3", "customer": "white"})


def test_paths_never_cross_stalls_extensions_or_the_tavern_zone() -> None:
    stalls = [(0, "red", "c10", "b10"), (1, "blue", "d11", "d12", "c11", "b11"), (1, "red", "g11", "f11")]
    state = position(stalls=stalls, customers={**QUEUE, "red": "b12"}, charlatans={0: 0})
    assert [m for m in E.legal_moves(state) if m.startswith("attract red")] == ["attract red to f11"]


def test_paths_run_through_entrances_customers_and_queue_squares() -> None:
    stalls = [(0, "red", "b2", "b1"), (1, "green", "d2", "d1"), (1, "blue", "c3", "d3", "c2")]
    state = position(stalls=stalls, customers={**QUEUE, "yellow": "c1"})
    assert "attract red to b1" in E.legal_moves(state)
    walled = [(1, "blue", "e1", "d1"), (0, "red", "g3", "g4")]
    queue_only = position(stalls=walled, customers={**QUEUE, "yellow": "c7"})
    assert "attract red to g4" in E.legal_moves(queue_only)


def test_equally_near_entrances_are_the_players_choice() -> None:
    stalls = [(0, "red", "d2", "e2"), (1, "red", "j2", "i2")]
    state = position(stalls=stalls, customers={**QUEUE, "red": "q3", "green": "q1"})
    attracts = [m for m in E.legal_moves(state) if m.startswith("attract red")]
    assert attracts == ["attract red to e2", "attract red to i2"]


def test_each_charlatan_skips_the_nearest_free_entrance() -> None:
    stalls = [(0, "red", "d3", "e3"), (1, "red", "j8", "i8"), (2, "red", "l11", "l12")]
    state = position(players=3, stalls=stalls, charlatans={0: 1})
    attracts = [m for m in E.legal_moves(state) if m.startswith("attract red")]
    assert attracts == ["attract red to e3", "attract red to i8"]
    assert refusal(state, "attract red to l12") == (
        "needs_charlatans",
        {"count": 2, "colour": "red", "door": "l12", "have": 1},
    )
    state = play(state, "attract red to i8")
    assert state.charlatans[0] == 0 and state.charlatan_supply == 7


def test_attracted_customer_goes_to_its_tray_and_the_waiting_customer_takes_its_place() -> None:
    state = play(position(stalls=[(0, "red", "d3", "e3")]), "attract red to e3")
    assert state.waiting == "red"
    assert state.customers["purple"] == "e3" and "red" not in state.customers


def test_only_the_customers_in_the_souk_can_be_attracted() -> None:
    state = position(stalls=[(0, "purple", "a6", "b6")])
    assert refusal(state, "attract purple to b6") == ("customer_waiting", {"colour": "purple"})


def test_no_reachable_free_entrance_means_no_attraction() -> None:
    state = position(stalls=[(0, "red", "d3", "e3")], customers={**QUEUE, "white": "e3"})
    assert refusal(state, "attract red to e3") == ("no_reachable_entrance", {"colour": "red"})


def test_own_stall_pays_its_size_in_coins_of_its_colour() -> None:
    state = position(stalls=[(0, "red", "d3", "e3", "c3")], coins={0: {}, 1: {}})
    state = play(state, "attract red to e3")
    assert state.coins[0]["red"] == 2 and state.bank["red"] == 18


def test_another_players_stall_pays_one_coin_to_you_and_its_size_to_the_owner() -> None:
    state = position(stalls=[(1, "red", "d3", "e3", "c3", "d4")], coins={0: {}, 1: {}})
    state = play(state, "attract red to e3")
    assert state.coins[0]["red"] == 1 and state.coins[1]["red"] == 3


def test_customer_at_a_neutral_entrance_pays_the_active_player_one_coin() -> None:
    state = position(stalls=[(NEUTRAL, "red", "d3", "e3")], coins={0: {}, 1: {}})
    state = play(state, "attract red to e3")
    assert state.coins[0]["red"] == 1 and state.coins[1]["red"] == 0


def test_bank_short_of_coins_pays_what_is_left() -> None:
    state = position(stalls=[(1, "red", "d3", "e3", "c3", "d4")], coins={0: {}, 1: {"red": 18}})
    state = play(state, "attract red to e3")
    assert state.coins[0]["red"] == 1 and state.coins[1]["red"] == 19 and state.bank["red"] == 0


def test_neutral_stalls_cannot_be_moved_or_extended() -> None:
    boxed = [(NEUTRAL, "red", "b1", "c1"), (1, "blue", "c3", "d3", "c2", "b2"), (NEUTRAL, "green", "g6", "g7")]
    state = position(stalls=boxed, hands={0: ["C", "NW", "N"]}, coins={0: {"red": 9, "green": 9}})
    assert not [m for m in E.legal_moves(state) if m.startswith(("move", "extend"))]
    assert refusal(state, "move red to h6 door h7") == ("no_stall_to_move", {"colour": "red"})
    assert refusal(state, "extend green g5") == ("no_stall_to_extend", {"colour": "green"})


# ---- drawing cards -------------------------------------------------------------------------


def test_draw_two_cards_from_the_display_the_deck_or_the_charlatans() -> None:
    state = position(display=["NW", "N", "NE", "W"])
    assert [m for m in E.legal_moves(state) if m.startswith("take")] == [
        "take display 1",
        "take display 2",
        "take display 3",
        "take display 4",
        "take deck",
        "take charlatan",
    ]
    state = play(state, "take display 2")
    assert state.hands[0] == ["N"] and state.display[1] is None and E.to_move(state) == 0
    assert E.legal_moves(state) == ["take display 1", "take display 3", "take display 4", "take deck", "take charlatan"]
    state = play(state, "take deck")
    assert E.to_move(state) == CHANCE
    state = play(state, "deal C")
    assert state.hands[0] == ["N", "C"] and E.to_move(state) == CHANCE


def test_charlatans_are_public_and_unlimited() -> None:
    state = position(charlatans={0: 5}, hands={0: ["N", "N", "C", "C"]})
    state = play(state, "take charlatan", "take charlatan")
    assert state.charlatans[0] == 7 and state.charlatan_supply == 0
    assert E.view(state, 1).details["players"][0]["charlatans"] == 7
    assert state.phase == "play" and E.to_move(state) == 1


def test_hand_limit_keeps_four_building_cards_of_your_choice() -> None:
    state = position(hands={0: ["N", "C", "S", "SE"]}, display=["NW", "W", None, None])
    state = play(state, "take display 1", "take display 2")
    assert state.phase == "keep" and len(E.legal_moves(state)) == 15
    state = play(state, "keep SE NW N W")
    assert state.hands[0] == ["NW", "N", "W", "SE"]
    assert state.discard == {"C": 1, "S": 1}


def test_display_is_refilled_at_the_end_of_the_turn() -> None:
    state = play(position(display=["NW", "N", "NE", "W"]), "take display 1", "take display 3")
    assert state.display == [None, "N", None, "W"]
    assert E.to_move(state) == CHANCE and state.deals == ["display:0", "display:2"]
    state = play(state, "deal SE", "deal S")
    assert state.display == ["SE", "N", "S", "W"] and E.to_move(state) == 1


def test_deck_draws_follow_the_cards_left_in_the_deck() -> None:
    state = play(position(display=(None, None, None, None)), "take deck")
    odds = dict(E.chance_odds(state))
    assert odds["deal NW"] == pytest.approx(3 / 33) and odds["deal west"] == pytest.approx(1 / 33)
    state.deck = {"N": 3, "C": 1}
    assert dict(E.chance_odds(state)) == {"deal N": 0.75, "deal C": 0.25}


def test_empty_deck_is_reshuffled_from_the_discard_pile() -> None:
    state = position()
    state.deck, state.discard = {}, {"S": 2}
    state = play(state, "take deck")
    assert E.chance_odds(state) == [("deal S", 1.0)]
    state = play(state, "deal S")
    assert state.deck == {"S": 1} and state.discard == {}


# ---- final stage and scoring ---------------------------------------------------------------


def _almost_out_of_red() -> list[tuple[object, ...]]:
    return [(1, "red", "j6", "k6", "j7", "j8", "j9", "i9", "h9"), (0, "red", "c3", "d3")]


def test_final_stage_begins_when_a_colour_runs_out_of_extensions() -> None:
    state = position(stalls=_almost_out_of_red(), hands={0: ["NW"]}, coins={0: {"red": 2}})
    state = play(state, "extend red c4", "card NW")
    assert [(e.code, e.params) for e in told(state, "pay red:2")] == [
        (
            "stall_extended",
            {"seat": 0, "colour": "red", "square": "c4", "payment": {"card": "NW"}, "coins": {"red": 2}, "size": 2},
        ),
        ("final_stage_no_extensions", {"colour": "red"}),
    ]
    state = play(state, "pay red:2")
    assert state.final_stage and state.phase == "final" and E.to_move(state) == 1


def test_final_stage_begins_when_two_colours_have_one_extension_left() -> None:
    stalls = [
        (1, "red", "j6", "k6", "j7", "j8", "j9", "i9", "h9"),
        (1, "blue", "c10", "d10", "c9", "c8", "c7", "c6"),
        (0, "blue", "f3", "g3"),
    ]
    state = position(stalls=stalls, hands={0: ["N"]}, coins={0: {"blue": 2}})
    assert left(state)["red"] == 1 and not state.final_stage
    step = E.transition(E.apply(E.apply(state, "extend blue f2"), "card N"), "pay blue:2")
    state = step.state
    assert left(state)["blue"] == 1 and state.final_stage
    assert Event("final_stage_low_extensions", {"colours": ["red", "blue"]}) in step.events


def test_final_stage_allows_only_building() -> None:
    state = position(stalls=[(0, "red", "d3", "e3")], hands={0: ["C"]}, display=["N", None, None, None], final=True)
    words = {move.split()[0] for move in E.legal_moves(state)}
    assert words == {"build", "pass"}
    assert refused(state, "attract red to e3").code == "final_stage_only_build"
    assert refused(state, "take deck").code == "final_stage_only_build"


def test_pass_leaves_the_final_stage_for_good_and_the_last_player_may_build_in_a_row() -> None:
    state = position(players=3, hands={1: ["C", "N"]}, final=True)
    state = play(state, "pass")
    assert E.to_move(state) == 1
    state = play(state, "build red g6 door g7", "card C")
    assert E.to_move(state) == 2
    state = play(state, "pass")
    assert E.to_move(state) == 1
    state = play(state, "build blue g2 door g3", "card N")
    assert E.to_move(state) == 1 and state.passed == [0, 2]
    assert E.legal_moves(state) == ["pass"]


def test_game_ends_after_the_last_build() -> None:
    state = position(players=2, final=True, hands={1: ["C"]})
    state = play(state, "pass", "build red g6 door g7", "card C")
    assert E.outcome(state) is None
    state = play(state, "pass")
    assert E.to_move(state) is None and E.outcome(state) is not None


def test_final_scoring_counts_medals_again_and_one_point_per_three_coins() -> None:
    state = position(players=2, final=True, coins={0: {"red": 5, "blue": 2}, 1: {"white": 2}})
    state.scores = [10, 14]
    state.medals["red"] = {"gold": 0, "silver": 1}
    state = play(state, "pass", "pass")
    outcome = E.outcome(state)
    assert outcome is not None
    assert outcome.scores == [10 + 3 + 2, 14 + 2 + 0]
    assert outcome.winners == [1]
    assert outcome.details["final"][0] == {"seat": 0, "track": 10, "medals": 3, "coins": 2, "total": 15}
    assert outcome.termination == "all_passed"


def test_ties_give_several_winners() -> None:
    state = position(players=3, final=True, coins={0: {}, 1: {}, 2: {}})
    state.scores = [12, 12, 9]
    state = play(state, "pass", "pass", "pass")
    outcome = E.outcome(state)
    assert outcome is not None and outcome.winners == [0, 1]


def test_quiet_market_ruling_starts_the_final_stage() -> None:
    state = position(players=2)
    state.quiet_turns = DATA.quiet_rounds_to_final_stage * 2 - 1
    step = E.transition(E.apply(state, "take charlatan"), "take charlatan")
    state = step.state
    assert state.final_stage and state.phase == "final"
    assert Event("final_stage_quiet_market", {"rounds": 10}) in step.events
    reset = play(position(players=2, hands={0: ["C"]}), "build red g6 door g7", "card C")
    assert reset.quiet_turns == 0


# ---- hidden information, log, defaults, resigning ---------------------------------------------


def test_coins_and_hands_are_seen_only_by_their_owner() -> None:
    state = position(hands={0: ["N", "C"], 1: ["S"]}, charlatans={1: 2})
    mine, theirs = E.view(state, 0).details["players"]
    assert mine["hand"] == ["N", "C"] and mine["coins"] == dict.fromkeys(DATA.colours, 1)
    assert theirs["hand"] is None and theirs["coins"] is None and theirs["coin_value"] is None
    assert theirs["hand_size"] == 1 and theirs["charlatans"] == 2
    spectator = E.view(state, None).details["players"]
    assert all(player["hand"] is None and player["coins"] is None for player in spectator)


def test_a_deck_card_is_named_only_to_its_drawer() -> None:
    state = play(position(), "take deck")
    assert [(e.code, e.params) for e in told(state, "deal NW", viewer=0)] == [("deck_draw", {"seat": 0, "card": "NW"})]
    # the others read that a card was drawn, never which
    assert [(e.code, e.params) for e in told(state, "deal NW", viewer=1)] == [("deck_draw", {"seat": 0})]
    assert [(e.code, e.params) for e in told(state, "deal NW")] == [("deck_draw", {"seat": 0})]
    assert told(play(position(), "take deck"), "deal C", viewer=1) == told(state, "deal NW", viewer=1)


def test_events_tell_who_earns_what() -> None:
    state = position(stalls=[(1, "red", "d3", "e3", "c3")], coins={0: {}, 1: {}})
    assert [(e.code, e.params) for e in told(state, "attract red to e3")] == [
        ("customer_sent", {"seat": 0, "colour": "red", "door": "e3", "owner": 1, "size": 2, "charlatans": 0}),
        ("coins_earned", {"seat": 0, "colour": "red", "value": 1}),
        ("coins_earned", {"seat": 1, "colour": "red", "value": 2}),
        ("customer_replaced", {"colour": "purple", "door": "e3"}),
    ]


def test_default_move_draws_from_the_deck_and_passes_in_the_final_stage() -> None:
    state = position()
    assert E.default_move(state) == "take deck"
    assert E.default_move(position(final=True, hands={0: ["C"]})) == "pass"


def test_resigned_players_stalls_stay_and_pay_nobody() -> None:
    state = position(players=3, stalls=[(1, "red", "d3", "e3", "c3")], coins={0: {}, 1: {}, 2: {}})
    state = E.resign(state, 1)
    assert E.to_move(state) == 0 and len(state.stalls) == 1
    assert Event("nobody_paid", {"owner_seat": 1, "colour": "red"}) in told(state, "attract red to e3")
    state = play(state, "attract red to e3")
    assert state.coins[0]["red"] == 0 and state.coins[1]["red"] == 0
    assert E.to_move(state) == 2
    assert E.view(state, None).details["stalls"][0]["inactive"] is True


def test_resigning_during_your_turn_cancels_the_build_and_passes_the_turn() -> None:
    state = play(position(players=3, hands={0: ["C"]}), "build red g6 door g7")
    step = E.resign_transition(state, 0)
    state = step.state
    assert state.stalls == [] and state.pending is None and E.to_move(state) == 1
    assert Event("build_cancelled", {"seat": 0, "colour": "red", "square": "g6"}) in step.events


def test_resigning_down_to_one_player_ends_the_game() -> None:
    state = E.resign(position(players=2), 1)
    outcome = E.outcome(state)
    assert E.to_move(state) is None and outcome is not None and outcome.winners == [0]
    assert outcome.termination == "resigned"


def test_moves_are_read_in_any_case_and_card_order() -> None:
    state = play(position(hands={0: ["N", "N", "NE"]}), "BUILD Red c10 DOOR c11")
    assert E.canonical(state, "cards  ne n N") == "cards N N NE"


# ---- seeded random play ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("start", ["variable", "preset"])
def test_seeded_random_games_end_and_replay(players: int, start: str) -> None:
    rng = random.Random(players * 10 + len(start))
    state = E.new_game(players, {"start": start})
    first = E.dumps(state)
    log = []
    for _ in range(5000):
        seat = E.to_move(state)
        if seat is None:
            break
        move = E.sample_chance(state, rng) if seat == CHANCE else rng.choice(E.legal_moves(state))
        log.append(move)
        state = E.apply(state, move)
    outcome = E.outcome(state)
    assert outcome is not None and outcome.winners
    assert E.loads(E.dumps(state)) == state
    replay = E.loads(first)
    for move in log:
        replay = E.apply(replay, move)
    assert E.dumps(replay) == E.dumps(state)


# ---- audit of seed 000, sentence by sentence: rules that had no failing test ---------------------


def _placing(players: int) -> CairoState:
    """The variable start, seat 0 to place its first main stall."""
    return play(deal_everything(play(E.new_game(players), "queue red yellow green blue white purple")), "start 1")


def test_board_geometry_souk_sectors_taverns_and_queue() -> None:
    squares = BOARD.squares
    souk = [s for s in squares if s.kind == "souk"]
    taverns = [s for s in squares if s.kind == "tavern"]
    assert len(souk) == 144 and len(taverns) == 38
    assert {s.name[0] for s in taverns} == set("abcdefghijklmn")
    assert all(s.name[0] in "an" or s.name[1:] == "13" for s in taverns)
    per_sector = {code: sum(1 for s in souk if s.sector == code) for code in DATA.sectors}
    assert per_sector == dict.fromkeys(DATA.sectors, 16)
    sectors = {name: BOARD.sectors[square(name)] for name in ("a1", "a13", "n13", "h13", "n5", "b12")}
    assert sectors == {"a1": "NW", "a13": "SW", "n13": "SE", "h13": "S", "n5": "E", "b12": "SW"}
    queue = [square(f"q{n}") for n in range(1, 6)]
    below = [BOARD.name(next(i for i in BOARD.neighbours[q] if BOARD.kinds[i] == "souk")) for q in queue]
    assert below == ["e1", "f1", "g1", "h1", "i1"]


def test_variable_start_applies_the_rules_for_a_new_main_stall() -> None:
    state = play(_placing(3), "place red c2 door c3")
    assert refused(state, "place blue d2 door d3").code == "touches_stall"
    assert refusal(state, "place red e4 door e5") == (
        "sector_has_colour",
        {"sector": "NW", "colour": "red", "square": "c2"},
    )
    assert refusal(
        play(_placing(3), "place red c2 door c3", "place red g6 door g7", "place blue j6 door j7"),
        "place red g10 door g9",
    ) == (
        "stall_on_board",
        {"colour": "red", "square": "c2"},
    )
    assert refusal(state, "place purple g6 door g7")[0] == "tavern_colour_only"
    assert refusal(state, "place blue d3 door c3") == (
        "entrance_not_free",
        {"square": "c3", "seat": 1, "what": "entrance", "owner": 0, "colour": "red"},
    )
    assert "place red g6 door g7" in E.legal_moves(state)


def test_neutral_stalls_of_the_variable_start_keep_the_two_per_sector_limit() -> None:
    state = _placing(2)
    state = play(state, "place red c2 door c3", "place blue b4 door b5")
    state = play(state, "place green g6 door g7", "place green k6 door k7")
    state = play(state, "place yellow g10 door g9", "place yellow k10 door k9")
    assert state.phase == "neutral" and E.to_move(state) == CHANCE
    state = play(state, "neutral white")
    assert E.to_move(state) == 0
    assert refusal(state, "place white e2 door e3") == ("sector_full_at_start", {"sector": "NW", "limit": 2})
    assert refusal(state, "place red g2 door g3") == ("neutral_is", {"colour": "white"})
    placed = [BOARD.sectors[square(m.split()[2])] for m in E.legal_moves(state)]
    assert placed and "NW" not in placed


def test_the_card_decides_the_main_stall_square_and_the_entrance_may_be_in_another_sector() -> None:
    state = position(hands={0: ["C"]})
    assert "build red f5 door f4" in E.legal_moves(state)
    assert refusal(state, "build red f4 door f5")[1]["sector"] == "N"


def test_several_extensions_and_entrances_of_one_colour_may_share_a_sector() -> None:
    stalls = [(1, "red", "g5", "g6", "g4"), (2, "red", "e2", "f2")]
    state = position(players=3, stalls=stalls, hands={0: ["N"]})
    assert "build red h2 door h3" in E.legal_moves(state)


def test_an_entrance_may_touch_another_stall() -> None:
    state = position(stalls=[(1, "red", "c3", "d3")], hands={0: ["W"]})
    assert "build blue c5 door c4" in E.legal_moves(state)


def test_one_purple_main_stall_per_sector_counts_the_tavern_squares_of_that_sector() -> None:
    state = position(stalls=[(1, "purple", "a2", "b2")], hands={0: ["NW", "W"]})
    assert refusal(state, "build purple a4 door b4") == (
        "sector_has_colour",
        {"sector": "NW", "colour": "purple", "square": "a2"},
    )
    assert "build purple a5 door b5" in E.legal_moves(state)


def test_the_card_decides_the_extension_square() -> None:
    stalls = [(0, "red", "e2", "e3")]
    north_west = position(stalls=stalls, hands={0: ["NW"]}, coins={0: {"red": 9}})
    assert sorted(m for m in E.legal_moves(north_west) if m.startswith("extend")) == [
        "extend red d2",
        "extend red e1",
    ]
    assert refusal(north_west, "extend red f2")[1]["sector"] == "N"
    north = position(stalls=stalls, hands={0: ["N"]}, coins={0: {"red": 9}})
    assert [m for m in E.legal_moves(north) if m.startswith("extend")] == ["extend red f2"]


def test_an_extension_may_not_join_a_neutral_stall_of_its_colour() -> None:
    stalls = [(0, "red", "c3", "d3"), (NEUTRAL, "red", "c5", "d5")]
    state = position(stalls=stalls, hands={0: ["NW"]}, coins={0: {"red": 9}})
    assert refusal(state, "extend red c4") == (
        "joins_two_stalls",
        {"colour": "red", "square": "c4", "owner": "neutral", "other": "c5", "seat": 0},
    )


def test_wildcard_coin_is_paid_before_the_extension_price() -> None:
    stalls = [(0, "red", "c3", "d3", "c2")]
    state = play(position(stalls=stalls, hands={0: ["west"]}, coins={0: {"red": 3, "blue": 1}}), "extend red c4")
    assert E.legal_moves(state) == ["wild west coin blue"]
    state = play(state, "wild west coin blue")
    assert E.legal_moves(state) == ["pay red:3"]
    only_red = position(stalls=stalls, hands={0: ["west"]}, coins={0: {"red": 3}})
    assert not [m for m in E.legal_moves(only_red) if m.startswith("extend")]


def test_first_extension_of_a_colour_takes_both_medals_from_the_supply() -> None:
    state = position(stalls=[(0, "red", "c3", "d3")], hands={0: ["NW"]}, coins={0: {"red": 2}})
    assert state.medals["red"] == {"gold": None, "silver": None}
    state = play(state, "extend red c4", "card NW", "pay red:2")
    assert state.medals["red"] == {"gold": 0, "silver": 0}
    assert state.scores[0] == 2 + 3 + 2


def test_holding_both_medals_already_scores_only_the_stall_size() -> None:
    stalls = [(0, "red", "c3", "d3", "c2"), (1, "red", "j6", "k6")]
    state = position(stalls=stalls, hands={0: ["NW"]}, coins={0: {"red": 3}})
    state.medals["red"] = {"gold": 0, "silver": 0}
    state = play(state, "extend red c4", "card NW", "pay red:3")
    assert state.medals["red"] == {"gold": 0, "silver": 0} and state.scores[0] == 3


def test_medals_compare_with_a_resigned_merchants_stall() -> None:
    stalls = [(0, "red", "c3", "d3", "c2"), (1, "red", "j6", "k6", "j7", "j8")]
    state = position(players=3, stalls=stalls, hands={0: ["NW"]}, coins={0: {"red": 3}})
    state.medals["red"] = {"gold": 1, "silver": 1}
    state = play(E.resign(state, 1), "extend red c4", "card NW", "pay red:3")
    assert state.medals["red"] == {"gold": 1, "silver": 0} and state.scores[0] == 3 + 2


def test_a_moved_main_stall_needs_a_card_for_its_new_square_and_a_new_site() -> None:
    boxed = [(0, "red", "b1", "c1"), (1, "blue", "b3", "b2")]
    state = position(stalls=boxed, hands={0: ["NW"]})
    moves = [m for m in E.legal_moves(state) if m.startswith("move")]
    assert moves and all(BOARD.sectors[square(m.split()[3])] == "NW" for m in moves)
    assert "move red to b1 door c1" not in moves
    assert "move red to d1 door e1" in moves


def test_a_customer_on_a_moved_stalls_old_entrance_stays_there() -> None:
    boxed = [(0, "red", "b1", "c1"), (1, "blue", "c3", "d3", "c2", "b2")]
    state = position(stalls=boxed, hands={0: ["C"]}, customers={**QUEUE, "white": "c1"})
    state = play(state, "move red to g6 door g7", "card C")
    assert state.customers["white"] == "c1" and state.stalls[0].door == "g7"


def test_customers_walk_side_by_side_never_diagonally() -> None:
    stalls = [(0, "red", "d5", "e5"), (1, "red", "h3", "h4")]
    state = position(stalls=stalls)
    assert [m for m in E.legal_moves(state) if m.startswith("attract red")] == ["attract red to e5"]
    assert refusal(state, "attract red to h4")[1]["count"] == 1


def test_a_draw_ends_after_one_pick_when_nothing_is_left_to_take() -> None:
    state = position(display=(None, None, None, None))
    state.deck, state.charlatan_supply = {}, 1
    state = play(state, "take charlatan")
    assert state.charlatans[0] == 1 and E.to_move(state) == 1


def test_a_merchant_who_passed_stays_out_when_a_later_extension_keeps_the_final_stage_due() -> None:
    stalls = [(1, "red", "j6", "k6", "j7", "j8", "j9", "i9", "h9", "h10"), (0, "blue", "c3", "d3")]
    state = position(players=3, stalls=stalls, hands={0: ["NW"]}, coins={0: {"blue": 5}}, final=True)
    state.passed = [1]
    state = play(state, "extend blue c4", "card NW", "pay blue:2")
    assert state.passed == [1] and E.to_move(state) == 2


def test_played_building_cards_are_shown_to_everyone() -> None:
    state = play(position(hands={0: ["N", "N", "NE"]}), "build red c10 door c11")
    public = told(state, "cards N N NE", viewer=None)
    assert public == [
        Event(
            "stall_built",
            {
                "seat": 0,
                "colour": "red",
                "square": "c10",
                "door": "c11",
                "payment": {"cards": ["N", "N", "NE"]},
            },
        )
    ]
    assert told(state, "cards N N NE", viewer=1) == public == told(state, "cards N N NE", viewer=0)
