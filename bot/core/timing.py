"""How long a turn may wait: reminder intervals, turn deadlines, and durations as players read them.

Pure values and arithmetic on timestamps (seconds since the epoch); the database keeps them
(``bot.core.schedule``) and the clock feature acts on them (``bot.features.clock``).
"""

from __future__ import annotations

from dataclasses import dataclass

from babel.lists import format_list
from babel.numbers import format_decimal
from babel.units import format_unit

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


class Duration(float):
    """Seconds that a message shows as a wait ("5 min", "2 d 4 h"): ``Say`` words it in its language."""


class Hours(float):
    """A number of hours that a message shows as such ("24 h", "1,5 h"): ``Say`` words it in its language."""


def number_text(number: float, locale: str = "en") -> str:
    """A number as ``locale`` writes it: ``1.5`` -> "1.5" (en), "1,5" (es); whole numbers without decimals."""
    return format_decimal(number, locale=locale)


def _unit(count: float, unit: str, locale: str) -> str:
    """ "3 horas": ``count`` of a Babel duration ``unit`` (``hour``) in ``locale``, spelled out."""
    return format_unit(count, f"duration-{unit}", length="long", locale=locale)


def hours_text(hours: float, locale: str = "en") -> str:
    """``24.0`` -> "24 h", ``1.5`` -> "1.5 h" (es: "1,5 h")."""
    if locale == "en":
        return f"{hours:g} h"
    return format_unit(hours, "duration-hour", length="short", locale=locale)


def duration_text(seconds: float, locale: str = "en") -> str:
    """A wait as players say it: "5 min", "3 h", "2 d 4 h" (es: "5 minutos", "3 horas", "2 días y 4 horas")."""
    minutes = max(0, int(seconds // 60))
    hours, days, rest = minutes // 60, 0, 0
    if hours >= 24:
        days, rest = divmod(hours, 24)
    if locale == "en":
        if minutes < 60:
            return f"{minutes} min"
        if hours < 24:
            return f"{hours} h"
        return f"{days} d {rest} h" if rest else f"{days} d"
    if minutes < 60:
        return _unit(minutes, "minute", locale)
    if hours < 24:
        return _unit(hours, "hour", locale)
    parts = [_unit(days, "day", locale)] + ([_unit(rest, "hour", locale)] if rest else [])
    return format_list(parts, locale=locale)
