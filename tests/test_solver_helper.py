"""The second process of ``solve``: the split of the searches, the forked
copy's report, and that no copy outlives ``solve``."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from uikit import wait_until

from yukon.engine import Game, replay
from yukon.solver import Verdict, solve
from yukon.solver import helper as helper_module
from yukon.solver import split as split_module
from yukon.solver.beam import Beam
from yukon.solver.best_first import BestFirst
from yukon.solver.depth_first import DepthFirst, Paced
from yukon.solver.helper import Report
from yukon.solver.moves import Mode
from yukon.solver.portfolio import Portfolio, Turn, run_turn
from yukon.solver.split import halves

needs_fork = pytest.mark.skipif(not helper_module.available(), reason="needs fork and two cores")

# Deal 218 (Classic) is lost and deal 65 won, each settled after the first
# round of turns (so a copy is forked) and within a few seconds.
LOST_AFTER_ONE_ROUND = 218
WON_AFTER_ONE_ROUND = 65


@pytest.fixture
def forks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The pids of the copies ``solve`` forks (as seen by the original)."""
    pids: list[int] = []
    fork = helper_module.fork

    def recording() -> helper_module.Helper | int | None:
        forked = fork()
        if isinstance(forked, helper_module.Helper):
            pids.append(forked.pid)
        return forked

    monkeypatch.setattr(helper_module, "fork", recording)
    return pids


def _gone(pid: int) -> bool:
    """Whether the process ``pid`` has ended and been reaped."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


def _give_the_copy(monkeypatch: pytest.MonkeyPatch, share: str) -> None:
    """Make the split give the copy every search ("all") or none ("none")."""

    def split(portfolio: Portfolio) -> tuple[list[Turn], list[Turn]]:
        turns = list(portfolio.turns)
        return ([], turns) if share == "all" else (turns, [])

    monkeypatch.setattr(split_module, "split_turns", split)


def test_report_survives_its_text_form() -> None:
    report = Report("lost", [], 41_557)
    assert Report.decode(report.encode()) == report


@pytest.mark.parametrize(
    "data",
    [b"", b'{"verdict": "won", "line": [[0, 1', b'{"verdict": "unknown", "line": [], "nodes": 3}'],
)
def test_a_missing_cut_or_undecided_report_reads_as_none(data: bytes) -> None:
    assert Report.decode(data) is None


@needs_fork
def test_a_won_line_found_by_the_copy_is_the_answer(
    monkeypatch: pytest.MonkeyPatch, forks: list[int]
) -> None:
    """With every search given to the copy, the original only waits: the
    win and its line can only have come through the pipe."""
    _give_the_copy(monkeypatch, "all")
    result = solve(Game.new(WON_AFTER_ONE_ROUND), max_seconds=60)
    assert result.verdict is Verdict.WON
    assert replay(Game.new(WON_AFTER_ONE_ROUND), result.moves).is_won
    assert len(forks) == 1 and _gone(forks[0])


@pytest.fixture
def files_past_select() -> Iterator[None]:
    """This process holds more than a thousand files open (as one that
    opened many fonts does), so the next pipe's descriptors are past the
    1024 that ``select.select`` can watch."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 1200
    if soft < wanted:
        if hard != resource.RLIM_INFINITY and hard < wanted:
            pytest.skip("this system allows too few open files")
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    held = []
    while not held or held[-1] <= 1030:
        held.append(os.open(os.devnull, os.O_RDONLY))
    yield
    for fd in held:
        os.close(fd)
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


@needs_fork
def test_the_copy_reports_through_a_pipe_past_selects_limit(
    monkeypatch: pytest.MonkeyPatch, forks: list[int], files_past_select: None
) -> None:
    _give_the_copy(monkeypatch, "all")
    result = solve(Game.new(WON_AFTER_ONE_ROUND), max_seconds=60)
    assert result.verdict is Verdict.WON
    assert len(forks) == 1 and _gone(forks[0])


@needs_fork
@pytest.mark.parametrize("share", ["all", "none"])
def test_a_loss_is_proven_whichever_process_holds_the_searches(
    share: str, monkeypatch: pytest.MonkeyPatch, forks: list[int]
) -> None:
    """All in the copy: the proof comes through the pipe. None: the copy
    ends at once and the original proves it alone."""
    _give_the_copy(monkeypatch, share)
    assert solve(Game.new(LOST_AFTER_ONE_ROUND), max_seconds=60).verdict is Verdict.LOST
    assert len(forks) == 1 and _gone(forks[0])


