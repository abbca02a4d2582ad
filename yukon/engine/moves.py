"""Moves: small immutable values with a text form that round-trips.

Piles are numbered 0-6 for the tableau columns (left to right) and 7-10 for
the foundations in their fixed order spades, hearts, diamonds, clubs
(``FOUNDATION + suit``). The text form numbers columns 1-7 and names
foundations by their suit letter.

>>> m = Move.parse("3:4>5")
>>> (str(m.src), m.count, str(m.dst))
('3', 4, '5')
>>> str(Move.parse("H:1>6"))
'H:1>6'
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import Final

from yukon.engine.cards import Suit
from yukon.engine.errors import InvalidMoveText

# Final: the compiled solver (hatch_build.py) reads them as constants
# instead of looking them up in its module's globals at each use.
COLUMNS: Final = 7
FOUNDATION: Final = 7
PILES: Final = 11
MAX_GROUP: Final = 20

_PILE_TEXT = "1234567SHDC"
_MOVE_RE = re.compile(r"([1-7SHDC]):([0-9]{1,2})>([1-7SHDC])")


class Pile(IntEnum):
    """A pile by name: the columns left to right, then the foundations in
    suit order. An int, so moves and the solver keep plain numbers.

    >>> Pile(8).is_foundation, Pile(8).suit.letter, Pile.column(2).is_column
    (True, 'H', True)
    >>> [str(pile) for pile in (Pile.COLUMN_1, Pile.CLUBS)]
    ['1', 'C']
    """

    COLUMN_1 = 0
    COLUMN_2 = 1
    COLUMN_3 = 2
    COLUMN_4 = 3
    COLUMN_5 = 4
    COLUMN_6 = 5
    COLUMN_7 = 6
    SPADES = 7
    HEARTS = 8
    DIAMONDS = 9
    CLUBS = 10

    @classmethod
    def column(cls, index: int) -> Pile:
        """Column ``index`` (0-6, left to right)."""
        return cls(index)

    @classmethod
    def foundation(cls, suit: Suit) -> Pile:
        return cls(FOUNDATION + suit)

    @property
    def is_column(self) -> bool:
        return self < FOUNDATION

    @property
    def is_foundation(self) -> bool:
        return self >= FOUNDATION

    @property
    def suit(self) -> Suit:
        """The suit a foundation holds (ValueError for a column)."""
        if self < FOUNDATION:
            raise ValueError(f"pile {self.value} is a column: it has no suit")
        return Suit(self - FOUNDATION)

    def __str__(self) -> str:
        return _PILE_TEXT[self]


def is_foundation(pile: Pile) -> bool:
    return pile >= FOUNDATION


def pile_text(pile: Pile) -> str:
    """``"1"``-``"7"`` for a column, ``"S"``/``"H"``/``"D"``/``"C"`` for a foundation."""
    return _PILE_TEXT[pile]


def _problem(src: object, count: object, dst: object) -> str | None:
    """Why (src, count, dst) can never be a move, or None."""
    for pile in (src, dst):
        if not isinstance(pile, int) or not 0 <= pile < PILES:
            return f"pile {pile!r} is not 0-6 (a column) or 7-10 (a foundation)"
    if not isinstance(count, int) or not 1 <= count <= 52:
        return f"count {count!r} is not a number of cards from 1 to 52"
    assert isinstance(src, int) and isinstance(dst, int)  # checked above
    if src == dst:
        return "the source and destination are the same pile"
    if src >= FOUNDATION and dst >= FOUNDATION:
        return "cards never move from one foundation to another"
    if (src >= FOUNDATION or dst >= FOUNDATION) and count != 1:
        return "a foundation gives or takes one card at a time"
    return None


class Move:
    """Move the top ``count`` cards of pile ``src`` onto pile ``dst``.

    Moves are interned: ``Move(2, 4, 4) is Move.parse("3:4>5")``.
    """

    __slots__ = ("src", "count", "dst", "_text")

    src: Pile
    count: int
    dst: Pile
    _text: str

    def __new__(cls, src: int, count: int, dst: int) -> Move:
        try:
            return _INTERNED[(src, count, dst)]
        except (KeyError, TypeError):
            pass
        problem = _problem(src, count, dst)
        if problem:
            raise ValueError(f"Move({src!r}, {count!r}, {dst!r}) is impossible: {problem}")
        move = object.__new__(cls)
        object.__setattr__(move, "src", Pile(src))
        object.__setattr__(move, "count", count)
        object.__setattr__(move, "dst", Pile(dst))
        object.__setattr__(move, "_text", f"{_PILE_TEXT[src]}:{count}>{_PILE_TEXT[dst]}")
        _INTERNED[(src, count, dst)] = move
        return move

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``SRC:N>DST``; raises ``InvalidMoveText`` naming the text."""
        match = _MOVE_RE.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise InvalidMoveText(
                f"move text {text!r} is not of the form SRC:N>DST, "
                "with SRC and DST a column 1-7 or a foundation S, H, D, C"
            )
        src, dst = _PILE_TEXT.index(match[1]), _PILE_TEXT.index(match[3])
        count = int(match[2])
        problem = _problem(src, count, dst)
        if problem:
            raise InvalidMoveText(f"move text {text!r} is impossible: {problem}")
        return cls(src, count, dst)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Move is immutable")

    def __reduce__(self) -> tuple[type[Move], tuple[int, int, int]]:
        return (Move, (self.src, self.count, self.dst))

    def __copy__(self) -> Move:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Move:
        return self

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return hash((self.src, self.count, self.dst))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Move.parse({self._text!r})"

    @property
    def from_foundation(self) -> bool:
        return self.src >= FOUNDATION

    @property
    def to_foundation(self) -> bool:
        return self.dst >= FOUNDATION


_INTERNED: dict[tuple[int, int, int], Move] = {}

# MOVE_TABLE[src][count][dst]: every possible move built once, so that the
# hot paths (legal_moves, the solver) never construct a Move. Built when
# first asked for (``move_table``, or this name read from the module): the
# game's first frame asks for no move.
MOVE_TABLE: list[list[list[Move | None]]]


def move_table() -> list[list[list[Move | None]]]:
    """``MOVE_TABLE``, built at the first call."""
    table = globals().get("MOVE_TABLE")
    if table is None:
        table = globals()["MOVE_TABLE"] = _build_move_table()
    return table


def __getattr__(name: str) -> object:
    if name == "MOVE_TABLE":
        return move_table()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _build_move_table() -> list[list[list[Move | None]]]:
    """Every move ``Move`` would make, made without its checks (their
    cost was most of the engine's import); a move made already is the one
    the table holds (moves are interned)."""
    table: list[list[list[Move | None]]] = [
        [[None] * PILES for _ in range(53)] for _ in range(PILES)
    ]
    piles = list(Pile)
    new, put = object.__new__, object.__setattr__
    for src in range(PILES):
        for dst in range(PILES):
            if src == dst or (src >= FOUNDATION and dst >= FOUNDATION):
                continue  # as ``_problem`` says
            counts = (1,) if src >= FOUNDATION or dst >= FOUNDATION else range(1, 53)
            for count in counts:
                move = _INTERNED.get((src, count, dst))
                if move is None:
                    move = new(Move)
                    put(move, "src", piles[src])
                    put(move, "count", count)
                    put(move, "dst", piles[dst])
                    put(move, "_text", f"{_PILE_TEXT[src]}:{count}>{_PILE_TEXT[dst]}")
                    _INTERNED[(src, count, dst)] = move
                table[src][count][dst] = move
    return table
