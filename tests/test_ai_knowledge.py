"""The search's game knowledge (``ai.games.<game>.project``): each term moves the projected score the right way.

A projection is each seat's final score as it looks now, read from a (sampled) state. Every test takes a
position from a seeded random game, changes one thing the final scoring counts, and checks that the
projection moves by what the rules say it should: more gold, a larger district, a medal, coins, wares with
a card to sell them.
"""

from __future__ import annotations

import random

import pytest

import engines
from ai.evaluate import state_values
from ai.games import cairo, jambo, marrakech, morocco
from ai.worth import projected
from engines.base import CHANCE, Engine, GameState
from engines.jambo.cards import CARD_ID, FIRST_WARE_CARD, WARE_ID
from engines.marrakech.state import EMPTY
from engines.morocco.data import DATA as MOROCCO
from engines.morocco.state import OPEN


def play_randomly(engine: Engine, players: int, seed: int, until: int) -> GameState:
    rng = random.Random(seed)
    state = engine.new_game(players)
    made = 0
    while (seat := engine.to_move(state)) is not None and made < until:
        move = engine.sample_chance(state, rng) if seat == CHANCE else rng.choice(engine.legal_moves(state))
        engine.apply_in_place(state, move)
        made += 1
    assert engine.outcome(state) is None
    return state


@pytest.mark.parametrize("name", ["marrakech", "morocco", "cairo", "jambo"])
def test_every_game_projects_from_the_state_without_a_view(name: str) -> None:
    engine = engines.get(name)
    state = play_randomly(engine, engine.max_players, seed=1, until=40)
    found = projected(engine, state)
    assert len(found) == engine.max_players and all(isinstance(v, float) for v in found)
    values = state_values(engine, state)
    best = max(range(len(found)), key=lambda s: found[s] or 0)
    assert values[best] == max(values), "the seat projected ahead is valued highest"


def test_morocco_gold_juice_and_the_largest_district_raise_the_projection() -> None:
    engine = engines.get("morocco")
    state = play_randomly(engine, 2, seed=2, until=30)
    before = morocco.project(state)[0]
    richer = engine.copy(state)
    richer.gold[0] += 1
    assert morocco.project(richer)[0] == pytest.approx(before + MOROCCO.gold_points)
    juicier = engine.copy(state)
    juicier.juice_held[2] += 1  # one more token of value 4
    assert morocco.project(juicier)[0] == pytest.approx(before + 4)
    district = engine.copy(state)
    stalls = [s for s in range(25) if district.tiles[s] == OPEN]
    district.tiles[stalls[0]] = 0  # one stall claimed: a district of at least 1
    assert morocco.project(district)[0] >= before + MOROCCO.district_points
    assert morocco.project(richer)[1] == morocco.project(state)[1], "the other player's projection is untouched"


def test_cairo_medals_coins_and_cards_raise_the_projection() -> None:
    engine = engines.get("cairo")
    state = play_randomly(engine, 2, seed=3, until=60)
    before = cairo.project(state)[0]
    assert before is not None
    medalled = engine.copy(state)
    colour = next(iter(medalled.medals))
    medalled.medals[colour] = {**medalled.medals[colour], "gold": 0}
    assert cairo.project(medalled)[0] > before, "a medal held scores again at the end"
    coined = engine.copy(state)
    coined.coins[0] = {**coined.coins[0], colour: coined.coins[0].get(colour, 0) + 3}
    assert cairo.project(coined)[0] == pytest.approx(before + 1), "3 coins of value: a point"
    carded = engine.copy(state)
    carded.hands[0] = [*carded.hands[0], "NW"]
    assert cairo.project(carded)[0] == pytest.approx(before + cairo.CARD)


def test_marrakech_a_larger_region_is_worth_more_than_its_squares_apart() -> None:
    engine = engines.get("marrakech")
    state = engine.new_game(2)
    seat_colour = 0  # seat 0 plays colours 0 and 2 at two players
    joined, apart = engine.copy(state), engine.copy(state)
    for square in (0, 1, 2, 3):
        joined.board_colour[square], joined.board_carpet[square] = seat_colour, square
    for square in (0, 2, 14, 16):
        apart.board_colour[square], apart.board_carpet[square] = seat_colour, square
    assert marrakech.project(joined)[0] > marrakech.project(apart)[0] > marrakech.project(state)[0]
    assert state.board_colour[0] == EMPTY


def test_marrakech_the_merchant_about_to_roll_expects_to_pay_tribute_on_a_carpeted_board() -> None:
    engine = engines.get("marrakech")
    state = engine.new_game(2)
    while engine.to_move(state) == CHANCE:
        engine.apply_in_place(state, engine.sample_chance(state, random.Random(1)))
    roller = state.seat
    other_colour = 1 if roller == 0 else 0  # at two players seat 0 owns colours 0 and 2, seat 1 owns 1 and 3
    covered = engine.copy(state)
    covered.board_colour = [other_colour] * len(state.board_colour)
    payer, gains = marrakech.expected_tribute(covered, marrakech.area_sizes(covered))
    assert payer == roller and gains[roller] < 0 < gains[1 - roller]
    assert gains[roller] == pytest.approx(-gains[1 - roller])


