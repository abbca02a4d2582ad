"""A Yukon position as one small immutable value: what the solver searches,
what hint jobs send to another process, and what the table rebuilds a
scratch game from.

Cards are their indices 0-51 (see ``Card.index``). A position holds no score,
move count or history: two games that reached the same cards by different
moves have equal positions. Its text form round-trips: the rule letter, the
seven columns bottom to top separated by ``/`` (face-down cards, ``|``, then
the face-up ones), then the four foundation heights (spades, hearts,
diamonds, clubs).

>>> from yukon.engine import Game
>>> position = Game.from_code("YU1-C-AAAAAAB").position()
>>> str(position).split()[1].split("/")[1]
'9S|4H8D8H5CJH'
>>> Position.parse(str(position)) == position
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from yukon.engine.cards import CARDS, Card, Suit
from yukon.engine.errors import InvalidLayout, InvalidPosition
from yukon.engine.moves import COLUMNS
from yukon.engine.rules import Rules

_RULE_LETTERS = frozenset(rules.value for rules in Rules)


@dataclass(frozen=True, slots=True)
class Position:
    """Columns (card indices bottom to top), how many bottom cards of each
    are face down, the foundation heights and the rules. Hashable and
    picklable; build one with ``Game.position``, ``from_layout`` or ``parse``,
    which check it (the constructor itself trusts its input)."""

    columns: tuple[tuple[int, ...], ...]
    face_down: tuple[int, ...]
    foundations: tuple[int, ...]
    rules: Rules = Rules.CLASSIC

    @classmethod
    def from_layout(
        cls,
        columns: Sequence[Sequence[Card | str]],
        face_down: Sequence[int] | None = None,
        foundations: Sequence[int | Card | str | None] = (0, 0, 0, 0),
        rules: Rules = Rules.CLASSIC,
    ) -> Position:
        """A legal position from cards (or card text); see ``Game.from_layout``.
        Raises ``InvalidLayout`` naming what is wrong."""
        cols = _layout_columns(columns)
        down = _face_down_counts(face_down, cols)
        if not isinstance(foundations, (list, tuple)) or len(foundations) != 4:
            raise InvalidLayout(f"a layout needs 4 foundations, not {foundations!r}")
        found = tuple(
            _foundation_rank(top, suit) for suit, top in zip(Suit, foundations, strict=True)
        )
        _check_every_card_once(cols, found)
        if not isinstance(rules, Rules):
            raise InvalidLayout(f"rules {rules!r} is not a member of Rules")
        return cls(tuple(cols), tuple(down), found, rules)

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read the text form (see the module); raises ``InvalidPosition``
        naming the text, with the reason.

        >>> Position.parse("R KS////// 12 13 13 13").is_won
        False
        """
        parts = text.split(" ") if isinstance(text, str) else []
        if len(parts) != 6 or parts[0] not in _RULE_LETTERS or parts[1].count("/") != COLUMNS - 1:
            raise InvalidPosition(
                f"position text {text!r} is not a rule letter, seven columns "
                "and four foundation heights"
            )
        columns: list[list[str]] = []
        face_down: list[int] = []
        for column in parts[1].split("/"):
            hidden, bar, shown = column.rpartition("|")
            cards = hidden + shown
            if len(cards) % 2 or (bar and not hidden):
                raise InvalidPosition(f"position text {text!r}: column {column!r} is not cards")
            columns.append([cards[i : i + 2] for i in range(0, len(cards), 2)])
            face_down.append(len(hidden) // 2)
        heights = [int(part) if part.isdigit() else -1 for part in parts[2:]]
        try:
            return cls.from_layout(columns, face_down, heights, Rules(parts[0]))
        except ValueError as error:
            raise InvalidPosition(f"position text {text!r}: {error}") from None

    def __str__(self) -> str:
        columns = []
        for cards, hidden in zip(self.columns, self.face_down, strict=True):
            text = "".join(str(CARDS[card]) for card in cards)
            columns.append(f"{text[: 2 * hidden]}|{text[2 * hidden :]}" if hidden else text)
        heights = " ".join(map(str, self.foundations))
        return f"{self.rules.value} {'/'.join(columns)} {heights}"

    @property
    def is_won(self) -> bool:
        return self.foundations == (13, 13, 13, 13)


def _layout_columns(columns: Sequence[Sequence[Card | str]]) -> list[tuple[int, ...]]:
    """The seven columns of a layout as card indices (``InvalidLayout`` if not)."""
    if not isinstance(columns, (list, tuple)) or len(columns) != COLUMNS:
        raise InvalidLayout(f"a layout needs 7 columns, not {columns!r}")
    for i, column in enumerate(columns):
        if not isinstance(column, (list, tuple)):
            raise InvalidLayout(f"column {i + 1} is {column!r}, not a list of cards")
    return [tuple(_card_index(card) for card in column) for column in columns]


def _face_down_counts(face_down: Sequence[int] | None, cols: list[tuple[int, ...]]) -> list[int]:
    """How many cards of each column lie face down (none if not given),
    each fewer than the column holds (``InvalidLayout`` if not)."""
    if face_down is not None and not isinstance(face_down, (list, tuple)):
        raise InvalidLayout(f"face_down needs 7 counts, not {face_down!r}")
    down = list(face_down) if face_down is not None else [0] * COLUMNS
    if len(down) != COLUMNS:
        raise InvalidLayout(f"face_down needs 7 counts, not {len(down)}")
    for i, (column, hidden) in enumerate(zip(cols, down, strict=False)):
        if type(hidden) is not int or hidden < 0:
            raise InvalidLayout(f"face_down count {hidden!r} of column {i + 1} is not valid")
        if column and hidden >= len(column):
            raise InvalidLayout(
                f"column {i + 1} has {len(column)} cards, so at most "
                f"{len(column) - 1} may be face down, not {hidden}"
            )
        if not column and hidden:
            raise InvalidLayout(f"column {i + 1} is empty but has {hidden} face-down cards")
    return down


def _check_every_card_once(cols: list[tuple[int, ...]], found: tuple[int, ...]) -> None:
    """Every card of the deck once, in a column or on its foundation
    (``InvalidLayout`` naming a card twice or the cards missing)."""
    seen: dict[int, str] = {}
    for i, column in enumerate(cols):
        for card in column:
            if card in seen:
                raise InvalidLayout(
                    f"{CARDS[card]} appears twice: in {seen[card]} and column {i + 1}"
                )
            seen[card] = f"column {i + 1}"
    for suit, rank in enumerate(found):
        for card in range(suit * 13, suit * 13 + rank):
            if card in seen:
                raise InvalidLayout(
                    f"{CARDS[card]} is in {seen[card]} and also on the "
                    f"{Suit(suit).plural} foundation"
                )
            seen[card] = "a foundation"
    missing = [str(CARDS[i]) for i in range(52) if i not in seen]
    if missing:
        raise InvalidLayout(f"cards missing from the layout: {' '.join(missing)}")


def _card_index(card: Card | str) -> int:
    if isinstance(card, Card):
        return card.index
    return Card.parse(card).index


def _foundation_rank(top: int | Card | str | None, suit: Suit) -> int:
    if top is None:
        return 0
    if isinstance(top, bool):
        raise InvalidLayout(f"foundation top {top!r} is not a rank or a card")
    if isinstance(top, int):
        if not 0 <= top <= 13:
            raise InvalidLayout(f"foundation rank {top!r} is not between 0 and 13")
        return top
    card = top if isinstance(top, Card) else Card.parse(top)
    if card.suit != suit:
        raise InvalidLayout(f"{card} cannot top the {suit.plural} foundation")
    return card.rank
