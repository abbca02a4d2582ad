"""The Yukon family: Russian Solitaire, Alaska and Moosehide build their own
way and share everything else with Yukon (deal, group moves, Kings to empty
columns, foundations, take-backs, codes and positions)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from yukon.engine import (
    DEAL_COUNT,
    Card,
    Game,
    Move,
    Position,
    Reason,
    Rules,
    format_code,
    parse_code,
)
from yukon.engine.moves import MOVE_TABLE

NEW_GAMES = (Rules.RUSSIAN, Rules.ALASKA, Rules.MOOSEHIDE)
ALL_MOVES = [mv for row in MOVE_TABLE for counts in row for mv in counts if mv is not None]


def _fits(rules: Rules, card: str, onto: str) -> bool:
    return rules.fits(Card.parse(card).index, Card.parse(onto).index)


@pytest.mark.parametrize(
    ("rules", "card", "onto", "fits"),
    [
        (Rules.RUSSIAN, "7H", "8H", True),
        (Rules.RUSSIAN, "7H", "8D", False),
        (Rules.RUSSIAN, "7H", "6H", False),
        (Rules.ALASKA, "7H", "8H", True),
        (Rules.ALASKA, "7H", "6H", True),
        (Rules.ALASKA, "7H", "8D", False),
        (Rules.ALASKA, "KH", "QH", True),
        (Rules.ALASKA, "2H", "AH", True),
        (Rules.ALASKA, "AH", "KH", False),
        (Rules.MOOSEHIDE, "7H", "8S", True),
        (Rules.MOOSEHIDE, "7H", "8D", True),
        (Rules.MOOSEHIDE, "7H", "8C", True),
        (Rules.MOOSEHIDE, "7H", "8H", False),
        (Rules.MOOSEHIDE, "7H", "6S", False),
        (Rules.CLASSIC, "7H", "8S", True),
        (Rules.CLASSIC, "7H", "8D", False),
        (Rules.RELAXED, "7H", "8D", True),
    ],
)
def test_each_game_builds_its_own_way(rules: Rules, card: str, onto: str, fits: bool) -> None:
    assert _fits(rules, card, onto) is fits


def test_the_games_are_valued_by_their_code_letters_and_yukon_keeps_its_own() -> None:
    assert [rules.value for rules in Rules] == ["C", "R", "U", "A", "M"]
    assert Rules("C") is Rules.CLASSIC and Rules("R") is Rules.RELAXED
    assert [rules.game for rules in Rules] == [
        "Yukon",
        "Yukon",
        "Russian Solitaire",
        "Alaska",
        "Moosehide",
    ]
    assert [rules.is_yukon for rules in Rules] == [True, True, False, False, False]


@pytest.mark.parametrize("deal", [0, 1, 26, 4711, DEAL_COUNT - 1])
def test_the_same_deal_number_gives_the_same_cards_in_every_game(deal: int) -> None:
    classic = Game.new(deal, Rules.CLASSIC).position()
    for rules in Rules:
        position = Game.new(deal, rules).position()
        assert position.columns == classic.columns
        assert position.face_down == classic.face_down
        assert position.rules is rules


@pytest.mark.parametrize("rules", list(Rules))
def test_codes_and_positions_carry_the_game(rules: Rules) -> None:
    code = format_code(27, rules)
    assert code == f"YU1-{rules.value}-AAAAABB"
    assert parse_code(code.lower()) == (27, rules)
    game = Game.from_code(code)
    assert game.rules is rules and game.code == code
    assert Position.parse(str(game.position())) == game.position()
    assert str(game.position()).startswith(f"{rules.value} ")


def test_yukon_codes_are_unchanged() -> None:
    assert format_code(1, Rules.CLASSIC) == "YU1-C-AAAAAAB"
    assert format_code(26, Rules.RELAXED) == "YU1-R-AAAAABA"


# A hand-made position: 7♥ face up on column 1, and the cards it might go on
# at the ends of the other columns.
def _probe(rules: Rules, onto: list[str]) -> Game:
    used = {"7H", *onto}
    rest = [str(card) for card in (Card.parse(f"{r}{s}") for s in "SHDC" for r in "A23456789TJQK")]
    rest = [text for text in rest if text not in used]
    columns: list[list[str]] = [["7H"]] + [[top] for top in onto]
    columns += [[] for _ in range(7 - len(columns))]
    columns[-1] = rest + columns[-1]
    return Game.from_layout(columns, rules=rules)


@pytest.mark.parametrize(
    ("rules", "onto", "reason", "text"),
    [
        (Rules.RUSSIAN, "8D", Reason.NEEDS_SUIT, "The 7♥ needs the 8♥."),
        (Rules.ALASKA, "8D", Reason.NEEDS_EITHER, "The 7♥ needs the 8♥ or the 6♥."),
        (Rules.MOOSEHIDE, "8H", Reason.NEEDS_OTHER_SUIT, "The 7♥ needs an 8 of another suit."),
        (Rules.CLASSIC, "8D", Reason.NEEDS_COLOUR, "The 7♥ needs a black 8."),
        (Rules.RELAXED, "9D", Reason.NEEDS_RANK, "The 7♥ needs an 8."),
    ],
)
def test_a_refusal_names_the_games_own_build_rule(
    rules: Rules, onto: str, reason: Reason, text: str
) -> None:
    game = _probe(rules, [onto])
    refusal = game.check(Move.parse("1:1>2"))
    assert refusal is not None and refusal.reason is reason and str(refusal) == text


def test_alaska_kings_and_aces_name_their_one_neighbour() -> None:
    king = Game.from_layout([["KH"], ["QS"], *[[]] * 4, _others("KH", "QS")], rules=Rules.ALASKA)
    refusal = king.check(Move.parse("1:1>2"))
    assert refusal is not None and str(refusal) == "The K♥ needs the Q♥."
    ace = Game.from_layout([["AH"], ["3H"], *[[]] * 4, _others("AH", "3H")], rules=Rules.ALASKA)
    refusal = ace.check(Move.parse("1:1>2"))
    assert refusal is not None and str(refusal) == "The A♥ needs the 2♥."


def test_an_alaska_king_goes_on_its_queen_and_still_to_an_empty_column() -> None:
    columns = [["KH"], ["QH"], [], [], [], [], _others("KH", "QH")]
    game = Game.from_layout(columns, rules=Rules.ALASKA)
    assert game.check(Move.parse("1:1>2")) is None
    assert game.check(Move.parse("1:1>3")) is None
    other = Game.from_layout(columns)
    assert str(other.check(Move.parse("1:1>2"))) == "A King can only be moved to an empty column."


def _others(*taken: str) -> list[str]:
    return [text for s in "SHDC" for r in "A23456789TJQK" if (text := f"{r}{s}") not in taken]


@settings(max_examples=30, deadline=None)
@given(
    deal=st.integers(0, DEAL_COUNT - 1),
    rules=st.sampled_from(NEW_GAMES),
    choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=150),
)
def test_random_play_with_take_backs_keeps_every_invariant_in_every_new_game(
    deal: int, rules: Rules, choices: list[int]
) -> None:
    game = Game.new(deal, rules)
    history: list[tuple[Position, int]] = []
    for choice in choices:
        legal = game.legal_moves()
        assert len(legal) == len(set(legal))
        assert set(legal) == {move for move in ALL_MOVES if game.check(move) is None}
        if not legal:
            break
        take_backs = [move for move in legal if move.from_foundation]
        if choice % 6 == 0 and game.can_undo:
            game.undo()
            position, score = history.pop()
            assert game.position() == position and game.score == score
            continue
        if take_backs and choice % 6 == 1:
            move = take_backs[choice % len(take_backs)]
        else:
            move = legal[choice % len(legal)]
        history.append((game.position(), game.score))
        played = game.play(move)
        if not move.to_foundation and not move.from_foundation:
            column = game.tableau[move.dst].cards
            bottom = column[-move.count]
            if len(column) > move.count:
                assert rules.fits(bottom.index, column[-move.count - 1].index)
            else:
                assert bottom.rank == 13
        cards = [c for col in game.tableau for c in col.cards]
        cards += [c for f in game.foundations for c in f]
        assert sorted(c.index for c in cards) == list(range(52))
        for col in game.tableau:
            assert not col.cards or col.face_down < len(col.cards)
        for suit, pile in enumerate(game.foundations):
            assert [c.rank for c in pile] == list(range(1, len(pile) + 1))
            assert all(c.suit == suit for c in pile)
        assert played.points in (-10, 0, 5, 10, 15, -5)
        assert game.position().rules is rules
        assert Game.from_position(game.position()).legal_moves() == game.legal_moves()
