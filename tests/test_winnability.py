"""The winnability study's results (``benchmarks/winnability/``): each file
a results file of the study's budget, each deal once, no two games'
verdicts contradicting each other, and the README's table the one they
give."""

from __future__ import annotations

import importlib.util
import lzma
from pathlib import Path
from types import ModuleType

import pytest

from yukon.solver.results import parse_row

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "benchmarks" / "winnability"
FILES = sorted(FOLDER.glob("*.csv.xz"))


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("winnability", FOLDER.parent / "winnability.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_game_has_its_results() -> None:
    assert {path.name.split(".")[0] for path in FILES} >= {"C", "R", "U", "A", "M"}


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_a_results_file_holds_each_deal_once_at_the_study_budget(path: Path) -> None:
    lines = lzma.decompress(path.read_bytes()).decode("ascii").splitlines()
    game = path.name.split(".")[0]
    budget = 800_000 if game.endswith("-generous") else 80_000
    assert lines[0] == f"# yukon-results 1 {game[0]} nodes={budget}"
    rows = [parse_row(line) for line in lines[1:]]
    deals = [row.deal for row in rows]
    assert len(set(deals)) == len(deals)
    assert all(100_001 <= deal <= 110_000 for deal in deals)
    # Undecided only with the budget spent (a search may count a few past it).
    assert all(row.nodes >= budget for row in rows if row.verdict == "unknown")
    assert all(row.nodes <= budget + 100 for row in rows)


def test_the_readme_table_is_the_one_the_results_give(capsys: pytest.CaptureFixture[str]) -> None:
    assert _tool().main([str(FOLDER)]) == 0
    out = capsys.readouterr().out
    assert "contradictions between games: 0 " in out
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = [line for line in out.splitlines() if line.startswith("| ")]
    assert len(rows) == 6  # the header and the five games
    for row in rows:
        assert row in readme, row
