"""Jambo's 31 card texts, each as its own small rule: one scenario (or a few) per card of seed 003."""

from __future__ import annotations

import random

from test_jambo_rules import E, codes, hand, ids, play, refused, table, wares_of

from engines.base import CHANCE


def orders(state, seat, *moves):  # type: ignore[no-untyped-def]
    for move in moves:
        state = E.apply_standing(state, seat, move).state
    return state


def no_guard_asked(state):  # type: ignore[no-untyped-def]
    """Seat 1 never waits on animals (the cards' own effects are under test here)."""
    return orders(state, 1, "orders guard never")


# ---- utilities ----------------------------------------------------------------------------------------------
def test_boat_discards_a_card_from_the_hand_or_play_area_and_takes_any_ware() -> None:
    state = table(hands=(["guard"], []), utilities=(["boat"], []))
    state, _ = play(state, "use boat")
    assert E.view(state, 0).decision.code == "scrap" and E.partial(state)
    assert E.legal_moves(state) == ["discard guard", "discard boat in play"]
    state, _ = play(state, "discard boat in play")
    assert state.utilities[0] == [] and state.used == [] and state.discard == ids(["boat"])
    state, _ = play(state, "take silk")
    assert wares_of(state, 0) == {"silk": 1} and state.actions == 1 and not E.partial(state)
    state, _ = play(table(hands=(["guard"], []), utilities=(["boat"], [])), "use boat", "discard guard", "take tea")
    assert hand(state, 0) == [] and state.utilities[0] == ids(["boat"]) and wares_of(state, 0) == {"tea": 1}


def test_boat_needs_room_for_the_ware() -> None:
    state = table(utilities=(["boat"], []), wares=(["tea"] * 6, []))
    assert "use boat" not in E.legal_moves(state)
    assert refused(state, "use boat") == "no_room"


def test_drums_return_a_ware_and_draw_a_card() -> None:
    state = table(utilities=(["drums"], []), wares=(["tea", "silk"], []))
    assert [m for m in E.legal_moves(state) if m.startswith("use")] == ["use drums tea", "use drums silk"]
    state, _ = play(state, "use drums tea", "card guard")
    assert wares_of(state, 0) == {"silk": 1} and hand(state, 0) == ["guard"]
    assert refused(table(utilities=(["drums"], [])), "use drums tea") == "no_wares"


def test_kettle_discards_one_or_two_cards_and_draws_as_many() -> None:
    state = table(hands=(["guard", "well", "boat"], []), utilities=(["kettle"], []))
    state, _ = play(state, "use kettle", "discard guard", "discard well")
    assert E.to_move(state) == CHANCE
    state, _ = play(state, "card psychic", "card shaman")
    assert hand(state, 0) == ["boat", "psychic", "shaman"] and state.discard == ids(["guard", "well"])
    state = table(hands=(["guard", "well"], []), utilities=(["kettle"], []))
    state, _ = play(state, "use kettle", "discard guard")
    assert "done" in E.legal_moves(state) and E.partial(state)
    state, _ = play(state, "done", "card psychic")
    assert hand(state, 0) == ["psychic", "well"] and E.to_move(state) == 0


def test_leopard_statue_pays_2_gold_for_any_ware() -> None:
    state, _ = play(table(utilities=(["leopard statue"], [])), "use leopard statue fruit")
    assert state.gold[0] == 18 and wares_of(state, 0) == {"fruit": 1}
    assert refused(table(utilities=(["leopard statue"], []), gold=(1, 20)), "use leopard statue fruit") == (
        "not_enough_gold"
    )


def test_mask_swaps_a_hand_card_with_the_discard_piles_top_before_drawing() -> None:
    state = table(hands=(["guard"], []), utilities=(["mask"], []), discard=["well", "psychic"])
    state, _ = play(state, "use mask guard")
    assert hand(state, 0) == ["psychic"] and state.discard == ids(["well", "guard"]) and state.actions == 1
    assert E.view(state, 1).details["players"][0]["known"] == ["psychic"]
    after_draw, _ = play(table(hands=(["guard"], []), utilities=(["mask"], []), discard=["well"]), "draw", "card boat")
    after_draw, _ = play(after_draw, "discard boat")
    assert not [m for m in E.legal_moves(after_draw) if m.startswith("use mask")]
    assert refused(after_draw, "use mask guard") == "mask_before_drawing"


