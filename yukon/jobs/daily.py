"""The deal of the day: one Classic deal per calendar date, the same for
every player, proven winnable, found offline from the date alone.

The date's ordinal number seeds a fixed mixing function (SplitMix64) that
gives a list of candidate deal numbers; the deal of the day is the first
candidate the solver proves winnable within a fixed budget of positions.
A budget of positions, not of seconds, makes the answer the same on every
machine, however fast or busy; nothing is downloaded or shipped. Most
Classic deals are won within a few thousand positions, so the first or
second candidate is nearly always the one. (A precomputed table would be
the same on every machine too, but it would end some day and need a long
solver run to make; the fixed budget needs neither. A test pins the deals
of a few dates, so a change of the solver that would change them shows.)

>>> from datetime import date
>>> [f"{deal:07d}" for deal in candidates(date(2026, 12, 2), 2)]
['941696801', '1405999120']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date

from yukon.engine import DEAL_COUNT, Game, Rules, format_code
from yukon.solver import Verdict

DAILY_RULES = Rules.CLASSIC
DAILY_NODES = 5_000  # the solver's budget of positions for each candidate
MAX_CANDIDATES = 32  # far more than any date needs
_MASK = 2**64 - 1


def _mix(state: int) -> int:
    """SplitMix64's output function: every bit of ``state`` stirs every bit."""
    z = state & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def candidates(day: date, count: int = MAX_CANDIDATES) -> Iterator[int]:
    """The date's candidate deal numbers, in order."""
    state = _mix(day.toordinal())
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        yield _mix(state) % DEAL_COUNT


def daily_deal(day: date, stop: Callable[[], bool] | None = None) -> int | None:
    """The deal of the day ``day``: the first candidate proven winnable (the
    last candidate if none was, which no date has come near); None if
    ``stop`` said to give up."""
    deal = 0
    for deal in candidates(day):
        game = Game.new(deal, DAILY_RULES)
        from yukon.solver import solve  # the solver's process only: not at import

        result = solve(game, max_seconds=None, max_nodes=DAILY_NODES, stop=stop)
        if result.verdict is Verdict.WON:
            return deal
        if stop is not None and stop():
            return None
    return deal


def daily_code(day: date) -> str:
    """The game code of the deal of the day ``day``."""
    deal = daily_deal(day)
    assert deal is not None  # nothing stops it
    return format_code(deal, DAILY_RULES)


@dataclass(frozen=True)
class DailyJob:
    """Find the deal of the day ``day`` (an ISO date) in the solver's process."""

    day: str

    def run(self, stop: Callable[[], bool] | None = None) -> int | None:
        return daily_deal(date.fromisoformat(self.day), stop)
