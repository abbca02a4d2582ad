"""Hints and winnable deals, answered by the solver's worker process."""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
import sys

import pygame
import pytest
from positions import almost_won
from positions import blocked_two as blocked
from uikit import (
    advance,
    dialogs,
    fake_app,
    key,
    let_run,
    make_app,
    use_game,
    view,
    wait_for,
    wait_until,
)

from yukon.engine import Game, Move, Rules
from yukon.jobs.advice import Why, sensible_move
from yukon.jobs.hints import (
    HintAnswer,
    HintJob,
    JobDone,
    WinnableJob,
    game_of,
    hint_job,
    position_of,
    winnable_job,
)
from yukon.solver import Verdict, solve
from yukon.ui.table import hint_service
from yukon.ui.table.hint_service import describe


def test_positions_travel_as_plain_data_and_back():
    game = Game.new(77, Rules.RELAXED)
    game.play(game.legal_moves()[0])
    assert game_of(position_of(game)).position() == game.position()
    assert game_of(position_of(game)).rules is Rules.RELAXED


def test_hint_job_gives_a_winning_line_that_replays():
    verdict, line = hint_job(position_of(Game.new(1)), 5.0)
    assert verdict is Verdict.WON
    game = Game.new(1)
    for move in line:
        game.play(move)
    assert game.is_won


def test_hint_job_says_lost_when_no_line_exists():
    assert hint_job(position_of(blocked()), 2.0) == HintAnswer(Verdict.LOST, ())


def test_hint_job_says_unknown_when_its_time_runs_out():
    assert hint_job(position_of(Game.new(1)), 0.0) == HintAnswer(Verdict.UNKNOWN, ())


def test_winnable_job_finds_a_deal_the_solver_wins():
    deal = winnable_job(Rules.CLASSIC, 10.0, seed=7)
    assert deal is not None
    assert solve(Game.new(deal), max_seconds=10).verdict is Verdict.WON


def test_hint_key_lights_the_next_move_and_never_moves_cards():
    app = make_app()
    use_game(app, almost_won())
    key(app, pygame.K_h)
    assert "Looking" in view(app).banner_text
    wait_for(app, lambda: view(app).hint is not None)
    assert view(app).hint == Move.parse("1:1>S")
    assert view(app).banner_text == "Hint: put the K♠ on its foundation."
    assert app.table.game.move_count == 0  # a hint never plays
    app.draw()
    app.shutdown()


def test_following_a_hint_line_gives_the_next_hint_at_once():
    app = make_app(code="YU1-C-AAAAAAB")
    app.table.request_hint()
    wait_for(app, lambda: view(app).hint is not None)
    first = view(app).hint
    cursor = view(app).cursor  # on the hinted cards: Space takes just them
    assert (cursor.pile, cursor.depth) == (first.src, first.count)
    key(app, pygame.K_SPACE)
    assert cursor.held is not None and view(app).banner_text.startswith("Hint:")
    key(app, pygame.K_ESCAPE)
    app.table.play(first)
    assert view(app).hint is None
    app.table.request_hint()  # from the remembered line: no waiting
    assert view(app).hint is not None and app.table.game.check(view(app).hint) is None
    app.shutdown()


def test_when_no_line_is_found_in_time_the_hint_still_points_to_a_sensible_move(monkeypatch):
    monkeypatch.setattr(hint_service, "HINT_SECONDS", 0.0)
    app = make_app(code="YU1-C-AAAAAAB")
    app.table.request_hint()
    wait_for(app, lambda: not app.table.hints.searching)
    advised = sensible_move(app.table.game)
    assert advised.why is Why.TURNS_OVER
    assert view(app).hint == advised.move  # lit up like any hint; nothing moved
    assert app.table.game.move_count == 0
    message = view(app).banner_text
    assert message == (
        "Hint: move the 10♠ and the cards on it onto the J♥. No winning line was found in "
        "time: this move turns a card over, but it is not proven to win."
    )
    view(app).hide_banner()
    app.table.request_hint()  # searched in vain once: answered at once, and looked for again
    assert app.table.hints.searching and view(app).banner_text == message
    wait_for(app, lambda: not app.table.hints.searching)
    assert view(app).banner_text == message  # nothing again: the same answer
    app.shutdown()


