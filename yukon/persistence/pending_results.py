"""Results the statistics file could not take yet (results.json).

When stats.json cannot be written (a full disk, an unreadable or damaged
file kept safe, a dangling link), a result counted in memory would be lost
to a crash or a kill before the next successful write. It is therefore
also written here, beside the saved game, as soon as it is counted, and
the next start counts it into the statistics once (its game id says
whether it already is) and removes this file when stats.json is written.

>>> result = Result("C", won=True, game_id="g1", score=625, seconds=90.0, moves=120)
>>> stats = Stats()
>>> result.count(stats), result.count(stats), stats.classic.won
(True, False, 1)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import date
from typing import Any

from yukon.engine import Rules
from yukon.persistence import fields, notices
from yukon.persistence.stats import MOST_POINTS, Stats
from yukon.persistence.store import CorruptFile, Store

FILE_NAME = "results.json"
WHAT = "results file"
MAX_RESULTS = 1000  # far more than a session plays between two writes


@dataclass(frozen=True)
class Result:
    """One finished game's result, as the statistics count it."""

    rules: str
    won: bool
    game_id: str
    score: int = 0
    seconds: float = 0.0
    moves: int = 0
    daily: str | None = None  # the ISO date of the deal of the day it was
    points: int | None = None  # the score with each card counted once (None: not counted)

    def count(self, stats: Stats) -> bool:
        """Count this result into ``stats``; ``False`` if it was already."""
        if self.won:
            first = stats.record_win(
                self.rules,
                self.score,
                self.seconds,
                self.moves,
                game_id=self.game_id,
                points=self.points,
            )
        else:
            first = stats.record_loss(self.rules, game_id=self.game_id, points=self.points)
        if first and self.daily is not None:
            stats.daily.record(date.fromisoformat(self.daily), won=self.won)
        return first

    @classmethod
    def from_json(cls, data: Any) -> Result:
        if type(data) is not dict:
            raise CorruptFile("a result is not an object")
        daily = data.get("daily")
        if daily is not None:
            try:
                date.fromisoformat(fields.text(daily, "daily", 10))
            except ValueError:
                raise CorruptFile("'daily' is not a date") from None
        rules = fields.text(fields.field(data, "rules"), "rules", 1)
        try:
            Rules(rules)
        except ValueError:
            raise CorruptFile(f"no game {rules!r}") from None
        return cls(
            rules=rules,
            won=fields.flag(fields.field(data, "won"), "won"),
            game_id=fields.text(fields.field(data, "game_id"), "game_id"),
            score=fields.count(data.get("score", 0), "score"),
            seconds=fields.seconds(data.get("seconds", 0.0), "seconds"),
            moves=fields.count(data.get("moves", 0), "moves"),
            daily=daily,
            points=fields.optional_count(data.get("points"), "points", 0, MOST_POINTS),
        )


def _parse(data: dict[str, Any]) -> list[Result]:
    results = fields.field(data, "results")
    if type(results) is not list or len(results) > MAX_RESULTS:
        raise CorruptFile("'results' is not a list")
    return [Result.from_json(each) for each in results]


def load_results(store: Store) -> list[Result]:
    """The results kept here, oldest first (none if there is no file)."""
    return store.load(FILE_NAME, WHAT, notices.RESULTS_DROPPED, _parse) or []


def save_results(store: Store, results: list[Result]) -> bool:
    """Keep ``results`` until the statistics hold them; ``[]`` removes the file."""
    if not results:
        return store.remove(FILE_NAME)
    return store.save(
        FILE_NAME, {"results": [asdict(each) for each in results[-MAX_RESULTS:]]}, indent=None
    )
