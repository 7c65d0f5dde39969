"""What a Kairo player reads: each kind of turn, a draw seen by its drawer and the others, every refusal, the end.

Sentences are read as the bot builds them (``bot.core.wording``: the events of a turn joined, the
refusal of a move, the decision as a prompt), with the players Ana, Bo and Cy. Every refusal path of
the move reader is tried once and must tell its real reason, shortly, whatever was typed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

import engines.cairo
from bot.core.wording import Say, say_for
from bot.games.cairo.words import FORMS, REFUSALS, WORDS
from engines.base import IllegalMove
from engines.cairo import NEUTRAL, CairoState
from tests.test_cairo_rules import QUEUE, E, _placing, play, position

NAMES = ("Ana", "Bo", "Cy")


@pytest.fixture
def say() -> Say:
    return say_for("cairo", NAMES)


def turn(state: CairoState, *moves: str, viewer: int | None = None, say: Say | None = None) -> str:
    """The sentence ``viewer`` reads for ``moves`` played one after the other."""
    words = say or say_for("cairo", NAMES)
    events = []
    for move in moves:
        step = E.transition(state, move)
        events.extend(step.events)
        state = step.state
    return words.events(events, viewer)


# ---- states the refusals are tried in -------------------------------------------------------------------
def over() -> CairoState:
    return play(position(players=2, final=True), "pass", "pass")


def carding(**kwargs: object) -> CairoState:
    """Seat 0 has chosen to extend its red stall c3 (size 2) to c4 (sector NW), price 3: cards are next."""
    return play(position(stalls=[(0, "red", "c3", "d3", "c2")], **kwargs), "extend red c4")  # type: ignore[arg-type]


def paying() -> CairoState:
    """The same extension paid with the NW card: coins are next (seat 0 holds 3 red and 1 blue)."""
    state = position(stalls=[(0, "red", "c3", "d3", "c2")], hands={0: ["NW"]}, coins={0: {"red": 3, "blue": 1}})
    return play(state, "extend red c4", "card NW")


def drawing() -> CairoState:
    return play(position(), "take charlatan")


def keeping() -> CairoState:
    return play(
        position(hands={0: ["N", "C", "S", "SE"]}, display=["NW", "W", None, None]), "take display 1", "take display 2"
    )


def placing() -> CairoState:
    return _placing(3)


def changed(state: CairoState, **fields: object) -> CairoState:
    for name, value in fields.items():
        setattr(state, name, value)
    return state


Case = tuple[str, Callable[[], CairoState], str, str]
CASES: list[Case] = [
    ("game_over", over, "take deck", "The game is over."),
    (
        "empty_move",
        position,
        "   ",
        "Type a move, for example `build red e5 door e6`, `attract red to f6` or `take deck`.",
    ),
    (
        "unknown_move",
        position,
        "dance the night away",
        (
            "`dance the night away` is not a Kairo move: moves start with place, build, extend, move, card,"
            " wild, cards, pay, attract, take, keep or pass."
        ),
    ),
    (
        "chance_due",
        lambda: play(position(), "take deck"),
        "take deck",
        "Chance moves now (a card is dealt, or the customers or the start player are drawn): wait.",
    ),
    (
        "chance_word",
        position,
        "deal NW",
        "`deal NW` is made by the bot (cards dealt, customers and start player drawn), never by a player.",
    ),
    (
        "bad_form",
        position,
        "take deck please",
        "`take deck please` is not a move I can read: write it like `take display 2`, `take deck` or `take charlatan`.",
    ),
    (
        "bad_form",
        position,
        "take charlatan x",
        "`take charlatan x` is not a move I can read: write it like `take display 2`, `take deck` or `take charlatan`.",
    ),
    (
        "bad_form",
        position,
        "take display x",
        "`take display x` is not a move I can read: write it like `take display 2`, `take deck` or `take charlatan`.",
    ),
    (
        "bad_form",
        position,
        "build red e5",
        "`build red e5` is not a move I can read: write it like `build red e5 door e6`.",
    ),
    ("bad_form", paying, "pay red", "`pay red` is not a move I can read: write it like `pay red:2 blue:2`."),
    (
        "no_colour",
        position,
        "build pink e5 door e6",
        "There is no colour `pink`: the colours are red, yellow, green, blue, white and purple.",
    ),
    (
        "no_square",
        position,
        "build red z9 door e6",
        "There is no square `z9`: squares run from a1 to n13, and q1–q5 in the queue.",
    ),
    (
        "no_card",
        lambda: carding(hands={0: ["NW"]}, coins={0: {"red": 3}}),
        "card XX",
        "There is no card `XX`: the cards are NW N NE W C E SW S SE and north middle south west centre east.",
    ),
    (
        "cards_not_held",
        lambda: carding(hands={0: ["N", "S", "E"]}, coins={0: {"red": 3}}),
        "cards S S E",
        "You do not hold S (or not that many).",
    ),
    (
        "pay_cards_first",
        lambda: carding(hands={0: ["NW"]}, coins={0: {"red": 3}}),
        "take deck",
        (
            "First pay for the red extension at c4 (price 3) with building cards: `card NW`, `wild west"
            " coin blue` or `cards NW N west`."
        ),
    ),
    (
        "pay_coins_first",
        paying,
        "take deck",
        "First pay the coins for the red extension at c4 (price 3): `pay red:3` or other colours 2 for 1.",
    ),
    (
        "second_pick_first",
        drawing,
        "attract red to e3",
        "You are drawing cards: take your second one (`take display 2`, `take deck` or `take charlatan`).",
    ),
    ("keep_first", keeping, "take deck", "You hold more than 4 building cards: first choose the 4 to keep (`keep …`)."),
    (
        "place_first",
        placing,
        "build red c3 door c4",
        "At the start each merchant places a main stall in turn, without cards: `place red e5 door e6`.",
    ),
    (
        "place_only_at_start",
        position,
        "place red c3 door c4",
        "Stalls are placed without cards only at the start: now build them (`build …`).",
    ),
    (
        "choose_build_first",
        position,
        "card C",
        "Choose what to build first (`build`, `extend` or `move`); the cards and coins follow.",
    ),
    (
        "final_stage_only_build",
        lambda: position(final=True),
        "take deck",
        "In the final stage only building is allowed (or `pass`, to stop building for good).",
    ),
    ("pass_only_in_final", position, "pass", "You may pass only in the final stage."),
    (
        "keep_not_due",
        position,
        "keep NW N C W",
        "You choose cards to keep only after a draw leaves you more than 4 building cards.",
    ),
    (
        "card_not_in_deck",
        lambda: changed(play(position(), "take deck"), deck={"N": 2}),
        "deal NW",
        "That card is not in the pile being dealt from: the North-west card (NW).",
    ),
    (
        "not_in_bag",
        lambda: changed(position(), phase="neutral", neutrals=["blue"], place_order=[0]),
        "neutral red",
        "The neutral red stall is not in the bag any more.",
    ),
    (
        "neutral_is",
        lambda: changed(position(), phase="neutral", neutral_drawn="blue", place_order=[0]),
        "place red c3 door c4",
        "The neutral stall to place is the blue one.",
    ),
    (
        "stall_on_board",
        lambda: position(stalls=[(0, "red", "c3", "d3")], hands={0: ["C"]}),
        "build red g6 door g7",
        "Your red main stall is already on the board (at c3): you have one of each colour.",
    ),
    ("must_place", placing, "pass", "You can still place a main stall, so you may not skip."),
    ("no_stall_to_extend", position, "extend red c4", "You have no red stall on the board to extend."),
    (
        "no_extensions_left",
        lambda: position(
            stalls=[(1, "red", "j6", "k6", "j7", "j8", "j9", "i9", "h9", "h10"), (0, "red", "c3", "d3")],
            hands={0: ["NW"]},
            coins={0: {"red": 9}},
        ),
        "extend red c4",
        "There are no red extensions left.",
    ),
    ("no_stall_to_move", position, "move red to g6 door g7", "You have no red main stall on the board to move."),
    (
        "stall_extended",
        lambda: position(stalls=[(0, "red", "b1", "c1", "b2"), (1, "blue", "c3", "d3", "c2", "b3")], hands={0: ["C"]}),
        "move red to g6 door g7",
        "Your red stall at b1 has been extended, so it may no longer be moved.",
    ),
    (
        "stall_extendable",
        lambda: position(stalls=[(0, "red", "c3", "d3")], hands={0: ["C"]}),
        "move red to g6 door g7",
        "Your red stall at c3 can still be extended (at c2), so it may not be moved.",
    ),
    (
        "must_change_place",
        lambda: position(stalls=[(0, "red", "b1", "c1"), (1, "blue", "c3", "d3", "c2", "b2")], hands={0: ["NW"]}),
        "move red to b1 door c1",
        "A moved stall must change its square or its entrance: it stands at b1, entrance c1.",
    ),
    (
        "no_card_for_square",
        lambda: position(hands={0: ["C"]}),
        "build red c3 door c4",
        (
            "You have no card to build at c3 (sector NW): you need the NW card, a north or west wildcard"
            " and a coin, or any 3 building cards."
        ),
    ),
    (
        "needs_colour_coin",
        lambda: position(stalls=[(0, "red", "c3", "d3", "c2")], hands={0: ["NW"]}, coins={0: {"blue": 20}}),
        "extend red c4",
        "An extension must be paid with at least 1 red coin, and you have none.",
    ),
    (
        "cannot_afford",
        lambda: position(stalls=[(0, "red", "c3", "d3", "c2")], hands={0: ["NW"]}, coins={0: {"red": 1, "blue": 2}}),
        "extend red c4",
        "The extension costs 3 (red coins count 1, other colours 2 for 1), and you have 2.",
    ),
    (
        "needs_colour_coin_after_wild",
        lambda: carding(hands={0: ["west", "N", "N"]}, coins={0: {"red": 1, "blue": 8}}),
        "wild west coin red",
        "After the wildcard's coin you would have no red coin, and an extension needs at least 1.",
    ),
    (
        "cannot_afford_after_wild",
        lambda: carding(hands={0: ["west", "N", "N"]}, coins={0: {"red": 3}}),
        "wild west coin red",
        (
            "After the wildcard's coin you would have 2 to pay 3 for the extension (red coins count 1,"
            " other colours 2 for 1)."
        ),
    ),
    (
        "card_not_held",
        lambda: carding(hands={0: ["NW"]}, coins={0: {"red": 3}}),
        "card W",
        "You do not hold the West card (W).",
    ),
    (
        "wild_needs_coin",
        lambda: carding(hands={0: ["west"]}, coins={0: {"red": 3, "blue": 1}}),
        "card west",
        "A wildcard is played with a coin of any colour: `wild west coin blue`.",
    ),
    (
        "card_wrong_sector",
        lambda: carding(hands={0: ["NW", "N", "W"]}, coins={0: {"red": 3}}),
        "card N",
        "You cannot build at c4 (sector NW) with the North card (N): a standard card builds only in its own sector.",
    ),
    (
        "not_wild",
        lambda: carding(hands={0: ["NW"]}, coins={0: {"red": 3}}),
        "wild NW coin red",
        "You named the North-west card (NW) as a wildcard, but it is a standard card: play it with `card …`.",
    ),
    (
        "wild_wrong_zone",
        lambda: carding(hands={0: ["NW", "east"]}, coins={0: {"red": 3}}),
        "wild east coin red",
        "You cannot build at c4 (sector NW) with the East column wildcard: its zone does not hold that sector.",
    ),
    (
        "no_coin_for_wild",
        lambda: carding(hands={0: ["west"]}, coins={0: {"red": 3, "white": 2}}),
        "wild west coin blue",
        "A wildcard costs 1 coin of any colour, and you have no blue coin.",
    ),
    (
        "three_cards",
        lambda: carding(hands={0: ["N", "S", "E"]}, coins={0: {"red": 3}}),
        "cards N S",
        "Building anywhere takes exactly 3 building cards, not 2.",
    ),
    (
        "single_card_suffices",
        lambda: carding(hands={0: ["NW", "S", "E"]}, coins={0: {"red": 3}}),
        "cards NW S E",
        "You can pay for c4 with a single card, and 3 cards may be played only by a merchant without one.",
    ),
    ("not_enough_coins", paying, "pay red:2 blue:2", "You have only 1 blue coin value, not 2."),
    (
        "pay_needs_colour_coin",
        lambda: play(
            position(stalls=[(0, "red", "c3", "d3", "c2")], hands={0: ["NW"]}, coins={0: {"red": 1, "blue": 6}}),
            "extend red c4",
            "card NW",
        ),
        "pay blue:6",
        "An extension must be paid with at least 1 red coin.",
    ),
    ("wrong_price", paying, "pay red:2", "The extension costs exactly 3: red coins count 1, other colours 2 for 1."),
    (
        "customer_waiting",
        lambda: position(stalls=[(0, "purple", "a6", "b6")]),
        "attract purple to b6",
        "The purple customer is waiting on its tray; only the 5 customers in the souk can move.",
    ),
    (
        "no_reachable_entrance",
        lambda: position(stalls=[(0, "red", "d3", "e3")], customers={**QUEUE, "white": "e3"}),
        "attract red to e3",
        "No free red entrance can be reached by the red customer.",
    ),
    (
        "not_an_entrance",
        lambda: position(stalls=[(0, "red", "d3", "e3")]),
        "attract red to f6",
        "f6 is not the entrance of a red stall.",
    ),
    (
        "entrance_occupied",
        lambda: position(stalls=[(0, "red", "d3", "e3"), (1, "red", "j8", "i8")], customers={**QUEUE, "white": "e3"}),
        "attract red to e3",
        "The entrance at e3 is taken: the white customer stands there.",
    ),
    (
        "entrance_unreachable",
        lambda: position(stalls=[(0, "red", "b2", "b1"), (1, "blue", "c1", "d1", "c2"), (1, "red", "j8", "i8")]),
        "attract red to b1",
        "The red customer cannot reach the entrance at b1.",
    ),
    (
        "needs_charlatans",
        lambda: position(stalls=[(0, "red", "d3", "e3"), (1, "red", "j8", "i8")]),
        "attract red to i8",
        "A free red entrance is nearer than i8: you need 1 charlatan and have none.",
    ),
    (
        "needs_charlatans",
        lambda: position(
            players=3,
            stalls=[(0, "red", "d3", "e3"), (1, "red", "j8", "i8"), (2, "red", "l11", "l12")],
            charlatans={0: 1},
        ),
        "attract red to l12",
        "2 free red entrances are nearer than l12: you need 2 charlatans and have 1.",
    ),
    ("no_display_slot", position, "take display 9", "The display has slots 1 to 4, not 9."),
    (
        "display_slot_empty",
        lambda: position(display=("E", None, "SW", "middle")),
        "take display 2",
        "Display slot 2 is empty until the end of the turn.",
    ),
    (
        "deck_empty",
        lambda: changed(position(), deck={}, discard={}),
        "take deck",
        "The deck and the discard pile are both empty.",
    ),
    (
        "no_charlatans_left",
        lambda: changed(position(), charlatan_supply=0),
        "take charlatan",
        "There are no charlatan cards left in the supply.",
    ),
    ("keep_count", keeping, "keep NW N", "Keep exactly 4 building cards, not 2."),
    (
        "queue_square",
        lambda: position(hands={0: ["N", "N", "NE"]}),
        "build red q2 door f1",
        "q2 is a queue square: nothing is ever built there.",
    ),
    (
        "tavern_colour_only",
        lambda: position(hands={0: ["W"]}),
        "build purple c6 door c7",
        "A purple main stall stands only in the tavern zone, and c6 is in the souk.",
    ),
    (
        "souk_only",
        lambda: position(hands={0: ["W"]}),
        "build red a6 door b6",
        "Only purple stalls stand in the tavern zone: a red main stall goes in the souk.",
    ),
    (
        "square_not_free",
        lambda: position(
            stalls=[(1, "blue", "c3", "d3", "c4")], customers={**QUEUE, "red": "c7"}, hands={0: ["NW", "W"]}
        ),
        "build red c3 door c2",
        "c3 is not free: Bo's blue main stall stands there.",
    ),
    (
        "square_not_free",
        lambda: position(
            stalls=[(1, "blue", "c3", "d3", "c4")], customers={**QUEUE, "red": "c7"}, hands={0: ["NW", "W"]}
        ),
        "build red c4 door b4",
        "c4 is not free: Bo's blue extension stands there.",
    ),
    (
        "square_not_free",
        lambda: position(
            stalls=[(1, "blue", "c3", "d3", "c4")], customers={**QUEUE, "red": "c7"}, hands={0: ["NW", "W"]}
        ),
        "build red d3 door d2",
        "d3 is not free: it is the entrance of Bo's blue stall.",
    ),
    (
        "square_not_free",
        lambda: position(
            stalls=[(1, "blue", "c3", "d3", "c4")], customers={**QUEUE, "red": "c7"}, hands={0: ["NW", "W"]}
        ),
        "build green c7 door c6",
        "c7 is not free: the red customer stands there.",
    ),
    (
        "entrance_not_free",
        lambda: position(stalls=[(1, "red", "c3", "d3")], hands={0: ["NW"]}),
        "build blue e3 door d3",
        "The entrance square d3 is not free: it is the entrance of Bo's red stall.",
    ),
    (
        "entrance_not_free",
        lambda: position(customers={**QUEUE, "red": "c6"}, hands={0: ["W"]}),
        "build blue c5 door c6",
        "The entrance square c6 is not free: the red customer stands there.",
    ),
    (
        "sector_has_colour",
        lambda: position(stalls=[(1, "red", "c3", "c4")], hands={0: ["NW"]}),
        "build red e1 door e2",
        "Sector NW already has a red main stall (at c3): one of each colour per sector.",
    ),
    (
        "sector_full_at_start",
        lambda: play(placing(), "place red c2 door c3", "place blue e4 door e5"),
        "place green b4 door b5",
        "At the start a sector holds at most 2 main stalls, and NW has 2.",
    ),
    (
        "touches_stall",
        lambda: position(stalls=[(1, "red", "c3", "d3", "c4")], hands={0: ["NW", "W"]}),
        "build blue b4 door b5",
        "A main stall may not touch another stall: b4 touches Bo's red extension at c4.",
    ),
    (
        "touches_stall",
        lambda: position(stalls=[(0, "red", "c3", "d3")], hands={0: ["NW", "W"]}),
        "build blue b3 door b2",
        "A main stall may not touch another stall: b3 touches your red main stall at c3.",
    ),
    (
        "entrance_not_next_to_stall",
        lambda: position(hands={0: ["NW"]}),
        "build blue c2 door e2",
        "The entrance must be next to the stall, and e2 is not next to c2.",
    ),
    (
        "entrance_not_in_souk",
        lambda: position(hands={0: ["W"]}),
        "build purple a6 door a7",
        "The entrance must be in the souk (a stall is entered from the souk), and a7 is not.",
    ),
    (
        "cuts_off_entrance",
        lambda: position(stalls=[(1, "red", "b2", "b1")], hands={0: ["NW"]}),
        "build blue c1 door d1",
        (
            "A stall at c1 with its entrance at d1 would cut an entrance off from a customer: every"
            " entrance must stay reachable."
        ),
    ),
    (
        "extension_not_touching",
        lambda: position(stalls=[(0, "red", "c3", "d3", "c2")], hands={0: ["NW"]}, coins={0: {"red": 9}}),
        "extend red e2",
        "An extension must touch your own red stall, and e2 does not.",
    ),
    (
        "joins_two_stalls",
        lambda: position(
            stalls=[(0, "red", "c3", "d3"), (1, "red", "c5", "d5")], hands={0: ["NW"]}, coins={0: {"red": 9}}
        ),
        "extend red c4",
        "An extension may not join two red stalls: c4 also touches Bo's red stall at c5.",
    ),
    (
        "joins_two_stalls",
        lambda: position(
            stalls=[(0, "red", "c3", "d3"), (NEUTRAL, "red", "c5", "d5")], hands={0: ["NW"]}, coins={0: {"red": 9}}
        ),
        "extend red c4",
        "An extension may not join two red stalls: c4 also touches the neutral red stall at c5.",
    ),
    (
        "extension_cuts_off",
        lambda: position(
            stalls=[(0, "red", "b2", "b1"), (0, "blue", "d1", "d2")], hands={0: ["NW"]}, coins={0: {"blue": 9}}
        ),
        "extend blue c1",
        "An extension at c1 would cut an entrance off from a customer.",
    ),
]


@pytest.mark.parametrize(("code", "make", "move", "sentence"), CASES, ids=[f"{c[0]}:{c[2]}" for c in CASES])
def test_each_refusal_tells_its_real_reason(
    code: str, make: Callable[[], CairoState], move: str, sentence: str, say: Say
) -> None:
    with pytest.raises(IllegalMove) as refused:
        E.apply(make(), move)
    assert refused.value.code == code
    assert say.refusal(refused.value) == sentence


CODES_WITH_SPECIAL_WORDS = {
    "square_not_free",
    "entrance_not_free",
    "touches_stall",
    "joins_two_stalls",
    "bad_form",
    "pay_cards_first",
    "pay_coins_first",
    "needs_charlatans",
}
"""Refusal codes worded by a function (``WORDS.special``) rather than by a template of ``REFUSALS``."""
PASSED_ON_CODES = {"square_not_free", "entrance_not_free", "tavern_colour_only", "souk_only", "touches_stall"}
"""Codes the engine builds indirectly (passed to a helper, or chosen by a condition)."""


def test_every_refusal_code_is_worded_and_tried() -> None:
    tried = {case[0] for case in CASES}
    assert set(WORDS.special) >= CODES_WITH_SPECIAL_WORDS
    assert set(REFUSALS) | CODES_WITH_SPECIAL_WORDS == tried - {"game_over"}
    source = "".join(path.read_text() for path in Path(engines.cairo.__file__).parent.glob("*.py"))
    raised = set(re.findall(r'IllegalMove\(\s*"([a-z_]+)"', source))
    raised |= {f"{code}_after_wild" for code in ("needs_colour_coin", "cannot_afford")} | PASSED_ON_CODES
    assert raised - {"not_a_move"} <= tried, raised - tried


def test_the_issues_draws_are_refused_for_what_they_are(say: Say) -> None:
    state = position()
    for typed in ("take deck please", "take charlatan x"):
        with pytest.raises(IllegalMove) as refused:
            E.apply(state, typed)
        text = say.refusal(refused.value)
        assert "empty" not in text and "left" not in text
        assert "not a move I can read" in text and "`take deck`" in text
    assert state.charlatan_supply == 7 and E.is_legal(state, "take deck") and E.is_legal(state, "take charlatan")


@pytest.mark.parametrize(
    "typed",
    [
        "x" * 2000,
        "build " + "x" * 2000,
        "build red " + "e5" * 1000 + " door e6",
        "take " + "deck " * 400,
        "cards " + "NW " * 600,
        "keep " + "N " * 600,
        "pay " + "red:1 " * 300,
        "attract " + "red " * 400,
        "place pink" + "k" * 2000 + " e5 door e6",
    ],
)
def test_a_long_input_gets_a_short_refusal(typed: str, say: Say) -> None:
    for state in (position(), carding(hands={0: ["NW"]}, coins={0: {"red": 3}}), paying(), keeping(), placing()):
        with pytest.raises(IllegalMove) as refused:
            E.apply(state, typed)
        assert len(say.refusal(refused.value)) < 300


def test_every_move_word_has_a_written_form() -> None:
    from engines.cairo.check import CHECKERS

    assert set(CHECKERS) == set(FORMS)


# ---- each kind of turn -----------------------------------------------------------------------------------
def test_a_build_is_one_sentence_naming_the_cards_played() -> None:
    assert turn(position(hands={0: ["C"]}), "build red g6 door g7", "card C") == (
        "Ana builds a red main stall at g6, entrance g7, paying with the Centre card (C)."
    )
    wild = position(hands={0: ["west"]}, coins={0: {"blue": 1}})
    assert turn(wild, "build red c3 door c4", "wild west coin blue") == (
        "Ana builds a red main stall at c3, entrance c4, paying with the West column wildcard and 1 blue coin."
    )
    three = position(hands={0: ["N", "N", "NE"]})
    assert turn(three, "build red c10 door c11", "cards N N NE") == (
        "Ana builds a red main stall at c10, entrance c11, paying with three cards (N, N and NE)."
    )
    boxed = position(stalls=[(0, "red", "b1", "c1"), (1, "blue", "c3", "d3", "c2", "b2")], hands={0: ["C"]})
    assert turn(boxed, "move red to g6 door g7", "card C") == (
        "Ana moves the red main stall from b1 to g6, entrance g7, paying with the Centre card (C)."
    )


def test_an_extension_tells_its_price_points_medals_and_the_final_stage() -> None:
    stalls = [(0, "red", "c3", "d3", "c2"), (1, "red", "j6", "k6", "j7")]
    state = position(stalls=stalls, hands={0: ["NW"]}, coins={0: {"red": 1, "blue": 4}})
    state.medals["red"] = {"gold": 1, "silver": 1}
    assert turn(state, "extend red c4", "card NW", "pay red:1 blue:4") == (
        "Ana extends the red stall to c4, paying with the North-west card (NW) plus 1 red and 4 blue, and scores"
        " 3 points; Ana takes the gold and silver red medals from Bo (+5 points)."
    )
    last = [(1, "red", "j6", "k6", "j7", "j8", "j9", "i9", "h9"), (0, "red", "c3", "d3")]
    state = position(stalls=last, hands={0: ["NW"]}, coins={0: {"red": 2}})
    assert turn(state, "extend red c4", "card NW", "pay red:2") == (
        "Ana extends the red stall to c4, paying with the North-west card (NW) plus 2 red, and scores 2 points;"
        " the red extensions have run out: the final stage begins (only building)."
    )


def test_an_attraction_tells_where_the_customer_goes_and_who_earns_what() -> None:
    other = position(stalls=[(1, "red", "d3", "e3", "c3")], coins={0: {}, 1: {}})
    assert turn(other, "attract red to e3") == (
        "Ana sends the red customer to Bo's red stall at e3; Ana earns 1 red; Bo earns 2 red;"
        " the purple customer takes its place."
    )
    own = position(stalls=[(1, "red", "d3", "e3"), (0, "red", "j8", "i8")], charlatans={0: 1})
    assert turn(own, "attract red to i8") == (
        "Ana sends the red customer, with 1 charlatan, to their own red stall at i8; Ana earns 1 red;"
        " the purple customer takes its place."
    )
    neutral = position(stalls=[(NEUTRAL, "red", "d3", "e3")])
    assert turn(neutral, "attract red to e3") == (
        "Ana sends the red customer to the neutral red stall at e3; Ana earns 1 red;"
        " the purple customer takes its place."
    )
    gone = E.resign(position(players=3, stalls=[(1, "red", "d3", "e3")]), 1)
    assert "nobody is paid: Bo has left the game" in turn(gone, "attract red to e3")
    short = position(stalls=[(1, "red", "d3", "e3", "c3", "d4")], coins={0: {}, 1: {"red": 18}})
    assert "Bo earns only 1 red of 3: the bank has no more" in turn(short, "attract red to e3")


def test_a_deck_draw_names_the_card_to_its_drawer_only() -> None:
    state = position(display=["NW", "N", "NE", "W"])
    moves = ("take display 2", "take deck", "deal C")
    assert turn(state, *moves, viewer=0) == (
        "Ana takes the North card (N) from the display; Ana draws the Centre card (C) from the deck."
    )
    public = "Ana takes the North card (N) from the display; Ana draws a card from the deck."
    assert turn(state, *moves, viewer=1) == public == turn(state, *moves, viewer=None)
    assert turn(position(), "take charlatan", "take charlatan") == "Ana takes a charlatan card (×2)."


def test_the_cards_kept_are_named_to_their_holder_only() -> None:
    assert turn(keeping(), "keep NW N W SE", viewer=0) == "Ana keeps NW, N, W, SE and discards C, S."
    assert turn(keeping(), "keep NW N W SE", viewer=1) == "Ana discards 2 building cards down to the hand limit."


def test_the_setup_is_told_and_the_dealt_cards_stay_private() -> None:
    deals = ("deal NW", "deal N", "deal NE", "deal W", "deal C", "deal E", "deal SW", "deal S", "deal SE", "deal west")
    moves = ("queue red yellow green blue white purple", *deals, "start 2")
    assert turn(E.new_game(2), *moves, viewer=1) == (
        "The customers line up from q1 to q5: red, yellow, green, blue, white; the purple customer waits on its tray;"
        " the North-west card (NW) is laid out face up (slot 1); the North card (N) is laid out face up (slot 2);"
        " the North-east card (NE) is laid out face up (slot 3); the West card (W) is laid out face up (slot 4);"
        " Ana is dealt a building card (×3); Bo is dealt the South card (S); Bo is dealt the South-east card (SE);"
        " Bo is dealt the West column wildcard; Bo is the start player."
    )
    placed = play(E.new_game(2), *moves)
    assert turn(placed, "place red c3 door d3") == "Bo places a red main stall at c3, entrance d3."


def test_passing_and_leaving_are_told() -> None:
    assert turn(position(final=True), "pass") == "Ana stops building and is out of the final stage."
    building = play(position(players=3, hands={0: ["C"]}), "build red g6 door g7")
    left = E.resign_transition(building, 0)
    assert "Ana's unfinished red build at g6 is cancelled" in say_for("cairo", NAMES).events(left.events, None)


# ---- prompts and the end ------------------------------------------------------------------------------------
def prompt(state: CairoState) -> str:
    view = E.view(state, None)
    assert view.decision is not None
    return say_for("cairo", NAMES).decision(view.decision)


def test_each_decision_reads_as_a_prompt() -> None:
    assert prompt(position()).startswith("build a new stall (`/cairo build`)")
    assert prompt(position(final=True)).startswith("final stage: build")
    assert prompt(carding(hands={0: ["NW"]}, coins={0: {"red": 3}})) == (
        "pay for the red extension at c4 (price 3) with building cards (`card …`, `wild … coin …` or `cards …`)"
    )
    assert prompt(paying()) == (
        "pay the coins for the red extension at c4 (price 3): `pay …`, red coins count 1, other colours 2 for 1"
    )
    building = play(position(hands={0: ["C", "N"]}), "build blue g6 door g7")
    assert prompt(building).startswith("pay for the new blue main stall at g6, entrance g7 with building cards")
    assert prompt(drawing()) == "take your second card: choose it below or with `/cairo draw`"
    assert prompt(keeping()) == "you hold 6 building cards: choose the 4 to keep (`/cairo keep`)"
    assert prompt(placing()).startswith("place one of your main stalls (red, yellow, green, blue, white and purple)")
    neutral = changed(position(), phase="neutral", neutral_drawn="blue", place_order=[0])
    assert prompt(neutral) == "place the neutral blue stall drawn from the bag (`/cairo place`)"


def test_the_end_says_why_it_ended() -> None:
    say = say_for("cairo", NAMES)
    ended = E.outcome(over())
    assert ended is not None and say.termination(ended) == "every merchant has finished building"
    alone = E.outcome(E.resign(position(players=2), 1))
    assert alone is not None and say.termination(alone) == "the other players left the game"
    assert say.option("start") == "variable: place your first 3 main stalls in turn; preset: a fixed fair layout"


def test_every_kairo_move_has_words_on_a_button_a_menu_and_a_hint() -> None:
    import random as _random

    import engines as _engines
    from bot.core.wording import say_for as _say_for

    engine = _engines.get("cairo")
    say = _say_for("cairo", ("Ana", "Bo", "Cy"))
    seen: set[str] = set()
    for seed in range(4):
        rng = _random.Random(seed)
        state = engine.new_game(3)
        for _ in range(1500):
            seat = engine.to_move(state)
            if seat is None:
                break
            if seat == _engines.base.CHANCE:
                odds = engine.chance_odds(state)
                state = engine.apply(state, rng.choices([m for m, _ in odds], [p for _, p in odds])[0])
                continue
            view = engine.view(state, seat)
            for move in engine.legal_moves(state)[:40]:
                words = say.label(move, view)
                assert words != move and 0 < len(words) <= 80, (move, words)
                seen.add(move.split()[0])
            state = engine.apply(state, rng.choice(engine.legal_moves(state)))
    assert {"build", "extend", "attract", "pay", "card", "take"} <= seen, seen
    view = engine.view(engine.new_game(3), 0)
    assert say.label("build red e5 door e6", view) == "Build a red main stall on e5, entrance e6"
    assert say.label("extend red f5", view) == "Extend the red stall to f5"
    assert say.label("move red to g7 door g8", view) == "Move the red main stall to g7, entrance g8"
    assert say.label("place red e5 door e6", view) == "Red main stall on e5, entrance e6"
    assert say.label("attract red to f6", view) == "Red customer to f6"
    assert say.label("pay red:2 blue:2", view) == "Pay 2 red and 2 blue"
    assert say.label("card NW", view) == "Pay with the North-west card (NW)"
    assert say.label("keep NW N C west", view) == "Keep NW, N, C, West column"
    spanish = say_for("cairo", ("Ana", "Ben"), "es").label("keep NW N C west", view)
    assert spanish.endswith("NW, N, C, Columna oeste") and "west" not in spanish, "a wildcard's code is English"
