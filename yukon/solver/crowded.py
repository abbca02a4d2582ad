"""The crowding proof: whether a position is lost because, at the moment
some card would go home, the cards that must still lie in the columns then
could not all find a place to lie.

Every card in a column lies on the card under it or, at the bottom, on the
column's *base*, and each card or base holds at most one card. A card that
never goes home stays in the columns for good, and once picked up it lies
on a parent (one the game's build rule lets it lie on) or, a King, on a
base. When too many such cards need too few places, a card can never go
home. Deal 110413 shows it: with 7♥ face down under J♣, no heart above
the 6 ever goes home, so at any time 9♥ needs a black 10 to lie on; with
the 7♦ kept in the columns (the 6♠ that must leave the face-down 4♦ can
only lie on it), 9♦ needs one too. So the 10♣ never goes home: 9♥ and 9♦
would both need the 10♠. Then neither does J♣, which alone could free
the cards under it (its Queens are the face-down Q♦ under it and the Q♥
that J♠ never leaves); ``StuckProof.is_stuck``, which lets every card go
home once it and the lower cards of its suit can reach the end of a
column, does not see it.

The proof (``CrowdingProof.is_crowded``). Give each suit a *cap*, the rank
from which no card of the suit is let go home, starting at its foundation
height (none goes home), and work out ``is_stuck``'s fixpoint with the
caps: its top() and moves() facts (``StuckProof.caps``). Then, suit by
suit, lift the cap past the card C at it if C reaches the end (top(C))
and *there is room* at the moment C goes home (``_Matching.room``); work out the
fixpoint again, and go on until no cap is lifted. If some top() fact is
then still false, the position is lost.

Why. Take any line of play, and in it the first event the final facts do
not allow: a card first reaching the end or being picked up (top, moves),
or a card of rank at or above its suit's cap going home. It is not a
top() or moves() event: those the fixpoint allows whenever their rule
holds, and every fact the rule reads happened before, so it is allowed.
So it is some card C going home, by the move played from a position T;
every lower card of its suit is home in T, so C is the card at the cap.
Every *crowded* card (one of rank at or above its suit's cap, C
included) never went home before, so in T it lies in a column: on the
card or base it lies on now if it was never picked up (always so if
moves() is false for it), else on a parent P (top(P) held when it was
put there) or, a King, on a base (a column was empty: the fixpoint's
empty-column flag). None lies on a lower card of C's suit (home in T)
nor on C (the end card of its column). Those places, one card each, are a
*matching* of the crowded cards to places, which ``_Matching`` looks for
(each crowded card on the place it lies on now unless that is a lower
card of C's suit or C, and augmenting paths for the others): if there is none, C
never goes home, and the first event cannot exist. So every line keeps
to the final facts, in which some card never reaches the end. The argument
needs no more of the final caps and facts than that: they hold the
position's starting facts, no rule adds to them, and no card at a cap
both reaches the end and finds room. So the caps and facts of the last few
positions proved crowded are checked first on the next (as
``StuckProof`` checks its certificates): on a plateau most positions are
settled so.

*Cards picked up.* A card first reaches the end only once the card on
it now is picked up; a face-down card, only once each face-down card
above it has turned up first, so once the card on each of those is
picked up too (``picked_up``). A crowded card picked up before the moment
no longer lies where it lies now (unless on a parent that reaches the
end: it never goes back onto a card it does not fit). So the matching
at the moment C goes home leaves out the places now of the crowded
cards picked up for C and the lower cards of its suit to reach the end;
and each face-down card X has a *gate*, shut at first: top(X) is learnt
only once the card on X is picked up and there is room at the moment X
first turns up (nothing lies on X then, and the cards picked up for it
lie elsewhere). Gates open between the fixpoints, as caps are lifted, and
a gate still shut counts as a fact not allowed: in the argument above, the
first event may be X turning up, and there would be no room at it.
Deal 110868 shows it: 4♥ lies on the face-down 4♦, which lies on the
face-down 5♣; with A♥ and A♦ buried, neither red 4 goes home, and
picked up, each needs a black 5. So the 5♣ never turns up (both would
need the 5♠), nor the cards its clubs free: the deal is lost from its
start, where the full prover without this expanded 82,027 positions.

The searches that prove losses ask it where the stuck proofs find a
position open; it costs about as much as expanding a few positions, so the
others only read its answers, and a prover it seldom helps asks it only
now and then (``yukon.solver.proofs``). Where no proof kept holds, a fresh
one is worked out only while enough of them prove a loss, else now and
then (``CrowdingProof._worth_fresh``): nearly all find the position open,
at the highest cost of all. Its fresh proofs shut the gates
only while some loss leans on them (``CrowdingProof._needs_gates``). Tests check it
against the exhaustive search of ``tests/exhaustive.py`` on hand-built
positions, and on every position of the solver's winning lines of deals
of every game (none is crowded; forgetting that a King may lie in an
empty column makes many so).

Deal 200033 is lost from its start by it, and open to the stuck proofs:

>>> from yukon.engine import Game
>>> from yukon.solver.board import Board
>>> stuck = StuckProof(Board(Game.new(200033).position()))
>>> stuck.is_stuck(), CrowdingProof(stuck).is_crowded()
(False, True)
"""

