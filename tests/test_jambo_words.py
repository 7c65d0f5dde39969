"""What a Jambo player reads: every code worded, a full turn as each seat reads it, refusals short and truthful."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from quick import quick_first
from test_jambo_rules import E, play, table

from bot.core.wording import MissingWords, say_for
from bot.games.jambo.words import ORDERS_HOW, WORDS
from engines.base import CHANCE, IllegalMove

SAY = say_for("jambo", ("Ana", "Ben"))
ENGINE_DIR = Path(__file__).resolve().parent.parent / "engines" / "jambo"


def read(state, moves, viewer):  # type: ignore[no-untyped-def]
    """The sentences ``viewer`` reads for each move in turn."""
    lines = []
    for move in moves:
        step = E.transition(state, move)
        lines.append(SAY.events(step.events, viewer))
        state = step.state
    return lines


# ---- every code has words ---------------------------------------------------------------------------------
def _source_codes() -> set[str]:
    text = "\n".join(path.read_text(encoding="utf-8") for path in ENGINE_DIR.glob("*.py"))
    found = set(re.findall(r'emit\(\s*"([a-z_]+)"', text)) | set(re.findall(r'Event\(\s*"([a-z_]+)"', text))
    found |= {"card_taken", "card_taken_hidden", "card_given", "card_given_hidden"}
    found |= {"elder_chose_discard", "elder_chose_draw", "utility_discarded", "card_discarded"}
    return found


def test_every_event_code_in_the_engine_has_words() -> None:
    worded = set(WORDS.events) | set(WORDS.special)
    missing = sorted(_source_codes() - worded)
    assert not missing, f"events without words: {missing}"


def test_every_refusal_code_in_the_engine_has_words() -> None:
    text = (ENGINE_DIR / "refusals.py").read_text(encoding="utf-8") + (ENGINE_DIR / "trade.py").read_text("utf-8")
    codes = set(re.findall(r'(?:return|IllegalMove\()\s*\(?"([a-z_]+)", ', text)) - {"decision"}
    assert len(codes) > 30
    codes -= set(WORDS.decisions) | set(WORDS.special)
    missing = sorted(code for code in codes if code not in WORDS.refusals and code not in ("not_a_move",))
    assert not missing, f"refusals without words: {missing}"


@pytest.mark.parametrize("seed", quick_first(range(6), 2))
def test_random_games_word_every_event_decision_and_ending_for_every_reader(seed: int) -> None:
    rng = random.Random(seed)
    state = E.new_game(2)
    while E.to_move(state) is not None:
        seat = E.to_move(state)
        move = E.sample_chance(state, rng) if seat == CHANCE else rng.choice(E.legal_moves(state))
        if seat != CHANCE:
            for viewer in (0, 1, None):
                view = E.view(state, viewer)
                assert SAY.decision(view.decision)
                for legal in E.legal_moves(state)[:12]:
                    assert 0 < len(SAY.label(legal, view)) <= 80
        step = E.transition(state, move)
        for viewer in (0, 1, None):
            try:
                SAY.events(step.events, viewer)
            except MissingWords as missing:  # pragma: no cover - the failure message
                pytest.fail(str(missing))
        state = step.state
    assert "won" in SAY.termination(E.outcome(state)) or "reached" in SAY.termination(E.outcome(state))


# ---- a turn as each player reads it -------------------------------------------------------------------------------
TURN = ["draw", "card boat", "discard boat", "draw", "card well", "keep", "buy 2 tea + silk", "play parrot salt"]


def test_a_full_turn_reads_the_drawn_cards_only_for_the_drawer() -> None:
    state = table(hands=(["2 tea + silk", "parrot"], ["guard"]), wares=([], ["salt"]))
    ana, ben = read(state, TURN, 0), read(state, TURN, 1)
    assert ana[1] == "Ana drew Boat." and ben[1] == "Ana drew a card."
    assert ana[2] == ben[2] == "Ana discarded Boat.", "a discarded draw is face up for everyone"
    assert ana[4] == "Ana drew Well." and ben[4] == "Ana drew a card."
    assert ana[5] == "Ana kept Well." and ben[5] == "Ana kept the card."
    assert ana[6] == ben[6] == "Ana bought 2 tea and silk with 2 Tea + Silk for 4 gold."
    assert ana[7] == "Ana played Parrot."
    assert read(state, TURN, None) == ben, "a spectator reads what the opponent reads"


def test_the_prompts_of_a_turn_hide_the_drawn_card_from_the_other_player() -> None:
    state, _ = play(table(), "draw", "card boat")
    assert SAY.decision(E.view(state, 0).decision) == "keep Boat or discard it (actions left: 4)"
    assert SAY.decision(E.view(state, 1).decision) == "keep the card drawn or discard it"


def test_the_opponents_answer_reads_as_a_prompt_and_the_rest_of_the_turn_follows() -> None:
    state, _ = play(table(hands=(["parrot"], ["guard"]), wares=([], ["salt"])), "play parrot salt")
    assert SAY.decision(E.view(state, 1).decision) == "play a Guard against Ana's Parrot, or let it pass"
    assert read(state, ["decline"], 0) == ["Ben let it pass; Ana took salt from Ben."]
    assert read(state, ["react guard"], 0) == ["Ben played a Guard: Parrot has no effect."]


def test_the_end_of_a_turn_and_of_the_game_read_with_the_gold() -> None:
    state = table(gold=(59, 40), actions=2)
    assert read(state, ["end"], 1) == [
        "Ana took 1 gold for 3 unused actions; Ana ended the turn with 60 gold; "
        "Ana has 60 gold: Ben plays one last turn; Ben's last turn."
    ]
    state, _ = play(state, "end")
    last = read(state, ["end"], 0)[0]
    assert last.endswith("Ana won with 60 gold.")
    state, _ = play(state, "end")
    assert SAY.termination(E.outcome(state)) == "Ana reached 60 gold, Ben played a last turn, and Ana won"


def test_a_scale_reads_the_gift_for_the_receiver_and_nothing_for_spectators() -> None:
    state, _ = play(table(utilities=(["scale"], [])), "use scale", "card guard", "card well")
    assert read(state, ["keep well give guard"], 0) == ["Ana kept Well and gave Guard to Ben."]
    assert read(state, ["keep well give guard"], 1) == ["Ana kept one card and gave Guard to Ben."]
    assert read(state, ["keep well give guard"], None) == ["Ana kept one card and gave the other to Ben."]


def test_standing_orders_read_back() -> None:
    step = E.apply_standing(table(), 1, "orders rain maker auto 12")
    assert SAY.events(step.events, 0) == (
        "Ben plays a Rain Maker at once on a ware card selling for 12 gold or more, if they hold one."
    )
    step = E.apply_standing(table(), 0, "orders guard crocodile never")
    assert SAY.events(step.events, 1) == "Ana set their Guard orders for Crocodile: never answer."


# ---- refusals ----------------------------------------------------------------------------------------------------
LONG = "x" * 2000
FULL = (["trinkets"] * 6 + ["hides"] * 6 + ["tea"] * 6, ["silk"] * 6 + ["fruit"] * 6 + ["salt"] * 6)
REFUSALS = [
    (lambda: table(actions=5), "play wise man", "no_actions_left", "5 actions"),
    (lambda: play(table(), "draw", "card boat", "keep")[0], "draw", "drawing_over", "Phase 1 is over"),
    (lambda: table(deck={}), "draw", "no_cards_left", "no card to draw"),
    (lambda: table(), "play " + LONG, "unknown_card", "no card called"),
    (lambda: table(), "play wise man", "not_in_hand", "You hold no Wise Man"),
    (lambda: table(hands=(["3 silk"], [])), "play 3 silk", "buy_or_sell", "buy or sell"),
    (lambda: table(hands=(["well"], [])), "buy well", "not_a_ware_card", "Only ware cards"),
    (lambda: table(hands=(["guard"], [])), "play guard", "answer_card", "opponent's turn"),
    (lambda: table(hands=(["all six"], []), gold=(3, 20)), "buy all six", "not_enough_gold", "costs 12 gold"),
    (lambda: table(hands=(["3 silk"], []), wares=(["tea"] * 5, [])), "buy 3 silk", "no_room", "3 free spaces"),
    (lambda: table(hands=(["3 silk"], []), wares=([], ["silk"] * 6)), "buy 3 silk", "supply_short", "short of"),
    (lambda: table(hands=(["3 silk"], [])), "sell 3 silk", "missing_wares", "3 silk"),
    (lambda: table(hands=(["well"], []), utilities=(["boat"] * 3, [])), "play well", "utility_limit", "replacing"),
    (lambda: table(utilities=(["boat"], [])), "use well", "not_in_play", "no Well in play"),
    (lambda: table(hands=(["guard"], [])), "use guard", "not_a_utility", "not a utility"),
    (lambda: play(table(utilities=(["well"], [])), "use well", "card boat")[0], "use well", "already_used", "once"),
    (lambda: table(utilities=(["drums"], [])), "use drums silk", "no_wares", "no wares"),
    (lambda: table(utilities=(["kettle"], [])), "use kettle", "empty_hand", "hand is empty"),
    (lambda: table(hands=(["guard"], []), utilities=(["mask"], [])), "use mask guard", "discard_empty", "empty"),
    (lambda: table(utilities=(["throne"], [])), "use throne take silk give tea", "throne_needs_wares", "Throne"),
    (lambda: table(hands=(["crocodile"], [])), "play crocodile well", "no_target", "has none"),
    (lambda: table(hands=(["parrot"], []), wares=([], ["tea"])), "play parrot silk", "ware_not_held", "no silk"),
    (lambda: table(hands=(["dancer"], []), wares=(["tea"] * 3, [])), "play dancer well", "not_in_hand", "Well"),
    (lambda: table(hands=(["dancer", "3 silk"], [])), "play dancer 3 silk", "not_enough_wares", "3 wares"),
    (lambda: table(hands=(["drummer"], [])), "play drummer well", "no_utility_in_discard", "no utility"),
    (lambda: table(hands=(["drummer"], []), discard=["boat"]), "play drummer well", "not_in_discard", "no Well"),
    (lambda: table(hands=(["small stand"], []), gold=(2, 20)), "play small stand", "not_enough_gold", "6 gold"),
    (lambda: play(table(), "draw", "card boat")[0], "end", "not_now", "keep Boat or discard it"),
    (lambda: play(table(), "draw")[0], "keep", "chance_due", "being drawn"),
    (lambda: table(), "take " + LONG, "not_now", "not a choice now"),
    (lambda: table(), LONG, "not_a_move", "not a legal move"),
    (
        lambda: table(hands=(["well"], []), utilities=(["boat"], [])),
        "play well replace boat",
        "no_need_to_replace",
        "without replacing",
    ),
    (lambda: table(hands=(["carrier"], [])), "play carrier " + LONG, "bad_choice", "cannot be played with"),
    (
        lambda: table(utilities=(["boat"], []), wares=(FULL[0], FULL[1]), smalls=(4, 4)),
        "use boat",
        "supply_empty",
        "no wares left",
    ),
    (
        lambda: table(hands=(["dancer", "well"], []), wares=(["tea"] * 3, [])),
        "play dancer well",
        "dancer_needs_card",
        "shows 3 wares",
    ),
    (
        lambda: play(
            table(hands=(["guard"], []), utilities=(["mask"], []), discard=["well"]),
            "draw",
            "card boat",
            "discard boat",
        )[0],
        "use mask guard",
        "mask_before_drawing",
        "before you draw",
    ),
    (lambda: play(table(gold=(60, 0), actions=4), "end", "end")[0], "end", "game_over", "over"),
]


@pytest.mark.parametrize(("build", "move", "code", "words"), REFUSALS, ids=[r[2] for r in REFUSALS])
def test_every_refusal_names_its_rule_in_a_short_sentence(build, move, code, words) -> None:  # type: ignore[no-untyped-def]
    state = build()
    with pytest.raises(IllegalMove) as refused:
        E.apply(state, move)
    assert refused.value.code == code
    text = SAY.refusal(refused.value)
    assert words in text and len(text) < 300


def test_every_refusal_code_has_a_scenario_here() -> None:
    tested = {r[2] for r in REFUSALS} | {"bid_too_low", "bid_over_gold", "must_open", "bad_orders"}
    assert set(WORDS.refusals) <= tested


def test_an_auction_refuses_bids_out_of_range_with_the_limits() -> None:
    state, _ = play(table(hands=(["traveling merchant"], []), gold=(5, 5)), "play traveling merchant silk tea")
    for move, code, words in (("bid 9", "bid_over_gold", "your 5 gold"), ("pass", "must_open", "bid 1 gold")):
        with pytest.raises(IllegalMove) as refused:
            E.apply(state, move)
        assert refused.value.code == code and words in SAY.refusal(refused.value)
    state, _ = play(state, "bid 3")
    with pytest.raises(IllegalMove) as refused:
        E.apply(state, "bid 2")
    assert refused.value.code == "bid_too_low" and SAY.refusal(refused.value) == "Bid at least 4 gold."


def test_bad_orders_are_refused_in_words() -> None:
    with pytest.raises(IllegalMove) as refused:
        E.apply_standing(table(), 0, "orders " + LONG)
    text = SAY.refusal(refused.value)
    assert "not a standing order" in text and len(text) < 300


# ---- labels ---------------------------------------------------------------------------------------------------------
def test_menu_labels_carry_the_cards_effect_and_prices() -> None:
    state = table(hands=(["2 tea + silk", "parrot", "wise man"], []), wares=(["tea", "tea", "silk"], ["salt"]))
    view = E.view(state, 0)
    labels = {move: SAY.label(move, view) for move in E.legal_moves(state)}
    assert labels["buy 2 tea + silk"] == "Buy 2 tea and silk for 4 gold (2 Tea + Silk)"
    assert labels["sell 2 tea + silk"] == "Sell 2 tea and silk for 11 gold (2 Tea + Silk)"
    assert labels["play parrot salt"] == "Parrot: Take a ware from the opponent (salt)"
    assert labels["end"] == "End the turn (+1 gold)"
    wise, _ = play(state, "play wise man")
    assert SAY.label("buy 2 tea + silk", E.view(wise, 0)) == "Buy 2 tea and silk for 2 gold (2 Tea + Silk)"


def test_a_utilitys_label_says_whether_it_is_put_in_play_or_used_and_what_it_costs() -> None:
    state = table(
        hands=(["drums", "well", "kettle"], []),
        wares=(["silk"], ["salt"]),
        utilities=(["drums", "throne", "well"], []),
        stage="playing",
    )
    view = E.view(state, 0)
    labels = {move: SAY.label(move, view) for move in E.legal_moves(state)}
    assert labels["play drums replace well"] == "Put Drums in play (1 action), replacing Well"
    assert labels["use drums silk"] == "Use Drums (1 action): return a ware, draw 1 card (silk)"
    assert labels["use well"] == "Use Well (1 action): pay 1 gold, draw 1 card"
    assert labels["use throne take salt give silk"] == "Use Throne (1 action): take salt, give silk"
    free = table(hands=([], []), utilities=([], ["drums"]))
    assert SAY.label("play drums", E.view(free, 0)) == "Put Drums in play (1 action)"
    for label in labels.values():
        assert not label.startswith(("Drums:", "Well:", "Kettle:")), label


def test_a_utility_used_through_a_crocodile_reads_as_costing_no_action_but_its_price() -> None:
    state = table(hands=(["crocodile"], []), utilities=([], ["well"]), stage="playing")
    state, _ = play(state, "play crocodile well", "decline")
    view = E.view(state, 0)
    assert view.decision is not None and view.decision.code == "crocodile_use"
    assert SAY.label("use well", view) == "Use Well (no action): pay 1 gold, draw 1 card"
    spanish = say_for("jambo", ("Ana", "Ben"), "es").label("use well", view)
    assert spanish.startswith("Usar Pozo (sin acción): paga 1 de oro") and "gratis" not in spanish, spanish


def test_the_orders_help_names_the_options_as_a_spanish_discord_client_shows_them() -> None:
    """A Spanish player types ``/jambo ordenes precio:``: the help must not send them looking for ``price:``."""
    spanish = say_for("jambo", ("Ana", "Ben"), "es").fill(ORDERS_HOW, {})
    assert "`/jambo ordenes precio:`" in spanish and "`/jambo ordenes animal:`" in spanish, spanish
    assert "price" not in spanish and "orders" not in spanish
    assert "`/jambo orders price:`" in say_for("jambo", ("Ana", "Ben")).fill(ORDERS_HOW, {})


def test_the_psychics_six_cards_read_as_looked_at_not_drawn() -> None:
    """The Psychic looks at the deck's top six and takes one: its owner reads "looked at" each card, the other
    player "looked at a card" six times over; a phase-1 draw still reads "drew"."""
    state, _ = play(table(hands=(["psychic"], [])), "play psychic")
    state, events = play(state, "card guard", "card well", "card boat", "card shaman", "card kettle", "card ape")
    own = SAY.parts(events, 0)
    assert own[0] == "Ana looked at Guard" and all("drew" not in part for part in own), own
    assert SAY.parts(events, 1) == ["Ana looked at a card"] * 6
    _, drawn = play(table(), "draw", "card boat")
    assert SAY.parts(drawn, 0) == ["Ana drew Boat"] and SAY.parts(drawn, 1) == ["Ana drew a card"]


def test_a_ware_cards_title_lists_its_wares_in_the_order_its_trade_and_icons_do() -> None:
    """``fruit + hides + tea`` (its name's alphabetical order) reads "Hides + Tea + Fruit": the wares' own order,
    which the trade's words and the card's icons follow, so one label never lists them two ways."""
    view = E.view(table(hands=(["fruit + hides + tea"], [])), 0)
    assert SAY.label("buy fruit + hides + tea", view) == "Buy hides, tea and fruit for 5 gold (Hides + Tea + Fruit)"
    spanish = say_for("jambo", ("Ana", "Ben"), "es").label("buy fruit + hides + tea", view)
    assert spanish == "Comprar pieles, té y fruta por 5 de oro (Pieles + Té + Fruta)", spanish


def test_a_leopard_statues_use_names_the_ware_it_takes_and_keeps_its_cost_in_spanish() -> None:
    """Each of the six uses reads whole, the cost and the ware in one phrase, in both languages (before, a Spanish
    label too long for a button dropped its cost, "Usar Estatua de leopardo (té)")."""
    state = table(utilities=(["leopard statue"], []), stage="playing")
    view = E.view(state, 0)
    uses = [move for move in E.legal_moves(state) if move.startswith("use leopard statue ")]
    assert len(uses) == 6
    spanish = say_for("jambo", ("Ana", "Ben"), "es")
    for move in uses:
        ware = move.rsplit(" ", 1)[1]
        assert SAY.label(move, view) == f"Use Leopard Statue (1 action): pay 2 gold, take {ware}"
        label = spanish.label(move, view)
        assert label.startswith("Usar Estatua de leopardo (1 acción): paga 2 de oro, toma "), label
        assert len(label) <= 80
