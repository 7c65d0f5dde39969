"""Kairo command options without Discord: the engine steps a command sends, and each option's choices.

A Kairo command names a move in parts (``/cairo build stall:red square:e5 door:e6 pay:card C``);
``site_step``, ``pay_step`` and friends turn the parts into the engine's move text. The choice
functions list, for one option, the values that some legal move allows, given the options already
filled in and the text typed so far, as ``Choice(label, value)`` pairs (at most 25, Discord's limit).
Everything is computed from the engine state of the player to move; the bot shows these choices only
to that player, so they may name the player's own cards and coins. ``public_moves`` says when the
legal moves may be offered as buttons under the public board (the draw: which pile, never a hand).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

import engines
from bot.core.catalog import N_
from bot.core.wording import Say, say_for
from bot.games.cairo.words import CARD_LABELS, COINS, colour_words, whose_words
from engines.base import GameError, View
from engines.cairo import NEUTRAL, CairoEngine, CairoState
from engines.cairo.board import get_board
from engines.cairo.data import load_cairo_data
from engines.cairo.layout import layout_of
from engines.cairo.rules import attract_targets
from engines.cairo.state import owned_stall

LIMIT = 25
"""Discord shows at most 25 autocomplete choices."""
PAY_WORDS = ("card", "wild", "cards")
SITE_FIELDS: dict[str, tuple[str, ...]] = {
    "place": ("stall", "square", "door"),
    "build": ("stall", "square", "door"),
    "extend": ("stall", "square"),
    "move": ("stall", "square", "door"),
    "attract": ("customer", "entrance"),
}
"""The options of each site command, in the order their values appear in the engine move."""
DIRECTIONS = {(0, -1): N_("north"), (1, 0): N_("east"), (0, 1): N_("south"), (-1, 0): N_("west")}
"""Where a door lies from its stall's square, in words ("c4 · south of the stall at c3")."""
PUBLIC_PHASES = ("draw",)
"""Phases whose legal moves may be offered as buttons under the public board."""


CUSTOMER = N_("{colour} customer (on {square})")
NEUTRAL_STALL = N_("neutral {colour} stall")
EXTENDABLE = N_("{colour} stall at {square} (size {size}; the extension costs {price} coins)")
MAIN_AT = N_("{colour} main stall at {square}, entrance {door}")
MAIN = N_("{colour} main stall")
ENTRANCES = N_(" · entrance {doors}")
SQUARE = N_("{square} · {sector} sector{zone}{entrances}")
DOOR = N_("{door} · {side} of the stall at {square}")
DOOR_NEXT_TO = N_("{door} · next to the stall at {square}")
TAVERN_ZONE = N_(" (tavern zone)")
CHARLATAN = N_(" · {count} charlatan")
CHARLATANS = N_(" · {count} charlatans")
ENTRANCE = N_("{door} · {owner} {colour} stall, size {size}{spent}")
CARD = N_("{label} card ({card})")
WILD = N_("{label} wildcard + 1 {colour} coin")
CARD_NAMED = N_("{label} ({card})")
CARDS = N_("{count} cards: {cards}")
FACE_UP = N_("Face-up card {slot}: {label} ({card})")
DECK = N_("Top card of the deck ({left} left)")
CHARLATAN_CARD = N_("A charlatan card ({left} left)")
KEEP = N_("Keep {kept} · discard {dropped}")


def words(say: Say | None, template: str, **params: object) -> str:
    """A label in ``say``'s language (the default one without), filled as it is: names, squares and card
    codes need no wording, and colours, sides and owners come worded."""
    return (say or say_for("cairo", ()))._(template).format(**params)


def _say(say: Say | None, names: Sequence[str] | None = None) -> Say:
    """``say``, or the default language's words with these names."""
    return say or say_for("cairo", tuple(names or ()))


class Choice(NamedTuple):
    """One autocomplete choice: what the player reads, and what the option receives."""

    label: str
    value: str


def engine() -> CairoEngine:
    """The Kairo engine."""
    return engines.get("cairo")  # type: ignore[return-value]


def seat_name(names: Sequence[str] | None, seat: int) -> str:
    """A seat's player name, or "Player N" when the names are not known."""
    return say_for("cairo", tuple(names or ())).name(seat)


def public_moves(view: View) -> bool:
    """Whether the legal moves may be shown under the public board (they reveal nothing private)."""
    return view.phase in PUBLIC_PHASES


