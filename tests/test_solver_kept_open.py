"""Moves after which the provers skip the stuck proofs
(``StuckProof.keeps_open``): from a position open to them, each leads to
a position open to them too, in every game."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from positions import layout
from test_solver_forced_home import near_end

from yukon.engine import Game, Rules
from yukon.engine.generator import legal_steps
from yukon.engine.moves import FOUNDATION
from yukon.solver.best_first import BestFirst
from yukon.solver.board import Board
from yukon.solver.depth_first import DepthFirst
from yukon.solver.proofs import LossProofs, ProofTable
from yukon.solver.stuck import StuckProof


def is_open(board: Board) -> bool:
    """Whether neither stuck proof (fresh, without certificates) proves
    the position on ``board`` lost."""
    proof = StuckProof(board)
    return not proof.is_dead() and proof.plain_fixpoint() is None


def kind_of(board: Board, src: int, count: int, dst: int) -> str:
    """The move's kind, told from the board before it is played."""
    if src >= FOUNDATION:
        return "take-back"
    if dst >= FOUNDATION:
        return "home"
    column = board.cols[src]
    under = len(column) - count - 1
    if under < board.down[src]:
        return "turns a card up or empties"
    if not board.cols[dst]:
        return "King to an empty column"
    if column[under] in board.parents[column[-count]]:
        return "lifted off a card it fits"
    return "lifted off a card it does not fit"


def check_moves(
    board: Board, tally: Counter[tuple[str, bool]], stuck_after: Counter[str] | None = None
) -> None:
    """From the open position on ``board``: every legal move that turns no
    card up and is kept open leads to an open position, and every move that
    turns no card up to one the quick column argument finds open (so
    ``LossProofs.quick_lost`` does not ask it). ``tally`` counts
    the moves of each kind, kept open or not; ``stuck_after``, those that
    lead to a stuck position."""
    proof = StuckProof(board)
    steps = legal_steps(
        board.cols, board.down, board.found, board.loc_col, board.loc_pos, board.fits
    )
    for src, count, dst in steps:
        kind = kind_of(board, src, count, dst)
        flipped = board.apply(src, count, dst)
        if not flipped:
            assert not StuckProof(board).is_dead(), (board.position(), (src, count, dst))
            kept = proof.keeps_open((src, count, dst))
            tally[kind, kept] += 1
            opened = is_open(board)
            assert not kept or opened, (board.position(), (src, count, dst))
            if stuck_after is not None and not opened:
                stuck_after[kind] += 1
        board.undo(src, count, dst, flipped)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(list(Rules)))
def test_a_move_kept_open_leads_from_an_open_position_to_an_open_one(
    seed: int, rules: Rules
) -> None:
    """Checked on small random positions near the end, in every game."""
    board = Board(near_end(seed, rules))
    if is_open(board):
        check_moves(board, Counter())


def test_the_moves_kept_open_are_the_three_kinds_and_met_in_full_searches() -> None:
    """On every position full searches of six deals expand, in every game:
    the moves kept open are exactly moves home, take-backs and groups
    lifted off a card they fit, each met many times, and each leads to an
    open position. Moves of the other kinds lead to stuck ones (which is
    why they are not kept open)."""
    tally: Counter[tuple[str, bool]] = Counter()
    stuck_after: Counter[str] = Counter()
    for rules in Rules:
        for deal in (5, 17, 24, 153, 410, 200009):
            for kind in (DepthFirst, BestFirst):
                search = kind(Game.new(deal, rules).position())
                expand = search.children

                def checked(search=search, expand=expand):  # type: ignore[no-untyped-def]
                    if is_open(search.board):
                        check_moves(search.board, tally, stuck_after)
                    return expand()

                search.children = checked  # type: ignore[method-assign]
                search.begin()
                if search.verdict is None:
                    search.step(600, None)
    kept = {kind for (kind, is_kept), n in tally.items() if is_kept}
    assert kept == {"home", "take-back", "lifted off a card it fits"}
    assert not any(n for (kind, is_kept), n in tally.items() if kind in kept and not is_kept)
    assert min(tally[kind, True] for kind in kept) > 100, tally
    assert stuck_after["lifted off a card it does not fit"] > 100, stuck_after
    assert stuck_after["King to an empty column"] > 0, stuck_after
    assert not any(stuck_after[kind] for kind in kept)


def test_moves_that_take_a_column_or_cannot_go_back_are_not_kept_open() -> None:
    """A King into an empty column, and a group lifted off a card it does
    not fit, are asked about; a group lifted off a card it fits is not."""
    board = Board(layout([["5D", "KC"], [], ["4H", "8S"], ["9D"], ["9H", "8C"]]).position())
    proof = StuckProof(board)
    for move, kept in (((4, 1, 3), True), ((2, 1, 3), False), ((0, 1, 1), False)):
        assert board.apply(*move) is False
        assert proof.keeps_open(move) is kept, move
        board.undo(*move, False)


def test_a_position_kept_open_is_still_lost_where_another_search_proved_it() -> None:
    """After a move that keeps it open, ``quick_lost`` asks no proof and
    keeps no answer, but still reads a loss already proven there (another
    search's, with the twins' orders of its line)."""
    table = ProofTable()
    stuck = Board(Game.new(24).position())  # stuck from the start
    proofs = LossProofs(stuck, table, twins=False)
    assert not proofs.quick_lost(stuck.key(), kept_open=True)
    assert stuck.key() not in table.lost
    assert proofs.quick_lost(stuck.key())
    open_board = Board(Game.new(1).position())
    table.lost[open_board.key()] = True
    assert LossProofs(open_board, table, twins=False).quick_lost(open_board.key(), kept_open=True)
