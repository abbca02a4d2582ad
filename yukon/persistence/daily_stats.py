"""The deal of the day's own line in the statistics (the ``daily`` object
of stats.json): days played, days won and the current daily streak.

A day counts once however often its deal is tried: played when its first
attempt is counted (won or abandoned), won when an attempt is won. The
streak is the run of consecutive days won; it is current while its last
day is today or yesterday (today's deal may still be played). Files from
before the deal of the day have no ``daily`` object and load as none played.
Fields of it a newer version wrote are kept and written back (``unknown``).

>>> from datetime import date
>>> daily = DailyStats()
>>> daily.record(date(2026, 12, 1), won=True); daily.record(date(2026, 12, 2), won=True)
>>> daily.played, daily.won, daily.current_streak(date(2026, 12, 3))
(2, 2, 2)
>>> daily.current_streak(date(2026, 12, 4))
0
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from yukon.persistence import fields
from yukon.persistence.store import CorruptFile


def _day(value: Any, name: str) -> date | None:
    if value is None:
        return None
    if type(value) is not str:
        raise CorruptFile(f"{name} is not a date")
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise CorruptFile(f"{name} {fields.text(value, name, 20)!r} is not a date") from None


_FIELDS = ("played", "won", "streak", "last_played", "streak_end")  # the ones read


@dataclass
class DailyStats:
    """Days played and won, and the streak of days won up to ``streak_end``."""

    played: int = 0
    won: int = 0
    streak: int = 0
    last_played: date | None = None
    streak_end: date | None = None  # the last day won
    # A newer version's fields of the line, written back unchanged.
    unknown: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def record(self, day: date, *, won: bool) -> None:
        """Count an attempt at the deal of ``day``."""
        if day != self.last_played:
            self.played += 1
            self.last_played = day
        if won and day != self.streak_end:
            self.won += 1
            follows = self.streak_end is not None and day - self.streak_end == timedelta(1)
            self.streak = self.streak + 1 if follows else 1
            self.streak_end = day

    def current_streak(self, today: date) -> int:
        """The streak as it stands ``today``: 0 once a day was missed."""
        if self.streak_end is None or (today - self.streak_end).days > 1:
            return 0
        return self.streak

    def to_json(self) -> dict[str, Any]:
        return {
            **self.unknown,
            "played": self.played,
            "won": self.won,
            "streak": self.streak,
            "last_played": self.last_played.isoformat() if self.last_played else None,
            "streak_end": self.streak_end.isoformat() if self.streak_end else None,
        }

    @classmethod
    def from_json(cls, data: Any) -> DailyStats:
        """Raises ``CorruptFile`` when a field is wrong or they disagree."""
        if data is None:
            return cls()
        if type(data) is not dict:
            raise CorruptFile("'daily' is not an object")
        daily = cls(
            played=fields.count(fields.field(data, "played"), "daily.played"),
            won=fields.count(fields.field(data, "won"), "daily.won"),
            streak=fields.count(fields.field(data, "streak"), "daily.streak"),
            last_played=_day(fields.field(data, "last_played"), "daily.last_played"),
            streak_end=_day(fields.field(data, "streak_end"), "daily.streak_end"),
            unknown=fields.others(data, _FIELDS),
        )
        if not daily.streak <= daily.won <= daily.played:
            raise CorruptFile("daily: streak, days won and days played disagree")
        if (daily.streak_end is None) != (daily.won == 0):
            raise CorruptFile("daily: the last day won does not match the days won")
        return daily
