"""Why the solver's ``children`` walks the moves itself instead of sorting
what the shared generator (``yukon.engine.generator.legal_steps``) gives.

On mid-game positions of deals 1-200 (random play, every game) it times:
the shared generator alone; ``children(board, Mode.FULL)``; and the same
buckets filled from the shared generator's list (``via_generator`` below,
checked to give exactly ``children``'s moves in the same order). The
difference is the price one generator would cost every search.

    PYTHONPATH=. python benchmarks/move_generators.py
"""

from __future__ import annotations

import random
import sys
import time

from yukon.engine import Game, Rules
from yukon.engine.generator import legal_steps
from yukon.engine.moves import FOUNDATION
from yukon.solver.board import Board, Step
from yukon.solver.moves import Mode, children, is_safe_home, safe_suits


def via_generator(board: Board) -> list[Step]:
    """``children(board, Mode.FULL)`` from the shared generator's moves."""
    cols, down, found, fits = board.cols, board.down, board.found, board.fits
    loc_pos = board.loc_pos
    rules = board.rules
    safe = safe_suits(rules, found)
    steps = legal_steps(cols, down, found, board.loc_col, loc_pos, fits)
    home: list[Step] = []
    flips: list[tuple[int, Step]] = []
    uncover_home: list[Step] = []
    empties: list[Step] = []
    lift_off: list[Step] = []
    lift_fit: list[Step] = []
    take_backs: list[Step] = []
    for step in steps:
        src, count, dst = step
        if dst >= FOUNDATION:
            if safe[dst - FOUNDATION]:
                return [step]
            home.append(step)
            continue
        if src >= FOUNDATION:
            card = (src - FOUNDATION) * 13 + found[src - FOUNDATION] - 1
            if not is_safe_home(rules, found, card):
                take_backs.append(step)
            continue
        column = cols[src]
        pos = len(column) - count
        if pos == 0:
            if cols[dst]:
                empties.append(step)
        elif pos == down[src]:
            flips.append((pos, step))
        else:
            under = column[pos - 1]
            if found[under // 13] == under % 13:
                uncover_home.append(step)
            elif column[pos] in fits[under]:
                lift_fit.append(step)
            else:
                lift_off.append(step)
    flips.sort(key=lambda item: item[0], reverse=True)
    return [
        *(move for _, move in flips),
        *home,
        *uncover_home,
        *empties,
        *lift_off,
        *lift_fit,
        *take_backs,
    ]


def positions(rules: Rules) -> list[Board]:
    chooser = random.Random(7)
    boards = []
    for deal in range(1, 201):
        game = Game.new(deal, rules)
        for number in range(40):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(chooser.choice(moves))
            if number % 4 == 3:
                boards.append(Board(game.position()))
    return boards


def timed(functions, boards: list[Board], rounds: int = 15) -> list[float]:
    """Microseconds per position of each function: the best of ``rounds``,
    the functions taking turns within each round so that a busy machine
    slows them alike."""
    best = [float("inf")] * len(functions)
    for _ in range(rounds):
        for number, function in enumerate(functions):
            started = time.perf_counter()
            for board in boards:
                function(board)
            best[number] = min(best[number], time.perf_counter() - started)
    return [seconds / len(boards) * 1e6 for seconds in best]


def main() -> int:
    for rules in Rules:
        boards = positions(rules)
        for board in boards:
            assert via_generator(board) == children(board, Mode.FULL), str(board.position())
        shared, own, built = timed(
            [
                lambda board: board.legal_moves(),
                lambda board: children(board, Mode.FULL),
                via_generator,
            ],
            boards,
        )
        print(
            f"{rules.title:18} {len(boards)} positions: generator {shared:.1f} us, "
            f"children {own:.1f} us, children from the generator {built:.1f} us "
            f"({built / own - 1:+.0%})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