# ---- the engine steps of a command ------------------------------------------------------------
def clean(text: str | None) -> str:
    """An option value as the engine reads it: lower case, single spaces."""
    return " ".join(str(text or "").lower().replace(",", " ").split())


def site_step(kind: str, stall: str, square: str, door: str | None = None) -> str:
    """The first step of a placement, build, extension or move: ``build red e5 door e6`` ..."""
    stall, square = clean(stall), clean(square)
    door_text = f" door {clean(door)}" if door else ""
    if kind == "move":
        return f"move {stall} to {square}{door_text}"
    return f"{kind} {stall} {square}{door_text}"


def pay_step(text: str) -> str:
    """The cards paying for a build: ``card NW``, ``wild west coin blue`` or ``cards NW N west``.

    The leading word may be left out: one card name means ``card``, a card with a coin ``wild``,
    three card names ``cards``.
    """
    words = clean(text).split()
    if not words or words[0] in PAY_WORDS:
        return " ".join(words)
    if "coin" in words:
        return "wild " + " ".join(words)
    return ("card " if len(words) == 1 else "cards ") + " ".join(words)


def coins_step(text: str) -> str:
    """The coins paying for an extension: ``pay red:2 blue:2`` (the word ``pay`` may be left out)."""
    words = clean(text).split()
    return " ".join(words if words[:1] == ["pay"] else ["pay", *words])


def take_step(text: str) -> str:
    """One pick of a draw: ``take display 2``, ``take deck`` or ``take charlatan`` (``2`` = display 2)."""
    words = clean(text).removeprefix("take ").split()
    if len(words) == 1 and words[0].isdigit():
        words = ["display", *words]
    return " ".join(["take", *words])


def keep_step(text: str) -> str:
    """The cards kept at the hand limit: ``keep NW N C west`` (the word ``keep`` may be left out)."""
    words = clean(text).split()
    return " ".join(words if words[:1] == ["keep"] else ["keep", *words])


def after(state: CairoState, steps: Sequence[str]) -> CairoState | None:
    """The state after ``steps``, or None if one of them is not legal."""
    try:
        for step in steps:
            state = engine().apply(state, step)
    except GameError:
        return None
    return state


# ---- matching what is typed -------------------------------------------------------------------
def _tokens(text: str) -> list[str]:
    return re.findall(r"[a-z0-9:-]+", text.lower())


def narrow(choices: Sequence[Choice], current: str, by_label: bool = True) -> list[Choice]:
    """The choices fitting the typed text, at most 25.

    Values that start with the text come first and alone (``c`` gives the squares of column c);
    when none does, each typed word must start a word of the label (``north`` gives the squares of
    the northern sectors), or of the value when ``by_label`` is false.
    """
    typed = clean(current)
    by_value = [choice for choice in choices if choice.value.lower().startswith(typed)]
    if by_value:
        return by_value[:LIMIT]
    words = _tokens(typed)

    def fits(choice: Choice) -> bool:
        tokens = _tokens(choice.label if by_label else choice.value)
        return all(any(token.startswith(word) for token in tokens) for word in words)

    return [choice for choice in choices if fits(choice)][:LIMIT]


def unique(values: Sequence[str]) -> list[str]:
    """``values`` without repeats, first occurrence kept."""
    return list(dict.fromkeys(values))


# ---- sites: place, build, extend, move, attract -------------------------------------------------
def parse_site(kind: str, move: str) -> dict[str, str] | None:
    """The option values of a legal ``kind`` move (``move red to g7 door g8`` -> stall, square, door)."""
    words = move.split()
    if not words or words[0] != kind:
        return None
    if kind == "move":
        return {"stall": words[1], "square": words[3], "door": words[5]}
    if kind == "attract":
        return {"customer": words[1], "entrance": words[3]}
    return dict(zip(SITE_FIELDS[kind], (words[1], words[2], *words[4:5]), strict=True))


def sites(state: CairoState, kind: str) -> list[dict[str, str]]:
    """Every legal ``kind`` move of the player to move, as option values."""
    found = (parse_site(kind, move) for move in engine().legal_moves(state))
    return [site for site in found if site is not None]


def agreeing(found: Sequence[dict[str, str]], typed: Mapping[str, str], skip: str) -> list[dict[str, str]]:
    """The sites that agree with every typed option but ``skip`` (the one being chosen)."""
    wanted = {name: clean(value) for name, value in typed.items() if name != skip and clean(value)}
    return [site for site in found if all(site.get(name, value) == value for name, value in wanted.items())]


