"""The twins' case split: a loss proof that ``is_stuck`` alone misses.

*Twins* are two cards that fit on the same two parents (7♠ and 7♣ both go
on 8♥ or 8♦; Classic only). Every won game picks up both; the case split
asks, for each pair, whether a won game can pick up either one second
(``twins_stuck``). A pair with one impossible case is *ordered*; the
*orders* are learnt at a position and carried down the line below it
(``ordered``), and ``twins_chained`` adds each order found as a condition
to the later cases.

>>> from yukon.engine import Game
>>> from yukon.solver.board import Board
>>> TwinProof(Board(Game.new(17).position())).twins_stuck()  # deal 17 is lost
True
"""

from __future__ import annotations

from collections.abc import Sequence

from yukon.engine.rules import Rules
from yukon.solver import knobs
from yukon.solver.board import Board
from yukon.solver.stuck import Certificate, StuckProof

# Which twin of a pair is picked up second in every won game (see
# ``TwinProof.twins_stuck``), as that twin: the other one.
Order = dict[int, int]
# A proof of ``twins_stuck`` or ``twins_chained``: the orders it took as
# given (see ``LossProofs.proven_lost``), then each impossible case (the
# conditions on the twins picked up second) and its certificate.
TwinCase = tuple[Order, Certificate]
TwinProofs = tuple[Order, list[TwinCase]]
NO_ORDERS: Order = {}
# Pairs of twins: same rank, same colour, not Kings.
TWINS = tuple((rank, 39 + rank) for rank in range(12)) + tuple(
    (13 + rank, 26 + rank) for rank in range(12)
)
# Each card's twin (-1 for Kings).
_TWIN = [-1] * 52
for _y, _y2 in TWINS:
    _TWIN[_y], _TWIN[_y2] = _y2, _y


def _bits(cards: Order) -> int:
    return sum(1 << card for card in cards)


def _facts_without(masks: list[int], bits: int) -> list[int]:
    """The plain fixpoint's facts (see ``StuckProof.fixpoint``) that rest on
    none of the cards in ``bits``: they hold in a gated fixpoint that gates
    those cards, as they hold even if none of them ever moves."""
    return [fact for fact in range(104) if not masks[fact] & bits]


def ordered(orders: Order, card: int) -> Order | None:
    """The ``orders`` of twins (see ``TwinProof.twins_stuck``) after a move
    that picks up ``card``, or None if the move leads to a lost position
    (``card`` is picked up before the twin it must follow)."""
    if card in orders:
        return None
    twin = _TWIN[card]
    if orders.get(twin) == card:
        return {z: w for z, w in orders.items() if z != twin}
    return orders


