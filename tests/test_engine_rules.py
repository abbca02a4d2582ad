"""Every rule and scoring line of RULES.md, one test (or a few) each."""

from __future__ import annotations

import dataclasses

import pytest
from positions import ALL, almost_won, layout

from yukon.engine import Card, Game, IllegalMove, InvalidCard, InvalidLayout, Move, Rules, Suit
from yukon.engine.cards import CARDS


def m(text: str) -> Move:
    return Move.parse(text)


# ---------------------------------------------------------------- the deal


def test_deal_has_52_distinct_cards_in_columns_of_1_6_7_8_9_10_11():
    game = Game.new(12345)
    cards = [c for column in game.tableau for c in column.cards]
    assert len(cards) == 52 and len(set(cards)) == 52
    assert [len(col.cards) for col in game.tableau] == [1, 6, 7, 8, 9, 10, 11]


def test_deal_has_21_face_down_and_5_face_up_on_each_column_but_the_first():
    game = Game.new(7)
    assert [col.face_down for col in game.tableau] == [0, 1, 2, 3, 4, 5, 6]
    assert sum(col.face_down for col in game.tableau) == 21
    assert [len(col.face_up_cards) for col in game.tableau] == [1, 5, 5, 5, 5, 5, 5]


def test_deal_starts_with_empty_foundations_and_no_stock():
    game = Game.new(3)
    assert game.foundations == ((), (), (), ())
    assert game.score == 0 and game.move_count == 0


def test_random_deal_is_valid_and_has_a_code():
    game = Game.new()
    assert Game.from_code(game.code).position() == game.position()


def test_same_deal_letters_give_the_same_layout_in_both_rule_sets():
    classic = Game.from_code("YU1-C-ABCDEFG").position()
    relaxed = Game.from_code("YU1-R-ABCDEFG").position()
    assert dataclasses.replace(classic, rules=Rules.RELAXED) == relaxed


# ---------------------------------------------------------------- cards


def test_ranks_and_colours():
    assert Card.parse("AS").rank == 1 and Card.parse("KD").rank == 13
    assert Card.parse("TH").is_red and Card.parse("2D").is_red
    assert not Card.parse("5S").is_red and not Card.parse("QC").is_red


def test_card_text_round_trips_and_has_a_display_label():
    for card in (Card(r, s) for s in Suit for r in range(1, 14)):
        assert Card.parse(str(card)) is card
    assert str(Card(10, Suit.DIAMONDS)) == "TD"
    assert Card(10, Suit.DIAMONDS).label == "10♦"


@pytest.mark.parametrize("text", ["", "1S", "TX", "10D", "ts", "T", None])
def test_bad_card_text_is_rejected_naming_it(text):
    with pytest.raises(ValueError, match="card text"):
        Card.parse(text)


def test_cards_are_immutable():
    with pytest.raises(AttributeError):
        Card.parse("AS").rank = 2


# ---------------------------------------------------------------- tableau


def test_card_goes_on_opposite_colour_one_rank_higher():
    # The 7 of hearts goes on the 8 of spades or the 8 of clubs.
    game = layout([["8S"], ["8C"], ["8D"], ["7H"], ["9S"]])
    assert game.check(m("4:1>1")) is None
    assert game.check(m("4:1>2")) is None
    assert game.check(m("4:1>3")) == "The 7♥ needs a black 8."
    assert game.check(m("4:1>5")) == "The 7♥ needs a black 8."


def test_card_goes_only_on_the_top_card_of_a_column():
    game = layout([["8S", "KD"], ["7H"]])
    # The 8S is covered by the KD: the 7H may not go on it.
    assert game.check(m("2:1>1")) == "The 7♥ needs a black 8."


def test_unordered_group_moves_because_its_bottom_card_fits():
    # The group 10♦, 5♥, J♦, 8♠ moves as one because 10♦ fits on the J♣.
    game = layout([["JC"], ["QS", "TD", "5H", "JD", "8S"]], face_down=[0, 1])
    move = m("2:4>1")
    assert game.check(move) is None
    played = game.play(move)
    assert [str(c) for c in game.tableau[0].cards] == ["JC", "TD", "5H", "JD", "8S"]
    assert [str(c) for c in played.cards] == ["TD", "5H", "JD", "8S"]
    assert played.flipped == Card.parse("QS")


