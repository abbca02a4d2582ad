"""Cards and suits: small immutable values shared by the whole game.

There are exactly 52 ``Card`` objects; ``Card(rank, suit)`` returns the
interned one, so cards compare and hash cheaply and can be used as keys.

>>> Card.parse("TD")
Card.parse('TD')
>>> str(Card(12, Suit.SPADES)), Card(10, Suit.DIAMONDS).label
('QS', '10♦')
"""

from __future__ import annotations

from enum import IntEnum

from yukon.engine.errors import InvalidCard

RANK_LETTERS = "A23456789TJQK"
RANK_NAMES = ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King")
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


class Suit(IntEnum):
    """The four suits, numbered in the fixed order of the foundations."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """``"S"``, ``"H"``, ``"D"`` or ``"C"``."""
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        """The Unicode suit sign, for text (fonts may lack it: draw shapes)."""
        return "♠♥♦♣"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def plural(self) -> str:
        """Lower-case name, as in "the hearts foundation"."""
        return self.name.lower()


class Card:
    """A playing card: ``rank`` 1 (Ace) to 13 (King) and a ``suit``.

    ``index`` (0-51, suit-major) is what the engine stores internally.
    """

    __slots__ = ("rank", "suit", "index", "is_red", "_text")

    rank: int
    suit: Suit
    index: int
    is_red: bool
    _text: str

    def __new__(cls, rank: int, suit: Suit | int) -> Card:
        if not isinstance(rank, int) or not 1 <= rank <= 13:
            raise InvalidCard(f"rank {rank!r} is not between 1 and 13")
        if not isinstance(suit, int) or not 0 <= suit <= 3:
            raise InvalidCard(f"suit {suit!r} is not a Suit")
        return CARDS[int(suit) * 13 + rank - 1]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        suit = Suit(index // 13)
        object.__setattr__(card, "rank", index % 13 + 1)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "is_red", suit.is_red)
        object.__setattr__(card, "_text", RANK_LETTERS[index % 13] + suit.letter)
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with internal number ``index`` (0-51)."""
        return CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read the two-letter form: rank letter then suit letter.

        >>> Card.parse("AS").rank
        1
        """
        if not isinstance(text, str) or len(text) != 2:
            raise InvalidCard(
                f"card text {text!r} is not a rank letter and a suit letter, like 'TD'"
            )
        rank = RANK_LETTERS.find(text[0])
        suit = "SHDC".find(text[1])
        if rank < 0 or suit < 0:
            raise InvalidCard(
                f"card text {text!r} is not a rank letter (A23456789TJQK) and a suit letter (SHDC)"
            )
        return CARDS[suit * 13 + rank]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, int]]:
        return (Card, (self.rank, int(self.suit)))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    @property
    def label(self) -> str:
        """Display form with the suit sign, e.g. ``10♦``."""
        return RANK_LABELS[self.rank - 1] + self.suit.symbol

    @property
    def name(self) -> str:
        """Spoken form, e.g. ``"Queen of spades"``."""
        return f"{RANK_NAMES[self.rank - 1]} of {self.suit.plural}"


CARDS: tuple[Card, ...] = tuple(Card._make(i) for i in range(52))
