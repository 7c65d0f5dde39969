"""Jambo's rules, one scenario per rule (seed 003 and the rulings of GAMES.md).

States are built directly (``table``) or reached by forcing chance moves (``card <name>``), so
each test fails if its rule is broken. The helpers here are shared with ``test_jambo_cards.py``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

import pytest
from quick import quick_first

from engines.base import CHANCE, Event, IllegalMove
from engines.jambo import CARD_ID, DATA, ENGINE, WARES, JamboState
from engines.jambo.cards import COUNT, KIND, NT, NW
from engines.jambo.reactions import default_orders
from engines.jambo.state import Deck

E = ENGINE


# ---- building scenes ----------------------------------------------------------------------------------------
def ids(names: Iterable[str]) -> list[int]:
    return [CARD_ID[name] for name in names]


def ware_counts(names: Iterable[str]) -> list[int]:
    counts = [0] * NW
    for name in names:
        counts[WARES.index(name)] += 1
    return counts


def table(
    *,
    hands: Sequence[Sequence[str]] = ((), ()),
    gold: Sequence[int] = (20, 20),
    wares: Sequence[Sequence[str]] = ((), ()),
    utilities: Sequence[Sequence[str]] = ((), ()),
    smalls: Sequence[int] = (0, 0),
    discard: Sequence[str] = (),
    deck_top: Sequence[str] = (),
    deck: dict[str, int] | None = None,
    active: int = 0,
    stage: str = "start",
    actions: int = 0,
    used: Sequence[str] = (),
    stands_built: int | None = None,
) -> JamboState:
    """A game in the middle of ``active``'s turn; the deck holds every card not placed elsewhere unless given."""
    placed = [c for hand in hands for c in hand] + [c for u in utilities for c in u] + list(discard) + list(deck_top)
    built = sum(smalls) if stands_built is None else stands_built
    if deck is None:
        pool = list(COUNT)
        for card in ids(placed) + ids(["small stand"] * built):
            pool[card] -= 1
    else:
        pool = [0] * NT
        for name, count in deck.items():
            pool[CARD_ID[name]] = count
    counts = [ware_counts(w) for w in wares]
    large = [max(0, min(6, sum(c) - 3 * s)) for c, s in zip(counts, smalls, strict=True)]
    return JamboState(
        num_players=2,
        active=active,
        stage=stage,
        actions=actions,
        gold=list(gold),
        hands=[sorted(ids(h)) for h in hands],
        known=[[], []],
        deck=Deck(pool=pool, top=ids(deck_top), seer=0 if deck_top else -1),
        discard=ids(discard),
        utilities=[ids(u) for u in utilities],
        used=ids(used),
        wares=counts,
        large=large,
        smalls=list(smalls),
        stands_built=built,
        table_wares=[0] * NW,
        orders=[default_orders(), default_orders()],
        turn=1,
    )


def play(state: JamboState, *moves: str) -> tuple[JamboState, list[Event]]:
    """Apply ``moves`` in order (chance moves included); the last state and every event."""
    events: list[Event] = []
    for move in moves:
        step = E.transition(state, move)
        state = step.state
        events += step.events
    return state, events


def codes(events: Iterable[Event]) -> list[str]:
    return [event.code for event in events]


def hand(state: JamboState, seat: int) -> list[str]:
    return sorted(E.view(state, seat).details["players"][seat]["hand"])


def wares_of(state: JamboState, seat: int) -> dict[str, int]:
    return {w: n for w, n in E.view(state, None).details["players"][seat]["wares"].items() if n}


def refused(state: JamboState, move: str) -> str:
    with pytest.raises(IllegalMove) as caught:
        E.apply(state, move)
    return caught.value.code