def test_any_face_up_card_can_be_picked_up_but_not_a_face_down_one():
    game = layout([["JC", "9H"], ["QS", "TD", "5H"]], face_down=[0, 1])
    assert game.check(m("2:3>1")) == "Only face-up cards can be picked up."


def test_general_rules_example_8h_with_10c_and_6d_onto_9s():
    game = layout([["9S"], ["8H", "TC", "6D"]])
    game.play(m("2:3>1"))
    assert [str(c) for c in game.tableau[0].cards] == ["9S", "8H", "TC", "6D"]


def test_group_of_20_moves():
    cards = [c for c in ALL if c not in ("KS", "QH")]
    game = layout([["KS"], ["QH", *cards[:19]]])
    assert len(game.tableau[1].cards) == 20
    assert game.check(Move(1, 20, 0)) is None
    assert Move(1, 20, 0) in game.legal_moves()
    game.play(Move(1, 20, 0))
    assert len(game.tableau[0].cards) == 21 and not game.tableau[1].cards


def test_21_card_group_refused_even_when_its_bottom_card_fits():
    cards = [c for c in ALL if c not in ("KS", "QH")]
    game = layout([["KS"], ["QH", *cards[:20]]])
    assert len(game.tableau[1].cards) == 21
    assert game.check(Move(1, 21, 0)) == "At most 20 cards can be moved at once."
    with pytest.raises(IllegalMove, match="At most 20 cards"):
        game.play(Move(1, 21, 0))


def test_uncovered_face_down_card_turns_face_up_and_is_playable():
    game = layout([["9S", "5C", "7C"], ["8H"], ["6H"]], face_down=[2, 0, 0])
    game.play(m("3:1>1"))  # 6H onto 7C
    played = game.play(m("1:2>2"))  # 7C 6H onto 8H uncovers the 5C
    assert played.flipped == Card.parse("5C")
    assert game.tableau[0].face_down == 1
    assert game.check(m("1:1>2")) is None  # the 5C plays at once, onto the 6H
    game.play(m("1:1>2"))
    assert game.tableau[0].face_down == 0 and game.score == 10


def test_king_can_only_go_to_an_empty_column():
    game = layout([["KH"], ["AS"]])
    assert game.check(m("1:1>2")) == "A King can only be moved to an empty column."


def test_relaxed_message_names_only_the_rank():
    game = layout([["8D"], ["5H"]], rules=Rules.RELAXED)
    assert game.check(m("2:1>1")) == "The 5♥ needs a 6."


# ---------------------------------------------------------------- empty columns


def test_only_a_king_may_fill_an_empty_column_alone_or_with_cards_on_it():
    game = layout([[], ["5C", "KH", "2S", "9D"], ["QS"]], face_down=[0, 1, 0])
    assert game.check(m("2:3>1")) is None
    assert game.check(m("3:1>1")) == "Only a King can be moved to an empty column."
    game.play(m("2:3>1"))
    assert [str(c) for c in game.tableau[0].cards] == ["KH", "2S", "9D"]


def test_non_king_group_refused_on_empty_column_even_if_it_uncovers_a_card():
    game = layout([[], ["5C", "QH", "2S"]], face_down=[0, 1])
    move = m("2:2>1")
    assert game.check(move) == "Only a King can be moved to an empty column."
    before = game.position()
    with pytest.raises(IllegalMove, match="Only a King"):
        game.play(move)
    assert game.position() == before and game.move_count == 0


def test_general_rules_example_visible_king_with_cards_fills_empty_column():
    game = layout([[], ["3D", "KC", "4H", "JS"]], face_down=[0, 1])
    game.play(m("2:3>1"))
    assert game.tableau[1].face_down == 0 and game.score == 5


# ---------------------------------------------------------------- foundations