def site_choices(
    state: CairoState,
    kind: str,
    field: str,
    typed: Mapping[str, str],
    current: str,
    names: Sequence[str] | None = None,
    say: Say | None = None,
) -> list[Choice]:
    """Choices for ``field`` of a site command, narrowed by the other options and the typed text."""
    found = agreeing(sites(state, kind), typed, skip=field)
    values = unique([site[field] for site in found])
    label = _site_labeller(state, kind, field, found, _say(say, names))
    return narrow([Choice(label(value)[:100], value) for value in values], current)


def _site_labeller(
    state: CairoState, kind: str, field: str, found: Sequence[dict[str, str]], say: Say
) -> Callable[[str], str]:
    if field == "stall":
        return lambda colour: stall_label(state, kind, colour, say)
    if field == "square":
        doors: dict[str, list[str]] = {}
        for site in found:
            if "door" in site:
                doors.setdefault(site["square"], []).append(site["door"])
        return lambda square: square_label(square, doors.get(square, []), say)
    if field == "door":
        squares = {site["door"]: site["square"] for site in found}
        return lambda door: door_label(door, squares[door], say)
    if field == "customer":
        return lambda colour: words(
            say, CUSTOMER, colour=colour_words(colour, say), square=state.customers.get(colour, "?")
        )
    return lambda door: entrance_label(state, door, None, say)


def stall_label(state: CairoState, kind: str, colour: str, say: Say | None = None) -> str:
    """``red main stall``, ``neutral red stall``, ``red stall at c3 (size 2, price 3)`` ..."""
    say = _say(say)
    worded = colour_words(colour, say)
    if kind == "place" and state.phase == "neutral":
        return words(say, NEUTRAL_STALL, colour=worded)
    stall = owned_stall(state, state.active, colour)
    if kind == "extend" and stall is not None:
        return words(say, EXTENDABLE, colour=worded, square=stall.square, size=stall.size, price=stall.size + 1)
    if kind == "move" and stall is not None:
        return words(say, MAIN_AT, colour=worded, square=stall.square, door=stall.door)
    return words(say, MAIN, colour=worded)


def sector_words(sector: str, say: Say) -> str:
    """A sector's name: its card's label ("North-west", "Noroeste")."""
    label = CARD_LABELS.get(sector)
    return say._(label) if label else load_cairo_data().sectors[sector].label


def square_label(name: str, doors: Sequence[str] = (), say: Say | None = None) -> str:
    """``c3 · North-west sector · entrance c2, c4``."""
    say = _say(say)
    square = get_board().square(name)
    where = sector_words(square.sector, say) if square and square.sector else "?"
    zone = say._(TAVERN_ZONE) if square and square.kind == "tavern" else ""
    entrances = words(say, ENTRANCES, doors=", ".join(doors)) if doors else ""
    return words(say, SQUARE, square=name, sector=where, zone=zone, entrances=entrances)


def door_label(door: str, stall_square: str, say: Say | None = None) -> str:
    """``c4 · south of the stall at c3``."""
    say = _say(say)
    board = get_board()
    first, second = board.square(stall_square), board.square(door)
    if first is None or second is None:
        return door
    side = DIRECTIONS.get((second.x - first.x, second.y - first.y))
    if side is None:
        return words(say, DOOR_NEXT_TO, door=door, square=stall_square)
    return words(say, DOOR, door=door, side=say._(side), square=stall_square)


def entrance_label(state: CairoState, door: str, names: Sequence[str] | None = None, say: Say | None = None) -> str:
    """``f6 · Ben's red stall, size 2 · 1 charlatan``: whose stall, what it pays, what it costs."""
    say = _say(say, names)
    stall = next((s for s in state.stalls if s.door == door), None)
    if stall is None:
        return door
    owner = whose_words("neutral" if stall.owner == NEUTRAL else stall.owner, state.active, say)
    cost = charlatans_needed(state, stall.colour, door)
    spent = words(say, CHARLATANS if cost != 1 else CHARLATAN, count=cost) if cost else ""
    colour = colour_words(stall.colour, say)
    return words(say, ENTRANCE, door=door, owner=owner, colour=colour, size=stall.size, spent=spent)


