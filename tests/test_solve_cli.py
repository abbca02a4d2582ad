"""``python -m yukon.solver`` reads a game record as well as a code."""

from __future__ import annotations

from pathlib import Path

from yukon.engine import Game
from yukon.solver.cli import main


def test_a_record_is_solved_from_the_position_it_reaches(capsys):
    lines = (Path(__file__).parent / "data" / "won_YU1-C-AAAAAAB.txt").read_text().split()
    game = Game.from_code(lines[0])
    for text in lines[1:-1]:  # one move short of the win
        game = Game.from_record(f"{game.record()} {text}")
    assert main([game.record(), "--seconds", "5"]) == 0
    out = capsys.readouterr().out.split("\n")
    assert out[0].startswith("won (") and out[1] == lines[-1]


def test_a_bad_record_names_its_first_bad_move(capsys):
    assert main(["YU1-C-AAAAAAB 7:5>2 1:1>2"]) == 2
    assert "move 2 of the record, '1:1>2'" in capsys.readouterr().err