def test_scale_draws_two_keeps_one_and_gives_the_other_to_the_opponent() -> None:
    state, _ = play(table(utilities=(["scale"], [])), "use scale", "card guard", "card well")
    assert E.legal_moves(state) == ["keep guard give well", "keep well give guard"]
    assert E.view(state, 0).decision.params["cards"] == ["guard", "well"]
    assert E.view(state, 1).decision.params["cards"] == []
    state, events = play(state, "keep well give guard")
    assert hand(state, 0) == ["well"] and hand(state, 1) == ["guard"]
    assert E.view(state, 0).details["players"][1]["known"] == ["guard"]
    split = next(e for e in events if e.code == "scale_split")
    assert split.seen_by(1).code == "scale_gift" and split.seen_by(None).code == "scale_split_hidden"


def test_supplies_turns_cards_up_until_a_ware_card_then_costs_1_gold_or_a_card() -> None:
    state, _ = play(table(hands=(["boat"], []), utilities=(["supplies"], [])), "use supplies", "card guard")
    assert E.to_move(state) == CHANCE and state.table_cards == ids(["guard"])
    state, _ = play(state, "card well", "card 3 silk")
    assert hand(state, 0) == ["3 silk", "boat"] and state.discard == ids(["guard", "well"])
    assert E.legal_moves(state) == ["pay", "discard boat", "discard 3 silk"]
    paid, _ = play(state, "pay")
    assert paid.gold[0] == 19
    discarded, _ = play(state, "discard boat")
    assert discarded.gold[0] == 20 and hand(discarded, 0) == ["3 silk"]


def test_supplies_stops_when_no_ware_card_is_left_to_find() -> None:
    state = table(utilities=(["supplies"], []), deck={"guard": 1}, gold=(0, 20))
    state, events = play(state, "use supplies", "card guard")
    assert "no_cards_left" in codes(events) and state.discard == ids(["guard"]) and E.to_move(state) == 0


def test_throne_takes_a_ware_of_the_opponent_and_gives_one_back() -> None:
    state = table(utilities=(["throne"], []), wares=(["tea"], ["silk", "salt"]))
    moves = [m for m in E.legal_moves(state) if m.startswith("use throne")]
    assert moves == ["use throne take silk give tea", "use throne take salt give tea"]
    state, _ = play(state, "use throne take salt give tea")
    assert wares_of(state, 0) == {"salt": 1} and wares_of(state, 1) == {"silk": 1, "tea": 1}
    assert refused(table(utilities=(["throne"], []), wares=([], ["silk"])), "use throne take silk give tea") == (
        "throne_needs_wares"
    )


def test_weapons_discard_a_card_even_themselves_for_2_gold() -> None:
    state, _ = play(table(utilities=(["weapons"], [])), "use weapons", "discard weapons in play")
    assert state.gold[0] == 22 and state.utilities[0] == [] and state.discard == ids(["weapons"])
    state, _ = play(table(hands=(["guard"], []), utilities=(["weapons"], [])), "use weapons", "discard guard")
    assert state.gold[0] == 22 and state.utilities[0] == ids(["weapons"])


def test_well_pays_1_gold_to_draw_a_card() -> None:
    state, _ = play(table(utilities=(["well"], [])), "use well", "card guard")
    assert state.gold[0] == 19 and hand(state, 0) == ["guard"]
    assert "use well" not in E.legal_moves(table(utilities=(["well"], []), gold=(0, 20)))


# ---- animals ------------------------------------------------------------------------------------------------
def test_ape_lays_both_hands_out_and_the_players_take_turns_picking_the_player_first() -> None:
    state = no_guard_asked(table(hands=(["ape", "guard", "well"], ["boat", "boat", "psychic"])))
    state, _ = play(state, "play ape")
    assert sorted(E.view(state, None).details["table_cards"]) == ["boat", "boat", "guard", "psychic", "well"]
    assert E.to_move(state) == 0 and E.view(state, 0).decision.code == "ape_pick"
    state, _ = play(state, "take psychic", "take well", "take boat", "take guard")
    assert hand(state, 0) == ["boat", "boat", "psychic"] and hand(state, 1) == ["guard", "well"]
    assert E.to_move(state) == 0, "the last card went to the player whose pick it was, unasked"
    assert E.view(state, 1).details["players"][0]["known"] == ["boat", "boat", "psychic"]