# ---- setup --------------------------------------------------------------------------------------------------
def test_the_deck_holds_110_cards_in_the_counts_of_seed_003() -> None:
    by_kind: dict[str, list[int]] = {}
    for card in range(NT):
        by_kind.setdefault(KIND[card], []).append(COUNT[card])
    assert sum(COUNT) == 110
    assert (len(by_kind["stand"]), sum(by_kind["stand"])) == (1, 5)
    assert sum(by_kind["ware"]) == 40
    assert (len(by_kind["utility"]), sum(by_kind["utility"])) == (10, 22)
    assert (len(by_kind["person"]), sum(by_kind["person"])) == (13, 29)
    assert (len(by_kind["animal"]), sum(by_kind["animal"])) == (8, 14)
    assert COUNT[CARD_ID["guard"]] == 6 and COUNT[CARD_ID["crocodile"]] == 5 and COUNT[CARD_ID["well"]] == 3


def test_every_ware_card_shows_3_or_6_wares_and_sells_for_more_than_it_costs() -> None:
    for card in DATA.ware_cards:
        assert len(card.wares) in (3, 6) and card.sell > card.buy


def test_a_new_game_deals_five_cards_each_by_chance_then_the_first_seat_starts_with_20_gold() -> None:
    state = E.new_game(2)
    assert state.gold == [20, 20]
    deals = 0
    rng = random.Random(3)
    while E.to_move(state) == CHANCE:
        state = E.apply(state, E.sample_chance(state, rng))
        deals += 1
    assert deals == 10
    assert [len(h) for h in state.hands] == [5, 5]
    assert E.to_move(state) == 0 and state.stage == "start" and state.actions == 0
    assert sum(state.deck.pool) == 100
    view = E.view(state, 0).details
    assert view["players"][0]["spaces"] == 6 and view["players"][0]["small_stands"] == 0


def test_a_draw_is_a_chance_move_weighted_by_what_the_deck_holds() -> None:
    state = table(deck={"well": 3, "boat": 1})
    state, _ = play(state, "draw")
    assert E.to_move(state) == CHANCE
    assert dict(E.chance_odds(state)) == {"card boat": 0.25, "card well": 0.75}


# ---- phase 1 ------------------------------------------------------------------------------------------------
def test_drawing_costs_an_action_and_the_card_is_seen_by_the_drawer_alone() -> None:
    state, events = play(table(), "draw", "card boat")
    assert state.actions == 1 and E.to_move(state) == 0
    assert E.legal_moves(state) == ["keep", "discard boat"]
    assert E.view(state, 0).details["drawn"] == ["boat"] and E.view(state, 1).details["drawn"] is None
    seen = [e.seen_by(1) for e in events if e.code == "card_seen"]
    assert seen and seen[0] is not None and "card" not in seen[0].params


def test_keeping_the_card_ends_phase_1() -> None:
    state, _ = play(table(), "draw", "card boat", "keep")
    assert hand(state, 0) == ["boat"] and state.stage == "playing"
    assert "draw" not in E.legal_moves(state)
    assert refused(state, "draw") == "drawing_over"


def test_a_discarded_draw_goes_face_up_to_the_discard_pile_and_another_may_be_drawn() -> None:
    state, events = play(table(), "draw", "card boat", "discard boat")
    assert state.discard[-1] == CARD_ID["boat"] and "draw_discarded" in codes(events)
    assert "draw" in E.legal_moves(state)
    state, _ = play(state, "draw", "card well")
    assert E.legal_moves(state) == ["keep", "discard well"], "only the last card looked at can be kept"


def test_five_draws_use_every_action_and_leave_no_phase_2() -> None:
    state = table(deck={"well": 9, "boat": 1})
    for _ in range(4):
        state, _ = play(state, "draw", "card well", "discard well")
    state, events = play(state, "draw", "card boat", "keep")
    assert "turn_ended" in codes(events) and state.active == 1
    assert hand(state, 0) == ["boat"]


def test_skipping_phase_1_playing_a_card_at_once_ends_the_drawing() -> None:
    state, _ = play(table(hands=(["wise man"], [])), "play wise man")
    assert state.stage == "playing" and "draw" not in E.legal_moves(state)