@pytest.mark.parametrize(
    ("code", "first"),
    [
        # No fallback move applies at this deal: the answer was "try Undo".
        ("YU1-C-AAAAAAU", "No winning line was found in time, and no move stands out: try Undo."),
        ("YU1-C-AAAAAAB", "Hint: move the 10♠ and the cards on it onto the J♥. No winning"),
    ],
)
def test_asked_again_where_nothing_was_found_in_time_the_hint_looks_again_for_longer(code, first):
    """On a busy machine the first search may find nothing in its 3 s; the
    player pressing H again expects the game to try again."""
    app, jobs = fake_app(code=code)
    table = app.table
    key(app, pygame.K_h)
    assert [job.seconds for job in jobs.submitted] == [hint_service.HINT_SECONDS]
    table.job_done(JobDone(1, HintAnswer(Verdict.UNKNOWN)))
    assert view(app).banner_text.startswith(first)
    view(app).hide_banner()
    key(app, pygame.K_h)  # again: the answer so far at once, and a longer search
    assert view(app).banner_text.startswith(first)
    assert [job.seconds for job in jobs.submitted] == [3.0, 6.0]
    assert jobs.submitted[1].position == table.game.position()
    key(app, pygame.K_h)  # while it looks: the same search goes on
    assert len(jobs.submitted) == 2 and not jobs.cancelled
    table.job_done(JobDone(2, HintAnswer(Verdict.UNKNOWN)))  # nothing in 6 s either
    assert view(app).banner_text.startswith(first)
    key(app, pygame.K_h)
    assert [job.seconds for job in jobs.submitted] == [3.0, 6.0, 12.0]
    line = solve(Game.from_code(code), max_seconds=None, max_nodes=200_000).moves
    assert line  # the deal is won: the longer search finds its line
    table.job_done(JobDone(3, HintAnswer(Verdict.WON, tuple(line))))
    assert view(app).hint == line[0]
    assert view(app).banner_text == describe(app.table.tr, table.game, line[0])
    assert table.help.verdict_text() == ""  # the live verdict is off: nothing said there
    app.shutdown()


def test_a_search_started_by_the_live_verdict_is_not_asked_again_unasked():
    """Only the player's asking again looks again: the live verdict of a
    position searched in vain says it is not known, and searches no more."""
    app, jobs = fake_app(live_verdict=True)
    app.update(0.1)
    app.table.job_done(JobDone(1, HintAnswer(Verdict.UNKNOWN)))
    advance(app, 1.0)
    assert len(jobs.submitted) == 1 and app.table.bar.status() == "Not known yet"
    key(app, pygame.K_h)
    assert len(jobs.submitted) == 2 and jobs.submitted[1].seconds == 6.0
    app.shutdown()


@pytest.mark.parametrize("error", ["the solver stopped", "the solver stopped answering"])
def test_a_hint_the_solver_failed_to_give_says_so(error):
    """A worker killed or frozen mid-search was once reported as "No
    winning line found"."""
    from yukon.jobs.hints import JobDone

    app = make_app(code="YU1-C-AAAAAAB")
    app.worker.stop()  # no real answer comes: this one is the solver's
    app.table.request_hint()
    job_id = app.table.hints._job[0]
    app.table.job_done(JobDone(job_id, None, error))
    assert app.table.board.banner.message == (
        "The solver stopped before it answered. Ask for a hint again."
    )
    assert not app.table.hints.searching and app.table.board.hint is None
    app.shutdown()


def test_proven_loss_says_the_game_cannot_be_won_and_is_remembered():
    app = make_app()
    use_game(app, blocked())
    app.table.request_hint()
    wait_for(app, lambda: not app.table.hints.searching)
    # No move made yet: Undo cannot help, a new deal can.
    assert view(app).banner_text == "This deal cannot be won: F2 deals another."
    assert view(app).hint is None
    # Every position after a lost one is lost too: answered without a search.
    app.table.play(app.table.game.legal_moves()[0])
    app.table.request_hint()
    assert not app.table.hints.searching
    assert view(app).banner_text == (
        "This game cannot be won from here: Undo (Ctrl+Z) takes moves back."
    )
    app.table.undo()
    app.table.request_hint()
    assert not app.table.hints.searching
    app.shutdown()


def test_hint_for_a_position_left_behind_is_dropped():
    app = make_app(code="YU1-C-AAAAAAB")
    app.table.request_hint()
    app.table.play(app.table.game.legal_moves()[-1])
    wait_for(app, lambda: not app.table.hints.searching)
    assert view(app).hint is None
    app.shutdown()


def test_winnable_deals_only_deals_a_proven_winnable_game():
    app = make_app(winnable_only=True)
    app.session.start_random_game(Rules.RELAXED)
    wait_for(app, lambda: not app.session.finding_deal and app.table.game.rules is Rules.RELAXED)
    game = app.table.game
    assert solve(Game.new(game.deal, game.rules), max_seconds=10).verdict is Verdict.WON
    app.shutdown()


