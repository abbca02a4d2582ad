"""The best-first search: ``BestFirst``, always expanding the position seen
so far with the fewest face-down cards.

A depth-first search commits to its first choices and can spend its whole
budget below one of them; this one moves on as soon as a line stops turning
cards up. It keeps a ``Board.snapshot`` of every position waiting to be
expanded and the move that led to each, to rebuild the line of a win.

>>> from yukon.engine import Game
>>> from yukon.solver.moves import Mode
>>> search = BestFirst(Game.new(65).position(), Mode.FOCUSED)  # deal 65 is won
>>> search.begin()
>>> search.step(20_000, None)
>>> search.verdict
<Verdict.WON: 'won'>
"""

from __future__ import annotations

import heapq
import time

from yukon.engine.moves import FOUNDATION
from yukon.solver import knobs
from yukon.solver.board import Line, Snapshot, Step
from yukon.solver.forced_home import Played, play_forced, undo_forced
from yukon.solver.search import Search
from yukon.solver.twins import NO_ORDERS, Order, ordered
from yukon.solver.verdict import Verdict

# A position waiting in the queue: fewest face-down cards first, then most
# cards home, then the newest; its snapshot, its node in ``parent``, the
# orders of twins known there and its key.
_Waiting = tuple[int, int, int, Snapshot, int, Order, bytes]
# The most moves to the other prover's positions kept to pass through
# (``BestFirst.held``; the oldest half goes when it is full): each keeps
# the snapshot of the position it is played from alive.
HELD = 50_000