def test_cheetah_lets_the_opponent_choose_2_gold_or_2_cards() -> None:
    state = no_guard_asked(table(hands=(["cheetah"], [])))
    state, _ = play(state, "play cheetah")
    assert E.to_move(state) == 1 and E.legal_moves(state) == ["choose gold", "choose cards"]
    gold, _ = play(state, "choose gold")
    assert gold.gold == [22, 18]
    cards, _ = play(state, "choose cards", "card guard", "card well")
    assert hand(cards, 0) == ["guard", "well"] and cards.gold == [20, 20]


def test_cheetah_an_opponent_short_of_gold_must_let_you_draw() -> None:
    state = no_guard_asked(table(hands=(["cheetah"], []), gold=(20, 1)))
    state, _ = play(state, "play cheetah")
    assert E.to_move(state) == CHANCE


def test_crocodile_discards_an_opponents_utility_and_you_may_use_it_once_free() -> None:
    state = no_guard_asked(table(hands=(["crocodile"], []), utilities=([], ["leopard statue", "mask"])))
    moves = [m for m in E.legal_moves(state) if m.startswith("play crocodile")]
    assert moves == ["play crocodile leopard statue", "play crocodile mask"]
    state, _ = play(state, "play crocodile leopard statue")
    assert state.utilities[1] == ids(["mask"]) and state.discard == ids(["crocodile", "leopard statue"])
    assert E.view(state, 0).decision.code == "crocodile_use" and E.partial(state)
    used, _ = play(state, "use leopard statue salt")
    assert used.actions == 1 and used.gold[0] == 18 and wares_of(used, 0) == {"salt": 1}
    declined, _ = play(state, "decline")
    assert declined.gold[0] == 20 and E.to_move(declined) == 0


def test_crocodile_cannot_use_a_mask_it_eats() -> None:
    state = no_guard_asked(table(hands=(["crocodile"], []), utilities=([], ["mask"]), discard=["well"]))
    state, _ = play(state, "play crocodile mask")
    assert E.view(state, 0).decision.code == "play" and state.utilities[1] == [] and state.actions == 1


def test_crocodile_needs_a_utility_to_eat_and_a_guard_cancels_it() -> None:
    assert refused(table(hands=(["crocodile"], [])), "play crocodile well") == "no_target"
    state = table(hands=(["crocodile"], ["guard"]), utilities=([], ["well"]))
    state, _ = play(state, "play crocodile well", "react guard")
    assert state.utilities[1] == ids(["well"])


def test_elephant_pools_all_wares_and_the_players_take_turns_placing_them() -> None:
    state = no_guard_asked(table(hands=(["elephant"], []), wares=(["silk", "silk"], ["tea", "salt"])))
    state, _ = play(state, "play elephant")
    assert E.view(state, None).details["table_wares"] == {
        "trinkets": 0,
        "hides": 0,
        "tea": 1,
        "silk": 2,
        "fruit": 0,
        "salt": 1,
    }
    state, _ = play(state, "take tea", "take silk", "take salt")
    assert wares_of(state, 0) == {"tea": 1, "salt": 1} and wares_of(state, 1) == {"silk": 2}


def test_elephant_passes_over_a_player_with_no_room_and_returns_what_nobody_can_place() -> None:
    state = no_guard_asked(table(hands=(["elephant"], []), wares=(["silk"] * 6, ["tea"] * 6), gold=(0, 0)))
    state, events = play(state, "play elephant")
    while E.view(state, 0).decision.code == "elephant_pick":
        state, more = play(state, E.legal_moves(state)[0])
        events += more
    assert sum(state.wares[0]) == 5 and sum(state.wares[1]) == 5, "the sixth space needs the fee, unpaid"
    supply = E.view(state, None).details["supply"]
    assert "wares_to_supply" in codes(events) and supply["tea"] + supply["silk"] == 2
    assert E.to_move(state) == 0


def test_hyena_sees_the_opponents_hand_takes_a_card_and_gives_one() -> None:
    state = no_guard_asked(table(hands=(["hyena", "well"], ["guard", "psychic"])))
    state, _ = play(state, "play hyena")
    assert E.view(state, 0).details["players"][1]["known"] == ["guard", "psychic"]
    assert E.view(state, None).details["players"][1]["known"] is None
    assert E.legal_moves(state) == ["take guard", "take psychic"]
    state, events = play(state, "take psychic")
    assert E.partial(state) and E.legal_moves(state) == ["give well", "give psychic"]
    state, _ = play(state, "give psychic")
    assert hand(state, 0) == ["well"] and hand(state, 1) == ["guard", "psychic"], "the same card may go back"
    taken = next(e for e in events if e.code == "card_taken")
    assert taken.seen_by(1).params["card"] == "psychic" and taken.seen_by(None).code == "card_taken_hidden"


