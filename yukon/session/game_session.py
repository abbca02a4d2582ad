"""The game session: the game in progress and everything that outlives it.

One object holds the game being played (its record and clock), the
settings, the statistics, saving, and the search for winnable deals. It has
no pygame in it: the UI asks it to deal, play, undo, redo and save, and
listens to ``events`` for what changed (a new deal, a move, a win, a notice).

A move the demo plays for the player (``play(move, helped=True)``) marks
the game: a game the demo helped with, from a position with cards still
face down, is not the player's win. Its end counts as played, not won,
like a game given up (see ``yukon.session.autoplay`` for when a move is helped).

A game played on from a copied one (``continue_record``) did not start at
the deal with the player: the statistics count it neither as played nor
as won, however it ends, and the game it replaced counts as given up. The
record of the game in play itself, or of an earlier point of it, is no
other game: it goes on as the same one (its clock, its count).

>>> from yukon.persistence import Store
>>> import tempfile
>>> session = GameSession(Store(tempfile.mkdtemp()), NoJobs(), code="YU1-C-AAAAAAB")
>>> session.game.code
'YU1-C-AAAAAAB'
>>> heard = []
>>> session.events.subscribe(lambda event: heard.append(event.kind.value))
>>> _ = session.play(session.game.legal_moves()[0])
>>> heard[0], session.game.move_count
('moved', 1)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import date

from yukon.engine import Game, Move, Played, Rules, format_code
from yukon.engine.records import looks_like_record
from yukon.i18n.sentences import Sentences
from yukon.i18n.translator import N_
from yukon.jobs.hints import Job, JobDone, JobRunner, WinnableJob
from yukon.persistence import (
    GameRecord,
    Settings,
    Stats,
    Store,
    clear_game,
    load_saved,
    load_settings,
    load_stats,
    save_game,
    save_settings,
    save_stats,
)
from yukon.persistence.pending_results import Result, load_results, save_results
from yukon.session.events import Event, Events, Happening

WINNABLE_SECONDS = 3.0  # longest search for a winnable deal (usually well under 1 s)
# Longest a New game waits for the solver's winnable deal (its search, and
# time for the solver's process to start) before it deals an unchecked one.
WINNABLE_WAIT_SECONDS = WINNABLE_SECONDS + 5.0
# Catalogue messages: the UI shows them in the player's language.
ABANDON_WARNING = N_("This unfinished game will count as a loss in your statistics.")
SEARCHING = N_("Finding a winnable deal…")
NONE_WINNABLE = N_("No winnable deal was found in time: this one may not be winnable.")
FINDING_DAILY = N_("Finding today's deal…")
NO_SOLVER_DEAL = N_("The solver did not answer: this deal may not be winnable.")
NO_DAILY = N_("The solver did not answer: today's deal was not found. Try again in a moment.")
# Longest Deal of the day waits for the solver (today's deal takes 1.5 s at
# most, and a new solver's process a few seconds to start on a busy machine)
# before it says the solver did not answer; a frozen process is replaced
# after ``yukon.jobs.worker.WATCHDOG_SECONDS`` and fails it sooner.
DAILY_WAIT_SECONDS = 15.0


def is_earlier_point(game: Game, of: Game) -> bool:
    """Whether ``game`` is the game ``of``, or ``of`` as it was earlier: its
    record is ``of``'s, or the start of it.

    >>> mine = Game.from_record("YU1-C-AAAAAAB 7:5>2 undo")
    >>> [is_earlier_point(Game.from_record(text), mine) for text in
    ...  ("YU1-C-AAAAAAB 7:5>2", "YU1-C-AAAAAAB 7:5>2 undo redo", "YU1-R-AAAAAAB 7:5>2")]
    [True, False, False]
    """
    if not (game.has_record and of.has_record) or game.code != of.code:
        return False
    own, theirs = of.record(), game.record()
    return own == theirs or own.startswith(theirs + " ")


class NoJobs:
    """A job runner that never answers (sessions with no solver, tests)."""

    def __init__(self) -> None:
        self._count = 0

    def submit(self, job: Job) -> int:
        self._count += 1
        return self._count

    def cancel(self, job_id: int) -> None:
        pass


class GameSession:
    """The game in progress, the settings and statistics, on disk.

    ``code`` plays that deal (a resumed game it replaces counts as
    abandoned); else the saved game goes on, or a new deal is dealt.
    ``today`` is the calendar (the deal of the day's date).
    """

    def __init__(
        self,
        store: Store,
        jobs: JobRunner,
        code: str | None = None,
        today: Callable[[], date] = date.today,
    ) -> None:
        self.store = store
        self.jobs = jobs
        self.today = today
        self._daily: dict[str, str] = {}  # ISO date -> the deal of the day's code
        self._wanted_daily: tuple[int, str] | None = None
        self._daily_waited = 0.0  # seconds the wanted deal of the day has been waited for
        self.events = Events()
        self.settings: Settings = load_settings(store)
        self.stats: Stats = load_stats(store)
        self.paused = False  # the window is minimised: the clock stops
        # The statistics in memory hold a result the file does not (a save
        # failed): every later save tries again, and quitting too.
        self._stats_unsaved = False
        self._pending: list[Result] = []  # results kept in results.json meanwhile
        self._count_pending()
        resumed = load_saved(store)
        if resumed is not None and resumed[0].game.is_won:
            self._count_saved_win(*resumed)
            resumed = None
        if code is not None:
            current, clock = resumed if resumed is not None else (None, 0.0)
            self.record, self.elapsed = self._take_up(code, current, clock)
        elif resumed is not None:
            self.record, self.elapsed = resumed
        else:
            self.record, self.elapsed = self._new_record(self.settings.rule_set), 0.0
        self._ready_winnable: dict[Rules, int] = {}
        self._prefetching: dict[int, Rules] = {}
        self._wanted_winnable: tuple[int, Rules] | None = None
        self._waited = 0.0  # seconds the wanted winnable deal has been waited for
        self._prefetch_winnable(self.settings.rule_set)

    # ------------------------------------------------------------ the game

    @property
    def game(self) -> Game:
        return self.record.game

    @property
    def last_finished(self) -> str | None:
        """The record of the last game won or abandoned (kept with the statistics)."""
        return self.stats.last_game

    @property
    def clock_running(self) -> bool:
        game = self.record.game
        return game.move_count > 0 and not game.is_won and not self.paused

    def tick(self, dt: float) -> bool:
        """Advance the game clock; whether the shown second changed."""
        if not self.clock_running:
            return False
        before = int(self.elapsed)
        self.elapsed += dt
        return int(self.elapsed) != before

    def play(self, move: Move, *, helped: bool = False) -> Played:
        """Play ``move`` (``IllegalMove`` if the rules forbid it), save, and
        count a win. ``helped``: the demo plays it for the player, who had
        not turned every card over: the game is no longer theirs to win."""
        if helped and self.game.check(move) is None:
            self.record.demo_helped = True
        return self._after_move(self.record.play(move))

    def redo(self) -> Played:
        """Play the last move undone again (``IllegalMove`` if there is none)."""
        return self._after_move(self.record.redo())

    @property
    def demo_helped(self) -> bool:
        """The demo played part of this game: a win will not count as one."""
        return self.record.demo_helped

    def _after_move(self, played: Played) -> Played:
        move = played.move
        if self.game.is_won:
            self._count_win()
        else:
            self.save()
        self._emit(Happening.MOVED)
        if played.flipped is not None:
            self._emit(Happening.TURNED_OVER)
        if move.to_foundation:
            self._emit(Happening.TO_FOUNDATION)
        if self.game.is_won:
            self._emit(Happening.WON)
        return played

    def undo(self) -> Move:
        """Take back the last move (``IllegalMove`` if there is none)."""
        move = self.record.undo()
        self.save()
        self._emit(Happening.UNDONE)
        return move

    @property
    def abandon_warning(self) -> str:
        """What starting another game now would cost, said before it happens."""
        return ABANDON_WARNING if self.record.needs_counting else ""

    def use(self, record: GameRecord, elapsed: float = 0.0) -> None:
        """Play ``record`` from where it is (any position; nothing counted)."""
        self.record, self.elapsed = record, elapsed
        self._emit(Happening.DEALT)

    def start_game(self, code: str, *, daily: str | None = None) -> None:
        """Play the deal named by ``code`` (Restart deals the same one again);
        ``daily``: the date whose deal of the day it is."""
        self._drop_wanted_winnable()  # the player chose: no deal search replaces it
        self._count_abandoned(self.record)
        record = GameRecord.new(Game.from_code(code).code or code)
        record.daily = daily
        self.use(record)
        self.save()

    def continue_record(self, text: str) -> None:
        """Play on from where a game record leaves off (``InvalidRecord`` if
        it is not one, and the game in progress is kept): the game in play
        goes on, or another is a copied game, never counted."""
        record, elapsed = self._take_up(text, self.record, self.elapsed)
        self._drop_wanted_winnable()
        self.use(record, elapsed)
        self.save()

    def _take_up(
        self, text: str, current: GameRecord | None, elapsed: float
    ) -> tuple[GameRecord, float]:
        """The game of ``text`` (a code: a new deal; a copied game: played on
        from where it stopped) and its clock, in place of ``current``.
        ``current`` itself, or an earlier point of it, goes on as that game
        (``elapsed`` its clock); any other copied game is never counted,
        and ``current`` counts as left. A bad text raises before any change."""
        record = _record_from_text(text)
        copied = looks_like_record(text)
        if copied and current is not None and is_earlier_point(record.game, current.game):
            record.go_on_as(current)
            return record, elapsed
        record.copied = copied
        if current is not None:
            self._count_abandoned(current)
        return record, 0.0

    def start_daily_game(self) -> None:
        """Today's deal of the day: at once if known, else once the solver
        has found it (a notice says it is looked for)."""
        day = self.today().isoformat()
        code = self._daily.get(day)
        if code is not None:
            self.start_game(code, daily=day)
            return
        self._drop_wanted_winnable()
        if self._wanted_daily is None or self._wanted_daily[1] != day:
            from yukon.jobs.daily import DailyJob  # when first asked for: not at the start

            self._wanted_daily = (self.jobs.submit(DailyJob(day)), day)
            self._daily_waited = 0.0
        self._emit(Happening.SEARCHING, FINDING_DAILY)

    def daily_played_today(self) -> bool:
        """Whether the game in progress is today's deal of the day."""
        return self.record.daily == self.today().isoformat()

    @property
    def daily_date(self) -> date | None:
        """The date whose deal of the day the game in progress is (None: it
        is not one). It stays that date when the calendar moves on: the
        game is still that day's deal, and counts for that day."""
        daily = self.record.daily
        return None if daily is None else date.fromisoformat(daily)

    def restart_game(self) -> None:
        """Deal the same cards again (Restart deal): a deal of the day stays
        that day's deal."""
        code = self.game.code
        if code is not None:
            self.start_game(code, daily=self.record.daily)

    def start_random_game(self, rules: Rules) -> None:
        """A new deal; one the solver proved winnable when that is asked for."""
        self._drop_wanted_winnable()
        if not self.settings.winnable_only:
            self.start_game(self._new_record(rules).game.code or "")
            return
        deal = self._ready_winnable.pop(rules, None)
        if deal is not None:
            self.start_game(format_code(deal, rules))
            self._prefetch_winnable(rules)
            return
        self._wanted_winnable = (self.jobs.submit(WinnableJob(rules, WINNABLE_SECONDS)), rules)
        self._waited = 0.0
        self._emit(Happening.SEARCHING, SEARCHING)  # this game is being left

    def update(self, dt: float) -> None:
        """Time passes: a New game that waited ``WINNABLE_WAIT_SECONDS`` for
        its winnable deal deals one unchecked instead, and says so; a Deal
        of the day that waited ``DAILY_WAIT_SECONDS`` gives up, and says so."""
        if self._wanted_daily is not None:
            self._daily_waited += dt
            if self._daily_waited >= DAILY_WAIT_SECONDS:
                self._drop_wanted_winnable()  # the game in play goes on
                self._emit(Happening.NOTICE, NO_DAILY)
        if self._wanted_winnable is None:
            return
        self._waited += dt
        if self._waited >= WINNABLE_WAIT_SECONDS:
            rules = self._wanted_winnable[1]
            self._drop_wanted_winnable()
            self._deal_unchecked(rules, NO_SOLVER_DEAL)

    @property
    def finding_deal(self) -> bool:
        """A New game waits for the solver's winnable deal."""
        return self._wanted_winnable is not None

    def job_done(self, done: JobDone) -> bool:
        """Take a winnable deal the solver found; False if the job is not ours."""
        wanted = self._wanted_daily
        if wanted is not None and wanted[0] == done.job_id:
            self._wanted_daily = None
            if isinstance(done.result, int):
                from yukon.jobs.daily import DAILY_RULES

                self._daily[wanted[1]] = format_code(done.result, DAILY_RULES)
                self.start_game(self._daily[wanted[1]], daily=wanted[1])
            else:  # the solver's process died or froze (or found none): the game goes on
                self._emit(Happening.NOTICE, NO_DAILY)
            return True
        ours = False
        if done.job_id in self._prefetching:
            rules = self._prefetching.pop(done.job_id)
            if isinstance(done.result, int):
                self._ready_winnable[rules] = done.result
            ours = True
        if self._wanted_winnable is not None and self._wanted_winnable[0] == done.job_id:
            rules = self._wanted_winnable[1]
            self._wanted_winnable = None
            if isinstance(done.result, int):
                self.start_game(format_code(done.result, rules))
                self._prefetch_winnable(rules)
            else:  # none found in time, or the solver failed
                self._deal_unchecked(rules, NONE_WINNABLE if done.error is None else NO_SOLVER_DEAL)
            ours = True
        return ours

    def _deal_unchecked(self, rules: Rules, notice: str) -> None:
        """A plain new deal where a winnable one was wanted, and why."""
        self.start_game(self._new_record(rules).game.code or "")
        self._emit(Happening.NOTICE, notice)

    def _new_record(self, rules: Rules) -> GameRecord:
        return GameRecord.new(Game.new(None, rules).code or "")

    def _drop_wanted_winnable(self) -> None:
        """Stop looking for the deal a New game asked for (another game was
        chosen): the solver is free at once for what comes next."""
        if self._wanted_winnable is not None:
            self.jobs.cancel(self._wanted_winnable[0])
            self._wanted_winnable = None
        if self._wanted_daily is not None:
            self.jobs.cancel(self._wanted_daily[0])
            self._wanted_daily = None

    def _prefetch_winnable(self, rules: Rules) -> None:
        """Have the next winnable deal ready before the player asks."""
        wanted = self.settings.winnable_only and rules not in self._ready_winnable
        if wanted and rules not in self._prefetching.values():
            self._prefetching[self.jobs.submit(WinnableJob(rules, WINNABLE_SECONDS))] = rules

    # ------------------------------------------------------------ records

    def _count_abandoned(self, record: GameRecord) -> None:
        if record.copied and not record.game.is_won:  # left: offered to Watch replay, not counted
            self._keep_last(record.game)
            self._save_stats()
        if record.needs_counting:
            self._keep_last(record.game)
            self._count(record, won=False, elapsed=0.0)  # a loss has no time to count

    def _keep_last(self, game: Game) -> None:
        """Offer ``game``, just finished, to Watch replay (saved with the
        statistics); a deal played past what a record holds has none to
        offer, and an older game is not offered as if it were the last."""
        if game.has_record:
            self.stats.last_game = game.record()
        elif game.code is not None:
            self.stats.last_game = None

    def _count(self, record: GameRecord, *, won: bool, elapsed: float | None = None) -> None:
        """Count ``record``'s result once, wherever it survives: in stats.json,
        or while that cannot be written, in results.json beside the saved
        game, so that a kill before the next good write loses nothing."""
        from yukon.engine.scores import score_once  # at a game's end, not at the start

        game = record.game
        result = Result(
            game.rules.value,
            won=won,
            game_id=record.game_id,
            score=game.score,
            seconds=self.elapsed if elapsed is None else elapsed,
            moves=game.move_count,
            daily=record.daily,
            # The best score counts each card once, and never a game the demo played in.
            points=None if record.demo_helped else score_once(game),
        )
        record.counted = True
        if not result.count(self.stats):
            return  # counted already (its id is among the recent ones)
        self._save_stats()
        if self._stats_unsaved:
            self._pending.append(result)
            save_results(self.store, self._pending)

    def _count_win(self) -> None:
        record, game = self.record, self.game
        self._keep_last(game)
        if not (record.counted or record.copied):
            self._count(record, won=not record.demo_helped)  # the demo's win is not a win
        self._save_won_game()
        self.show_notices()

    def _count_saved_win(self, record: GameRecord, elapsed: float) -> None:
        """A win saved while its statistics could not be written: count it
        now (once: its id says whether it already is), then forget it."""
        self._keep_last(record.game)
        if not (record.counted or record.copied):
            self._count(record, won=not record.demo_helped, elapsed=elapsed)
        if not self._stats_unsaved:
            clear_game(self.store)

    def _save_won_game(self) -> None:
        """A won game is not resumed: it is forgotten once its result is in
        the statistics file, and kept, marked as not counted, until then."""
        if self._stats_unsaved:
            save_game(self.store, self.record, self.elapsed, counted=False)
        else:
            clear_game(self.store)

    def _save_stats(self) -> None:
        self._stats_unsaved = not save_stats(self.store, self.stats)
        if not self._stats_unsaved and self._pending:
            self._pending = []  # all in stats.json now
            save_results(self.store, [])

    def _count_pending(self) -> None:
        """Results an earlier run could only keep in results.json, counted
        now (once: their ids say whether stats.json has them already)."""
        self._pending = load_results(self.store)
        if self._pending:
            for result in self._pending:
                result.count(self.stats)
            self._save_stats()

    def save(self) -> None:
        """Save the game in progress (and the statistics if a result is
        still to be written)."""
        if self._stats_unsaved:
            self._save_stats()
        if self.game.is_won:
            self._save_won_game()
        else:
            save_game(self.store, self.record, self.elapsed)
        self.show_notices()

    def reset_stats(self) -> None:
        self.stats.reset()
        self._save_stats()
        self.show_notices()

    # ------------------------------------------------------------ settings

    def update_settings(self, settings: Settings) -> None:
        """Keep and save ``settings``; every listener applies them at once."""
        if settings == self.settings:
            return
        self.settings = settings
        self._emit(Happening.SETTINGS_CHANGED)
        self._prefetch_winnable(settings.rule_set)
        save_settings(self.store, settings)
        self.show_notices()

    def remember_rules(self, rules: Rules) -> None:
        self.update_settings(dataclasses.replace(self.settings, rules=rules.value))

    def close(self, window_size: tuple[int, int] | None) -> None:
        """On quit: save the game and the settings, let go of the data folder."""
        self.save()
        save_settings(self.store, dataclasses.replace(self.settings, window_size=window_size))
        self.store.release()

    # ------------------------------------------------------------ events

    def show_notices(self) -> None:
        """Saving problems and the like, one notice a line."""
        notices = self.store.take_notices()
        if notices:
            self._emit(Happening.NOTICE, Sentences.join(notices))

    def _emit(self, kind: Happening, message: str = "") -> None:
        self.events.emit(Event(kind, message))


def _record_from_text(text: str) -> GameRecord:
    """The game record of a code (a new deal) or of a whole game's record
    (the game played on from where it stopped), read as ``Game.from_text``
    reads it (which raises on a bad one)."""
    Game.from_text(text)
    if not looks_like_record(text):
        return GameRecord.new(Game.from_code(text).code or text.strip())
    return GameRecord.replaying(text)
