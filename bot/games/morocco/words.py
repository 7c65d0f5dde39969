"""How Morocco reads: every event, refusal, decision and ending of ``engines.morocco``, in English templates.

Discord-free. Templates start with a player's name or a lower-case word, so a turn's events join
into one sentence. Parameter kinds of this game (colours, spaces, stalls, rewards, directions, the
step being decided) are worded by ``morocco_value``; a few codes whose sentence depends on a flag
are worded by functions (``SPECIAL``). ``morocco_label`` words a move for a button or a menu.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from bot.core import texts
from bot.core.catalog import N_
from bot.core.text import and_list
from bot.core.wording import GameWords, Say
from engines.base import View

# ---- small words -----------------------------------------------------------------------------------
OR = N_("or")
A_GOLD_COIN = N_("a gold coin")
A_BODYGUARD = N_("a bodyguard")
NOTHING_MORE = N_("nothing more")
A_CHOICE = N_("a gold coin or a bodyguard (their choice)")
THE_CENTRE = N_("the centre")
SPACE_N = N_("space {number}")
TWO_OF = N_("two {colour}")
SECOND = N_("second")
TIED_SECOND = N_("tied second")
THIRD = N_("third")
ROWS = N_("rows")
COLUMNS = N_("columns")

KINDS = {
    "assistant": N_("an assistant"),
    "bodyguard": N_("a bodyguard"),
    "tourist": N_("a tourist"),
    "cousin": N_("a cousin"),
}
A_COLOUR = {
    "orange": N_("an orange"),
    "black": N_("a black"),
    "purple": N_("a purple"),
    "green": N_("a green"),
    "brown": N_("a brown"),
}
"""A colour with its article, as in "needs an orange and a green cube"."""
COLOURS = {
    "orange": N_("orange"),
    "black": N_("black"),
    "purple": N_("purple"),
    "green": N_("green"),
    "brown": N_("brown"),
    "wild": N_("wild"),
}
DIRECTIONS = {"north": N_("north"), "east": N_("east"), "south": N_("south"), "west": N_("west")}
STEPS = {
    "scout": N_("move the rooftop pawn (`scout 3`)"),
    "wild": N_("choose a cube for the wild die face (`wild green`)"),
    "workers": N_("place a worker (`assistant c3 ne`), spend gold (`swap rows 1 3`) or pass"),
    "reward": N_("choose a reward (`reward gold` or `reward bodyguard`)"),
    "arrow": N_("point a new tile's arrow (`arrow north`)"),
    "tourist": N_("move a tourist (`tourist to c4 nw`)"),
    "keep": N_("choose the one cube to keep (`keep green`)"),
    "deal_juice": N_("deal the juice tokens"),
    "deal_rows": N_("deal the row cubes"),
    "deal_columns": N_("deal the column cubes"),
    "deal_roof": N_("deal the rooftop cubes"),
    "deal_start": N_("draw the start player"),
    "roll": N_("roll the market die"),
}

TITLE = N_("Morocco")
"""The game's title as players read it (the engine's ``title`` is its English identifier)."""

# ---- events ---------------------------------------------------------------------------------------------
EVENTS: dict[str, str] = {
    "juice_placed": N_("a {value} juice token goes face up at {space}"),
    "rows_dealt": N_("the row cubes are dealt: {colours} (rows 1–5)"),
    "columns_dealt": N_("the column cubes are dealt: {colours} (columns a–e)"),
    "roof_dealt": N_("the rooftop cubes are dealt: {colours} (spaces 1–5)"),
    "start_player": N_("{seat} is the start player"),
    "round_started": N_("round {round} begins; {seat} starts"),
    "die_rolled": N_("{seat} rolls the market die: {colour}; everyone takes a cube of that colour"),
    "die_wild": N_("{seat} rolls the market die: wild, everyone chooses a cube"),
    "wild_taken": N_("{seat} chooses {colour} for the wild face"),
    "scouted": N_(
        "{seat} moves the pawn to rooftop space {space} ({colour}) and takes {gained}; the others take {colour}"
    ),
    "worker_placed": N_("{seat} places {kind} on {space}, paying {paid}"),
    "cousin_placed": N_("{seat} plays a cousin: assistants on {space} and {second_space}, paying {paid}"),
    "passed": N_("{seat} passes"),
    "cannot_place": N_("{seat} cannot place a worker and passes"),
    "gold_swap": N_("{seat} spends a gold coin to swap {line} {first} and {second}"),
    "stall_won": N_("{seat} wins stall {stall}: {points} points"),
    "stall_tied": N_("{seats} tie for first at {stall}: {points} points each"),
    "reward_chosen": N_("{seat} takes {reward}"),
    "juice_taken": N_("{seat} takes the {value} juice token at {space}, face down"),
    "juice_taken_face_down": N_("{seat} takes the juice token at {space}, face down"),
    "juice_removed": N_("the {value} juice token at {space} leaves the game"),
    "tile_placed": N_("{seat}'s market tile closes {stall}"),
    "empty_tile_placed": N_("{seat} closes {stall} with an empty-stall tile"),
    "final_round": N_("only {open} stalls are open: this is the final round"),
    "arrow_set": N_("{seat} points the arrow of {stall} {direction}, at {target}"),
    "round_ended": N_("round {round} ends"),
    "cube_kept": N_("{seat} keeps one {colour} cube"),
}

# ---- refusals -----------------------------------------------------------------------------------------
REFUSALS: dict[str, str] = {
    "unknown_move": N_("{move} is not a Morocco move. Now: {step}."),
    "chance_step": N_("Nobody moves now: the bot will {step}."),
    "wrong_step": N_("{move} does not fit now: {seat} must {step}."),
    "bad_form": N_("{move} is not written right: write it like {form}."),
    "no_such_stall": N_("{text} is not a stall: columns a–e, rows 1–5 (like c3)."),
    "no_such_corner": N_("{text} is not a corner: a stall's spaces are nw, ne, sw and se."),
    "no_such_colour": N_("{text} is not a cube colour: orange, black, purple, green or brown."),
    "no_such_ring_space": N_("{text} is not a rooftop space: they are 1 to {last}, or name the cube on one."),
    "no_such_direction": N_("{text} is not a direction: north, east, south or west."),
    "no_such_line": N_("{text} is not one of the {line}: they are {first} to {last}."),
    "swap_same": N_("A gold coin swaps two different {line}, not {text} with itself."),
    "extra_cube_needed": N_("That worker costs a third cube of any colour: add it, like {form}."),
    "extra_cube_option": N_("That worker costs a third cube of any colour: choose it with `/morocco worker cube:`."),
    "cousin_then_option": N_(
        "A cousin brings a free assistant to an adjacent stall at the same point: choose its corner with "
        "`/morocco worker then:` (and the third cube with `/morocco worker cube:`)."
    ),
    "pawn_stays": N_("The pawn is on space {space} already: it must move to another rooftop space."),
    "stall_closed": N_("Stall {stall} is closed: workers go only to open stalls."),
    "space_taken": N_("Space {space} is taken by {owner_seat}'s worker: choose a free space."),
    "no_assistant": N_("You have no assistant left: they come back when their stall closes."),
    "no_bodyguard": N_("You have no bodyguard in hand: you win them as second or third at a stall."),
    "no_tourist": N_("You have no tourist left: each player has two for the game."),
    "no_cousin": N_("You have no cousin token left: each player has two for the game."),
    "cousin_needs_two": N_("A cousin places two assistants and you have {assistants}."),
    "extra_cube_missing": N_("You have no {colour} cube left to pay the third cube at {stall}."),
    "cousin_blocked": N_(
        "A cousin on {space} needs a free space at the same corner of a neighbouring open stall, and there is none."
    ),
    "cousin_space": N_(
        "The cousin's free assistant goes to the same corner of a neighbouring stall: {choices}, not {second_space}."
    ),
    "must_place": N_("You can place a worker, so you may not pass."),
    "no_gold": N_("You have no gold coin to spend."),
    "arrow_off_market": N_("North, east, south, west: {direction} of {stall} is off the market."),
    "arrow_at_closed": N_("{target} is closed: the arrow of {stall} must point at an open neighbouring stall."),
    "tourist_space": N_("The tourist moves to a free space of {stall}: {choices}."),
    "keep_none": N_("You have no {colour} cube to keep."),
}

# ---- decisions ------------------------------------------------------------------------------------------
DECISIONS: dict[str, str] = {
    "scout": N_("move the rooftop pawn from {pawn} to another space (`scout 1`–`scout 5`)"),
    "wild": N_("the market die shows wild: choose a cube (`wild green`)"),
    "reward": N_("you came {place} at {stall}: take a gold coin or a bodyguard (`reward gold`, `reward bodyguard`)"),
    "arrow": N_("point the arrow of the tile on {stall}: {directions} (`arrow north`)"),
    "tourist": N_(
        "your tourist leaves {stall} for {target}: choose a free space, {spaces} (`tourist to {first_space}`)"
    ),
    "keep": N_("the round is over: keep one cube of {colours} (`keep {first_colour}`)"),
}
WORKER_TURN = N_("place a worker (turn {turn} of 2): assistant, bodyguard, tourist or cousin, like `assistant c3 ne`")
WORKER_TURN_GOLD = N_("{turn_text}; or spend gold ({gold} held) to swap two rows or two columns")
NO_WORKER_TURN = N_("you cannot place a worker: spend gold ({gold} held) to swap rows or columns, or `pass`")

# ---- endings ---------------------------------------------------------------------------------------------
TERMINATIONS: dict[str, str] = {
    "market_closed": N_("the final round is over with {open} stalls still open"),
    "last_stall": N_("the last stall of the market has closed"),
    "market_stuck": N_("no player has a worker left to place, so no stall can ever fill again"),
}
MARKET_CLOSED_ONE = N_("the final round is over with 1 stall still open")


# ---- words for values --------------------------------------------------------------------------------------
def _or_list(items: Sequence[str], say: Say) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {say._(OR)} {items[-1]}"


def _colour(name: str, say: Say) -> str:
    return say._(COLOURS.get(name, name))


def _and(items: Sequence[str], say: Say) -> str:
    return and_list(list(items), say._(texts.AND))


def _counted(colour: str, count: int, say: Say) -> str:
    """``green`` once, ``two green`` twice (a stall whose row and column cubes match)."""
    return _colour(colour, say) if count == 1 else say._(TWO_OF).format(colour=_colour(colour, say))


PAID_ROW_AND_COLUMN = N_("2 {colour} cubes (row and column)")
PAID_ROW = N_("1 {colour} cube (row)")
PAID_COLUMN = N_("1 {colour} cube (column)")
PAID_EXTRA = N_("1 {colour} cube")


def _paid(paid: Sequence[str], say: Say) -> str:
    """What a placement cost, cube by cube: ``[row, column]`` or ``[row, column, third]`` colours.

    A stall whose row and column cubes share a colour costs two cubes of it (one for each): the words say so.
    """
    if len(paid) < 2:
        return _and([_colour(c, say) for c in paid], say)
    row, column, *extra = paid
    if row == column:
        parts = [say._(PAID_ROW_AND_COLUMN).format(colour=_colour(row, say))]
    else:
        parts = [
            say._(PAID_ROW).format(colour=_colour(row, say)),
            say._(PAID_COLUMN).format(colour=_colour(column, say)),
        ]
    parts += [say._(PAID_EXTRA).format(colour=_colour(c, say)) for c in extra]
    return _and(parts, say)


def morocco_value(key: str, value: Any, say: Say) -> str | None:
    """This game's parameter kinds in words; None for keys the shared rules word."""
    if key in ("colour", "reward_colour"):
        return _colour(str(value), say)
    if key == "paid":
        return _paid([str(c) for c in value], say)
    if key in ("colours", "gained", "missing"):
        return _and([_counted(str(c), n, say) for c, n in Counter(str(v) for v in value).items()], say)
    if key in ("choices", "spaces", "directions"):
        return _or_list([say._(DIRECTIONS.get(str(v), str(v))) for v in value], say)
    if key == "kind":
        return say._(KINDS.get(str(value), str(value)))
    if key == "direction":
        return say._(DIRECTIONS.get(str(value), str(value)))
    if key == "reward":
        return say._(A_GOLD_COIN if value == "gold" else A_BODYGUARD)
    if key == "line":
        return say._(ROWS if value == "rows" else COLUMNS)
    if key == "step":
        return say._(STEPS.get(str(value), str(value)))
    if key == "form":
        return f"`{value}`"
    if key == "place":
        return say._(THIRD if value == 3 else SECOND)
    if key == "pawn":
        return say._(THE_CENTRE) if value == 0 else say._(SPACE_N).format(number=value)
    return None