from __future__ import annotations

from yukon.engine.moves import COLUMNS
from yukon.solver import knobs
from yukon.solver.board import Board
from yukon.solver.stuck import NO_CAPS, Certificate, Facts, StuckProof

# The place of a column's base: ``_BASE + column``; a card's place is its
# own number.
_BASE = 52
_BASES = tuple(range(_BASE, _BASE + COLUMNS))
_PLACES = _BASE + COLUMNS
# ``_Matching.taken`` of a place where the card lying there now still lies.
_AS_NOW = -2

# A proof of ``is_crowded``: the caps, the gates still shut (see
# ``CrowdingProof._gates``) and the facts of the final fixpoint.
Crowding = tuple[list[int], list[bool], Certificate]
# Where the cards lie now: see ``CrowdingProof._layout``.
Layout = tuple[list[int], list[int]]


class Sparing:
    """How often a costly part of the crowding proof is worked out: at every
    chance while it pays (fewer than ``trial`` tried, plus ``share`` for
    each time it ``paid``), else at one chance in ``sample``, which picks
    up again where it starts to pay. The caller counts ``tried`` and
    ``paid``; the provers spare the whole proof so, its fresh proofs their
    gates.

    >>> sparing = Sparing()
    >>> sparing.tried = 2
    >>> [sparing.due(2, 1, 3) for _ in range(6)]
    [False, False, True, False, False, True]
    >>> sparing.paid = 1
    >>> sparing.due(2, 1, 3)
    True
    """

    def __init__(self) -> None:
        self.tried = self.paid = 0
        self.passed = 0  # the chances let pass since the last one taken

    def due(self, trial: int, share: int, sample: int) -> bool:
        """Whether to work it out at this chance."""
        if self.tried < trial + self.paid * share:
            return True
        self.passed += 1
        if self.passed < sample:
            return False
        self.passed = 0
        return True


def picked_up(board: Board, card: int) -> list[int]:
    """The cards picked up before ``card`` first reaches the end: the card
    on it now and, if it is face down, the card on each face-down card above
    it (each of those is turned up first); no card for a card at the end
    of a column or home."""
    c = board.loc_col[card]
    if c < 0:
        return []
    pos = board.loc_pos[card]
    return board.cols[c][pos + 1 : max(pos + 2, board.down[c] + 1)]


