"""The solver: pure Python search for a winning line, or a proof there is none.

>>> from yukon.engine import Game
>>> from yukon.solver import Verdict, solve
>>> solve(Game.from_code("YU1-C-AAAAAAB"), max_seconds=0).verdict
<Verdict.UNKNOWN: 'unknown'>
"""

from yukon.solver.search import SolveResult, Verdict, solve

__all__ = ["SolveResult", "Verdict", "solve"]