class BestFirst(Search):
    """A best-first search over the moves of its mode. Over the ``FULL``
    moves it proves a loss when it runs dry, as the depth-first one does: it
    expands every position it reaches that the same pruning rules keep,
    only in another order."""

    def begin(self) -> None:
        board = self.board
        self.nodes = 0
        if board.is_won():
            self.verdict = Verdict.WON
            return
        key = board.key()
        self.seen.add(key)
        # Each position reached: the node it was reached from, and the move.
        self.parent: list[tuple[int, Step | None]] = [(-1, None)]
        self.queue: list[_Waiting] = []
        orders = self.proofs.table.learnt.get(key, NO_ORDERS)
        heapq.heappush(self.queue, (0, 0, 0, board.snapshot(), 0, orders, key))
        self.count = 0
        # The moves to positions the other prover (if it shares its seen
        # positions) had claimed, from the expanded position (its snapshot
        # and node) with the orders of twins known there: passed through,
        # the newest first, once this prover has nothing of its own left
        # (``yukon.solver.shared_seen``).
        self.held: list[tuple[Snapshot, int, Step, Order, bytes]] = []
        self.passed = 0  # the positions passed through
        # A position whose expansion ran out of quota, and its moves not yet
        # tried: the next call goes on with them first, as one long call would.
        self.partial: tuple[_Waiting, list[Step]] | None = None

    def step(self, quota: int, deadline: float | None) -> None:
        board, queue, seen, shared = self.board, self.queue, self.seen, self.shared
        undo, peek, held = board.undo, board.peek, self.held
        every, keeps_open = self.stuck_every_move, self.proofs.keeps_open
        # The prover plays forced moves home at once (``yukon.solver.forced_home``).
        forced_home = self.proves and knobs.FORCED_HOME
        stop = self.nodes + quota
        while queue or held or self.partial is not None:
            if self.nodes >= stop:
                return
            taken = self.take_next()
            if taken is None:
                if self.verdict is Verdict.WON:
                    return
                continue
            popped, moves = taken
            node, known = popped[4], popped[5]
            cols = board.cols
            for index, move in enumerate(moves):
                # The loss proofs of one expansion can take tens of
                # milliseconds near the start: the clock is read per move.
                if self.nodes >= stop or (deadline is not None and time.perf_counter() >= deadline):
                    self.partial = (popped, moves[index:])  # the rest next time
                    return
                src, count, dst = move
                orders = known
                if known and src < FOUNDATION:
                    after = ordered(known, cols[src][-count])
                    if after is None:
                        continue  # a twin picked up before the one it must follow
                    orders = after
                k = peek(src, count, dst)
                if k in seen:
                    continue
                if shared is not None and shared.holds(k):
                    if len(held) >= HELD:
                        del held[: HELD // 2]  # the oldest: passed through last
                    held.append((popped[3], node, move, orders, k))
                    continue
                seen.add(k)
                flipped = self.play_child(move, node)
                kept_open = every and not flipped and keeps_open(move)
                if self.verdict is Verdict.WON or self.queue_child(
                    k, orders, flipped, forced_home, kept_open
                ):
                    return
                undo(src, count, dst, flipped)
        self.ran_dry()

    def take_next(self) -> tuple[_Waiting, list[Step]] | None:
        """The position to expand next, with the board restored there, and
        its moves to try: the rest of one whose expansion ran out of quota,
        else the first of the queue, else one passed through. None if that
        one is skipped (or passing through it won)."""
        board, queue = self.board, self.queue
        if self.partial is not None:
            popped, moves = self.partial
            self.partial = None
            board.restore(popped[3])
            return popped, moves
        if queue:
            popped = heapq.heappop(queue)
            # Sharing its seen positions, it claims a position only now, as
            # it takes it from the queue to expand it, and skips it if the
            # other prover claimed it first: the positions waiting in its
            # queue, many at a time, stay open to the other prover, so that
            # both run dry at about the same time (``yukon.solver.shared_seen``).
            # One the other found open it passes through.
            shared = self.shared
            if shared is not None and not shared.take(popped[6], True):
                if not self.may_pass(popped[6]):
                    return None
                self.passed += 1
            board.restore(popped[3])
        else:
            passed = self.pass_through()
            if passed is None:
                return None
            popped = passed
        return popped, self.children()

    def may_pass(self, key: bytes) -> bool:
        """Whether to pass through ``key``, claimed by the other prover: it
        found it open, and has not run dry (then every position it claimed
        is expanded, and nothing is left beyond; ``held`` is emptied)."""
        partner = self.partner
        if partner is None or partner.other_dry():
            self.held.clear()
            return False
        return partner.table.expanded(key)

    def pass_through(self) -> _Waiting | None:
        """Play the newest move of ``held`` and return the position reached,
        as if taken from the queue, if the other prover found it open (not
        proven lost) and this one has not been there; the board is left
        there. Positions nobody claimed yet lie beyond (the moves still
        waiting on the depth-first prover's line)."""
        snapshot, node, move, orders, key = self.held.pop()
        if key in self.seen or not self.may_pass(key):
            return None
        self.seen.add(key)
        self.passed += 1
        self.board.restore(snapshot)
        self.play_child(move, node)
        if self.verdict is Verdict.WON:
            return None
        return (0, 0, 0, self.board.snapshot(), len(self.parent) - 1, orders, key)

    def queue_child(
        self, key: bytes, orders: Order, flipped: bool, forced_home: bool, kept_open: bool
    ) -> bool:
        """After a new child ``key`` was played (``flipped``: it turned a card
        up): play its forced moves home if ``forced_home``, ask the loss
        proofs, and queue it unless it is proven lost. ``kept_open``: the
        move keeps the position open to the stuck proofs
        (``StuckProof.keeps_open``; moves home, the forced ones, do too), so
        they are not asked.
        The board is left as the child was played; True if the forced moves
        won (the verdict and line are set)."""
        board, proofs = self.board, self.proofs
        turned = flipped
        # With forced moves, the chain's end waits in the queue where its
        # start would have: the order of search stays that of the searches
        # that play each forced move as a child.
        entry = (sum(board.down), -sum(board.found))
        chain = play_forced(board) if forced_home else []
        if chain:
            key, orders, turned = self.after_chain(chain, orders, turned)
            if board.is_won():
                return True
        if not key:  # seen, or a twin sent home before the other
            lost = True
        elif turned:
            lost = proofs.proven_lost(key, orders)
            orders = proofs.orders
        else:
            lost = self.stuck_every_move and proofs.quick_lost(key, kept_open)
        if not lost:
            self.count -= 1
            snapshot = board.snapshot()
            node = len(self.parent) - 1
            heapq.heappush(self.queue, (*entry, self.count, snapshot, node, orders, key))
        undo_forced(board, chain)
        return False

    def after_chain(
        self, chain: list[Played], orders: Order, turned: bool
    ) -> tuple[bytes, Order, bool]:
        """After ``play_forced`` played ``chain`` below the move just played:
        the key of the position reached (empty if it was seen, or if the
        chain picks up a twin before the one it must follow, which loses),
        the orders of twins known there, and whether a card was turned up
        since the expanded position. Keeps the chain for ``line``, and sets
        the verdict (and the line) if it wins."""
        key = self.board.key()
        if key in self.seen or (self.shared is not None and self.shared.holds(key)):
            return b"", orders, turned
        self.seen.add(key)
        parent = self.parent
        for move, flipped, card in chain:
            parent.append((len(parent) - 1, move))
            turned = turned or flipped
            if orders:
                after = ordered(orders, card)
                if after is None:
                    return b"", orders, turned
                orders = after
        if self.board.is_won():
            self.path = self.line(len(parent) - 1)
            self.verdict = Verdict.WON
        return key, orders, turned

    def play_child(self, move: Step, node: int) -> bool:
        """Play ``move`` from the expanded position ``node``: count it, keep
        its parent for ``line``, and set the verdict (and the line) if it
        wins. Returns whether a card was turned up."""
        flipped = self.board.apply(*move)
        self.nodes += 1
        self.parent.append((node, move))
        if move[2] >= FOUNDATION and self.board.is_won():  # only a move home can win
            self.path = self.line(len(self.parent) - 1)
            self.verdict = Verdict.WON
        return flipped

    def line(self, node: int) -> Line:
        """The moves from the start to ``node``."""
        moves: Line = []
        while node > 0:
            node, move = self.parent[node]
            assert move is not None
            moves.append(move)
        moves.reverse()
        return moves
