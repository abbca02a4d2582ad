"""The deal of the day: the date alone picks it, the solver proves it, the
statistics count it on their own line."""

from __future__ import annotations

import itertools
import json
from datetime import date

import pytest

from tests.test_session import Jobs
from yukon.engine import Game, Move, Rules
from yukon.jobs.daily import DailyJob, candidates, daily_code, daily_deal
from yukon.jobs.hints import JobDone
from yukon.persistence import Store, load_stats, save_stats
from yukon.persistence.daily_stats import DailyStats
from yukon.session.game_session import FINDING_DAILY, GameSession
from yukon.solver import Verdict, solve

# Pinned: the same on every machine and every run (a fixed budget of
# positions, not of seconds). A solver change that moves them shows here.
PINNED = {
    date(2026, 12, 2): "YU1-C-DBGSOPT",
    date(2026, 12, 10): "YU1-C-YSFCNXC",  # the third candidate
    date(2030, 6, 1): "YU1-C-JQYMRTE",
}


@pytest.mark.parametrize("day", sorted(PINNED))
def test_the_deal_of_a_date_is_pinned_and_winnable(day):
    code = daily_code(day)
    assert code == PINNED[day]
    assert solve(Game.from_code(code), max_seconds=None, max_nodes=60_000).verdict is Verdict.WON


def test_neighbouring_dates_share_no_candidates():
    days = [date(2026, 12, d) for d in range(1, 29)]
    seen = [set(candidates(day, 8)) for day in days]
    for a, b in itertools.pairwise(seen):
        assert not a & b


def test_the_job_stops_when_told():
    assert DailyJob("2026-12-10").run(stop=lambda: True) is None
    assert daily_deal(date(2026, 12, 2)) == DailyJob("2026-12-02").run()


def run_jobs(session: GameSession, jobs: Jobs) -> None:
    for job_id, job in list(jobs.submitted.items()):
        if isinstance(job, DailyJob):
            session.job_done(JobDone(job_id, job.run()))


def test_new_game_deals_todays_deal_and_the_stats_count_it(home):
    day = date(2026, 12, 2)
    jobs = Jobs()
    session = GameSession(Store(home), jobs, code="YU1-R-AAAAAAB", today=lambda: day)
    heard = []
    session.events.subscribe(heard.append)
    session.start_daily_game()
    assert heard[-1].message == FINDING_DAILY and session.game.code == "YU1-R-AAAAAAB"
    run_jobs(session, jobs)
    assert session.game.code == PINNED[day] and session.daily_played_today()
    line = solve(session.game, max_seconds=None, max_nodes=60_000).moves
    for move in line:
        session.play(move)
    daily = session.stats.daily
    assert (daily.played, daily.won, daily.current_streak(day)) == (1, 1, 1)
    assert session.stats.for_rules(Rules.CLASSIC).won == 1  # a Classic game too
    assert load_stats(Store(home)).daily == daily
    session.start_daily_game()  # known now: dealt at once
    assert session.game.code == PINNED[day] and session.game.move_count == 0


def test_an_abandoned_daily_counts_as_played_and_survives_a_restart_of_the_game(home):
    day = date(2026, 12, 2)
    jobs = Jobs()
    session = GameSession(Store(home), jobs, code="YU1-R-AAAAAAB", today=lambda: day)
    session.start_daily_game()
    run_jobs(session, jobs)
    session.play(session.game.legal_moves()[0])
    resumed = GameSession(Store(home), Jobs(), today=lambda: day)
    assert resumed.record.daily == "2026-12-02"
    resumed.start_game("YU1-C-AAAAAAB")
    assert (resumed.stats.daily.played, resumed.stats.daily.won) == (1, 0)


def test_daily_streaks_run_over_consecutive_days():
    daily = DailyStats()
    for day in (1, 2, 3):
        daily.record(date(2026, 12, day), won=True)
    daily.record(date(2026, 12, 3), won=True)  # the same day again: once
    assert (daily.played, daily.won, daily.streak) == (3, 3, 3)
    daily.record(date(2026, 12, 5), won=True)
    assert daily.current_streak(date(2026, 12, 6)) == 1
    daily.record(date(2026, 12, 7), won=False)
    assert (daily.played, daily.won) == (5, 4)
    assert daily.current_streak(date(2026, 12, 9)) == 0


