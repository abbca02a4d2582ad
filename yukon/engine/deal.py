"""The deal generator: a deal number always gives the same layout.

The layout must never change between machines or versions, so it does not
use the ``random`` module. It is defined here completely:

1. ``SplitMix64`` seeded with the deal number gives a stream of 64-bit numbers
   (Steele, Lea and Flood, 2014; the constants are the published ones).
2. The deck starts in card-index order (spades A-K, hearts, diamonds, clubs)
   and is shuffled by Fisher-Yates: for ``i`` from 51 down to 1, swap
   position ``i`` with position ``next() % (i + 1)``.
3. The shuffled deck is dealt in order: the first card to column 1, then
   6 cards to column 2, 7 to column 3, ... 11 to column 7, each column
   filled bottom to top. Column ``c`` (0-based) has ``c`` face-down cards.

>>> columns = deal_columns(0)
>>> [len(c) for c in columns]
[1, 6, 7, 8, 9, 10, 11]
"""

from __future__ import annotations

DEAL_COUNT = 26**7
COLUMN_SIZES = (1, 6, 7, 8, 9, 10, 11)
FACE_DOWN = (0, 1, 2, 3, 4, 5, 6)

_MASK = (1 << 64) - 1


class SplitMix64:
    """A tiny, fully specified 64-bit generator."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)


def shuffled_deck(deal: int) -> list[int]:
    """The 52 card indices in dealing order for ``deal``."""
    if not isinstance(deal, int) or not 0 <= deal < DEAL_COUNT:
        raise ValueError(f"deal number {deal!r} is not between 0 and {DEAL_COUNT - 1}")
    rng = SplitMix64(deal)
    deck = list(range(52))
    for i in range(51, 0, -1):
        j = rng.next() % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_columns(deal: int) -> list[list[int]]:
    """The seven columns (bottom to top, card indices) of deal ``deal``."""
    deck = shuffled_deck(deal)
    columns = []
    start = 0
    for size in COLUMN_SIZES:
        columns.append(deck[start : start + size])
        start += size
    return columns
