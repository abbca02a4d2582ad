"""Solver jobs for the game: a hint from any position, a winnable deal.

Pure Python and picklable in both directions (positions travel as the
engine's ``Position`` value, answers as small typed values), so the jobs run
in a worker process while the window keeps animating. A job is a value that
knows how to run itself: the worker needs no table of names.

>>> HintJob(position_of(Game.from_layout(
...     [["KS"], [], [], [], [], [], []], foundations=[12, 13, 13, 13])), 1.0).run()
HintAnswer(verdict=<Verdict.WON: 'won'>, line=(Move.parse('1:1>S'),))
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Protocol, TypeAlias, TypeGuard

from yukon.engine import DEAL_COUNT, Game, Move, Position, Rules
from yukon.solver import Verdict

if TYPE_CHECKING:  # loaded with the first such job: the game's first frame needs neither
    from yukon.jobs.daily import DailyJob
    from yukon.jobs.loss_analysis import LossJob, LossProgress, LossReport

Stop = Callable[[], bool]

WINNABLE_TRY_SECONDS = 0.4  # per candidate deal: most are decided far sooner


def position_of(game: Game) -> Position:
    """The position a job is sent: the engine's picklable value."""
    return game.position()


def game_of(position: Position) -> Game:
    return Game.from_position(position)


class HintAnswer(NamedTuple):
    """The solver's verdict on a position and, when won, the winning line."""

    verdict: Verdict
    line: tuple[Move, ...] = ()


def hint_job(
    position: Position, seconds: float, stop: Stop | None = None, *, nodes: int | None = None
) -> HintAnswer:
    """The solver's verdict from ``position`` within ``seconds`` (or, if
    given, a budget of ``nodes`` positions instead: the same answer on any
    machine) (LOST only when proven, UNKNOWN when the budget ran out) and,
    when won, the winning line, shortened and with its cards home sooner
    (``yukon.jobs.lines``: every line the game is sent is, so the hint, the
    demo and Finish follow a good line). ``stop``: see ``solve``."""
    from yukon.jobs.lines import shorten  # the solver's process only: not at import
    from yukon.solver import solve

    game = game_of(position)
    if nodes is None:
        result = solve(game, max_seconds=seconds, stop=stop)
    else:
        result = solve(game, max_seconds=None, max_nodes=nodes, stop=stop)
    return HintAnswer(result.verdict, tuple(shorten(position, result.moves, stop)))


def winnable_job(
    rules: Rules, seconds: float, seed: int | None = None, stop: Stop | None = None
) -> int | None:
    """A deal number the solver proved winnable under ``rules``, trying
    random deals for at most about ``seconds``; None if none was proved
    (or ``stop`` said to give up: see ``solve``)."""
    import time

    start = time.perf_counter()
    state = seed if seed is not None else int.from_bytes(os.urandom(8), "big")
    while time.perf_counter() - start < seconds and not (stop is not None and stop()):
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        deal = (state >> 11) % DEAL_COUNT
        budget = min(WINNABLE_TRY_SECONDS, max(0.05, seconds - (time.perf_counter() - start)))
        from yukon.solver import solve  # the solver's process only: not at import

        result = solve(Game.new(deal, rules), max_seconds=budget, stop=stop)
        if result.verdict is Verdict.WON:
            return deal
    return None


@dataclass(frozen=True)
class HintJob:
    """Look for a winning line from ``position`` for ``seconds`` (or
    ``nodes`` positions: benchmarks and tests, see ``hint_job``)."""

    position: Position
    seconds: float
    nodes: int | None = None

    def run(self, stop: Stop | None = None) -> HintAnswer:
        return hint_job(self.position, self.seconds, stop, nodes=self.nodes)


@dataclass(frozen=True)
class WinnableJob:
    """Find a deal the solver wins under ``rules`` within ``seconds``."""

    rules: Rules
    seconds: float

    def run(self, stop: Stop | None = None) -> int | None:
        return winnable_job(self.rules, self.seconds, stop=stop)


Job: TypeAlias = "HintJob | WinnableJob | LossJob | DailyJob"
# The jobs that tell how far they are while they run: ``run(stop, report)``
# calls ``report`` with each partial answer (``JobProgress.progress``).
ReportingJob: TypeAlias = "LossJob"


def reports_progress(job: Job) -> TypeGuard[ReportingJob]:
    """Whether ``job`` is a ``ReportingJob`` (in the solver's process, which
    has loaded its class to receive it)."""
    from yukon.jobs.loss_analysis import LossJob

    return isinstance(job, LossJob)


class JobDone(NamedTuple):
    """A finished job: its answer (a ``HintAnswer``, a deal number, a
    ``LossReport`` or None), or None and what went wrong."""

    job_id: int
    result: HintAnswer | int | LossReport | None
    error: str | None = None


class JobProgress(NamedTuple):
    """How far a ``ReportingJob`` still running is (see ``LossProgress``)."""

    job_id: int
    progress: LossProgress


class JobRunner(Protocol):
    """Where jobs run (the solver's worker process, or a stand-in in tests)."""

    def submit(self, job: Job) -> int: ...

    def cancel(self, job_id: int) -> None: ...