def test_a_statistics_file_from_before_the_daily_deal_loads(home):
    store = Store(home)
    save_stats(store, load_stats(store))
    path = store.directory / "stats.json"
    data = json.loads(path.read_text())
    del data["daily"]
    path.write_text(json.dumps(data))
    stats = load_stats(Store(home))
    assert stats.daily == DailyStats()


@pytest.mark.parametrize(
    "daily",
    [
        {"played": 1, "won": 2, "streak": 0, "last_played": None, "streak_end": None},
        {"played": 1, "won": 1, "streak": 1, "last_played": "2026-13-01", "streak_end": None},
        {"played": 1, "won": 0, "streak": 0, "last_played": None, "streak_end": "2026-12-01"},
        "yes",
    ],
)
def test_a_damaged_daily_line_sets_the_file_aside(home, daily):
    store = Store(home)
    save_stats(store, load_stats(store))
    path = store.directory / "stats.json"
    data = json.loads(path.read_text())
    data["daily"] = daily
    path.write_text(json.dumps(data))
    fresh = Store(home)
    assert load_stats(fresh).daily == DailyStats() and fresh.take_notices()


def test_a_record_pasted_continues_that_game_and_the_last_one_finished_is_kept(home):
    session = GameSession(Store(home), Jobs(), code="YU1-C-AAAAAAB")
    session.play(Move.parse("7:5>2"))
    text = "YU1-R-AAAAAAB 7:5>2 undo 7:5>2"
    session.continue_record(text)
    assert session.game.record() == text and session.game.move_count == 2
    assert session.last_finished == "YU1-C-AAAAAAB 7:5>2"  # abandoned: it counts
    again = GameSession(Store(home), Jobs())
    assert again.game.record() == text  # saved as any game


def test_a_bad_record_changes_nothing(home):
    from yukon.engine import InvalidRecord

    session = GameSession(Store(home), Jobs(), code="YU1-C-AAAAAAB")
    session.play(Move.parse("7:5>2"))
    with pytest.raises(InvalidRecord):
        session.continue_record("YU1-C-AAAAAAB 1:1>2")
    assert session.game.record() == "YU1-C-AAAAAAB 7:5>2" and session.last_finished is None


def test_resetting_all_statistics_resets_the_daily_line_too():
    from yukon.persistence import Stats

    stats = Stats()
    stats.daily.record(date(2026, 12, 1), won=True)
    stats.reset(Rules.CLASSIC)
    assert stats.daily.won == 1  # one rule set's reset leaves it
    stats.reset()
    assert stats.daily == DailyStats()


def test_a_game_resumed_from_a_checkpoint_is_never_asked_for_its_record(home):
    session = GameSession(Store(home), Jobs(), code="YU1-C-AAAAAAB")
    session.play(Move.parse("7:5>2"))
    session.record.checkpoint()  # as a saved game of 200,000 actions is written
    session.save()
    resumed = GameSession(Store(home), Jobs())
    assert resumed.game.move_count == 1 and not resumed.game.has_record
    resumed.start_game("YU1-C-AAAAAAC")  # counted as abandoned, with no record to keep
    assert resumed.last_finished is None and resumed.stats.classic.played == 1


DAY = date(2026, 12, 2)


def daily_session(home, today: date = DAY) -> GameSession:
    """A session playing the deal of ``DAY`` (dealt as New game deals it)."""
    session = GameSession(Store(home), Jobs(), code="YU1-R-AAAAAAB", today=lambda: today)
    session.start_game(PINNED[DAY], daily=DAY.isoformat())
    return session


def winning_line(session: GameSession) -> list[Move]:
    return solve(session.game, max_seconds=None, max_nodes=60_000).moves


def test_the_deal_stays_the_deal_of_its_day_when_the_calendar_moves_on(home):
    session = daily_session(home)
    session.play(session.game.legal_moves()[0])
    session.today = lambda: date(2026, 12, 3)  # past midnight, still playing
    assert session.daily_date == DAY and not session.daily_played_today()
    session.close(None)
    resumed = GameSession(Store(home), Jobs(), today=lambda: date(2026, 12, 3))
    assert resumed.daily_date == DAY  # saved with its date, resumed the next day
    resumed.restart_game()
    for move in winning_line(resumed):
        resumed.play(move)
    daily = resumed.stats.daily
    assert (daily.played, daily.won, daily.last_played) == (1, 1, DAY)  # counted for its day
    assert daily.current_streak(date(2026, 12, 3)) == 1