# ---- codes a template cannot say ------------------------------------------------------------------------
def _place_reward(params: Mapping[str, Any], say: Say) -> str:
    rewards = list(params.get("rewards") or [])
    if rewards == ["choice"]:
        prize = say._(A_CHOICE)
    elif rewards:
        prize = _and([say._(A_GOLD_COIN if r == "gold" else A_BODYGUARD) for r in rewards], say)
    else:
        prize = say._(NOTHING_MORE)
    place = THIRD if params.get("place") == 3 else TIED_SECOND if params.get("tied") else SECOND
    template = say._(N_("{seat} comes {place} at {stall}: {points} points and {prize}"))
    if params.get("points") == 1:
        template = say._(N_("{seat} comes {place} at {stall}: 1 point and {prize}"))
    return template.format(
        seat=say.name(params.get("seat")),
        place=say._(place),
        stall=params.get("stall"),
        points=params.get("points"),
        prize=prize,
    )


def _tourist_moved(params: Mapping[str, Any], say: Say) -> str:
    if params.get("replaced"):
        template = N_("{seat}'s tourist leaves {stall} for {space} and becomes an assistant")
    else:
        template = N_("{seat}'s tourist leaves {stall} for {space} and stays a tourist (no assistant left)")
    seat, stall = say.name(params.get("seat")), params.get("stall")
    return say._(template).format(seat=seat, stall=stall, space=params.get("space"))


