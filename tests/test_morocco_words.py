"""What a Morocco player reads: a whole round told move by move, every prompt, every refusal, the endings.

These tests assert English on purpose (the words are the feature). They also check that every
code the engine can produce is worded, that a refusal of anything typed is short and names the
rule, and that the generated catalog is in step with ``bot/games/morocco/words.py``.
"""

from __future__ import annotations

import random

import pytest
from test_morocco_notation import E, close, cubes, dealt, put, set_cubes, workers_turn

from bot import catalogs
from bot.core.wording import say_for
from bot.games.morocco.words import DECISIONS, EVENTS, REFUSALS, SPECIAL, TERMINATIONS, WORDS
from engines.base import CHANCE, IllegalMove, events_seen_by
from engines.morocco.state import MoroccoState

NAMES = ("Ana", "Ben", "Cy")
SAY = say_for("morocco", NAMES)


def told(state: MoroccoState, move: str, viewer: int | None = 0) -> tuple[MoroccoState, str]:
    step = E.transition(state, move)
    return step.state, SAY.events(step.events, viewer)


def prompt(state: MoroccoState) -> str:
    return SAY.decision(E.view(state, None).decision)


# ---- a whole round ------------------------------------------------------------------------------------
ROUND = [
    ("roll green", None, "Ana rolls the market die: green; everyone takes a cube of that colour."),
    (
        "scout 3",
        "move the rooftop pawn from the centre to another space (`scout 1`–`scout 5`)",
        "Ana moves the pawn to rooftop space 3 (purple) and takes black and green; the others take purple.",
    ),
    (
        "scout 1",
        "move the rooftop pawn from space 3 to another space (`scout 1`–`scout 5`)",
        "Ben moves the pawn to rooftop space 1 (orange) and takes brown and black; the others take orange.",
    ),
    (
        "scout 2",
        "move the rooftop pawn from space 1 to another space (`scout 1`–`scout 5`)",
        "Cy moves the pawn to rooftop space 2 (black) and takes orange and purple; the others take black.",
    ),
    (
        "assistant b2 nw",
        "place a worker (turn 1 of 2): assistant, bodyguard, tourist or cousin, like `assistant c3 ne`",
        "Ana places an assistant on b2 nw, paying 2 black cubes (row and column).",
    ),
    (
        "tourist b2 ne cube brown",
        "place a worker (turn 1 of 2): assistant, bodyguard, tourist or cousin, like `assistant c3 ne`",
        "Ben places a tourist on b2 ne, paying 2 black cubes (row and column) and 1 brown cube; "
        "Cy wins stall b2: 5 points; "
        "Ben comes tied second at b2: 1 point and a gold coin or a bodyguard (their choice); "
        "Ana comes tied second at b2: 1 point and a gold coin or a bodyguard (their choice).",
    ),
    (
        "reward gold",
        "you came tied second at b2: take a gold coin or a bodyguard (`reward gold`, `reward bodyguard`)",
        "Ben takes a gold coin.",
    ),
    (
        "reward bodyguard",
        "you came tied second at b2: take a gold coin or a bodyguard (`reward gold`, `reward bodyguard`)",
        "Ana takes a bodyguard; Ana takes the 3 juice token at b2 nw, face down; "
        "Ben takes the juice token at b2 ne, face down; Cy takes the juice token at b2 sw, face down; "
        "Cy takes the juice token at b2 se, face down; Cy's market tile closes b2.",
    ),
    (
        "arrow east",
        "point the arrow of the tile on b2: north, east, south or west (`arrow north`)",
        "Cy points the arrow of b2 east, at c2.",
    ),
    (
        "tourist to c2 nw",
        "your tourist leaves b2 for c2: choose a free space, c2 nw, c2 ne, c2 sw or c2 se (`tourist to c2 nw`)",
        "Ben's tourist leaves b2 for c2 nw and becomes an assistant.",
    ),
    (
        "cousin d3 nw then c3 ne cube orange",
        "place a worker (turn 1 of 2): assistant, bodyguard, tourist or cousin, like `assistant c3 ne`",
        "Cy plays a cousin: assistants on d3 nw and c3 ne, paying 2 purple cubes (row and column) and 1 orange cube.",
    ),
    (
        "bodyguard c4 nw",
        "place a worker (turn 2 of 2): assistant, bodyguard, tourist or cousin, like `assistant c3 ne`",
        "Ana places a bodyguard on c4 nw, paying 2 green cubes (row and column).",
    ),
    (
        "assistant c3 nw",
        "place a worker (turn 2 of 2): assistant, bodyguard, tourist or cousin, like `assistant c3 ne`; "
        "or spend gold (1 held) to swap two rows or two columns",
        "Ben places an assistant on c3 nw, paying 1 purple cube (row) and 1 green cube (column).",
    ),
    (
        "assistant a4 se",
        "place a worker (turn 2 of 2): assistant, bodyguard, tourist or cousin, like `assistant c3 ne`",
        "Cy places an assistant on a4 se, paying 1 green cube (row) and 1 orange cube (column); "
        "round 1 ends; Ana keeps one orange cube; "
        "round 2 begins; Ben starts.",
    ),
]


