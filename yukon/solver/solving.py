"""``solve``: the solver's public entry.

It checks the budget, builds the ``Portfolio`` for the game's position and
runs it, in this process (always so with a budget of positions, which makes
the answer deterministic) or, with ``processes=2`` and a time limit, through
the two-process wrapper of ``yukon.solver.split``.

>>> from yukon.engine import Game
>>> result = solve(Game.from_code("YU1-C-AAAAAAB"), max_seconds=None, max_nodes=20000)
>>> result.verdict
<Verdict.WON: 'won'>
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from yukon.engine.game import Game
from yukon.engine.moves import MOVE_TABLE, Move
from yukon.solver import helper
from yukon.solver.portfolio import Portfolio
from yukon.solver.split import run_split
from yukon.solver.verdict import SolveResult, Verdict

# The most positions a budget may name: a search that long would outgrow any
# memory first, so a larger figure only ever meant "no limit" (``None``).
MAX_NODES = 10**9


class InvalidBudget(ValueError):
    """A time limit that is not a number of seconds (NaN or infinite), or a
    budget of positions that is not a whole number up to ``MAX_NODES``."""


def solve(
    game: Game,
    max_seconds: float | None = 2.0,
    max_nodes: int | None = None,
    stop: Callable[[], bool] | None = None,
    processes: int = 2,
) -> SolveResult:
    """Search for a win from ``game``'s position (which is left unchanged).

    ``Verdict.WON`` comes with a line that wins; ``Verdict.LOST`` only when
    a search over the full move set has run dry; ``Verdict.UNKNOWN`` when
    the budget (``max_seconds`` and/or ``max_nodes`` positions over all
    searches; ``None`` for no limit) ran out first. With
    ``max_seconds=None`` and a ``max_nodes`` budget the result, its line
    and its count of positions are the same every time. ``stop``, if
    given, is asked every thousand positions or so; when it answers True
    the search ends at once with ``Verdict.UNKNOWN`` (the game drops a hint
    nobody waits for).

    With a time limit (and no ``max_nodes``), ``processes=2`` and a second
    core, a deal the first turn has not settled has its searches split
    between this process and a forked copy (see ``yukon.solver.split``);
    ``processes=1`` keeps to this process. Raises ``InvalidBudget`` for a
    time limit that is NaN or infinite and for a budget of positions that
    is no whole number or more than ``MAX_NODES`` (``None`` means no limit).
    """
    if max_seconds is not None and not math.isfinite(max_seconds):
        raise InvalidBudget(f"max_seconds={max_seconds!r} is not a number of seconds")
    if max_nodes is not None and (
        isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes > MAX_NODES
    ):
        raise InvalidBudget(
            f"max_nodes={max_nodes!r} is not a number of positions up to {MAX_NODES:,}"
        )
    start = time.perf_counter()

    def result(verdict: Verdict, moves: list[Move], nodes: int) -> SolveResult:
        return SolveResult(verdict, moves, nodes, time.perf_counter() - start)

    if game.is_won:
        return result(Verdict.WON, [], 0)
    if (max_nodes is not None and max_nodes <= 0) or (max_seconds is not None and max_seconds <= 0):
        return result(Verdict.UNKNOWN, [], 0)
    deadline = None if max_seconds is None else start + max_seconds
    portfolio = Portfolio(game.position())
    if processes > 1 and max_nodes is None and deadline is not None and helper.available():
        outcome = run_split(portfolio, deadline, stop)
    else:
        settled = portfolio.run(deadline, max_nodes, stop)
        assert settled is not None  # ``run`` pauses only when asked to
        outcome = settled
    moves: list[Move] = []
    for src, count, dst in outcome.line:
        move = MOVE_TABLE[src][count][dst]
        assert move is not None  # every move of the line was legal where played
        moves.append(move)
    return result(outcome.verdict, moves, outcome.nodes)