def test_utilities_may_be_used_during_phase_1_without_ending_it() -> None:
    state, _ = play(table(utilities=(["well"], [])), "use well", "card boat")
    assert state.stage == "start" and "draw" in E.legal_moves(state)


# ---- the end of a turn --------------------------------------------------------------------------------------
def test_two_unused_actions_earn_one_gold_at_the_end_of_the_turn() -> None:
    state, events = play(table(actions=3), "end")
    assert state.gold[0] == 21 and "bonus_gold" in codes(events)
    state, events = play(table(actions=4), "end")
    assert state.gold[0] == 20 and "bonus_gold" not in codes(events)


def test_the_turn_ends_by_itself_when_the_fifth_action_is_spent() -> None:
    state, events = play(table(hands=(["wise man"], []), actions=4), "play wise man")
    assert "turn_ended" in codes(events) and E.to_move(state) == 1 and state.actions == 0


def test_utilities_are_turned_face_up_again_at_the_end_of_the_turn() -> None:
    state, _ = play(table(utilities=(["well"], []), deck={"boat": 9}), "use well", "card boat")
    assert "use well" not in E.legal_moves(state)
    assert refused(state, "use well") == "already_used"
    state, _ = play(state, "end", "end")
    assert state.active == 0 and "use well" in E.legal_moves(state)


def test_each_copy_of_a_utility_is_used_once_per_turn() -> None:
    state, _ = play(table(utilities=(["well", "well"], []), deck={"boat": 9}), "use well", "card boat")
    state, _ = play(state, "use well", "card boat")
    assert hand(state, 0) == ["boat", "boat"] and "use well" not in E.legal_moves(state)


# ---- the end of the game ------------------------------------------------------------------------------------
def test_sixty_gold_at_the_end_of_a_turn_gives_the_opponent_one_last_full_turn() -> None:
    state, events = play(table(gold=(59, 20), actions=0), "end")
    assert "last_turn" in codes(events) and state.trigger == 0 and E.to_move(state) == 1
    assert state.actions == 0, "the last turn has all five actions"
    state, events = play(state, "end")
    assert E.outcome(state) is not None and E.outcome(state).winners == [0]
    assert E.outcome(state).termination == "goal_reached"


def test_the_opponent_wins_the_last_turn_with_equal_gold() -> None:
    state, _ = play(table(gold=(60, 59), actions=4), "end")
    state, _ = play(state, "end")
    assert state.gold == [60, 60] and E.outcome(state).winners == [1], "59 and the bonus for unused actions"


def test_the_goal_is_checked_only_at_the_end_of_a_players_own_turn() -> None:
    state = table(gold=(20, 70), actions=4)
    state, events = play(state, "end")
    assert "last_turn" not in codes(events), "the opponent's gold does not end the game in my turn"
    assert state.trigger == -1


def test_the_games_end_checks_gold_after_the_bonus() -> None:
    state, _ = play(table(gold=(59, 20), actions=3), "end")
    assert state.gold[0] == 60 and state.trigger == 0


# ---- the deck -----------------------------------------------------------------------------------------------
def test_the_discard_pile_is_reshuffled_when_the_deck_runs_out() -> None:
    state = table(deck={}, discard=["boat", "well", "guard"])
    state, events = play(state, "draw")
    assert "reshuffled" in codes(events) and state.discard == [] and sum(state.deck.pool) == 3
    assert E.to_move(state) == CHANCE


def test_with_no_card_left_anywhere_there_is_no_draw() -> None:
    state = table(deck={})
    assert "draw" not in E.legal_moves(state)
    assert refused(state, "draw") == "no_cards_left"


# ---- stands and wares ---------------------------------------------------------------------------------------
def test_the_first_small_stand_costs_6_and_every_later_one_3_whoever_builds_it() -> None:
    state, events = play(table(hands=(["small stand"], ["small stand"])), "play small stand")
    assert state.gold[0] == 14 and state.smalls[0] == 1 and state.stands_built == 1 and "stand_built" in codes(events)
    assert E.view(state, 0).details["players"][0]["spaces"] == 9
    state, _ = play(state, "end", "play small stand")
    assert state.gold[1] == 17 and state.smalls[1] == 1


