"""``solve`` in two processes: a wrapper around ``Portfolio.run``.

On a hard deal the searches take turns on one core while another sits idle.
Once the first turn is over (``knobs.HELP_AFTER`` positions: most deals are
settled by then), the portfolio is paused and the process forks
(``yukon.solver.helper``): the original and the copy each go on with half of
the searches (``split_turns``), each at about twice its share of the time.
The first decisive answer of either is the result; the copy is ended
before ``run_split`` returns. The two provers, one in each process, share
their seen positions (``yukon.solver.shared_seen``, ``knobs.SHARE_PROVERS``),
so that each goes through about half of the space of a lost deal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NoReturn

from yukon.solver import helper, knobs
from yukon.solver.beam import Beam
from yukon.solver.depth_first import Paced
from yukon.solver.portfolio import Outcome, Portfolio, Turn
from yukon.solver.search import Search
from yukon.solver.shared_seen import SharedTable
from yukon.solver.verdict import Verdict


def run_split(portfolio: Portfolio, deadline: float, stop: Callable[[], bool] | None) -> Outcome:
    """``portfolio.run(deadline, None, stop)``, with its searches split
    between this process and a forked copy after the first turn (alone if
    the system refuses the fork)."""
    outcome = portfolio.run(deadline, None, stop, pause_at=knobs.HELP_AFTER)
    if outcome is not None:
        return outcome
    at_fork = portfolio.total()
    keep, give = split_turns(portfolio)
    table = SharedTable() if knobs.SHARE_PROVERS and _prover(keep) and _prover(give) else None
    forked = helper.fork()
    if forked is None:
        if table is not None:
            table.close()
        return _settled(portfolio.run(deadline, None, stop))
    if not isinstance(forked, helper.Helper):
        _share(give, table, 1)
        _run_copy(portfolio, give, deadline, forked)
    copy = forked
    _share(keep, table, 0)
    portfolio.keep_only(keep)

    def interrupted() -> bool:
        return (stop is not None and stop()) or copy.poll() is not None

    try:
        outcome = _settled(portfolio.run(deadline, None, interrupted))
        if outcome.verdict is not Verdict.UNKNOWN:
            return outcome
        # The copy may have answered meanwhile; with nothing left here, wait.
        report = copy.wait(deadline) if portfolio.exhausted else copy.poll()
        if report is None:
            return Outcome(Verdict.UNKNOWN, [], portfolio.total())
        nodes = report.nodes + portfolio.total() - at_fork
        return Outcome(Verdict(report.verdict), report.line, nodes)
    finally:
        copy.close()
        if table is not None:
            table.close()


def _prover(turns: Sequence[Turn]) -> Search | None:
    """The search of ``turns`` whose running dry proves a loss, if any."""
    return next((turn.search for turn in turns if turn.search.proves), None)


def _share(turns: Sequence[Turn], table: SharedTable | None, side: int) -> None:
    """Have the prover of ``turns`` share its seen positions through
    ``table`` with the other process's (``yukon.solver.shared_seen``)."""
    prover = _prover(turns)
    if table is not None and prover is not None:
        prover.share(table, side)


def _settled(outcome: Outcome | None) -> Outcome:
    assert outcome is not None  # ``run`` pauses only with ``pause_at``
    return outcome


def _run_copy(
    portfolio: Portfolio, give: list[Turn], deadline: float, side: helper.Copy
) -> NoReturn:
    """In the copy: go on with the searches given, report a decisive answer
    and exit (``helper.send`` never returns)."""
    report = None
    try:
        portfolio.keep_only(give)
        outcome = _settled(portfolio.run(deadline, None, helper.orphaned(side.original)))
        if outcome.verdict is not Verdict.UNKNOWN:
            report = helper.Report(outcome.verdict.value, outcome.line, outcome.nodes)
    finally:
        helper.send(side.writer, report)


def split_turns(portfolio: Portfolio) -> tuple[list[Turn], list[Turn]]:
    """The searches this process keeps and those a forked copy takes over:
    two halves of about the same quota per round (as if the deal were hard),
    so each search gets about twice its time."""
    turns = portfolio.turns
    weights = [portfolio.quota(turn, hard=True) for turn in turns]
    every = portfolio.every
    tied: list[tuple[Search, ...]] = [tuple(s for s in every if type(s) in (Beam, Paced))]
    if portfolio.roles is not None:
        tied.append((every[portfolio.roles[0]], every[portfolio.roles[1]]))
    return halves(turns, weights, tied)


def halves(
    turns: Sequence[Turn], weights: Sequence[int], tied: Sequence[tuple[Search, ...]]
) -> tuple[list[Turn], list[Turn]]:
    """``turns`` in two halves of about the same total weight. Searches
    that share seen positions stay together, and so do the searches of
    each group in ``tied`` (the two of the prover boost, and the beam and
    paced ones), where one's verdict sets the other's quota. The groups
    holding a search that can prove a loss go first, one to each half: on a
    lost deal the others soon run dry, and each core keeps a prover busy.
    Then the larger groups first, each to the lighter half. The halves keep
    the order of ``turns``."""
    groups: list[list[int]] = []
    for number, (search, _) in enumerate(turns):
        for group in groups:
            members = [turns[member].search for member in group]
            if any(search.seen is other.seen for other in members) or (
                any(search in tie and any(other in tie for other in members) for tie in tied)
            ):
                group.append(number)
                break
        else:
            groups.append([number])
    weight = [sum(weights[number] for number in group) for group in groups]
    parts: tuple[list[int], list[int]] = ([], [])
    loads = [0, 0]
    provers = [any(turns[n].search.proves for n in group) for group in groups]
    for number in sorted(range(len(groups)), key=lambda g: (not provers[g], -weight[g])):
        lighter = 0 if loads[0] <= loads[1] else 1
        parts[lighter].extend(groups[number])
        loads[lighter] += weight[number]
    keep, give = (sorted(part) for part in parts)
    return [turns[n] for n in keep], [turns[n] for n in give]
