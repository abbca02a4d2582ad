"""Which moves a search tries from a position, and in what order.

``children`` lists the moves worth trying, best first, for a search's
``Mode``; ``is_safe_home`` is the proof behind the one move it forces. Both
only read the ``Board``.

>>> from yukon.engine import Game
>>> from yukon.solver.board import Board
>>> board = Board(Game.from_code("YU1-C-AAAAAAB").position())
>>> children(board, Mode.FULL)[0] in board.legal_moves()
True
"""

from __future__ import annotations

from enum import Enum
from operator import itemgetter

from yukon.engine.moves import COLUMNS, FOUNDATION, MAX_GROUP
from yukon.engine.rules import Rules
from yukon.solver.board import KINGS, Board, Step

_first = itemgetter(0)


class Mode(Enum):
    """Which moves a search tries.

    Only ``FULL`` (every move but the provably useless ones) can prove a loss.
    The others leave out moves that are rarely needed, which is unsound for a
    proof but keeps them out of the huge space of rearrangements that traps
    the full search, so together they find most wins far sooner:

    * ``NO_LIFT``: no take-backs, and no lifting a card off a card it fits on;
    * ``FOCUSED``: also lifts a card off a card it does not fit on only to
      uncover a wanted card (see ``wanted_parents``);
    * ``CHAINED``: as ``FOCUSED`` with a wider notion of wanted.
    """

    FULL = 0
    NO_LIFT = 1
    FOCUSED = 2
    CHAINED = 3


def _is_red(card: int) -> bool:
    return 13 <= card < 39


def is_safe_home(rules: Rules, found: list[int], card: int) -> bool:
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

    >>> is_safe_home(Rules.CLASSIC, [1, 1, 0, 0], 1)  # 2♠ before the red Aces
    False
    """
    rank = card % 13 + 1
    if rank <= 1:
        return True
    if rules is Rules.RELAXED:
        return min(found) >= rank - 1
    if _is_red(card):
        return min(found[0], found[3]) >= rank - 1 and min(found[1], found[2]) >= rank - 2
    return min(found[1], found[2]) >= rank - 1 and min(found[0], found[3]) >= rank - 2


# For each rule set and foundation heights (as bytes), which suits' next
# card is safe to send home: filled as met.
_SAFE_BY_HEIGHTS: dict[Rules, dict[bytes, list[bool]]] = {rules: {} for rules in Rules}


def wanted_parents(board: Board, chained: bool) -> set[int]:
    """Cards worth uncovering: parents of cards whose move would help.

    A move helps if it turns up a face-down card or uncovers a card that
    can go home. ``chained`` also counts uncovering a card that is itself
    wanted, iterated to a fixpoint (more moves, slower but finds others).
    """
    cols, down, found, parents = board.cols, board.down, board.found, board.parents
    loc_col, loc_pos = board.loc_col, board.loc_pos
    wanted: set[int] = set()
    for c in range(COLUMNS):
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


def children(board: Board, mode: Mode) -> list[Step]:
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
        board.cols,
        board.down,
        board.found,
        board.loc_col,
        board.loc_pos,
    )
    rules = board.rules
    # Forced safe moves home. Only the card after each foundation's top can
    # go home, and taking back the top is pruned under the same condition.
    heights = bytes(found)
    safe_by_heights = _SAFE_BY_HEIGHTS[rules]
    safe = safe_by_heights.get(heights)
    if safe is None:
        safe = [is_safe_home(rules, found, s * 13 + found[s] - (found[s] == 13)) for s in range(4)]
        safe_by_heights[heights] = safe
    home: list[Step] = []
    for src in range(COLUMNS):
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
    flips: list[tuple[int, Step]] = []
    uncover_home: list[Step] = []
    empties: list[Step] = []
    lift_off: list[Step] = []
    lift_fit: list[Step] = []
    take_backs: list[Step] = []
    fits = board.fits
    full = mode is Mode.FULL
    focused = mode is Mode.FOCUSED or mode is Mode.CHAINED
    wanted: set[int] | None = None  # worked out when first needed
    for dst in range(COLUMNS):
        target = cols[dst]
        for card in fits[target[-1]] if target else KINGS:
            src = loc_col[card]
            if src < 0:
                if full:
                    suit = card // 13
                    if found[suit] == card % 13 + 1 and not is_safe_home(rules, found, card):
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
                            wanted = wanted_parents(board, chained=mode is Mode.CHAINED)
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
