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

from yukon.engine.generator import FITS
from yukon.engine.moves import COLUMNS, FOUNDATION, MAX_GROUP
from yukon.engine.rules import Rules, SuitRule
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
    * ``CHAINED``: as ``FOCUSED`` with a wider notion of wanted;
    * ``DOWNWARD``: for a game that builds both ways (Alaska), the moves
      Russian Solitaire allows (onto the next higher card of the same suit,
      a King into an empty column, home and back), and any other only if it
      turns a card up or uncovers a card that can go home (see
      ``downward``).
    """

    FULL = 0
    NO_LIFT = 1
    FOCUSED = 2
    CHAINED = 3
    DOWNWARD = 4


def _needed_heights(rules: Rules, card: int) -> tuple[int, int, int, int]:
    """For ``is_safe_home``: per suit, the highest rank of the cards that
    could ever be stacked on ``card`` (``card`` itself left out)."""
    fits = FITS[rules]
    group: set[int] = set()
    todo = [card]
    while todo:
        for above in fits[todo.pop()]:
            if above != card and above not in group:
                group.add(above)
                todo.append(above)
    need = [0, 0, 0, 0]
    for other in group:
        need[other // 13] = max(need[other // 13], other % 13 + 1)
    return need[0], need[1], need[2], need[3]


_NEEDED = {rules: [_needed_heights(rules, card) for card in range(52)] for rules in Rules}


def is_safe_home(rules: Rules, found: list[int], card: int) -> bool:
    """Whether ``card`` (next on its foundation) may be sent home without loss.

    Let G be every card other than ``card`` that could ever be stacked on
    ``card`` in a column: the cards that fit on it, the cards that fit on
    those, and so on, by the game's build rule. In Classic that is the
    opposite-colour cards of rank ``r - 1``, then same-colour ``r - 2``, and
    so on; in Relaxed every card of rank below ``r``; in Moosehide the other
    suits' ``r - 1`` and every card below that; in Russian Solitaire only
    lower cards of its own suit, always home already, so every move home is
    safe there. Alaska builds both ways, so G is the whole rest of the suit:
    only a King whose suit is otherwise home is safe, and an Ace is *not*
    (a 2 may lie on it). G is closed: anything that fits on a G card is in
    G or is ``card``. If all of G is home, a G card can only reach a column
    by a take-back and then carries nothing but other G cards (and lies on
    G cards or on ``card``), so G cards in columns always form a top
    segment and never uncover anything. Deleting from any winning line
    every move of ``card`` and of G cards (and shortening groups that
    carried them) gives a legal winning line from the position with
    ``card`` already home: destination tops and foundation heights seen by
    the remaining moves are unchanged, and at least as many cards are face
    up. So playing the move first loses nothing, and the search may force
    it. Where G is empty (Aces, except in Alaska) it is always safe.

    >>> is_safe_home(Rules.CLASSIC, [1, 1, 0, 0], 1)  # 2♠ before the red Aces
    False
    >>> is_safe_home(Rules.ALASKA, [0, 0, 0, 0], 0)  # the 2♠ may need the A♠
    False
    >>> is_safe_home(Rules.RUSSIAN, [5, 0, 0, 0], 5)
    True
    """
    need = _NEEDED[rules][card]
    return (
        found[0] >= need[0] and found[1] >= need[1] and found[2] >= need[2] and found[3] >= need[3]
    )


def takes_back(rules: Rules) -> bool:
    """Whether the searches try taking cards back from the foundations.

    Not in a game that builds in suit (Alaska; in Russian Solitaire every
    move home is safe, so no take-back is tried anyway). There a card lies
    only on the next lower or higher card of its suit. Take back X, the
    top of its suit's foundation (every lower card of the suit is home),
    onto Y, the next higher card, at the end of a column (or, a King, into
    an empty column). Call T the lower cards of the suit taken back after
    it. A card of T can lie only on a card of T or on X (its other
    neighbours are home), and X only on Y or on a card of T; following
    the cards each lies on never loops, so it ends at X on Y. So X and T
    stay one group on Y until X goes home again; Y, covered, takes no
    other card, and no other card lies on them. So deleting from
    a line after the take-back every move of X and of T (and X and T from
    the groups that carried them) leaves a line, just as legal, from the
    position before it: the same cards at the ends of columns but Y, which
    is free there, and at least as many cards face up. A line that wins
    after a take-back has a shorter one that wins before it, so a shortest
    winning line holds none, and leaving them out costs no win (the
    provers' argument: ``yukon.solver.forced_home``).

    >>> takes_back(Rules.CLASSIC), takes_back(Rules.ALASKA)
    (True, False)
    """
    return rules.build.suits is not SuitRule.SAME


_TAKES_BACK = {rules: takes_back(rules) for rules in Rules}


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


def children(board: Board, mode: Mode, *, proving: bool = False) -> list[Step]:
    """The moves worth trying here, best first.

    A safe move home (see ``is_safe_home``; for a search ``proving`` a loss,
    also ``stays_on_next``) is forced: it is the only child.
    Pruned, with the reason:

    * a King that already lies at the bottom of a column moving to an empty
      column: the result is the same position with the columns reordered;
    * taking back a card that would be safe to send home again: by the
      argument of ``is_safe_home`` the position after the take-back wins
      only if the one before it does;
    * any take-back in a game that builds in suit (see ``takes_back``).

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
    forced, home = moves_home(board, proving=proving)
    if forced is not None:
        return [forced]
    # The downward moves are the full ones, less some that neither turn a
    # card up nor uncover one that can go home.
    downward_only = mode is Mode.DOWNWARD
    flips, uncover_home, empties, lift_off, lift_fit, take_backs = moves_onto_columns(
        board, Mode.FULL if downward_only else mode
    )
    if downward_only:
        empties, lift_off, lift_fit = (
            downward(board, moves) for moves in (empties, lift_off, lift_fit)
        )
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


def downward(board: Board, moves: list[Step]) -> list[Step]:
    """Of ``moves`` onto columns, those Russian Solitaire allows: a group
    onto the next higher card of its first card's suit, or into an empty
    column. ``Mode.DOWNWARD`` tries the others only where they turn a card
    up or uncover a card that can go home. In Alaska, building up in suit
    as well doubles the moves: a line that builds only down (and so wins
    Russian Solitaire as well) or builds up only to turn a card up is found
    among far fewer positions, and it wins Alaska as it stands.

    >>> from yukon.engine import Game, Rules
    >>> board = Board(Game.new(3, Rules.ALASKA).position())
    >>> moves = [m for m in board.legal_moves() if FOUNDATION > m[0] and FOUNDATION > m[2]]
    >>> kept = downward(board, moves)
    >>> all(board.cols[d][-1] == board.cols[s][-n] + 1 for s, n, d in kept if board.cols[d])
    True
    >>> len(kept) < len(moves)
    True
    """
    cols = board.cols
    return [
        (src, count, dst)
        for src, count, dst in moves
        if not cols[dst] or cols[dst][-1] == cols[src][-count] + 1
    ]


def safe_suits(rules: Rules, found: list[int]) -> list[bool]:
    """For each suit, whether its next card is safe to send home (see
    ``is_safe_home``; for a full foundation, whether taking its King back is
    pruned), kept by foundation heights."""
    heights = bytes(found)
    safe_by_heights = _SAFE_BY_HEIGHTS[rules]
    safe = safe_by_heights.get(heights)
    if safe is None:
        safe = [is_safe_home(rules, found, s * 13 + found[s] - (found[s] == 13)) for s in range(4)]
        safe_by_heights[heights] = safe
    return safe


def moves_home(board: Board, *, proving: bool = False) -> tuple[Step | None, list[Step]]:
    """The moves home from the ends of the columns: a safe one (see
    ``is_safe_home``, and ``stays_on_next`` if ``proving``) that is forced,
    if any, else None and all of them.

    ``stays_on_next`` is left to the provers: the line it keeps lacks the
    move home, so two idle moves it separated now follow each other, which
    the paced search, allowing one in a row, may refuse (Alaska 1-200 at
    50,000 positions, asked by every search: it lost its quick wins of
    36, 42, 72, 77, 121, 127 and 155, and 90,595 more positions in all)."""
    cols, found = board.cols, board.found
    safe = _SAFE_BY_HEIGHTS[board.rules].get(bytes(found))
    if safe is None:
        safe = safe_suits(board.rules, found)
    home: list[Step] = []
    for src in range(COLUMNS):
        column = cols[src]
        if column:
            card = column[-1]
            suit = card // 13
            if found[suit] == card % 13:
                if safe[suit] or (
                    proving and not _TAKES_BACK[board.rules] and stays_on_next(board, src, card)
                ):
                    return (src, 1, FOUNDATION + suit), []
                home.append((src, 1, FOUNDATION + suit))
    return None, home


def stays_on_next(board: Board, src: int, card: int) -> bool:
    """Whether ``card``, next on its foundation at the end of column ``src``
    in a game that builds in suit (Alaska), lies above the next higher card
    of its suit with only face-down cards between them (or none): then it
    is safe to send home, though ``is_safe_home`` cannot tell.

    Call the card X and the next higher one Y. With the lower cards of the
    suit home for good (a shortest winning line takes none back: see
    ``takes_back``), only Y can ever lie on X. X alone can go only home (Y,
    under it, is at the end of no column; X is no King, as Y exists). A
    group holding X is picked up at a face-up card below X, so at Y or
    under it, if X lies on Y (face-down cards between them cannot be picked
    up while X covers them): Y still lies under X after the move. So X
    stays above Y until X goes home, and no card ever lies on X. Deleting
    X's move home from a shortest winning line (and X from the groups that
    carried it) leaves a shorter line, just as legal, from the position
    with X home: it finds the same cards at the ends of the columns, but
    for X's column, which no move in it targets while X lies there. So the
    move home is forced (the provers' argument: ``yukon.solver.forced_home``).

    >>> from yukon.engine import Rules
    >>> from yukon.engine.position import Position
    >>> columns = ((5, 4), tuple(range(6, 13)), (), (), (), (), ())  # 5♠ on 6♠; 7♠-K♠
    >>> board = Board(Position(columns, (0,) * 7, (4, 13, 13, 13), Rules.ALASKA))
    >>> stays_on_next(board, 0, 4), is_safe_home(Rules.ALASKA, board.found, 4)
    (True, False)
    """
    above = card + 1
    if card % 13 == 12 or board.loc_col[above] != src:
        return False
    pos = len(board.cols[src]) - 1
    return board.loc_pos[above] == pos - 1 or pos == board.down[src]


# ``moves_onto_columns``'s buckets: turning a card up (with the face-down
# cards it leaves), uncovering a card that can go home, emptying a column,
# lifting a card off one it does not fit, off one it fits on, take-backs.
Buckets = tuple[list[tuple[int, Step]], list[Step], list[Step], list[Step], list[Step], list[Step]]


def moves_onto_columns(board: Board, mode: Mode) -> Buckets:
    """Every move onto a column that ``mode`` tries, in ``Buckets`` in the
    order of ``children`` (turning a card up not yet sorted).

    The searches' hot loop: it walks each column's end card and the cards
    that fit on it once, so it stays one function (see README
    "Performance")."""
    cols, down, found, loc_col, loc_pos = (
        board.cols,
        board.down,
        board.found,
        board.loc_col,
        board.loc_pos,
    )
    rules = board.rules
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
                if full and _TAKES_BACK[rules]:
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
    return flips, uncover_home, empties, lift_off, lift_fit, take_backs
