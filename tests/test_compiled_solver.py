"""The solver's hot modules compiled by mypyc (``hatch_build.py``: the wheel
and the executable carry them) answer exactly as the Python ones: the same
verdicts, the same winning lines and the same counts of positions, in every
game, and the two provers split a lost deal's work the same way."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from hatch_build import MODULES, compile_solver  # noqa: E402

# What is compared: each deal solved in one process within a budget of
# positions, and the split of a lost deal between two provers sharing their
# seen positions (``yukon.solver.shared_seen``), in turns.
FIGURES = """
import json, sys
from yukon.engine import Game, Rules
from yukon.solver import solve
from yukon.solver.best_first import BestFirst
from yukon.solver.depth_first import DepthFirst
from yukon.solver.shared_seen import Partner, SharedTable

Partner.WAIT = 0.0
answers = []
for rules, deals in ((Rules.CLASSIC, range(1, 21)), (Rules.ALASKA, range(1, 21)),
                     (Rules.MOOSEHIDE, range(1, 6)), (Rules.RUSSIAN, range(1, 6))):
    for deal in deals:
        result = solve(Game.new(deal, rules), max_seconds=None, max_nodes=2000)
        line = [str(move) for move in result.moves]
        answers.append([rules.value, deal, result.verdict.value, result.nodes, line])
position = Game.new(218).position()  # lost
provers = (BestFirst(position), DepthFirst(position))
for prover in provers:
    prover.begin()
    prover.step(1000, None)
table = SharedTable(slots=1 << 16)
for side, prover in enumerate(provers):
    prover.share(table, side)
while None in (provers[0].verdict, provers[1].verdict):
    for prover in provers:
        if prover.verdict is None:
            prover.step(500, None)
answers.append([prover.verdict.value for prover in provers])
answers.append([prover.nodes for prover in provers])
table.close()
modules = [m for m in sys.modules if m.startswith("yukon.solver.")]
compiled = sorted(m for m in modules if not sys.modules[m].__file__.endswith(".py"))
print(json.dumps({"answers": answers, "compiled": compiled}))
"""


def figures(path: Path) -> dict[str, list[object]]:
    """``FIGURES`` run in a fresh interpreter importing ``yukon`` from ``path``."""
    done = subprocess.run(
        [sys.executable, "-c", FIGURES],
        cwd=path,
        env={"PYTHONPATH": str(path), "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"},
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    answers: dict[str, list[object]] = json.loads(done.stdout)
    return answers


@pytest.mark.skipif(
    not sysconfig.get_config_var("CC") and not shutil.which("cc"), reason="no C compiler here"
)
def test_the_compiled_solver_answers_as_the_python_one(tmp_path: Path) -> None:
    pytest.importorskip("mypyc", reason="mypy (the [test] extra) compiles the solver")
    built = compile_solver(tmp_path)
    assert len(built) == len(MODULES) + 1, "mypyc could not compile the solver"
    compiled = figures(tmp_path)
    plain = figures(ROOT)
    assert compiled["compiled"] == sorted(f"yukon.solver.{name}" for name in MODULES)
    assert plain["compiled"] == []
    assert compiled["answers"] == plain["answers"]
    answers = plain["answers"]
    verdicts = {answer[2] for answer in answers[:-2]}  # type: ignore[index]
    assert verdicts == {"won", "lost", "unknown"}  # every kind of answer is compared
    assert answers[-2] == ["lost", "lost"]