def test_a_small_stand_needs_the_gold() -> None:
    state = table(hands=(["small stand"], []), gold=(5, 20))
    assert "play small stand" not in E.legal_moves(state)
    assert refused(state, "play small stand") == "not_enough_gold"


def test_buying_pays_the_price_and_takes_every_ware_shown() -> None:
    state, events = play(table(hands=(["2 tea + silk"], [])), "buy 2 tea + silk")
    assert state.gold[0] == 16 and wares_of(state, 0) == {"tea": 2, "silk": 1}
    assert "bought" in codes(events) and state.actions == 1


def test_buying_needs_room_for_all_the_wares() -> None:
    state = table(hands=(["3 silk"], []), wares=(["tea"] * 4, []))
    assert refused(state, "buy 3 silk") == "no_room"


def test_buying_needs_the_gold() -> None:
    assert refused(table(hands=(["all six"], []), gold=(9, 20)), "buy all six") == "not_enough_gold"


def test_buying_needs_every_ware_in_the_supply_where_each_kind_has_six() -> None:
    state = table(hands=(["3 silk"], []), wares=(["silk"] * 2, ["silk"] * 2), smalls=(1, 1))
    assert refused(state, "buy 3 silk") == "supply_short"
    state = table(hands=(["3 silk"], []), wares=(["silk"] * 2, ["silk"]), smalls=(1, 1))
    assert "buy 3 silk" in E.legal_moves(state)


def test_selling_needs_every_ware_shown_and_pays_the_sell_price() -> None:
    state = table(hands=(["2 tea + silk"], []), wares=(["tea", "silk"], []))
    assert refused(state, "sell 2 tea + silk") == "missing_wares"
    state = table(hands=(["2 tea + silk"], []), wares=(["tea", "tea", "silk", "salt"], []))
    state, _ = play(state, "sell 2 tea + silk")
    assert state.gold[0] == 31 and wares_of(state, 0) == {"salt": 1}
    assert state.discard[-1] == CARD_ID["2 tea + silk"], "a ware card is discarded after use"


def test_filling_the_large_stands_sixth_space_costs_2_gold_each_time() -> None:
    state = table(hands=(["3 silk", "3 tea"], []), wares=(["salt"] * 3, []))
    state, events = play(state, "buy 3 silk")
    assert "stand_fee" in codes(events) and state.gold[0] == 20 - 3 - 2
    state = table(hands=(["3 silk", "3 tea"], []), wares=(["salt"] * 2, []))
    state, events = play(state, "buy 3 silk")
    assert "stand_fee" not in codes(events) and state.gold[0] == 17


def test_the_fee_counts_in_the_gold_a_purchase_needs() -> None:
    state = table(hands=(["3 silk"], []), wares=(["salt"] * 3, []), gold=(4, 20))
    assert refused(state, "buy 3 silk") == "not_enough_gold"


def test_a_small_stand_takes_new_wares_before_the_large_stands_last_space() -> None:
    state = table(hands=(["3 silk"], []), wares=(["salt"] * 5, []), smalls=(1, 0))
    state.large = [5, 0]
    state, events = play(state, "buy 3 silk")
    assert "stand_fee" not in codes(events) and state.large[0] == 5


def test_a_full_large_stand_stays_full_when_a_small_stand_has_wares_to_give_back() -> None:
    state = table(hands=(["3 silk", "3 silk"], []), wares=(["salt"] * 6 + ["silk"] * 3, []), smalls=(1, 0))
    assert state.large == [6, 0]
    state, _ = play(state, "sell 3 silk", "buy 3 silk")
    state, _ = play(state, "decline") if E.to_move(state) == 1 else (state, [])
    assert state.large[0] == 6 and state.gold[0] == 20 + 10 - 3, "no new fee: the large stand never emptied"