def test_a_whole_round_reads_move_by_move_with_each_prompt() -> None:
    state = dealt(3, start=0)
    put(state, "b2 sw", 2)
    put(state, "b2 se", 2)
    for move, asked, sentence in ROUND:
        if asked is not None:
            assert prompt(state) == asked, move
        state, text = told(state, move)
        assert text == sentence, move


def test_a_stall_whose_row_and_column_share_a_colour_costs_two_cubes_of_it_and_says_so() -> None:
    state = workers_turn(dealt(3), 0, black=3)  # b2: a black row cube and a black column cube
    state, text = told(state, "assistant b2 nw")
    assert cubes(state, 0) == {"black": 1}, "one cube for the row, one for the column"
    assert text.startswith("Ana places an assistant on b2 nw, paying 2 black cubes (row and column);"), text


def test_the_other_players_read_that_a_juice_token_was_taken_but_not_its_value() -> None:
    state = dealt(3, start=0)
    for where in ("b2 sw", "b2 se", "b2 ne"):
        put(state, where, 2)
    state = workers_turn(state, 0, black=2)
    _, mine = told(state, "assistant b2 nw", viewer=0)
    _, theirs = told(state, "assistant b2 nw", viewer=1)
    assert "Ana takes the 3 juice token at b2 nw, face down; Cy takes the juice token at b2 ne, face down" in mine
    assert "Ana takes the juice token at b2 nw, face down" in theirs and "3 juice" not in theirs


# ---- prompts ------------------------------------------------------------------------------------------
def test_the_prompts_of_the_other_decisions() -> None:
    state = E.apply(dealt(3, start=1), "roll wild")
    assert prompt(state) == "the market die shows wild: choose a cube (`wild green`)"
    state = workers_turn(dealt(3), 0, green=1)
    state.gold[0] = 2
    assert prompt(state) == "you cannot place a worker: spend gold (2 held) to swap rows or columns, or `pass`"
    state.step, state.owed = "keep", [0]
    set_cubes(state, 0, green=1, brown=2)
    assert prompt(state) == "the round is over: keep one cube of green or brown (`keep green`)"


def test_a_third_place_prompt_says_third() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    state.guards_hand[0], state.guards_quarters[0] = 1, 1
    put(state, "c3 nw", 1, "bodyguard")
    put(state, "c3 ne", 2)
    state, text = told(state, "bodyguard c3 sw")
    assert "Cy comes third at c3: 1 point and a gold coin or a bodyguard (their choice)" in text
    assert prompt(state).startswith("you came third at c3: take a gold coin or a bodyguard")


# ---- refusals -------------------------------------------------------------------------------------------
def refusal_state() -> MoroccoState:
    """Ana to place, holding a purple and an orange cube; Ben's assistant on c2 nw; d5 closed."""
    state = workers_turn(dealt(3), 0, purple=1, orange=1)
    put(state, "c2 nw", 1)
    close(state, "d5", owner=1, arrow=0)
    return state


REFUSAL_CASES = [
    ("assistant c3 ne", "Stall c3 needs a purple and a green cube; you have no green."),
    ("assistant d3 nw", "Stall d3 needs two purple cubes; you have only one purple."),
    ("assistant b2 nw", "Stall b2 needs two black cubes; you have no black."),
    ("assistant a2 nw", "Stall a2 needs a black and an orange cube; you have no black."),
    ("assistant b4 nw", "Stall b4 needs a green and a black cube; you have no green and no black."),
    ("assistant c2 nw", "Space c2 nw is taken by Ben's worker: choose a free space."),
    ("assistant d5 nw", "Stall d5 is closed: workers go only to open stalls."),
    ("bodyguard a3 nw", "You have no bodyguard in hand: you win them as second or third at a stall."),
    ("tourist a3 nw", "That worker costs a third cube of any colour: add it, like `tourist c3 ne cube green`."),
    ("tourist d1 nw cube brown", "You have no brown cube left to pay the third cube at d1."),
    ("cousin d1 nw then c1 ne cube brown", "You have no brown cube left to pay the third cube at d1."),
    (
        "cousin d1 ne then c1 ne cube green",
        "The cousin's free assistant goes to the same corner of a neighbouring stall: e1 nw, not c1 ne.",
    ),
    ("pass", "You can place a worker, so you may not pass."),
    ("swap rows 1 2", "You have no gold coin to spend."),
    ("swap rows 2 2", "A gold coin swaps two different rows, not `2` with itself."),
    ("swap columns a z", "`z` is not one of the columns: they are a to e."),
    (
        "scout 3",
        "`scout 3` does not fit now: Ana must place a worker (`assistant c3 ne`), "
        "spend gold (`swap rows 1 3`) or pass.",
    ),
    ("assistant z9 ne", "`z9` is not a stall: columns a–e, rows 1–5 (like c3)."),
    ("assistant c3 up", "`up` is not a corner: a stall's spaces are nw, ne, sw and se."),
    ("assistant c3", "`assistant c3` is not written right: write it like `assistant c3 ne`."),
    ("tourist d1 nw cube pink", "`pink` is not a cube colour: orange, black, purple, green or brown."),
    ("scout 9", "`9` is not a rooftop space: they are 1 to 5, or name the cube on one."),
    ("arrow up", "`up` is not a direction: north, east, south or west."),
    (
        "dance",
        "`dance` is not a Morocco move. Now: place a worker (`assistant c3 ne`), spend gold (`swap rows 1 3`) or pass.",
    ),
]


