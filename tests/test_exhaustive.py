"""The independent check of LOST verdicts (``tests/exhaustive.py``): a
search of every reachable position through the engine alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from exhaustive import INCONCLUSIVE, LOST, WON, exhaust, lost_deals, main

from yukon.engine import Game, Rules
from yukon.solver import Verdict, solve


def test_it_confirms_what_the_solver_proves_lost_and_finds_a_win() -> None:
    for deal, rules in [(24, Rules.CLASSIC), (1, Rules.RUSSIAN), (2, Rules.RUSSIAN)]:
        game = Game.new(deal, rules)
        assert solve(game, max_seconds=None, max_nodes=50_000).verdict is Verdict.LOST
        assert exhaust(game.position(), 20_000)[0] == LOST
    won = Game.new(100002, Rules.RUSSIAN)
    assert solve(won, max_seconds=None, max_nodes=5000).verdict is Verdict.WON
    assert exhaust(won.position(), 20_000)[0] == WON


def test_a_space_too_large_is_inconclusive() -> None:
    verdict, seen = exhaust(Game.new(17).position(), 2000)  # lost, but large
    assert (verdict, seen) == (INCONCLUSIVE, 2000)


def test_it_checks_a_sample_of_a_results_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "U.csv"
    path.write_text("# yukon-results 1 U nodes=80000\n1,l,1,0\n2,l,1,0\n3,w,1,0\n")
    assert lost_deals(path) == (Rules.RUSSIAN, [1, 2])
    assert main([str(path), "--sample", "5", "--limit", "20000"]) == 0
    out = capsys.readouterr().out
    assert "2 of 2 lost deals checked at 20000 positions: 2 confirmed" in out
    path.write_text("# yukon-results 1 U nodes=80000\n100002,l,1,0\n")  # a won deal
    assert main([str(path), "--limit", "20000"]) == 1
    assert "1 contradicted" in capsys.readouterr().out
