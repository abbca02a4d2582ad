"""What a game shows the table and the player: its cards as ``Card``
values, what a move did, and the layout as text.

The game keeps cards as indices 0-51 (see ``Card.index``); these read-only
values are built from its plain state (``cols`` bottom to top, ``down`` how
many bottom cards of each column are face down, ``found`` the foundation
heights for spades, hearts, diamonds, clubs).

>>> column = tableau([[0, 25]], [1])[0]
>>> [str(card) for card in column.face_up_cards], str(column.top)
(['KH'], 'KH')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from yukon.engine.cards import CARDS, Card, Suit
from yukon.engine.moves import Move


class Column(NamedTuple):
    """A tableau column: ``cards`` bottom to top, the lowest ``face_down`` hidden."""

    cards: tuple[Card, ...]
    face_down: int

    @property
    def face_up_cards(self) -> tuple[Card, ...]:
        return self.cards[self.face_down :]

    @property
    def top(self) -> Card | None:
        return self.cards[-1] if self.cards else None


class Played(NamedTuple):
    """What a move did, for the UI to animate and the player to see."""

    move: Move
    cards: tuple[Card, ...]
    flipped: Card | None
    points: int


def tableau(cols: Sequence[Sequence[int]], down: Sequence[int]) -> tuple[Column, ...]:
    """The columns as ``Column`` values."""
    return tuple(
        Column(tuple(CARDS[c] for c in column), face_down)
        for column, face_down in zip(cols, down, strict=False)
    )


def foundations(found: Sequence[int]) -> tuple[tuple[Card, ...], ...]:
    """Four tuples, Ace first, for spades, hearts, diamonds, clubs.

    >>> [len(pile) for pile in foundations([13, 2, 0, 0])]
    [13, 2, 0, 0]
    """
    return tuple(CARDS[s * 13 : s * 13 + rank] for s, rank in enumerate(found))


def layout_text(cols: Sequence[Sequence[int]], down: Sequence[int], found: Sequence[int]) -> str:
    """The position as text: one line per column, hidden cards in brackets,
    then the foundation tops.

    >>> print(layout_text([[0, 25]] + [[]] * 6, [1] + [0] * 6, [0, 0, 1, 0]))
    1: [AS] KH
    2:
    3:
    4:
    5:
    6:
    7:
    foundations: S0 H0 D1 C0
    """
    lines = []
    for i, column in enumerate(cols):
        cards = [
            f"[{CARDS[c]}]" if pos < down[i] else str(CARDS[c]) for pos, c in enumerate(column)
        ]
        lines.append(f"{i + 1}: {' '.join(cards)}".rstrip())
    tops = " ".join(f"{Suit(s).letter}{rank}" for s, rank in enumerate(found))
    lines.append(f"foundations: {tops}")
    return "\n".join(lines)