def test_foundation_builds_by_suit_from_ace_one_card_at_a_time():
    game = layout([["AS"], ["2S"], ["3S"]])
    assert game.check(m("2:1>S")) == (
        "Only an Ace can start a foundation; the 2♠ needs the A♠ there first."
    )
    game.play(m("1:1>S"))
    game.play(m("2:1>S"))
    game.play(m("3:1>S"))
    assert [str(c) for c in game.foundations[0]] == ["AS", "2S", "3S"]


def test_foundation_takes_only_its_own_suit():
    game = layout([["AH"]])
    assert game.check(m("1:1>S")) == "The A♥ belongs on the hearts foundation."
    assert game.check(m("1:1>H")) is None


def test_foundation_takes_only_the_top_card_of_a_column():
    game = layout([["AS", "5D"]])
    with pytest.raises(ValueError, match="one card at a time"):
        Move.parse("1:2>S")
    assert Move.parse("1:1>S") not in game.legal_moves()
    assert game.check(m("1:1>S")) == "The 5♦ belongs on the diamonds foundation."


def test_foundations_are_in_fixed_order_spades_hearts_diamonds_clubs():
    game = layout([["AC"], ["AD"], ["AH"], ["AS"]])
    for text in ("1:1>C", "2:1>D", "3:1>H", "4:1>S"):
        game.play(m(text))
    assert [tuple(map(str, f)) for f in game.foundations] == [("AS",), ("AH",), ("AD",), ("AC",)]


def test_take_back_scoring():
    game = layout([["AS"], ["2S"], ["3H"]])
    game.play(m("1:1>S"))
    game.play(m("2:1>S"))
    assert game.score == 20
    game.play(m("S:1>3"))  # 2S back onto the 3H
    assert game.score == 20
    assert [str(c) for c in game.tableau[2].cards] == ["3H", "2S"]
    game.play(m("3:1>S"))
    assert game.score == 30


def test_take_back_follows_column_rules():
    game = layout([["AS"], ["2S"], ["3S"], ["KD"]])
    game.play(m("1:1>S"))
    game.play(m("2:1>S"))
    assert game.check(m("S:1>3")) == "The 2♠ needs a red 3."
    assert game.check(m("S:1>1")) == "Only a King can be moved to an empty column."


def test_move_from_empty_foundation_is_refused():
    game = layout([["AS"]])
    assert game.check(m("H:1>1")) == "The hearts foundation is empty."


def test_move_to_wrong_foundation_is_illegal_for_the_engine():
    game = layout([["AD"]])
    assert game.check(m("1:1>C")) == "The A♦ belongs on the diamonds foundation."


# ---------------------------------------------------------------- winning


def test_won_game_is_over():
    game = almost_won()
    game.play(m("1:1>S"))
    assert game.is_won
    assert game.legal_moves() == []
    assert not game.can_undo
    with pytest.raises(IllegalMove, match=r"^The game is won\.$"):
        game.undo()
    with pytest.raises(IllegalMove, match=r"^The game is won\.$"):
        game.play(m("S:1>1"))


def test_no_card_moves_by_itself():
    # An Ace showing stays where it is until the player moves it.
    game = layout([["AS"], ["AH"]])
    game.play(m("1:1>S"))
    assert [str(c) for c in game.tableau[1].cards] == ["AH"]
    assert game.foundations[1] == ()


# ---------------------------------------------------------------- relaxed


def test_relaxed_allows_same_colour_builds():
    game = layout([["8S"], ["7C"], ["7S"], ["6S"]], rules=Rules.RELAXED)
    assert game.check(m("2:1>1")) is None
    assert game.check(m("3:1>1")) is None


def test_relaxed_changes_nothing_else():
    game = layout([["8S"], ["6C"], [], ["QS"], ["AH"]], rules=Rules.RELAXED)
    assert game.check(m("2:1>1")) == "The 6♣ needs a 7."
    assert game.check(m("4:1>3")) == "Only a King can be moved to an empty column."
    assert game.check(m("5:1>S")) == "The A♥ belongs on the hearts foundation."


# ---------------------------------------------------------------- scoring


def test_flip_scores_5_and_foundation_scores_10():
    game = layout([["9C", "AS"]], face_down=[1])
    played = game.play(m("1:1>S"))
    assert played.points == 15 and game.score == 15
    assert played.flipped == Card.parse("9C")


