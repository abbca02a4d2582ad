"""The game session on its own: no window, no pygame, a stand-in solver."""

from __future__ import annotations

import dataclasses

import pytest

from yukon.engine import IllegalMove, Move, Rules
from yukon.jobs.hints import Job, JobDone, WinnableJob
from yukon.persistence import Store
from yukon.session.events import Event, Happening
from yukon.session.game_session import (
    ABANDON_WARNING,
    NO_SOLVER_DEAL,
    NONE_WINNABLE,
    SEARCHING,
    WINNABLE_WAIT_SECONDS,
    GameSession,
)

CODE = "YU1-C-AAAAAAB"


class Jobs:
    """A job runner that keeps what it is given; tests answer by hand."""

    def __init__(self) -> None:
        self.submitted: dict[int, Job] = {}
        self.cancelled: list[int] = []

    def submit(self, job: Job) -> int:
        self.submitted[len(self.submitted) + 1] = job
        return len(self.submitted)

    def cancel(self, job_id: int) -> None:
        self.cancelled.append(job_id)


def open_session(home, code: str | None = CODE, jobs: Jobs | None = None) -> GameSession:
    return GameSession(Store(home), jobs or Jobs(), code=code)


def listen(session: GameSession) -> list[Event]:
    heard: list[Event] = []
    session.events.subscribe(heard.append)
    return heard


def test_moves_are_played_saved_and_announced(home):
    session = open_session(home)
    heard = listen(session)
    move = session.game.legal_moves()[0]
    played = session.play(move)
    assert played.move is move and session.game.move_count == 1
    assert heard[0] == Event(Happening.MOVED)
    again = open_session(home, code=None)  # the next start resumes it
    assert again.game.position() == session.game.position() and again.game.move_count == 1


def test_an_illegal_move_raises_and_changes_nothing(home):
    session = open_session(home)
    heard = listen(session)
    with pytest.raises(IllegalMove):
        session.play(Move.parse("1:1>2"))
    assert session.game.move_count == 0 and heard == []


def test_undo_is_announced_and_saved(home):
    session = open_session(home)
    session.play(session.game.legal_moves()[0])
    heard = listen(session)
    session.undo()
    assert heard == [Event(Happening.UNDONE)]
    assert open_session(home, code=None).game.can_undo is False


def test_redo_is_a_move_announced_saved_and_resumed(home):
    session = open_session(home)
    (first,) = session.game.legal_moves()[:1]
    session.play(first)
    session.undo()
    heard = listen(session)
    played = session.redo()
    assert played.move == first and session.game.move_count == 2
    assert heard == [Event(Happening.MOVED)]
    session.undo()
    again = open_session(home, code=None)  # what can be redone survives a restart
    assert again.game.redo_moves() == [first]
    again.redo()
    assert again.game.position() == played_position(first) and again.game.move_count == 3
    with pytest.raises(IllegalMove):
        again.redo()


def played_position(move: Move):
    from yukon.engine import Game

    game = Game.from_code(CODE)
    game.play(move)
    return game.position()


def test_a_new_move_forgets_what_could_be_redone(home):
    session = open_session(home)
    legal = session.game.legal_moves()
    session.play(legal[0])
    session.undo()
    session.play(legal[1])
    assert not session.game.can_redo
    assert not open_session(home, code=None).game.can_redo


def test_a_game_the_demo_finished_counts_as_played_not_won(home, won_games):
    code, moves = won_games[0]
    session = open_session(home, code=code)
    session.play(moves[0])
    session.play(moves[1], helped=True)  # the demo, with cards still face down
    assert session.demo_helped
    session = open_session(home, code=None)  # saved with the game
    assert session.demo_helped
    for move in moves[2:]:
        session.play(move)  # even when the player plays the rest
    stats = session.stats.for_rules(session.game.rules)
    assert session.game.is_won and (stats.played, stats.won, stats.current_streak) == (1, 0, 0)


