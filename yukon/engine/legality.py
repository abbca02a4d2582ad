"""Legality in one place: the questions the rules answer about a position
without changing it.

May these cards be picked up (``pick_up``, ``pick_up_problem``), may they
go there (``check``, ``destinations``, ``drop``), and which move a tap or a
double tap means (``foundation_move``, ``auto_destination``,
``best_move``). ``Game`` asks them of its own state and applies only what
``check`` allows; the refusals are typed ``Refusal`` values.

Each function takes the position as plain values, the same as
``yukon.engine.generator``: ``cols`` the columns (card indices, bottom to
top), ``down`` how many bottom cards of each are face down, ``found`` the
foundation heights (spades, hearts, diamonds, clubs), ``fits`` the rules'
table of which cards may lie on which (``FITS[rules]``) and ``rules``.

>>> from yukon.engine.deal import FACE_DOWN, deal_columns
>>> from yukon.engine.generator import FITS
>>> cols, home, fits = deal_columns(1), (0, 0, 0, 0), FITS[Rules.CLASSIC]
>>> check(Move.parse("1:1>2"), cols, FACE_DOWN, home, fits, Rules.CLASSIC)
'The 7♥ needs a black 8.'
>>> destinations(Pile.COLUMN_7, 5, cols, FACE_DOWN, home, fits, Rules.CLASSIC)
[<Pile.COLUMN_2: 1>]
"""

from __future__ import annotations

from collections.abc import Sequence

from yukon.engine.cards import CARDS, Card, Suit
from yukon.engine.generator import FitTable
from yukon.engine.moves import COLUMNS, FOUNDATION, MAX_GROUP, Move, Pile, move_table
from yukon.engine.refusals import Reason, Refusal
from yukon.engine.rules import Rules

WON_MESSAGE = Refusal(Reason.GAME_WON)


def pick_up_problem(
    src: Pile, count: int, cols: Sequence[Sequence[int]], down: Sequence[int], found: Sequence[int]
) -> Refusal | None:
    """``None`` if the top ``count`` cards of pile ``src`` may be picked up
    (one, from a foundation), else the reason: the question before any
    destination is chosen.

    >>> pick_up_problem(Pile.HEARTS, 1, [[]] * 7, [0] * 7, (13, 0, 13, 13))
    'The hearts foundation is empty.'
    """
    if found[0] == found[1] == found[2] == found[3] == 13:
        return WON_MESSAGE
    if src >= FOUNDATION:
        if found[src - FOUNDATION] == 0:
            return Refusal(Reason.FOUNDATION_EMPTY, suit=Suit(src - FOUNDATION))
        return None
    column = cols[src]
    if not column:
        return Refusal(Reason.COLUMN_EMPTY, column=src + 1)
    if count > len(column):
        return Refusal(Reason.COLUMN_SHORT, column=src + 1, number=len(column))
    if count > len(column) - down[src]:
        return Refusal(Reason.FACE_DOWN)
    if count > MAX_GROUP:
        return Refusal(Reason.GROUP_TOO_BIG, number=MAX_GROUP)
    return None


def check(
    move: Move,
    cols: Sequence[Sequence[int]],
    down: Sequence[int],
    found: Sequence[int],
    fits: FitTable,
    rules: Rules,
) -> Refusal | None:
    """``None`` if ``move`` is legal, else the reason (see the module's example)."""
    src, count, dst = move.src, move.count, move.dst
    problem = pick_up_problem(src, count, cols, down, found)
    if problem is not None:
        return problem
    if src >= FOUNDATION:
        card = (src - FOUNDATION) * 13 + found[src - FOUNDATION] - 1
    else:
        card = cols[src][-count]
    if dst >= FOUNDATION:
        return _foundation_problem(card, dst - FOUNDATION, found)
    target = cols[dst]
    if not target:
        if card % 13 != 12:
            return Refusal(Reason.KING_ONLY, card=CARDS[card])
        return None
    onto = target[-1]
    if card in fits[onto]:
        return None
    if card % 13 == 12 and not rules.build.both_ways:
        return Refusal(Reason.KING_TO_EMPTY, card=CARDS[card])
    return Refusal.needs(rules, card)


def _foundation_problem(card: int, suit: int, found: Sequence[int]) -> Refusal | None:
    """Why card index ``card`` may not go to foundation ``suit``, or ``None``."""
    if card // 13 != suit:
        return Refusal(Reason.WRONG_FOUNDATION, card=CARDS[card], suit=CARDS[card].suit)
    have = found[suit]
    rank = card % 13 + 1
    if rank == have + 1:
        return None
    if rank == 1 or rank <= have:
        return Refusal(Reason.ALREADY_HOME, card=CARDS[card])
    if have == 0:
        return Refusal(Reason.ACE_FIRST, card=CARDS[card], other=CARDS[suit * 13])
    return Refusal(Reason.FOLLOWS, card=CARDS[card], other=CARDS[card - 1])