def test_new_game_dialog_has_the_winnable_option():
    app = make_app()
    app.table.open_new_game()
    dialog = dialogs(app)[-1]
    assert dialog.winnable_box.get() is False
    dialog.winnable_box.set(True)
    assert app.session.settings.winnable_only is True
    app.draw()
    app.shutdown()


@pytest.mark.parametrize(
    ("columns", "move", "words"),
    [
        ([["JH"], ["TS", "4D"]], "2:2>1", "Hint: move the 10♠ and the cards on it onto the J♥."),
        ([["KD"], []], "1:1>2", "Hint: move the K♦ to the empty column 2."),
    ],
)
def test_hints_are_described_in_words(columns, move, words):
    from positions import layout

    from yukon.i18n import Translator

    assert describe(Translator(), layout(columns), Move.parse(move)) == words


# ---------------------------------------------------------------- the worker's life


def test_jobs_of_a_worker_that_died_are_reported_when_a_new_one_starts():
    from yukon.jobs.worker import WORKER_DIED, SolverWorker

    worker = SolverWorker()
    try:
        first = worker.submit(WinnableJob(Rules.CLASSIC, 30.0))
        worker._process.kill()  # say, out of memory
        worker._process.join()
        second = worker.submit(HintJob(position_of(Game.new(1)), 5.0))  # before any poll
        answers: dict[int, tuple] = {}

        def hear() -> None:
            answers.update((job, (result, error)) for job, result, error in worker.poll())

        assert wait_until(lambda: not worker.pending, 30, poll=hear), "a job was never answered"
        assert answers[first] == (None, WORKER_DIED)
        assert answers[second][0].verdict is Verdict.WON
    finally:
        worker.stop()


class FakeClock:
    """The watchdog's time, moved on by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def poll_for(worker, clock: FakeClock, seconds: float, step: float = 0.1) -> list:
    """Poll as the game does, ``seconds`` of the watchdog's time in steps of
    ``step``. Real time passes three times slower than the watchdog's (0.03 s
    a step), so a live worker, which runs below the game's priority, has a
    real second or more to show a heartbeat even on a busy machine."""
    done = []
    for _ in range(round(seconds / step)):
        clock.now += step
        done += worker.poll()
        let_run(0.03)
    return done


def wait_for_beats(worker, beats: int = 3) -> None:
    """Until the worker has started and counted ``beats`` heartbeats."""
    assert wait_until(lambda: worker._beats.value >= beats, 30, every=0.05), "it did not start"


def answers_until(worker, job: int, seconds: float = 30.0) -> dict[int, tuple]:
    """The worker's answers, (result, error) by job, polled until ``job``'s."""
    answers: dict[int, tuple] = {}

    def hear() -> None:
        answers.update((done, (result, error)) for done, result, error in worker.poll())

    assert wait_until(lambda: job in answers, seconds, poll=hear), "the worker did not answer"
    return answers


def stop_process(pid: int) -> None:
    """Stop ``pid`` with SIGSTOP, once the kernel says it is stopped."""
    os.kill(pid, signal.SIGSTOP)
    if not wait_until(lambda: process_state(pid) in "Tt", 5):
        pytest.skip("this system does not stop a process on SIGSTOP")


def assert_replaced_and_answering(
    worker, clock: FakeClock, frozen, job: int, still_frozen=lambda: True
) -> None:
    """The watchdog answers ``job`` as failed within its limit (counted from
    now), kills the ``frozen`` worker, and a new one answers the next job."""
    from yukon.jobs.worker import WATCHDOG_SECONDS, WORKER_FROZE

    clock.now += 3600  # the game itself was away: that hour is not counted
    assert worker.poll() == [] and frozen.is_alive()
    done = poll_for(worker, clock, WATCHDOG_SECONDS + 1)
    if not done and not still_frozen():
        pytest.skip("something on this system resumed the stopped process")
    assert done == [(job, None, WORKER_FROZE)]
    assert not frozen.is_alive() and not worker.pending
    quick = worker.submit(HintJob(position_of(Game.new(1)), 5.0))  # a new worker
    answers = answers_until(worker, quick)
    assert answers[quick][0].verdict is Verdict.WON


def test_a_hung_worker_is_replaced_and_its_job_answered_as_failed(tmp_path):
    """A worker stuck in a call that never returns shows no heartbeat: it
    once left Hint and the winnable deal waiting for ever."""
    from hanging import HangingJob

    from yukon.jobs.worker import SolverWorker

    clock = FakeClock()
    worker = SolverWorker(clock=clock)
    started = tmp_path / "started"
    try:
        stuck = worker.submit(HangingJob(str(started)))
        # Inside the job: no heartbeat from now on.
        assert wait_until(started.exists, 60, every=0.05), "the worker did not take the job"
        assert_replaced_and_answering(worker, clock, worker._process, stuck)
    finally:
        worker.stop()


def process_state(pid: int) -> str:
    """The kernel's one-letter state of process ``pid`` ("T": stopped)."""
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0]


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="needs Linux's /proc")
def test_a_stopped_worker_is_replaced_but_a_busy_one_is_not():
    """A worker stopped by a signal (not killed) counts no heartbeats; one
    that searches for longer than the watchdog's limit is left alone."""
    from yukon.jobs.worker import WATCHDOG_SECONDS, SolverWorker

    clock = FakeClock()
    worker = SolverWorker(clock=clock)
    try:
        # Deal 110111: still unknown after 90 s of two processes.
        slow = worker.submit(HintJob(position_of(Game.new(110111)), 60.0))
        wait_for_beats(worker)  # started and searching
        # Busy but alive: longer than the watchdog's limit, and nothing happens.
        assert poll_for(worker, clock, WATCHDOG_SECONDS * 1.5) == []
        frozen = worker._process
        stop_process(frozen.pid)
        assert_replaced_and_answering(
            worker, clock, frozen, slow, lambda: process_state(frozen.pid) in "Tt"
        )
    finally:
        worker.stop()


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="needs Linux's /proc")
def test_an_idle_worker_that_freezes_is_replaced_while_idle():
    """Noticed before a job comes: the live verdict or a hint asked for
    next must not wait out the watchdog's limit first."""
    from yukon.jobs.worker import WATCHDOG_SECONDS, SolverWorker

    clock = FakeClock()
    worker = SolverWorker(clock=clock)
    try:
        first = worker.submit(HintJob(position_of(Game.new(1)), 5.0))
        answers_until(worker, first)
        assert poll_for(worker, clock, WATCHDOG_SECONDS * 1.5) == []  # idle, alive: kept
        frozen = worker._process
        assert frozen.is_alive()
        stop_process(frozen.pid)
        assert poll_for(worker, clock, WATCHDOG_SECONDS + 1) == []  # no job, nothing said
        assert not frozen.is_alive()
        assert worker._process is not frozen and worker._process.is_alive()  # ready again
        quick = worker.submit(HintJob(position_of(Game.new(1)), 5.0))
        assert answers_until(worker, quick)[quick][1] is None
    finally:
        worker.stop()


