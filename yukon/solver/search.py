"""What every search of the portfolio has in common: a ``Board``, its loss
proofs, the positions it has seen, its count of positions and its verdict.

A search is started with ``begin`` and then run in turns by ``step``, each
for a number of new positions (its *quota*) or until a deadline; it stops
exactly where it was, so turns of any size give the same search. Its
``verdict`` stays None until it wins (``path`` is the line) or runs dry
(``Verdict.LOST``): that proves the loss only if ``proves`` (every move of
the full move set was tried); for the narrow searches it proves nothing.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from yukon.engine.position import Position
from yukon.engine.rules import Rules
from yukon.solver import knobs, stubborn
from yukon.solver.board import Board, Line, Step
from yukon.solver.moves import Mode, children
from yukon.solver.proofs import LossProofs, ProofTable
from yukon.solver.shared_seen import Partner, SharedTable
from yukon.solver.verdict import Verdict


class Search(ABC):
    """One search from ``position`` over the moves of ``mode``; ``table``: the
    quick proofs' answers, shared with the other searches of one ``solve``."""

    # Whether running dry over the ``FULL`` moves proves the position lost.
    exhaustive = True

    def __init__(
        self, position: Position, mode: Mode = Mode.FULL, table: ProofTable | None = None
    ) -> None:
        self.mode = mode
        self.board = Board(position)
        # Only the searches that prove losses pay for the twins' case split,
        # and only in Classic: twins are two cards with the same two parents
        # (7♠ and 7♣ on 8♥ and 8♦), which only alternating colours give. In
        # Relaxed and Moosehide a card has four or three parents, in Russian
        # Solitaire one, in Alaska up to two of its own suit that take
        # different cards: the split's argument does not apply there.
        twins = self.proves and position.rules is Rules.CLASSIC
        self.proofs = LossProofs(
            self.board,
            ProofTable() if table is None else table,
            twins=twins,
            crowding=self.proves and position.rules in knobs.CROWDING,
        )
        # Whether the stuck proof is asked of every new position, not only
        # where a card turned up (``knobs.STUCK_EVERY_MOVE``): provers only.
        self.stuck_every_move = knobs.STUCK_EVERY_MOVE and self.proves
        # Whether it keeps only the moves of a stubborn set (``knobs.STUBBORN``):
        # provers only.
        self.stubborn = position.rules in knobs.STUBBORN and self.proves
        self.seen: set[bytes] = set()
        # Whether ``seen`` is another search's (see ``Portfolio``), and
        # whether this search has started again alone since.
        self.sharing = False
        self.alone_again = False
        self.nodes = 0
        self.path: Line = []
        self.verdict: Verdict | None = None
        # The other prover, where the two share their seen positions
        # (``yukon.solver.shared_seen``).
        self.partner: Partner | None = None

    @property
    def proves(self) -> bool:
        """Whether this search running dry proves the loss."""
        return self.mode is Mode.FULL and self.exhaustive

    @property
    def shared(self) -> SharedTable | None:
        """The table of the positions the two sharing provers claimed, which
        this one skips as seen (None unless it ``share``s)."""
        return None if self.partner is None else self.partner.table

    def children(self) -> list[Step]:
        """The moves this search tries from its board, best first."""
        moves = children(self.board, self.mode, proving=self.proves)
        if self.stubborn and sum(self.board.found) >= knobs.STUBBORN_FROM_HOME:
            return stubborn.reduce(self.board, moves)
        return moves

    def share(self, table: SharedTable, side: int) -> None:
        """Share this prover's seen positions with the other process's
        through ``table`` (``yukon.solver.shared_seen``), as prover ``side``
        (0 or 1): the depth-first one claims a position as it first reaches
        it, the best-first one as it takes it from its queue."""
        self.partner = Partner(table, side)

    def ran_dry(self) -> None:
        """No position is left to expand: the verdict is LOST (a proof only
        if this search ``proves``), unless this prover shares its seen
        positions with another one still at work; then it is asked again
        on its next turn."""
        if not self.proves or self.partner is None or self.partner.dry():
            self.verdict = Verdict.LOST

    @abstractmethod
    def begin(self) -> None:
        """Look at the starting position; may already settle the verdict."""

    @abstractmethod
    def step(self, quota: int, deadline: float | None) -> None:
        """Search on for up to ``quota`` new positions or until ``deadline``
        (a ``time.perf_counter`` value)."""

    def start_again_alone(self) -> None:
        """After running dry with another search's ``seen`` set: search again
        from the start with a set of its own. The positions counted so far
        stay counted."""
        spent = self.nodes
        self.seen = set()
        self.sharing = False
        self.alone_again = True
        self.verdict = None
        self.begin()
        self.nodes += spent