class TwinProof(StuckProof):
    """``StuckProof`` with the twins' case split, and the proofs of the last
    few positions it proved lost, checked first as the certificates are."""

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        # The orders known at the position ``twins_chained`` or the last
        # ``LossProofs.proven_lost`` found open.
        self.orders: Order = NO_ORDERS
        # Each impossible case of the last proofs, with its certificate.
        self.twin_certificates: list[TwinProofs] = []

    def twins_stuck(self) -> bool:
        """Whether a case split on a pair of twins proves the position lost.

        Twins are the two cards that fit on the same two parents (7♠ and 7♣
        both go on 8♥ or 8♦; only in Classic). Once picked up as the bottom
        card of a group, a twin lies directly on one of its parents, or is
        home, until it goes home: carried along, it stays on its parent, and
        a take-back puts it on a parent. In a won game both twins are picked
        up. Call Z the one first picked up later, at time t, and W the other.
        If Z goes onto a parent P at t, W is home or lies on the other parent
        Q, put there when Q was at the end of a column. So Z's first move onto
        a parent needs, besides top(P), top(Q) or W home (top() of W and of
        every lower card of its suit). Add that condition to ``is_stuck``'s
        rules: by the same induction, if moves(Z) then stays false, no won
        game picks Z up second. If that holds both ways round, the position
        is lost.

        Deal 17 shows it at once. 8♣ lies above the face-down 8♥ and both
        red 9s, so it can only go home, after 7♣. 7♣ lies on A♣, 7♠ on 2♣, and
        both can only go on 8♦ (7♠ cannot go home: 3♠ is under 8♣ too).
        Whichever goes first keeps 8♦ until it goes home, and neither can go
        home before the other has moved.

        Running the fixpoint again for each case would cost too much, so it
        learns from the plain one: each fact there comes with the set of
        cards whose being picked up it rested on (``masks``). The facts that
        do not rest on Z hold in the gated fixpoint too, so it starts from
        them, and if they already meet Z's condition, the gated fixpoint is
        the plain one and the pair is skipped. Each proof keeps the
        certificate of each case, checked first as in ``is_stuck``.

        A pair with one impossible case is *ordered*: in every won game from
        here the other twin is picked up second. The orders found so far
        are added as conditions to every later case, and are learnt for the
        positions below (see ``proven_lost``): if W is picked up before Z in
        every won game from here, that holds after any move that picks up
        neither (a won game from there, after the move, is one from here),
        a move that picks up W ends it, and one that picks up Z first leads
        to a lost position. So the searches that prove losses carry the
        orders down their lines, prune a move that picks up a twin before
        the other one it must follow, and give the orders to the case split
        of each position below, which may order more pairs and so prove it
        lost (a test shows a deal where this cuts the proof fourfold).
        """
        if self.board.rules is not Rules.CLASSIC:
            return False  # any card of the next rank takes a card: no twins
        if self._twins_certified(NO_ORDERS):
            return True
        masks = [-1] * 105
        return self.fixpoint(None, masks) is not None or self.twin_cases(masks) is None

    def twins_chained(self) -> bool:
        """``twins_stuck``'s case split on many pairs at once.

        In a won game every pair of twins has a second one. If one case of a
        pair is impossible, the other holds in every won game, so its
        condition may be added to every later case: the fixpoint runs with
        all such conditions together. A pair whose two cases are both
        impossible under the conditions found so far proves the loss; one
        with one impossible case adds the other's condition; this repeats
        until nothing changes. After the first round, each round runs the
        fixpoint twice for every pair left, so ``begin`` uses it on the
        starting position, and ``proven_lost`` only near it (see
        ``knobs.BOTH_CASES_WITHIN``). The orders it finds are left in
        ``self.orders``.
        """
        self.orders = NO_ORDERS
        if self.board.rules is not Rules.CLASSIC:
            return False
        masks = [-1] * 105
        if self.fixpoint(None, masks) is not None:
            return True
        orders = self.twin_cases(masks, NO_ORDERS, chained=True)
        if orders is None:
            return True
        self.orders = orders
        return False

    def _twins_certified(self, orders: Order) -> bool:
        """Whether one of the last proofs of ``twins_stuck`` or
        ``twins_chained`` holds here, given the ``orders`` known here: the
        orders it took as given are among them and every case's
        certificate holds."""
        certificates = self.twin_certificates
        loc_col = self.board.loc_col
        for number, (given, proof) in enumerate(certificates):
            if given and any(orders.get(z) != w for z, w in given.items()):
                continue
            for gates, (top, moves, empty) in proof:
                if any(loc_col[z] < 0 or loc_col[w] < 0 for z, w in gates.items()):
                    break
                if all(moves[z] for z in gates):
                    break  # not a proof of this case
                if not self._holds_facts(top, empty=empty) or self._sweep(
                    top, moves, empty=empty, todo=None, gates=gates
                ):
                    break
            else:
                if number:
                    certificates.insert(0, certificates.pop(number))
                return True
        return False

    def twin_cases(
        self,
        masks: list[int],
        given: Order = NO_ORDERS,
        *,
        chained: bool = False,
        both: bool = True,
    ) -> Order | None:
        """``twins_stuck``'s case split (``twins_chained``'s if ``chained``),
        given the plain fixpoint's ``masks`` and the orders known here:
        None if it proves the position lost (its certificates are kept),
        else every order known here, those ``given`` and those found."""
        loc_col = self.board.loc_col
        forced = dict(given)  # second twin: the other
        proof: list[TwinCase] = []  # the impossible cases found
        # The cases start from the fixpoint gated by the given orders, with
        # its own masks: facts resting on none of the cards gated since hold.
        base = masks
        if forced:
            base = [-1] * 105
            if self._forced_alone(masks, forced, given, proof, base):
                return None
        base_bits = _bits(given)
        open_pairs = []
        for y, y2 in TWINS:
            if loc_col[y] < 0 or loc_col[y2] < 0 or y in forced or y2 in forced:
                continue
            cases = self._pair_cases(y, y2, forced, base, base_bits, both=both)
            if self._settle_pair(y, y2, cases, given, forced, proof):
                return None
            if cases[0][1] is None and cases[1][1] is None:
                open_pairs.append((y, y2))
        changed = chained and len(forced) > len(given)
        while changed:
            if self._forced_alone(masks, forced, given, proof):
                return None
            changed = False
            for y, y2 in open_pairs:
                if y in forced or y2 in forced:
                    continue
                cases = self._pair_cases(y, y2, forced, base, base_bits, both=True)
                before = len(forced)
                if self._settle_pair(y, y2, cases, given, forced, proof):
                    return None
                changed = changed or len(forced) > before
        return forced

    def _pair_cases(
        self, y: int, y2: int, forced: Order, base: list[int], base_bits: int, *, both: bool
    ) -> list[tuple[Order, Certificate | None]]:
        """The two cases of twins ``y``, ``y2`` under the ``forced`` orders
        (``y`` second, then ``y2`` second): each its gates and its proof of
        impossibility, if found. ``base``: the masks of the fixpoint the
        cases start from, gated by the orders whose cards are ``base_bits``.
        Without ``both`` the second case is tried only if the first is
        impossible."""
        bits = _bits(forced) & ~base_bits
        cases: list[tuple[Order, Certificate | None]] = []
        for z, w in ((y, y2), (y2, y)):
            gates = {**forced, z: w}
            if cases and cases[0][1] is None and not both:
                cases.append((gates, None))
            else:
                cases.append((gates, self._refute_second(z, w, gates, base, bits | 1 << z)))
        return cases

    def _forced_alone(
        self,
        masks: list[int],
        forced: Order,
        given: Order,
        proof: list[TwinCase],
        record: list[int] | None = None,
    ) -> bool:
        """Whether the ``forced`` orders alone are impossible together (then
        the proof is kept); ``record`` gets the masks of their fixpoint."""
        start = _facts_without(masks, _bits(forced))
        alone = self.fixpoint(dict(forced), record, start, masks)
        if alone is None:
            return False
        self._keep_twin_proof(given, [*proof, (dict(forced), alone)])
        return True

    def _settle_pair(
        self,
        y: int,
        y2: int,
        cases: Sequence[tuple[Order, Certificate | None]],
        given: Order,
        forced: Order,
        proof: list[TwinCase],
    ) -> bool:
        """What the two cases of twins ``y``, ``y2`` show, each its gates
        (``y`` second, then ``y2`` second) and its certificate if impossible.
        Both impossible: the loss is proven (kept with the ``given`` orders
        and the cases of ``proof`` it rests on) and the answer is True. One
        impossible: the other twin is second in every won game; ``forced``
        and ``proof`` get that."""
        (gates1, first), (gates2, second) = cases
        if first is not None and second is not None:
            self._keep_twin_proof(given, [*proof, (gates1, first), (gates2, second)])
            return True
        if first is not None:
            forced[y2] = y
            proof.append((gates1, first))
        elif second is not None:
            forced[y] = y2
            proof.append((gates2, second))
        return False

    def _keep_twin_proof(self, given: Order, cases: list[TwinCase]) -> None:
        """Keep a proof's certificates for ``_twins_certified``, latest first."""
        certificates = self.twin_certificates
        certificates.insert(0, (given, cases))
        del certificates[knobs.CERTIFICATES :]

    def _refute_second(
        self, z: int, w: int, gates: Order, masks: list[int], bits: int
    ) -> Certificate | None:
        """The proof that no won game picks up twin ``z`` after ``w`` (with
        the other ``gates``, whose cards and ``z`` are ``bits``), if the
        gated fixpoint gives one; ``masks`` are those of the fixpoint gated
        by the orders the cases start from."""
        if self._gate_met_without(z, w, masks, bits):
            return None
        # The facts of ``_facts_without`` as lists; the starting facts rest
        # on nothing (mask 0), so they are among them.
        top = [not mask & bits for mask in masks[:52]]
        moves = [not mask & bits for mask in masks[52:104]]
        return self.fixpoint(gates, None, facts=(top, moves))

    def _gate_met_without(self, z: int, w: int, masks: list[int], bits: int) -> bool:
        """Whether twin ``z`` can be picked up with its condition met by
        facts that rest on none of the gated cards ``bits`` (they hold even
        if none of those ever moves): then gating ``z`` changes nothing, and
        the case is not proven impossible."""
        one, other = (not masks[p] & bits for p in self.board.parents[z])
        if (one and other) or (
            (one or other) and not any(masks[c] & bits for c in range(w - w % 13, w + 1))
        ):
            return True  # Z's condition is met without Z
        return not any(masks[c] & bits for c in range(z - z % 13, z + 1))  # Z goes home
