"""How long a turn may wait: reminder intervals, turn deadlines, and durations as players read them.

Pure values and arithmetic on timestamps (seconds since the epoch); the database keeps them
(``bot.core.schedule``) and the clock feature acts on them (``bot.features.clock``).
"""

from __future__ import annotations

from dataclasses import dataclass

HOUR = 3600.0
DEFAULT_REMINDER_HOURS = 24.0
DEFAULT_DEADLINE_HOURS = 72.0


@dataclass(frozen=True)
class Timing:
    """A game's clock rules: remind every ``reminder_hours``, deadline after ``deadline_hours`` (0: off)."""

    reminder_hours: float = DEFAULT_REMINDER_HOURS
    deadline_hours: float = DEFAULT_DEADLINE_HOURS
    auto_skip: bool = False

    @property
    def reminder_seconds(self) -> float | None:
        """Seconds between reminders, or None when reminders are off."""
        return self.reminder_hours * HOUR if self.reminder_hours > 0 else None

    @property
    def deadline_seconds(self) -> float | None:
        """Seconds a turn may last, or None when there is no deadline."""
        return self.deadline_hours * HOUR if self.deadline_hours > 0 else None

    def deadline_at(self, turn_started_at: float) -> float | None:
        """When a turn that started at ``turn_started_at`` runs out, or None without a deadline."""
        seconds = self.deadline_seconds
        return None if seconds is None else turn_started_at + seconds

    def deadline_passed(self, turn_started_at: float, now: float) -> bool:
        deadline = self.deadline_at(turn_started_at)
        return deadline is not None and now >= deadline

    def reminder_due(self, turn_started_at: float, last_reminder_at: float | None, now: float) -> bool:
        """Whether a reminder is due: a whole interval since the turn began and since the last reminder."""
        seconds = self.reminder_seconds
        if seconds is None:
            return False
        since = turn_started_at if last_reminder_at is None else max(turn_started_at, last_reminder_at)
        return now >= since + seconds

    def first_due(self, turn_started_at: float) -> float | None:
        """When something first falls due in a turn that began at ``turn_started_at``: a reminder or the deadline."""
        times = [t for t in (self._reminder_at(turn_started_at, None), self.deadline_at(turn_started_at)) if t]
        return min(times) if times else None

    def next_due(self, turn_started_at: float, last_reminder_at: float | None, now: float) -> float | None:
        """After the scheduler has dealt with a turn at ``now``: the next reminder, or the deadline if still ahead."""
        times = [self._reminder_at(turn_started_at, last_reminder_at)]
        deadline = self.deadline_at(turn_started_at)
        if deadline is not None and deadline > now:
            times.append(deadline)
        found = [t for t in times if t is not None]
        return max(min(found), now) if found else None

    def _reminder_at(self, turn_started_at: float, last_reminder_at: float | None) -> float | None:
        seconds = self.reminder_seconds
        if seconds is None:
            return None
        since = turn_started_at if last_reminder_at is None else max(turn_started_at, last_reminder_at)
        return since + seconds

    def describe(self) -> str:
        """One line for players, e.g. "reminders every 24 h, turn deadline 72 h (auto-skip off)"."""
        reminders = f"reminders every {hours_text(self.reminder_hours)}" if self.reminder_seconds else "no reminders"
        if self.deadline_seconds is None:
            return f"{reminders}, no turn deadline"
        skip = "on" if self.auto_skip else "off"
        return f"{reminders}, turn deadline {hours_text(self.deadline_hours)} (auto-skip {skip})"


def hours_text(hours: float) -> str:
    """``24.0`` -> "24 h", ``1.5`` -> "1.5 h"."""
    return f"{hours:g} h"


def duration_text(seconds: float) -> str:
    """A wait as players say it: "5 min", "3 h", "2 d 4 h"."""
    minutes = max(0, int(seconds // 60))
    if minutes < 60:
        return f"{minutes} min"
    hours = minutes // 60
    if hours < 24:
        return f"{hours} h"
    days, rest = divmod(hours, 24)
    return f"{days} d {rest} h" if rest else f"{days} d"
