"""The hint's fallback: a sensible move by fixed rules when no line is known."""

from __future__ import annotations

from yukon.engine import Game, Move
from yukon.jobs.advice import Why, sensible_move, visited_positions

SPADES = [f"{rank}S" for rank in "A23456789TJQK"]
HEARTS = [f"{rank}H" for rank in "A23456789TJQK"]
HOME = [0, 0, 13, 13]  # diamonds and clubs are home: spades and hearts are in play


def rest(*used: str) -> list[str]:
    return [card for card in SPADES + HEARTS if card not in used]


def test_a_move_turning_a_card_over_comes_first_from_the_column_hiding_most():
    columns = [["2H", "9S"], ["3H", "4H", "8H"]]
    pile = [card for card in rest("2H", "9S", "3H", "4H", "8H", "TH")] + ["TH"]
    game = Game.from_layout(
        [*columns, pile, [], [], [], []],
        face_down=[1, 2, len(pile) - 1, 0, 0, 0, 0],
        foundations=HOME,
    )
    advice = sensible_move(game)
    assert advice is not None and advice.why is Why.TURNS_OVER
    assert advice.move == Move.parse("2:1>1")  # the 8♥ uncovers one of two hidden cards


def test_then_a_card_to_its_foundation_lowest_rank_first():
    pile = rest("AS", "AH")
    game = Game.from_layout([["AS"], ["AH"], pile, [], [], [], []], foundations=HOME)
    advice = sensible_move(game)
    assert advice is not None and advice.why is Why.TO_FOUNDATION
    assert advice.move in (Move.parse("1:1>S"), Move.parse("2:1>H"))


def test_then_a_column_emptied_onto_another_before_a_king_moved_to_an_empty_one():
    pile = ["TH", "AS", "AH", *rest("KS", "QH", "JS", "TH", "AS", "AH", "5S"), "5S"]
    game = Game.from_layout([["KS", "QH"], ["JS"], pile, [], [], [], []], foundations=HOME)
    advice = sensible_move(game)
    assert advice is not None and advice.why is Why.EMPTIES_COLUMN
    assert advice.move == Move.parse("2:1>1")  # the J♠ onto the Q♥
    game.play(Move.parse("2:1>1"))
    advice = sensible_move(game, visited_positions(game))
    assert advice is not None and advice.why is Why.FREES_KING  # the K♥ from column 3
    assert game.tableau[2].cards[-advice.move.count].label == "K♥"


def test_never_back_to_a_position_already_played_through():
    start = Game.from_code("YU1-C-AAAAAAB")
    game = start.copy()
    game.play(Move.parse("5:1>1"))  # the 6♠ onto the 7♥
    avoid = visited_positions(game)
    assert avoid == {start.position()}
    advice = sensible_move(game, avoid)
    assert advice is not None
    trial = game.copy()
    trial.play(advice.move)
    assert trial.position() not in avoid


def test_no_advice_when_only_pointless_moves_are_left():
    """The spades in one column on their King: only the whole column can
    move, to an empty column, which changes nothing."""
    spades = ["KS", "AS", *SPADES[1:12]]
    game = Game.from_layout([spades, [], [], [], [], [], []], foundations=[0, 13, 13, 13])
    assert game.legal_moves() and sensible_move(game) is None