def test_won_game_scores_exactly_625(won_games):
    for code, moves in won_games:
        game = Game.from_code(code)
        for move in moves:
            game.play(move)
        assert game.is_won
        assert game.score == 625


# ---------------------------------------------------------------- undo


def test_undo_restores_face_down_state_and_score_but_not_the_move_counter():
    game = layout([["9C", "AS"]], face_down=[1])
    game.play(m("1:1>S"))
    assert game.move_count == 1
    assert game.undo() == m("1:1>S")
    assert game.tableau[0].face_down == 1
    assert game.score == 0
    assert game.move_count == 1


def test_undo_with_nothing_to_undo_is_refused():
    game = Game.new(0)
    assert not game.can_undo
    with pytest.raises(IllegalMove, match=r"There is nothing to undo\."):
        game.undo()


def test_undoing_every_move_of_a_short_game_says_there_is_nothing_more():
    game = layout([["KS"], [], ["KH"]])
    game.play(m("1:1>2"))
    game.undo()
    with pytest.raises(IllegalMove, match=r"There is nothing to undo\."):
        game.undo()  # not "only the last 100": nothing was dropped


def test_the_101st_undo_is_refused():
    game = layout([["KS"], [], ["KH"]])
    for i in range(101):
        game.play(m("1:1>2") if i % 2 == 0 else m("2:1>1"))
    for _ in range(100):
        game.undo()
    with pytest.raises(IllegalMove, match=r"Only the last 100 moves can be undone\."):
        game.undo()
    assert game.move_count == 101


def test_copy_is_independent_including_undo_history():
    game = Game.new(5)
    move = game.legal_moves()[0]
    game.play(move)
    twin = game.copy()
    twin.undo()
    assert game.can_undo and not twin.can_undo
    assert game.position() != twin.position()


def test_a_copy_keeps_the_undo_limit_and_its_own_redo_list():
    game = layout([["KS"], [], ["KH"]])
    for i in range(101):
        game.play(m("1:1>2") if i % 2 == 0 else m("2:1>1"))
    game.undo()
    twin = game.copy()
    assert twin.undo_trimmed and twin.undo_moves() == game.undo_moves()
    twin.redo()
    assert game.redo_moves() == [m("1:1>2")] and not twin.can_redo
    for _ in range(100):  # the redo played one more
        twin.undo()
    with pytest.raises(IllegalMove, match=r"Only the last 100 moves can be undone\."):
        twin.undo()


# ---------------------------------------------------------------- pointer helpers


def test_foundation_move_is_the_tap():
    game = layout([["AS"], ["2S"]])
    assert game.foundation_move(0) == m("1:1>S")
    assert game.foundation_move(1) is None


def test_auto_destination_prefers_the_longest_accepting_column_then_leftmost():
    game = layout([["9S"], ["KD", "QC", "JD", "TS", "9C"], ["8H"]])
    # The 8H fits on the 9S (column 1) and the 9C (column 2, longer).
    move = game.auto_destination(2, 1)
    assert move == m("3:1>2")


def test_auto_destination_ties_go_to_the_leftmost():
    game = layout([["9S"], ["9C"], ["8H"]])
    assert game.auto_destination(2, 1) == m("3:1>1")


def test_auto_destination_sends_a_king_to_an_empty_column_last():
    game = layout([["QD", "KS", "4H"], [], []], face_down=[1, 0, 0])
    assert game.auto_destination(0, 2) == m("1:2>2")


def test_auto_destination_never_moves_a_whole_king_column_to_an_empty_one():
    game = layout([["KS", "4H"], []])
    assert game.auto_destination(0, 2) is None


def test_auto_destination_finds_nothing():
    game = layout([["5S"], ["9H"]])
    assert game.auto_destination(1, 1) is None