def pick_up(
    card: Card,
    cols: Sequence[Sequence[int]],
    down: Sequence[int],
    found: Sequence[int],
    loc_col: Sequence[int],
    loc_pos: Sequence[int],
) -> tuple[Pile, int] | None:
    """``(pile, count)``: where ``card`` lies and how many cards a player
    picking it up takes with it; ``None`` for a face-down card or a
    foundation card that is not on top. ``loc_col`` and ``loc_pos`` give
    each card index's column (-1 for a card home) and place in it.

    >>> pick_up(Card.parse("2H"), [[]] * 7, [0] * 7, (13, 2, 0, 0), [-1] * 52, [0] * 52)
    (<Pile.HEARTS: 8>, 1)
    """
    index = card.index
    column = loc_col[index]
    if column >= 0:
        pos = loc_pos[index]
        if pos < down[column]:
            return None
        return (Pile(column), len(cols[column]) - pos)
    suit = index // 13
    if found[suit] == index % 13 + 1:
        return (Pile(FOUNDATION + suit), 1)
    return None


def drop(
    src: Pile,
    count: int,
    pile: Pile,
    cols: Sequence[Sequence[int]],
    down: Sequence[int],
    found: Sequence[int],
    fits: FitTable,
    rules: Rules,
) -> tuple[Move | None, Refusal | None]:
    """What dropping the top ``count`` cards of ``src`` on ``pile`` means.

    Any foundation stands for the card's own suit's, so the player need
    not aim. Returns ``(move, None)`` when legal, ``(None, reason)`` when
    not, and ``(None, None)`` when the cards were put back where they
    lie (nothing to do, nothing to explain).

    >>> from yukon.engine.generator import FITS
    >>> cols, found = [[Card.parse("AH").index]] + [[]] * 6, (13, 0, 13, 13)
    >>> fits = FITS[Rules.RUSSIAN]
    >>> drop(Pile.COLUMN_1, 1, Pile.SPADES, cols, [0] * 7, found, fits, Rules.RUSSIAN)
    (Move.parse('1:1>H'), None)
    """
    if pile >= FOUNDATION:
        if count != 1:
            return (None, Refusal(Reason.ONE_TO_FOUNDATION))
        if src >= FOUNDATION:
            return (None, None)  # foundation cards stay on their own foundation
        cards = cols[src]
        if not cards:
            return (None, Refusal(Reason.COLUMN_EMPTY, column=src + 1))
        pile = Pile(FOUNDATION + cards[-1] // 13)
    if pile == src:
        return (None, None)
    move = move_table()[src][count][pile] if count <= 52 else None
    if move is None:
        return (None, Refusal(Reason.TOO_MANY, number=count))
    reason = check(move, cols, down, found, fits, rules)
    return (move, None) if reason is None else (None, reason)


def destinations(
    src: Pile,
    count: int,
    cols: Sequence[Sequence[int]],
    down: Sequence[int],
    found: Sequence[int],
    fits: FitTable,
    rules: Rules,
) -> list[Pile]:
    """Every pile (column or foundation) where that group may legally go."""
    result = []
    table = move_table()
    for dst in Pile:
        move = table[src][count][dst] if count <= 52 else None
        if move is not None and check(move, cols, down, found, fits, rules) is None:
            result.append(dst)
    return result


def foundation_move(
    column: Pile, cols: Sequence[Sequence[int]], found: Sequence[int]
) -> Move | None:
    """The tap: the move sending ``column``'s top card to its foundation.

    >>> foundation_move(Pile.COLUMN_1, [[Card.parse("3H").index]] + [[]] * 6, (13, 2, 0, 0))
    Move.parse('1:1>H')
    """
    cards = cols[column]
    if not cards or found[0] == found[1] == found[2] == found[3] == 13:
        return None
    card = cards[-1]
    if found[card // 13] != card % 13:
        return None
    return move_table()[column][1][FOUNDATION + card // 13]


def auto_destination(
    column: Pile,
    count: int,
    cols: Sequence[Sequence[int]],
    down: Sequence[int],
    found: Sequence[int],
    fits: FitTable,
    rules: Rules,
) -> Move | None:
    """The double tap: move the top ``count`` cards of ``column`` to the
    longest column that accepts them (leftmost on a tie), else a King to
    an empty column; ``None`` if nowhere. Moving a whole column onto an
    empty one changes nothing, so that is never chosen."""
    if not 0 < count <= len(cols[column]):
        return None
    best: Move | None = None
    best_len = -1
    whole_column = count == len(cols[column])
    table = move_table()
    for dst in range(COLUMNS):
        if dst == column:
            continue
        length = len(cols[dst])
        if length == 0 and whole_column:
            continue
        move = table[column][count][dst]
        if (
            move is not None
            and length > best_len
            and check(move, cols, down, found, fits, rules) is None
        ):
            best, best_len = move, length
    return best


def best_move(
    column: Pile,
    count: int,
    cols: Sequence[Sequence[int]],
    down: Sequence[int],
    found: Sequence[int],
    fits: FitTable,
    rules: Rules,
) -> Move | None:
    """The double tap: ``auto_destination``, or, when that finds no
    column and a single card is tapped, its foundation."""
    move = auto_destination(column, count, cols, down, found, fits, rules)
    if move is None and count == 1 and column < COLUMNS and cols[column]:
        move = foundation_move(column, cols, found)
    return move
