"""What a Marrakech player reads: the sentences of a turn, every refusal, every prompt, the end, the buttons.

These tests assert words (the rules tests assert codes). States are built by hand as in
``test_marrakech_rules``; the words come from ``bot.games.marrakech.words`` through the bot's
``Say``, exactly as the live post, the log and catch-up use them.
"""

from __future__ import annotations

import random

import pytest

from bot.catalogs import domains, update
from bot.core.wording import Say, game_words
from engines import CHANCE, GameError, IllegalMove
from engines.marrakech import ENGINE, MarrakechState, parse_placement, parse_square
from engines.marrakech import refusals as refusal_codes

NAMES = ["Ana", "Ben", "Cai", "Dee"]
COLOURS = {"red": 0, "blue": 1, "yellow": 2, "green": 3}
BLUE_AREA = (("blue", "d3-e3"), ("blue", "e2-f2"), ("blue", "b2-c2"))


def say(players: int = 3) -> Say:
    return Say(game_words("marrakech"), NAMES[:players])


def setup(
    players: int = 3,
    *,
    carpets: tuple[tuple[str, str], ...] = (),
    assam: str = "d4",
    facing: str = "N",
    phase: str = "orient",
    dirhams: list[int] | None = None,
    variant: bool = False,
) -> MarrakechState:
    state = ENGINE.new_game(players, {"variant": variant})
    for colour, squares in carpets:
        for square in parse_placement(squares) or ():
            state.board_carpet[square] = state.carpets_laid
            state.board_colour[square] = COLOURS[colour]
        state.carpets_laid += 1
    state.assam, state.facing, state.phase = parse_square(assam), facing, phase  # type: ignore[assignment]
    if phase == "place" and players > 2:
        state.next_carpet = 0
    if dirhams is not None:
        state.dirhams = dirhams
    return state


def told(state: MarrakechState, *moves: str, viewer: int | None = None) -> str:
    """The one sentence the moves make, as a player reads it in the log."""
    events = []
    for move in moves:
        step = ENGINE.transition(state, move)
        events += step.events
        state = step.state
    return say(state.num_players).events(events, viewer)


def refusal(state: MarrakechState, move: str) -> str:
    with pytest.raises(IllegalMove) as caught:
        ENGINE.apply(state, move)
    return say(state.num_players).refusal(caught.value)


# ---- a turn ------------------------------------------------------------------------------------------
def test_a_whole_turn_reads_as_one_sentence() -> None:
    state = setup(carpets=BLUE_AREA)
    assert told(state, "straight", "roll 1", "place d2-c2") == (
        "Ana kept Assam facing north; Ana rolled 1: Assam to d3; Ana paid Ben 4; Ana placed a red carpet on c2-d2."
    )


@pytest.mark.parametrize(
    ("turn", "sentence"),
    [
        ("left", "Ana turned Assam left, to face west."),
        ("right", "Ana turned Assam right, to face east."),
        ("straight", "Ana kept Assam facing north."),
    ],
)
def test_turning_assam_says_which_way_he_faces_now(turn: str, sentence: str) -> None:
    assert told(setup(), turn) == sentence


def test_a_roll_without_tribute_says_only_where_assam_went() -> None:
    assert told(setup(facing="S", phase="roll"), "roll 3") == "Ana rolled 3: Assam to d7."


def test_the_border_the_tribute_all_they_had_and_going_out() -> None:
    state = setup(carpets=(("blue", "b1-c1"),), assam="a1", phase="roll", dirhams=[1, 30, 30])
    assert told(state, "roll 1") == (
        "Ana rolled 1: Assam to b1, round the border, now facing south; Ana paid Ben 1, all they had; Ana is out."
    )


def test_paying_exactly_all_is_an_ordinary_tribute() -> None:
    state = setup(carpets=(("blue", "d3-e3"),), phase="roll", dirhams=[2, 30, 30])
    assert told(state, "roll 1") == "Ana rolled 1: Assam to d3; Ana paid Ben 2."


