"""The games and rule sets offered by the New Game dialog, and how each builds.

Yukon has two rule options, ``CLASSIC`` and ``RELAXED``; Russian Solitaire,
Alaska and Moosehide are games of their own of the same family: the same
deal, the same any-order group moves, an empty column takes only a King.
They differ only in how a column builds, which is data (``Build``) here.
Each member is valued by the letter of its game codes.

>>> [rules.value for rules in Rules]
['C', 'R', 'U', 'A', 'M']
>>> Rules.ALASKA.build
Build(suits=<SuitRule.SAME: 'same'>, both_ways=True)
>>> from yukon.engine.cards import Card
>>> Rules.ALASKA.fits(Card.parse("7H").index, Card.parse("6H").index)
True
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple


class SuitRule(Enum):
    """Which suits a card may lie on in a column."""

    OPPOSITE_COLOUR = "opposite colour"
    ANY = "any"
    SAME = "same"
    OTHER = "other"


class Build(NamedTuple):
    """How a column builds: ``suits``, and whether a card may also lie on the
    next *lower* card of the suit (``both_ways``), not only the next higher."""

    suits: SuitRule
    both_ways: bool


class Rules(Enum):
    """``CLASSIC``: Yukon, down in alternating colours. ``RELAXED``: Yukon,
    down in any colour. ``RUSSIAN``: Russian Solitaire, down in suit.
    ``ALASKA``: up or down in suit. ``MOOSEHIDE``: down in any other suit."""

    CLASSIC = "C"
    RELAXED = "R"
    RUSSIAN = "U"
    ALASKA = "A"
    MOOSEHIDE = "M"

    # The members are singletons, so the identity hash serves: Enum's own
    # hashes the name in Python, which the compiled solver paid on every
    # position it looked up a table of its game in.
    __hash__ = object.__hash__

    @property
    def title(self) -> str:
        """The English name of the rule set (Yukon's option, or the game)."""
        return _TITLES[self]

    @property
    def game(self) -> str:
        """The English name of the game: ``"Yukon"`` for both of Yukon's options."""
        return "Yukon" if self.is_yukon else _TITLES[self]

    @property
    def is_yukon(self) -> bool:
        """Whether this is one of Yukon's own two rule options."""
        return self is Rules.CLASSIC or self is Rules.RELAXED

    @property
    def build(self) -> Build:
        return _BUILDS[self]

    def fits(self, card: int, onto: int) -> bool:
        """Whether card index ``card`` may lie on card index ``onto`` in a column."""
        rank, under = card % 13, onto % 13
        build = _BUILDS[self]
        if rank + 1 != under and not (build.both_ways and rank == under + 1):
            return False
        suits = build.suits
        if suits is SuitRule.ANY:
            return True
        if suits is SuitRule.OPPOSITE_COLOUR:
            return _is_red(card) != _is_red(onto)
        if suits is SuitRule.SAME:
            return card // 13 == onto // 13
        return card // 13 != onto // 13


_TITLES = {
    Rules.CLASSIC: "Classic",
    Rules.RELAXED: "Relaxed",
    Rules.RUSSIAN: "Russian Solitaire",
    Rules.ALASKA: "Alaska",
    Rules.MOOSEHIDE: "Moosehide",
}

_BUILDS = {
    Rules.CLASSIC: Build(SuitRule.OPPOSITE_COLOUR, both_ways=False),
    Rules.RELAXED: Build(SuitRule.ANY, both_ways=False),
    Rules.RUSSIAN: Build(SuitRule.SAME, both_ways=False),
    Rules.ALASKA: Build(SuitRule.SAME, both_ways=True),
    Rules.MOOSEHIDE: Build(SuitRule.OTHER, both_ways=False),
}


def _is_red(index: int) -> bool:
    return 13 <= index < 39