def test_the_fee_applies_when_any_card_fills_the_sixth_space() -> None:
    state = table(hands=(["parrot"], []), wares=(["salt"] * 5, ["silk"]))
    state, events = play(state, "play parrot silk", "decline")
    assert "stand_fee" in codes(events) and state.gold[0] == 18 and wares_of(state, 0)["silk"] == 1


# ---- utilities in play --------------------------------------------------------------------------------------
def test_a_utility_stays_in_play_and_is_not_discarded_at_the_end_of_the_turn() -> None:
    state, _ = play(table(hands=(["well"], [])), "play well", "end")
    assert state.utilities[0] == [CARD_ID["well"]] and CARD_ID["well"] not in state.discard


def test_a_utility_can_be_used_in_the_turn_it_is_played() -> None:
    state, _ = play(table(hands=(["well"], [])), "play well")
    assert "use well" in E.legal_moves(state)


def test_at_most_three_utilities_a_fourth_replaces_one_even_a_used_one() -> None:
    state = table(hands=(["boat"], []), utilities=(["well", "well", "drums"], []), used=["well"])
    assert refused(state, "play boat") == "utility_limit"
    moves = [m for m in E.legal_moves(state) if m.startswith("play boat")]
    assert moves == ["play boat replace drums", "play boat replace well"]
    state, events = play(state, "play boat replace well")
    assert sorted(state.utilities[0]) == sorted(ids(["well", "drums", "boat"]))
    assert state.used == [], "the used copy is the one discarded"
    assert state.discard[-1] == CARD_ID["well"] and "utility_replaced" in codes(events)


def test_the_same_utility_may_be_in_play_several_times() -> None:
    state, _ = play(table(hands=(["well"], []), utilities=(["well", "well"], [])), "play well")
    assert state.utilities[0].count(CARD_ID["well"]) == 3


def test_using_a_utility_costs_an_action() -> None:
    state, _ = play(table(utilities=(["leopard statue"], [])), "use leopard statue silk")
    assert state.actions == 1 and state.gold[0] == 18 and wares_of(state, 0) == {"silk": 1}


# ---- playing people and animals -----------------------------------------------------------------------------
def test_a_person_costs_an_action_and_is_discarded() -> None:
    state, events = play(table(hands=(["wise man"], [])), "play wise man")
    assert state.actions == 1 and state.discard == ids(["wise man"]) and "card_played" in codes(events)


def test_no_card_can_be_played_without_an_action_left() -> None:
    state = table(hands=(["wise man"], []), actions=5)
    state.steps = []
    assert E.legal_moves(state) == ["end"]
    assert refused(state, "play wise man") == "no_actions_left"


def test_guard_and_rain_maker_are_not_played_in_ones_own_turn() -> None:
    state = table(hands=(["guard", "rain maker"], []))
    assert not [m for m in E.legal_moves(state) if m.startswith("play")]
    assert refused(state, "play guard") == "answer_card"


def test_wares_a_person_gives_beyond_the_room_are_returned_as_the_player_chooses() -> None:
    state = table(hands=(["basket maker"], []), wares=(["tea"] * 5, []), gold=(20, 20))
    state, _ = play(state, "play basket maker silk")
    assert E.to_move(state) == 0 and E.view(state, 0).decision.code == "overflow_return"
    assert E.legal_moves(state) == ["return tea", "return silk"]
    assert E.partial(state), "the return belongs to the basket maker move"
    state, _ = play(state, "return tea")
    assert wares_of(state, 0) == {"tea": 4, "silk": 2} and state.gold[0] == 16


# ---- reactions: the Guard -----------------------------------------------------------------------------------
def test_by_default_an_animal_waits_for_the_opponents_answer_even_without_a_guard() -> None:
    state, _ = play(table(hands=(["wise man", "cheetah"], [])), "play cheetah")
    assert E.to_move(state) == 1 and E.view(state, 0).decision.code == "react_guard"
    assert E.legal_moves(state) == ["decline"]
    with_guard, _ = play(table(hands=(["cheetah"], ["guard"])), "play cheetah")
    assert E.view(with_guard, 0).decision == E.view(state, 0).decision, "the wait tells nothing of the hand"
    assert E.legal_moves(with_guard) == ["react guard", "decline"]


