"""One deal of a batch, solved where a batch runs it: in this process, a
worker process of ``cli.solve_deals`` or a Dask worker
(``yukon.solver.cluster``)."""

from __future__ import annotations

from yukon.engine import Game, Rules, replay
from yukon.solver import Verdict, solve
from yukon.solver.results import BatchRow

# One deal of a batch: (deal, rules letter, seconds, nodes, processes).
Task = tuple[int, str, float | None, int | None, int]


def solve_deal(task: Task) -> BatchRow:
    """Solve one fresh deal at a time limit (in up to ``processes``, see
    ``solve``) or at a budget of positions (one process, deterministic); a
    plain function so worker processes, or a cluster's workers, can run it.
    A won deal's line is replayed on the engine's game: a batch counts no win
    that does not replay to one."""
    deal, rules_letter, seconds, nodes, processes = task
    game = Game.new(deal, Rules(rules_letter))
    result = solve(game, max_seconds=seconds, max_nodes=nodes, processes=processes)
    if result.verdict is Verdict.WON and not replay(game, result.moves).is_won:
        raise AssertionError(f"deal {deal}: the winning line does not win")
    return BatchRow(deal, result.verdict.value, result.nodes, result.seconds)
