"""Solver benchmark: deals FIRST..LAST under Classic and Relaxed rules (or any games).

Prints, per rule set, the fractions won / lost (proven) / unknown and the
median and 95th-percentile times. The goal is at least 97 % decided within
2 s per deal and a median under 0.2 s.

    PYTHONPATH=. python benchmarks/solver.py --first 1 --last 500

Each deal is solved as the game solves it, on up to two cores (see
``yukon.solver.solve``); with ``--jobs 2`` on a two-core machine the deals
run two at a time, each in one process (faster overall, the figures of a
one-core solver).

``--deals 17,61,70`` runs only those deals (for instance the unknown ones of
a batch, again with a larger ``--seconds``).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from yukon.engine import DEAL_COUNT, Rules
from yukon.solver.cli import format_summary, job_count, run_deals, seconds_limit


def _deal_list(text: str) -> list[int]:
    try:
        deals = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list like 17,61,70") from None
    if any(not 0 <= deal < DEAL_COUNT for deal in deals):
        last = DEAL_COUNT - 1
        raise argparse.ArgumentTypeError(f"{text!r} holds a deal number outside 0..{last}")
    return deals


def _letters(text: str) -> str:
    known = "".join(rules.value for rules in Rules)
    if not text or any(letter not in known for letter in text):
        raise argparse.ArgumentTypeError(f"{text!r} is not made of the code letters {known}")
    return text


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=500)
    parser.add_argument("--seconds", type=seconds_limit, default=2.0, help="limit per deal")
    parser.add_argument("--jobs", type=job_count, default=1, help="worker processes")
    parser.add_argument(
        "--rules", type=_letters, default="CR", help="games' code letters to run, e.g. CR or UAM"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    parser.add_argument("--deals", type=_deal_list, help="only these deals, e.g. 17,61,70")
    args = parser.parse_args(argv)
    if not args.deals and not 0 <= args.first <= args.last < DEAL_COUNT:
        parser.error(f"--first and --last: 0 <= FIRST <= LAST <= {DEAL_COUNT - 1}")
    deals = args.deals or range(args.first, args.last + 1)
    label = f"{len(deals)} chosen deals" if args.deals else f"{args.first}..{args.last}"
    lines = []
    for letter in args.rules:
        started = time.perf_counter()
        rows = run_deals(deals, letter, args.seconds, args.jobs, progress=not args.quiet)
        title = f"{Rules(letter).title} {label}"
        lines.append(f"{format_summary(title, rows)}  (wall {time.perf_counter() - started:.0f}s)")
        unknown = [row.deal for row in rows if row.verdict == "unknown"]
        print(lines[-1], flush=True)
        print(f"  unknown deals: {unknown}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
