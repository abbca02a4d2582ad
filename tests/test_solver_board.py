"""The solver's board plays exactly the engine's rules: the same positions
and the same legal moves after every move and every take-back."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from yukon.engine import DEAL_COUNT, Game, Rules
from yukon.engine.moves import MOVE_TABLE
from yukon.solver.board import Board, Step
from yukon.solver.moves import Mode, children


def _steps(game: Game) -> set[Step]:
    return {(move.src, move.count, move.dst) for move in game.legal_moves()}


@settings(max_examples=80, deadline=None)
@given(
    deal=st.integers(0, DEAL_COUNT - 1),
    rules=st.sampled_from(list(Rules)),
    choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=150),
)
def test_board_and_game_agree_under_random_play(
    deal: int, rules: Rules, choices: list[int]
) -> None:
    game = Game.new(deal, rules)
    board = Board(game.position())
    played: list[tuple[Step, bool]] = []
    for choice in choices:
        legal = sorted(_steps(game))
        assert sorted(board.legal_moves()) == legal
        assert len(board.legal_moves()) == len(legal)
        assert set(children(board, Mode.FULL)) <= set(legal)
        if choice % 5 == 0 and played and game.can_undo:
            step, flipped = played.pop()
            board.undo(*step, flipped)
            game.undo()
        elif legal:
            step = legal[choice % len(legal)]
            key_after = board.peek(*step)
            turned_up = game.play(MOVE_TABLE[step[0]][step[1]][step[2]]).flipped is not None
            flipped = board.apply(*step)
            assert flipped is turned_up
            assert board.key() == key_after
            played.append((step, flipped))
        else:
            break
        assert board.position() == game.position()
        assert board.is_won() is game.is_won
        again = Board(game.position())
        assert again.key() == board.key()
        snapshot = board.snapshot()
        again.restore(snapshot)
        assert again.position() == board.position()
        assert again.key() == board.key()  # the foundations' bytes restored too


def test_key_ignores_the_order_of_the_columns() -> None:
    game = Game.new(7)
    position = game.position()
    swapped = Game.from_layout(
        [list(column.cards) for column in reversed(game.tableau)],
        [column.face_down for column in reversed(game.tableau)],
        list(position.foundations),
    )
    assert Board(swapped.position()).key() == Board(position).key()
    assert Board(swapped.position()).position() != Board(position).position()
