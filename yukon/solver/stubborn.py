"""Stubborn sets: the provers expand only the moves of one set of places
whose moves no other move can interfere with (partial-order reduction, after
Valmari's stubborn sets).

Why: on a hard lost deal most of a prover's positions lie on *plateaus*,
positions with the same face-down cards and cards home, reached from each
other by idle moves that rearrange disjoint columns; the prover visits
every order of those rearrangements, though each leads to the same
positions. Here it keeps, at each position it expands, only the moves that
touch a set S of *places* (the seven columns and the four foundations)
closed under the rules below, so that the moves outside S can neither
interfere with the moves inside nor make one possible.

The rules. A move is named by the card it picks up (the bottom card of its
group, or the card taken back) and its destination (a column, or home:
its suit's foundation); it *touches* the place its card lies in and its
destination. Call T the moves that touch S (as the cards lie now), and the
*outside* moves the others. S must hold:

1. both places of every move legal now that touches S (a King already at
   the bottom of its column moving to an empty one left out: see below);
2. for a column in S: the places of the parents of every face-up card in
   it whose group may move (at most ``MAX_GROUP`` cards), and for such a
   card that is a King lying on another card, every column that could be
   emptied (see ``_emptiable``); for its end card that cannot go home yet,
   the place of its suit's next card home;
3. for a column in S: the places of the cards that may go on its end card
   (``fits``), or of every King, if it is empty (for a King at the bottom
   of a column, where Kings lie on no card, as in every game but Alaska,
   the place of its suit's next card home instead);
4. for a foundation in S: the place of its next card, and for its top
   card, as for a face-up card in rule 2, the places of its parents (and
   the columns that could be emptied, for a King).

Lemma: along any line of outside moves that starts a shortest winning
line (the only ones the argument below needs; none moves a King from the
bottom of its column to an empty one), no place in S changes (a move that
changes a place picks up a card lying there, which lay there from the
start, or puts one there: either touches S). So a legal move of T keeps
its both places (rule 1) unchanged: it stays legal, and it commutes with
the outside moves (each reads and changes only its own places). A move of
T not legal now stays so: if its card lies in S and it is not legal
because of its card's own place (face down, under too many cards, not a
foundation's top, not at the end for a move home), that place does not
change; if it waits for its destination outside S to take it, rules 2
and 4 keep every parent of its card in S (so never at the end of that column),
or, for a King, that column never empties (``_emptiable``), or, for a
move home, the suit's next card in S (so the foundation never reaches
it). If its destination is in S, that place does not change, and if it
would take the card, rules 3 and 4 put the card's place in S (a King at
the bottom of a column where Kings lie on no card aside: it leaves only
home, which its suit's next card in S forbids, or to an empty column,
which no shortest line does).

The start S is one place every win must change: a nonempty column (its
cards all go home) or a foundation not full (its next card goes home).
Take a shortest winning line from the position expanded (d moves). It
touches S, and only moves of T change a place of S, so it holds a move of
T; let m be the first. It comes after outside moves only, so by the lemma
m is legal now and commutes with the moves before it: m played first,
then those, then the rest, is another winning line of d moves. So the
position after m is won in d - 1, and m is among the moves kept: a
shortest line holds none of the moves ``moves.children`` prunes (a King
moved from the bottom of a column to an empty one gives the same
position, so the line without it is shorter; a take-back of a card safe
to send home does too, by the argument of ``moves.is_safe_home``, and
so does any take-back in a game that builds in suit, by that of
``moves.takes_back``; so the moves left out of rule 1 may be left out of
T, as no shortest line holds them), and it is not a forced move home
(the provers do not reduce where ``children`` forces one). If no move
kept by ``children`` touches S, no line wins: the position is lost, and
it is given no child.

This is what the provers' soundness rests on (``yukon.solver.forced_home``
gives the argument): every position they expand that can be won, not yet
won, has a child they keep whose shortest win is shorter. So a prover
that keeps only the moves of T still proves a loss when it runs dry. The
rest holds with it: forced moves home are played at once below the kept
move as before; the stuck proofs only drop lost positions; the orders of
twins (``yukon.solver.twins``) hold of *every* won game from a position,
so the reordered line above keeps them too, and its first move is never
one the order forbids (it is kept); the seen set is shared as before (the
argument takes the seen position with the shortest win).

``reduce`` tries each start and keeps the smallest set of moves. The
closure is the places reachable from the start in a graph of 11 places
whose edges are the rules above, worked out once per position; a closure
is given up as soon as it keeps as many moves as the best so far (at
about nine positions in ten of a hard Alaska deal no start leaves a move
out, and each closure grows to every place that has one).

Where it pays (figures: ``knobs.STUBBORN``). In Classic, hardly ever:
every place requires nearly every other. A column holds several face-up
cards, each free to move, and rule 2 needs the places of each one's
parents, which lie all over the board; the foundations join columns
through the moves home and take-backs legal at once. On the expansions
of the prover proving deal 200071 lost, the smallest closure holds at
least six of the seven columns every time, and no move is ever left out.
In Alaska, where a card lies only on cards of its own suit, the sets are
small once many cards are home, and the full best-first search, a prover
that also wins, finds wins there far sooner; its proofs of loss stay as
long. Early in a deal, with few cards home, a set seldom leaves a move
out and costs as much as the rest of the expansion, so the provers ask
for one only once ``knobs.STUBBORN_FROM_HOME`` cards are home (keeping
every move at a position is always sound). Rules 2-4 cannot simply be
dropped: rule 1 alone (the enabled moves' places) would prove 9 of 437
small positions lost that the exhaustive search wins.

>>> from yukon.engine import Game
>>> from yukon.solver.board import Board
>>> from yukon.solver.moves import Mode, children
>>> board = Board(Game.new(153).position())
>>> moves = children(board, Mode.FULL)
>>> set(reduce(board, moves)) <= set(moves)
True
"""