def test_restarting_the_deal_of_the_day_keeps_it_that_days_deal(home):
    session = daily_session(home)
    session.play(session.game.legal_moves()[0])
    session.restart_game()
    assert session.daily_date == DAY and session.game.move_count == 0
    assert (session.stats.daily.played, session.stats.daily.won) == (1, 0)
    for move in winning_line(session):
        session.play(move)
    assert (session.stats.daily.played, session.stats.daily.won) == (1, 1)
    session.start_game("YU1-C-AAAAAAB")
    assert session.daily_date is None


def test_a_deal_of_the_day_the_demo_won_counts_as_played_not_won(home):
    session = daily_session(home)
    for move in winning_line(session):
        session.play(move, helped=True)
    assert session.game.is_won and session.demo_helped
    assert (session.stats.daily.played, session.stats.daily.won) == (1, 0)


def test_a_daily_win_whose_statistics_failed_counts_for_its_day_at_the_next_start(
    home, monkeypatch
):
    from tests.test_session import FullDisk

    session = daily_session(home)
    line = winning_line(session)
    for move in line[:-1]:
        session.play(move)
    disk = FullDisk(monkeypatch, names=("stats.json",))
    session.play(line[-1])
    session.close(None)
    disk.full = False
    again = GameSession(Store(home), Jobs(), today=lambda: DAY)
    assert (again.stats.daily.played, again.stats.daily.won) == (1, 1)
    assert again.stats.for_rules(Rules.CLASSIC).won == 1


def test_a_game_saved_before_the_deal_of_the_day_is_no_daily_deal(home):
    session = GameSession(Store(home), Jobs(), code="YU1-C-AAAAAAB")
    session.play(session.game.legal_moves()[0])
    session.close(None)
    path = home / "savegame.json"
    data = json.loads(path.read_text())
    assert "daily" not in data  # as every save before it was
    resumed = GameSession(Store(home), Jobs())
    assert resumed.game.move_count == 1 and resumed.daily_date is None


# ------------------------------------------ the calendar going back


def dec(day: int) -> date:
    return date(2026, 12, day)


def test_a_day_met_again_after_the_calendar_went_back_counts_once():
    """Pago Pago, Kiritimati, Pago Pago again: two days, both won, and the
    next day the streak still stands."""
    daily = DailyStats()
    for day in (3, 4, 3):
        daily.record(dec(day), won=True)
    assert (daily.played, daily.won, daily.streak) == (2, 2, 2)
    assert daily.current_streak(dec(5)) == 2
    daily.record(dec(5), won=True)
    assert (daily.played, daily.won, daily.current_streak(dec(5))) == (3, 3, 3)


def test_a_day_first_met_after_the_calendar_went_back_is_counted_and_joins_the_streak():
    daily = DailyStats()
    daily.record(dec(2), won=True)
    daily.record(dec(4), won=True)
    assert daily.current_streak(dec(4)) == 1
    daily.record(dec(3), won=False)  # back a day: played, not won yet
    daily.record(dec(3), won=True)  # then won: the runs join
    assert (daily.played, daily.won, daily.current_streak(dec(4))) == (3, 3, 3)
    assert daily.last_played == dec(4)  # the latest day played stays the latest


def test_the_days_survive_the_file_and_a_file_from_before_them_starts_them(home):
    store = Store(home)
    stats = load_stats(store)
    for day in (3, 4, 3):
        stats.daily.record(dec(day), won=True)
    save_stats(store, stats)
    again = load_stats(Store(home))
    assert again.daily == stats.daily
    again.daily.record(dec(3), won=True)
    assert (again.daily.played, again.daily.won, again.daily.streak) == (2, 2, 2)
    path = home / "stats.json"
    data = json.loads(path.read_text())
    del data["daily"]["days_played"], data["daily"]["days_won"]  # as an earlier version wrote it
    path.write_text(json.dumps(data))
    old = load_stats(Store(home)).daily
    old.record(dec(3), won=True)  # the streak's run is known: not counted again
    assert (old.played, old.won, old.streak) == (2, 2, 2)


