"""The keyboard cursor: which pile and card the keys point at, and what
the keys have picked up.

Pure navigation over the engine's state, as the table lies: Left/Right walk
the seven columns and the foundations (one step right of the last column,
where they stand one above another, and round again), Up/Down walk the
face-up cards of a column or go from foundation to foundation. It holds no
rules: the table scene asks the engine what a pick-up or a drop means.
"""

from __future__ import annotations

from dataclasses import dataclass

from yukon.engine import Card, Game, Pile, Suit


@dataclass
class Held:
    """Cards picked up with the keyboard: ``count`` cards from ``src``.

    ``cards`` are the cards themselves, as they lay when picked up: putting
    them down or an undo changes the position before they are let go, and
    then ``src`` may hold other cards, or none.
    """

    src: Pile
    count: int
    cards: tuple[Card, ...]


class KeyboardCursor:
    """Where the keyboard points: a pile, and for a column a card in it.

    ``depth`` counts cards from the top of the column: 1 is the top card,
    2 the card under it, and so on (never deeper than the face-up cards).

    >>> game = Game.from_code("YU1-C-AAAAAAB")
    >>> cursor = KeyboardCursor()
    >>> cursor.right(game); cursor.up(game); (cursor.pile, cursor.depth)
    (<Pile.COLUMN_2: 1>, 2)
    """

    def __init__(self) -> None:
        self.pile = Pile.COLUMN_1
        self.depth = 1
        self.held: Held | None = None
        # The foundation Left/Right come back to: the one last pointed at.
        self.foundation = Pile.SPADES

    def face_up(self, game: Game, pile: Pile | None = None) -> int:
        where = self.pile if pile is None else pile
        if where.is_foundation:
            return 1 if game.foundations[where.suit] else 0
        column = game.tableau[where]
        return len(column.cards) - column.face_down

    def clamp(self, game: Game) -> None:
        """Keep the cursor on a card that exists after the game changed."""
        self.depth = max(1, min(self.depth, max(1, self.face_up(game))))

    def left(self, game: Game) -> None:
        if self.pile.is_foundation:
            self.pile = Pile.COLUMN_7
        else:
            self.pile = self.foundation if self.pile == Pile.COLUMN_1 else Pile(self.pile - 1)
        self.depth = 1

    def right(self, game: Game) -> None:
        if self.pile.is_foundation:
            self.pile = Pile.COLUMN_1
        else:
            self.pile = self.foundation if self.pile == Pile.COLUMN_7 else Pile(self.pile + 1)
        self.depth = 1

    def up(self, game: Game) -> None:
        """Deeper into a column (more cards), or the foundation above."""
        if self.pile.is_foundation:
            self.pile = self.foundation = _foundation_after(self.pile, -1)
        elif self.held is None:
            self.depth = min(self.depth + 1, max(1, self.face_up(game)))

    def down(self, game: Game) -> None:
        """Towards the top card of a column, or the foundation below."""
        if self.pile.is_foundation:
            self.pile = self.foundation = _foundation_after(self.pile, 1)
        elif self.held is None:
            self.depth = max(1, self.depth - 1)

    def deepest(self, game: Game) -> None:
        """Home: the bottom face-up card of a column (all of them), or the
        first foundation."""
        if self.pile.is_foundation:
            self.pile = self.foundation = Pile.SPADES
        elif self.held is None:
            self.depth = max(1, self.face_up(game))

    def top(self, game: Game) -> None:
        """End: a column's top card, or the last foundation."""
        if self.pile.is_foundation:
            self.pile = self.foundation = Pile.CLUBS
        else:
            self.depth = 1

    def point_at(self, game: Game, pile: Pile, count: int) -> None:
        """On ``count`` cards of ``pile`` (a hint's, or those an undo put
        back), so Space picks up just them."""
        self.pile = pile
        if self.pile.is_foundation:
            self.foundation = self.pile
        self.depth = count
        self.clamp(game)

    def column(self, game: Game, number: int) -> None:
        """1-7: straight to that column's top card."""
        self.pile = Pile.column(number)
        self.depth = 1

    def selection(self, game: Game) -> tuple[Pile, int] | None:
        """``(pile, count)`` that Space would pick up, or None if nothing."""
        if self.face_up(game) == 0:
            return None
        if self.pile.is_foundation:
            return (self.pile, 1)
        return (self.pile, min(self.depth, self.face_up(game)))

    @property
    def on_column(self) -> bool:
        return self.pile.is_column


def _foundation_after(pile: Pile, step: int) -> Pile:
    """The foundation ``step`` places on from ``pile``, round the four."""
    return Pile.foundation(Suit((pile.suit + step) % 4))
