"""``Refused``: the bot refuses a request — a code and parameters, worded by the catalogs, the game unchanged."""

from __future__ import annotations

from engines.base import GameError


class Refused(GameError):
    """The bot refuses a request (not your turn, not in this game, …); the game is unchanged."""
