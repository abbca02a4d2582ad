"""Why the rules refuse something: a typed reason the game can put in any language.

A ``Refusal`` is still the plain English sentence (it is a ``str``, so logs,
the solver's command line and old callers read it as before), and it also
carries its ``reason`` and the values the sentence names, so a translated
game formats its own sentence from them instead of the English words.

>>> refusal = Refusal(Reason.NEEDS_COLOUR, card=Card.parse("4D"), rank=5)
>>> str(refusal), refusal.reason.name, refusal.colour
('The 4♦ needs a black 5.', 'NEEDS_COLOUR', 'black')
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from yukon.engine.cards import CARDS, RANK_NAMES, Card, Suit
from yukon.engine.rules import Rules, SuitRule


class Reason(Enum):
    """Every rule that can refuse a pick-up, a move, an undo or a redo."""

    GAME_WON = "The game is won."
    FOUNDATION_EMPTY = "The {suit} foundation is empty."
    COLUMN_EMPTY = "Column {column} is empty."
    COLUMN_SHORT = "Column {column} has only {count} cards."
    FACE_DOWN = "Only face-up cards can be picked up."
    GROUP_TOO_BIG = "At most {count} cards can be moved at once."
    KING_ONLY = "Only a King can be moved to an empty column."
    KING_TO_EMPTY = "A King can only be moved to an empty column."
    NEEDS_RANK = "The {card} needs {article} {rank_name}."
    NEEDS_COLOUR = "The {card} needs a {colour} {rank_name}."
    NEEDS_SUIT = "The {card} needs the {other}."
    NEEDS_EITHER = "The {card} needs the {other} or the {second}."
    NEEDS_OTHER_SUIT = "The {card} needs {article} {rank_name} of another suit."
    WRONG_FOUNDATION = "The {card} belongs on the {suit} foundation."
    ALREADY_HOME = "The {card} is already on its foundation."
    ACE_FIRST = "Only an Ace can start a foundation; the {card} needs the {other} there first."
    FOLLOWS = "The {card} can only follow the {other} on its foundation."
    ONE_TO_FOUNDATION = "Only one card at a time can go to a foundation."
    TOO_MANY = "{count} cards cannot be moved at once."
    UNDO_LIMIT = "Only the last {count} moves can be undone."
    NOTHING_TO_UNDO = "There is nothing to undo."
    NOTHING_TO_REDO = "There is nothing to redo."


class Refusal(str):
    """The English sentence for ``reason`` with its values; see the module doc.

    ``card`` is the card refused, ``other`` a card the sentence names
    (the Ace or the card it must follow), ``rank`` the rank the refused card
    needs under it (2-13), ``suit`` a foundation's suit, ``column`` 1-7,
    ``number`` a number of cards or moves (``count`` is taken by ``str``),
    ``second`` the second card an Alaska card may lie on (the next lower).
    """

    reason: Reason
    card: Card | None
    other: Card | None
    rank: int | None
    suit: Suit | None
    column: int | None
    number: int | None
    second: Card | None

    def __new__(
        cls,
        reason: Reason,
        *,
        card: Card | None = None,
        other: Card | None = None,
        rank: int | None = None,
        suit: Suit | None = None,
        column: int | None = None,
        number: int | None = None,
        second: Card | None = None,
    ) -> Refusal:
        rank_name = RANK_NAMES[rank - 1] if rank is not None else ""
        text = reason.value.format(
            card=card.label if card else "",
            other=other.label if other else "",
            second=second.label if second else "",
            rank_name=rank_name,
            article="an" if rank_name == "8" else "a",
            colour=("black" if card.is_red else "red") if card else "",
            suit=suit.plural if suit is not None else "",
            column=column,
            count=number,
        )
        refusal = super().__new__(cls, text)
        refusal.reason = reason
        refusal.card, refusal.other, refusal.rank = card, other, rank
        refusal.suit, refusal.column, refusal.number = suit, column, number
        refusal.second = second
        return refusal

    @classmethod
    def needs(cls, rules: Rules, card: int) -> Refusal:
        """Why card index ``card`` may not lie where it was put, naming the
        game's own build rule (a King to a column is refused elsewhere).

        >>> str(Refusal.needs(Rules.ALASKA, Card.parse("7H").index))
        'The 7♥ needs the 8♥ or the 6♥.'
        >>> str(Refusal.needs(Rules.MOOSEHIDE, Card.parse("7H").index))
        'The 7♥ needs an 8 of another suit.'
        """
        build = rules.build
        rank = card % 13 + 1
        if build.suits is SuitRule.ANY:
            return cls(Reason.NEEDS_RANK, card=CARDS[card], rank=rank + 1)
        if build.suits is SuitRule.OPPOSITE_COLOUR:
            return cls(Reason.NEEDS_COLOUR, card=CARDS[card], rank=rank + 1)
        if build.suits is SuitRule.OTHER:
            return cls(Reason.NEEDS_OTHER_SUIT, card=CARDS[card], rank=rank + 1)
        higher = CARDS[card + 1] if rank < 13 else None
        lower = CARDS[card - 1] if build.both_ways and rank > 1 else None
        if higher is not None and lower is not None:
            return cls(Reason.NEEDS_EITHER, card=CARDS[card], other=higher, second=lower)
        return cls(Reason.NEEDS_SUIT, card=CARDS[card], other=higher or lower)

    @property
    def colour(self) -> str | None:
        """The colour the card needs under it (Classic), ``"black"`` or ``"red"``."""
        if self.reason is not Reason.NEEDS_COLOUR or self.card is None:
            return None
        return "black" if self.card.is_red else "red"

    def __reduce__(self) -> tuple[Any, ...]:
        fields = ("card", "other", "rank", "suit", "column", "number", "second")
        return (_rebuild, (self.reason, {name: getattr(self, name) for name in fields}))


def _rebuild(reason: Reason, values: dict[str, Any]) -> Refusal:
    return Refusal(reason, **values)
