"""Kairo command options: the engine steps each command sends, and the choices each option offers."""

from __future__ import annotations

import random

import pytest

import engines
from bot.core.wording import say_for
from bot.games.cairo import choices as options
from bot.games.cairo.choices import Choice, coins_step, keep_step, narrow, pay_step, public_moves, site_step, take_step
from engines.base import CHANCE
from engines.cairo import CairoState
from engines.cairo.data import load_cairo_data

ENGINE = engines.get("cairo")


def settled(state: CairoState, rng: random.Random) -> CairoState:
    """``state`` after the chance moves that are due."""
    while ENGINE.to_move(state) == CHANCE:
        state = ENGINE.apply(state, ENGINE.sample_chance(state, rng))
    return state


def variable_start() -> CairoState:
    return settled(ENGINE.new_game(2, {"start": "variable"}), random.Random(1))


def preset_start(seed: int = 2) -> CairoState:
    return settled(ENGINE.new_game(2, {"start": "preset"}), random.Random(seed))


def with_hand(state: CairoState, cards: list[str], coins: dict[str, int] | None = None) -> CairoState:
    """``state`` with the active player's hand (and coins) replaced, for a chosen situation."""
    state = ENGINE.copy(state)
    assert state.active is not None
    state.hands[state.active] = cards
    if coins is not None:
        state.coins[state.active] = coins
    return state


# ---- steps --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("typed", "step"),
    [
        ("card NW", "card nw"),
        ("NW", "card nw"),
        ("west coin blue", "wild west coin blue"),
        ("NW, N, west", "cards nw n west"),
        ("wild west coin blue", "wild west coin blue"),
    ],
)
def test_the_pay_option_may_leave_out_the_leading_word(typed: str, step: str) -> None:
    assert pay_step(typed) == step


def test_steps_of_the_other_options() -> None:
    assert site_step("move", "Red", " G7", "g8") == "move red to g7 door g8"
    assert site_step("build", "red", "e5", "e6") == "build red e5 door e6"
    assert site_step("extend", "red", "f5") == "extend red f5"
    assert take_step("2") == "take display 2"
    assert take_step("take deck") == "take deck"
    assert keep_step("NW, N, C, west") == "keep nw n c west"
    assert coins_step("red:2 blue:2") == "pay red:2 blue:2"


def test_every_step_a_command_sends_is_accepted_by_the_engine() -> None:
    state = preset_start()
    site = next(m for m in ENGINE.legal_moves(state) if m.startswith("build "))
    words = site.split()
    step = site_step("build", words[1].upper(), words[2].upper(), words[4])
    assert ENGINE.canonical(state, step) == site


# ---- narrowing ---------------------------------------------------------------------------------------
def test_narrow_prefers_values_starting_with_the_text_then_label_words() -> None:
    choices = [Choice("c1 · North-west sector", "c1"), Choice("h2 · North sector", "h2"), Choice("b9 · South", "b9")]
    assert [c.value for c in narrow(choices, "c")] == ["c1"]
    assert [c.value for c in narrow(choices, "north")] == ["c1", "h2"]
    assert [c.value for c in narrow(choices, "north-w")] == ["c1"]
    assert narrow([Choice(str(i), f"v{i}") for i in range(40)], "") == [Choice(str(i), f"v{i}") for i in range(25)]


# ---- sites -------------------------------------------------------------------------------------------
def test_square_choices_are_narrowed_by_colour_and_prefix_and_name_the_sector() -> None:
    state = variable_start()
    red_c = options.site_choices(state, "place", "square", {"stall": "red"}, "c")
    assert red_c and all(c.value.startswith("c") for c in red_c)
    assert red_c[0].label.startswith(f"{red_c[0].value} · North-west sector · entrance ")
    purple = options.site_choices(state, "place", "square", {"stall": "purple"}, "")
    assert purple and all("tavern zone" in c.label for c in purple)
    legal = {m.split()[4] for m in ENGINE.legal_moves(state) if m.startswith("place red c3 ")}
    doors = options.site_choices(state, "place", "door", {"stall": "red", "square": "c3"}, "")
    assert {c.value for c in doors} == legal
    assert {c.label for c in doors} >= {"c4 · south of the stall at c3", "d3 · east of the stall at c3"}


def test_the_stall_choices_agree_with_a_square_typed_first() -> None:
    state = variable_start()
    assert [c.value for c in options.site_choices(state, "place", "stall", {"square": "a5"}, "")] == ["purple"]
    assert options.site_choices(state, "place", "stall", {"square": "q1"}, "") == []


def test_entrance_choices_say_whose_stall_and_the_charlatans_it_costs() -> None:
    state = preset_start()
    customer = next(m for m in ENGINE.legal_moves(state) if m.startswith("attract ")).split()[1]
    found = options.site_choices(state, "attract", "entrance", {"customer": customer}, "", ["Ana", "Ben"])
    assert found
    for choice in found:
        stall = next(s for s in state.stalls if s.door == choice.value)
        owner = "your" if stall.owner == state.active else "the neutral" if stall.owner < 0 else "Ben's"
        assert choice.label.startswith(f"{choice.value} · {owner} {customer} stall, size {stall.size}")
        needed = options.charlatans_needed(state, customer, choice.value)
        assert ("charlatan" in choice.label) == (needed > 0)