def test_a_refused_helped_move_marks_nothing(home):
    session = open_session(home)
    with pytest.raises(IllegalMove):
        session.play(Move.parse("1:1>2"), helped=True)
    assert not session.demo_helped


def test_a_win_is_counted_once_and_the_saved_game_cleared(home, won_games):
    code, moves = won_games[0]
    session = open_session(home, code=code)
    heard = listen(session)
    for move in moves:
        session.play(move)
    assert [event.kind for event in heard].count(Happening.WON) == 1
    assert heard[-1] == Event(Happening.WON)
    assert session.stats.for_rules(session.game.rules).won == 1
    assert open_session(home, code=None).game.move_count == 0  # nothing to resume


def test_starting_another_game_counts_the_unfinished_one_as_lost(home):
    session = open_session(home)
    assert session.abandon_warning == ""
    session.play(session.game.legal_moves()[0])
    assert session.abandon_warning == ABANDON_WARNING
    heard = listen(session)
    session.start_game("YU1-R-AAAAAAB")
    assert heard[0] == Event(Happening.DEALT)
    assert session.game.code == "YU1-R-AAAAAAB" and session.game.move_count == 0
    assert session.stats.for_rules(Rules.CLASSIC).played == 1
    assert session.stats.for_rules(Rules.CLASSIC).won == 0


def test_the_clock_runs_only_while_a_started_game_is_played(home):
    session = open_session(home)
    assert session.tick(5.0) is False and session.elapsed == 0.0  # no move yet
    session.play(session.game.legal_moves()[0])
    assert session.tick(1.5) is True and session.elapsed == 1.5
    session.paused = True  # the window is minimised
    session.tick(10.0)
    assert session.elapsed == 1.5


def test_settings_are_saved_and_announced_once(home):
    session = open_session(home)
    heard = listen(session)
    session.update_settings(dataclasses.replace(session.settings, double_click=False))
    again = dataclasses.replace(session.settings, double_click=False)
    session.update_settings(again)  # no change: no event
    assert [event.kind for event in heard] == [Happening.SETTINGS_CHANGED]
    assert open_session(home).settings.double_click is False


def test_winnable_deals_are_prefetched_and_dealt_at_once(home):
    jobs = Jobs()
    session = open_session(home, jobs=jobs)
    session.update_settings(dataclasses.replace(session.settings, winnable_only=True))
    ((job_id, job),) = jobs.submitted.items()
    assert job == WinnableJob(Rules.CLASSIC, job.seconds)
    assert session.job_done(JobDone(job_id, 1234)) is True
    session.start_random_game(Rules.CLASSIC)
    assert session.game.deal == 1234 and not session.finding_deal
    assert len(jobs.submitted) == 2  # the next one is on its way


def test_a_wanted_winnable_deal_is_searched_for_and_may_not_be_found(home):
    jobs = Jobs()
    session = open_session(home, jobs=jobs)
    session.update_settings(dataclasses.replace(session.settings, winnable_only=True, rules="R"))
    heard = listen(session)
    session.start_random_game(Rules.RELAXED)
    assert session.finding_deal and heard == [Event(Happening.SEARCHING, SEARCHING)]
    wanted = max(jobs.submitted)
    assert session.job_done(JobDone(wanted, None)) is True
    assert not session.finding_deal and session.game.rules is Rules.RELAXED
    assert heard[-1] == Event(Happening.NOTICE, NONE_WINNABLE)
    assert session.job_done(JobDone(999, None)) is False  # not the session's job


def test_a_winnable_deal_the_solver_failed_to_find_says_so(home):
    """The solver stopped: not "none found in time"."""
    jobs = Jobs()
    session = open_session(home, jobs=jobs)
    session.update_settings(dataclasses.replace(session.settings, winnable_only=True, rules="R"))
    session._ready_winnable.clear()
    heard = listen(session)
    session.start_random_game(Rules.RELAXED)
    assert session.job_done(JobDone(max(jobs.submitted), None, "the solver stopped")) is True
    assert not session.finding_deal and heard[-1] == Event(Happening.NOTICE, NO_SOLVER_DEAL)