def test_lion_pools_face_up_utilities_and_each_takes_in_turn_then_keeps_at_most_three() -> None:
    state = table(hands=(["lion"], []), utilities=(["well", "drums"], ["boat", "kettle", "throne"]), used=["drums"])
    state = no_guard_asked(state)
    state, _ = play(state, "play lion")
    assert sorted(E.view(state, None).details["table_cards"]) == ["boat", "kettle", "throne", "well"]
    assert state.utilities[0] == ids(["drums"]), "a used (turned) utility is not face up: it stays"
    state, _ = play(state, "take boat", "take kettle", "take throne")
    assert state.table_cards == [], "the last card went to the player whose pick it was, unasked"
    assert sorted(state.utilities[0]) == sorted(ids(["drums", "boat", "throne"]))
    assert sorted(state.utilities[1]) == sorted(ids(["kettle", "well"]))
    assert "use boat" in E.legal_moves(state), "a utility taken face up may be used this turn"


def test_lion_a_player_above_three_utilities_discards_down_to_three() -> None:
    utilities = (["drums", "drums", "well"], ["boat", "kettle", "throne"])
    state = no_guard_asked(table(hands=(["lion"], []), utilities=utilities, used=["drums", "drums"]))
    state, _ = play(state, "play lion", "take boat", "take kettle", "take throne")
    assert E.to_move(state) == 0 and E.view(state, 0).decision.code == "lion_trim"
    assert E.legal_moves(state) == ["discard boat", "discard drums", "discard throne"]
    state, _ = play(state, "discard drums")
    assert sorted(state.utilities[0]) == sorted(ids(["drums", "boat", "throne"])) and state.used == ids(["drums"])


def test_parrot_takes_a_ware_from_the_opponent() -> None:
    state = no_guard_asked(table(hands=(["parrot"], []), wares=([], ["silk", "tea"])))
    assert [m for m in E.legal_moves(state) if m.startswith("play parrot")] == ["play parrot tea", "play parrot silk"]
    state, _ = play(state, "play parrot tea")
    assert wares_of(state, 0) == {"tea": 1} and wares_of(state, 1) == {"silk": 1}
    assert refused(table(hands=(["parrot"], [])), "play parrot tea") == "no_target"


def test_parrot_with_full_stands_keeps_the_wares_the_player_chooses() -> None:
    state = no_guard_asked(table(hands=(["parrot"], []), wares=(["salt"] * 6, ["silk"])))
    state, _ = play(state, "play parrot silk")
    assert E.legal_moves(state) == ["return silk", "return salt"]
    state, events = play(state, "return salt")
    assert wares_of(state, 0) == {"salt": 5, "silk": 1} and "stand_fee" not in codes(events)


def test_snake_each_player_keeps_one_face_up_utility() -> None:
    state = table(hands=(["snake"], []), utilities=(["well", "drums", "boat"], ["kettle", "kettle"]), used=["well"])
    state = no_guard_asked(state)
    state, _ = play(state, "play snake")
    assert E.to_move(state) == 0 and E.legal_moves(state) == ["keep boat", "keep drums"]
    state, _ = play(state, "keep boat")
    assert sorted(state.utilities[0]) == sorted(ids(["well", "boat"])), "the turned Well stays"
    assert state.utilities[1] == ids(["kettle"]) and E.to_move(state) == 0


# ---- people -------------------------------------------------------------------------------------------------
def test_arabian_merchant_auctions_three_cards_turned_face_up() -> None:
    state, _ = play(table(hands=(["arabian merchant"], []), gold=(10, 5)), "play arabian merchant")
    state, events = play(state, "card guard", "card well", "card boat")
    assert state.table_cards == ids(["guard", "well", "boat"]) and E.to_move(state) == 0
    assert "pass" not in E.legal_moves(state) and E.legal_moves(state)[0] == "bid 1"
    state, _ = play(state, "bid 2")
    assert E.to_move(state) == 1 and E.legal_moves(state) == ["bid 3", "bid 4", "bid 5", "pass"]
    state, _ = play(state, "bid 5")
    assert E.to_move(state) == 0
    state, events = play(state, "pass")
    assert state.gold == [10, 0] and hand(state, 1) == ["boat", "guard", "well"] and state.table_cards == []
    assert "auction_won" in codes(events)