def test_answering_with_a_guard_one_does_not_hold_is_refused_as_such() -> None:
    state, _ = play(table(hands=(["wise man", "cheetah"], [])), "play cheetah")
    with pytest.raises(IllegalMove) as caught:
        E.apply(state, "react guard")
    assert caught.value.code == "not_in_hand" and caught.value.params == {"card": "guard"}
    rain = E.apply_standing(table(hands=(["3 silk"], [])), 1, "orders rain maker ask").state
    rain, _ = play(rain, "buy 3 silk")
    with pytest.raises(IllegalMove) as caught:
        E.apply(rain, "react rain maker")
    assert caught.value.code == "not_in_hand" and caught.value.params == {"card": "rain maker"}


def test_a_guard_cancels_the_animal_for_both_and_both_cards_are_discarded() -> None:
    state = table(hands=(["parrot"], ["guard"]), wares=([], ["silk"]))
    state, events = play(state, "play parrot silk", "react guard")
    assert wares_of(state, 1) == {"silk": 1} and wares_of(state, 0) == {}
    assert state.discard == ids(["parrot", "guard"]) and "guarded" in codes(events)
    assert state.actions == 1 and E.to_move(state) == 0, "the animal's action is spent anyway"


def test_a_guard_costs_no_action() -> None:
    state, _ = play(table(hands=(["parrot"], ["guard"]), wares=([], ["silk"])), "play parrot silk", "react guard")
    state, _ = play(state, "end")
    assert state.active == 1 and state.actions == 0


def test_standing_orders_never_let_the_animal_through_without_waiting() -> None:
    state = table(hands=(["parrot"], ["guard"]), wares=([], ["silk"]))
    state = E.apply_standing(state, 1, "orders guard never").state
    state, events = play(state, "play parrot silk")
    assert E.to_move(state) == 0 and wares_of(state, 0) == {"silk": 1} and "guarded" not in codes(events)


def test_automatic_guard_orders_play_a_held_guard_at_once() -> None:
    state = table(hands=(["parrot"], ["guard"]), wares=([], ["silk"]))
    state = E.apply_standing(state, 1, "orders guard parrot auto").state
    state, events = play(state, "play parrot silk")
    assert "guarded" in codes(events) and wares_of(state, 1) == {"silk": 1} and E.to_move(state) == 0


def test_automatic_guard_orders_without_a_guard_do_nothing() -> None:
    state = table(hands=(["parrot"], []), wares=([], ["silk"]))
    state = E.apply_standing(state, 1, "orders guard auto").state
    state, _ = play(state, "play parrot silk")
    assert wares_of(state, 0) == {"silk": 1} and E.to_move(state) == 0


def test_orders_for_one_animal_leave_the_others_asking() -> None:
    state = E.apply_standing(table(hands=(["cheetah"], [])), 1, "orders guard crocodile never").state
    state, _ = play(state, "play cheetah")
    assert E.view(state, 1).decision.code == "react_guard"


# ---- reactions: the Rain Maker ------------------------------------------------------------------------------
def test_by_default_a_ware_card_does_not_wait_for_a_rain_maker() -> None:
    state, _ = play(table(hands=(["3 silk"], ["rain maker"])), "buy 3 silk")
    assert E.to_move(state) == 0 and state.discard == ids(["3 silk"])


def test_asked_rain_maker_takes_the_ware_card_just_played_into_the_hand() -> None:
    state = E.apply_standing(table(hands=(["3 silk"], ["rain maker"])), 1, "orders rain maker ask").state
    state, _ = play(state, "buy 3 silk")
    assert E.to_move(state) == 1 and E.view(state, 0).decision.code == "react_rain_maker"
    state, events = play(state, "react rain maker")
    assert hand(state, 1) == ["3 silk"] and state.discard == ids(["rain maker"]) and "rain_maker" in codes(events)
    assert wares_of(state, 0) == {"silk": 3}, "the purchase stands"
    assert E.view(state, 0).details["players"][1]["known"] == ["3 silk"]