@pytest.mark.parametrize(("move", "sentence"), REFUSAL_CASES)
def test_refusals_name_the_rule_broken(move: str, sentence: str) -> None:
    state = refusal_state()
    if move == "tourist d1 nw cube brown" or move.startswith("cousin"):
        set_cubes(state, 0, orange=1, purple=1, green=1)
    assert SAY.refusal(E.refusal(state, move)) == sentence


def test_the_choices_owed_by_others_are_refused_in_words() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1)
    put(state, "c3 nw", 1, "tourist")
    put(state, "c3 ne", 0)
    put(state, "c3 sw", 0)
    close(state, "d3", owner=2, arrow=0)
    state = E.apply(state, "assistant c3 se")
    assert SAY.refusal(E.refusal(state, "arrow east")) == (
        "d3 is closed: the arrow of c3 must point at an open neighbouring stall."
    )
    state = E.apply(state, "arrow south")
    assert SAY.refusal(E.refusal(state, "tourist to d3 nw")) == (
        "The tourist moves to a free space of c4: c4 nw, c4 ne, c4 sw or c4 se."
    )
    assert SAY.refusal(E.refusal(state, "keep green")) == (
        "`keep green` does not fit now: Ben must move a tourist (`tourist to c4 nw`)."
    )
    state = E.apply(state, "tourist to c4 nw")
    state = E.resign(state, 1)
    state = E.resign(state, 2)
    assert SAY.refusal(E.refusal(state, "pass")) == "The game is over."


def test_a_2000_character_input_gets_a_short_refusal() -> None:
    state = refusal_state()
    for text in ("x" * 2000, "assistant " + "c3" * 1000, "tourist c3 ne cube " + "g" * 1990, "swap rows " + "1 " * 999):
        sentence = SAY.refusal(E.refusal(state, text))
        assert 0 < len(sentence) < 300 and "\n" not in sentence


def test_every_refusal_code_is_reached_by_a_case() -> None:
    state = refusal_state()
    reached = {E.refusal(state, move).code for move, _ in REFUSAL_CASES}
    set_cubes(state, 0, orange=1, purple=1, green=1)
    reached |= {E.refusal(state, move).code for move, _ in REFUSAL_CASES}
    others = {"chance_step", "pawn_stays", "no_assistant", "no_tourist", "no_cousin", "cousin_needs_two"}
    others |= {"cousin_blocked", "arrow_off_market", "arrow_at_closed", "tourist_space", "keep_none", "no_such_line"}
    others |= {"extra_cube_needed", "no_such_direction"}
    others |= {"extra_cube_option", "cousin_then_option"}  # the bot's own, for /morocco worker (test_e2e_morocco)
    assert set(REFUSALS) <= reached | others


def test_the_less_common_refusals_read_right() -> None:
    fresh = E.new_game(3)
    assert SAY.refusal(E.refusal(fresh, "scout 3")) == "Nobody moves now: the bot will deal the juice tokens."
    state = refusal_state()
    state.assistants[0] = 0
    assert SAY.refusal(E.refusal(state, "assistant a1 nw")) == (
        "You have no assistant left: they come back when their stall closes."
    )
    state.tourists[0], state.cousins[0] = 0, 0
    assert SAY.refusal(E.refusal(state, "tourist a1 nw cube purple")) == (
        "You have no tourist left: each player has two for the game."
    )
    assert SAY.refusal(E.refusal(state, "cousin a1 ne then b1 nw cube purple")) == (
        "You have no cousin token left: each player has two for the game."
    )
    state.cousins[0], state.assistants[0] = 1, 1
    assert SAY.refusal(E.refusal(state, "cousin a1 ne then b1 nw cube purple")) == (
        "A cousin places two assistants and you have 1."
    )
    state = E.apply(dealt(4), "scout 2")
    assert SAY.refusal(E.refusal(state, "scout 2")) == (
        "The pawn is on space 2 already: it must move to another rooftop space."
    )