@pytest.mark.parametrize(
    "runs",
    [
        "yes",
        [["2026-12-04", "2026-12-03"]],
        [["2026-12-01", "2026-12-02"], ["2026-12-02"]],
        [[1, 2]],
    ],
)
def test_runs_that_cannot_be_read_are_rebuilt_never_worth_the_statistics(home, runs):
    store = Store(home)
    stats = load_stats(store)
    stats.daily.record(dec(3), won=True)
    stats.classic.add_loss()
    save_stats(store, stats)
    path = home / "stats.json"
    data = json.loads(path.read_text())
    data["daily"]["days_won"] = runs
    path.write_text(json.dumps(data))
    fresh = Store(home)
    loaded = load_stats(fresh)
    assert loaded.classic.played == 1 and not fresh.take_notices()
    assert loaded.daily.days_won == [(dec(3), dec(3))]  # from the streak's run


def test_a_streak_longer_than_the_calendar_is_damage_not_a_crash(home):
    store = Store(home)
    save_stats(store, load_stats(store))
    path = home / "stats.json"
    data = json.loads(path.read_text())
    huge = 10**6
    data["daily"] = {"played": huge, "won": huge, "streak": huge}
    data["daily"] |= {"last_played": "0002-01-01", "streak_end": "0002-01-01"}
    path.write_text(json.dumps(data))
    fresh = Store(home)
    assert load_stats(fresh).daily == DailyStats() and fresh.take_notices()


def test_travelling_back_over_the_date_line_counts_the_day_once(home):
    """The attack's run, through the session: the deal of 2 Dec won, the
    next day's too, then 2 Dec again (its deal offered again) won again."""
    line = {}

    def play_daily(day: date) -> GameSession:
        session = GameSession(Store(home), Jobs(), today=lambda: day)
        session.start_game(PINNED[DAY] if day == DAY else "YU1-C-AAAAAAB", daily=day.isoformat())
        if session.game.code not in line:
            line[session.game.code] = winning_line(session)
        for move in line[session.game.code]:
            session.play(move)
        session.close(None)
        return session

    for day in (DAY, date(2026, 12, 3), DAY):
        daily = play_daily(day).stats.daily
    assert (daily.played, daily.won) == (2, 2)
    assert load_stats(Store(home)).daily.current_streak(date(2026, 12, 4)) == 2


# ------------------------------------------ the solver's process failing it


def asked_for_the_daily(home) -> tuple[GameSession, Jobs, list]:
    jobs = Jobs()
    session = GameSession(Store(home), jobs, code="YU1-R-AAAAAAB", today=lambda: DAY)
    session.play(session.game.legal_moves()[0])
    heard: list = []
    session.events.subscribe(heard.append)
    session.start_daily_game()
    return session, jobs, heard


def test_a_deal_of_the_day_the_solver_failed_is_said_and_the_game_goes_on(home):
    from yukon.jobs.worker import WORKER_FROZE
    from yukon.session.game_session import NO_DAILY

    session, jobs, heard = asked_for_the_daily(home)
    (job,) = [job_id for job_id, job in jobs.submitted.items() if isinstance(job, DailyJob)]
    assert session.job_done(JobDone(job, None, WORKER_FROZE))
    assert heard[-1].message == NO_DAILY
    assert session.game.code == "YU1-R-AAAAAAB" and session.game.move_count == 1
    session.start_daily_game()  # asked again: looked for again
    assert len([job for job in jobs.submitted.values() if isinstance(job, DailyJob)]) == 2


def test_a_deal_of_the_day_the_solver_never_answers_is_given_up_in_time(home):
    from yukon.session.game_session import DAILY_WAIT_SECONDS, NO_DAILY

    session, jobs, heard = asked_for_the_daily(home)
    (job,) = [job_id for job_id, job in jobs.submitted.items() if isinstance(job, DailyJob)]
    for _ in range(round(DAILY_WAIT_SECONDS) - 1):
        session.update(1.0)
    assert heard[-1].message == FINDING_DAILY  # still waiting
    session.update(1.0)
    assert heard[-1].message == NO_DAILY and job in jobs.cancelled
    assert session.game.code == "YU1-R-AAAAAAB" and session.game.move_count == 1
    session.update(60.0)
    assert [event.message for event in heard].count(NO_DAILY) == 1  # said once