def test_a_merchant_with_no_dirham_left_owes_the_tribute_and_is_out() -> None:
    state = setup(carpets=(("blue", "d3-e3"),), phase="roll", dirhams=[0, 30, 30])
    assert told(state, "roll 1") == "Ana rolled 1: Assam to d3; Ana owed Ben 2 with nothing left to pay; Ana is out."


def test_two_players_read_the_carpet_drawn_then_laid() -> None:
    state = setup(2, phase="roll")
    assert told(state, "roll 1", "draw yellow", "place d2-c2") == (
        "Ana rolled 1: Assam to d3; Ana drew a yellow carpet; Ana placed a yellow carpet on c2-d2."
    )


def test_the_variant_turn_ends_by_turning_assam_for_the_next_merchant() -> None:
    state = setup(phase="roll", variant=True)
    assert told(state, "roll 2", "place c3-d3", "right") == (
        "Ana rolled 2: Assam to d2; Ana placed a red carpet on c3-d3; Ana turned Assam right, to face east."
    )


def test_every_seat_and_spectator_reads_the_same_turn() -> None:
    state = setup(carpets=BLUE_AREA)
    assert {told(state, "left", "roll 2", viewer=viewer) for viewer in (None, 0, 1, 2)} == {
        "Ana turned Assam left, to face west; Ana rolled 2: Assam to b4."
    }


# ---- refusals ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("phase", "typed", "words"),
    [
        ("orient", "back", "Assam cannot turn around (he faces north): turn him left or right, or keep him straight."),
        ("orient", "S", "Assam cannot turn around (he faces north): turn him left or right, or keep him straight."),
        ("orient", "place d2-d3", "`place d2-d3` is not a move now: turn Assam left, straight or right."),
        ("roll", "left", "The die and the carpet pile decide now, not a player."),
        ("place", "left", "`left` is not a carpet: name two squares side by side, like `place c3-d3`."),
        ("place", "place c3", "`place c3` is not a carpet: name two squares side by side, like `place c3-d3`."),
        ("place", "place c0-c1", "`c0` is not a square of the market (columns a–g, rows 1–7)."),
        ("place", "h4 g4", "`h4` is not a square of the market (columns a–g, rows 1–7)."),
        ("place", "c3-e3", "c3 and e3 are not side by side: a carpet covers two squares that share a side."),
        ("place", "place d4-d5", "d4 is Assam's square: a carpet goes beside him, never under him."),
        (
            "place",
            "a1-b1",
            "A carpet on a1-b1 would not touch Assam's square d4: one of its squares must be beside him.",
        ),
        (
            "place",
            "d3-c3",
            "A carpet on c3-d3 would cover another merchant's whole blue carpet in one placement:"
            " cover one half at most.",
        ),
    ],
)
def test_every_refusal_of_the_move_parser_names_its_rule(phase: str, typed: str, words: str) -> None:
    state = setup(carpets=(("blue", "c3-d3"),), phase=phase)
    assert refusal(state, typed) == words


def test_the_two_player_draw_is_not_a_players_move_either() -> None:
    assert refusal(setup(2, phase="draw"), "left") == "The die and the carpet pile decide now, not a player."


def test_a_game_that_is_over_refuses_every_move() -> None:
    state = setup(phase="over")
    assert refusal(state, "left") == "The game is over."


def test_a_merchant_out_of_the_game_cannot_leave_it_again() -> None:
    state = setup(carpets=BLUE_AREA, phase="roll", dirhams=[1, 30, 30])
    state = ENGINE.apply(state, "roll 1")
    with pytest.raises(GameError) as caught:
        ENGINE.resign(state, 0)
    assert say().refusal(caught.value) == "Ana is already out of the game."


@pytest.mark.parametrize("phase", ["orient", "roll", "place"])
def test_a_huge_input_gets_a_short_refusal(phase: str) -> None:
    for typed in ("x" * 2000, "place " + "c3-" * 660, "a" * 1000 + "1-b1", " ".join(["back"] * 400)):
        words = refusal(setup(phase=phase), typed)
        assert len(words) < 300, words
        assert "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" not in words


