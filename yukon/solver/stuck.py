"""The stuck proof: whether a position is lost because some card can never
reach the end of a column (so never go home).

``is_dead`` is the quick column-by-column argument, ``is_stuck`` the finer
card-by-card one: a least *fixpoint* of two kinds of event, top(X) and
moves(Y), whose final sets are the proof's *certificate*. The twins' case
split (``yukon.solver.twins``) runs the same fixpoint with conditions
(*gates*) added. Every proof reads a ``Board`` and never changes it.

>>> from yukon.engine import Game
>>> from yukon.solver.board import Board
>>> StuckProof(Board(Game.new(24).position())).is_stuck()  # deal 24 is lost
True
"""

from __future__ import annotations

from collections.abc import Sequence

from yukon.engine.moves import COLUMNS, FOUNDATION
from yukon.solver import knobs
from yukon.solver.board import Board, Step

# A proof of ``StuckProof.is_stuck``: its top() and moves() sets and whether
# a column can be empty.
Certificate = tuple[list[bool], list[bool], bool]
# top() and moves() facts a fixpoint starts from.
Facts = tuple[list[bool], list[bool]]
# No card is kept from going home (``StuckProof.caps``).
NO_CAPS: Sequence[int] = (13, 13, 13, 13)


def _any(value: bool, flags: list[bool], low: int, high: int) -> bool:
    """Whether ``value in flags[low:high]``, without building the slice (the
    proofs ask it of nearly every position)."""
    return any(flags[index] == value for index in range(low, high))


def _lowest(column: list[int], moves: list[bool], pos: int) -> int:
    """The highest position under ``pos`` whose card is picked up, or -1."""
    low = pos - 1
    while low >= 0 and not moves[column[low]]:
        low -= 1
    return low


