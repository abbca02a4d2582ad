"""The public position: a small immutable value whose text form round-trips,
that pickles, and that a game is rebuilt from."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from yukon.engine import DEAL_COUNT, Game, InvalidLayout, InvalidPosition, Position, Rules


def _played(deal: int, rules: Rules, choices: list[int]) -> Game:
    game = Game.new(deal, rules)
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[choice % len(moves)])
    return game


@settings(max_examples=60, deadline=None)
@given(
    deal=st.integers(0, DEAL_COUNT - 1),
    rules=st.sampled_from(list(Rules)),
    choices=st.lists(st.integers(0, 1000), max_size=60),
)
def test_text_pickle_and_game_round_trip(deal: int, rules: Rules, choices: list[int]) -> None:
    game = _played(deal, rules, choices)
    position = game.position()
    assert Position.parse(str(position)) == position
    assert pickle.loads(pickle.dumps(position)) == position
    again = Game.from_position(position)
    assert again.position() == position
    assert again.layout_text() == game.layout_text()
    assert again.legal_moves() == game.legal_moves()
    assert hash(Position.parse(str(position))) == hash(position)


def test_position_ignores_score_and_history() -> None:
    game = Game.new(1)
    start = game.position()
    move = game.legal_moves()[0]
    game.play(move)
    assert game.position() != start
    game.undo()
    assert game.position() == start
    assert Game.from_position(start).score == 0


def test_text_form_of_a_deal() -> None:
    text = str(Game.from_code("YU1-C-AAAAAAB").position())
    rules, columns, *heights = text.split(" ")
    assert rules == "C" and heights == ["0", "0", "0", "0"]
    assert [column.count("|") for column in columns.split("/")] == [0, 1, 1, 1, 1, 1, 1]
    assert str(Game.new(1, Rules.RELAXED).position()).startswith("R ")


def test_a_won_position() -> None:
    won = Position.parse("C ////// 13 13 13 13")
    assert won.is_won and Game.from_position(won).is_won


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "is not a rule letter, seven columns and four foundation heights"),
        ("X ////// 13 13 13 13", "is not a rule letter"),
        ("C ///// 13 13 13 13", "is not a rule letter"),
        ("C KSQ////// 12 13 13 13", "column 'KSQ' is not cards"),
        ("C |KS////// 12 13 13 13", "column '|KS' is not cards"),
        ("C KS////// 12 13 13 x", "foundation rank -1 is not between 0 and 13"),
        ("C KS////// 13 13 13 13", "KS is in column 1 and also on the spades foundation"),
        ("C ZZ////// 12 13 13 13", "card text 'ZZ'"),
        ("C KSQS|////// 11 13 13 13", "column 1 has 2 cards, so at most 1 may be face down"),
    ],
)
def test_bad_text_is_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(InvalidPosition, match=message.replace("|", r"\|")) as raised:
        Position.parse(text)
    assert repr(text) in str(raised.value)


def test_layout_errors_are_the_games() -> None:
    with pytest.raises(InvalidLayout, match="a layout needs 7 columns"):
        Position.from_layout([[]])
    with pytest.raises(InvalidLayout, match="cards missing from the layout"):
        Game.from_layout([[]] * 7)


def test_no_module_outside_the_engine_reads_a_games_private_fields() -> None:
    """Outside ``yukon/engine`` a game is read through its public API and
    ``Position``: no attribute access ``x._cols`` (or any private slot of
    ``Game``) on anything but ``self``, and no such name as text (getattr)."""
    private = {name for name in Game.__slots__ if name.startswith("_")}
    root = Path(__file__).resolve().parent.parent
    files = [
        path
        for folder in ("yukon", "benchmarks", "tests")
        for path in sorted((root / folder).rglob("*.py"))
        if (root / "yukon" / "engine") not in path.parents
    ]
    found = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in private:
                if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                    found.append(f"{path.relative_to(root)}:{node.lineno} .{node.attr}")
            elif isinstance(node, ast.Constant) and node.value in private:
                found.append(f"{path.relative_to(root)}:{node.lineno} {node.value!r}")
    assert len(files) > 50
    assert found == []