def test_a_new_game_waits_for_the_winnable_deal_only_so_long(home):
    """A solver that never answers once left "Winnable deals only" without
    a deal for ever: after a bounded wait a plain deal comes, with a notice."""
    jobs = Jobs()
    session = open_session(home, jobs=jobs)
    session.update_settings(dataclasses.replace(session.settings, winnable_only=True, rules="R"))
    session._ready_winnable.clear()
    heard = listen(session)
    session.start_random_game(Rules.RELAXED)
    wanted = max(jobs.submitted)
    session.update(WINNABLE_WAIT_SECONDS - 0.5)
    assert session.finding_deal and session.game.code == CODE  # still waiting
    session.update(0.5)
    assert not session.finding_deal and session.game.rules is Rules.RELAXED
    assert session.game.code != CODE and wanted in jobs.cancelled
    assert heard[-1] == Event(Happening.NOTICE, NO_SOLVER_DEAL)
    dealt = session.game.code
    session.job_done(JobDone(wanted, 77))  # late: it deals nothing
    assert session.game.code == dealt


def test_choosing_a_game_drops_the_wanted_winnable_deal(home):
    jobs = Jobs()
    session = open_session(home, jobs=jobs)
    session.update_settings(dataclasses.replace(session.settings, winnable_only=True))
    session._ready_winnable.clear()
    session.start_random_game(Rules.CLASSIC)
    wanted = max(jobs.submitted)
    session.start_game("YU1-R-AAAAAAB")
    assert wanted in jobs.cancelled and not session.finding_deal
    session.job_done(JobDone(wanted, 77))  # late: it deals nothing
    assert session.game.code == "YU1-R-AAAAAAB"


# ------------------------------------------------------------ a full disk


class FullDisk:
    """Saving ``names`` fails with "No space left on device" while ``full``."""

    def __init__(self, monkeypatch, names=("stats.json", "savegame.json", "settings.json")):
        import errno

        from yukon.persistence import store as store_module

        self.full = True
        real = store_module.write_atomic

        def write(path, content, **options):
            if self.full and path.name in names:
                raise OSError(errno.ENOSPC, "No space left on device")
            return real(path, content, **options)

        monkeypatch.setattr(store_module, "write_atomic", write)


def play_to_one_short_of_the_win(home, won_games) -> tuple[GameSession, list[Move]]:
    code, moves = won_games[0]
    session = open_session(home, code=code)
    for move in moves[:-1]:
        session.play(move)
    return session, moves


def test_a_win_on_a_full_disk_is_written_when_there_is_room_again(home, won_games, monkeypatch):
    session, moves = play_to_one_short_of_the_win(home, won_games)
    disk = FullDisk(monkeypatch)
    session.play(moves[-1])
    assert session.game.is_won and (home / "savegame.json").exists()  # not thrown away
    disk.full = False
    session.close(None)  # quitting tries again
    again = open_session(home, code=None)
    assert again.stats.for_rules(again.game.rules).won == 1
    assert again.game.move_count == 0 and not (home / "savegame.json").exists()


def test_a_win_on_a_full_disk_is_retried_at_the_next_save(home, won_games, monkeypatch):
    session, moves = play_to_one_short_of_the_win(home, won_games)
    disk = FullDisk(monkeypatch)
    session.play(moves[-1])
    disk.full = False
    session.start_game(CODE)  # the next save writes the statistics first
    assert open_session(home, code=None).stats.for_rules(Rules.CLASSIC).won == 1


def test_a_win_on_a_disk_full_until_the_end_can_still_be_won_at_the_next_start(
    home, won_games, monkeypatch
):
    session, moves = play_to_one_short_of_the_win(home, won_games)
    disk = FullDisk(monkeypatch)
    session.play(moves[-1])
    session.close(None)
    disk.full = False
    again = open_session(home, code=None)  # the last game saved before the disk filled
    assert again.game.move_count == len(moves) - 1
    again.play(moves[-1])
    assert again.stats.for_rules(again.game.rules).won == 1


