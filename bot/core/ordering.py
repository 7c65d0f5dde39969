"""Discord's clock, as this process knows it: the order of changes and commands without the host's clock.

A command's time is its interaction's snowflake (Discord's timestamp). A change of a game is stamped with the
latest Discord time this process has seen (every command's snowflake, fed as it is handled) plus the time elapsed
since, measured by the monotonic clock (intervals only; the host's wall clock, fast or slow, is never read). The
stamp never runs ahead of Discord's clock (what was seen is already in Discord's past), so a command sent after a
change is never taken for one sent before it; a command whose snowflake is older than the game's last change was
sent before that change, against a game its sender did not see.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class DiscordClock:
    """The latest Discord time seen, carried forward by the monotonic clock (``elapsed``)."""

    def __init__(self, elapsed: Callable[[], float] = time.monotonic) -> None:
        self.elapsed = elapsed
        self._seen: float | None = None
        self._seen_at = 0.0

    def saw(self, discord_time: float) -> None:
        """A Discord timestamp just received (an interaction's snowflake time, in Unix seconds)."""
        now = self.now()
        if now is None or discord_time > now:
            self._seen, self._seen_at = discord_time, self.elapsed()

    def now(self) -> float | None:
        """Discord's clock as this process knows it (a lower bound), or None before any Discord time was seen."""
        if self._seen is None:
            return None
        return self._seen + max(0.0, self.elapsed() - self._seen_at)