ALL_CARDS = [str(card) for card in CARDS]
FULL = [ALL_CARDS[i * 8 : i * 8 + 8] for i in range(6)] + [ALL_CARDS[48:]]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"columns": None}, "a layout needs 7 columns, not None"),
        ({"columns": FULL[:6]}, "a layout needs 7 columns"),
        ({"columns": [*FULL[:6], "KS QS"]}, "column 7 is 'KS QS', not a list of cards"),
        ({"columns": [*FULL[:6], [*FULL[6], "AS"]]}, "AS appears twice"),
        ({"columns": [*FULL[:6], FULL[6][:-1]]}, "cards missing from the layout: KC"),
        ({"face_down": [True, 0, 0, 0, 0, 0, 0]}, "face_down count True of column 1"),
        ({"face_down": [-1, 0, 0, 0, 0, 0, 0]}, "face_down count -1 of column 1"),
        ({"face_down": [8, 0, 0, 0, 0, 0, 0]}, "at most 7 may be face down, not 8"),
        ({"face_down": "1234567"}, "face_down needs 7 counts, not '1234567'"),
        ({"face_down": [0] * 6}, "face_down needs 7 counts, not 6"),
        ({"foundations": [0, 0, 0]}, "a layout needs 4 foundations"),
        ({"foundations": [14, 0, 0, 0]}, "foundation rank 14 is not between 0 and 13"),
        ({"foundations": [True, 0, 0, 0]}, "foundation top True is not a rank or a card"),
        ({"foundations": ["AH", 0, 0, 0]}, "AH cannot top the spades foundation"),
        ({"rules": "C"}, "rules 'C' is not a member of Rules"),
    ],
)
def test_a_bad_layout_is_refused_naming_what_is_wrong(kwargs: dict, message: str) -> None:
    """``Game.from_layout`` checks its input like any other (issue: the
    solver's tests build positions by hand)."""
    args = {"columns": FULL, **kwargs}
    with pytest.raises(InvalidLayout) as error:
        Game.from_layout(**args)
    assert message in str(error.value)
    assert isinstance(error.value, ValueError)


def test_a_layout_with_bad_card_text_is_refused_naming_it() -> None:
    with pytest.raises(InvalidCard, match="'XX'"):
        Game.from_layout([*FULL[:6], [*FULL[6][:-1], "XX"]])


def test_a_full_layout_builds_the_position_it_describes() -> None:
    game = Game.from_layout(FULL, face_down=[1, 2, 3, 4, 5, 6, 0])
    assert [column.face_down for column in game.tableau] == [1, 2, 3, 4, 5, 6, 0]
    assert [str(card) for card in game.tableau[6].cards] == ALL_CARDS[48:]


def test_the_move_table_holds_every_possible_move_and_only_those():
    """Built without ``Move``'s checks (for a quicker start): each entry is
    the move ``Move`` itself returns, and none is missing or extra."""
    from yukon.engine.moves import MOVE_TABLE, PILES, Pile

    for src in range(PILES):
        for dst in range(PILES):
            for count in range(1, 53):
                move = MOVE_TABLE[src][count][dst]
                try:
                    made = Move(src, count, dst)
                except ValueError:
                    assert move is None
                    continue
                assert move is made is Move.parse(str(made))
                assert (move.src, move.count, move.dst) == (src, count, dst)
                assert type(move.src) is Pile and type(move.dst) is Pile


def test_the_tables_of_fits_are_made_for_each_rule_set_when_asked():
    from yukon.engine.generator import FITS, PARENTS, fit_table, parent_table

    for rules in Rules:
        assert FITS[rules] == fit_table(rules)
        assert PARENTS[rules] == parent_table(rules)
        assert FITS[rules] is FITS[rules]  # made once


def test_the_tables_of_fits_hold_every_pair_the_rules_allow_in_index_order():
    """The tables ask ``fits`` only of cards a rank apart: never one it allows
    is left out, for any rule set."""
    from yukon.engine.generator import fit_table, parent_table

    for rules in Rules:
        every = [[card for card in range(52) if rules.fits(card, onto)] for onto in range(52)]
        assert [list(row) for row in fit_table(rules)] == every
        parents = [[onto for onto in range(52) if rules.fits(card, onto)] for card in range(52)]
        assert [list(row) for row in parent_table(rules)] == parents
