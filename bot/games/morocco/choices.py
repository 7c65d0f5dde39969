"""Morocco command options without Discord: a worker move read into its parts, and each option's choices.

``/morocco worker kind: stall: space: then: cube:`` names a worker move in parts; ``worker_move``
puts them back together in the engine's notation (``assistant c3 ne``, ``tourist d4 nw cube green``,
``cousin c3 ne then d3 nw cube orange``). ``worker_choices`` lists, for one option, the values some
legal move allows given the options already filled in and the text typed so far — so every list
shows only what is legal and affordable now. Labels name what a stall costs (its row and column
cubes), read from the public view.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from bot.core.catalog import N_
from bot.core.wording import Say
from bot.games.morocco.words import COLOURS

LIMIT = 25
KINDS = ("assistant", "bodyguard", "tourist", "cousin")
WORKER = re.compile(
    r"^(?P<kind>assistant|bodyguard|tourist|cousin) (?P<stall>[a-e][1-5]) (?P<space>nw|ne|sw|se)"
    r"(?: then (?P<then>[a-e][1-5] (?:nw|ne|sw|se)))?(?: cube (?P<cube>\w+))?$"
)
FIELDS = ("kind", "stall", "space", "then", "cube")
STALL_LABEL = N_("{stall} (you pay {row} + {column})")
"""A stall and the cubes its worker costs you: its row's colour and its column's."""
SPACE_LABEL = N_("{corner} corner ({space})")
THEN_LABEL = N_("free assistant at {then}")
CUBE_LABEL = N_("+1 {cube} cube")
KIND_WORDS = {
    "assistant": N_("assistant"),
    "bodyguard": N_("bodyguard"),
    "tourist": N_("tourist"),
    "cousin": N_("cousin"),
}
"""The workers' kinds as the command's own choices name them."""
SPACE_WORDS = {"nw": N_("north-west"), "ne": N_("north-east"), "sw": N_("south-west"), "se": N_("south-east")}


class Choice(NamedTuple):
    """One autocomplete choice: what the player reads, and what the option receives."""

    label: str
    value: str


def clean(text: str | None) -> str:
    return " ".join(str(text or "").lower().split())


def parse_worker(move: str) -> dict[str, str] | None:
    """``tourist d4 nw cube green`` -> its parts; None for a move that places no worker."""
    found = WORKER.match(move)
    return None if found is None else {k: v for k, v in found.groupdict().items() if v}


def worker_move(kind: str, stall: str, space: str, then: str | None = None, cube: str | None = None) -> str:
    """The engine's move from the command's options (refused by the engine, with its rule, when illegal)."""
    words = [clean(kind), clean(stall), clean(space)]
    if then:
        words += ["then", clean(then)]
    if cube:
        words += ["cube", clean(cube)]
    return " ".join(w for w in words if w)


def workers(moves: Sequence[str]) -> list[dict[str, str]]:
    """The worker moves among ``moves``, read into their parts."""
    return [parts for parts in (parse_worker(m) for m in moves) if parts is not None]


def agreeing(found: Sequence[dict[str, str]], typed: Mapping[str, str], skip: str) -> list[dict[str, str]]:
    """The moves that agree with every option typed so far but ``skip`` (the one being chosen)."""
    wanted = {name: clean(value) for name, value in typed.items() if name != skip and clean(value)}
    return [m for m in found if all(m.get(name) == value for name, value in wanted.items() if name in FIELDS)]


def narrow(choices: Sequence[Choice], current: str) -> list[Choice]:
    """Choices whose label or value contains every word typed so far, at most 25."""
    words = clean(current).split()
    kept = [c for c in choices if all(w in f"{c.label} {c.value}".lower() for w in words)]
    return kept[:LIMIT]


def worker_choices(
    moves: Sequence[str], field: str, typed: Mapping[str, str], current: str, view: Mapping[str, Any], say: Say
) -> list[Choice]:
    """Choices for ``field`` of ``/morocco worker``, narrowed by the other options and the typed text."""
    found = agreeing(workers(moves), typed, skip=field)
    values = list(dict.fromkeys(m[field] for m in found if field in m))
    return narrow([Choice(label(field, value, view, say)[:100], value) for value in values], current)


def label(field: str, value: str, view: Mapping[str, Any], say: Say) -> str:
    """A choice's words: a stall with its price, a corner named, a cube, the cousin's free assistant."""
    if field == "stall":
        stall: Mapping[str, Any] = next((s for s in view.get("stalls", []) if s.get("stall") == value), {})
        row, column = (stall.get("cost") or ["?", "?"])[:2]
        return say.fill(STALL_LABEL, {"stall": value, "row": colour(row, say), "column": colour(column, say)})
    if field == "space":
        return say.fill(SPACE_LABEL, {"corner": say._(SPACE_WORDS.get(value, value)), "space": value})
    if field == "then":
        return say.fill(THEN_LABEL, {"then": value})
    if field == "cube":
        return say.fill(CUBE_LABEL, {"cube": colour(value, say)})
    if field == "kind" and value in KIND_WORDS:
        return say._(KIND_WORDS[value])
    return value


def colour(name: Any, say: Say) -> str:
    """A cube's colour in words ("?" when the view does not say)."""
    return say._(COLOURS.get(str(name), str(name))) if name else "?"


def moves_starting(moves: Sequence[str], word: str) -> list[str]:
    """The legal moves that begin with ``word`` (``scout``, ``swap``, ``wild`` …), without it."""
    return [m.removeprefix(f"{word} ") for m in moves if m.startswith(f"{word} ")]