def test_solve_ends_unknown_as_soon_as_stop_says_so_and_resumes_exactly_otherwise():
    asked = []

    def stop_on_third() -> bool:
        asked.append(1)
        return len(asked) >= 3

    result = solve(Game.new(110111), max_seconds=None, stop=stop_on_third)  # a hard deal
    assert result.verdict is Verdict.UNKNOWN and len(asked) == 3
    assert result.nodes <= 3000  # it stopped where it was told, not at the end
    for deal in (36, 43):  # 43: a best-first search runs out of quota mid-expansion
        plain = solve(Game.new(deal), max_seconds=None, max_nodes=15_000)
        sliced = solve(Game.new(deal), max_seconds=None, max_nodes=15_000, stop=lambda: False)
        assert (plain.verdict, plain.moves, plain.nodes) == (
            sliced.verdict,
            sliced.moves,
            sliced.nodes,
        )


def test_a_cancelled_job_frees_the_worker_at_once_and_is_never_answered():
    from yukon.jobs.worker import SolverWorker

    worker = SolverWorker()
    try:
        # Unknown for over 90 s (deal 110111), asked for an hour: the quick
        # one is answered within a minute only if cancelling works.
        slow = worker.submit(HintJob(position_of(Game.new(110111)), 3600.0))
        wait_for_beats(worker)  # under way
        worker.cancel(slow)
        quick = worker.submit(HintJob(position_of(Game.new(1)), 5.0))
        answers = answers_until(worker, quick, 60)
        assert answers[quick][0].verdict is Verdict.WON and slow not in answers
    finally:
        worker.stop()


def test_a_hint_asked_from_a_new_position_cancels_the_search_left_behind(monkeypatch):
    app = make_app()
    cancelled: list[int] = []
    submitted: list[int] = []
    submit = app.worker.submit
    monkeypatch.setattr(app.worker, "cancel", cancelled.append)
    monkeypatch.setattr(
        app.worker, "submit", lambda job: submitted.append(submit(job)) or submitted[-1]
    )
    try:
        key(app, pygame.K_h)
        first = submitted[-1]
        app.table.play(app.table.game.legal_moves()[0])
        key(app, pygame.K_h)
        assert cancelled == [first] and submitted[-1] != first and app.table.hints.searching
        key(app, pygame.K_h)  # the same position again: the search goes on
        assert cancelled == [first]
        app.session.start_game("YU1-C-AAAAAAC")  # another game: its hint is not wanted
        assert len(cancelled) == 2
    finally:
        app.worker.stop()


