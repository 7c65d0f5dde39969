"""``Refused``: the bot refuses a request — a code and parameters, worded by the catalogs, the game unchanged."""

from __future__ import annotations

from engines.base import GameError


class Refused(GameError):
    """The bot refuses a request (not your turn, not in this game, …); the game is unchanged."""


def stale_control(status: str, game_id: int, title: str) -> Refused:
    """A button or menu from an older version of a game: the game is over (finished or abandoned), or the
    board is out of date — said privately, so a click on an old board never reads as a generic failure."""
    if status == "finished":
        return Refused("game_finished", id=game_id, title=title)
    if status == "abandoned":
        return Refused("game_abandoned", id=game_id, title=title)
    return Refused("out_of_date")