@needs_fork
@pytest.mark.parametrize("deal", [LOST_AFTER_ONE_ROUND, WON_AFTER_ONE_ROUND])
def test_split_searches_answer_as_one_process_does(deal: int, forks: list[int]) -> None:
    one = solve(Game.new(deal), max_seconds=60, processes=1)
    two = solve(Game.new(deal), max_seconds=60, processes=2)
    assert one.verdict is two.verdict is not Verdict.UNKNOWN
    assert len(forks) == 1 and _gone(forks[0])
    if two.verdict is Verdict.WON:
        assert replay(Game.new(deal), two.moves).is_won


# Deal 289 (Classic) is not settled by the first round of turns, so a copy
# is forked; the tests below end the search right after, however fast the
# solver has become.
OPEN_AFTER_ONE_ROUND = 289


class _ClockAfterTheFork:
    """The solver's ``time`` module: the real clock, except that once this
    process has forked its copy, the original's clock jumps past any
    deadline (the copy keeps the real one, so it ends only when stopped)."""

    def __init__(self, forks: list[int]) -> None:
        self.forks = forks

    def perf_counter(self) -> float:
        return time.perf_counter() + (1e6 if self.forks else 0.0)

    def __getattr__(self, name: str) -> object:
        return getattr(time, name)


@needs_fork
def test_stopping_ends_the_copy_too(forks: list[int]) -> None:
    """Only ``stop`` ends it: asked right after the fork, within an hour's budget."""

    def stop() -> bool:
        return bool(forks)

    game = Game.new(OPEN_AFTER_ONE_ROUND)
    assert solve(game, max_seconds=3600, stop=stop).verdict is Verdict.UNKNOWN
    assert len(forks) == 1 and _gone(forks[0])


