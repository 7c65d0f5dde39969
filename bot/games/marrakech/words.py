"""How Marrakech reads: the words for every event, refusal, decision and ending its engine produces.

Discord-free. Parameters come from ``engines.marrakech`` (``play`` lists the events, ``refusals``
the refusal codes, ``view`` the decisions): colours are colour names ("red"), facings compass
letters ("N"), squares square names ("d4"), ``squares`` the two squares of a carpet. Sentences
join with "; " into one line per turn: "Ana turned Assam left, to face west; Ana rolled 3: Assam
to d5; Ana paid Ben 4".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.core.catalog import N_, NN_
from bot.core.wording import GameWords, Say
from engines.base import View

COLOURS = {"red": N_("red"), "blue": N_("blue"), "yellow": N_("yellow"), "green": N_("green")}
FACINGS = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}

TITLE = N_("Marrakech")
"""The game's title as players read it (the engine's ``title`` is its English identifier)."""
OPTION_NAMES = {"variant": N_("variant")}

# ---- events ---------------------------------------------------------------------------------------
TURNED = {
    "left": N_("{seat} turned Assam left, to face {facing}"),
    "right": N_("{seat} turned Assam right, to face {facing}"),
    "straight": N_("{seat} kept Assam facing {facing}"),
}
ROLLED = N_("{seat} rolled {roll}: Assam to {square}")
ROLLED_ROUND_THE_BORDER = N_("{seat} rolled {roll}: Assam to {square}, round the border, now facing {facing}")
PAID = N_("{seat} paid {payee_seat} {amount}")
PAID_ALL = N_("{seat} paid {payee_seat} {amount}, all they had")
OWED_WITH_NOTHING = N_("{seat} owed {payee_seat} {due} with nothing left to pay")

EVENTS = {
    "eliminated": N_("{seat} is out"),
    "carpet_drawn": N_("{seat} drew a {colour} carpet"),
    "carpet_placed": N_("{seat} placed a {colour} carpet on {squares}"),
}

# ---- refusals -------------------------------------------------------------------------------------
REFUSALS = {
    "chance_decides": N_("The die and the carpet pile decide now, not a player."),
    "cannot_turn_around": N_(
        "Assam cannot turn around (he faces {facing}): turn him left or right, or keep him straight."
    ),
    "turn_assam": N_("{move} is not a move now: turn Assam left, straight or right."),
    "carpet_notation": N_("{move} is not a carpet: name two squares side by side, like `place c3-d3`."),
    "not_a_square": N_("{text} is not a square of the market (columns a–{last_column}, rows 1–{last_row})."),
    "not_side_by_side": N_(
        "{square} and {other_square} are not side by side: a carpet covers two squares that share a side."
    ),
    "assam_square": N_("{square} is Assam's square: a carpet goes beside him, never under him."),
    "must_touch_assam": N_(
        "A carpet on {squares} would not touch Assam's square {square}: one of its squares must be beside him."
    ),
    "covers_whole_carpet": N_(
        "A carpet on {squares} would cover another merchant's whole {colour} carpet in one placement:"
        " cover one half at most."
    ),
    "already_out": N_("{seat} is already out of the game."),
}

# ---- decisions (``orient`` is worded by ``orient`` below), endings, options ---------------------------------
TURN_ASSAM = N_("turn Assam (he is on {square}, facing {facing}): left, straight or right")
TURN_ASSAM_FOR_NEXT = N_(
    "turn Assam for the next merchant (he is on {square}, facing {facing}): left, straight or right"
)
DECISIONS = {"place": N_("place a {colour} carpet next to Assam on {square}")}

TERMINATIONS = {
    "all_carpets_laid": N_("the last carpet has been laid"),
    "last_merchant": N_("only one merchant is still in the market"),
}

OPTIONS = {"variant": N_("Rulebook variant: roll first; at the end of your turn, turn Assam for the next merchant.")}

# ---- labels -----------------------------------------------------------------------------------------
TURN_LABELS = {"left": N_("Turn left"), "straight": N_("Straight on"), "right": N_("Turn right")}
CARPET_LABEL = N_("Carpet on {first} + {second}")
ROLL_LABEL = N_("Roll {roll}")
DRAW_LABEL = N_("Draw a {colour} carpet")


def value(key: str, found: Any, say: Say) -> str | None:
    """Colours and facings in words, a carpet's two squares as ``c3-d3``; None for everything else."""
    if key == "colour" and isinstance(found, str):
        return say._(COLOURS.get(found, found))
    if key == "facing" and found in FACINGS:
        return say._(FACINGS[found])
    if key == "squares" and isinstance(found, list | tuple):
        return "-".join(str(square) for square in found)
    return None


