"""The two provers of a split ``solve`` share their seen positions
(``yukon.solver.shared_seen``): checked against an exhaustive search on
many small positions near their end, for the split of the work on a lost
deal, and through a real fork."""

from __future__ import annotations

import pytest
from exhaustive import INCONCLUSIVE, WON, exhaust
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_solver_forced_home import near_end, replays_to_a_win

from yukon.engine import Game, Rules
from yukon.engine.position import Position
from yukon.solver import Verdict, knobs, solve
from yukon.solver import helper as helper_module
from yukon.solver.best_first import BestFirst
from yukon.solver.depth_first import DepthFirst
from yukon.solver.moves import Mode
from yukon.solver.search import Search
from yukon.solver.shared_seen import Partner, SharedTable

# Deal 116 (Classic) is lost: the full best-first prover alone expands
# 27,729 positions to prove it.
LOST = 116


@pytest.fixture(autouse=True)
def no_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    """In one process, the prover that ran dry first need not wait."""
    monkeypatch.setattr(Partner, "WAIT", 0.0)


def sharing_pair(
    position: Position, head_start: int, slice_: int, lead: int = 0
) -> tuple[BestFirst, DepthFirst]:
    """The full best-first and depth-first provers from ``position``, each
    searching ``head_start`` positions alone (as before the fork), then
    sharing their seen positions: the depth-first one searches ``lead``
    positions first (as the copy does while the original takes other
    turns), then they take turns of ``slice_`` positions until both have a
    verdict or one has won."""
    provers = (BestFirst(position, Mode.FULL), DepthFirst(position, Mode.FULL))
    for prover in provers:
        prover.begin()
        if prover.verdict is None:
            prover.step(head_start, None)
    if any(prover.verdict is not None for prover in provers):
        return provers  # settled before sharing, as ``solve`` is before its fork
    table = SharedTable(slots=1 << 16)
    for side, prover in enumerate(provers):
        prover.share(table, side)
    if lead:
        provers[1].step(lead, None)
    while not any(p.verdict is Verdict.WON for p in provers) and None in (
        provers[0].verdict,
        provers[1].verdict,
    ):
        for prover in provers:
            if prover.verdict is None:
                prover.step(slice_, None)
    table.close()
    return provers


@settings(max_examples=150, deadline=None)
@given(
    st.integers(0, 10**9),
    st.sampled_from([Rules.CLASSIC, Rules.ALASKA]),
    st.integers(0, 40),
    st.integers(1, 30),
    st.sampled_from([0, 0, 5, 50, 500]),
)
def test_two_sharing_provers_agree_with_an_exhaustive_search(
    seed: int, rules: Rules, head_start: int, slice_: int, lead: int
) -> None:
    """Whatever their head starts, leads and turns (the best-first one
    passing through the other's positions when left with nothing): the two
    prove a loss exactly where the exhaustive search finds one (both having
    run dry, unless one proved it before sharing), and a won line replays."""
    position = near_end(seed, rules)
    truth, _ = exhaust(position, 20_000)
    assume(truth != INCONCLUSIVE)
    provers = sharing_pair(position, head_start, slice_, lead)
    winners = [p for p in provers if p.verdict is Verdict.WON]
    if truth == WON:
        assert winners and replays_to_a_win(position, winners[0])
    else:
        assert not winners and Verdict.LOST in (provers[0].verdict, provers[1].verdict)


def test_the_provers_split_the_work_of_a_lost_deal() -> None:
    """Each expands under 60 % of what the best-first prover expands alone
    (15,118 and 14,233 positions against 27,773)."""
    position = Game.new(LOST).position()
    alone = BestFirst(position, Mode.FULL)
    alone.begin()
    while alone.verdict is None:
        alone.step(10_000, None)
    best, depth = sharing_pair(position, 300, 200)
    assert alone.verdict is best.verdict is depth.verdict is Verdict.LOST
    assert max(best.nodes, depth.nodes) * 10 < alone.nodes * 6, (best.nodes, depth.nodes)


def test_a_best_first_prover_left_nothing_passes_through_to_work() -> None:
    """The depth-first prover, sharing, searches 1,000 positions before the
    best-first one's first turn, and so has claimed every position its
    queue leads to. Passing through them (4 positions), the best-first one
    still does half the work (14,080 positions against 14,429); without
    passing it did none, and the other all 27,115."""
    best, depth = sharing_pair(Game.new(LOST).position(), 0, 200, lead=1000)
    assert best.verdict is depth.verdict is Verdict.LOST
    assert 0 < best.passed < 100
    own = best.nodes - best.passed
    assert own * 10 > (own + depth.nodes) * 4, (own, depth.nodes)


def test_passing_through_stops_once_the_other_prover_ran_dry() -> None:
    """Everything it claimed is expanded then: nothing is left beyond."""
    position = Game.new(LOST).position()
    best = BestFirst(position, Mode.FULL)
    best.begin()
    table = SharedTable(slots=1 << 10)
    best.share(table, 0)
    root = best.queue[0][6]
    table.mark_expanded(table.claim(root))  # the other prover's, and open
    best.step(100, None)  # passes through the start
    assert best.passed == 1 and best.nodes > 1
    table.close()
    other = SharedTable(slots=1 << 10)
    best = BestFirst(position, Mode.FULL)
    best.begin()
    best.share(other, 0)
    assert other.take(root, expanded=True)
    assert not other.mark_dry(1)
    best.step(100, None)
    assert best.passed == 0 and best.nodes == 0
    assert best.verdict is Verdict.LOST  # both ran dry
    other.close()


def test_the_prover_that_runs_dry_first_waits_for_the_other() -> None:
    """Its verdict stays open, turn after turn, until the other runs dry."""
    table = SharedTable(slots=1 << 10)
    first, second = Partner(table, 0), Partner(table, 1)
    assert not first.dry() and not first.dry()
    assert second.dry()
    assert first.dry()
    table.close()


needs_fork = pytest.mark.skipif(not helper_module.available(), reason="needs fork and two cores")


@needs_fork
@pytest.mark.parametrize("share", [True, False])
def test_solve_shares_between_its_two_processes(
    share: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The original's prover shares (the copy's too, unseen here) only with
    ``knobs.SHARE_PROVERS``; either way the loss is proven."""
    monkeypatch.setattr(knobs, "SHARE_PROVERS", share)
    sides: list[int] = []
    plain = Search.share

    def recorded(search: Search, table: SharedTable, side: int) -> None:
        sides.append(side)
        plain(search, table, side)

    monkeypatch.setattr(Search, "share", recorded)
    assert solve(Game.new(LOST), max_seconds=60).verdict is Verdict.LOST
    assert sides == ([0] if share else [])