# ---- every code worded -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "players", [2, pytest.param(3, marks=pytest.mark.slow), pytest.param(4, marks=pytest.mark.slow), 5]
)
def test_every_event_decision_and_ending_of_random_games_is_worded(players: int) -> None:
    names = tuple(f"P{n}" for n in range(players))
    say = say_for("morocco", names)
    rng = random.Random(players)
    for _ in range(3):
        state = E.new_game(players)
        while (seat := E.to_move(state)) is not None:
            view = E.view(state, seat if seat >= 0 else None)
            if view.decision is not None:
                _check_text(say.decision(view.decision))
                for move in E.legal_moves(state)[:12]:
                    _check_text(say.label(move, view))
            move = E.sample_chance(state, rng) if seat == CHANCE else rng.choice(E.legal_moves(state))
            events = E.transition(state, move).events
            for viewer in (None, *range(players)):
                for event in events_seen_by(events, viewer):
                    _check_text(say.event(event))
            state = E.apply(state, move)
        _check_text(say.termination(E.outcome(state)))


def _check_text(text: str) -> None:
    assert text and "{" not in text and "}" not in text and "None" not in text, text


def test_the_endings_read_right() -> None:
    state = dealt(3)
    state.step, state.termination = "over", "market_closed"
    assert SAY.termination(E.outcome(state)) == "the final round is over with 25 stalls still open"
    state.termination = "last_stall"
    assert SAY.termination(E.outcome(state)) == "the last stall of the market has closed"
    state.termination = "market_stuck"
    assert SAY.termination(E.outcome(state)).startswith("no player has a worker left to place")
    state.termination = "resigned"
    assert SAY.termination(E.outcome(state)) == "the other players left the game"
    state.termination, state.tiles = "market_closed", [0] * (len(state.tiles) - 1) + [-1]
    assert SAY.termination(E.outcome(state)) == "the final round is over with 1 stall still open"


def test_moves_on_buttons_say_what_they_do() -> None:
    state = workers_turn(dealt(3), 0, purple=1, green=1, brown=1)
    view = E.view(state, 0)
    assert SAY.label("assistant c3 ne", view) == "Assistant on c3 ne (purple + green)"
    assert SAY.label("tourist c3 ne cube brown", view) == "Tourist on c3 ne (purple + green + brown)"
    assert SAY.label("cousin c3 ne then d3 nw cube brown", view) == "Cousin: c3 ne + d3 nw (purple + green + brown)"
    assert SAY.label("swap columns b d", view) == "Gold: swap columns b and d"
    assert SAY.label("scout 3", view) == "Pawn to 3 (purple)"
    assert SAY.label("reward gold", view) == "A gold coin"
    assert SAY.label("arrow west", view) == "Arrow west"
    assert SAY.label("keep green", view) == "Keep green"
    assert SAY.label("pass", view) == "Pass"


def test_the_tables_cover_the_engine_and_the_catalog_is_up_to_date() -> None:
    assert WORDS.domain == "morocco"
    assert {"scout", "wild", "reward", "arrow", "tourist", "keep"} <= set(DECISIONS) and "workers" in SPECIAL
    assert {"market_closed", "last_stall", "market_stuck"} == set(TERMINATIONS)
    assert {"juice_taken", "juice_taken_face_down", "stall_won", "arrow_set"} <= set(EVENTS)
    domain = next(d for d in catalogs.domains() if d.name == "morocco")
    assert catalogs.update(domain, check=True) == []


def test_an_illegal_move_carries_json_parameters_only() -> None:
    state = refusal_state()
    for move, _ in REFUSAL_CASES:
        error = E.refusal(state, move)
        assert isinstance(error, IllegalMove)
        assert all(isinstance(v, str | int | list | bool | dict) for v in error.params.values())


def test_the_setup_deal_of_the_juice_tokens_reads_as_one_phrase_with_its_values() -> None:
    state, events, rng = E.new_game(3), [], random.Random(2)
    while E.to_move(state) == CHANCE:
        step = E.transition(state, E.sample_chance(state, rng))
        state, events = step.state, [*events, *step.events]
    placed = [e for e in events if e.code == "juice_placed"]
    values = sorted(int(e.params["value"]) for e in placed)
    said = SAY.events(events, None)
    assert len(placed) == 36 and said.count("juice token") == 1, said
    expected = ", ".join(f"{values.count(v)} worth {v}" for v in (2, 3)) + f" and {values.count(4)} worth 4"
    assert said.startswith(f"36 juice tokens go face up, one on each crossing of the grid ({expected}); "), said
    one = SAY.events(placed[:1], None)
    assert one == f"A {placed[0].params['value']} juice token goes face up at {placed[0].params['space']}.", one
