"""The beam search: ``Beam``, from turned-up card to turned-up card, for
deals the other searches are slow on.

From each position of the beam it tries every line of at most
``knobs.BEAM_IDLE`` idle moves (neither turning a card up nor sending one
home; breadth first) followed by one that does. Of all positions so reached,
the game's ``knobs.beam_width`` with the fewest face-down cards (then the
most cards home, then the first found) form the next beam. It never looks back,
so it goes deep at once where the best-first searches widen, and it runs
dry within a few thousand positions when it is wrong. Running dry proves
nothing.

>>> from yukon.engine import Game
>>> from yukon.solver.moves import Mode
>>> search = Beam(Game.new(377).position(), Mode.CHAINED)  # deal 377 is won
>>> search.begin()
>>> search.step(15_000, None)
>>> search.verdict
<Verdict.WON: 'won'>
"""

from __future__ import annotations

import time

from yukon.engine.moves import FOUNDATION
from yukon.solver import knobs
from yukon.solver.best_first import BestFirst
from yukon.solver.board import Snapshot
from yukon.solver.verdict import Verdict

# A position reached at this level, as in ``BestFirst``'s queue.
_Exit = tuple[int, int, int, Snapshot, int]


class Beam(BestFirst):
    """The beam search (see the module)."""

    exhaustive = False

    def begin(self) -> None:
        self.nodes = 0
        if self.board.is_won():
            self.verdict = Verdict.WON
            return
        self.parent = [(-1, None)]
        self.beam: list[tuple[Snapshot, int]] = [(self.board.snapshot(), 0)]
        # Every position an earlier level reached (a card turned up or sent
        # home), kept into the beam or not: never gone back to.
        self.reached: set[bytes] = set()
        self.start_level()

    def start_level(self) -> None:
        """Go on from each position of the beam in turn."""
        self.exits: dict[bytes, _Exit] = {}
        self.next_in_beam = 0
        # The line search from one position of the beam: positions to
        # expand now and after one more idle move, and those it has met.
        self.frontier: list[tuple[Snapshot, int]] = []
        self.following: list[tuple[Snapshot, int]] = []
        self.met: set[bytes] = set()
        self.idle = 0

    def step(self, quota: int, deadline: float | None) -> None:
        stop = self.nodes + quota
        while self.verdict is None:
            # An expansion tries every move, each with its quick proofs: the
            # clock is cheap beside it.
            if self.nodes >= stop or (deadline is not None and time.perf_counter() >= deadline):
                return
            if self.frontier:
                self.expand(*self.frontier.pop())
            elif self.following and self.idle < knobs.BEAM_IDLE:
                self.following.reverse()  # first found, first tried
                self.frontier, self.following = self.following, []
                self.idle += 1
            elif self.next_in_beam < len(self.beam):
                snap, node = self.beam[self.next_in_beam]
                self.next_in_beam += 1
                self.board.restore(snap)
                self.met = {self.board.key()}
                self.frontier, self.following, self.idle = [(snap, node)], [], 0
            else:
                best = sorted(self.exits.values())[: knobs.beam_width(self.board.rules)]
                if not best:
                    self.verdict = Verdict.LOST  # ran dry: proves nothing
                    return
                self.reached.update(self.exits)
                self.beam = [(snap, node) for *_, snap, node in best]
                self.start_level()

    def expand(self, snap: Snapshot, node: int) -> None:
        """Try every move from one position of the current line search."""
        board = self.board
        board.restore(snap)
        met, exits, parent = self.met, self.exits, self.parent
        for move in self.children():
            src, count, dst = move
            k = board.peek(src, count, dst)
            if k in met or k in self.reached:
                continue
            met.add(k)
            flipped = self.play_child(move, node)
            if self.verdict is Verdict.WON:
                return
            if flipped or dst >= FOUNDATION:
                if not (flipped and self.proofs.proven_lost(k)):
                    entry = (sum(board.down), -sum(board.found), len(exits))
                    exits[k] = (*entry, board.snapshot(), len(parent) - 1)
            elif self.idle < knobs.BEAM_IDLE:
                self.following.append((board.snapshot(), len(parent) - 1))
            board.undo(src, count, dst, flipped)
