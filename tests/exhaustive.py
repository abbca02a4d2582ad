"""An independent check of the solver's LOST verdicts: a search of every
position reachable from the deal, with no proof and no pruning.

It shares nothing with the solver but the engine: it asks ``Game`` for its
legal moves, plays each one (``Game.play`` checks it again) and takes it
back, and keeps the positions it has seen, up to the order of the columns
(which never matters: no rule names a column). Only when every reachable
position has been seen without a win is a deal lost; past ``limit``
positions the answer is "inconclusive". Slow (the engine's moves, about
10,000 positions a second), so it is a tool, not part of the solver.

Confirm a sample of a study's losses (a results file, see
``yukon.solver.results``)::

    PYTHONPATH=. python tests/exhaustive.py study/U.csv --sample 50 --limit 1000000
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from yukon.engine import Game, Rules
from yukon.engine.position import Position

WON, LOST, INCONCLUSIVE = "won", "lost", "inconclusive"


def canonical(position: Position) -> tuple[object, ...]:
    """The position up to the order of its columns."""
    return (
        tuple(sorted(zip(position.face_down, position.columns, strict=True))),
        position.foundations,
    )


def exhaust(position: Position, limit: int) -> tuple[str, int]:
    """Every position reachable from ``position``, depth first: ``WON`` as
    soon as one is won, ``LOST`` when none is, ``INCONCLUSIVE`` once more
    than ``limit`` were seen; with the count of positions seen."""
    if position.is_won:
        return WON, 1
    seen = {canonical(position)}
    stack = [position]
    while stack:
        game = Game.from_position(stack.pop())
        for move in game.legal_moves():
            game.play(move)
            child = game.position()
            if child.is_won:  # (a won game takes no undo)
                return WON, len(seen)
            game.undo()
            key = canonical(child)
            if key in seen:
                continue
            if len(seen) >= limit:
                return INCONCLUSIVE, len(seen)
            seen.add(key)
            stack.append(child)
    return LOST, len(seen)


def lost_deals(path: Path) -> tuple[Rules, list[int]]:
    """The game of a results file and the deals it gives as lost."""
    lines = path.read_text(encoding="ascii").splitlines()
    rules = Rules(lines[0].split()[3])
    return rules, [int(line.split(",")[0]) for line in lines[1:] if line.split(",")[1] == "l"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", type=Path, help="a results file of yukon-solve --results")
    parser.add_argument("--sample", type=int, default=20, help="lost deals to check")
    parser.add_argument("--limit", type=int, default=1_000_000, help="positions per deal")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rules, lost = lost_deals(args.results)
    chosen = sorted(random.Random(args.seed).sample(lost, min(args.sample, len(lost))))
    counts = {WON: 0, LOST: 0, INCONCLUSIVE: 0}
    for deal in chosen:
        verdict, seen = exhaust(Game.new(deal, rules).position(), args.limit)
        counts[verdict] += 1
        print(f"{deal} {verdict} {seen}", flush=True)
    print(
        f"{rules.title}: {len(chosen)} of {len(lost)} lost deals checked at {args.limit} "
        f"positions: {counts[LOST]} confirmed, {counts[INCONCLUSIVE]} inconclusive, "
        f"{counts[WON]} contradicted"
    )
    return 1 if counts[WON] else 0


if __name__ == "__main__":
    sys.exit(main())
