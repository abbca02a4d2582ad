"""Where was it lost: the walk back through lost games of 150 moves.

Each game is a Classic deal the solver wins, played along the solver's
winning line for its first ``--along`` moves (0: none), then at random
(fixed seeds) to 150 moves; only games whose end the solver proves lost are
kept. The walk (``find_loss``) runs as the game runs it, with the solver's
time per position of ``loss_analysis.SECONDS_PER_POSITION``, and the figures
are its time and the number of positions the solver was asked about.
Run: ``nice python benchmarks/loss_analysis.py [--games N] [--along K]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from yukon.engine import Game, Rules
from yukon.jobs.loss_analysis import SECONDS_PER_POSITION, find_loss, path_of, solver_judge
from yukon.solver import Verdict, solve

MOVES = 150


def lost_game(seed: int, along: int) -> Game | None:
    """A game of ``MOVES`` moves that ends proven lost, or None."""
    rng = random.Random(seed)
    game = Game.new(rng.randrange(1_000_000), Rules.CLASSIC)
    line = solve(game, max_seconds=None, max_nodes=100_000)
    if line.verdict is not Verdict.WON:
        return None
    for move in line.moves[: min(along, len(line.moves) - 10)]:
        game.play(move)
    while game.move_count < MOVES:
        moves = [move for move in game.legal_moves() if not move.from_foundation]
        if not moves:
            return None
        game.play(rng.choice(moves))
    if solve(game, max_seconds=5.0, processes=1).verdict is not Verdict.LOST:
        return None
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--along", type=int, default=60, help="moves along a winning line first")
    args = parser.parse_args()
    times, asked = [], []
    seed = 0
    while len(times) < args.games:
        seed += 1
        game = lost_game(seed, args.along)
        if game is None:
            continue
        start, steps = path_of(game)
        began = time.perf_counter()
        report = find_loss(start, steps, solver_judge(SECONDS_PER_POSITION), end_lost=True)
        seconds = time.perf_counter() - began
        times.append(seconds)
        asked.append(report.verdicts)
        found = (
            f"move {report.lost_at.number}"
            if report.lost_at
            else f"undecided {report.undecided}"
            if report.undecided
            else "lost from the start"
        )
        print(
            f"seed {seed}: {len(steps)} moves, {report.verdicts} verdicts, {seconds:.2f}s, {found}"
        )
    print(
        f"{len(times)} games of {MOVES} moves ({args.along} along a winning line): "
        f"median {statistics.median(times):.2f}s, max {max(times):.2f}s, "
        f"verdicts median {statistics.median(asked):.0f}, max {max(asked)}"
    )


if __name__ == "__main__":
    main()