def orient(params: Mapping[str, Any], say: Say) -> str:
    """The code ``orient`` is both an event (Assam was turned: it has ``turn``) and a decision (turn him)."""
    if "turn" not in params:
        return say.fill(TURN_ASSAM_FOR_NEXT if params.get("for_next") else TURN_ASSAM, params)
    return say.fill(TURNED.get(params["turn"], TURNED["straight"]), params)


def roll(params: Mapping[str, Any], say: Say) -> str:
    """ "Ana rolled 3: Assam to d5", and where a border arc turned him round."""
    return say.fill(ROLLED_ROUND_THE_BORDER if params.get("round_border") else ROLLED, params)


def tribute(params: Mapping[str, Any], say: Say) -> str:
    """ "Ana paid Ben 4", or "…, all they had" when that was less than the area asked, or "Ana owed Ben 4 with
    nothing left to pay" when they had no dirham left (paying exactly all earlier keeps a merchant in, at 0)."""
    short = params.get("amount", 0) < params.get("due", 0)
    if short and not params.get("amount", 0):
        return say.fill(OWED_WITH_NOTHING, params)
    return say.fill(PAID_ALL if short else PAID, params)


def label(move: str, view: View, say: Say) -> str:
    """A move's words on a button: "Turn left", "Carpet on c3 + d3", "Roll 3", "Draw a blue carpet"."""
    if move in TURN_LABELS:
        return say._(TURN_LABELS[move])
    verb, _, rest = move.partition(" ")
    if verb == "place" and "-" in rest:
        first, second = rest.split("-", 1)
        return say._(CARPET_LABEL).format(first=first, second=second)
    if verb == "roll":
        return say._(ROLL_LABEL).format(roll=rest)
    if verb == "draw":
        return say.fill(DRAW_LABEL, {"colour": rest})
    return move


# ---- standings -----------------------------------------------------------------------------------------------
STANDING = N_("{points} ({dirhams}, {squares})")
DIRHAMS = NN_("{count} dirham", "{count} dirhams")
SQUARES = NN_("{count} carpet square showing", "{count} carpet squares showing")


def standing(view: View, seat: int, say: Say) -> str:
    """A merchant's score and what it is made of: "30 points (22 dirhams, 8 carpet squares showing)"."""
    score = view.seats[seat].score
    player = view.details["players"][seat]
    if score is None:
        return ""
    dirhams = say.fill(DIRHAMS, {"count": player.get("dirhams", 0)})
    squares = say.fill(SQUARES, {"count": player.get("visible", 0)})
    return say.fill(STANDING, {"points": say.score(score), "dirhams": dirhams, "squares": squares})


TERMS: dict[str, str] = {
    "dirhams": N_("dirhams"),
    "squares": N_("visible squares"),
    "regions": N_("carpet regions"),
    "tribute": N_("tribute expected"),
}
"""The parts of the computer's projected final score (``ai.games.marrakech.TERMS``), as a hint names them."""


WORDS = GameWords(
    domain="marrakech",
    terms=TERMS,
    standing=standing,
    title=TITLE,
    option_names=OPTION_NAMES,
    events=EVENTS,
    refusals=REFUSALS,
    decisions=DECISIONS,
    terminations=TERMINATIONS,
    options=OPTIONS,
    value=value,
    special={"orient": orient, "roll": roll, "tribute": tribute},
    label=label,
)