def test_asked_rain_maker_waits_even_without_one_in_hand() -> None:
    state = E.apply_standing(table(hands=(["3 silk"], [])), 1, "orders rain maker ask").state
    state, _ = play(state, "buy 3 silk")
    assert E.to_move(state) == 1 and E.legal_moves(state) == ["decline"]
    state, _ = play(state, "decline")
    assert state.discard == ids(["3 silk"]) and E.to_move(state) == 0


def test_automatic_rain_maker_takes_only_cards_selling_for_the_minimum() -> None:
    state = table(hands=(["3 silk", "all six"], ["rain maker"]), smalls=(1, 0))
    state = E.apply_standing(state, 1, "orders rain maker auto 12").state
    state, events = play(state, "buy 3 silk")
    assert "rain_maker" not in codes(events) and state.discard == ids(["3 silk"])
    state.gold[0] = 30
    state, events = play(state, "buy all six")
    assert "rain_maker" in codes(events) and hand(state, 1) == ["all six"]


def test_a_rain_maker_answers_a_sale_too() -> None:
    state = table(hands=(["3 silk"], ["rain maker"]), wares=(["silk"] * 3, []))
    state = E.apply_standing(state, 1, "orders rain maker auto").state
    state, _ = play(state, "sell 3 silk")
    assert hand(state, 1) == ["3 silk"] and state.gold[0] == 30


# ---- standing orders ----------------------------------------------------------------------------------------
def test_standing_orders_are_the_same_for_both_players_at_any_time() -> None:
    state = table()
    moves = E.standing_moves(state, 1)
    assert moves == E.standing_moves(state, 0)
    assert "orders guard never" in moves and "orders rain maker auto 18" in moves
    step = E.apply_standing(state, 1, "Orders  Rain Maker ASK")
    assert step.move == "orders rain maker ask" and step.state.orders[1].rain == "ask"
    assert step.state.orders[0].rain == "never" and state.orders[1].rain == "never", "the input is left alone"
    assert codes(step.events) == ["rain_orders"]


def test_bad_orders_are_refused() -> None:
    with pytest.raises(IllegalMove) as caught:
        E.apply_standing(table(), 0, "orders guard sometimes")
    assert caught.value.code == "bad_orders"


def test_orders_changed_while_the_game_waits_answer_at_once() -> None:
    state, _ = play(table(hands=(["parrot"], ["guard"]), wares=([], ["silk"])), "play parrot silk")
    assert E.to_move(state) == 1
    step = E.apply_standing(state, 1, "orders guard auto")
    assert "guarded" in codes(step.events) and E.to_move(step.state) == 0


# ---- hidden information -------------------------------------------------------------------------------------
def test_hands_deck_and_drawn_cards_are_hidden_from_the_other_player_and_spectators() -> None:
    state, _ = play(table(hands=(["boat"], ["well"])), "draw", "card guard")
    mine, theirs, spectator = (E.view(state, s).details for s in (0, 1, None))
    assert mine["players"][0]["hand"] == ["boat"] and mine["players"][1]["hand"] is None
    assert theirs["players"][0]["hand"] is None and theirs["drawn"] is None and theirs["drawn_count"] == 1
    assert spectator["players"][0]["known"] is None and spectator["players"][1]["hand"] is None
    assert "pool" not in str(spectator)


def test_a_sampled_state_looks_the_same_to_the_viewer_and_redraws_the_rest() -> None:
    state, _ = play(table(hands=(["boat", "well"], ["guard", "3 silk", "kettle"])), "draw", "card psychic")
    for viewer in (0, 1, None):
        view = E.view(state, viewer)
        hands = set()
        for seed in range(8):
            sample = E.sample_state(view, random.Random(seed))
            assert E.view(sample, viewer) == view
            hands.add(tuple(sample.hands[1] if viewer != 1 else sample.hands[0]))
        assert len(hands) > 1


