"""Statistics per rule set (stats.json): games, wins, streaks and records,
and the recent history the Statistics charts draw (the last results, the
times and move counts of the last wins).

Each game and rule set is counted separately: Yukon Classic, Yukon Relaxed,
Russian Solitaire, Alaska and Moosehide, keyed in the file by their code
letters (``C``, ``R``, ``U``, ``A``, ``M``). A file from before the other
games has only ``C`` and ``R``; the others then start at nothing. A game counts as played once a
move is made; it ends either won or abandoned (a new game was started
while it was unfinished), which counts as played, not won, and ends the
winning streak. Quitting the app does not end a game: it is saved and
resumed, and counted when it really ends.

Counting each game exactly once
-------------------------------
``GameRecord.counted`` (saved with the game) says whether the result is in
the statistics, and every ``record_*`` call may pass ``game_id``: the last
few ids counted are kept in stats.json, so a repeated call for the same game
(e.g. after a crash between writing stats.json and savegame.json) is ignored
and returns ``False``.

The record of the last game finished (won or abandoned, see
``yukon.engine.records``) is kept too, as ``last_game``, so that Watch
replay offers it after a restart; a file from before has none, and a value
that is no longer a record (edited by hand, not text at all, or longer
than a record may be: an earlier version kept any length) is dropped, not
the statistics.

What a newer version wrote survives this one: the statistics of a game it
does not know (a key of ``rules`` it has no game for), a field of a game's
statistics or of the ``daily`` line it does not read, and a top-level key,
are all kept as they were read and written back unchanged when the file is
rewritten (``unknown``, here and in ``RuleStats`` and ``DailyStats``).
"Reset all" erases them too, as it erases every game's statistics; a reset
of one rule set drops that set's unknown fields with its figures.

Call sequence for the UI::

    store = Store()
    stats = load_stats(store)
    # after each move that wins the game:
    if record.game.is_won and not record.counted:
        stats.record_win(record.game.rules, record.game.score, elapsed,
                         record.game.move_count, game_id=record.game_id)
        record.counted = True
        save_stats(store, stats)
        clear_game(store)          # a won game is not resumed
    # when the player starts a new game (New Game, Restart, a game code):
    if record.needs_counting:      # started, unfinished, not yet counted
        stats.record_loss(record.game.rules, game_id=record.game_id)
        record.counted = True
        save_stats(store, stats)
    # then show store.take_notices() to the player.

"Restart this deal" is a new attempt: it counts the abandoned one the same
way and gives the fresh record a new ``game_id``.

A result whose ``save_stats`` fails (a full disk) must not be lost: the
session keeps it in memory and writes the statistics again at every later
save and at quit, and a won game is not cleared until they are written:
it is saved with ``counted=False`` instead, and counted at the next start
(``yukon.session.game_session.GameSession``).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from yukon.engine import Game, InvalidRecord, Rules
from yukon.persistence import fields, notices
from yukon.persistence.daily_stats import DailyStats
from yukon.persistence.store import CorruptFile, Store, unknown_keys

FILE_NAME = "stats.json"
WHAT = "statistics file"
# Read further than the other files: an earlier version kept the last game's
# record whole, so one very long game (760,000 actions: 4.5 MB) made the
# file larger than ``MAX_FILE_BYTES``. Its statistics are read, and the
# record, longer than a record may be, dropped; what this version writes
# stays far below (a record holds at most ``records.MAX_ACTIONS``).
MAX_STATS_BYTES = 64 * 1024 * 1024
# How many recently counted game ids are remembered to refuse a recount.
RECENT_IDS = 32
# The history the Statistics charts draw: the last results, and the times
# and move counts of the last wins.
RECENT_RESULTS = 100
RECENT_WINS = 200
MOST_POINTS = 625  # a game's points, each card counted once: a win's


@dataclass
class RuleStats:
    """The statistics of one rule set; records are ``None`` until a win
    (the best score: until a game is counted with its points).

    ``best_points`` is the best score the player sees: the most points of
    one game, won or not, each card counted once (``score_once``), so that
    taking a card back and putting it home again, which scores again on the
    bar, cannot raise it; 625 is a win's, the most there is. ``best_score``,
    the highest score of a win as the bar showed it, is kept for the
    versions before, which read it."""

    played: int = 0
    won: int = 0
    current_streak: int = 0
    longest_streak: int = 0
    best_score: int | None = None
    fastest_win: float | None = None
    fewest_moves: int | None = None
    best_points: int | None = None
    #: The last ``RECENT_RESULTS`` games, oldest first: True for a win.
    results: list[bool] = field(default_factory=list)
    #: Seconds and moves of the last ``RECENT_WINS`` wins, oldest first.
    win_times: list[float] = field(default_factory=list)
    win_moves: list[int] = field(default_factory=list)
    # Fields of a newer version's file, written back unchanged.
    unknown: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def win_rate(self) -> float:
        """Wins per game played, 0.0 to 1.0 (0.0 before the first game)."""
        return self.won / self.played if self.played else 0.0

    def add_win(self, score: int, seconds: float, moves: int, points: int | None = None) -> None:
        """A win with its ``score`` on the bar and its ``points`` counted
        once (at most 625, as its score is, when not given)."""
        self._add_points(min(score, MOST_POINTS) if points is None else points)
        self.played += 1
        self.won += 1
        self.current_streak += 1
        self.longest_streak = max(self.longest_streak, self.current_streak)
        self.best_score = score if self.best_score is None else max(self.best_score, score)
        self.fastest_win = seconds if self.fastest_win is None else min(self.fastest_win, seconds)
        self.fewest_moves = moves if self.fewest_moves is None else min(self.fewest_moves, moves)
        self.results = [*self.results, True][-RECENT_RESULTS:]
        self.win_times = [*self.win_times, seconds][-RECENT_WINS:]
        self.win_moves = [*self.win_moves, moves][-RECENT_WINS:]

    def add_loss(self, points: int | None = None) -> None:
        """A game lost (left unfinished), with its ``points`` counted once
        (None: they do not count, a game the demo played in)."""
        if points is not None:
            self._add_points(points)
        self.played += 1
        self.current_streak = 0
        self.results = [*self.results, False][-RECENT_RESULTS:]

    def _add_points(self, points: int) -> None:
        points = min(max(points, 0), MOST_POINTS)
        self.best_points = points if self.best_points is None else max(self.best_points, points)

    def to_json(self) -> dict[str, Any]:
        known = dataclasses.asdict(self)
        del known["unknown"]
        return {**self.unknown, **known}

    @classmethod
    def from_json(cls, data: Any, where: str) -> RuleStats:
        """Check types, ranges and that the numbers agree with each other.

        The history lists came later: a file without them has none yet."""
        if type(data) is not dict:
            raise CorruptFile(f"{where} is not an object")

        def get(name: str) -> Any:
            return fields.field(data, name)

        def history(name: str, longest: int, check: Callable[[Any, str], Any]) -> list[Any]:
            value = data.get(name, [])
            if type(value) is not list or len(value) > longest:
                raise CorruptFile(f"{where}.{name} is not a list of at most {longest}")
            return [check(item, f"{where}.{name}") for item in value]

        stats = cls(
            played=fields.count(get("played"), f"{where}.played"),
            won=fields.count(get("won"), f"{where}.won"),
            current_streak=fields.count(get("current_streak"), f"{where}.current_streak"),
            longest_streak=fields.count(get("longest_streak"), f"{where}.longest_streak"),
            best_score=fields.optional_count(get("best_score"), f"{where}.best_score"),
            fastest_win=fields.optional_seconds(get("fastest_win"), f"{where}.fastest_win"),
            fewest_moves=fields.optional_count(get("fewest_moves"), f"{where}.fewest_moves", 1),
            best_points=_best_points(data, where),
            results=history("results", RECENT_RESULTS, fields.flag),
            win_times=history("win_times", RECENT_WINS, fields.seconds),
            win_moves=history("win_moves", RECENT_WINS, lambda v, n: fields.count(v, n, 1)),
            unknown=fields.others(data, _RULE_FIELDS),
        )
        if not stats.current_streak <= stats.longest_streak <= stats.won <= stats.played:
            raise CorruptFile(f"{where}: streaks, wins and games played disagree")
        wins_kept = len(stats.win_times)
        if (
            len(stats.results) > stats.played
            or sum(stats.results) > stats.won
            or wins_kept != len(stats.win_moves)
            or wins_kept > stats.won
        ):
            raise CorruptFile(f"{where}: the recent games disagree with the totals")
        records = (stats.best_score, stats.fastest_win, stats.fewest_moves)
        if any((record is None) != (stats.won == 0) for record in records):
            raise CorruptFile(f"{where}: best results do not match the number of wins")
        return stats


def _best_points(data: dict[str, Any], where: str) -> int | None:
    """The best score counted once; a file from before has only the best
    score of a win, which counted once is a win's 625."""
    if "best_points" in data:
        return fields.optional_count(data["best_points"], f"{where}.best_points", 0, MOST_POINTS)
    return None if data.get("best_score") is None else MOST_POINTS