# ---- paying --------------------------------------------------------------------------------------------
def build_at(state: CairoState, square: str) -> str:
    return next(m for m in ENGINE.legal_moves(state) if m.startswith("build ") and m.split()[2] == square)


def test_pay_choices_list_the_cards_that_pay_for_that_square() -> None:
    state = with_hand(preset_start(), ["NW", "N", "west"])
    labels = {c.value: c.label for c in options.pay_choices(state, build_at(state, "c5"), "")}
    assert labels["wild west coin red"] == "West column wildcard + 1 red coin"
    assert not any(value.startswith(("card ", "cards ")) for value in labels), "c5 is in sector W: only the wildcard"
    state = with_hand(state, ["NW", "N", "SE"])
    found = options.pay_choices(state, build_at(state, "c5"), "")
    assert found == [Choice("3 cards: North-west (NW), North (N), South-east (SE)", "cards NW N SE")]
    assert options.pay_choices(state, "build red zz9 door c5", "") == []


def test_coin_choices_come_cheapest_first_after_the_cards() -> None:
    state = with_hand(preset_start(), ["NW", "N", "W", "C"], dict.fromkeys(load_cairo_data().colours, 3))
    extension = next(m for m in ENGINE.legal_moves(state) if m.startswith("extend "))
    colour = extension.split()[1]
    cards = options.pay_choices(state, extension, "")[0].value
    found = options.coins_choices(state, [extension, cards], "")
    assert found[0] == Choice(f"2 {colour}", f"pay {colour}:2")
    assert all(c.value in ENGINE.legal_moves(ENGINE.apply(ENGINE.apply(state, extension), cards)) for c in found)


# ---- drawing -------------------------------------------------------------------------------------------
def test_the_second_pick_leaves_out_the_face_up_card_taken_first() -> None:
    state = preset_start()
    first = options.take_choices(state, None, "")
    assert [c.value for c in first] == ["display 1", "display 2", "display 3", "display 4", "deck", "charlatan"]
    assert first[0].label == f"Face-up card 1: {load_cairo_data().card_label(state.display[0])} ({state.display[0]})"
    second = options.take_choices(state, "display 1", "")
    assert [c.value for c in second] == ["display 2", "display 3", "display 4", "deck", "charlatan"]
    assert len(options.take_choices(state, "deck", "")) == 6


def test_keep_choices_show_what_is_kept_and_what_goes() -> None:
    state = with_hand(preset_start(), ["NW", "N", "C", "S", "west"])
    state.phase = "keep"
    found = options.keep_choices(state, "")
    assert len(found) == 5
    assert Choice("Keep NW, N, C, S · discard west", "NW N C S") in found
    assert [c.value for c in options.keep_choices(state, "west")] == [
        "NW N C west",
        "NW N S west",
        "NW C S west",
        "N C S west",
    ]
    assert [c.value for c in options.keep_choices(state, "nw n c")] == ["NW N C S", "NW N C west"]


# ---- what the board says ---------------------------------------------------------------------------------
def test_prompts_say_what_to_do_next_without_anything_private() -> None:
    say = say_for("cairo", ("Ana", "Ben"))
    state = preset_start()
    view = ENGINE.view(state, None)
    assert view.decision is not None
    prompt = say.decision(view.decision)
    assert "`/cairo build`" in prompt and "`/cairo draw`" in prompt
    drawing = ENGINE.apply(state, "take charlatan")
    drawing_view = ENGINE.view(drawing, None)
    assert drawing_view.decision is not None
    assert say.decision(drawing_view.decision).startswith("take your second card")
    assert public_moves(drawing_view) and not public_moves(view)
    paying = ENGINE.apply(state, next(m for m in ENGINE.legal_moves(state) if m.startswith("extend ")))
    pending = paying.pending
    assert pending is not None
    paying_view = ENGINE.view(paying, None)
    assert paying_view.decision is not None
    assert f"the {pending.colour} extension at {pending.square}" in say.decision(paying_view.decision)
    shown = paying_view.model_copy(update={"details": {**paying_view.details, "display": ["NW", "west", None, "C"]}})
    assert say.label("take display 1", shown) == "Take North-west (face-up 1)"
    assert say.label("take display 2", shown) == "Take the West column wildcard (face-up 2)"
    assert say.label("take display 3", shown) == "Take face-up card 3 (from the left)"
    assert say.label("take deck", shown) == "Draw from the deck"


def test_labels_name_players_and_fall_back_to_player_numbers() -> None:
    assert options.seat_name(["Ana", "Ben"], 1) == "Ben"
    assert options.seat_name(None, 1) == "Player 2"
