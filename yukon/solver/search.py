"""Depth-first searches over Yukon positions with a table of seen positions.

Each search works on its own compact, mutable copy of the position (card
indices 0-51 as in the engine, moves applied and taken back in place), so it
never touches the ``Game`` it was given and never relies on the engine's
100-move undo history. A position's key is its columns as bytes (face-down
count, then cards), sorted, so positions that differ only in the order of
the columns are searched once.

Soundness matters more than speed: ``Verdict.LOST`` is only returned when a
search over the full move set has run dry. Its pruning rules each come with
a proof that they never discard the last winning line (see
``_Search.is_safe_home``, ``_Search.is_dead``, ``_Search.is_stuck``,
``_Search.twins_stuck``, ``_Search.twins_chained``, ``_Search.ordered``
and ``_Search.children``). The narrow searches that find most wins (see
``Mode``) are never used for a proof.

>>> from yukon.engine import Game
>>> result = solve(Game.from_code("YU1-C-AAAAAAB"), max_seconds=None, max_nodes=20000)
>>> result.verdict
<Verdict.WON: 'won'>
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from operator import itemgetter

from yukon.engine.game import Game
from yukon.engine.moves import FOUNDATION, MAX_GROUP, MOVE_TABLE, Move
from yukon.engine.rules import Rules
from yukon.solver import helper as helper_process

_COLUMNS = 7
_first = itemgetter(0)
_KINGS = (12, 25, 38, 51)
_TIME_CHECK_EVERY = 16
_SEPARATOR = b"\xff"
# Positions in one slice of a search's turn.
_SLICE = 1000
# Certificates of stuck positions each search keeps (see ``is_stuck``):
# three take about 30 % less time than one on the positions of hard deals.
_CERTIFICATES = 3
# The case split of the twins (``_Search.twins_stuck``) tries both cases of
# every pair, and goes on in rounds while it orders more (as
# ``twins_chained``), only at positions at most this many cards turned up
# below the start of the search: the orders learnt there are carried to the
# most positions below. Deeper, the second case is tried only when the first
# is impossible. Deal 280 (lost), full move set, positions to the proof:
# depth-first 143,000 with neither, 61,000 with both cases within 3 cards,
# 42,000 with rounds too, 33,000 within 5; best-first 64,000 within 3,
# 33,000 with rounds.
_BOTH_CASES_WITHIN = 5
# Deeper than this many cards turned up below the start, the proving searches
# try no case split at all: the positions there only keep the orders carried
# down to them. On deals 116, 156, 218, 255, 280, 299 and 388 (lost) the
# splits deeper than that never cut a position (the same counts, both full
# searches), and leaving them out saves up to a quarter of the time (255:
# 14-16 s instead of 20 s alone).
_SPLIT_WITHIN = 8

_Line = list[tuple[int, int, int]]
# A proof of ``_Search.is_stuck``: its top() and moves() sets and whether a
# column can be empty.
_Certificate = tuple[list[bool], list[bool], bool]
# Which twin of a pair is picked up second in every won game (see
# ``_Search.twins_stuck``), as that twin: the other one.
_Order = dict[int, int]
# A proof of ``_Search.twins_stuck`` or ``twins_chained``: the orders it took
# as given (see ``_Search.proven_lost``), then each impossible case (the
# conditions on the twins picked up second) and its certificate.
_TwinCase = tuple[_Order, _Certificate]
_TwinProof = tuple[_Order, list[_TwinCase]]
_NO_ORDERS: _Order = {}
# Pairs of twins (``_Search.twins_stuck``): same rank, same colour, not Kings.
_TWINS = tuple((rank, 39 + rank) for rank in range(12)) + tuple(
    (13 + rank, 26 + rank) for rank in range(12)
)
# Each card's twin (-1 for Kings).
_TWIN = [-1] * 52
for _y, _y2 in _TWINS:
    _TWIN[_y], _TWIN[_y2] = _y2, _y


class Verdict(Enum):
    """What the search proved about a position."""

    WON = "won"
    LOST = "lost"
    UNKNOWN = "unknown"


@dataclass
class SolveResult:
    """The verdict, the winning line (engine moves, empty unless won) and the cost."""

    verdict: Verdict
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0


def _bits(cards: _Order) -> int:
    return sum(1 << card for card in cards)


def _facts_without(masks: list[int], bits: int) -> list[int]:
    """The plain fixpoint's facts (see ``_Search._fixpoint``) that rest on
    none of the cards in ``bits``: they hold in a gated fixpoint that gates
    those cards, as they hold even if none of them ever moves."""
    return [fact for fact in range(104) if not masks[fact] & bits]


def _is_red(card: int) -> bool:
    return 13 <= card < 39


def _tables(rules: Rules) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """``fits[t]``: cards that may lie on ``t``; ``parents[c]``: cards ``c`` may lie on."""
    fits = tuple(tuple(c for c in range(52) if rules.fits(c, t)) for t in range(52))
    parents = tuple(tuple(t for t in range(52) if rules.fits(c, t)) for c in range(52))
    return fits, parents


_TABLES = {rules: _tables(rules) for rules in Rules}
# For each rule set and foundation heights (as bytes), which suits' next
# card is safe to send home (see ``_Search.is_safe_home``): filled as met.
_SAFE_BY_HEIGHTS: dict[Rules, dict[bytes, list[bool]]] = {rules: {} for rules in Rules}


class Mode(Enum):
    """Which moves a search tries.

    Only ``FULL`` (every move but the provably useless ones) can prove a loss.
    The others leave out moves that are rarely needed, which is unsound for a
    proof but keeps them out of the huge space of rearrangements that traps
    the full search, so together they find most wins far sooner:

    * ``NO_LIFT``: no take-backs, and no lifting a card off a card it fits on;
    * ``FOCUSED``: also lifts a card off a card it does not fit on only to
      uncover a wanted card (see ``_Search.wanted_parents``);
    * ``CHAINED``: as ``FOCUSED`` with a wider notion of wanted.
    """

    FULL = 0
    NO_LIFT = 1
    FOCUSED = 2
    CHAINED = 3


class _Search:
    """One depth-first search: the mutable position, its stack, the positions seen."""

    # Whether running dry over the ``FULL`` moves proves the position lost.
    exhaustive = True

    def __init__(
        self,
        game: Game,
        mode: Mode = Mode.FULL,
        lost: dict[bytes, bool] | None = None,
        learnt: dict[bytes, _Order] | None = None,
    ) -> None:
        self.mode = mode
        # The mode's tests, looked up on every position (see ``children``).
        self.full_moves = mode is Mode.FULL
        self.focused = mode in (Mode.FOCUSED, Mode.CHAINED)
        self.chained = mode is Mode.CHAINED
        # Positions already checked by the quick proofs, by key, shared by the
        # searches of one ``solve``: the proofs look only at the position, so
        # every search can use the answer (see ``proven_lost``).
        self.lost: dict[bytes, bool] = {} if lost is None else lost
        # The orders of twins (see ``proven_lost``) the proving searches
        # learnt at a position, by key, from the position alone: shared too.
        self.learnt: dict[bytes, _Order] = {} if learnt is None else learnt
        # The orders known at the position ``proven_lost`` last found open.
        self.orders: _Order = _NO_ORDERS
        # The top() and moves() sets (and the empty-column flag) of the last
        # positions ``is_stuck`` proved stuck, the latest used first: see there.
        self.certificates: list[_Certificate] = []
        # The same for ``twins_stuck`` and ``twins_chained``: each impossible
        # case of a proof with its certificate.
        self.twin_certificates: list[_TwinProof] = []
        # Whether this search tries ``twins_stuck`` (see ``proven_lost``).
        self.twins = mode is Mode.FULL and self.exhaustive and game.rules is Rules.CLASSIC
        self.rules = game.rules
        self.fits, self.parents = _TABLES[game.rules]
        self.safe_by_heights = _SAFE_BY_HEIGHTS[game.rules]
        self.cols: list[list[int]] = [list(column) for column in game._cols]
        self.down: list[int] = list(game._down)
        self.down_at_start = sum(self.down)
        self.found: list[int] = list(game._found)
        self.loc_col = [-1] * 52
        self.loc_pos = [0] * 52
        for c, column in enumerate(self.cols):
            for pos, card in enumerate(column):
                self.loc_col[card] = c
                self.loc_pos[card] = pos
        self.col_keys = [self._col_key(c) for c in range(_COLUMNS)]
        # Column keys replaced by ``apply``, for ``undo`` to put back.
        self.saved_keys: list[bytes] = []
        self.seen: set[bytes] = set()
        # Whether ``seen`` is another search's, handed over by ``solve``, and
        # whether this search has started again alone (see ``start_again_alone``).
        self.sharing = False
        self.alone_again = False
        self.nodes = 0
        self.path: _Line = []
        self.flips: list[bool] = []
        self.stack: list[_Line] = []
        self.index: list[int] = []
        self.known: list[_Order] = []
        self.verdict: Verdict | None = None
        # Only a ``_Paced`` search sets these (see there).
        self.pace: int | None = None
        self.left: list[int] = []
        self.allowed: dict[bytes, int] = {}

    # ------------------------------------------------------------ position

    def _col_key(self, c: int) -> bytes:
        return bytes((self.down[c], *self.cols[c]))

    def key(self) -> bytes:
        """The position up to the order of the columns, which never matters."""
        return _SEPARATOR.join(sorted(self.col_keys)) + bytes(self.found)

    def peek(self, src: int, count: int, dst: int) -> bytes:
        """The ``key`` of the position after a move, without playing it.

        Most moves lead to positions already seen; building the key from the
        column keys (face-down count then cards, as bytes) is much cheaper
        than playing the move and taking it back.
        """
        keys = self.col_keys[:]
        found = self.found
        if src >= FOUNDATION:
            suit = src - FOUNDATION
            heights = found[:]
            heights[suit] -= 1
            moving = bytes((suit * 13 + found[suit] - 1,))
        else:
            heights = found if dst < FOUNDATION else found[:]
            old = keys[src]
            left = len(old) - 1 - count
            hidden = old[0]
            if left and hidden == left:
                keys[src] = bytes((hidden - 1,)) + old[1 : 1 + left]
            else:
                keys[src] = old[: 1 + left]
            moving = old[1 + left :]
        if dst >= FOUNDATION:
            heights[dst - FOUNDATION] += 1
        else:
            keys[dst] += moving
        keys.sort()
        return _SEPARATOR.join(keys) + bytes(heights)

    def is_won(self) -> bool:
        return self.found == [13, 13, 13, 13]

    def apply(self, src: int, count: int, dst: int) -> bool:
        """Play a move known to be legal; returns whether a card was turned up."""
        cols, loc_col, loc_pos = self.cols, self.loc_col, self.loc_pos
        flipped = False
        if src >= FOUNDATION:
            suit = src - FOUNDATION
            moving = [suit * 13 + self.found[suit] - 1]
            self.found[suit] -= 1
        else:
            column = cols[src]
            moving = column[-count:]
            del column[-count:]
            if column and self.down[src] == len(column):
                self.down[src] -= 1
                flipped = True
            self.saved_keys.append(self.col_keys[src])
            self.col_keys[src] = self._col_key(src)
        if dst >= FOUNDATION:
            self.found[dst - FOUNDATION] += 1
            loc_col[moving[0]] = -1
        else:
            target = cols[dst]
            base = len(target)
            target.extend(moving)
            for offset, card in enumerate(moving):
                loc_col[card] = dst
                loc_pos[card] = base + offset
            self.saved_keys.append(self.col_keys[dst])
            self.col_keys[dst] = self._col_key(dst)
        return flipped

    def undo(self, src: int, count: int, dst: int, flipped: bool) -> None:
        """Take back a move played with ``apply``."""
        cols, loc_col, loc_pos = self.cols, self.loc_col, self.loc_pos
        if dst >= FOUNDATION:
            suit = dst - FOUNDATION
            moving = [suit * 13 + self.found[suit] - 1]
            self.found[suit] -= 1
        else:
            target = cols[dst]
            moving = target[-count:]
            del target[-count:]
            self.col_keys[dst] = self.saved_keys.pop()
        if src >= FOUNDATION:
            self.found[src - FOUNDATION] += 1
            loc_col[moving[0]] = -1
        else:
            if flipped:
                self.down[src] += 1
            column = cols[src]
            base = len(column)
            column.extend(moving)
            for offset, card in enumerate(moving):
                loc_col[card] = src
                loc_pos[card] = base + offset
            self.col_keys[src] = self.saved_keys.pop()

    # ------------------------------------------------------------ pruning

    def is_safe_home(self, card: int) -> bool:
        """Whether ``card`` (next on its foundation) may be sent home without loss.

        Let G be every card that could ever be stacked on ``card`` in a
        column: in Classic the opposite-colour cards of lower rank ``r - 1``,
        then same-colour ``r - 2``, and so on; in Relaxed every card of rank
        below ``r``. G is closed: anything that fits on a G card is in G. If all
        of G is home, a G card can only reach a column by a take-back and then
        carries nothing but other G cards, so G cards in columns always form a
        top segment and never uncover anything. Deleting from any winning line
        every move of ``card`` and of G cards (and shortening groups that
        carried them) gives a legal winning line from the position with
        ``card`` already home: destination tops and foundation heights seen by
        the remaining moves are unchanged, and at least as many cards are face
        up. So playing the move first loses nothing, and the search may force
        it. Aces (G empty) are always safe.
        """
        rank = card % 13 + 1
        if rank <= 1:
            return True
        found = self.found
        if self.rules is Rules.RELAXED:
            return min(found) >= rank - 1
        if _is_red(card):
            return min(found[0], found[3]) >= rank - 1 and min(found[1], found[2]) >= rank - 2
        return min(found[1], found[2]) >= rank - 1 and min(found[0], found[3]) >= rank - 2

    def proven_lost(self, key: bytes, orders: _Order = _NO_ORDERS) -> bool:
        """After a card turned up: is the position ``key`` (just reached)
        proven lost by the quick proofs? Answers are shared between searches.

        The searches that prove losses also try ``twins_stuck``, given the
        ``orders`` of twins known to hold here, and leave in ``self.orders``
        those it learns (see ``twins_stuck``); the others read its answers but
        do not pay for it (given it, the paced search settled no more of the
        hard deals). A position found open is marked so by its key; the
        orders learnt from the position alone are kept by key in ``learnt``,
        so a search that comes with none knows them at once.
        """
        self.orders = orders
        known = self.lost.get(key)
        learnt = self.learnt.get(key)
        if known or not self.twins:
            if known is None:
                known = self.lost[key] = self.is_dead() or self.is_stuck()
            if learnt and not known:
                self.orders = {**learnt, **orders}
            return known
        if learnt is not None:
            if not orders:
                self.orders = learnt
                return False
            orders = {**learnt, **orders}
        # Certificates first: on a plateau most positions are settled by one.
        fresh = known is None
        turned = self.down_at_start - sum(self.down)
        if (fresh and (self.is_dead() or self._certified())) or self._twins_certified(orders):
            lost = True
        elif turned > _SPLIT_WITHIN:
            # Too deep to be worth a case split (no masks needed): the orders
            # known stand.
            lost = fresh and self._proved(None)
        else:
            masks = [-1] * 105
            if fresh and self._proved(masks):
                lost = True
            else:
                if known is False:
                    self._fixpoint(None, masks)
                both = turned <= _BOTH_CASES_WITHIN
                learnt = self._twin_cases(masks, orders, both, both)
                lost = learnt is None
                if learnt is not None:
                    self.orders = learnt
                    if not orders:
                        self.learnt[key] = learnt
        self.lost[key] = lost
        return lost

    def is_dead(self) -> bool:
        """Whether a quick argument proves the position lost.

        In a column with face-down cards, its lowest face-up card W must leave
        the column before any of them can turn up. W leaves to its foundation
        (all lower cards of its suit must be home first), onto a parent card
        (rank + 1, right colour, at the end of another column, or taken back
        from a foundation) or, a King, to an empty column. Call a column open
        once that is possible using only cards that are face up, home, or
        face down in columns already shown open; iterate to a fixpoint. In a
        won game, the first column (among those never shown open) whose W
        leaves would, at that moment, have used only such cards, so it would
        have been shown open: if a column stays closed, the game is lost.
        """
        cols, down, parents = self.cols, self.down, self.parents
        blocked = [c for c in range(_COLUMNS) if down[c]]
        if not blocked:
            return False
        hidden = [False] * 52
        for c in blocked:
            for card in cols[c][: down[c]]:
                hidden[card] = True
        progress = True
        while progress and blocked:
            progress = False
            for c in blocked:
                w = cols[c][down[c]]
                ok = w % 13 == 12
                if not ok:
                    for p in parents[w]:
                        if not hidden[p]:
                            ok = True
                            break
                if not ok:
                    base = w - w % 13
                    ok = not any(hidden[base:w])
                if ok:
                    blocked.remove(c)
                    for card in cols[c][: down[c]]:
                        hidden[card] = False
                    progress = True
                    break
        return bool(blocked)

    def is_stuck(self) -> bool:
        """Whether a finer argument, card by card, proves the position lost.

        Two kinds of event are over-approximated, starting from "never" and
        growing to a fixpoint: *top(X)*, card X is ever the end card of a
        column or home, and *moves(Y)*, card Y is ever picked up as the bottom
        card of a group. By induction on the time of each event's first
        occurrence in any line of play:

        * X first becomes the end card only when the card now lying directly
          on it is picked up as a bottom card (carrying X along keeps it
          covered; nothing can be put on a covered card). So top(X) needs X
          home or at the end now, or moves(card on X).
        * Y is first picked up when face up (now, or turned up, i.e. top(Y))
          and going: as a King to an empty column (one exists now, or some
          column's bottom card is picked up first); onto a parent P at the end
          of another column, so top(P); or home, so top(Y) and top(L) for
          every lower card L of its suit. A card P or L lying under Y in its
          column cannot be at the end of another column or home before Y is
          first picked up unless some card between them is picked up first
          (taking Y away): so it counts only if moves() holds for a card
          between. Likewise a parent P lying above Y in Y's own group must
          first leave with a group picked up at a card above Y, up to P.

        Every card must be at the end of a column to go home, so if top(X)
        stays false for some X the position is lost.

        Proving a position stuck yields a *certificate*: the final top() and
        moves() sets. They hold every starting fact and no rule adds to them,
        so the least fixpoint lies within them. The next position is checked
        against the last few certificates first: if one still holds this
        position's starting facts and is closed under its rules (one sweep,
        no fixpoint), some card still never reaches the end, and the position
        is stuck too. Most positions a search meets after a proven one differ
        only where the proof does not look.
        """
        return self._certified() or self._proved(None)

    def _certified(self) -> bool:
        """Whether one of the last certificates of ``is_stuck`` holds here."""
        certificates = self.certificates
        for number, (top, moves, empty) in enumerate(certificates):
            if self._holds_facts(top, empty) and not self._sweep(top, moves, empty, None):
                if number:
                    certificates.insert(0, certificates.pop(number))
                return True
        return False

    def _proved(self, masks: list[int] | None) -> bool:
        """``is_stuck`` without the certificates; keeps the new certificate."""
        found = self._fixpoint(None, masks)
        if found is None:
            return False
        certificates = self.certificates
        certificates.insert(0, found)
        del certificates[_CERTIFICATES:]
        return True

    def _fixpoint(
        self,
        gates: dict[int, int] | None,
        masks: list[int] | None = None,
        start: Sequence[int] = (),
        start_masks: list[int] | None = None,
        facts: tuple[list[bool], list[bool]] | None = None,
    ) -> _Certificate | None:
        """The least fixpoint of ``is_stuck``'s rules: its top(), moves() and
        empty-column facts, or None if it is not stuck.

        ``gates`` (Z: W, ...) adds the condition of ``twins_stuck`` on each Z;
        then the answer is None as soon as moves(Z) holds for every Z, and
        otherwise the facts, some moves(Z) false. ``start``: facts known to be
        in the fixpoint already (a card X for top(X), 52 + Y for moves(Y)).
        ``masks``, if given, gets for each fact learnt the cards whose being
        picked up it rests on, as bits: see ``twins_stuck``; a start fact's
        are taken from ``start_masks``. ``facts``, instead of ``start`` (and
        without ``masks``): the top() and moves() facts to start from as
        lists, the starting facts among them (they are used as they are).
        """
        assert masks is None or not start or start_masks is not None
        assert facts is None or (masks is None and not start)
        if facts is None:
            top, empty = self._starting_facts()
            moves = [False] * 52
        else:
            top, moves = facts
            empty = not all(self.cols)
        if masks is not None:
            for card in range(52):
                if top[card]:
                    masks[card] = 0
            if empty:
                masks[104] = 0
        for fact in start:
            if fact < 52:
                top[fact] = True
            else:
                moves[fact - 52] = True
            if masks is not None:
                masks[fact] = start_masks[fact]  # type: ignore[index]
        gated = list(gates or ())
        # A King needs an empty column: one now, or a column whose bottom
        # card is picked up some time (only that empties a column).
        bottoms = [column[0] for column in self.cols if column]
        # Columns where every card is known to be picked up and to reach the
        # end: nothing more can be learnt from them.
        todo = [c for c in range(_COLUMNS) if self.cols[c]]
        while True:
            if not gated and all(top):
                return None  # every card can reach the end of a column
            if gated and all(moves[z] for z in gated):
                return None  # from here on the plain fixpoint, which is open
            if not empty:
                for b in bottoms:
                    if moves[b]:
                        empty = True
                        if masks is not None:
                            masks[104] = masks[52 + b]
                        break
            if not self._sweep(top, moves, empty, todo, gates, masks):
                return top, moves, empty

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
        lost: deal 354 is proven lost in about 2,000 positions instead of
        about 940,000.
        """
        if self.rules is not Rules.CLASSIC:
            return False  # any card of the next rank takes a card: no twins
        if self._twins_certified(_NO_ORDERS):
            return True
        masks = [-1] * 105
        return self._fixpoint(None, masks) is not None or self._twin_cases(masks) is None

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
        ``_BOTH_CASES_WITHIN``): tried at every card turned up, it cost more
        than it saved (the full search proved deal 299 lost in 3.1 s instead
        of 0.5 s, deal 280 in 14 s instead of 5.6 s). At the start it proves
        deals 306, 321 and 410 lost at once. The orders it finds are left in
        ``self.orders``.
        """
        self.orders = _NO_ORDERS
        if self.rules is not Rules.CLASSIC:
            return False
        masks = [-1] * 105
        if self._fixpoint(None, masks) is not None:
            return True
        orders = self._twin_cases(masks, _NO_ORDERS, True)
        if orders is None:
            return True
        self.orders = orders
        return False

    def _twins_certified(self, orders: _Order) -> bool:
        """Whether one of the last proofs of ``twins_stuck`` or
        ``twins_chained`` holds here, given the ``orders`` known here: the
        orders it took as given are among them and every case's
        certificate holds."""
        certificates = self.twin_certificates
        loc_col = self.loc_col
        for number, (given, proof) in enumerate(certificates):
            if given and any(orders.get(z) != w for z, w in given.items()):
                continue
            for gates, (top, moves, empty) in proof:
                if any(loc_col[z] < 0 or loc_col[w] < 0 for z, w in gates.items()):
                    break
                if all(moves[z] for z in gates):
                    break  # not a proof of this case
                if not self._holds_facts(top, empty) or self._sweep(top, moves, empty, None, gates):
                    break
            else:
                if number:
                    certificates.insert(0, certificates.pop(number))
                return True
        return False

    def _twin_cases(
        self,
        masks: list[int],
        given: _Order = _NO_ORDERS,
        chained: bool = False,
        both: bool = True,
    ) -> _Order | None:
        """``twins_stuck``'s case split (``twins_chained``'s if ``chained``),
        given the plain fixpoint's ``masks`` and the orders known here:
        None if it proves the position lost (its certificates are kept),
        else every order known here, those ``given`` and those found."""
        loc_col = self.loc_col
        forced = dict(given)  # second twin: the other
        proof: list[_TwinCase] = []  # the impossible cases found
        # The cases start from the fixpoint gated by the given orders, with
        # its own masks: facts resting on none of the cards gated since hold.
        base = masks
        if forced:
            base = [-1] * 105
            if self._forced_alone(masks, forced, given, proof, base):
                return None
        base_bits = _bits(given)
        open_pairs = []
        for y, y2 in _TWINS:
            if loc_col[y] < 0 or loc_col[y2] < 0 or y in forced or y2 in forced:
                continue
            cases = self._pair_cases(y, y2, forced, base, base_bits, both)
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
                cases = self._pair_cases(y, y2, forced, base, base_bits, True)
                before = len(forced)
                if self._settle_pair(y, y2, cases, given, forced, proof):
                    return None
                changed = changed or len(forced) > before
        return forced

    def _pair_cases(
        self, y: int, y2: int, forced: _Order, base: list[int], base_bits: int, both: bool
    ) -> list[tuple[_Order, _Certificate | None]]:
        """The two cases of twins ``y``, ``y2`` under the ``forced`` orders
        (``y`` second, then ``y2`` second): each its gates and its proof of
        impossibility, if found. ``base``: the masks of the fixpoint the
        cases start from, gated by the orders whose cards are ``base_bits``.
        Without ``both`` the second case is tried only if the first is
        impossible."""
        bits = _bits(forced) & ~base_bits
        cases: list[tuple[_Order, _Certificate | None]] = []
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
        forced: _Order,
        given: _Order,
        proof: list[_TwinCase],
        record: list[int] | None = None,
    ) -> bool:
        """Whether the ``forced`` orders alone are impossible together (then
        the proof is kept); ``record`` gets the masks of their fixpoint."""
        start = _facts_without(masks, _bits(forced))
        alone = self._fixpoint(dict(forced), record, start, masks)
        if alone is None:
            return False
        self._keep_twin_proof(given, [*proof, (dict(forced), alone)])
        return True

    def _settle_pair(
        self,
        y: int,
        y2: int,
        cases: Sequence[tuple[_Order, _Certificate | None]],
        given: _Order,
        forced: _Order,
        proof: list[_TwinCase],
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

    def _keep_twin_proof(self, given: _Order, cases: list[_TwinCase]) -> None:
        """Keep a proof's certificates for ``_twins_certified``, latest first."""
        certificates = self.twin_certificates
        certificates.insert(0, (given, cases))
        del certificates[_CERTIFICATES:]

    def _refute_second(
        self, z: int, w: int, gates: _Order, masks: list[int], bits: int
    ) -> _Certificate | None:
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
        return self._fixpoint(gates, None, facts=(top, moves))

    def _gate_met_without(self, z: int, w: int, masks: list[int], bits: int) -> bool:
        """Whether twin ``z`` can be picked up with its condition met by
        facts that rest on none of the gated cards ``bits`` (they hold even
        if none of those ever moves): then gating ``z`` changes nothing, and
        the case is not proven impossible."""
        one, other = (not masks[p] & bits for p in self.parents[z])
        if (one and other) or (
            (one or other) and not any(masks[c] & bits for c in range(w - w % 13, w + 1))
        ):
            return True  # Z's condition is met without Z
        return not any(masks[c] & bits for c in range(z - z % 13, z + 1))  # Z goes home

    def _starting_facts(self) -> tuple[list[bool], bool]:
        """top() as it starts (cards home and end cards) and whether a column
        is empty now."""
        top = [False] * 52
        found = self.found
        for suit in range(4):
            for card in range(suit * 13, suit * 13 + found[suit]):
                top[card] = True
        empty = False
        for column in self.cols:
            if column:
                top[column[-1]] = True
            else:
                empty = True
        return top, empty

    def _holds_facts(self, top: list[bool], empty: bool) -> bool:
        """Whether a certificate's ``top`` and ``empty`` hold this position's
        starting facts (see ``_starting_facts``)."""
        found = self.found
        for suit in range(4):
            for card in range(suit * 13, suit * 13 + found[suit]):
                if not top[card]:
                    return False
        for column in self.cols:
            if column:
                if not top[column[-1]]:
                    return False
            elif not empty:
                return False
        return True

    def _sweep(
        self,
        top: list[bool],
        moves: list[bool],
        empty: bool,
        todo: list[int] | None,
        gates: dict[int, int] | None = None,
        masks: list[int] | None = None,
    ) -> bool:
        """One pass of ``is_stuck``'s rules over the columns in ``todo``;
        returns whether it learnt anything. With ``todo`` None it only checks
        a certificate: every column, nothing changed, stops at the first
        fact the rules would add (a column's bottom card picked up while
        ``empty`` is unset counts as one). ``gates`` and ``masks``: see
        ``_fixpoint``."""
        cols, down, found, parents = self.cols, self.down, self.found, self.parents
        loc_col, loc_pos = self.loc_col, self.loc_pos
        check = todo is None
        changed = False

        for c in range(_COLUMNS) if check else todo[:]:
            column = cols[c]
            hidden = down[c]
            size = len(column)
            if check and size and moves[column[0]] and not empty:
                return True
            # below[pos]: the highest position under pos whose card moves.
            below = [-1] * size
            highest = -1
            for pos in range(size):
                below[pos] = highest
                if moves[column[pos]]:
                    highest = pos
            nearest = size  # the lowest position above pos whose card moves
            finished = True
            for pos in range(size - 1, -1, -1):
                card = column[pos]
                if not top[card] and moves[column[pos + 1]]:
                    if check:
                        return True
                    top[card] = True
                    if masks is not None:
                        masks[card] = masks[52 + column[pos + 1]]
                    changed = True
                if moves[card]:
                    nearest = pos
                    if not top[card]:
                        finished = False
                    continue
                finished = False
                if pos < hidden and not top[card]:
                    continue
                lowest = below[pos]
                rank = card % 13
                ok = rank == 12 and empty
                if ok and masks is not None:
                    why = masks[104]
                if not ok:
                    for p in parents[card]:
                        if not top[p]:
                            continue
                        if masks is not None:
                            why = masks[p]
                        if loc_col[p] == c:
                            at = loc_pos[p]
                            if at < pos and lowest <= at:
                                continue  # still under the card
                            if at > pos and nearest > at:
                                continue  # still in the card's own group
                            if masks is not None:
                                why |= masks[52 + column[lowest if at < pos else nearest]]
                        if gates and card in gates:
                            w = gates[card]
                            one, other = parents[card]
                            q = other if p == one else one
                            if top[q]:
                                if masks is not None:
                                    why |= masks[q]
                            elif all(top[w - w % 13 : w + 1]):
                                if masks is not None:
                                    for low in range(w - w % 13, w + 1):
                                        why |= masks[low]
                            else:
                                continue  # the other parent, or W home
                        ok = True
                        break
                if not ok and top[card]:
                    ok = True
                    suit_base = card - rank
                    if masks is not None:
                        why = masks[card]
                        if lowest >= 0:
                            why |= masks[52 + column[lowest]]
                    for low in range(suit_base + found[card // 13], card):
                        if not top[low] or (loc_col[low] == c and lowest <= loc_pos[low] < pos):
                            ok = False
                            break
                        if masks is not None:
                            why |= masks[low]
                if ok:
                    if check:
                        return True
                    moves[card] = True
                    if masks is not None:
                        if pos < hidden:
                            why |= masks[card]
                        masks[52 + card] = why | (1 << card)
                    changed = True
                    nearest = pos
            if finished and not check:
                todo.remove(c)
        return changed

    # ------------------------------------------------------------ moves

    def wanted_parents(self, chained: bool) -> set[int]:
        """Cards worth uncovering: parents of cards whose move would help.

        A move helps if it turns up a face-down card or uncovers a card that
        can go home. ``chained`` also counts uncovering a card that is itself
        wanted, iterated to a fixpoint (more moves, slower but finds others).
        """
        cols, down, found, parents = self.cols, self.down, self.found, self.parents
        loc_col, loc_pos = self.loc_col, self.loc_pos
        wanted: set[int] = set()
        for c in range(_COLUMNS):
            if down[c]:
                wanted.update(parents[cols[c][down[c]]])
        todo = [s * 13 + found[s] for s in range(4) if found[s] < 13]
        if chained:
            todo.extend(wanted)
        while todo:
            u = todo.pop()
            c = loc_col[u]
            if c < 0:
                continue
            pos = loc_pos[u]
            column = cols[c]
            if pos >= down[c] - 1 and pos + 1 < len(column):
                for p in parents[column[pos + 1]]:
                    if p not in wanted:
                        wanted.add(p)
                        if chained:
                            todo.append(p)
        return wanted

    def children(self) -> list[tuple[int, int, int]]:
        """The moves worth trying here, best first.

        A safe move home (see ``is_safe_home``) is forced: it is the only child.
        Pruned, with the reason:

        * a King that already lies at the bottom of a column moving to an empty
          column: the result is the same position with the columns reordered;
        * taking back a card that would be safe to send home again: by the
          argument of ``is_safe_home`` the position after the take-back wins
          only if the one before it does.

        Not pruned, though it looks pointless: lifting a group off a card X
        onto X's twin (the other card that takes the same cards, 8♠/8♣).
        A group may hold cards out of order from the deal, so it can later
        carry the twin into X's pile, or bring a card X fits on into it, and
        groups of more than 20 cards cannot move: the two positions do not
        play alike.

        Order: turning a card up (from the column with most face-down cards
        first), then moves home, uncovering a card that can go home, emptying
        a column, lifting a card off one it does not fit, lifting a card off
        one it fits on, and take-backs last.
        """
        cols, down, found, loc_col, loc_pos = (
            self.cols,
            self.down,
            self.found,
            self.loc_col,
            self.loc_pos,
        )
        # Forced safe moves home. Only the card after each foundation's top can
        # go home, and taking back the top is pruned under the same condition.
        heights = bytes(found)
        safe = self.safe_by_heights.get(heights)
        if safe is None:
            safe = [self.is_safe_home(s * 13 + found[s] - (found[s] == 13)) for s in range(4)]
            self.safe_by_heights[heights] = safe
        home: list[tuple[int, int, int]] = []
        for src in range(_COLUMNS):
            column = cols[src]
            if column:
                card = column[-1]
                suit = card // 13
                if found[suit] == card % 13:
                    if safe[suit]:
                        return [(src, 1, FOUNDATION + suit)]
                    home.append((src, 1, FOUNDATION + suit))
        # Buckets in the order of the docstring; turning a card up is sorted
        # by the face-down cards it leaves (ties keep their order).
        flips: list[tuple[int, tuple[int, int, int]]] = []
        uncover_home: list[tuple[int, int, int]] = []
        empties: list[tuple[int, int, int]] = []
        lift_off: list[tuple[int, int, int]] = []
        lift_fit: list[tuple[int, int, int]] = []
        take_backs: list[tuple[int, int, int]] = []
        fits = self.fits
        full = self.full_moves
        focused = self.focused
        wanted: set[int] | None = None  # worked out when first needed
        for dst in range(_COLUMNS):
            target = cols[dst]
            for card in fits[target[-1]] if target else _KINGS:
                src = loc_col[card]
                if src < 0:
                    if full:
                        suit = card // 13
                        if found[suit] == card % 13 + 1 and not self.is_safe_home(card):
                            take_backs.append((FOUNDATION + suit, 1, dst))
                    continue
                if src == dst:
                    continue
                pos = loc_pos[card]
                d = down[src]
                if pos < d:
                    continue
                column = cols[src]
                count = len(column) - pos
                if count > MAX_GROUP:
                    continue
                if pos == 0:
                    if target:
                        empties.append((src, count, dst))
                    # else a bottom King to an empty column
                elif pos == d:
                    flips.append((d, (src, count, dst)))
                else:
                    under = column[pos - 1]
                    if found[under // 13] == under % 13:
                        uncover_home.append((src, count, dst))
                    elif card in fits[under]:
                        if full:
                            lift_fit.append((src, count, dst))
                    else:
                        if focused:
                            if wanted is None:
                                wanted = self.wanted_parents(chained=self.chained)
                            if under not in wanted:
                                continue
                        lift_off.append((src, count, dst))
        if len(flips) > 1:
            flips.sort(key=_first, reverse=True)  # stable: ties keep their order
        return [
            *(move for _, move in flips),
            *home,
            *uncover_home,
            *empties,
            *lift_off,
            *lift_fit,
            *take_backs,
        ]

    # ------------------------------------------------------------ search

    @staticmethod
    def ordered(orders: _Order, card: int) -> _Order | None:
        """The ``orders`` of twins (see ``twins_stuck``) after a move that
        picks up ``card``, or None if the move leads to a lost position
        (``card`` is picked up before the twin it must follow)."""
        if card in orders:
            return None
        twin = _TWIN[card]
        if orders.get(twin) == card:
            return {z: w for z, w in orders.items() if z != twin}
        return orders

    def begin(self) -> None:
        """Look at the starting position; may already settle the verdict.

        The narrow searches share their root with the full one: only the full
        search counts it.
        """
        self.nodes = 1 if self.mode is Mode.FULL else 0
        if self.is_won():
            self.verdict = Verdict.WON
            return
        key = self.key()
        self.seen.add(key)
        if self.is_dead() or self.is_stuck() or (self.twins and self.twins_chained()):
            self.verdict = Verdict.LOST
            return
        if not self.twins:
            self.orders = self.learnt.get(key, _NO_ORDERS)
        elif self.orders:
            self.learnt[key] = self.orders  # for the other searches
        self.stack = [self.children()]
        self.index = [0]
        self.known = [self.orders]

    def start_again_alone(self) -> None:
        """After running dry with another search's ``seen`` set (see
        ``solve``): search again from the start with a set of its own. The
        positions counted so far stay counted."""
        spent = self.nodes
        self.seen = set()
        self.sharing = False
        self.alone_again = True
        self.verdict = None
        self.begin()
        self.nodes += spent

    def step(self, quota: int, deadline: float | None) -> None:
        """Search on for up to ``quota`` new positions or until ``deadline``.

        Sets ``verdict`` to WON (``path`` is the line) or, when the space
        is exhausted, LOST; otherwise leaves it ``None`` and the search can be
        resumed exactly where it stopped. With a ``pace`` (see ``_Paced``)
        it also keeps, for each position on the line, how many idle moves
        may still follow.
        """
        stack, index, path, flips, seen = self.stack, self.index, self.path, self.flips, self.seen
        apply, undo, peek = self.apply, self.undo, self.peek
        pace, left, allowed, cols, down = self.pace, self.left, self.allowed, self.cols, self.down
        known = self.known  # the orders of twins known at each position on the line
        remaining = 0
        stop = self.nodes + quota
        ops = 0
        while stack:
            ops += 1
            if self.nodes >= stop or (
                deadline is not None
                and ops % _TIME_CHECK_EVERY == 0
                and time.perf_counter() >= deadline
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
                orders = self.ordered(orders, cols[src][-count])
                if orders is None:
                    continue  # a twin picked up before the one it must follow
            if pace is None:
                k = peek(src, count, dst)
                if k in seen:
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
            if self.is_won():
                path.append(move)
                self.verdict = Verdict.WON
                return
            if flipped:
                if self.proven_lost(k, orders):
                    undo(src, count, dst, flipped)
                    continue
                orders = self.orders
            path.append(move)
            flips.append(flipped)
            stack.append(self.children())
            index.append(0)
            known.append(orders)
            if pace is not None:
                left.append(remaining)
        self.verdict = Verdict.LOST


class _Paced(_Search):
    """A depth-first search over the full move set that allows at most
    ``pace`` moves in a row that neither turn a card up nor send one home.

    The deals the narrow searches give up on often need a move those never
    make (a take-back, lifting a card off the one it fits on, moving a group
    that uncovers nothing), but seldom two such moves in a row. Over the full
    move set the depth-first and best-first searches sink into the many
    ways of rearranging the face-up cards; this one cannot, so it tries far
    more different lines. Running dry proves nothing. A position met again
    with more such moves left than before is searched again.
    """

    # Its running dry proves nothing (see ``solve``).
    exhaustive = False

    def __init__(
        self,
        game: Game,
        mode: Mode = Mode.FULL,
        lost: dict[bytes, bool] | None = None,
        learnt: dict[bytes, _Order] | None = None,
        pace: int = 1,
    ) -> None:
        super().__init__(game, mode, lost, learnt)
        # How many idle moves may still follow, at each position on the line
        # (``left``) and the most any search of a position allowed (``allowed``).
        self.pace = pace

    def begin(self) -> None:
        self.nodes = 0
        if self.is_won():
            self.verdict = Verdict.WON
            return
        self.allowed[self.key()] = self.pace
        self.stack = [self.children()]
        self.index = [0]
        self.known = [self.learnt.get(self.key(), _NO_ORDERS)]
        self.left = [self.pace]


class _BestFirst(_Search):
    """A best-first search over the moves of its (narrow) mode.

    A depth-first search commits to its first choices and can spend its whole
    budget below one of them. This one always expands the position seen so
    far with the fewest face-down cards (then the most cards home, then the
    newest), so it moves on as soon as a line stops turning cards up. It keeps
    a copy of every position waiting to be expanded and of the move that led
    to each, to rebuild the line of a win. Over the ``FULL`` move set it
    proves a loss when it runs dry, as the depth-first one does: it expands
    every position it reaches that the same pruning rules keep, only in
    another order.
    """

    def begin(self) -> None:
        self.nodes = 0
        if self.is_won():
            self.verdict = Verdict.WON
            return
        key = self.key()
        self.seen.add(key)
        self.parent: list[tuple[int, tuple[int, int, int] | None]] = [(-1, None)]
        # Each waiting position: its order, its snapshot, its node in
        # ``parent`` and the orders of twins known there (see ``twins_stuck``).
        self.queue: list[tuple[int, int, int, tuple, int, _Order]] = []
        orders = self.learnt.get(key, _NO_ORDERS)
        heapq.heappush(self.queue, (0, 0, 0, self.snapshot(), 0, orders))
        self.count = 0
        # A position whose expansion ran out of quota, and its moves not yet
        # tried: the next call goes on with them first, as one long call would.
        self.partial: tuple[tuple, list[tuple[int, int, int]]] | None = None

    def snapshot(self) -> tuple:
        """The position as it stands: column keys, foundations and card locations."""
        return (tuple(self.col_keys), tuple(self.found), tuple(self.loc_col), tuple(self.loc_pos))

    def restore(self, snap: tuple) -> None:
        keys, found, loc_col, loc_pos = snap
        self.col_keys = list(keys)
        self.cols = [list(key[1:]) for key in keys]
        self.down = [key[0] for key in keys]
        self.found = list(found)
        self.loc_col = list(loc_col)
        self.loc_pos = list(loc_pos)
        self.saved_keys = []

    def step(self, quota: int, deadline: float | None) -> None:
        queue, seen, parent = self.queue, self.seen, self.parent
        undo, peek = self.undo, self.peek
        stop = self.nodes + quota
        while queue or self.partial is not None:
            if self.nodes >= stop:
                return
            if self.partial is not None:
                popped, moves = self.partial
                self.partial = None
                self.restore(popped[3])
            else:
                popped = heapq.heappop(queue)
                self.restore(popped[3])
                moves = self.children()
            node, known = popped[4], popped[5]
            cols = self.cols
            for index, move in enumerate(moves):
                # The loss proofs of one expansion can take tens of
                # milliseconds near the start: the clock is read per move.
                if self.nodes >= stop or (deadline is not None and time.perf_counter() >= deadline):
                    self.partial = (popped, moves[index:])  # the rest next time
                    return
                src, count, dst = move
                orders = known
                if orders and src < FOUNDATION:
                    orders = self.ordered(orders, cols[src][-count])
                    if orders is None:
                        continue  # a twin picked up before the one it must follow
                k = peek(src, count, dst)
                if k in seen:
                    continue
                seen.add(k)
                flipped = self.play_child(move, node)
                if self.verdict is Verdict.WON:
                    return
                if flipped:
                    if self.proven_lost(k, orders):
                        undo(src, count, dst, flipped)
                        continue
                    orders = self.orders
                self.count -= 1
                entry = (sum(self.down), -sum(self.found), self.count)
                heapq.heappush(queue, (*entry, self.snapshot(), len(parent) - 1, orders))
                undo(src, count, dst, flipped)
        self.verdict = Verdict.LOST

    def play_child(self, move: tuple[int, int, int], node: int) -> bool:
        """Play ``move`` from the expanded position ``node``: count it, keep
        its parent for ``line``, and set the verdict (and the line) if it
        wins. Returns whether a card was turned up."""
        flipped = self.apply(*move)
        self.nodes += 1
        self.parent.append((node, move))
        if self.is_won():
            self.path = self.line(len(self.parent) - 1)
            self.verdict = Verdict.WON
        return flipped

    def line(self, node: int) -> _Line:
        moves: _Line = []
        while node > 0:
            node, move = self.parent[node]
            assert move is not None
            moves.append(move)
        moves.reverse()
        return moves


class _Beam(_BestFirst):
    """A beam search from turned-up card to turned-up card, for deals the
    other searches are slow on.

    From each position of the beam it tries every line of at most
    ``_BEAM_IDLE`` idle moves (neither turning a card up nor sending one
    home; breadth first) followed by one that does. Of all positions so
    reached, the ``_BEAM_WIDTH`` with the fewest face-down cards (then the
    most cards home, then the first found) form the next beam. It never
    looks back, so it goes deep at once where the best-first searches
    widen, and it runs dry within a few thousand positions when it is
    wrong. Running dry proves nothing.
    """

    exhaustive = False

    def begin(self) -> None:
        self.nodes = 0
        if self.is_won():
            self.verdict = Verdict.WON
            return
        self.parent = [(-1, None)]
        self.beam: list[tuple[tuple, int]] = [(self.snapshot(), 0)]
        # Every position an earlier level reached (a card turned up or sent
        # home), kept into the beam or not: never gone back to.
        self.reached: set[bytes] = set()
        self.start_level()

    def start_level(self) -> None:
        """Go on from each position of the beam in turn."""
        # Positions reached this level, as in ``_BestFirst.queue``.
        self.exits: dict[bytes, tuple[int, int, int, tuple, int]] = {}
        self.next_in_beam = 0
        # The line search from one position of the beam: positions to
        # expand now and after one more idle move, and those it has met.
        self.frontier: list[tuple[tuple, int]] = []
        self.following: list[tuple[tuple, int]] = []
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
            elif self.following and self.idle < _BEAM_IDLE:
                self.following.reverse()  # first found, first tried
                self.frontier, self.following = self.following, []
                self.idle += 1
            elif self.next_in_beam < len(self.beam):
                snap, node = self.beam[self.next_in_beam]
                self.next_in_beam += 1
                self.restore(snap)
                self.met = {self.key()}
                self.frontier, self.following, self.idle = [(snap, node)], [], 0
            else:
                best = sorted(self.exits.values())[:_BEAM_WIDTH]
                if not best:
                    self.verdict = Verdict.LOST  # ran dry: proves nothing
                    return
                self.reached.update(self.exits)
                self.beam = [(snap, node) for *_, snap, node in best]
                self.start_level()

    def expand(self, snap: tuple, node: int) -> None:
        """Try every move from one position of the current line search."""
        self.restore(snap)
        met, exits, parent = self.met, self.exits, self.parent
        for move in self.children():
            src, count, dst = move
            k = self.peek(src, count, dst)
            if k in met or k in self.reached:
                continue
            met.add(k)
            flipped = self.play_child(move, node)
            if self.verdict is Verdict.WON:
                return
            if flipped or dst >= FOUNDATION:
                if not (flipped and self.proven_lost(k)):
                    entry = (sum(self.down), -sum(self.found), len(exits))
                    exits[k] = (*entry, self.snapshot(), len(parent) - 1)
            elif self.idle < _BEAM_IDLE:
                self.following.append((self.snapshot(), len(parent) - 1))
            self.undo(src, count, dst, flipped)


# ``_Beam``'s width and idle moves between cards turned up or sent home.
# Wider or with more idle moves it settles other deals, but no more of them.
_BEAM_WIDTH = 30
_BEAM_IDLE = 3


# The searches that take turns: kind, moves, and how many slices per round
# while the deal is young, then once it has proved hard (see ``solve``).
# The chained depth-first search's 3 hard slices (1 before the searches
# shared their seen positions) win deal 79 in 34,000 positions of the mix
# instead of 76,000 and cost deal 5 4,000 more (53,000): of the hard deals
# of 1-500, 15 are left unknown after 55,000 positions instead of 16. The
# no-lift search's 2 (was 1) win 420 in 25,000 instead of 52,000 and 39 in
# 10,000 instead of 40,000. While the deal is young they take their turns
# in this order; once it is hard, see ``_FIRST_WHEN_HARD``: the paced search
# goes first then, with 2 slices (it had 4 going later).
_PORTFOLIO: tuple[tuple[type[_Search], Mode, int, int], ...] = (
    (_Search, Mode.NO_LIFT, 1, 2),
    (_Search, Mode.FOCUSED, 2, 1),
    (_Search, Mode.CHAINED, 1, 3),
    (_BestFirst, Mode.FOCUSED, 1, 6),
    (_BestFirst, Mode.CHAINED, 1, 3),
    (_BestFirst, Mode.FULL, 1, 3),
    (_Search, Mode.FULL, 1, 1),
    (_Paced, Mode.FULL, 1, 2),
    (_Beam, Mode.CHAINED, 1, 16),
)
# Once the deal is hard, these searches take their turns first in each
# round, in this order. The paced search wins early or not at all (184, 252,
# 270, 823, 969: 1,000-4,000 positions of its own), so it goes first with a
# small share; the beam search wins in its second turn deals all the others
# are slow on (377, 630, 86, 36, 389: 15,000-27,000 positions of the mix
# instead of 35,000-48,000). Together they cost the deals won in the others'
# second turns up to 17,000 positions more (43, 65, 800), all still settled
# within 32,000, and 270 (a third turn for the paced search) 7,000 more. Of
# the hard deals of 1-500, 18 are left unknown after 40,000 positions
# instead of 21, 19 instead of 23 after 35,000 (501-1000: 17 and 18, the
# same). While the deal is young they keep their place, so the easy deals do
# not pay for them.
_FIRST_WHEN_HARD: tuple[type[_Search], ...] = (_Paced, _Beam)
# The narrow modes whose depth-first and best-first searches share one set
# of seen positions (see ``solve``), and how many times smaller the share of
# a best-first one is once it has started again alone.
_SHARED_MODES = (Mode.FOCUSED, Mode.CHAINED)
_ALONE_AGAIN_DIVISOR = 2
# Positions (over all searches) after which the searches are split with a
# forked copy (see ``solve``): the first turn settles most deals (median
# 0.006 s), and they pay nothing for it.
_HELP_AFTER = _SLICE
# Positions (over all searches) after which a deal counts as hard: about
# 0.2 s. Most deals are settled well before; those left are mostly won by the
# best-first and beam searches, so they get the larger share from then on
# (the beam's runs dry soon on the deals it cannot win: see ``_Beam``).
_HARD_AFTER = 5000
# Once the focused depth-first search has run dry (its moves lead nowhere
# new), the deal is lost more often than not: the full best-first search,
# the quicker of the two provers on such deals, then gets this many times
# its share. On the 68 hardest deals of 1-500 at 2 s each it settled deals
# 116 and 299 (lost) in three runs out of three, and cost no other deal
# there or among the 61 hardest of 501-1000 (6 or 8 times lost a won deal).
_PROVER_BOOST = 4
# If the focused search ran dry within this many positions of its own, the
# boost is twice as large: so early, the deal is lost more often still (116
# proven lost in 41,557 positions of the mix instead of 51,557; on the hard
# deals of 1-500 settled within 50,000 positions: 16 unknown instead of 17).
_EARLY_DRY = 100


def _boost_roles(
    portfolio: Sequence[tuple[type[_Search], Mode, int, int]],
) -> tuple[int, int] | None:
    """Where in ``portfolio`` the searches of ``_PROVER_BOOST`` are: the one
    whose running dry triggers it, then the one it boosts (None if absent)."""
    kinds = [(kind, mode) for kind, mode, _, _ in portfolio]
    try:
        return kinds.index((_Search, Mode.FOCUSED)), kinds.index((_BestFirst, Mode.FULL))
    except ValueError:
        return None


def _blocked(searches: Sequence[_Search]) -> bool:
    """Whether the beam search (if any) ran dry within its first turn. Then
    the deal is blocked: of deals 1-1000 (Classic), 7 are, 3 lost or left
    unknown, 4 won by the no-lift search, none by the paced one, so the
    paced search stops and its time goes to the provers (116: the
    depth-first one then has its core to itself)."""
    return any(
        type(search) is _Beam and search.verdict is Verdict.LOST and search.nodes < _SLICE
        for search in searches
    )


def _hard_turn_rank(kind: type[_Search]) -> int:
    """Where a search of this kind takes its turn once the deal is hard:
    those of ``_FIRST_WHEN_HARD`` first, in its order, then the others."""
    return _FIRST_WHEN_HARD.index(kind) if kind in _FIRST_WHEN_HARD else len(_FIRST_WHEN_HARD)


def _step(
    search: _Search, quota: int, deadline: float | None, stop: Callable[[], bool] | None
) -> bool:
    """``search.step(quota, deadline)``; with ``stop``, in slices of at most
    ``_SLICE`` positions, asking it before each. True if ``stop`` said so.
    The slices leave the search where one call would: it resumes exactly."""
    if stop is None:
        search.step(quota, deadline)
        return False
    target = search.nodes + quota
    while search.verdict is None and search.nodes < target:
        if stop():
            return True
        before = search.nodes
        search.step(min(_SLICE, target - search.nodes), deadline)
        # Out of time: a search that reads the clock every few steps may
        # still have counted a position or two since.
        if search.nodes == before or (deadline is not None and time.perf_counter() >= deadline):
            break
    return False


_Turn = tuple[_Search, int, int]


def _portfolio_turns(game: Game, full: _Search) -> list[_Turn]:
    """The searches of ``_PORTFOLIO``, begun from ``game``, each with its
    young and hard shares. ``full`` (begun) is the full depth-first one; the
    others share its tables of quick proofs."""
    turns: list[_Turn] = []
    # The depth-first and the best-first search over the same narrow moves
    # search much the same positions. Sharing one set of seen positions
    # sends the best-first one where the depth-first one has not been (it
    # wins deal 5 in 12,449 positions of its own instead of 22,821), and
    # when it runs dry early the depth-first one gets its share (79). It
    # may run dry only because the depth-first search holds, deep on its
    # line, a position the win goes through (376: won alone in 1,364
    # positions): then it starts again alone, at a smaller share. On the
    # hard deals of 1-500, settled within 50,000 positions: 18 unknown
    # instead of 19; within 55,000: 15 instead of 17; 501-1000: the same.
    seen_by_mode: dict[Mode, set[bytes]] = {}
    for kind, mode, share, hard_share in _PORTFOLIO:
        search = (
            full
            if kind is _Search and mode is Mode.FULL
            else kind(game, mode, full.lost, full.learnt)
        )
        if search is not full:
            if mode in _SHARED_MODES and kind in (_Search, _BestFirst):
                if mode in seen_by_mode:
                    search.seen = seen_by_mode[mode]
                    search.sharing = True
                else:
                    seen_by_mode[mode] = search.seen
            search.begin()
        turns.append((search, share, hard_share))
    return turns


def solve(
    game: Game,
    max_seconds: float | None = 2.0,
    max_nodes: int | None = None,
    stop: Callable[[], bool] | None = None,
    processes: int = 2,
) -> SolveResult:
    """Search for a win from ``game``'s position (which is left unchanged).

    Several searches (see ``Mode``, ``_BestFirst``, ``_Paced`` and ``_Beam``)
    take turns, a thousand or more positions at a time: narrow ones that find
    most wins quickly, one that paces its moves and a beam search for the
    deals those are slow on, and two over the full move set, the only ones
    whose exhaustion proves ``Verdict.LOST`` (every reachable position
    searched). ``Verdict.UNKNOWN`` means the budget (seconds and/or new
    positions, counted over all searches) ran out first. With
    ``max_seconds=None`` and a ``max_nodes`` budget the result is
    deterministic. After ``_HARD_AFTER`` positions the shares change (see
    ``_PORTFOLIO``) and the paced and beam searches take their turns first
    (see ``_FIRST_WHEN_HARD``), and once the focused search has run dry one
    of them grows (see ``_PROVER_BOOST``); all of this counts positions, not
    seconds, so it keeps the result deterministic too. The depth-first and best-first
    searches over the same narrow moves share their seen positions (see
    ``_SHARED_MODES``). ``stop``, if given, is asked every
    thousand positions or so; when it answers True the search ends at once
    with ``Verdict.UNKNOWN`` (the game drops a hint nobody waits for).

    With a time limit (and no ``max_nodes``), ``processes=2`` and a second
    core, a deal the first ``_HELP_AFTER`` positions have not settled has
    its searches split between this process and a forked copy (see ``_split_turns`` and
    ``yukon.solver.helper``), so each gets about twice the time; the first
    decisive answer of either is the result, and the copy is ended before
    ``solve`` returns. ``processes=1`` keeps to this process.
    """
    start = time.perf_counter()

    def result(verdict: Verdict, line: _Line, nodes: int) -> SolveResult:
        moves = [MOVE_TABLE[src][count][dst] for src, count, dst in line]
        return SolveResult(verdict, moves, nodes, time.perf_counter() - start)

    if game.is_won:
        return result(Verdict.WON, [], 0)
    if (max_nodes is not None and max_nodes <= 0) or (max_seconds is not None and max_seconds <= 0):
        return result(Verdict.UNKNOWN, [], 0)
    deadline = None if max_seconds is None else start + max_seconds
    full = _Search(game)
    full.begin()
    if full.verdict is not None:
        return result(full.verdict, full.path, full.nodes)
    turns = _portfolio_turns(game, full)
    every = [search for search, _, _ in turns]
    roles = _boost_roles(_PORTFOLIO)

    def total() -> int:
        return sum(each.nodes for each in every)

    # After the first turn, a forked copy may take over half of the searches
    # (see ``yukon.solver.helper``): never with a budget of positions, which
    # must give the same answer every time.
    use_helper = processes > 1 and max_nodes is None and deadline is not None
    helper: helper_process.Helper | None = None
    writer: int | None = None  # in the copy: where its report goes
    at_fork = 0
    mine = set(every)  # the searches this process runs

    def finish(verdict: Verdict, line: _Line) -> SolveResult:
        if writer is not None:  # the copy reports a decisive answer and exits
            decisive = verdict is not Verdict.UNKNOWN
            report = helper_process.Report(verdict.value, line, total()) if decisive else None
            helper_process.send(writer, report)
        if verdict is Verdict.UNKNOWN and helper is not None:
            report = helper.poll()  # the copy may have answered meanwhile
            if report is not None:
                return reported(report)
        return result(verdict, line, total())

    def reported(report: helper_process.Report | None) -> SolveResult:
        if report is None:
            return result(Verdict.UNKNOWN, [], total())
        return result(Verdict(report.verdict), report.line, report.nodes + total() - at_fork)

    def interrupted() -> bool:
        return (stop is not None and stop()) or (helper is not None and helper.poll() is not None)

    try:
        while True:
            hard = total() >= _HARD_AFTER
            boosted = None
            boost = _PROVER_BOOST
            if roles is not None and every[roles[0]].verdict is not None:
                boosted = every[roles[1]]
                if every[roles[0]].nodes < _EARLY_DRY:
                    boost *= 2

            order = turns
            if hard:  # stable: the others keep their order
                order = sorted(turns, key=lambda turn: _hard_turn_rank(type(turn[0])))
            for search, share, hard_share in order:
                spent = total()
                if use_helper and spent >= _HELP_AFTER and helper_process.available():
                    # Not settled by the first turn (most deals are): from
                    # here on, half of the searches in a forked copy.
                    use_helper = False
                    tied = [tuple(s for s in every if type(s) in (_Beam, _Paced))]
                    if roles is not None:
                        tied.append((every[roles[0]], every[roles[1]]))
                    weights = [_quota(turn, True, boosted, boost) for turn in turns]
                    keep, give = _split_turns(turns, weights, tied)
                    at_fork = spent
                    forked = helper_process.fork()
                    if isinstance(forked, helper_process.Helper):
                        helper, turns = forked, keep
                    elif forked is not None:
                        writer, turns, stop = forked, give, helper_process.orphaned()
                    mine = {each for each, _, _ in turns}
                if search not in mine:
                    continue  # the other process's
                quota = _quota((search, share, hard_share), hard, boosted, boost)
                if not quota:
                    continue
                if max_nodes is not None:
                    quota = min(quota, max_nodes - spent)
                if quota <= 0 or (deadline is not None and time.perf_counter() >= deadline):
                    return finish(Verdict.UNKNOWN, [])
                check = interrupted if stop is not None or helper is not None else None
                if _step(search, quota, deadline, check):
                    return finish(Verdict.UNKNOWN, [])
                if search.verdict is Verdict.WON:
                    return finish(Verdict.WON, search.path)
                if (
                    search.verdict is Verdict.LOST
                    and search.mode is Mode.FULL
                    and search.exhaustive
                ):
                    return finish(Verdict.LOST, [])
            # An exhausted narrow search proves nothing; the others go on (one
            # that ran dry sharing another's positions, alone).
            for search, _, _ in turns:
                if search.verdict is Verdict.LOST and search.sharing:
                    search.start_again_alone()
            turns = [turn for turn in turns if turn[0].verdict is None]
            if _blocked(every):
                turns = [turn for turn in turns if type(turn[0]) is not _Paced]
            if not turns:  # only the other process has searches left
                if helper is None:
                    return finish(Verdict.UNKNOWN, [])
                return reported(helper.wait(deadline))
    finally:
        if writer is not None:  # the copy never returns from ``solve``
            helper_process.send(writer, None)
        if helper is not None:
            helper.close()


def _quota(turn: _Turn, hard: bool, boosted: _Search | None, boost: int) -> int:
    """Positions in a search's turn: its share (young or ``hard``), times
    ``boost`` if it is the ``boosted`` one, less once it started again alone."""
    search, share, hard_share = turn
    quota = _SLICE * (hard_share if hard else share)
    if search is boosted:
        quota *= boost
    if search.alone_again:
        quota //= _ALONE_AGAIN_DIVISOR
    return quota


def _split_turns(
    turns: list[_Turn], weights: list[int], tied: Sequence[tuple[_Search, ...]]
) -> tuple[list[_Turn], list[_Turn]]:
    """The searches this process keeps and those a forked copy takes over:
    two halves of about the same quota per round, so each search gets about
    twice its time. Searches that share seen positions stay together, and so
    do the searches of each group in ``tied``: the two of ``_PROVER_BOOST``
    and the beam and paced ones (see ``_blocked``), where one's verdict sets
    the other's quota. The groups holding a search that can prove a loss go
    first, one to each half: on a lost deal the others soon run dry, and each
    core keeps a prover busy. Then the larger groups first, each to the
    lighter half. The halves keep the order of ``turns``."""
    groups: list[list[int]] = []
    for number, (search, _, _) in enumerate(turns):
        for group in groups:
            members = [turns[member][0] for member in group]
            if any(search.seen is other.seen for other in members) or (
                any(search in tie and any(other in tie for other in members) for tie in tied)
            ):
                group.append(number)
                break
        else:
            groups.append([number])
    weight = [sum(weights[number] for number in group) for group in groups]
    halves: tuple[list[int], list[int]] = ([], [])
    loads = [0, 0]
    provers = [
        any(turns[n][0].mode is Mode.FULL and turns[n][0].exhaustive for n in group)
        for group in groups
    ]
    for group in sorted(range(len(groups)), key=lambda g: (not provers[g], -weight[g])):
        lighter = 0 if loads[0] <= loads[1] else 1
        halves[lighter].extend(groups[group])
        loads[lighter] += weight[group]
    keep, give = (sorted(half) for half in halves)
    return [turns[n] for n in keep], [turns[n] for n in give]
