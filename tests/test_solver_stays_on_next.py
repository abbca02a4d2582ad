"""In a game that builds in suit, a card next on its foundation that lies
above the next higher card of its suit, with only face-down cards between,
is sent home at once by the provers (``yukon.solver.moves.stays_on_next``): checked
against an exhaustive search that takes every legal move, on many small
positions near their end."""

from __future__ import annotations

from exhaustive import INCONCLUSIVE, LOST, WON, exhaust
from test_solver_forced_home import near_end

from yukon.engine import Rules
from yukon.engine.moves import COLUMNS, FOUNDATION
from yukon.engine.position import Position
from yukon.solver.board import Board
from yukon.solver.moves import Mode, children, is_safe_home, stays_on_next


def forced_by_the_rule(board: Board) -> list[int]:
    """The columns whose end card ``stays_on_next`` makes safe to send home,
    where ``is_safe_home`` finds no card safe."""
    columns = []
    for src in range(COLUMNS):
        column = board.cols[src]
        if column and board.found[column[-1] // 13] == column[-1] % 13:
            card = column[-1]
            if is_safe_home(board.rules, board.found, card):
                return []
            if stays_on_next(board, src, card):
                columns.append(src)
    return columns


def test_the_move_home_loses_nothing_where_the_rule_holds() -> None:
    """Where the rule holds, the move home is the only child, and the
    position after it has the exhaustive search's verdict of the position
    before it; both verdicts are met many times."""
    verdicts = {WON: 0, LOST: 0}
    for seed in range(900):
        position = near_end(seed, Rules.ALASKA)
        board = Board(position)
        columns = forced_by_the_rule(board)
        if not columns:
            continue
        src = columns[0]
        move = (src, 1, FOUNDATION + board.cols[src][-1] // 13)
        assert children(board, Mode.FULL, proving=True) == [move]
        before, _ = exhaust(position, 3_000)
        board.apply(*move)
        after, _ = exhaust(board.position(), 3_000)
        if INCONCLUSIVE not in (before, after):
            assert before == after, seed
            verdicts[before] += 1
    assert verdicts[WON] >= 30 and verdicts[LOST] >= 30


def test_the_rule_holds_only_above_the_next_card_with_nothing_face_up_between() -> None:
    """With spades home up to 4♠: 5♠ is forced home on 6♠, and above a
    face-down 6♠ with face-down cards between; not above a face-up 9♠
    lying on 6♠, nor with 6♠ in another column; in Classic, which takes
    cards back, not on 6♠ while the red 4s are out."""
    five, six, nine = 4, 5, 8

    def home_forced(rules: Rules, found: int, down: int, *columns: tuple[int, ...]) -> bool:
        used = {card for column in columns for card in column}
        rest = [c for c in range(52) if c % 13 >= (4 if c < 13 else found) and c not in used]
        cols = (*columns, tuple(rest)) + ((),) * (COLUMNS - len(columns) - 1)
        downs = (down,) + (0,) * (COLUMNS - 1)
        position = Position(cols, downs, (4, found, found, found), rules)
        return children(Board(position), Mode.FULL, proving=True) == [(0, 1, FOUNDATION)]

    assert home_forced(Rules.ALASKA, 13, 0, (six, five))
    assert home_forced(Rules.ALASKA, 13, 1, (six, five))
    assert home_forced(Rules.ALASKA, 13, 2, (six, nine, five))
    assert not home_forced(Rules.ALASKA, 13, 0, (six, nine, five))
    assert not home_forced(Rules.ALASKA, 13, 0, (five,), (six,))
    assert not home_forced(Rules.CLASSIC, 3, 0, (six, five))


def test_only_the_provers_are_forced() -> None:
    """The other searches keep every move there (see ``moves_home``)."""
    columns = ((5, 4), tuple(range(6, 13)), (), (), (), (), ())
    board = Board(Position(columns, (0,) * 7, (4, 13, 13, 13), Rules.ALASKA))
    assert children(board, Mode.FULL, proving=True) == [(0, 1, FOUNDATION)]
    assert len(children(board, Mode.FULL)) > 1
