"""Command line for the solver.

``python -m yukon.solver CODE [--seconds S]`` prints the verdict and, for a won
game, the winning moves one per line in ``Move`` text (``3:4>5``). A game
record in place of the code (``"YU1-C-AAAAAAB 7:5>2 undo ..."``, quoted as one
argument) is solved from the position it reaches.

``python -m yukon.solver --batch FIRST..LAST --rules C|R|U|A|M [--seconds S] [--jobs N]``
solves a range of deal numbers and prints how many were won, lost or left
unknown, with time statistics; progress goes to stderr, a line per deal as
soon as it is solved (deals are handed out lazily: any range starts at once).
``--nodes N`` gives each deal a budget of positions instead of seconds (the
same verdicts on any machine), ``--results FILE`` writes each verdict as it
comes and resumes a killed batch (``yukon.solver.results``), and
``--scheduler ADDRESS`` hands the deals to a Dask cluster's workers
(``yukon.solver.cluster``).
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import sys
from collections import Counter, deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import TextIO

from yukon.engine import DEAL_COUNT, Game, Rules
from yukon.engine.records import looks_like_record
from yukon.option_parser import OptionParser
from yukon.solver import Verdict, helper, solve
from yukon.solver.deal import solve_deal
from yukon.solver.results import BatchRow, ResultsError, ResultsFile


def solve_deals(
    deals: Iterable[int],
    rules_letter: str,
    seconds: float | None,
    jobs: int = 1,
    *,
    nodes: int | None = None,
    scheduler: str | None = None,
) -> Iterator[BatchRow]:
    """Solve the given deal numbers in ``jobs`` processes, yielding each row
    as soon as it is done, in the order of ``deals``. Lazy: only a few deals
    per process are handed out ahead, so a range of billions starts at once
    and memory stays flat. ``nodes``: a budget of positions per deal
    (``seconds`` None: the same verdicts on any machine). With a Dask
    ``scheduler``'s address the cluster's workers solve them instead, and
    the rows come in the order they are done (``yukon.solver.cluster``)."""
    # Each deal may use a second core (see ``solve``) while there are more
    # cores than jobs; on a cluster each worker thread takes one deal.
    processes = 2 if scheduler is None and helper.cores() >= 2 * jobs else 1
    tasks = ((deal, rules_letter, seconds, nodes, processes) for deal in deals)
    if scheduler is not None:
        from yukon.solver.cluster import solve_on_cluster

        yield from solve_on_cluster(tasks, scheduler)
        return
    if jobs == 1:
        yield from map(solve_deal, tasks)
        return
    # An executor, not ``multiprocessing.Pool``: a pool terminated with tasks
    # still queued (a batch stopped early) could hang for good in CPython's
    # ``Pool.terminate``, and a worker that died left its ``get`` waiting
    # forever; here a dead worker is an error and stopping early waits only
    # for the few deals already started.
    with ProcessPoolExecutor(jobs) as pool:
        ahead: deque[Future[BatchRow]] = deque()
        try:
            for task in tasks:
                ahead.append(pool.submit(solve_deal, task))
                if len(ahead) >= 2 * jobs:
                    yield ahead.popleft().result()
            while ahead:
                yield ahead.popleft().result()
        finally:
            for future in ahead:
                future.cancel()


def budget_text(seconds: float | None, nodes: int | None) -> str:
    """The budget as a results file names it: ``nodes=N`` or ``seconds=S``.

    >>> budget_text(2.0, None), budget_text(None, 80000)
    ('seconds=2.0', 'nodes=80000')
    """
    return f"nodes={nodes}" if nodes is not None else f"seconds={seconds}"


def run_batch(
    first: int,
    last: int,
    rules_letter: str,
    seconds: float | None,
    jobs: int = 1,
    *,
    progress: bool = True,
    nodes: int | None = None,
    results: Path | None = None,
    scheduler: str | None = None,
) -> Tally:
    """Solve deals ``first..last`` (inclusive), in ``jobs`` processes (or on
    the Dask cluster at ``scheduler``): the tally. With a ``results`` file
    each deal's line is written as soon as it is solved, and the deals the
    file already holds are not solved again but counted (see
    ``yukon.solver.results``)."""
    deals = range(first, last + 1)
    if results is None:
        tally = Tally()
        rows = solve_deals(deals, rules_letter, seconds, jobs, nodes=nodes, scheduler=scheduler)
        for row in rows:
            tally.add(row)
            if progress:
                _print_progress(row, tally.deals, len(deals))
        return tally
    with ResultsFile(results, rules_letter, budget_text(seconds, nodes)) as out:
        done = out.rows()
        tally = Tally(row for deal, row in done.items() if first <= deal <= last)
        todo = (deal for deal in deals if deal not in done)
        for row in solve_deals(todo, rules_letter, seconds, jobs, nodes=nodes, scheduler=scheduler):
            out.write(row)
            tally.add(row)
            if progress:
                _print_progress(row, tally.deals, len(deals))
    return tally


def run_deals(
    deals: Iterable[int],
    rules_letter: str,
    seconds: float | None,
    jobs: int = 1,
    *,
    progress: bool = True,
    nodes: int | None = None,
) -> list[BatchRow]:
    """Solve the given deal numbers, in ``jobs`` processes; rows in deal order.

    For looking again, with more time, at the deals a batch left unknown.
    """
    chosen = list(deals)
    rows = []
    for row in solve_deals(chosen, rules_letter, seconds, jobs, nodes=nodes):
        rows.append(row)
        if progress:
            _print_progress(row, len(rows), len(chosen))
    rows.sort()
    return rows


def _print_progress(row: BatchRow, done: int, total: int) -> None:
    print(
        f"{done}/{total} deal {row.deal}: {row.verdict} {row.seconds:.2f}s {row.nodes} nodes",
        file=sys.stderr,
        flush=True,
    )


class Tally:
    """Counts of a batch's verdicts and its times, kept in constant memory:
    the times as a histogram of milliseconds, so the median and the 95th
    percentile are exact to a millisecond."""

    def __init__(self, rows: Iterable[BatchRow] = ()) -> None:
        self.deals = 0
        self.counts = dict.fromkeys((verdict.value for verdict in Verdict), 0)
        self.millis: Counter[int] = Counter()
        self.longest = 0.0
        for row in rows:
            self.add(row)

    def add(self, row: BatchRow) -> None:
        self.deals += 1
        self.counts[row.verdict] += 1
        self.millis[math.ceil(row.seconds * 1000)] += 1
        self.longest = max(self.longest, row.seconds)

    def percentile(self, fraction: float) -> float:
        """The time below which ``fraction`` of the deals were solved
        (nearest rank, rounded up to the millisecond); 0 with no deals."""
        rank = max(1, math.ceil(self.deals * fraction))
        seen = 0
        for millis in sorted(self.millis):
            seen += self.millis[millis]
            if seen >= rank:
                return millis / 1000
        return 0.0

    def summary(self) -> dict[str, float]:
        """Fractions won / lost / unknown and time statistics."""
        total = self.deals or 1
        return {
            "deals": self.deals,
            "won": self.counts[Verdict.WON.value] / total,
            "lost": self.counts[Verdict.LOST.value] / total,
            "unknown": self.counts[Verdict.UNKNOWN.value] / total,
            "median": self.percentile(0.5),
            "p95": self.percentile(0.95),
            "max": self.longest,
        }


def format_summary(title: str, tally: Tally | Iterable[BatchRow]) -> str:
    if not isinstance(tally, Tally):
        tally = Tally(tally)
    s = tally.summary()
    counts = tally.counts
    return (
        f"{title}: {tally.deals} deals  won {counts['won']} ({s['won']:.1%})  "
        f"lost {counts['lost']} ({s['lost']:.1%})  unknown {counts['unknown']} "
        f"({s['unknown']:.1%})  decided {s['won'] + s['lost']:.1%}  "
        f"median {s['median']:.3f}s  p95 {s['p95']:.3f}s  max {s['max']:.3f}s"
    )


def _deal_range(text: str) -> tuple[int, int]:
    first, sep, last = text.partition("..")
    try:
        low, high = int(first), int(last if sep else first)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a range like 1..100") from None
    if low < 0 or high < low:
        raise argparse.ArgumentTypeError(f"{text!r} is not a range like 1..100")
    if high >= DEAL_COUNT:
        raise argparse.ArgumentTypeError(f"{text!r} goes past the last deal, {DEAL_COUNT - 1}")
    return low, high


def seconds_limit(text: str) -> float:
    """A time limit: a number of seconds above 0 (an argparse type)."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not (math.isfinite(seconds) and seconds > 0):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds above 0")
    return seconds