def test_a_win_whose_statistics_alone_fail_is_counted_at_the_next_start(
    home, won_games, monkeypatch
):
    session, moves = play_to_one_short_of_the_win(home, won_games)
    disk = FullDisk(monkeypatch, names=("stats.json",))
    session.play(moves[-1])
    session.close(None)
    disk.full = False
    again = open_session(home, code=None)
    assert again.stats.for_rules(again.game.rules).won == 1
    assert again.game.move_count == 0 and not (home / "savegame.json").exists()
    third = open_session(home, code=None)  # counted once, not at every start
    assert third.stats.for_rules(third.game.rules).won == 1


def test_a_loss_on_a_full_disk_is_written_at_quit(home, monkeypatch):
    session = open_session(home)
    session.play(session.game.legal_moves()[0])
    disk = FullDisk(monkeypatch)
    session.start_game("YU1-R-AAAAAAB")
    disk.full = False
    session.close(None)
    assert open_session(home, code=None).stats.for_rules(Rules.CLASSIC).played == 1


# ------------------------------------------ statistics that cannot be written


def test_a_loss_whose_statistics_fail_survives_a_kill_and_counts_once(home, monkeypatch):
    session = open_session(home)
    session.play(session.game.legal_moves()[0])
    score = session.game.score
    disk = FullDisk(monkeypatch, names=("stats.json",))
    session.start_game("YU1-R-AAAAAAB")  # the abandoned game is counted
    assert (home / "results.json").exists()  # kept beside the saved game
    del session  # killed: no save, no quit
    disk.full = False
    again = open_session(home, code=None)
    assert again.stats.for_rules(Rules.CLASSIC).played == 1
    assert again.stats.for_rules(Rules.CLASSIC).best_points == score  # kept with the result
    assert not (home / "results.json").exists()  # stats.json holds it now
    third = open_session(home, code=None)
    assert third.stats.for_rules(Rules.CLASSIC).played == 1  # counted once


def test_results_of_a_whole_session_without_statistics_survive_a_kill(home, monkeypatch):
    """stats.json a dangling link for the whole session: every result kept."""
    (home / "stats.json").symlink_to(home / "missing" / "stats.json")
    session = open_session(home)
    for code in ("YU1-R-AAAAAAB", "YU1-U-AAAAAAB", CODE):
        session.play(session.game.legal_moves()[0])
        session.start_game(code)
    del session  # killed
    (home / "stats.json").unlink()
    again = open_session(home, code=None)
    played = [again.stats.for_rules(rules).played for rules in (Rules.CLASSIC, Rules.RELAXED)]
    assert played == [1, 1] and again.stats.for_rules(Rules.RUSSIAN).played == 1
    assert open_session(home, code=None).stats.for_rules(Rules.CLASSIC).played == 1


def test_a_game_the_demo_finished_on_a_full_disk_is_still_counted(home, won_games, monkeypatch):
    code, moves = won_games[0]
    session = open_session(home, code=code)
    session.play(moves[0], helped=True)
    for move in moves[1:-1]:
        session.play(move)
    disk = FullDisk(monkeypatch, names=("stats.json",))
    session.play(moves[-1])
    assert session.game.is_won
    del session  # killed before any later save
    disk.full = False
    stats = open_session(home, code=None).stats.for_rules(Rules(code[4]))
    assert (stats.played, stats.won) == (1, 0)


def test_a_damaged_results_file_is_set_aside_with_a_notice(home):
    (home / "results.json").write_text('{"version": 1, "results": [{"rules": "Q"}]}')
    session = open_session(home)
    assert (home / "results.json.bad").exists()
    said = [str(notice) for notice in session.store.notices]
    assert any("results file was damaged" in text for text in said), said
