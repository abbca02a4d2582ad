"""A background process for solver jobs, so the window never stutters.

The solver is pure Python: in a thread it would hold the interpreter lock
and steal whole milliseconds from frames. A separate process (spawned, not
forked, so it shares nothing with SDL) takes jobs from one queue and
answers on another; the game polls for answers once per update. A job that
tells how far it is (``ReportingJob``) sends its partial answers on the same
queue (``JobProgress``), and ``poll`` hands them out with the answers, until
the job is answered or cancelled.

A watchdog notices a worker that stopped answering without dying (stopped
by a signal, swapped out for good): the worker counts heartbeats, while
idle and every thousand positions or so of a search, and one that shows
none for ``WATCHDOG_SECONDS`` is killed. Its jobs are answered as failed
(the next job starts a new worker); an idle one is replaced at once, so
the next job need not wait out the watchdog. Time is the ``clock`` given,
read only while the game polls.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import queue
import signal
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from yukon.jobs.hints import Job, JobDone, JobProgress, reports_progress

if TYPE_CHECKING:
    from yukon.jobs.loss_analysis import LossProgress

# How often an idle worker checks that the game is still there.
PARENT_CHECK_SECONDS = 0.5
WORKER_NICENESS = 10  # how far below the game the solver's process runs
# How long a worker with jobs may show no heartbeat before it is replaced
# (a new one needs a second or two to start on a busy machine).
WATCHDOG_SECONDS = 10.0
# Polls further apart than this mean the game itself was not running (a
# stopped process, a sleeping computer): that time is not held against the
# worker. An idle game's loop rests up to a second between polls
# (``yukon.desktop.app.REST_LONGEST``): that must not look like a gap.
POLL_GAP_SECONDS = 3.0
# The worker's name, for ``ps``, ``top`` and ``pgrep yukon-solver`` too.
PROCESS_NAME = "yukon-solver"
# What a failed job's answer says (``JobDone.error``).
WORKER_DIED = "the solver stopped"
WORKER_FROZE = "the solver stopped answering"


def ignore_in_helper() -> None:
    """For a helper process of the game (the solver's): Ctrl+C, SIGHUP and
    SIGQUIT reach the whole process group from a terminal, but it is the
    game that hears them and then stops its helpers (SIGTERM still ends
    one); a helper left alone ends when it finds the game gone."""
    for name in ("SIGINT", "SIGHUP", "SIGQUIT"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)


def _serve(jobs: Any, results: Any, cancels: Any, beats: Any) -> None:
    """The worker's loop: run each job and send back (id, result), and
    count heartbeats on ``beats`` while waiting and while searching.

    A job the game cancelled (its id on ``cancels``) is skipped, or stops
    where it is without an answer: the game asked for something else. It
    ends on ``None`` (a normal quit) or as soon as it finds the game's
    process gone, so a game that was killed leaves no solver behind (a job
    under way runs out its few seconds first)."""
    ignore_in_helper()  # Ctrl+C in the terminal is the game's to answer
    name_the_process()
    import multiprocessing

    parent = multiprocessing.parent_process()
    cancelled: set[int] = set()
    _yield_to_the_window()
    worker = os.getpid()

    def is_cancelled(job_id: int) -> bool:
        # A search's forked copy (the solver's two-process split) asks too,
        # but only the worker itself may say it is alive: a stopped worker
        # whose copy still searches is frozen all the same.
        if os.getpid() == worker:
            beats.value += 1
        while True:
            try:
                cancelled.add(cancels.get_nowait())
            except queue.Empty:
                return job_id in cancelled

    while True:
        beats.value += 1
        try:
            item = jobs.get(timeout=PARENT_CHECK_SECONDS)
        except queue.Empty:
            if parent is not None and not parent.is_alive():
                results.cancel_join_thread()  # nobody will read what is left
                return
            continue
        if item is None:
            return
        job_id, job = item
        if is_cancelled(job_id):
            cancelled.discard(job_id)
            continue
        _run(job_id, job, results, is_cancelled, cancelled)


def _run(
    job_id: int,
    job: Any,
    results: Any,
    is_cancelled: Callable[[int], bool],
    cancelled: set[int],
) -> None:
    """Run one job and send back its answer on ``results``: none if the
    game cancelled it meanwhile, the error if it failed (the worker goes
    on); how far it is as it goes, for a job that tells."""

    def stop() -> bool:
        return is_cancelled(job_id)

    def report(progress: LossProgress) -> None:
        results.put(JobProgress(job_id, progress))

    try:
        if reports_progress(job):
            result: Any = job.run(stop=stop, report=report)
        else:
            result = job.run(stop=stop)
    except Exception as error:  # a failed job must not end the worker
        results.put(JobDone(job_id, None, f"{type(error).__name__}: {error}"))
        return
    if not is_cancelled(job_id):
        results.put(JobDone(job_id, result))
    cancelled.discard(job_id)


def name_the_process() -> None:
    """Give the worker's process the name the system shows: ``ps``, ``top``
    and ``pgrep yukon-solver`` find it by that name, where they saw only
    ``python`` (its command line stays Python's, which only a library
    could rewrite). Linux keeps a process's name, 15 bytes at most, in
    ``/proc/self/comm``, which the process may write; elsewhere there is
    no such file and nothing changes."""
    with contextlib.suppress(OSError), open("/proc/self/comm", "w") as comm:
        comm.write(PROCESS_NAME)


def _yield_to_the_window() -> None:
    """Run below the game's priority: on a machine with few cores, a search
    (the live verdict starts one after every move) must never take a frame's
    time from the window."""
    nice = getattr(os, "nice", None)  # not on Windows
    if nice is not None:
        with contextlib.suppress(OSError):
            nice(WORKER_NICENESS)


class SolverWorker:
    """Submit jobs (see ``yukon.jobs.hints``); ``poll`` returns the finished
    ones as ``JobDone`` values, and what jobs still running told of how
    far they are as ``JobProgress``, without waiting. ``clock`` (seconds)
    times the watchdog."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._ids = itertools.count(1)
        self._clock = clock
        self._process: Any = None
        self._jobs: Any = None
        self._results: Any = None
        self._cancels: Any = None
        self._beats: Any = None
        self.pending: set[int] = set()
        # Jobs of a worker that died or froze, to report as failed at the
        # next poll, with what happened.
        self._lost: list[tuple[int, str]] = []
        # The watchdog: the heartbeat count last seen, when it was seen to
        # change (or the watch began), and when the game last polled.
        self._beat = 0
        self._beat_at = 0.0
        self._polled_at = 0.0

    def _start(self) -> None:
        import multiprocessing  # with the first job, not before the first frame

        context = multiprocessing.get_context("spawn")
        self._jobs = context.Queue()
        self._results = context.Queue()
        self._cancels = context.Queue()
        self._beats = context.RawValue("Q", 0)
        self._process = context.Process(
            target=_serve,
            args=(self._jobs, self._results, self._cancels, self._beats),
            daemon=True,
            name=PROCESS_NAME,
        )
        self._process.start()

    def submit(self, job: Job) -> int:
        if self._process is None or not self._process.is_alive():
            self._give_up_pending(WORKER_DIED)  # the old worker took them with it
            self._start()
            self._watch_from(self._clock())
        job_id = next(self._ids)
        self._jobs.put((job_id, job))
        self.pending.add(job_id)
        return job_id

    def cancel(self, job_id: int) -> None:
        """Nobody waits for ``job_id`` any more: the worker skips it, or
        stops it within a few milliseconds, and it is never answered."""
        if job_id in self.pending:
            self.pending.discard(job_id)
            self._cancels.put(job_id)

    @property
    def idle(self) -> bool:
        """No job awaited and nothing to report: ``poll`` has nothing to do."""
        return not (self.pending or self._lost)

    def poll(self) -> list[JobDone | JobProgress]:
        if self.idle:
            # The usual case, 120 times a second: an idle worker is watched
            # too, so that one that froze meanwhile is replaced before the
            # next job (the live verdict, a hint) would wait for it.
            if self._process is not None and self._frozen():
                self._replace()
                self._start()
                self._watch_from(self._clock())
            return []
        done: list[JobDone | JobProgress] = []
        if self.pending and self._results is not None:
            while True:
                try:
                    item = self._results.get_nowait()
                except queue.Empty:
                    break
                if isinstance(item, JobProgress):
                    if item.job_id in self.pending:  # a cancelled job's is nobody's
                        done.append(item)
                    continue
                self.pending.discard(item[0])
                done.append(item)
            if self.pending and not self._process.is_alive():
                self._give_up_pending(WORKER_DIED)
            elif self.pending and self._frozen():
                self._replace()
        done += [JobDone(job_id, None, error) for job_id, error in self._lost]
        self._lost.clear()
        return done

    def _watch_from(self, now: float) -> None:
        self._beat = self._beats.value if self._beats is not None else 0
        self._beat_at = self._polled_at = now

    def _frozen(self) -> bool:
        """Whether the worker, busy or idle, showed no heartbeat for
        ``WATCHDOG_SECONDS`` of the game's polling."""
        now = self._clock()
        beat = self._beats.value
        if beat != self._beat or now - self._polled_at > POLL_GAP_SECONDS:
            self._watch_from(now)  # alive, or the game was not watching
            return False
        self._polled_at = now
        return now - self._beat_at > WATCHDOG_SECONDS

    def _replace(self) -> None:
        """The worker stopped answering: kill it (a stopped process dies of
        SIGKILL too) and answer its jobs as failed; the next job starts a
        new worker."""
        self._give_up_pending(WORKER_FROZE)
        self._process.kill()
        self._process.join(1)
        self._process = None
        for sent in (self._jobs, self._cancels):  # nobody reads them now: never wait on them
            sent.cancel_join_thread()

    def _give_up_pending(self, error: str) -> None:
        """The worker is gone: its jobs are answered as failed at the next poll."""
        self._lost += [(job_id, error) for job_id in sorted(self.pending)]
        self.pending.clear()

    def stop(self) -> None:
        """End the worker at once (a running search is abandoned)."""
        if self._process is not None and self._process.is_alive():
            self._process.terminate()
            self._process.join(1)
            if self._process.is_alive():  # a library in the worker may catch SIGTERM
                self._process.kill()
                self._process.join(1)
        self._process = None
        self.pending.clear()
        self._lost.clear()