# The fields of a game's statistics this version reads; any other is kept.
_RULE_FIELDS = tuple(f.name for f in dataclasses.fields(RuleStats) if f.name != "unknown")


@dataclass
class Stats:
    """Every rule set's statistics plus the ids of recently counted games."""

    classic: RuleStats = field(default_factory=RuleStats)
    relaxed: RuleStats = field(default_factory=RuleStats)
    russian: RuleStats = field(default_factory=RuleStats)
    alaska: RuleStats = field(default_factory=RuleStats)
    moosehide: RuleStats = field(default_factory=RuleStats)
    recent_games: list[str] = field(default_factory=list)
    daily: DailyStats = field(default_factory=DailyStats)
    last_game: str | None = None  # the record of the last game finished
    # Top-level keys of a newer version's file, written back unchanged.
    unknown: dict[str, Any] = field(default_factory=dict, repr=False)
    # The statistics of games this version does not know (a newer version's),
    # by their key in ``rules``, written back unchanged.
    unknown_games: dict[str, Any] = field(default_factory=dict, repr=False)

    def for_rules(self, rules: Rules | str) -> RuleStats:
        """The statistics of a rule set, by member or code letter (``"C"``...)."""
        stats: RuleStats = getattr(self, _FIELDS[Rules(rules)])
        return stats

    def record_win(
        self,
        rules: Rules | str,
        score: int,
        seconds: float,
        moves: int,
        game_id: str | None = None,
        points: int | None = None,
    ) -> bool:
        """Count a won game, ``points`` its score with each card counted
        once; ``False`` if ``game_id`` was already counted."""
        if not self._first_time(game_id):
            return False
        seconds = min(max(float(seconds), 0.0), fields.MAX_SECONDS)
        if not math.isfinite(seconds):  # NaN survives min/max
            seconds = 0.0
        self.for_rules(rules).add_win(
            min(max(score, 0), fields.MAX_COUNT),
            seconds,
            min(max(moves, 1), fields.MAX_COUNT),
            points,
        )
        return True

    def record_loss(
        self, rules: Rules | str, game_id: str | None = None, points: int | None = None
    ) -> bool:
        """Count an abandoned game (played, not won; ends the streak), with
        its score counted once (``points``; None: not for the best score)."""
        if not self._first_time(game_id):
            return False
        self.for_rules(rules).add_loss(points)
        return True

    def reset(self, rules: Rules | str | None = None) -> None:
        """Start over for one rule set, or all when ``rules`` is ``None``.

        The recent ids are kept: they guard against counting twice, which
        stays true after a reset.
        """
        for each in Rules:
            if rules is None or Rules(rules) is each:
                setattr(self, _FIELDS[each], RuleStats())
        if rules is None:
            self.daily = DailyStats()
            self.unknown_games = {}  # every game's, even those this version cannot show

    def _first_time(self, game_id: str | None) -> bool:
        if game_id is None:
            return True
        if game_id in self.recent_games:
            return False
        self.recent_games = [*self.recent_games, game_id][-RECENT_IDS:]
        return True

    def to_json(self) -> dict[str, Any]:
        return {
            **self.unknown,
            "rules": {
                **self.unknown_games,
                **{rules.value: self.for_rules(rules).to_json() for rules in Rules},
            },
            "recent_games": list(self.recent_games),
            "daily": self.daily.to_json(),
            "last_game": self.last_game,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Stats:
        """All or nothing: raises ``CorruptFile`` if any part is wrong."""
        by_rules = fields.field(data, "rules")
        if type(by_rules) is not dict:
            raise CorruptFile("'rules' is not an object")
        recent = fields.field(data, "recent_games")
        if type(recent) is not list or len(recent) > RECENT_IDS:
            raise CorruptFile("'recent_games' is not a short list")
        # Yukon's two are always there; the other games came later.
        games = {
            _FIELDS[rules]: RuleStats.from_json(by_rules[rules.value], rules.value)
            for rules in Rules
            if not rules.is_yukon and rules.value in by_rules
        }
        return cls(
            classic=RuleStats.from_json(fields.field(by_rules, "C"), "C"),
            relaxed=RuleStats.from_json(fields.field(by_rules, "R"), "R"),
            **games,
            recent_games=[fields.text(game_id, "recent_games") for game_id in recent],
            daily=DailyStats.from_json(data.get("daily")),
            last_game=_last_game(data.get("last_game")),
            unknown=unknown_keys(data, ("rules", "recent_games", "daily", "last_game")),
            unknown_games=fields.others(by_rules, [rules.value for rules in Rules]),
        )


def _last_game(value: Any) -> str | None:
    """The saved record of the last game finished, if it still replays."""
    if type(value) is not str:  # none, or not a record at all: a convenience lost
        return None
    try:
        Game.from_record(value)
    except InvalidRecord:
        return None
    return value


_FIELDS = {
    Rules.CLASSIC: "classic",
    Rules.RELAXED: "relaxed",
    Rules.RUSSIAN: "russian",
    Rules.ALASKA: "alaska",
    Rules.MOOSEHIDE: "moosehide",
}


def load_stats(store: Store) -> Stats:
    """The saved statistics, or fresh ones; problems become notices in ``store``."""
    stats = store.load(
        FILE_NAME, WHAT, notices.NEW_STATISTICS, Stats.from_json, limit=MAX_STATS_BYTES
    )
    return stats if stats is not None else Stats()


def save_stats(store: Store, stats: Stats) -> bool:
    """Write the statistics; ``False`` (with a notice in ``store``) if impossible."""
    return store.save(FILE_NAME, stats.to_json())
