"""Game records: one line that replays a whole game exactly."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from yukon.engine import DEAL_COUNT, Game, IllegalMove, InvalidRecord, Move, Reason, Rules
from yukon.engine.records import MAX_ACTIONS, REDO, UNDO, looks_like_record


def state(game: Game):
    undo_refusal = None
    probe = game.copy()
    try:
        while True:
            probe.undo()
    except IllegalMove as error:
        undo_refusal = error.args[0].reason
    return (
        game.position(),
        game.score,
        game.move_count,
        game.undo_moves(),
        game.can_undo,
        game.redo_moves(),
        game.code,
        undo_refusal,
    )


def test_every_game_is_in_the_round_trip():
    assert {Rules.CLASSIC, Rules.RELAXED, Rules.RUSSIAN, Rules.ALASKA, Rules.MOOSEHIDE} <= set(
        Rules
    )


@settings(max_examples=80, deadline=None)
@given(
    deal=st.integers(0, DEAL_COUNT - 1),
    rules=st.sampled_from(list(Rules)),
    choices=st.lists(st.integers(0, 10_000), min_size=0, max_size=260),
)
def test_random_games_round_trip(deal, rules, choices):
    game = Game.new(deal, rules)
    for choice in choices:
        legal = game.legal_moves()
        if choice % 5 == 0 and game.can_undo:
            game.undo()
            continue
        if choice % 7 == 0 and game.can_redo:  # redo at any point, after any undo
            game.redo()
            continue
        if not legal:
            break
        # Take-backs from a foundation whenever there is one, else any move.
        backs = [move for move in legal if move.from_foundation]
        pool = backs if backs and choice % 3 == 0 else legal
        game.play(pool[choice % len(pool)])
    text = game.record()
    assert "\n" not in text and text == " ".join(text.split())
    again = Game.from_record(text)
    assert state(again) == state(game)
    assert again.record() == text


def test_the_undo_history_beyond_the_limit_round_trips():
    game = Game.from_code("YU1-C-AAAAAAB")
    for _ in range(130):  # back and forth between two columns
        move = next(m for m in game.legal_moves() if not m.to_foundation)
        game.play(move)
    for _ in range(100):
        game.undo()
    again = Game.from_record(game.record())
    with pytest.raises(IllegalMove) as refused:
        again.undo()
    assert refused.value.args[0].reason is Reason.UNDO_LIMIT
    assert state(again) == state(game)


def test_a_won_game_round_trips():
    lines = (Path(__file__).parent / "data" / "won_YU1-R-AAAAAAB.txt").read_text().split()
    game = Game.from_code(lines[0])
    for text in lines[1:]:
        game.play(Move.parse(text))
    again = Game.from_record(game.record())
    assert again.is_won and again.score == game.score and again.move_count == game.move_count


def test_a_redone_move_is_recorded_as_redo_and_replayed_as_one():
    game = Game.from_code("YU1-C-AAAAAAB")
    first, second = Move.parse("5:1>1"), Move.parse("7:5>2")
    game.play(first)
    game.play(second)
    game.undo()
    game.undo()
    game.redo()
    assert game.record() == f"YU1-C-AAAAAAB 5:1>1 7:5>2 {UNDO} {UNDO} {REDO}"
    again = Game.from_record(game.record())
    assert again.redo_moves() == [second] and again.undo_moves() == [first]
    assert state(again) == state(game)
    again.redo()
    game.redo()
    assert state(again) == state(game) and again.move_count == 4 and not again.can_redo


def test_a_redo_with_nothing_to_redo_names_its_place_and_why():
    for text, number in (
        (f"YU1-C-AAAAAAB {REDO}", 1),
        (f"YU1-U-AAAAAAB 5:5>2 {UNDO} {REDO} {REDO}", 4),
        (f"YU1-C-AAAAAAB 5:1>1 {UNDO} 7:5>2 {REDO}", 4),  # a new move forgot it
    ):
        with pytest.raises(InvalidRecord) as bad:
            Game.from_record(text)
        assert (bad.value.number, bad.value.token) == (number, REDO)
        assert bad.value.refusal is not None
        assert bad.value.refusal.reason is Reason.NOTHING_TO_REDO
        assert f"move {number}" in str(bad.value)


def test_a_record_survives_line_breaks_and_spaces():
    game = Game.from_record("  YU1-C-AAAAAAB\r\n7:5>2   undo\n7:5>2 ")
    assert game.record() == "YU1-C-AAAAAAB 7:5>2 undo 7:5>2"


def test_an_illegal_move_names_its_place_and_the_typed_refusal():
    with pytest.raises(InvalidRecord) as bad:
        Game.from_record("YU1-C-AAAAAAB 7:5>2 1:1>2")
    error = bad.value
    assert (error.number, error.token) == (2, "1:1>2")
    assert error.refusal is not None and error.refusal.reason is Reason.NEEDS_COLOUR
    assert "move 2" in str(error) and "'1:1>2'" in str(error)


def test_text_that_is_not_a_move_is_named():
    with pytest.raises(InvalidRecord) as bad:
        Game.from_record("YU1-C-AAAAAAB 7:5>2 7-5-2")
    assert (bad.value.number, bad.value.token, bad.value.refusal) == (2, "7-5-2", None)
    assert "not a move" in str(bad.value)


def test_an_undo_with_nothing_to_undo_is_refused():
    with pytest.raises(InvalidRecord) as bad:
        Game.from_record(f"YU1-R-AAAAAAB {UNDO}")
    assert bad.value.refusal.reason is Reason.NOTHING_TO_UNDO


def test_a_bad_code_is_the_code_problem():
    with pytest.raises(InvalidRecord) as bad:
        Game.from_record("YU1-X-AAAAAAB 7:5>2")
    assert bad.value.number == 0 and bad.value.code_error is not None
    with pytest.raises(InvalidRecord):
        Game.from_record("   ")
    with pytest.raises(InvalidRecord):
        Game.from_record(None)  # type: ignore[arg-type]


def test_too_many_actions_are_refused_before_any_is_replayed():
    with pytest.raises(InvalidRecord) as bad:
        Game.from_record("YU1-C-AAAAAAB" + " undo" * (MAX_ACTIONS + 1))
    assert bad.value.number == MAX_ACTIONS + 1


def test_a_hand_built_position_has_no_record():
    game = Game.from_layout([["KS"], [], [], [], [], [], []], foundations=[12, 13, 13, 13])
    with pytest.raises(ValueError):
        game.record()
    with pytest.raises(ValueError):
        Game.from_position(Game.from_code("YU1-C-AAAAAAB").position(), deal=1).record()


def test_a_copy_keeps_its_own_record():
    game = Game.from_code("YU1-C-AAAAAAB")
    other = game.copy()
    other.play(Move.parse("7:5>2"))
    assert game.record() == "YU1-C-AAAAAAB" and other.record().endswith("7:5>2")


def test_a_bare_code_is_not_a_record():
    assert not looks_like_record("YU1-C-AAAAAAB") and looks_like_record("YU1-C-AAAAAAB undo")


def test_only_a_game_dealt_from_its_code_has_a_record():
    assert Game.from_code("YU1-C-AAAAAAB").has_record
    part_way = Game.from_position(Game.from_code("YU1-C-AAAAAAB").position(), 1, move_count=40)
    assert part_way.code == "YU1-C-AAAAAAB" and not part_way.has_record
