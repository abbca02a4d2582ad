"""The two rule sets offered by the New Game dialog."""

from __future__ import annotations

from enum import Enum


class Rules(Enum):
    """``CLASSIC``: build down in alternating colours. ``RELAXED``: any colour."""

    CLASSIC = "C"
    RELAXED = "R"

    @property
    def title(self) -> str:
        return self.name.capitalize()

    def fits(self, card: int, onto: int) -> bool:
        """Whether card index ``card`` may lie on card index ``onto`` in a column."""
        if card % 13 + 1 != onto % 13:
            return False
        return self is Rules.RELAXED or _is_red(card) != _is_red(onto)


def _is_red(index: int) -> bool:
    return 13 <= index < 39