def test_cards_taken_in_view_of_both_are_known_to_the_other_player() -> None:
    state = table(hands=(["drummer"], []), discard=["well"])
    state, _ = play(state, "play drummer well")
    assert E.view(state, 1).details["players"][0]["known"] == ["well"]
    sample = E.sample_state(E.view(state, 1), random.Random(1))
    assert CARD_ID["well"] in sample.hands[0]
    state, _ = play(state, "play well")
    assert E.view(state, 1).details["players"][0]["known"] == []


def test_a_players_draw_reads_a_card_only_for_them() -> None:
    _, events = play(table(hands=(["well"], [])), "play well", "use well", "card guard")
    drawn = next(e for e in events if e.code == "card_drawn")
    assert drawn.seen_by(0).params["card"] == "guard"
    assert drawn.seen_by(1).code == "card_drawn_hidden" and "card" not in drawn.seen_by(1).params


# ---- what a late player is given ----------------------------------------------------------------------------
def test_the_safe_default_ends_the_turn_keeps_the_draw_and_declines() -> None:
    assert E.default_move(table(hands=(["wise man"], []))) == "end"
    state, _ = play(table(), "draw", "card boat")
    assert E.default_move(state) == "keep"
    state, _ = play(table(hands=(["cheetah"], ["guard"])), "play cheetah")
    assert E.default_move(state) == "decline"


def test_resigning_hands_the_win_to_the_other_player() -> None:
    step = E.resign_transition(table(), 0)
    assert E.outcome(step.state).winners == [1] and E.outcome(step.state).termination == "resigned"


# ---- invariants over random games ------------------------------------------------------------------------------
def _check_invariants(state: JamboState) -> None:
    held = [s.card for s in state.steps if s.kind in ("rain", "dancer")]
    cards = state.hands[0] + state.hands[1] + state.discard + state.utilities[0] + state.utilities[1]
    cards += state.table_cards + state.drawn + state.deck.top + held
    assert len(cards) + sum(state.deck.pool) + state.stands_built == 110, "no card is lost or made"
    counts = [0] * NT
    for card in cards:
        counts[card] += 1
    assert all(counts[c] + state.deck.pool[c] <= COUNT[c] for c in range(NT))
    for ware in range(NW):
        assert state.wares[0][ware] + state.wares[1][ware] + state.table_wares[ware] <= 6
    returning = {s.seat for s in state.steps if s.kind == "overflow"}
    for seat in (0, 1):
        assert state.gold[seat] >= 0 and 0 <= state.large[seat] <= 6
        assert min(state.wares[seat]) >= 0
        if seat not in returning:
            assert sum(state.wares[seat]) <= 6 + 3 * state.smalls[seat]
            assert sum(state.wares[seat]) - state.large[seat] <= 3 * state.smalls[seat]
        known = state.known[seat][:]
        for card in state.hands[seat]:
            if card in known:
                known.remove(card)
        assert not known, "a card known in a hand is in that hand"
        if not any(s.kind in ("pick", "trim") for s in state.steps):
            assert len(state.utilities[seat]) <= 3


@pytest.mark.parametrize("seed", quick_first(range(8), 2))
def test_random_games_with_random_standing_orders_keep_every_card_ware_and_limit(seed: int) -> None:
    rng = random.Random(seed)
    state = E.new_game(2)
    steps = 0
    while E.to_move(state) is not None:
        if rng.random() < 0.02:
            seat = rng.randrange(2)
            state = E.apply_standing(state, seat, rng.choice(E.standing_moves(state, seat))).state
        seat = E.to_move(state)
        if seat is None:
            break
        move = E.sample_chance(state, rng) if seat == CHANCE else rng.choice(E.legal_moves(state))
        state = E.apply(state, move)
        _check_invariants(state)
        steps += 1
    assert E.outcome(state) is not None and steps < 20_000