class CrowdingProof:
    """The crowding proofs of the positions on a ``StuckProof``'s board (it
    works out their fixpoints), with the proofs of the last few positions
    proved crowded, checked first as ``StuckProof`` checks its own."""

    def __init__(self, stuck: StuckProof) -> None:
        self.stuck = stuck
        self.proofs: list[Crowding] = []
        # Whether a fresh proof shuts the gates: tried counts the fresh
        # proofs, paid the losses among them that leaned on a gate.
        self.gating = Sparing()
        # Whether to work out a fresh proof where no proof kept holds:
        # tried counts the fresh proofs, paid those that proved a loss.
        self.fresh = Sparing()

    def is_crowded(self) -> bool | None:
        """Whether the position is lost by the argument of the module; None
        where no proof kept holds and a fresh one is not worth working out
        (``_worth_fresh``): then it is not known."""
        # Where the cards lie, worked out only once a matching needs it:
        # most kept proofs fail on their fixpoint, which does not.
        layout: Layout | None = None
        stuck = self.stuck
        found = stuck.board.found
        proofs = self.proofs
        for number, (caps, shut, certificate) in enumerate(proofs):
            # A proof holds here if its fixpoint does (with its caps and
            # gates), every card at a cap still finds no room, and no gate
            # opens.
            if all(cap >= height for cap, height in zip(caps, found, strict=True)):
                stuck.caps, stuck.withheld = caps, shut
                try:
                    holds = stuck.closes(certificate)
                    if holds:
                        if layout is None:
                            layout = self._layout()
                        holds = self._capped(caps, certificate, layout) and not self._open(
                            shut, caps, certificate, layout
                        )
                finally:
                    stuck.caps, stuck.withheld = NO_CAPS, None
                if holds:
                    if number:
                        proofs.insert(0, proofs.pop(number))
                    return True
        if not self._worth_fresh():
            return None
        proved = self._proved(self._layout() if layout is None else layout)
        self.fresh.tried += 1
        self.fresh.paid += proved
        return proved

    def _worth_fresh(self) -> bool:
        """Whether to work out a fresh proof: while enough of them prove a
        loss (``knobs.FRESH_TRIAL``, ``FRESH_SHARE``), else at one chance
        in ``FRESH_SAMPLE``. Most positions the kept proofs do not settle
        are open, and a fresh proof that finds so lifts every cap, the
        dearest work of all; one that proves a loss is kept and then
        settles many positions near it."""
        return self.fresh.due(knobs.FRESH_TRIAL, knobs.FRESH_SHARE, knobs.FRESH_SAMPLE)

    def _proved(self, layout: Layout) -> bool:
        """``is_crowded`` without the proofs kept: the fixpoints of the
        module, lifting the caps from the foundations' heights.

        Gates are opened between the fixpoints, never inside one: lifting
        caps, opening gates and learning facts each only grow the others,
        so the final caps, gates and facts are the same in any order, and
        the stuck proof's fixpoint needs no call back into this proof. It
        costs about the same as opening them inside: on deal 300503, 1.8 %
        fewer instructions for the full best-first prover, 1.8 % more for
        the depth-first one, on the same positions."""
        stuck = self.stuck
        caps = list(stuck.board.found)
        gated = self.gating.due(knobs.GATES_TRIAL, knobs.GATES_SHARE, knobs.GATES_SAMPLE)
        self.gating.tried += 1
        shut = self._gates() if gated else [False] * 52
        facts: Facts | None = None  # the starting facts, then the last fixpoint's
        stuck.caps, stuck.withheld = caps, shut
        try:
            while True:
                certificate = stuck.plain_fixpoint(facts)
                if certificate is None:
                    return False  # every card reaches the end
                facts = certificate[0], certificate[1]
                # Every suit is lifted (a list, not any() over a generator).
                lifted = [self._lift(suit, caps, certificate, layout) for suit in range(4)]
                opened = self._open(shut, caps, certificate, layout, opening=True)
                if not any(lifted) and not opened:
                    if gated and self._needs_gates(shut, certificate[1], layout):
                        self.gating.paid += 1
                    self.proofs.insert(0, (caps, shut, certificate))
                    del self.proofs[knobs.CERTIFICATES :]
                    return True
        finally:
            stuck.caps, stuck.withheld = NO_CAPS, None

    @staticmethod
    def _needs_gates(shut: list[bool], moves: list[bool], layout: Layout) -> bool:
        """Whether a proof's final facts lean on a shut gate: one on a card
        whose card on it is picked up. Where none does, they are a fixpoint
        without gates too, and the loss is proved without them; so a fresh
        proof shuts the gates only while enough losses leaned on one
        (``gating``). Opening a gate unasked is sound (the facts only
        grow): the proof is only weaker."""
        above = layout[1]
        return any(shut[card] and moves[above[card]] for card in range(52))

    def _gates(self) -> list[bool]:
        """Every face-down card: the gates on top() (see the module), all
        shut at first. Gates on face-up cards too, where only the card on
        it is picked up, proved no more: the prover took the same 28,048,
        50,216 and 270,074 positions on deals 110481, 110031 and 110050,
        with 2.5 times as many matchings."""
        shut = [False] * 52
        board = self.stuck.board
        for c, column in enumerate(board.cols):
            for pos in range(min(len(column) - 1, board.down[c])):
                shut[column[pos]] = True
        return shut

    def _open(
        self,
        shut: list[bool],
        caps: list[int],
        certificate: Certificate,
        layout: Layout,
        *,
        opening: bool = False,
    ) -> bool:
        """Whether a shut gate opens: a card X whose card on it now is
        picked up (moves()) and, at the moment X first reaches the end,
        every crowded card finds a place (``_Matching`` with ``picked_up``
        moved). With ``opening``, opens every such gate (else stops at the
        first)."""
        moves = certificate[1]
        above = layout[1]
        opened = False
        for card in range(52):
            if shut[card] and moves[above[card]] and self._opens(card, caps, certificate, layout):
                if not opening:
                    return True
                shut[card] = False
                opened = True
        return opened

    def _opens(self, card: int, caps: list[int], certificate: Certificate, layout: Layout) -> bool:
        """Whether the gate on ``card`` opens, the card on it picked up: at
        the moment ``card`` first reaches the end, every crowded card finds
        a place, those ``picked_up`` before it elsewhere than they lie now."""
        board = self.stuck.board
        return _Matching(board, caps, certificate, layout, card, turn=True).room()

    def _capped(self, caps: list[int], certificate: Certificate, layout: Layout) -> bool:
        """Whether no card at a cap reaches the end and finds room when it
        goes home (then its cap could be lifted)."""
        common = self.stuck.board, caps, certificate, layout
        top = certificate[0]
        for suit in range(4):
            card = suit * 13 + caps[suit]
            if caps[suit] < 13 and top[card] and _Matching(*common, card).room():
                return False
        return True

    def _lift(self, suit: int, caps: list[int], certificate: Certificate, layout: Layout) -> bool:
        """Lift the suit's cap past each card in turn that reaches the end
        and finds room when it goes home: whether it was lifted. One
        matching serves the whole run: each card going home leaves it
        valid but for the cards on the next."""
        start = caps[suit]
        top = certificate[0]
        matching = None
        while caps[suit] < 13:
            card = suit * 13 + caps[suit]
            if not top[card]:
                break
            if matching is None:
                matching = _Matching(self.stuck.board, caps, certificate, layout, card)
            else:
                matching.next(card)
            if not matching.room():
                break
            caps[suit] += 1
        return caps[suit] > start

    def _layout(self) -> Layout:
        """The place each card lies on now (-1 for a card home), and the
        card lying on each place now (-1 for none)."""
        under = [-1] * 52
        above = [-1] * (_BASE + COLUMNS)
        for c, column in enumerate(self.stuck.board.cols):
            place = _BASE + c
            for card in column:
                under[card] = place
                above[place] = card
                place = card
        return under, above


