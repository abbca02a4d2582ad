"""The hint's winning lines before and after cleaning (``yukon.jobs.lines``).

For deals FIRST..LAST the solver finds a line from the deal at a fixed
budget of positions (one process, so the same line on any machine), and
the line is cleaned as the hint's is. Prints, for the lines as found and
as cleaned: moves in all, per card home (52 a win) and the longest line;
the longest run of moves that earn no point (no card home, none turned
over); the take-backs from a foundation; and the cleaning's CPU time.

    PYTHONPATH=. python benchmarks/hint_lines.py --first 1 --last 300 --nodes 50000
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from typing import NamedTuple

from yukon.engine import Game, Move, Rules
from yukon.jobs.lines import shorten
from yukon.solver import Verdict, solve


class Figures(NamedTuple):
    moves: int
    idle_run: int  # the longest run of moves earning no point
    take_backs: int


def figures(game: Game, line: Sequence[Move]) -> Figures:
    """The line played from ``game`` (which it must win)."""
    trail = game.copy()
    run = longest = backs = 0
    for move in line:
        backs += move.from_foundation
        run = 0 if trail.play(move).points else run + 1
        longest = max(longest, run)
    assert trail.is_won, "the line does not win"
    return Figures(len(line), longest, backs)


def summary(name: str, lines: list[Figures]) -> str:
    moves = [f.moves for f in lines]
    return (
        f"{name}: {sum(moves)} moves, {statistics.mean(moves) / 52:.2f} per card home "
        f"(mean {statistics.mean(moves):.1f}, median {statistics.median(moves):g}, "
        f"longest {max(moves)}); longest run without a point "
        f"{max(f.idle_run for f in lines)}; take-backs {sum(f.take_backs for f in lines)}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=300)
    parser.add_argument("--rules", choices=[rules.value for rules in Rules], default="C")
    parser.add_argument("--nodes", type=int, default=50_000, help="positions per deal")
    parser.add_argument("--quiet", action="store_true", help="no line per deal")
    args = parser.parse_args(argv)
    found: list[Figures] = []
    cleaned: list[Figures] = []
    seconds: list[float] = []
    for deal in range(args.first, args.last + 1):
        game = Game.new(deal, Rules(args.rules))
        result = solve(game, max_seconds=None, max_nodes=args.nodes, processes=1)
        if result.verdict is not Verdict.WON:
            continue
        start = time.process_time()
        line = shorten(game.position(), result.moves)
        seconds.append(time.process_time() - start)
        found.append(figures(game, result.moves))
        cleaned.append(figures(game, line))
        if not args.quiet:
            print(deal, found[-1], cleaned[-1], f"{seconds[-1]:.3f} s", flush=True)
    if not found:
        print("no deal won")
        return 1
    title = f"{Rules(args.rules).title} {args.first}..{args.last} at {args.nodes} positions"
    print(f"{title}: {len(found)} won")
    print(summary("as found", found))
    print(summary("cleaned ", cleaned))
    print(
        f"cleaning, CPU time: median {statistics.median(seconds):.3f} s, "
        f"longest {max(seconds):.3f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