class StuckProof:
    """The stuck proofs of the positions of one ``Board``, with the
    certificates of the last few positions proved stuck.

    They hold in every game of the family: they ask only ``Board.parents``
    (the cards a card may lie on, whatever the build rule, up or down), a
    King's empty column and the foundations, never a colour or a direction
    of building. Only the twins' case split built on them
    (``yukon.solver.twins``) assumes Classic's colours.
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        # The top() and moves() sets (and the empty-column flag) of the last
        # positions ``is_stuck`` proved stuck, the latest used first: see there.
        self.certificates: list[Certificate] = []
        # Per suit, the rank index from which the fixpoints let no card go
        # home (``yukon.solver.crowded``); ``NO_CAPS``: any card may.
        self.caps = NO_CAPS
        # The crowding proof's gates on top() (``yukon.solver.crowded``): the
        # cards shut, which never reach the end while their gate stays shut
        # (the crowding proof opens gates between fixpoints); None: no gates.
        self.withheld: list[bool] | None = None

    def is_dead(self) -> bool:
        """Whether a quick argument proves the position lost.

        In a column with face-down cards, its lowest face-up card W must leave
        the column before any of them can turn up. W leaves to its foundation
        (all lower cards of its suit must be home first), onto a parent card
        (one it may lie on by the game's build rule, ``Board.parents``: in
        Alaska the next lower card of its suit too; at the end of another
        column, or taken back from a foundation) or, a King, to an empty
        column. Call a column open
        once that is possible using only cards that are face up, home, or
        face down in columns already shown open; iterate to a fixpoint. In a
        won game, the first column (among those never shown open) whose W
        leaves would, at that moment, have used only such cards, so it would
        have been shown open: if a column stays closed, the game is lost.
        """
        board = self.board
        cols, down, parents = board.cols, board.down, board.parents
        blocked = [c for c in range(COLUMNS) if down[c]]
        if not blocked:
            return False
        hidden = [False] * 52
        for c in blocked:
            column = cols[c]
            for pos in range(down[c]):
                hidden[column[pos]] = True
        # The columns shown open form a least fixpoint: the order in which
        # they are found does not change it, so one pass finds all it can.
        progress = True
        while progress and blocked:
            progress = False
            for c in blocked[:]:
                w = cols[c][down[c]]
                ok = w % 13 == 12
                if not ok:
                    for p in parents[w]:
                        if not hidden[p]:
                            ok = True
                            break
                if not ok:
                    ok = not _any(True, hidden, w - w % 13, w)
                if ok:
                    blocked.remove(c)
                    column = cols[c]
                    for pos in range(down[c]):
                        hidden[column[pos]] = False
                    progress = True
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

    def keeps_open(self, move: Step) -> bool:
        """Whether the ``move`` just played (it turned no card up) leaves the
        position open to both stuck proofs whenever the one it was played
        from was: then they need not be asked.

        Three kinds of move do. In each, every fact of the old position's
        fixpoint still follows by the same rule, once the few facts that
        the move changes hold at the start:

        * a card X sent home from the end of a column: X stays top() (now
          home), the card it lay on is now an end card, a card home still
          counts as a parent (it may be taken back), and with one more card
          home, going home needs no more than before;
        * a card X taken back onto an end card P: X can go home again (it
          is at the end, every lower card of its suit home), so moves(X) at
          once, and so top(P); X lies above every card of its new column,
          so it stands between no two of them;
        * a group lifted off a face-up card A it may lie on, onto the end
          card P of another column: moves(Y) for its bottom card Y at once
          (A is now an end card), and so top(P); every condition that now
          pairs a card of the group with one of P's column ("a card between
          them is picked up") is met by Y, which lies between them, and the
          group no longer shares a column with A.

        The quick column argument (``is_dead``) reads only the face-down
        cards and the card just above them in each column, which a move that
        turns no card up leaves as they were. Not kept open: a King moved
        into an empty column (it takes the column) and a group lifted off a
        card it does not fit (it cannot go back). Of the positions the full
        best-first search asks the stuck proofs about on hard Classic deals,
        about three in five are reached by these moves; a test checks on
        every move from the positions full searches of each game expand
        that the proofs find the position it leads to open.
        """
        src, count, dst = move
        if src >= FOUNDATION or dst >= FOUNDATION:
            return True
        cols = self.board.cols
        left, target = cols[src], cols[dst]
        return bool(left) and len(target) > count and left[-1] in self.board.parents[target[-count]]

    def closes(self, certificate: Certificate) -> bool:
        """Whether a certificate's facts hold this position's starting facts
        and no rule adds to them here (with ``caps``)."""
        top, moves, empty = certificate
        return self._holds_facts(top, empty=empty) and self._closed(top, moves, empty=empty)

    def _certified(self) -> bool:
        """Whether one of the last certificates of ``is_stuck`` holds here."""
        certificates = self.certificates
        for number, certificate in enumerate(certificates):
            if self.closes(certificate):
                if number:
                    certificates.insert(0, certificates.pop(number))
                return True
        return False

    def _closed(self, top: list[bool], moves: list[bool], *, empty: bool) -> bool:
        """Whether no rule of ``is_stuck`` adds a fact to a certificate here:
        ``_sweep`` without gates in its checking mode (``todo`` None), with
        ``lowest`` looked for only where it is needed. A test checks that
        both give the same answers."""
        cols = self.board.cols
        for c in range(COLUMNS):
            column = cols[c]
            if column and (
                (moves[column[0]] and not empty)  # the column empties
                or not self._column_closed(c, column, top, moves, empty=empty)
            ):
                return False
        return True

    def _column_closed(
        self, c: int, column: list[int], top: list[bool], moves: list[bool], *, empty: bool
    ) -> bool:
        """``_closed`` on column ``c``, from its end card down."""
        board = self.board
        hidden, found, parents = board.down[c], board.found, board.parents
        loc_col, loc_pos, caps, withheld = board.loc_col, board.loc_pos, self.caps, self.withheld
        nearest = len(column)  # the lowest position above pos whose card moves
        above_moves = False  # whether the card lying on the current one moves
        for pos in range(nearest - 1, -1, -1):
            card = column[pos]
            if not top[card] and above_moves and (withheld is None or not withheld[card]):
                return False  # the card on it is picked up: it reaches the end
            if moves[card]:
                nearest = pos
                above_moves = True
                continue
            above_moves = False
            if pos < hidden and not top[card]:
                continue  # face down and never turned up
            if card % 13 == 12 and empty:
                return False  # a King to an empty column
            for p in parents[card]:
                if not top[p]:
                    continue
                if loc_col[p] == c:
                    at = loc_pos[p]
                    if at < pos:
                        low = pos - 1
                        while low > at and not moves[column[low]]:
                            low -= 1
                        if low <= at:
                            continue  # still under the card
                    elif nearest > at:
                        continue  # still in the card's own group
                return False  # onto a parent
            base = card - card % 13
            if top[card] and top[base + found[card // 13]] and card < base + caps[card // 13]:
                lowest = _lowest(column, moves, pos)
                for low in range(base + found[card // 13], card):
                    if not top[low] or (loc_col[low] == c and lowest <= loc_pos[low] < pos):
                        break  # not yet, or still under the card
                else:
                    return False  # home
        return True

    def _proved(self, masks: list[int] | None) -> bool:
        """``is_stuck`` without the certificates; keeps the new certificate."""
        found = self.plain_fixpoint() if masks is None else self.fixpoint(None, masks)
        if found is None:
            return False
        certificates = self.certificates
        certificates.insert(0, found)
        del certificates[knobs.CERTIFICATES :]
        return True

    def plain_fixpoint(self, facts: Facts | None = None) -> Certificate | None:
        """``fixpoint`` without gates or masks (with ``caps``): the least
        fixpoint of ``is_stuck``'s rules, or None if every card can reach
        the end of a column. ``facts``: as ``fixpoint``'s.

        The least fixpoint does not depend on the order in which the rules
        are applied, so this one (asked of nearly every new position a
        proving search meets) applies them in the cheapest order, in one
        function: a fact is used as soon as it is learnt, a pass skips the
        end of a column where every card is picked up and reaches the end,
        and stops at the column's first face-down card that never turns up
        (none below it can: only the card lying on a covered card makes it
        reach the end). A test checks it against ``fixpoint`` on every
        position of full searches.
        """
        board = self.board
        cols, down, found, parents = board.cols, board.down, board.found, board.parents
        loc_col, loc_pos, caps, withheld = board.loc_col, board.loc_pos, self.caps, self.withheld
        top, moves, empty = self._start(facts)
        missing = top.count(False)
        if not missing:
            return None
        # Per column, the lowest position from which every card up to the
        # end is picked up and reaches the end: a pass starts below it.
        settled = [len(column) for column in cols]
        todo = [c for c in range(COLUMNS) if cols[c]]
        changed = True
        while changed:
            changed = False
            finished = []
            for c in todo:
                column = cols[c]
                hidden = down[c]
                nearest = settled[c]  # the lowest position above pos whose card moves
                above_moves = nearest < len(column)  # whether the card on this one moves
                done = True  # whether every card so far is picked up and reaches the end
                for pos in range(nearest - 1, -1, -1):
                    card = column[pos]
                    if not top[card]:
                        if not above_moves or (withheld is not None and withheld[card]):
                            if pos < hidden:
                                break  # face down and never turned up, nor any below
                        else:
                            top[card] = True
                            missing -= 1
                            if not missing:
                                return None
                            changed = True
                    if moves[card]:
                        if done:
                            if top[card]:
                                settled[c] = pos
                            else:
                                done = False
                        nearest = pos
                        above_moves = True
                        continue
                    above_moves = done = False
                    if card % 13 == 12 and empty:
                        pass  # a King to an empty column
                    else:
                        # A parent or a lower card of the suit that lies
                        # under the card and reaches the end has the card
                        # lying on it picked up (the only way a covered card
                        # reaches the end), and that card lies under this
                        # one: they never wait for this card to leave.
                        able = False
                        for p in parents[card]:
                            if top[p] and not (loc_col[p] == c and nearest > loc_pos[p] > pos):
                                able = True  # not still in the card's own group
                                break
                        if not able:
                            base = card - card % 13
                            home = base + found[card // 13]
                            if card >= base + caps[card // 13] or _any(False, top, home, card + 1):
                                continue
                    moves[card] = True
                    changed = True
                    nearest = pos
                    above_moves = True
                    if not pos:
                        empty = True  # the column empties
                if not settled[c]:
                    finished.append(c)
            for c in finished:
                todo.remove(c)
        return top, moves, empty

    def fixpoint(
        self,
        gates: dict[int, int] | None,
        masks: list[int] | None = None,
        start: Sequence[int] = (),
        start_masks: list[int] | None = None,
        facts: tuple[list[bool], list[bool]] | None = None,
    ) -> Certificate | None:
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
        top, moves, empty = self._start(facts)
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
        bottoms = [column[0] for column in self.board.cols if column]
        # Columns where every card is known to be picked up and to reach the
        # end: nothing more can be learnt from them.
        todo = [c for c in range(COLUMNS) if self.board.cols[c]]
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
            if not self._sweep(top, moves, empty=empty, todo=todo, gates=gates, masks=masks):
                return top, moves, empty

    def _start(self, facts: Facts | None) -> Certificate:
        """The facts a fixpoint starts from: ``facts`` (with the empty-column
        flag they give), or the starting facts."""
        if facts is None:
            top, empty = self._starting_facts()
            return top, [False] * 52, empty
        top, moves = facts
        cols = self.board.cols
        return top, moves, not all(cols) or any(moves[column[0]] for column in cols)

    def _starting_facts(self) -> tuple[list[bool], bool]:
        """top() as it starts (cards home and end cards) and whether a column
        is empty now."""
        found = self.board.found
        top = [False] * 52
        for suit in range(4):
            for card in range(suit * 13, suit * 13 + found[suit]):
                top[card] = True
        empty = False
        for column in self.board.cols:
            if column:
                top[column[-1]] = True
            else:
                empty = True
        return top, empty

    def _holds_facts(self, top: list[bool], *, empty: bool) -> bool:
        """Whether a certificate's ``top`` and ``empty`` hold this position's
        starting facts (see ``_starting_facts``)."""
        found = self.board.found
        for suit in range(4):
            if _any(False, top, suit * 13, suit * 13 + found[suit]):
                return False
        for column in self.board.cols:
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
        *,
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
        ``fixpoint``."""
        check = todo is None
        changed = False
        for c in range(COLUMNS) if todo is None else todo[:]:
            learnt, finished = self._sweep_column(c, top, moves, empty, check, gates, masks)
            if learnt:
                if check:
                    return True
                changed = True
            if finished and todo is not None:
                todo.remove(c)
        return changed

    def _sweep_column(
        self,
        c: int,
        top: list[bool],
        moves: list[bool],
        empty: bool,
        check: bool,
        gates: dict[int, int] | None,
        masks: list[int] | None,
    ) -> tuple[bool, bool]:
        """``_sweep`` on column ``c``, from its end card down: whether it
        learnt a fact (with ``check``, stops at the first), and whether the
        column is finished (every card picked up and reaching the end)."""
        column = self.board.cols[c]
        hidden = self.board.down[c]
        parents, found = self.board.parents, self.board.found
        size = len(column)
        if check and size and moves[column[0]] and not empty:
            return True, False
        nearest = size  # the lowest position above pos whose card moves
        finished = True
        changed = False
        for pos in range(size - 1, -1, -1):
            card = column[pos]
            if not top[card] and moves[column[pos + 1]]:
                # The card on it is picked up: it reaches the end.
                if check:
                    return True, False
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
                continue  # face down and never turned up
            # Can it be picked up: a King to an empty column, onto a parent,
            # home? The calls are made only past a cheap first test (a parent
            # reaching the end; the next card of its suit home reaching it):
            # most cards fail it, and a call for each cost 25 % more time.
            # ``lowest``, the highest position under it whose card moves, is
            # looked for only past that test.
            if card % 13 == 12 and empty:
                why: int | None = 0 if masks is None else masks[104]
            else:
                why = None
                lowest = -2
                for p in parents[card]:
                    if top[p]:
                        lowest = _lowest(column, moves, pos)
                        why = self._onto_parent(card, c, pos, lowest, nearest, top, gates, masks)
                        break
                if why is None and top[card] and top[card - card % 13 + found[card // 13]]:
                    if lowest == -2:
                        lowest = _lowest(column, moves, pos)
                    why = self._home(card, c, pos, lowest, top, masks)
            if why is None:
                continue
            if check:
                return True, False
            moves[card] = True
            if masks is not None:
                if pos < hidden:
                    why |= masks[card]
                masks[52 + card] = why | (1 << card)
            changed = True
            nearest = pos
        return changed, finished

    def _onto_parent(
        self,
        card: int,
        c: int,
        pos: int,
        lowest: int,
        nearest: int,
        top: list[bool],
        gates: dict[int, int] | None,
        masks: list[int] | None,
    ) -> int | None:
        """Whether ``card`` (face up some time, at ``pos`` of column ``c``)
        can be picked up onto a parent at the end of another column: one
        that reaches the end, and not while it lies under the card or in its
        group; a gated card (a twin, see ``fixpoint``) only where its gate
        allows. None if no parent can take it, else the cards whose being
        picked up that rests on, as bits (0 without ``masks``). ``lowest``:
        the highest position under it whose card moves; ``nearest``: the
        lowest position above it whose card moves."""
        board = self.board
        loc_col, loc_pos = board.loc_col, board.loc_pos
        for p in board.parents[card]:
            if not top[p]:
                continue
            why = 0 if masks is None else masks[p]
            if loc_col[p] == c:
                at = loc_pos[p]
                if at < pos and lowest <= at:
                    continue  # still under the card
                if at > pos and nearest > at:
                    continue  # still in the card's own group
                if masks is not None:
                    why |= masks[52 + board.cols[c][lowest if at < pos else nearest]]
            if gates and card in gates:
                gate = self._gate_open(card, p, gates[card], top, masks)
                if gate is None:
                    continue  # the other parent, or W home
                why |= gate
            return why
        return None

    def _gate_open(
        self, card: int, parent: int, w: int, top: list[bool], masks: list[int] | None
    ) -> int | None:
        """The gate of ``twins_stuck`` on twin ``card`` going onto
        ``parent``: its other parent reaches the end, or every card of W's
        suit up to W does. None if neither, else the bits it rests on."""
        one, other = self.board.parents[card]
        q = other if parent == one else one
        if top[q]:
            return 0 if masks is None else masks[q]
        base = w - w % 13
        if not all(top[base : w + 1]):
            return None
        why = 0
        if masks is not None:
            for low in range(base, w + 1):
                why |= masks[low]
        return why

    def _home(
        self,
        card: int,
        c: int,
        pos: int,
        lowest: int,
        top: list[bool],
        masks: list[int] | None,
    ) -> int | None:
        """Whether ``card`` can be picked up going home: every lower card of its suit not yet
        home reaches the end, none of them under the card until a card
        between them is picked up, and no cap forbids it (``caps``). None if
        not, else the bits it rests on."""
        board = self.board
        if card % 13 >= self.caps[card // 13]:
            return None
        loc_col, loc_pos = board.loc_col, board.loc_pos
        why = 0
        if masks is not None:
            why = masks[card]
            if lowest >= 0:
                why |= masks[52 + board.cols[c][lowest]]
        for low in range(card - card % 13 + board.found[card // 13], card):
            if not top[low] or (loc_col[low] == c and lowest <= loc_pos[low] < pos):
                return None
            if masks is not None:
                why |= masks[low]
        return why
