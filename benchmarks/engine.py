"""Engine speed: legal_moves() calls, play+undo pairs and the table's
questions (what a pick-up of each face-up group may do) per second.

Positions come from random legal play (fixed seeds) on many deals, taken
between move 10 and move 60, i.e. mid-game. Each figure is the best of
``--repeat`` timings, so that a busy machine's pauses do not count.
Run: ``python benchmarks/engine.py``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from yukon.engine import COLUMNS, FOUNDATION, Game, Pile, Rules


def mid_game_positions(count: int, rules: Rules, seed: int = 1) -> list[Game]:
    rng = random.Random(seed)
    positions: list[Game] = []
    deal = 0
    while len(positions) < count:
        game = Game.new(deal, rules)
        deal += 1
        for step in range(60):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
            if step >= 10 and step % 10 == 0:
                positions.append(game.copy())
    return positions[:count]


def best_of(
    repeat: int, timed: Callable[[list[Game], int], tuple[int, float]], *args: Any
) -> float:
    """The highest rate of ``repeat`` runs of ``timed(*args)``, which
    returns how many things it did and in how many seconds."""
    rates = []
    for _ in range(repeat):
        done, seconds = timed(*args)
        rates.append(done / seconds)
    return max(rates)


def bench_legal_moves(positions: list[Game], rounds: int) -> tuple[int, float]:
    start = time.perf_counter()
    for _ in range(rounds):
        for game in positions:
            game.legal_moves()
    return rounds * len(positions), time.perf_counter() - start


def bench_play_undo(positions: list[Game], rounds: int) -> tuple[int, float]:
    pairs = [(game, game.legal_moves()) for game in positions]
    count = 0
    start = time.perf_counter()
    for _ in range(rounds):
        for game, moves in pairs:
            for move in moves:
                game.play(move)
                game.undo()
            count += len(moves)
    return count, time.perf_counter() - start


def bench_questions(positions: list[Game], rounds: int) -> tuple[int, float]:
    """What the table asks when a group is picked up, for every face-up
    group of every column (and every foundation top): may it be picked up,
    where may it go, where does a double tap send it, what a drop on each
    pile means."""
    asks = [
        (game, Pile(src), count)
        for game in positions
        for src, column in enumerate(game.tableau)
        for count in range(1, len(column.face_up_cards) + 1)
    ]
    asks += [(game, Pile(FOUNDATION + suit), 1) for game in positions for suit in range(4)]
    start = time.perf_counter()
    for _ in range(rounds):
        for game, src, group in asks:
            game.pick_up_problem(src, group)
            game.destinations(src, group)
            if src < COLUMNS:
                game.best_move(src, group)
            for pile in Pile:
                game.drop(src, group, pile)
    return rounds * len(asks), time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    for rules in Rules:
        positions = mid_game_positions(args.positions, rules)
        moves = sum(len(g.legal_moves()) for g in positions) / len(positions)
        fewer = max(1, args.rounds // 4)
        lm = best_of(args.repeat, bench_legal_moves, positions, args.rounds)
        pu = best_of(args.repeat, bench_play_undo, positions, fewer)
        qs = best_of(args.repeat, bench_questions, positions, fewer)
        print(
            f"{rules.title:8} {len(positions)} mid-game positions, {moves:.1f} legal moves each: "
            f"legal_moves {lm:,.0f}/s, play+undo {pu:,.0f} pairs/s, "
            f"pick-up questions {qs:,.0f} groups/s"
        )


if __name__ == "__main__":
    main()