def test_mentions_typed_into_a_move_are_quoted_not_sent() -> None:
    words = refusal(setup(), "@everyone <@123>")
    assert words == "`@everyone <@123>` is not a move now: turn Assam left, straight or right."


# ---- prompts ------------------------------------------------------------------------------------------
def prompt(state: MarrakechState) -> str:
    decision = ENGINE.view(state, ENGINE.to_move(state)).decision
    assert decision is not None
    return say(state.num_players).decision(decision)


def test_the_prompt_to_turn_assam() -> None:
    assert prompt(setup(facing="E")) == "turn Assam (he is on d4, facing east): left, straight or right"


def test_the_variant_prompt_turns_assam_for_the_next_merchant() -> None:
    state = ENGINE.apply(ENGINE.apply(setup(phase="roll", variant=True), "roll 1"), "place c2-d2")
    assert prompt(state) == "turn Assam for the next merchant (he is on d3, facing north): left, straight or right"


def test_the_prompt_to_place_names_the_carpet_and_assams_square() -> None:
    assert prompt(ENGINE.apply(setup(phase="roll"), "roll 2")) == "place a red carpet next to Assam on d2"
    bens_turn = setup(2, phase="roll")
    bens_turn.seat = 1
    drawn = ENGINE.apply(ENGINE.apply(bens_turn, "roll 1"), "draw green")
    assert prompt(drawn) == "place a green carpet next to Assam on d3"


# ---- the end, the option, the buttons ------------------------------------------------------------------
def test_the_end_says_why() -> None:
    last = setup(phase="place")
    last.pile = [1, 0, 0]
    outcome = ENGINE.outcome(ENGINE.apply(last, "place d2-d3"))
    assert outcome is not None and say().termination(outcome) == "the last carpet has been laid"
    outcome = ENGINE.outcome(ENGINE.resign(setup(2), 1))
    assert outcome is not None and say(2).termination(outcome) == "only one merchant is still in the market"


def test_the_variant_option_is_described_in_at_most_100_characters() -> None:
    words = say().option("variant")
    assert words.startswith("Rulebook variant") and len(words) <= 100
    assert "turn Assam for the next merchant" in words


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("left", "Turn left"),
        ("straight", "Straight on"),
        ("right", "Turn right"),
        ("place c3-d3", "Carpet on c3 + d3"),
        ("roll 3", "Roll 3"),
        ("draw blue", "Draw a blue carpet"),
    ],
)
def test_move_buttons_read_as_actions(move: str, words: str) -> None:
    assert say().label(move, ENGINE.view(setup(), 0)) == words


# ---- completeness --------------------------------------------------------------------------------------
def test_everything_a_random_game_says_is_worded() -> None:
    for players, variant, seed in ((2, False, 1), (3, True, 2), (4, False, 3)):
        rng, state, words = random.Random(seed), ENGINE.new_game(players, {"variant": variant}), say(players)
        while (seat := ENGINE.to_move(state)) is not None:
            view = ENGINE.view(state, seat)
            if view.decision is not None:
                assert "{" not in words.decision(view.decision)
            move = ENGINE.sample_chance(state, rng) if seat == CHANCE else rng.choice(ENGINE.legal_moves(state))
            step = ENGINE.transition(state, move)
            sentence = words.events(step.events, None)
            assert sentence and "{" not in sentence and "_" not in sentence
            if seat != CHANCE:
                assert words.label(move, view) != move or move.startswith("roll")
            state = step.state
        outcome = ENGINE.outcome(state)
        assert outcome is not None and words.termination(outcome)


def test_every_refusal_code_of_the_engine_has_words() -> None:
    assert len(refusal_codes.CODES) == 10
    assert set(refusal_codes.CODES) == set(game_words("marrakech").refusals)


def test_the_catalog_is_up_to_date() -> None:
    (domain,) = [d for d in domains() if d.name == "marrakech"]
    assert update(domain, check=True) == []
