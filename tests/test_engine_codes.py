"""Game codes and move text: round trips and useful rejections."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from yukon.engine import (
    DEAL_COUNT,
    Game,
    InvalidGameCode,
    InvalidMoveText,
    Move,
    Rules,
    format_code,
    parse_code,
)
from yukon.engine.moves import MOVE_TABLE


@pytest.mark.parametrize(
    ("deal", "code"),
    [
        (0, "YU1-C-AAAAAAA"),
        (1, "YU1-C-AAAAAAB"),
        (25, "YU1-C-AAAAAAZ"),
        (26, "YU1-C-AAAAABA"),
        (DEAL_COUNT - 1, "YU1-C-ZZZZZZZ"),
    ],
)
def test_code_letters_are_the_deal_number_in_base_26(deal, code):
    assert format_code(deal, Rules.CLASSIC) == code
    assert parse_code(code) == (deal, Rules.CLASSIC)


@given(st.integers(0, DEAL_COUNT - 1), st.sampled_from(list(Rules)))
def test_code_round_trips_for_any_deal(deal, rules):
    code = format_code(deal, rules)
    assert parse_code(code) == (deal, rules)
    game = Game.from_code(code)
    assert (game.deal, game.rules, game.code) == (deal, rules, code)


def test_code_is_read_case_insensitively_with_spaces_around_ignored():
    assert Game.from_code("  yu1-r-aaaaaba\n").code == "YU1-R-AAAAABA"
    assert Game.from_code("\tYu1-c-ZzZzZzZ ").deal == DEAL_COUNT - 1


def test_middle_letter_is_the_rule_set():
    assert Game.from_code("YU1-R-AAAAAAB").rules is Rules.RELAXED
    assert Game.from_code("YU1-C-AAAAAAB").rules is Rules.CLASSIC


GAME_LETTERS = (
    r"only C and R \(Yukon Classic and Relaxed\), U \(Russian Solitaire\), "
    r"A \(Alaska\) and M \(Moosehide\)"
)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "is empty"),
        ("   ", "is empty"),
        ("YU1C-AAAAAAB", "three parts"),
        ("YU1-C-AAAAAAB-X", "three parts"),
        ("XY1-C-AAAAAAB", "starts with YU1-"),
        ("YU2-C-AAAAAAB", "is a YU2 code"),
        ("YU1-X-AAAAAAB", GAME_LETTERS),
        ("YU1-CR-AAAAAAB", GAME_LETTERS),
        ("YU1-C-AAAAAB", "ends with 7 letters A-Z, this one with 6 characters"),
        ("YU1-C-AAAAAAAB", "ends with 7 letters"),
        ("YU1-C-AAAAAA1", "only letters A-Z"),
        ("YU1-C-AAAAAA\u017f", "not '\u017f'"),  # long s: upper() makes it 'S'
        ("YU1-C-AAAAAA\u0131", "not '\u0131'"),  # dotless i: upper() makes it 'I'
        ("YU1 C AAAAAAB", "digits and dashes, not ' '"),
        ("YU1-C-ÄAAAAAB", "not 'Ä'"),
        ("YU1-C-AAAAAAB!", "not '!'"),
    ],
)
def test_bad_codes_are_rejected_with_a_message_quoting_them(text, why):
    with pytest.raises(InvalidGameCode, match=why) as caught:
        Game.from_code(text)
    assert repr(text) in str(caught.value)


def test_bad_code_message_quotes_input_and_shortens_long_input():
    long = "YU1-C-" + "A" * 200
    with pytest.raises(InvalidGameCode) as caught:
        Game.from_code(long)
    message = str(caught.value)
    assert "YU1-C-AAAA" in message and "..." in message and len(message) < 200


def test_invalid_game_code_is_a_value_error():
    assert issubclass(InvalidGameCode, ValueError)
    with pytest.raises(ValueError, match="not text"):
        parse_code(None)  # type: ignore[arg-type]


# ---------------------------------------------------------------- moves


def test_move_text_examples():
    move = Move.parse("3:4>5")
    assert (move.src, move.count, move.dst) == (2, 4, 4)
    assert (Move.parse("2:1>H").dst, Move.parse("H:1>6").src) == (8, 8)
    assert Move.parse("H:1>6").from_foundation and Move.parse("2:1>H").to_foundation


def test_every_possible_move_text_round_trips():
    moves = [mv for row in MOVE_TABLE for counts in row for mv in counts if mv is not None]
    assert len(moves) > 1000
    for move in moves:
        assert Move.parse(str(move)) is move
        assert Move(move.src, move.count, move.dst) is move


@pytest.mark.parametrize(
    "text",
    [
        "",
        "3:4-5",
        "8:1>1",
        "0:1>2",
        "3:0>5",
        "3:4>3",
        "S:1>H",
        "S:2>3",
        "1:2>D",
        "s:1>1",
        " 3:4>5",
        None,
    ],
)
def test_bad_move_text_is_rejected_naming_it(text):
    with pytest.raises(InvalidMoveText) as caught:
        Move.parse(text)
    assert repr(text) in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_moves_are_immutable_values():
    move = Move.parse("1:1>2")
    with pytest.raises(AttributeError):
        move.count = 3
    assert move == Move(0, 1, 1) and hash(move) == hash(Move(0, 1, 1))
    with pytest.raises(ValueError, match="impossible"):
        Move(0, 1, 0)