def _tourist_left(params: Mapping[str, Any], say: Say) -> str:
    if params.get("target"):
        template = N_("{seat}'s tourist leaves {stall} and the game: {target} has no free space")
    else:
        template = N_("{seat}'s tourist leaves {stall} and the game: the arrow points at no open stall")
    seat, stall = say.name(params.get("seat")), params.get("stall")
    return say._(template).format(seat=seat, stall=stall, target=params.get("target"))


def _missing_cubes(params: Mapping[str, Any], say: Say) -> str:
    needs = list(params.get("needs") or [])
    missing = list(params.get("missing") or [])
    held = list(params.get("held") or [0] * len(missing))
    if len(needs) == 2 and needs[0] == needs[1]:
        cost = say._(N_("two {colour} cubes")).format(colour=_colour(needs[0], say))
    else:
        cost = say._(N_("{first} and {second} cube")).format(
            first=say._(A_COLOUR.get(needs[0], needs[0])), second=say._(A_COLOUR.get(needs[-1], needs[-1]))
        )
    lacks = [
        say._(N_("only one {colour}") if count else N_("no {colour}")).format(colour=_colour(colour, say))
        for colour, count in zip(missing, held, strict=False)
    ]
    template = N_("Stall {stall} needs {cost}; you have {lacks}.")
    return say._(template).format(stall=params.get("stall"), cost=cost, lacks=_and(lacks, say))


