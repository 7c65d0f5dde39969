"""Reading a Jambo ``View`` for the pictures: names, who sits where, each player's wares in stand order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.base import View
from render.words import Words


@dataclass(frozen=True)
class Seat:
    """One player as the pictures show them."""

    seat: int
    name: str
    data: dict[str, Any]
    to_move: bool
    left: bool

    @property
    def wares(self) -> list[str]:
        """Every ware token on this player's stands, in table order (one name per token)."""
        return [ware for ware, count in self.data["wares"].items() for _ in range(count)]


def name_of(view: View, seat: int, words: Words) -> str:
    named = view.seats[seat].name if seat < len(view.seats) else ""
    return named or words("player", number=seat + 1)


def seats(view: View, words: Words) -> list[Seat]:
    """The players, the one sitting across the table first and the viewer (or seat 0) last."""
    details = view.details
    order = [1, 0] if view.viewer in (None, 0) else [0, 1]
    return [
        Seat(
            seat=s,
            name=name_of(view, s, words),
            data=details["players"][s],
            to_move=view.to_move == s,
            left=s in details.get("resigned", []),
        )
        for s in order
    ]


def headline(view: View, words: Words) -> str:
    """The top line: whose turn, the last turn, or the result."""
    details = view.details
    if view.outcome is not None:
        winners = f" {words('and')} ".join(name_of(view, s, words) for s in view.outcome.winners)
        return words.count("game_over", len(view.outcome.winners), names=winners)
    if details.get("stage") == "deal":
        return words("dealing")
    active = name_of(view, details["active_seat"], words)
    if details.get("trigger_seat") is not None:
        return words("last_turn", turn=details["turn"], name=active)
    return words("turn", turn=details["turn"], name=active)