from __future__ import annotations

from yukon.engine.moves import COLUMNS, FOUNDATION, MAX_GROUP
from yukon.solver.board import KINGS, Board, Step

_PLACES = COLUMNS + 4
_ALL_COLUMNS = (1 << COLUMNS) - 1


def _place_bits(board: Board) -> list[int]:
    """Where each card lies, as a bit: its column, or its suit's foundation
    if home (worked out once a position: the rules ask it of the same cards
    again and again)."""
    return [
        1 << (column if column >= 0 else FOUNDATION + card // 13)
        for card, column in enumerate(board.loc_col)
    ]


def _emptiable(board: Board, bit: list[int]) -> int:
    """The places that must join S so that no column outside it empties by
    outside moves: every column whose bottom card is not a King (an empty
    one is already legal to a King: rule 1), and for a column on a King, the
    place of that suit's next card home and the places of the King's
    parents (a King at the bottom leaves only home, onto a parent, a Queen
    of its suit in Alaska, or to an empty column, which no shortest line
    does)."""
    cols, found, parents = board.cols, board.found, board.parents
    needed = 0
    for c in range(COLUMNS):
        column = cols[c]
        bottom = column[0] if column else -1
        if bottom in KINGS:
            suit = bottom // 13
            needed |= bit[suit * 13 + found[suit]]
            for parent in parents[bottom]:
                needed |= bit[parent]
        else:
            needed |= 1 << c
    return needed


def requirements(board: Board) -> list[int]:
    """For each place, the places S must hold if it holds that one (rules
    1-4 of the module docstring), as bit masks."""
    need = [1 << p for p in range(_PLACES)]
    for move in board.legal_moves():  # rule 1
        src, _, dst = move
        if not _bottom_king_to_empty(board, move):
            need[src] |= 1 << dst
            need[dst] |= 1 << src
    bit = _place_bits(board)
    emptiable: list[int] = []  # worked out when first needed
    for c in range(COLUMNS):
        need[c] |= _column_needs(board, c, bit, emptiable)
    found = board.found
    for suit in range(4):  # rule 4
        height = found[suit]
        mask = 0
        if height < 13:
            mask |= bit[suit * 13 + height]
        if height:
            mask |= _out_of(board, suit * 13 + height - 1, False, bit, emptiable)
        need[FOUNDATION + suit] |= mask
    return need


def _column_needs(board: Board, c: int, bit: list[int], emptiable: list[int]) -> int:
    """Rules 2 and 3 for column ``c`` (``bit``: each card's place as a bit)."""
    column = board.cols[c]
    if not column:
        mask = 0
        for king in KINGS:  # rule 3, empty column
            if board.loc_col[king] < 0 or board.loc_pos[king] > 0 or board.parents[king]:
                mask |= bit[king]
            else:  # it leaves only home, or to an empty column (no shortest line)
                suit = king // 13
                mask |= bit[suit * 13 + board.found[suit]]
        return mask
    mask = 0
    size = len(column)
    for pos in range(max(board.down[c], size - MAX_GROUP), size):  # rule 2
        mask |= _out_of(board, column[pos], pos == 0, bit, emptiable)
    end = column[-1]
    suit = end // 13
    if board.found[suit] != end % 13:
        mask |= bit[suit * 13 + board.found[suit]]
    for card in board.fits[end]:  # rule 3
        mask |= bit[card]
    return mask


def _out_of(board: Board, card: int, at_bottom: bool, bit: list[int], emptiable: list[int]) -> int:
    """Rule 2 for a card free to move: its parents' places, and the columns
    that could empty (``_emptiable``, kept in ``emptiable`` once worked
    out) for a King not at the bottom of a column."""
    mask = 0
    for parent in board.parents[card]:
        mask |= bit[parent]
    if card % 13 == 12 and not at_bottom:
        if not emptiable:
            emptiable.append(_emptiable(board, bit))
        mask |= emptiable[0]
    return mask


def reduce(board: Board, moves: list[Step]) -> list[Step]:
    """The moves of ``moves`` (``children`` of ``board`` in the full mode,
    with no forced move) that touch the places of ``best_places``."""
    places = best_places(board, moves)
    if places is None:
        return moves
    return [move for move in moves if places >> move[0] & 1]


def best_places(board: Board, moves: list[Step]) -> int | None:
    """The stubborn set of places (a bit mask) whose moves are the fewest of
    ``moves``, over the start sets of one place each that every win must
    change: a nonempty column, or a foundation not full; None if none leaves
    a move out."""
    if len(moves) <= 1:
        return None
    need = requirements(board)
    cols, found = board.cols, board.found
    # Moves kept per place (a move is kept by the place of its card).
    kept_at = [0] * _PLACES
    for move in moves:
        kept_at[move[0]] += 1
    best = None
    fewest = len(moves)
    for place in range(_PLACES):
        if cols[place] if place < COLUMNS else found[place - FOUNDATION] < 13:
            # The closure from this place, given up once it keeps as many
            # moves as the best so far: it would not be taken.
            reached = todo = 1 << place
            kept = kept_at[place]
            while todo and kept < fewest:
                low = todo & -todo
                todo ^= low
                fresh = need[low.bit_length() - 1] & ~reached
                reached |= fresh
                todo |= fresh
                while fresh:
                    low = fresh & -fresh
                    fresh ^= low
                    kept += kept_at[low.bit_length() - 1]
            if kept < fewest:
                best, fewest = reached, kept
                if kept == 0:
                    break
    return best


def _bottom_king_to_empty(board: Board, move: Step) -> bool:
    """Whether ``move`` takes a King from the bottom of its column to an
    empty one (the same position: no shortest line holds it)."""
    src, count, dst = move
    if src >= COLUMNS or dst >= COLUMNS or board.cols[dst]:
        return False
    return len(board.cols[src]) == count