def _worker_decision(params: Mapping[str, Any], say: Say) -> str:
    gold = params.get("gold", 0)
    if not params.get("can_place", True):
        return say._(NO_WORKER_TURN).format(gold=gold)
    text = say._(WORKER_TURN).format(turn=params.get("turn", 1))
    return say._(WORKER_TURN_GOLD).format(turn_text=text, gold=gold) if gold else text


def _market_closed(params: Mapping[str, Any], say: Say) -> str:
    if params.get("open") == 1:
        return say._(MARKET_CLOSED_ONE)
    return say.fill(TERMINATIONS["market_closed"], params)


def _tourist_decision(params: Mapping[str, Any], say: Say) -> str:
    spaces = list(params.get("spaces") or [])
    filled = {**params, "first_space": spaces[0] if spaces else "c4 nw"}
    return say.fill(DECISIONS["tourist"], filled)


def _reward_decision(params: Mapping[str, Any], say: Say) -> str:
    place = THIRD if params.get("place") == 3 else TIED_SECOND
    return say._(DECISIONS["reward"]).format(place=say._(place), stall=params.get("stall"))


def _keep_decision(params: Mapping[str, Any], say: Say) -> str:
    colours = list(params.get("colours") or [])
    filled = {"colours": colours, "first_colour": colours[0] if colours else "green"}
    return say._(DECISIONS["keep"]).format(
        colours=_or_list([_colour(c, say) for c in colours], say), first_colour=filled["first_colour"]
    )


SPECIAL = {
    "place_reward": _place_reward,
    "tourist_moved": _tourist_moved,
    "tourist_left": _tourist_left,
    "missing_cubes": _missing_cubes,
    "workers": _worker_decision,
    "tourist": _tourist_decision,
    "keep": _keep_decision,
    "reward": _reward_decision,
    "market_closed": _market_closed,
}


# ---- a move on a button ------------------------------------------------------------------------------------
LABELS = {
    "scout": N_("Pawn to {space} ({colour})"),
    "assistant": N_("Assistant on {space} ({cost})"),
    "bodyguard": N_("Bodyguard on {space} ({cost})"),
    "tourist": N_("Tourist on {space} ({cost} + {extra})"),
    "cousin": N_("Cousin: {space} + {second} ({cost} + {extra})"),
    "swap": N_("Gold: swap {line} {first} and {second}"),
    "pass": N_("Pass"),
    "wild": N_("Cube: {colour}"),
    "reward gold": N_("A gold coin"),
    "reward bodyguard": N_("A bodyguard"),
    "arrow": N_("Arrow {direction}"),
    "tourist to": N_("Tourist to {space}"),
    "keep": N_("Keep {colour}"),
}


