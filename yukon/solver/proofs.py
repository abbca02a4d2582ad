"""The loss proofs a search asks after each card turned up, and the table
of their answers that all the searches of one ``solve`` share.

``LossProofs.proven_lost`` tries, cheapest first, the stuck proof
(``yukon.solver.stuck``) and, for the searches that prove losses, the twins'
case split (``yukon.solver.twins``), given the orders of twins carried down
the search's line, and the crowding proof (``yukon.solver.crowded``).
``LossProofs.quick_lost`` is the stuck and crowding proofs, which the
searches that prove losses ask of every other new position
(``knobs.STUCK_EVERY_MOVE``), working a fresh proof out (no certificate
holding) only while enough of them prove a loss (``spared_stuck``). Every
proof only looks at the position, so its answer is kept by the position's
key for every search; a position whose fresh proof was spared is unknown,
and keeps no answer.

>>> from yukon.engine import Game
>>> from yukon.solver.board import Board
>>> board = Board(Game.new(17).position())
>>> LossProofs(board, ProofTable(), twins=True).proven_lost(board.key())
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from yukon.solver import knobs
from yukon.solver.board import Board
from yukon.solver.crowded import CrowdingProof, Sparing
from yukon.solver.twins import NO_ORDERS, Order, TwinProof


@dataclass
class ProofTable:
    """The answers of the quick proofs by position key (``lost``), the
    crowding proof's where they found the position open (``crowded``), and
    the orders of twins learnt from a position alone (``learnt``)."""

    lost: dict[bytes, bool] = field(default_factory=dict)
    crowded: dict[bytes, bool] = field(default_factory=dict)
    learnt: dict[bytes, Order] = field(default_factory=dict)


class LossProofs(TwinProof):
    """The proofs for one search's board. With ``twins``, the case split is
    tried too (the searches that prove losses, Classic rules only); with
    ``crowding``, the crowding proof (those searches, in the games of
    ``knobs.CROWDING``; the others read its answers)."""

    def __init__(
        self, board: Board, table: ProofTable, *, twins: bool, crowding: bool = False
    ) -> None:
        super().__init__(board)
        self.table = table
        self.twins = twins
        self.crowding = CrowdingProof(self) if crowding else None
        self.down_at_start = sum(board.down)
        # Whether to ask the crowding proof (``_worth_asking``): tried counts
        # the proofs this search worked out, paid those that proved a loss.
        self.asking = Sparing()
        # Whether to work out a fresh stuck proof in ``quick_lost`` where no
        # certificate holds: tried counts them, paid those that proved a loss.
        self.fresh_stuck = Sparing()

    def _crowded(self, key: bytes, *, ask: bool = True) -> bool:
        """Whether the crowding proof proves the position ``key`` lost (the
        others found it open): asked if this search has it, ``ask`` and it
        is ``_worth_asking``, else only a known answer read."""
        crowded = self.table.crowded.get(key)
        if crowded is None and ask and self.crowding is not None and self._worth_asking():
            crowded = self.crowding.is_crowded()
            self.asking.tried += 1
            if crowded is not None:
                self.table.crowded[key] = crowded
                self.asking.paid += crowded
        return bool(crowded)

    def _worth_asking(self) -> bool:
        """Whether to work out the crowding proof here: while it proves
        enough of the positions it is asked of (``knobs.CROWDING_TRIAL``,
        ``CROWDING_SHARE``), else at one position in ``CROWDING_SAMPLE``,
        which asks on where it starts proving again. It costs as much as
        expanding several positions, and on many lost deals it proves
        none: there the provers run three times as fast without it."""
        return self.asking.due(knobs.CROWDING_TRIAL, knobs.CROWDING_SHARE, knobs.CROWDING_SAMPLE)

    def quick_lost(self, key: bytes, kept_open: bool = False) -> bool:
        """Whether the position ``key`` (no card turned up) is proven lost
        by the stuck and crowding proofs (no case split); answers shared
        as ``proven_lost``'s.
        ``kept_open``: the move here kept the position open to the stuck
        proofs (``StuckProof.keeps_open``), so only a loss another search
        proved here with the twins' orders of its line can be known.
        The quick column argument (``is_dead``) is not asked: it reads only
        the face-down cards and the card just above them in each column,
        which a move that turns no card up leaves as they were, and the
        position it was played from was found open (on deal 300503, 1.8 %
        fewer instructions for the best-first prover, the same positions)."""
        known = self.table.lost.get(key)
        if known is None and not kept_open:
            known = self.spared_stuck()
            if known is not None:
                self.table.lost[key] = known
        return bool(known) or self._crowded(key, ask=not kept_open)

    def spared_stuck(self) -> bool | None:
        """``is_stuck``, or None where no certificate holds and a fresh
        proof is not worth working out: it is, while enough of them prove a loss
        (``knobs.FRESH_STUCK_TRIAL``, ``FRESH_STUCK_SHARE``), else at one
        position in ``FRESH_STUCK_SAMPLE``. Nearly every position a
        certificate does not settle is open, and a fresh proof that finds
        so runs the whole fixpoint; one that proves a loss leaves a
        certificate that settles many positions near it."""
        if self._certified():
            return True
        fresh = self.fresh_stuck
        if not fresh.due(
            knobs.FRESH_STUCK_TRIAL, knobs.FRESH_STUCK_SHARE, knobs.FRESH_STUCK_SAMPLE
        ):
            return None
        proved = self._proved(None)
        fresh.tried += 1
        fresh.paid += proved
        return proved

    def proven_lost(self, key: bytes, orders: Order = NO_ORDERS) -> bool:
        """After a card turned up: is the position ``key`` (just reached)
        proven lost by the quick proofs? Answers are shared between searches.

        The searches that prove losses also try ``twins_stuck``, given the
        ``orders`` of twins known to hold here, and leave in ``self.orders``
        those it learns (see ``twins_stuck``); the others read its answers but
        do not pay for it (given it, the paced search settled no more of the
        hard deals). A position found open is marked so by its key; the
        orders learnt from the position alone are kept by key in the ``ProofTable``,
        so a search that comes with none knows them at once.
        """
        self.orders = orders
        known = self.table.lost.get(key)
        learnt = self.table.learnt.get(key)
        if known or not self.twins:
            if known is None:
                known = self.table.lost[key] = self.is_dead() or self.is_stuck()
            known = known or self._crowded(key)
            if learnt and not known:
                self.orders = {**learnt, **orders}
            return known
        if learnt is not None:
            if not orders:
                self.orders = learnt
                return self._crowded(key)
            orders = {**learnt, **orders}
        # Certificates first: on a plateau most positions are settled by one.
        fresh = known is None
        turned = self.down_at_start - sum(self.board.down)
        if (fresh and (self.is_dead() or self._certified())) or self._twins_certified(orders):
            lost = True
        elif turned > knobs.SPLIT_WITHIN:
            # Too deep to be worth a case split (no masks needed): the orders
            # known stand.
            lost = fresh and self._proved(None)
        else:
            masks = [-1] * 105
            if fresh and self._proved(masks):
                lost = True
            else:
                if known is False:
                    self.fixpoint(None, masks)
                both = turned <= knobs.BOTH_CASES_WITHIN
                learnt = self.twin_cases(masks, orders, chained=both, both=both)
                lost = learnt is None
                if learnt is not None:
                    self.orders = learnt
                    if not orders:
                        self.table.learnt[key] = learnt
        self.table.lost[key] = lost
        return lost or self._crowded(key)
