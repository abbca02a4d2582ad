"""Soundness check for the solver's loss proofs, over many positions.

Every position on a winning line is won, so a search over the full move set
(the only kind allowed to claim a loss) must never run dry from one. For
each deal FIRST..LAST this solves the deal, then runs both full-move
searches alone, with a budget of positions, from every third position of
the winning line. It prints how many positions were checked, how many the
searches settled (won) within the budget, and every position wrongly
called lost. Run it after changing any pruning rule; it is slower and far
more searching than the unit tests.

    PYTHONPATH=. python benchmarks/solver_check.py --first 1 --last 120 --jobs 2
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from multiprocessing import Pool

from yukon.engine import Game, Rules
from yukon.solver import Verdict, solve
from yukon.solver.best_first import BestFirst
from yukon.solver.depth_first import DepthFirst
from yukon.solver.moves import Mode


def check_deal(task: tuple[int, str, int]) -> tuple[int, int, int, list[str]]:
    """(deal, positions checked, settled, problems) for one deal's winning line."""
    deal, letter, budget = task
    game = Game.new(deal, Rules(letter))
    result = solve(game, max_seconds=3.0)
    if result.verdict is not Verdict.WON:
        return deal, 0, 0, []
    checked = settled = 0
    problems: list[str] = []
    for number, move in enumerate(result.moves):
        game.play(move)
        if number % 3 or game.is_won:
            continue
        position = game.position()
        for search in (DepthFirst(position), BestFirst(position, Mode.FULL)):
            search.begin()
            if search.verdict is None:
                search.step(budget, None)
            checked += 1
            settled += search.verdict is Verdict.WON
            if search.verdict is Verdict.LOST:
                kind = type(search).__name__
                problems.append(f"deal {deal} after move {number + 1}: {kind} called it lost")
    return deal, checked, settled, problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=60)
    parser.add_argument("--rules", choices=[rules.value for rules in Rules], default="C")
    parser.add_argument("--nodes", type=int, default=20000, help="positions per search")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    tasks = [(deal, args.rules, args.nodes) for deal in range(args.first, args.last + 1)]
    checked = settled = 0
    problems: list[str] = []
    with Pool(max(1, args.jobs)) as pool:
        for _, count, won, wrong in pool.imap_unordered(check_deal, tasks):
            checked += count
            settled += won
            problems.extend(wrong)
    for problem in sorted(problems):
        print(problem)
    print(
        f"{Rules(args.rules).title} {args.first}..{args.last}: {checked} positions checked, "
        f"{settled} won within {args.nodes} positions, {len(problems)} wrongly lost "
        f"({time.perf_counter() - started:.0f}s)"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