def _cost(view: View, stall: str, say: Say) -> str:
    for entry in view.details.get("stalls", []):
        if entry.get("stall") == stall:
            return " + ".join(_colour(c, say) for c in entry.get("cost", []) if c)
    return ""


def morocco_label(move: str, view: View, say: Say) -> str:
    """A move's words on a button: ``assistant c3 ne`` -> "Assistant on c3 ne (purple + green)"."""
    words = move.split()
    if not words:
        return move
    verb = words[0]
    if move in LABELS:
        return say._(LABELS[move])
    if verb == "scout" and len(words) == 2 and words[1].isdigit():
        roof = view.details.get("roof") or []
        index = int(words[1]) - 1
        colour = roof[index] if 0 <= index < len(roof) and roof[index] else ""
        return say._(LABELS["scout"]).format(space=words[1], colour=_colour(colour, say))
    if verb in ("assistant", "bodyguard") and len(words) == 3:
        space = f"{words[1]} {words[2]}"
        return say._(LABELS[verb]).format(space=space, cost=_cost(view, words[1], say))
    if verb == "tourist" and len(words) == 5:
        return say._(LABELS["tourist"]).format(
            space=f"{words[1]} {words[2]}", cost=_cost(view, words[1], say), extra=_colour(words[4], say)
        )
    if verb == "cousin" and len(words) == 8:
        return say._(LABELS["cousin"]).format(
            space=f"{words[1]} {words[2]}",
            second=f"{words[4]} {words[5]}",
            cost=_cost(view, words[1], say),
            extra=_colour(words[7], say),
        )
    if verb == "swap" and len(words) == 4:
        return say._(LABELS["swap"]).format(line=morocco_value("line", words[1], say), first=words[2], second=words[3])
    if verb in ("wild", "keep") and len(words) == 2:
        return say._(LABELS[verb]).format(colour=_colour(words[1], say))
    if verb == "arrow" and len(words) == 2:
        return say._(LABELS["arrow"]).format(direction=say._(DIRECTIONS.get(words[1], words[1])))
    if move.startswith("tourist to ") and len(words) == 4:
        return say._(LABELS["tourist to"]).format(space=f"{words[2]} {words[3]}")
    return move


JUICE_DEALT = N_("{count} juice tokens go face up, one on each crossing of the grid ({values})")
JUICE_WORTH = N_("{count} worth {value}")


def _juice_dealt(runs: Sequence[Mapping[str, Any]], say: Say) -> str:
    """The setup's juice tokens in one phrase: how many, and how many of each value (the board shows where)."""
    counts = Counter(int(params["value"]) for params in runs)
    values = and_list(
        [say._(JUICE_WORTH).format(count=n, value=value) for value, n in sorted(counts.items())], say._(texts.AND)
    )
    return say._(JUICE_DEALT).format(count=len(runs), values=values)


# ---- what a player holds (the alt text of their board) ----------------------------------------------------------
HOLDING = N_("Your face-down juice tokens: {juice_values}.")
NO_JUICE = N_("Your face-down juice tokens: none.")


def holding(view: View, say: Say) -> str:
    """The values of the viewer's face-down juice tokens, which only they know."""
    if view.viewer is None:
        return ""
    values = view.details["players"][view.viewer].get("juice") or []
    if not values:
        return say._(NO_JUICE)
    return say.fill(HOLDING, {"juice_values": and_list([str(v) for v in values], say._(texts.AND))})


TERMS: dict[str, str] = {
    "track": N_("points on the track"),
    "gold": N_("gold"),
    "juice": N_("juice tokens"),
    "district": N_("largest district"),
    "cubes": N_("cubes in hand"),
}
"""The parts of the computer's projected final score (``ai.games.morocco.TERMS``), as a hint names them."""


WORDS = GameWords(
    domain="morocco",
    terms=TERMS,
    holding=holding,
    title=TITLE,
    events=EVENTS,
    refusals=REFUSALS,
    decisions=DECISIONS,
    terminations=TERMINATIONS,
    value=morocco_value,
    special=SPECIAL,
    label=morocco_label,
    runs={"juice_placed": _juice_dealt},
)
