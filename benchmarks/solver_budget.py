"""Deterministic solver figures: deals FIRST..LAST at a fixed budget of
positions, in one process, so that two versions of the solver can be
compared exactly (verdicts and position counts do not depend on the
machine or its load).

Prints one line per deal (deal, verdict, positions, moves of the line) and
a summary with a digest of those lines: equal digests mean equal results.

    PYTHONPATH=. python benchmarks/solver_budget.py --first 501 --last 1000 --rules C --nodes 50000
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections import Counter
from collections.abc import Sequence

from yukon.engine import Game, Rules
from yukon.solver import solve


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=501)
    parser.add_argument("--last", type=int, default=1000)
    parser.add_argument("--rules", choices=[rules.value for rules in Rules], default="C")
    parser.add_argument("--nodes", type=int, default=50_000, help="positions per deal")
    parser.add_argument("--quiet", action="store_true", help="no line per deal")
    args = parser.parse_args(argv)
    digest = hashlib.sha256()
    verdicts: Counter[str] = Counter()
    positions = 0
    for deal in range(args.first, args.last + 1):
        game = Game.new(deal, Rules(args.rules))
        result = solve(game, max_seconds=None, max_nodes=args.nodes, processes=1)
        line = f"{deal} {result.verdict.value} {result.nodes} {len(result.moves)}"
        digest.update(line.encode() + b"\n")
        verdicts[result.verdict.value] += 1
        positions += result.nodes
        if not args.quiet:
            print(line, flush=True)
    total = args.last - args.first + 1
    print(
        f"{Rules(args.rules).title} {args.first}..{args.last} at {args.nodes} positions: "
        f"{verdicts['won']} won, {verdicts['lost']} lost, {verdicts['unknown']} unknown "
        f"of {total}; {positions} positions in all; digest {digest.hexdigest()[:16]}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