ORPHAN_SCRIPT = """
import os, time
from yukon.engine import Rules
from yukon.jobs.hints import WinnableJob
from yukon.jobs.worker import SolverWorker

if __name__ == "__main__":
    worker = SolverWorker()
    worker.submit(WinnableJob(Rules.CLASSIC, 0.5))
    while worker.pending:  # answered: the worker is up and idle
        worker.poll()
        time.sleep(0.01)
    print(worker._process.pid, flush=True)
    os._exit(0)  # the game is killed: no shutdown, no stop()
"""


def process_is_running(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie waiting to be reaped."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc")
def test_the_worker_ends_when_the_game_is_killed(tmp_path):
    script = tmp_path / "killed_game.py"
    script.write_text(ORPHAN_SCRIPT)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, PYTHONPATH=root)
    with subprocess.Popen(
        [sys.executable, str(script)], stdout=subprocess.PIPE, text=True, env=env
    ) as game:
        # The worker keeps the pipe open: read the one line, no communicate().
        # (A selector, not select.select: late in a long test session the
        # pipe's descriptor may be above select's limit of 1024.)
        with selectors.DefaultSelector() as waiting:
            waiting.register(game.stdout, selectors.EVENT_READ)
            assert waiting.select(60), "the game never answered"
        pid = int(game.stdout.readline())
        assert game.wait(timeout=30) == 0
    if not wait_until(lambda: not process_is_running(pid), 10, every=0.05):
        os.kill(pid, signal.SIGKILL)
        pytest.fail("the solver worker outlived the game")


class CountingJobs:
    def __init__(self) -> None:
        self.ids = 0

    def submit(self, job) -> int:
        self.ids += 1
        return self.ids

    def cancel(self, job_id: int) -> None:
        pass


def test_the_hint_service_revision_goes_up_with_every_change_and_only_then():
    from yukon.jobs.hints import JobDone

    service = hint_service.HintService(CountingJobs())
    game = Game.from_code("YU1-C-AAAAAAB")
    seen = [service.revision]

    def changed() -> bool:
        seen.append(service.revision)
        return seen[-1] != seen[-2]

    def questions() -> None:
        service.verdict(game), service.known_move(game), service.known_lost(game)
        service.known_line(game), service.searching_from(game), service.searching

    questions()
    assert not changed()
    service.search(game)
    assert changed()
    assert not service.search(game) and not changed()  # already looking from there
    service.drop()
    assert changed()
    service.drop()  # nothing to drop
    assert not changed()
    service.search(game)
    assert changed()
    assert service.job_done(JobDone(99, HintAnswer(Verdict.LOST)), game) is None
    assert not changed()  # not its answer
    service.job_done(JobDone(2, HintAnswer(Verdict.LOST)), game)
    assert changed() and service.verdict(game) is Verdict.LOST
    start, move = game.position(), game.legal_moves()[0]
    game.play(move)
    service.stepped(start, move, game.position())  # lost after a lost one: learnt
    assert changed() and service.verdict(game) is Verdict.LOST
    service.stepped(start, move, game.position())  # nothing new
    questions()
    assert not changed()
    service.forget()
    assert changed() and service.verdict(game) is None
    service.search(game)
    service.job_done(JobDone(3, HintAnswer(Verdict.WON, (game.legal_moves()[0],))), game)
    assert changed() and service.verdict(game) is Verdict.WON
    service.stepped(start, move, game.position())  # a win from here is one from there
    assert changed() and service.verdict(Game.from_position(start)) is Verdict.WON


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc/self/comm is Linux's")
def test_the_solvers_process_goes_by_its_own_name():
    """``pgrep yukon-solver`` finds it (once ``ps`` showed only python)."""
    from yukon.jobs.worker import PROCESS_NAME, SolverWorker

    worker = SolverWorker()
    try:
        job = worker.submit(HintJob(position_of(Game.new(1)), 5.0))
        assert wait_until(lambda: job not in worker.pending, poll=worker.poll), "no answer"
        pid = worker._process.pid
        with open(f"/proc/{pid}/comm") as comm:
            assert comm.read().strip() == PROCESS_NAME
        found = subprocess.run(["pgrep", "-x", PROCESS_NAME], capture_output=True, text=True)
        assert str(pid) in found.stdout.split()
    finally:
        worker.stop()
