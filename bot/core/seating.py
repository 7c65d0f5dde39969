"""Who sits where when a seat is a computer's: made-up user ids, names, and the levels there are.

A computer seat is a seat whose ``computer`` column names its level. A computer added to a lobby
gets a negative user id (nobody on Discord can have it) and a name such as "🤖 Amira"; a player's
seat a computer takes over keeps the player's id and name, shown with the mark ("🤖 Ana").
A move a computer makes is logged as sent by ``COMPUTER_SENDER``, so the log tells a player's own
moves from the computer's that came after it took over their seat.
"""

from __future__ import annotations

from ai.levels import LEVELS
from bot.core.refused import Refused

COMPUTER_NAMES = ("Amira", "Hakim", "Layla", "Omar", "Zaid", "Nadia", "Karim", "Samira", "Tariq", "Yasmin")
ROBOT = "🤖"


COMPUTER_SENDER = 0
"""The ``user_id`` of a log row a computer played (Discord never gives out 0; added computers' ids are negative)."""


def sent_by_computer(user_id: int | None) -> bool:
    """Whether a log row with this sender was a computer's move."""
    return user_id is not None and user_id <= COMPUTER_SENDER


def computer_user_id(index: int) -> int:
    """The made-up user id of a game's ``index``-th added computer (negative: nobody on Discord)."""
    return -(index + 1)


def computer_name(taken: set[str]) -> str:
    """A computer's name not yet used at the table."""
    for base in COMPUTER_NAMES:
        name = f"{ROBOT} {base}"
        if name not in taken:
            return name
    return f"{ROBOT} {len(taken) + 1}"


def shown_name(name: str, computer: bool) -> str:
    """A seat's name as posted: a computer's always carries the mark, also in a seat taken over from a player."""
    return name if not computer or name.startswith(ROBOT) else f"{ROBOT} {name}"


def check_level(level: str) -> str:
    """``level`` if there is such a computer level, else Refused."""
    if level not in LEVELS:
        raise Refused("bad_value", text=level, name="level", allowed=", ".join(LEVELS))
    return level
