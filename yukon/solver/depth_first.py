"""The depth-first searches: ``DepthFirst`` (one per mode, the full one a
prover) and ``Paced``, which allows only a few idle moves in a row.

Both keep the line they are on as a stack of move lists, play each move on
the board and take it back when they come back up, so a search resumes
exactly where its last turn stopped. The searches that prove losses also
carry down the line the orders of twins known at each position
(``yukon.solver.twins``) and skip a move that breaks one.

>>> from yukon.engine import Game
>>> search = DepthFirst(Game.new(153).position())  # deal 153 is lost
>>> search.begin()
>>> search.step(10_000, None)
>>> search.verdict
<Verdict.LOST: 'lost'>
"""

from __future__ import annotations

import time

from yukon.engine.moves import FOUNDATION
from yukon.engine.position import Position
from yukon.solver import knobs
from yukon.solver.board import Step
from yukon.solver.moves import Mode
from yukon.solver.proofs import ProofTable
from yukon.solver.search import Search
from yukon.solver.shared_seen import TAKEN, UNHELD
from yukon.solver.twins import NO_ORDERS, Order, ordered
from yukon.solver.verdict import Verdict


class DepthFirst(Search):
    """A depth-first search with a table of seen positions."""

    def __init__(
        self, position: Position, mode: Mode = Mode.FULL, table: ProofTable | None = None
    ) -> None:
        super().__init__(position, mode, table)
        self.flips: list[bool] = []  # whether each move on the line turned a card up
        self.stack: list[list[Step]] = []  # the moves at each position on the line
        self.index: list[int] = []  # the next of them to try
        self.known: list[Order] = []  # the orders of twins known there
        # Only ``Paced`` sets these: the idle moves allowed in a row, how many
        # may still follow at each position on the line (``left``), and the
        # most any visit of a position allowed (``allowed``).
        self.pace: int | None = None
        self.left: list[int] = []
        self.allowed: dict[bytes, int] = {}

    def begin(self) -> None:
        """Look at the starting position; may already settle the verdict.

        The narrow searches share their root with the full one: only the full
        search counts it.
        """
        board, proofs, table = self.board, self.proofs, self.proofs.table
        self.nodes = 1 if self.mode is Mode.FULL else 0
        if board.is_won():
            self.verdict = Verdict.WON
            return
        key = board.key()
        self.seen.add(key)
        if proofs.is_dead() or proofs.is_stuck() or (proofs.twins and proofs.twins_chained()):
            self.verdict = Verdict.LOST
            return
        if not proofs.twins:
            proofs.orders = table.learnt.get(key, NO_ORDERS)
        elif proofs.orders:
            table.learnt[key] = proofs.orders  # for the other searches
        self.stack = [self.children()]
        self.index = [0]
        self.known = [proofs.orders]

    def step(self, quota: int, deadline: float | None) -> None:
        """Search on for up to ``quota`` new positions or until ``deadline``.

        Sets ``verdict`` to WON (``path`` is the line) or, when the space
        is exhausted, LOST; otherwise leaves it ``None`` and the search can be
        resumed exactly where it stopped. With a ``pace`` (see ``Paced``)
        it also keeps, for each position on the line, how many idle moves
        may still follow.
        """
        board, proofs = self.board, self.proofs
        stack, index, path, flips, seen = self.stack, self.index, self.path, self.flips, self.seen
        apply, undo, peek, is_won = board.apply, board.undo, board.peek, board.is_won
        proven_lost, children, every = proofs.proven_lost, self.children, self.stuck_every_move
        quick_lost, keeps_open = proofs.quick_lost, proofs.keeps_open
        pace, left, allowed, cols, down = self.pace, self.left, self.allowed, board.cols, board.down
        known = self.known  # the orders of twins known at each position on the line
        check_every, shared = knobs.TIME_CHECK_EVERY, self.shared
        remaining = ops = 0
        stop = self.nodes + quota
        while stack:
            ops += 1
            if self.nodes >= stop or (
                deadline is not None and ops % check_every == 0 and time.perf_counter() >= deadline
            ):
                return
            moves = stack[-1]
            i = index[-1]
            if i >= len(moves):
                stack.pop()
                index.pop()
                known.pop()
                if pace is not None:
                    left.pop()
                if path:
                    src, count, dst = path.pop()
                    undo(src, count, dst, flips.pop())
                continue
            index[-1] = i + 1
            src, count, dst = move = moves[i]
            orders = known[-1]
            if orders and src < FOUNDATION:
                after = ordered(orders, cols[src][-count])
                if after is None:
                    continue  # a twin picked up before the one it must follow
                orders = after
            if pace is None:
                k = peek(src, count, dst)
                if k in seen:
                    continue
                claim = UNHELD if shared is None else shared.claim(k)
                if claim == TAKEN:
                    continue
                seen.add(k)
            else:
                if dst >= FOUNDATION or (
                    src < FOUNDATION and down[src] and len(cols[src]) - count == down[src]
                ):
                    remaining = pace  # a card goes home or turns up
                else:
                    remaining = left[-1] - 1
                    if remaining < 0:
                        continue
                k = peek(src, count, dst)
                if allowed.get(k, -1) >= remaining:
                    continue
                allowed[k] = remaining
            flipped = apply(src, count, dst)
            self.nodes += 1
            if dst >= FOUNDATION and is_won():  # only a move home can win
                path.append(move)
                self.verdict = Verdict.WON
                return
            if proven_lost(k, orders) if flipped else every and quick_lost(k, keeps_open(move)):
                undo(src, count, dst, flipped)
                continue
            if shared is not None:
                shared.mark_expanded(claim)  # the other prover may pass through it
            if flipped:
                orders = proofs.orders
            path.append(move)
            flips.append(flipped)
            stack.append(children())
            index.append(0)
            known.append(orders)
            if pace is not None:
                left.append(remaining)
        self.ran_dry()


class Paced(DepthFirst):
    """A depth-first search over the full move set that allows at most
    ``knobs.PACE`` moves in a row that neither turn a card up nor send one
    home (*idle* moves).

    The deals the narrow searches give up on often need a move those never
    make (a take-back, lifting a card off the one it fits on, moving a group
    that uncovers nothing), but seldom two such moves in a row. Over the full
    move set the depth-first and best-first searches sink into the many
    ways of rearranging the face-up cards; this one cannot, so it tries far
    more different lines. Running dry proves nothing. A position met again
    with more idle moves left than before is searched again.
    """

    exhaustive = False

    def begin(self) -> None:
        board = self.board
        self.pace = knobs.PACE
        self.nodes = 0
        if board.is_won():
            self.verdict = Verdict.WON
            return
        self.allowed[board.key()] = self.pace
        self.stack = [self.children()]
        self.index = [0]
        self.known = [self.proofs.table.learnt.get(board.key(), NO_ORDERS)]
        self.left = [self.pace]