def test_an_auction_ends_when_the_other_cannot_raise() -> None:
    state, _ = play(table(hands=(["arabian merchant"], []), gold=(10, 3)), "play arabian merchant")
    state, _ = play(state, "card guard", "card well", "card boat", "bid 3")
    assert hand(state, 0) == ["boat", "guard", "well"] and state.gold[0] == 7 and E.to_move(state) == 0
    assert refused(table(hands=(["arabian merchant"], []), gold=(0, 3)), "play arabian merchant") == "not_enough_gold"


def test_basket_maker_pays_2_for_2_wares_of_one_kind() -> None:
    state, _ = play(table(hands=(["basket maker"], [])), "play basket maker fruit")
    assert state.gold[0] == 18 and wares_of(state, 0) == {"fruit": 2}
    assert (
        refused(
            table(hands=(["basket maker"], []), wares=(["fruit"] * 5, []), smalls=(1, 0)), "play basket maker fruit"
        )
        == "supply_short"
    )


def test_carrier_you_take_wares_and_the_opponent_cards_or_the_other_way() -> None:
    state, _ = play(table(hands=(["carrier"], [])), "play carrier wares tea")
    assert wares_of(state, 0) == {"tea": 2} and E.to_move(state) == CHANCE
    state, _ = play(state, "card guard", "card well")
    assert hand(state, 1) == ["guard", "well"]
    state, _ = play(table(hands=(["carrier"], [])), "play carrier cards", "card guard", "card well")
    assert hand(state, 0) == ["guard", "well"] and E.to_move(state) == 1
    state, _ = play(state, "take salt")
    assert wares_of(state, 1) == {"salt": 2} and E.to_move(state) == 0


def test_carrier_wares_need_room_for_both() -> None:
    state = table(hands=(["carrier"], []), wares=(["tea"] * 5, []))
    assert [m for m in E.legal_moves(state) if m.startswith("play carrier")] == ["play carrier cards"]
    state, events = play(table(hands=(["carrier"], []), wares=([], ["tea"] * 5)), "play carrier cards")
    state, events = play(state, "card guard", "card well")
    assert "no_room_to_take" in codes(events) and E.to_move(state) == 0


def test_dancer_plays_a_three_ware_card_returning_any_three_wares_for_its_sell_price() -> None:
    state = table(hands=(["dancer", "2 tea + silk", "all six"], []), wares=(["salt", "salt", "fruit", "hides"], []))
    assert [m for m in E.legal_moves(state) if m.startswith("play dancer")] == ["play dancer 2 tea + silk"]
    state, _ = play(state, "play dancer 2 tea + silk", "return salt", "return salt")
    assert E.partial(state)
    state, _ = play(state, "return hides")
    assert state.gold[0] == 31 and wares_of(state, 0) == {"fruit": 1} and state.actions == 1
    assert state.discard == ids(["dancer", "2 tea + silk"])


def test_dancer_needs_three_wares() -> None:
    state = table(hands=(["dancer", "3 silk"], []), wares=(["salt"], []))
    assert refused(state, "play dancer 3 silk") == "not_enough_wares"


def test_drummer_takes_a_utility_from_the_discard_pile() -> None:
    state = table(hands=(["drummer"], []), discard=["well", "guard", "boat"])
    assert [m for m in E.legal_moves(state) if m.startswith("play drummer")] == [
        "play drummer boat",
        "play drummer well",
    ]
    state, _ = play(state, "play drummer well")
    assert hand(state, 0) == ["well"] and state.discard == ids(["guard", "boat", "drummer"])
    assert refused(table(hands=(["drummer"], []), discard=["guard"]), "play drummer well") == "no_utility_in_discard"


def test_guard_cancels_any_animal_crocodile_included() -> None:
    state = table(hands=(["crocodile"], ["guard"]), utilities=([], ["boat"]))
    state, events = play(state, "play crocodile boat", "react guard")
    assert "guarded" in codes(events) and state.utilities[1] == ids(["boat"])


def test_rain_maker_takes_a_dancers_ware_card() -> None:
    state = table(hands=(["dancer", "3 silk"], ["rain maker"]), wares=(["salt"] * 3, []))
    state = orders(state, 1, "orders rain maker ask")
    state, _ = play(state, "play dancer 3 silk", "return salt", "return salt", "return salt")
    assert E.to_move(state) == 1
    state, _ = play(state, "react rain maker")
    assert hand(state, 1) == ["3 silk"] and state.gold[0] == 30


