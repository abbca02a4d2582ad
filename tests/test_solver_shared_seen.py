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


def sharing_pair(position: Position, head_start: int, slice_: int) -> tuple[Search, Search]:
    """The full best-first and depth-first provers from ``position``, each
    searching ``head_start`` positions alone (as before the fork), then
    taking turns of ``slice_`` positions, sharing their seen positions,
    until both have a verdict or one has won."""
    provers: tuple[Search, Search] = (
        BestFirst(position, Mode.FULL),
        DepthFirst(position, Mode.FULL),
    )
    for prover in provers:
        prover.begin()
        if prover.verdict is None:
            prover.step(head_start, None)
    if any(prover.verdict is not None for prover in provers):
        return provers  # settled before sharing, as ``solve`` is before its fork
    table = SharedTable(slots=1 << 16)
    for side, prover in enumerate(provers):
        prover.share(table, side)
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
)
def test_two_sharing_provers_agree_with_an_exhaustive_search(
    seed: int, rules: Rules, head_start: int, slice_: int
) -> None:
    """Whatever their head starts and turns: the two prove a loss exactly
    where the exhaustive search finds one (both having run dry, unless one
    proved it before sharing), and a won line replays."""
    position = near_end(seed, rules)
    truth, _ = exhaust(position, 20_000)
    assume(truth != INCONCLUSIVE)
    provers = sharing_pair(position, head_start, slice_)
    winners = [p for p in provers if p.verdict is Verdict.WON]
    if truth == WON:
        assert winners and replays_to_a_win(position, winners[0])
    else:
        assert not winners and Verdict.LOST in (provers[0].verdict, provers[1].verdict)


def test_the_provers_split_the_work_of_a_lost_deal() -> None:
    """Each expands under 60 % of what the best-first prover expands alone
    (14,816 and 13,955 positions against 27,729)."""
    position = Game.new(LOST).position()
    alone = BestFirst(position, Mode.FULL)
    alone.begin()
    while alone.verdict is None:
        alone.step(10_000, None)
    best, depth = sharing_pair(position, 300, 200)
    assert alone.verdict is best.verdict is depth.verdict is Verdict.LOST
    assert max(best.nodes, depth.nodes) * 10 < alone.nodes * 6, (best.nodes, depth.nodes)


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