def test_jambo_selling_wares_for_ten_beats_buying_three_for_three() -> None:
    """A hand of "3 silk" and "3 hides", three silk on the stand: selling the silk beats buying the hides."""
    engine = engines.get("jambo")
    state = play_randomly(engine, 2, seed=4, until=20)
    seat, silk, hides = 0, CARD_ID["3 silk"], CARD_ID["3 hides"]

    def changed(gold: int, wares: dict[str, int], hand: list[int]) -> GameState:
        new = engine.loads(engine.dumps(state))  # a deep copy: a Jambo copy shares its lists
        new.gold[seat] = gold
        new.wares[seat] = [wares.get(name, 0) for name in WARE_ID]
        new.hands[seat] = sorted(hand)
        return new

    holding = changed(20, {"silk": 3}, [silk, hides])
    sold = changed(30, {}, [hides])
    bought = changed(17, {"silk": 3, "hides": 3}, [silk])
    assert jambo.project(sold)[seat] > jambo.project(bought)[seat]
    assert jambo.project(sold)[seat] > jambo.project(holding)[seat], "a sale at 10 gains on the wares it sells"
    empty = changed(20, {}, [silk, hides])
    assert jambo.project(holding)[seat] > jambo.project(empty)[seat], "wares are worth something"
    assert silk >= FIRST_WARE_CARD
    richer = changed(25, {}, [silk, hides])
    assert jambo.project(richer)[seat] == pytest.approx(jambo.project(empty)[seat] + 5)


def test_jambo_wares_count_for_what_a_card_in_hand_can_sell_them() -> None:
    """Three silk with a "3 silk" card in hand are worth more than three hides no card sells; buying the wares a
    held card sells gains, buying wares no card sells loses, and a card lacking wares is worth less than one
    holding them."""
    engine = engines.get("jambo")
    state = play_randomly(engine, 2, seed=4, until=20)
    seat, silk = 0, CARD_ID["3 silk"]

    def value(gold: int, wares: dict[str, int], hand: list[int]) -> float:
        new = engine.loads(engine.dumps(state))
        new.gold[seat] = gold
        new.wares[seat] = [wares.get(name, 0) for name in WARE_ID]
        new.hands[seat] = sorted(hand)
        worth = jambo.project(new)[seat]
        assert worth is not None
        return worth

    matched = value(20, {"silk": 3}, [silk])
    unmatched = value(20, {"hides": 3}, [silk])
    assert matched > unmatched + 3, "wares a card in hand sells are worth their sale"
    before = value(20, {}, [silk, silk])  # two copies: one buys, one sells
    assert value(17, {"silk": 3}, [silk]) > before, "buying three silk for 3 to sell for 10 gains"
    assert value(17, {"hides": 3}, [silk]) < value(20, {}, [silk]), "buying wares no card sells loses"
    assert value(20, {"silk": 2}, [silk]) < matched, "a sale lacking a ware is worth less"
    assert value(30, {}, []) > matched, "a sale made beats the same sale planned"


def test_marrakech_a_region_is_worth_less_as_the_others_rolls_run_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(marrakech, "PER_ROLL", 0.5)
    engine = engines.get("marrakech")
    state = engine.new_game(2)  # seat 0 to orient: seat 1 has all its rolls to come
    assert marrakech.region_weight(state, 0) == marrakech.REGION
    late = engine.copy(state)
    late.pile = [1 if colour in (1, 3) else late.pile[colour] for colour in range(len(late.pile))]
    assert marrakech.region_weight(late, 0) == pytest.approx(1.0)  # seat 1's two carpets: two rolls at 0.5
    late.pile[1] = late.pile[3] = 0
    assert marrakech.region_weight(late, 0) == 0.0  # nobody left to land on seat 0's carpets
    assert marrakech.region_weight(late, 1) == marrakech.REGION


def test_marrakech_a_lead_is_surer_as_the_carpets_run_out() -> None:
    engine = engines.get("marrakech")
    early = engine.new_game(2)  # a bare board: each merchant's projection is his dirhams
    early.dirhams = [40, 30]
    late = engine.copy(early)
    late.pile = [1] * len(late.pile)
    assert marrakech.project(early) == marrakech.project(late) == [40.0, 30.0]
    assert marrakech.spread(early) > marrakech.spread(late) > 0
    # the same 10-point lead: with every carpet to come the dice can still undo it, with four left hardly
    early_value, late_value = state_values(engine, early)[0], state_values(engine, late)[0]
    assert 0.6 < early_value < 0.75 < 0.85 < late_value < 0.95
    assert state_values(engine, early)[1] == pytest.approx(1 - early_value)
    # three or four merchants keep the scale that grows with the scores (the spread was fitted on two)
    assert marrakech.spread(engine.new_game(3)) is None and marrakech.spread(engine.new_game(4)) is None


def test_cairo_a_lead_among_three_is_surer_as_the_extensions_run_out() -> None:
    engine = engines.get("cairo")
    early = play_randomly(engine, 3, seed=4, until=40)
    late = engine.copy(early)
    extended = next(stall for stall in late.stalls if stall.owner >= 0)
    late.stalls[extended.id] = extended.model_copy(update={"extensions": tuple(f"x{n}" for n in range(30))})
    assert cairo.spread(early) is not None and cairo.spread(late) is not None
    assert cairo.spread(early) > cairo.spread(late) >= cairo.SPREAD[0]
    assert cairo.spread(engine.new_game(4)) == pytest.approx(cairo.SPREAD[0] + cairo.SPREAD[1] * cairo.EXTENSIONS**0.5)
    # two merchants keep the scale that grows with the scores
    assert cairo.spread(engine.new_game(2)) is None