def test_shaman_trades_all_of_one_ware_for_as_many_of_another() -> None:
    state = table(hands=(["shaman"], []), wares=(["silk", "silk", "tea"], []))
    state, _ = play(state, "play shaman silk for fruit")
    assert wares_of(state, 0) == {"fruit": 2, "tea": 1}
    crowded = table(hands=(["shaman"], []), wares=(["silk", "silk"], ["fruit"] * 5), smalls=(0, 1))
    assert refused(crowded, "play shaman silk for fruit") == "supply_short"


def test_traveling_merchant_auctions_two_wares_of_the_supply() -> None:
    state, _ = play(table(hands=(["traveling merchant"], []), gold=(10, 10)), "play traveling merchant silk silk")
    assert E.view(state, None).details["table_wares"]["silk"] == 2 and E.view(state, 0).decision.code == "bid_open"
    state, _ = play(state, "bid 1", "bid 2", "pass")
    assert wares_of(state, 1) == {"silk": 2} and state.gold == [10, 8]


def test_tribal_elder_makes_the_opponent_discard_down_to_three() -> None:
    state = table(hands=(["tribal elder"], ["guard", "well", "boat", "psychic", "shaman"]))
    state, _ = play(state, "play tribal elder discard")
    assert E.to_move(state) == 1 and E.view(state, 0).decision.code == "elder_discard"
    assert not E.partial(state)
    state, _ = play(state, "discard guard")
    assert E.partial(state)
    state, _ = play(state, "discard well")
    assert hand(state, 1) == ["boat", "psychic", "shaman"] and E.to_move(state) == 0


def test_tribal_elder_or_draws_you_up_to_five_cards() -> None:
    state, _ = play(table(hands=(["tribal elder", "guard"], [])), "play tribal elder draw")
    state, _ = play(state, "card well", "card well", "card boat", "card psychic")
    assert len(hand(state, 0)) == 5 and E.to_move(state) == 0


def test_portuguese_sells_any_wares_for_2_gold_each() -> None:
    state = table(hands=(["portuguese"], []), wares=(["silk", "tea", "tea"], []))
    state, _ = play(state, "play portuguese", "return tea", "return silk")
    assert E.partial(state) and state.gold[0] == 24
    state, _ = play(state, "done")
    assert wares_of(state, 0) == {"tea": 1} and not E.partial(state)


def test_psychic_looks_at_six_takes_one_and_puts_five_back_in_order() -> None:
    state, _ = play(table(hands=(["psychic"], [])), "play psychic")
    state, _ = play(state, "card guard", "card well", "card boat", "card shaman", "card kettle", "card ape")
    assert E.view(state, 0).details["drawn"] == ["guard", "well", "boat", "shaman", "kettle", "ape"]
    state, _ = play(state, "take boat")
    assert hand(state, 0) == ["boat"]
    assert E.view(state, 0).details["deck_top"] == ["guard", "well", "shaman", "kettle", "ape"]
    assert E.view(state, 1).details["deck_top"] is None and E.view(state, 1).details["deck_top_count"] == 5
    state, _ = play(state, "end", "draw")
    assert E.legal_moves(state) == ["card guard"], "the cards come back in the same order"
    sample = E.sample_state(E.view(state, 1), random.Random(5))
    assert E.view(sample, 1) == E.view(state, 1)


def test_wise_man_makes_ware_cards_buy_2_cheaper_and_sell_2_dearer_this_turn() -> None:
    state = table(hands=(["wise man", "wise man", "3 silk", "3 tea"], []), wares=(["tea"] * 3, []), smalls=(1, 0))
    state, _ = play(state, "play wise man", "buy 3 silk")
    assert state.gold[0] == 19
    state, _ = play(state, "play wise man", "sell 3 tea")
    assert state.gold[0] == 19 + 14, "two Wise Men add 4"
    state, _ = play(state, "end", "end")
    assert state.wise == 0


def test_psychic_cards_drawn_by_the_other_player_stay_known_to_the_seer() -> None:
    state, _ = play(table(hands=(["psychic"], []), utilities=([], ["well"])), "play psychic")
    state, _ = play(state, "card guard", "card well", "card boat", "card shaman", "card kettle", "card ape")
    state, _ = play(state, "take boat", "end", "use well", "card guard")
    assert E.view(state, 0).details["players"][1]["known"] == ["guard"]
    assert E.view(state, 0).details["deck_top"] == ["well", "shaman", "kettle", "ape"]