class _Matching:
    """The crowded cards on their places just before a card goes home (or,
    with ``turn``, first reaches the end): each on the place it lies on
    now, but those *displaced*, the ones ``picked_up`` before that moment
    (for the card, and going home, for the lower cards of its suit), which
    ``room`` puts elsewhere by augmenting paths. ``next`` moves it on to the
    suit's next card, the one before it gone home.

    Flat lists indexed by place and card, not dicts and sets: one is made
    some twenty times for each crowding proof, and the prover spent a fifth
    fewer instructions on deals 111053 and 110031 with them."""

    def __init__(
        self,
        board: Board,
        caps: list[int],
        certificate: Certificate,
        layout: Layout,
        card: int,
        *,
        turn: bool = False,
    ) -> None:
        self.board, self.card, self.caps = board, card, caps
        self.certificate, self.layout = certificate, layout
        # Per place: the crowded card put there, -1 for none, or _AS_NOW for
        # the one lying there now (see ``on``).
        self.taken = [_AS_NOW] * _PLACES
        # Per crowded card: the place it was put on, or -1 (where it lies now,
        # or nowhere yet if displaced).
        self.put = [-1] * 52
        self.known: list[list[int] | None] = [None] * 52  # crowded card: its places
        # The crowded cards picked up before the moment (``picked_up``): none
        # lies where it lies now, but on a parent that reaches the end.
        self.moved = [False] * 52
        self.displaced: list[int] = []
        if turn:  # the moment ``card`` first reaches the end: nothing lies on it
            self.low = card
            self._pick(card)
        else:  # the moment ``card`` goes home: nothing lies on low..card
            self.low = card - card % 13
            for gone in range(self.low + board.found[card // 13], card + 1):
                self._pick(gone)

    def _pick(self, card: int) -> None:
        """The crowded cards picked up before ``card`` reaches the end are
        moved, and displaced unless already put elsewhere."""
        caps, taken, put, moved = self.caps, self.taken, self.put, self.moved
        for each in picked_up(self.board, card):
            if each % 13 >= caps[each // 13] and not moved[each]:
                moved[each] = True
                self.known[each] = None
                here = self.layout[0][each]
                if taken[here] == each:
                    taken[here] = -1  # put back where it lies now: not so
                    put[each] = -1
                if put[each] < 0:
                    self.displaced.append(each)

    def next(self, card: int) -> None:
        """The card after ``self.card`` of its suit: ``self.card`` has gone
        home (its cap is lifted), so it needs no place, and the crowded card
        on ``card``, if any, is displaced."""
        gone, self.card = self.card, card
        taken, put = self.taken, self.put
        if put[gone] >= 0:
            taken[put[gone]] = -1  # free, whoever lay there before
            put[gone] = -1
        on = taken[card]
        taken[card] = _AS_NOW
        if on >= 0:
            put[on] = -1
            self.displaced.append(on)
        self._pick(card)

    def on(self, spot: int) -> int:
        """The crowded card on a place, or -1: the one put there, else the
        one lying there now."""
        taken = self.taken[spot]
        if taken != _AS_NOW:
            return taken
        each = self.layout[1][spot]
        if each < 0 or each % 13 < self.caps[each // 13] or self.moved[each]:
            return -1
        return each

    def spots(self, crowded: int) -> list[int]:
        """The places it may lie on, but for the card and the lower cards
        of its suit (``room`` leaves those out as ``self.card`` moves on)."""
        found = self.known[crowded]
        if found is None:
            top, moves, empty = self.certificate
            here = self.layout[0][crowded]
            found = [] if self.moved[crowded] else [here]
            if moves[crowded]:
                for p in self.board.parents[crowded]:
                    if top[p]:
                        found.append(p)
                if crowded % 13 == 12 and empty:
                    found.extend(_BASES)
            self.known[crowded] = found
        return found

    def room(self) -> bool:
        """Whether every displaced card finds a place: a free one first,
        then by augmenting paths (most gates need them: at first every card
        not home is crowded, so most places are held)."""
        low, card = self.low, self.card
        left = []
        for crowded in self.displaced:
            for spot in self.spots(crowded):
                if not low <= spot <= card and self.on(spot) < 0:
                    self.taken[spot] = crowded
                    self.put[crowded] = spot
                    break
            else:
                left.append(crowded)
        self.displaced = left
        while left:
            if not self.place(left[-1], [False] * _PLACES):
                return False
            left.pop()
        return True

    def place(self, crowded: int, tried: list[bool]) -> bool:
        """Kuhn's augmenting path from ``crowded`` through places not tried."""
        low, card = self.low, self.card
        for spot in self.spots(crowded):
            if tried[spot] or low <= spot <= card:
                continue
            tried[spot] = True
            other = self.on(spot)
            if other < 0 or self.place(other, tried):
                self.taken[spot] = crowded
                self.put[crowded] = spot
                return True
        return False