@needs_fork
def test_running_out_of_time_ends_the_copy_too(
    forks: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The time runs out just after the fork; the copy, whose own clock has
    an hour left, is ended with the original's search."""
    clock = _ClockAfterTheFork(forks)
    for module in ("beam", "best_first", "depth_first", "helper", "portfolio", "solving"):
        monkeypatch.setattr(f"yukon.solver.{module}.time", clock)
    game = Game.new(OPEN_AFTER_ONE_ROUND)
    assert solve(game, max_seconds=3600).verdict is Verdict.UNKNOWN
    assert len(forks) == 1 and _gone(forks[0])


@pytest.mark.parametrize(
    "budget", [{"max_seconds": None, "max_nodes": 30_000}, {"max_seconds": 60, "processes": 1}]
)
def test_no_copy_with_a_budget_of_positions_or_one_process(
    budget: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse() -> None:
        raise AssertionError("forked")

    monkeypatch.setattr(helper_module, "fork", refuse)
    assert solve(Game.new(LOST_AFTER_ONE_ROUND), **budget).verdict is Verdict.LOST


def test_a_refused_fork_leaves_the_search_in_one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused() -> None:
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(helper_module, "available", lambda: True)
    monkeypatch.setattr(os, "fork", refused)
    assert solve(Game.new(LOST_AFTER_ONE_ROUND), max_seconds=60).verdict is Verdict.LOST


def test_no_copy_where_fork_is_unsafe(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(helper_module.sys, "platform", "darwin")
    assert not helper_module.available()


def _turns_of(deal: int) -> list[Turn]:
    return Portfolio(Game.new(deal).position()).turns


def test_split_keeps_sharing_searches_together_and_parts_the_provers() -> None:
    turns = _turns_of(5)
    searches = [turn.search for turn in turns]
    weights = [1000 * turn.entry.hard_share for turn in turns]
    focused = next(s for s in searches if type(s) is DepthFirst and s.mode is Mode.FOCUSED)
    full_best = next(s for s in searches if type(s) is BestFirst and s.mode is Mode.FULL)
    beam = next(s for s in searches if type(s) is Beam)
    paced = next(s for s in searches if type(s) is Paced)
    keep, give = halves(turns, weights, [(beam, paced), (focused, full_best)])
    parts = [[turn.search for turn in half] for half in (keep, give)]
    assert sorted(map(id, parts[0] + parts[1])) == sorted(map(id, searches))
    for half in parts:
        assert [searches.index(s) for s in half] == sorted(searches.index(s) for s in half)
        provers = [s for s in half if s.proves]
        assert len(provers) == 1
        for search in half:
            assert all(other in half for other in searches if other.seen is search.seen)
    assert (focused in parts[0]) == (full_best in parts[0])
    assert (beam in parts[0]) == (paced in parts[0])
    loads = [sum(weights[searches.index(s)] for s in half) for half in parts]
    assert abs(loads[0] - loads[1]) <= max(weights)


def test_split_weighs_the_boosted_prover() -> None:
    """A boosted prover weighs as much as all the others: it keeps a half
    nearly to itself."""
    turns = _turns_of(5)
    searches = [turn.search for turn in turns]
    full_best = next(s for s in searches if type(s) is BestFirst and s.mode is Mode.FULL)
    weights = [
        1000 * entry.hard_share * (8 if search is full_best else 1) for search, entry in turns
    ]
    keep, give = halves(turns, weights, [])
    with_prover = keep if any(turn.search is full_best for turn in keep) else give
    others = [turn.search for turn in with_prover if turn.search is not full_best]
    assert sum(weights[searches.index(s)] for s in others) < weights[searches.index(full_best)]


def _running(pid: int) -> bool:
    """Whether process ``pid`` exists and has not ended (a zombie waits only
    to be reaped by its new parent)."""
    try:
        return not Path(f"/proc/{pid}/stat").read_text().split(") ")[-1].startswith("Z")
    except FileNotFoundError:
        return False


@needs_fork
@pytest.mark.parametrize("copy_starts_after", [0.0, 1.0])
def test_a_copy_gives_up_when_the_original_is_killed(
    copy_starts_after: float, tmp_path: Path
) -> None:
    """The game ends its solver worker with a signal, which runs no clean-up:
    the copy must notice by itself, within a slice of positions, even if
    the original is killed before the copy first runs (on a busy machine
    it once read its new parent's id as the original's and ran on)."""
    script = tmp_path / "original.py"
    script.write_text(
        "import sys, time\n"
        "from yukon.engine import Game\n"
        "from yukon.solver import helper, solve\n"
        "fork = helper.fork\n"
        "def announced():\n"
        "    forked = fork()\n"
        "    if isinstance(forked, helper.Helper):\n"
        "        print(forked.pid, flush=True)\n"
        "    elif forked is not None:\n"
        f"        time.sleep({copy_starts_after})\n"
        "    return forked\n"
        "helper.fork = announced\n"
        "solve(Game.new(289), max_seconds=60)\n"
    )
    original = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    assert original.stdout is not None
    copy = int(original.stdout.readline())
    original.kill()
    original.wait()
    wait_until(lambda: not _running(copy), 10 + copy_starts_after, every=0.05)
    assert not _running(copy)


def test_slices_stop_at_the_deadline_even_if_a_search_still_counts() -> None:
    """A search reads the clock only every few steps, so past the deadline
    it may count a position or two per call: the slicing must not take that
    for time left (it once ran on to the end of the quota)."""

    class Counting:
        verdict = None
        nodes = 0
        calls = 0

        def step(self, quota: int, deadline: float | None) -> None:
            self.calls += 1
            self.nodes += 1

    search = Counting()
    run_turn(search, 5_000, time.perf_counter() - 1.0, lambda: False)  # type: ignore[arg-type]
    assert search.calls == 1


@pytest.mark.parametrize("deal", [LOST_AFTER_ONE_ROUND, WON_AFTER_ONE_ROUND, 289])
def test_a_paused_portfolio_goes_on_exactly_where_it_stopped(deal: int) -> None:
    """The two-process wrapper pauses the portfolio after its first turn:
    going on from the pause gives the answer, line and count of one
    uninterrupted run."""
    position = Game.new(deal).position()
    straight = Portfolio(position).run(None, 30_000, None)
    paused = Portfolio(position)
    assert paused.run(None, 30_000, None, pause_at=1_000) is None
    assert paused.total() >= 1_000
    assert paused.run(None, 30_000, None) == straight