def charlatans_needed(state: CairoState, colour: str, door: str) -> int:
    """Charlatans spent to send the ``colour`` customer to ``door`` (free entrances strictly nearer)."""
    names = get_board().names
    return next((needed for d, _, needed in attract_targets(layout_of(state), colour) if names[d] == door), 0)


# ---- paying: cards, then coins --------------------------------------------------------------------
def pay_choices(state: CairoState, site: str, current: str, say: Say | None = None) -> list[Choice]:
    """The card payments for the build ``site`` (its first step), cheapest in cards first."""
    nxt = after(state, [site])
    if nxt is None or nxt.phase != "card":
        return []
    moves = engine().legal_moves(nxt)
    return narrow([Choice(card_payment_label(move, say)[:100], move) for move in moves], current)


def card_label(card: str, say: Say) -> str:
    """A building card's label: "North-west", "West column" (es: "Noroeste", "Columna oeste")."""
    label = CARD_LABELS.get(card)
    return say._(label) if label else load_cairo_data().card_label(card)


def card_payment_label(move: str, say: Say | None = None) -> str:
    """``North-west card (NW)``, ``West column wildcard + 1 blue coin``, ``3 cards: ...``."""
    say = _say(say)
    word, *rest = move.split()
    if word == "card":
        return words(say, CARD, label=card_label(rest[0], say), card=rest[0])
    if word == "wild":
        return words(say, WILD, label=card_label(rest[0], say), colour=colour_words(rest[2], say))
    listed = ", ".join(words(say, CARD_NAMED, label=card_label(card, say), card=card) for card in rest)
    return words(say, CARDS, count=len(rest), cards=listed)


def coins_choices(state: CairoState, steps: Sequence[str], current: str, say: Say | None = None) -> list[Choice]:
    """The coin payments for an extension after its site and cards, cheapest first."""
    nxt = after(state, steps)
    if nxt is None or nxt.phase != "pay":
        return []
    return narrow([Choice(coins_label(move, say), move) for move in engine().legal_moves(nxt)], current)


def coins_label(move: str, say: Say | None = None) -> str:
    """``pay red:2 blue:2`` -> ``2 red + 2 blue`` (es: "2 de rojo + 2 de azul")."""
    say = _say(say)
    parts = [word.split(":") for word in move.split()[1:]]
    return " + ".join(words(say, COINS, value=value, colour=colour_words(colour, say)) for colour, value in parts)


# ---- drawing and the hand limit ---------------------------------------------------------------------
def take_choices(state: CairoState, first: str | None, current: str, say: Say | None = None) -> list[Choice]:
    """The picks of a draw; for the second pick, what is left once the first is made."""
    base = state
    if first:
        step = take_step(first)
        nxt = after(state, [step])
        # A deck draw waits for the dealt card; the piles the second pick chooses from do not change.
        base = state if nxt is None or step == "take deck" else nxt
    moves = [move for move in engine().legal_moves(base) if move.startswith("take ")]
    values = [move.removeprefix("take ") for move in moves]
    return narrow([Choice(take_label(state, value, say), value) for value in values], current)


def take_label(state: CairoState, value: str, say: Say | None = None) -> str:
    """``Face-up card 2: North-west (NW)``, ``Top card of the deck (12 left)``, ``A charlatan (5 left)``."""
    say = _say(say)
    parts = value.split()
    if parts[0] == "display":
        card = state.display[int(parts[1]) - 1] or "?"
        return words(say, FACE_UP, slot=parts[1], label=card_label(card, say), card=card)
    if parts[0] == "deck":
        return words(say, DECK, left=sum(state.deck.values()))
    return words(say, CHARLATAN_CARD, left=state.charlatan_supply)


def keep_choices(state: CairoState, current: str, say: Say | None = None) -> list[Choice]:
    """The ways to keep 4 building cards: ``Keep NW, N, C, west · discard S, E``; typed cards are kept."""
    seat = state.active
    if seat is None:
        return []
    choices = []
    for move in engine().legal_moves(state):
        if not move.startswith("keep "):
            continue
        kept = move.split()[1:]
        dropped = list(state.hands[seat])
        for card in kept:
            dropped.remove(card)
        label = words(say, KEEP, kept=", ".join(kept), dropped=", ".join(dropped))
        choices.append(Choice(label, move.removeprefix("keep ")))
    return narrow(choices, current, by_label=False)
