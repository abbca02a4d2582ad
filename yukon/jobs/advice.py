"""A sensible move when the solver knows no winning line: the hint's fallback.

When the solver runs out of time, a hint still points somewhere useful. The
move is picked by fixed rules, tried in this order, and the hint says which
one picked it (and that the move is not proven to win):

1. ``TURNS_OVER``: a move that turns a face-down card over, from the column
   hiding the most cards (a card to its foundation first, then onto the longest column);
2. ``TO_FOUNDATION``: a column's last card to its foundation, lowest rank
   first;
3. ``EMPTIES_COLUMN``: a whole column of face-up cards onto another column,
   the shortest first, which opens a place for a King;
4. ``FREES_KING``: a King with cards under it, with the cards on it, to an
   empty column.

A move that leads back to a position already played through in this game
(one still in the undo history) is never chosen: no going round in circles.
Taking a card back from a foundation is never advised.

>>> from yukon.engine import Game
>>> advice = sensible_move(Game.from_code("YU1-C-AAAAAAB"))
>>> advice.why.name, str(advice.move)
('TURNS_OVER', '7:5>2')
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Collection
from typing import NamedTuple

from yukon.engine import Game, Move, Pile, Position


class Why(enum.Enum):
    """Which rule picked the advised move (see the module doc)."""

    TURNS_OVER = "turns over"
    TO_FOUNDATION = "to foundation"
    EMPTIES_COLUMN = "empties column"
    FREES_KING = "frees king"


class Advice(NamedTuple):
    move: Move
    why: Why


def visited_positions(game: Game) -> set[Position]:
    """The positions before each move still in ``game``'s undo history."""
    trail = game.copy()
    seen = set()
    while trail.can_undo:
        trail.undo()
        seen.add(trail.position())
    return seen


def sensible_move(game: Game, avoid: Collection[Position] = ()) -> Advice | None:
    """The first move the rules above pick, or None when none applies."""
    tableau = game.tableau
    lengths = [len(column.cards) for column in tableau]

    def length(pile: Pile) -> int:
        return lengths[pile] if pile.is_column else 0

    def leads_on(move: Move) -> bool:
        if not avoid:
            return True
        trial = game.copy()
        trial.play(move)
        return trial.position() not in avoid

    moves = [move for move in game.legal_moves() if not move.from_foundation]
    rules: list[tuple[Why, Callable[[Move], bool], Callable[[Move], tuple[int, ...]]]] = [
        (
            Why.TURNS_OVER,
            lambda m: (
                tableau[m.src].face_down > 0
                and m.count == lengths[m.src] - tableau[m.src].face_down
            ),
            lambda m: (-tableau[m.src].face_down, not m.to_foundation, -length(m.dst)),
        ),
        (
            Why.TO_FOUNDATION,
            lambda m: m.to_foundation,
            lambda m: (tableau[m.src].cards[-1].rank,),
        ),
        (
            Why.EMPTIES_COLUMN,
            lambda m: not m.to_foundation and m.count == lengths[m.src] and length(m.dst) > 0,
            lambda m: (lengths[m.src],),
        ),
        (
            Why.FREES_KING,
            lambda m: m.dst.is_column and m.count < lengths[m.src] and length(m.dst) == 0,
            lambda m: (-m.count,),
        ),
    ]
    for why, applies, order in rules:
        candidates = sorted((m for m in moves if applies(m)), key=order)
        for move in candidates:
            if leads_on(move):
                return Advice(move, why)
    return None
