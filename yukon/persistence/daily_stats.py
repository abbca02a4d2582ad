"""The deal of the day's own line in the statistics (the ``daily`` object
of stats.json): days played, days won and the current daily streak.

A day counts once however often its deal is tried: played when its first
attempt is counted (won or abandoned), won when an attempt is won. The
streak is the run of consecutive days won; it is current while its last
day is today or yesterday (today's deal may still be played). Files from
before the deal of the day have no ``daily`` object and load as none played.
Fields of it a newer version wrote are kept and written back (``unknown``).

The calendar may go back (a flight west over the date line, a change of
time zone, a clock put right): the days played and won are therefore kept
as runs of consecutive days (``days_played``, ``days_won``: a daily player
has few), so a day met again is still counted once, and the streak is the
run of days won that ends at the latest one, whatever order the days came
in. The oldest runs beyond ``MAX_RUNS`` (years of play) are forgotten. A
file from before the runs has only its counts: what they say (the last day
played, the run of the streak) starts the runs; runs that cannot be read
are rebuilt so too, never worth the statistics.

>>> from datetime import date
>>> daily = DailyStats()
>>> daily.record(date(2026, 12, 1), won=True); daily.record(date(2026, 12, 2), won=True)
>>> daily.played, daily.won, daily.current_streak(date(2026, 12, 3))
(2, 2, 2)
>>> daily.current_streak(date(2026, 12, 4))
0
>>> daily.record(date(2026, 12, 1), won=True)  # the calendar went back: counted already
>>> daily.played, daily.won, daily.current_streak(date(2026, 12, 3))
(2, 2, 2)
"""

from __future__ import annotations

import bisect
import logging
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from yukon.persistence import fields
from yukon.persistence.store import CorruptFile

Run = tuple[date, date]  # consecutive days, the first and the last
# The most runs of days kept: a player who plays every other day for a
# year has about 180; far older days are forgotten.
MAX_RUNS = 400

log = logging.getLogger(__name__)


def _day(value: Any, name: str) -> date | None:
    if value is None:
        return None
    if type(value) is not str:
        raise CorruptFile(f"{name} is not a date")
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise CorruptFile(f"{name} {fields.text(value, name, 20)!r} is not a date") from None


_FIELDS = (  # the ones read
    "played",
    "won",
    "streak",
    "last_played",
    "streak_end",
    "days_played",
    "days_won",
)


def holds(runs: list[Run], day: date) -> bool:
    """Whether ``day`` is in one of ``runs`` (sorted, apart).

    >>> holds([(date(2026, 12, 1), date(2026, 12, 3))], date(2026, 12, 2))
    True
    """
    at = bisect.bisect_right(runs, (day, date.max)) - 1
    return at >= 0 and runs[at][1] >= day


def with_days(runs: list[Run], first: date, last: date) -> list[Run]:
    """``runs`` with the days ``first`` to ``last`` added, joined to the
    runs they touch or meet; at most ``MAX_RUNS``, the latest.

    >>> d = lambda day: date(2026, 12, day)
    >>> with_days([(d(1), d(2)), (d(5), d(6))], d(3), d(4)) == [(d(1), d(6))]
    True
    """
    one_day = timedelta(1)
    kept: list[Run] = []
    for start, end in runs:
        if end + one_day < first or start - one_day > last:
            kept.append((start, end))
        else:
            first, last = min(first, start), max(last, end)
    kept.append((first, last))
    kept.sort()
    return kept[-MAX_RUNS:]


def _runs(value: Any, name: str) -> list[Run]:
    """The runs a file holds: none when absent; malformed ones are dropped
    (they only keep a day from counting twice)."""
    if value is None:
        return []
    try:
        if type(value) is not list or len(value) > MAX_RUNS:
            raise ValueError("not a short list")
        runs: list[Run] = []
        for item in value:
            if type(item) is not list or len(item) != 2:
                raise ValueError("a run is not a pair")
            first, last = (_day(each, name) for each in item)
            if first is None or last is None or first > last:
                raise ValueError("a run is not two dates in order")
            if runs and first <= runs[-1][1] + timedelta(1):
                raise ValueError("runs out of order")
            runs.append((first, last))
    except (ValueError, CorruptFile) as error:
        log.warning("daily.%s dropped: %s", name, error)
        return []
    return runs


@dataclass
class DailyStats:
    """Days played and won, and the streak of days won up to ``streak_end``."""

    played: int = 0
    won: int = 0
    streak: int = 0
    last_played: date | None = None
    streak_end: date | None = None  # the latest day won
    # The days played and won, as runs of consecutive days (see the module).
    days_played: list[Run] = field(default_factory=list)
    days_won: list[Run] = field(default_factory=list)
    # A newer version's fields of the line, written back unchanged.
    unknown: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def record(self, day: date, *, won: bool) -> None:
        """Count an attempt at the deal of ``day`` (once a day, whatever
        order the days come in)."""
        if not holds(self.days_played, day):
            self.played += 1
            self.days_played = with_days(self.days_played, day, day)
        if self.last_played is None or day > self.last_played:
            self.last_played = day
        if won and not holds(self.days_won, day):
            self.won += 1
            self.days_won = with_days(self.days_won, day, day)
            first, last = self.days_won[-1]  # the run of the latest day won
            self.streak, self.streak_end = (last - first).days + 1, last

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
            "days_played": _runs_json(self.days_played),
            "days_won": _runs_json(self.days_won),
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
        # What the counts say starts the runs (a file from before them, or
        # rewritten by an earlier version since): the last day played, and
        # the run of the streak, played and won.
        played = _runs(data.get("days_played"), "days_played")
        won = _runs(data.get("days_won"), "days_won")
        if daily.last_played is not None:
            played = with_days(played, daily.last_played, daily.last_played)
        if daily.streak_end is not None and daily.streak:
            if daily.streak > (daily.streak_end - date.min).days + 1:
                raise CorruptFile("daily: the streak is longer than the calendar")
            first = daily.streak_end - timedelta(daily.streak - 1)
            played = with_days(played, first, daily.streak_end)
            won = with_days(won, first, daily.streak_end)
        daily.days_played, daily.days_won = played, won
        return daily


def _runs_json(runs: list[Run]) -> list[list[str]]:
    return [[first.isoformat(), last.isoformat()] for first, last in runs]
