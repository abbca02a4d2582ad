"""Deterministic solver figures: deals FIRST..LAST at a fixed budget of
positions, in one process, so that two versions of the solver can be
compared exactly (verdicts and position counts do not depend on the
machine or its load).

Prints one line per deal (deal, verdict, positions, moves of the line) and
a summary with a digest of those lines: equal digests mean equal results.
Then the throughput, positions per CPU second of this process (CPU time,
not wall time, so a loaded machine slows it less; it still varies from
run to run, unlike the digest): to compare two versions, run each in turn
several times on the same deals.

    PYTHONPATH=. python benchmarks/solver_budget.py --first 501 --last 1000 --rules C --nodes 50000
    PYTHONPATH=. python benchmarks/solver_budget.py --deals FILE --nodes 80000 --quiet
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from yukon.engine import Game, Rules
from yukon.solver import solve


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=501)
    parser.add_argument("--last", type=int, default=1000)
    parser.add_argument("--rules", choices=[rules.value for rules in Rules], default="C")
    parser.add_argument("--nodes", type=int, default=50_000, help="positions per deal")
    parser.add_argument("--quiet", action="store_true", help="no line per deal")
    parser.add_argument(
        "--deals", type=Path, help="a file of deal numbers (instead of FIRST..LAST)"
    )
    args = parser.parse_args(argv)
    if args.deals is None:
        deals = list(range(args.first, args.last + 1))
        name = f"{args.first}..{args.last}"
    else:
        deals = [int(word) for word in args.deals.read_text("utf-8").split()]
        name = f"{len(deals)} deals of {args.deals.name}"
    digest = hashlib.sha256()
    verdicts: Counter[str] = Counter()
    positions = 0
    start = time.process_time()
    for deal in deals:
        game = Game.new(deal, Rules(args.rules))
        result = solve(game, max_seconds=None, max_nodes=args.nodes, processes=1)
        line = f"{deal} {result.verdict.value} {result.nodes} {len(result.moves)}"
        digest.update(line.encode() + b"\n")
        verdicts[result.verdict.value] += 1
        positions += result.nodes
        if not args.quiet:
            print(line, flush=True)
    cpu = time.process_time() - start
    print(
        f"{Rules(args.rules).title} {name} at {args.nodes} positions: "
        f"{verdicts['won']} won, {verdicts['lost']} lost, {verdicts['unknown']} unknown "
        f"of {len(deals)}; {positions} positions in all; digest {digest.hexdigest()[:16]}"
    )
    print(f"{cpu:.1f} s of CPU: {positions / max(cpu, 1e-9):,.0f} positions per CPU second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
