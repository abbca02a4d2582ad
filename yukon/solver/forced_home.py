"""Positions won or lost together with the one after their forced moves
home: the full best-first prover keeps only the latter.

A position with a card at the end of a column that is safe to send home
(``yukon.solver.moves.is_safe_home``; for the provers also
``stays_on_next``) has one child, that move (``children``): the argument of
``is_safe_home`` shows that the position after it is won if the one before
it is, and it is reached from it, so the two are won or lost together.
Chains of such moves are common (a group lifted off a card that can go home
at once, then the card under it), and a search stores, proves and expands
each position of the chain in turn, though each has but one child.
``play_forced`` plays the whole chain at once, so the prover meets only its
last position: it is counted as one position with the move that led into
the chain, and its seen set, queue and loss proofs never hold the positions
in between. The chain's end waits in the queue where its start would have
(by the start's face-down cards and cards home), so the prover searches in
the order it did when it played each forced move as a child, only without
the steps between.

Why the prover still proves a loss when it runs dry: for a position P
that can be won, call d(P) the length of its shortest winning line. The
prover's soundness rests on every such position (not yet won) having a
child in ``children`` with a smaller d; for a forced move home this is the
argument of ``is_safe_home`` or ``stays_on_next`` (deleting the card's moves, and those of the
cards that could lie on it, from a shortest winning line leaves a shorter
one). So the last position of a chain has a smaller d than its first, and
a prover that expands the last instead of the first still finds, below
every position it expands that can be won, one with a smaller d: it
reaches the win unless the start is lost. The twins' orders (``yukon.solver.twins``)
carried down the line are updated by each card of the chain picked up,
as for any move; a chain that picks up a twin before the one it must
follow leads to a lost position, as such a move does.
``tests/test_solver_forced_home.py`` checks the prover against the
exhaustive search of ``tests/exhaustive.py`` on many small positions.

>>> from yukon.engine import Game
>>> from yukon.solver.board import Board
>>> board = Board(Game.from_code("YU1-C-AAAAAAB").position())
>>> play_forced(board)
[]
"""

from __future__ import annotations

from yukon.solver.board import Board, Step
from yukon.solver.moves import moves_home

# A forced move played by ``play_forced``: the move, whether it turned a
# card up (for ``Board.undo``) and the card it sent home.
Played = tuple[Step, bool, int]


def play_forced(board: Board) -> list[Played]:
    """Play every forced move home (a safe one, see ``is_safe_home`` and
    ``stays_on_next``), until none is left; the moves played, in order (see
    ``Played``)."""
    played: list[Played] = []
    while True:
        forced, _ = moves_home(board, proving=True)
        if forced is None:
            return played
        card = board.cols[forced[0]][-1]
        played.append((forced, board.apply(*forced), card))


def undo_forced(board: Board, played: list[Played]) -> None:
    """Take back the moves ``play_forced`` played, last first."""
    for (src, count, dst), flipped, _ in reversed(played):
        board.undo(src, count, dst, flipped)
