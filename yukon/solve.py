"""Command line for the solver.

``python -m yukon.solve CODE [--seconds S]`` prints the verdict and, for a won
game, the winning moves one per line in ``Move`` text (``3:4>5``).

``python -m yukon.solve --batch FIRST..LAST --rules C|R [--seconds S] [--jobs N]``
solves a range of deal numbers and prints how many were won, lost or left
unknown, with time statistics; progress goes to stderr.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
from collections.abc import Iterable, Sequence
from multiprocessing import Pool
from typing import NamedTuple

from yukon.engine import DEAL_COUNT, Game, Rules
from yukon.solver import Verdict, helper, solve


class BatchRow(NamedTuple):
    """One solved deal of a batch."""

    deal: int
    verdict: str
    nodes: int
    seconds: float


def solve_deal(task: tuple[int, str, float, int]) -> BatchRow:
    """Solve one fresh deal (in up to ``processes``, see ``solve``); a plain
    function so worker processes can run it."""
    deal, rules_letter, seconds, processes = task
    game = Game.new(deal, Rules(rules_letter))
    result = solve(game, max_seconds=seconds, processes=processes)
    return BatchRow(deal, result.verdict.value, result.nodes, result.seconds)


def run_batch(
    first: int,
    last: int,
    rules_letter: str,
    seconds: float,
    jobs: int = 1,
    progress: bool = True,
) -> list[BatchRow]:
    """Solve deals ``first..last`` (inclusive), in ``jobs`` processes; rows in deal order."""
    return run_deals(range(first, last + 1), rules_letter, seconds, jobs, progress)


def run_deals(
    deals: Iterable[int],
    rules_letter: str,
    seconds: float,
    jobs: int = 1,
    progress: bool = True,
) -> list[BatchRow]:
    """Solve the given deal numbers, in ``jobs`` processes; rows in deal order.

    For looking again, with more time, at the deals a batch left unknown.
    """
    # Each deal may use a second core (see ``solve``) while there are more
    # cores than jobs.
    processes = 2 if helper.cores() >= 2 * jobs else 1
    tasks = [(deal, rules_letter, seconds, processes) for deal in deals]
    rows: list[BatchRow] = []

    def collect(results: Iterable[BatchRow]) -> None:
        for row in results:
            rows.append(row)
            if progress:
                print(
                    f"{len(rows)}/{len(tasks)} deal {row.deal}: {row.verdict} "
                    f"{row.seconds:.2f}s {row.nodes} nodes",
                    file=sys.stderr,
                    flush=True,
                )

    if jobs > 1:
        with Pool(jobs) as pool:
            collect(pool.imap_unordered(solve_deal, tasks))
    else:
        collect(map(solve_deal, tasks))
    rows.sort()
    return rows


def percentile(values: Sequence[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    rank = max(1, -(-len(ordered) * fraction // 1))
    return ordered[int(rank) - 1]


def summary(rows: Sequence[BatchRow]) -> dict[str, float]:
    """Fractions won / lost / unknown and time statistics of a batch."""
    total = len(rows) or 1
    times = [row.seconds for row in rows]
    return {
        "deals": len(rows),
        "won": sum(row.verdict == Verdict.WON.value for row in rows) / total,
        "lost": sum(row.verdict == Verdict.LOST.value for row in rows) / total,
        "unknown": sum(row.verdict == Verdict.UNKNOWN.value for row in rows) / total,
        "median": statistics.median(times) if times else 0.0,
        "p95": percentile(times, 0.95),
        "max": max(times, default=0.0),
    }


def format_summary(title: str, rows: Sequence[BatchRow]) -> str:
    s = summary(rows)
    n = len(rows)
    counts = {v: sum(row.verdict == v for row in rows) for v in ("won", "lost", "unknown")}
    return (
        f"{title}: {n} deals  won {counts['won']} ({s['won']:.1%})  "
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
    parser = argparse.ArgumentParser(prog="python -m yukon.solve", description="Solve Yukon deals.")
    parser.add_argument("code", nargs="?", help="a game code such as YU1-C-AAAAAAB")
    parser.add_argument("--seconds", type=seconds_limit, default=2.0, help="time limit per deal")
    parser.add_argument("--batch", type=_deal_range, help="deal numbers FIRST..LAST")
    parser.add_argument("--rules", choices=["C", "R"], help="rules for --batch (default C)")
    parser.add_argument("--jobs", type=job_count, default=1, help="worker processes for --batch")
    args = parser.parse_args(argv)
    if args.batch is not None:
        if args.code is not None:
            parser.error("give either a game code or --batch, not both")
        first, last = args.batch
        rules = args.rules or "C"
        rows = run_batch(first, last, rules, args.seconds, args.jobs)
        print(format_summary(f"{Rules(rules).title} {first}..{last}", rows))
        return 0
    if args.code is None:
        parser.error("a game code or --batch is needed")
    if args.rules is not None or args.jobs != 1:
        parser.error("--rules and --jobs go with --batch; a game code names its own rules")
    try:
        game = Game.from_code(args.code)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    result = solve(game, max_seconds=args.seconds)
    print(f"{result.verdict.value} ({result.nodes} positions, {result.seconds:.2f}s)")
    for move in result.moves:
        print(move)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        # The reader (e.g. ``head``) stopped early: not an error of ours.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
