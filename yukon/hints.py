"""Solver jobs for the game: a hint from any position, a winnable deal.

Pure Python and picklable in both directions (positions travel as the
engine's ``Position`` value), so the jobs run in a worker process while the
window keeps animating.

>>> hint_job(position_of(Game.from_layout(
...     [["KS"], [], [], [], [], [], []], foundations=[12, 13, 13, 13])), 1.0)
('won', ['1:1>S'])
"""

from __future__ import annotations

import os
from collections.abc import Callable

from yukon.engine import DEAL_COUNT, Game, Position, Rules
from yukon.solver import Verdict, solve

__all__ = ["Position", "game_of", "hint_job", "position_of", "run_job", "winnable_job"]

WINNABLE_TRY_SECONDS = 0.4  # per candidate deal: most are decided far sooner


def position_of(game: Game) -> Position:
    """The position a job is sent: the engine's picklable value."""
    return game.position()


def game_of(position: Position) -> Game:
    return Game.from_position(position)


def hint_job(
    position: Position, seconds: float, stop: Callable[[], bool] | None = None
) -> tuple[str, list[str]]:
    """The solver's verdict from ``position`` within ``seconds`` (a
    ``Verdict`` value: "won", "lost" only when proven, or "unknown") and,
    when won, the winning line as move texts. ``stop``: see ``solve``."""
    result = solve(game_of(position), max_seconds=seconds, stop=stop)
    return result.verdict.value, [str(move) for move in result.moves]


def winnable_job(
    rules: str,
    seconds: float,
    seed: int | None = None,
    stop: Callable[[], bool] | None = None,
) -> int | None:
    """A deal number the solver proved winnable under ``rules``, trying
    random deals for at most about ``seconds``; None if none was proved
    (or ``stop`` said to give up: see ``solve``)."""
    import time

    start = time.perf_counter()
    state = seed if seed is not None else int.from_bytes(os.urandom(8), "big")
    while time.perf_counter() - start < seconds and not (stop is not None and stop()):
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        deal = (state >> 11) % DEAL_COUNT
        budget = min(WINNABLE_TRY_SECONDS, max(0.05, seconds - (time.perf_counter() - start)))
        result = solve(Game.new(deal, Rules(rules)), max_seconds=budget, stop=stop)
        if result.verdict is Verdict.WON:
            return deal
    return None


def run_job(kind: str, args: tuple, stop: Callable[[], bool] | None = None) -> object:
    """Dispatch by name, so the worker process needs no pickled callables."""
    jobs: dict[str, Callable[..., object]] = {"hint": hint_job, "winnable": winnable_job}
    return jobs[kind](*args, stop=stop)