def node_budget(text: str) -> int:
    """A budget of positions per deal, 1 up to 10**9 (an argparse type)."""
    try:
        nodes = int(text)
    except ValueError:
        nodes = 0
    if not 1 <= nodes <= 10**9:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of positions, 1 to 10**9")
    return nodes


def job_count(text: str) -> int:
    """A number of worker processes, 1 or more (an argparse type)."""
    try:
        jobs = int(text)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of processes, 1 or more")
    return jobs


def main(argv: Sequence[str] | None = None) -> int:
    """The command; its exit status. Output nobody reads to the end (a pipe
    into ``head``) ends it quietly with the usual status, and output that
    cannot be written (a full disk) with one line on stderr and status 1.
    A stream the caller closed (``>&-``) is one nobody reads: the null
    device stands in for it."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w"))  # noqa: SIM115 (lives as long as sys)
    try:
        status = _command(argv)
        sys.stdout.flush()  # a write error shows here, not at exit
    except BrokenPipeError:
        _drop_output()
        return 0
    except OSError as error:
        if error.filename is not None:  # a file of ours, not the output
            raise
        _drop_output(sys.stdout)
        try:
            print(f"yukon-solve: cannot write the output: {error.strerror}", file=sys.stderr)
            sys.stderr.flush()
        except OSError:
            _drop_output(sys.stderr)
        return 1
    return status


def _drop_output(*streams: TextIO) -> None:
    """Point ``streams`` (default stdout and stderr) at the null device, so
    that what is still buffered for them meets no error at exit."""
    null = os.open(os.devnull, os.O_WRONLY)
    for stream in streams or (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            os.dup2(null, stream.fileno())
    os.close(null)


def _batch_command(args: argparse.Namespace) -> int:
    """``--batch``: the deals solved, the summary printed; its exit status."""
    first, last = args.batch
    rules = args.rules or "C"
    seconds = None if args.nodes is not None else args.seconds
    try:
        tally = run_batch(
            first,
            last,
            rules,
            seconds,
            args.jobs,
            nodes=args.nodes,
            results=args.results,
            scheduler=args.scheduler,
        )
    except ResultsError as error:
        print(f"yukon-solve: {error}", file=sys.stderr)
        return 2
    except BrokenProcessPool:
        kept = f"; the verdicts so far are in {args.results}" if args.results else ""
        print(f"yukon-solve: a worker process ended without a verdict{kept}", file=sys.stderr)
        return 1
    print(format_summary(f"{Rules(rules).title} {first}..{last}", tally))
    return 0


def _command(argv: Sequence[str] | None) -> int:
    parser = OptionParser(prog="python -m yukon.solver", description="Solve Yukon deals.")
    parser.add_argument(
        "code", nargs="?", help="a game code such as YU1-C-AAAAAAB, or a game record"
    )
    parser.add_argument("--seconds", type=seconds_limit, default=2.0, help="time limit per deal")
    parser.add_argument("--batch", type=_deal_range, help="deal numbers FIRST..LAST")
    parser.add_argument(
        "--rules",
        choices=[rules.value for rules in Rules],
        help="game for --batch: C or R (Yukon Classic, Relaxed), U, A, M (default C)",
    )
    parser.add_argument("--jobs", type=job_count, default=1, help="worker processes for --batch")
    parser.add_argument(
        "--nodes",
        type=node_budget,
        help="for --batch: a budget of positions per deal instead of --seconds "
        "(one process each: the same verdicts on any machine)",
    )
    parser.add_argument(
        "--results",
        type=Path,
        help="for --batch: write each deal's verdict to this file as it comes, "
        "and skip the deals it already holds (a killed batch resumes)",
    )
    parser.add_argument(
        "--scheduler",
        help="for --batch: a Dask scheduler's address (tcp://host:8786) whose "
        'workers solve the deals (pip install "yukon[cluster]")',
    )
    args = parser.parse_args(argv)
    batch_only = args.nodes is not None or args.results is not None or args.scheduler is not None
    if args.batch is not None:
        if args.code is not None:
            parser.error("give either a game code or --batch, not both")
        return _batch_command(args)
    if args.code is None:
        parser.error("a game code or --batch is needed")
    if args.rules is not None or args.jobs != 1 or batch_only:
        parser.error(
            "--rules, --jobs, --nodes, --results and --scheduler go with --batch; "
            "a game code names its own rules"
        )
    try:
        read = Game.from_record if looks_like_record(args.code) else Game.from_code
        game = read(args.code)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    result = solve(game, max_seconds=args.seconds)
    print(f"{result.verdict.value} ({result.nodes} positions, {result.seconds:.2f}s)")
    for move in result.moves:
        print(move)
    return 0


if __name__ == "__main__":
    sys.exit(main())
