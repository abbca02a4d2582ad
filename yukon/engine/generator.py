"""The one generator of legal moves, shared by the engine's ``Game`` and the
solver's ``Board``: both keep the same state (columns, face-down counts,
foundation heights, where each card lies), so both ask this function.

A move is a *step* here, ``(src, count, dst)`` with piles numbered as in
``yukon.engine.moves``; ``Game.legal_moves`` turns them into ``Move`` values.
The solver's ``children`` (``yukon.solver.moves``) walks the same loops once
more because it sorts and prunes as it goes: a property test proves that it
gives exactly these moves less the ones it documents as pruned, and
``benchmarks/move_generators.py`` measures why it is kept apart.

>>> from yukon.engine.rules import Rules
>>> fits = fit_table(Rules.CLASSIC)
>>> [len(fits[index]) for index in (0, 13, 12)]  # A♠ takes nothing, 2♠ takes A♥, A♦
[0, 0, 2]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from yukon.engine.moves import COLUMNS, FOUNDATION, MAX_GROUP
from yukon.engine.rules import Rules

KINGS = (12, 25, 38, 51)

# A move as a tuple: source pile, card count, destination pile.
Step = tuple[int, int, int]
FitTable = tuple[tuple[int, ...], ...]


# For each card index: the cards one rank above or below it, in index order.
# Every build rule lays a card on one a rank above it (or, both ways, below),
# so ``rules.fits`` need only be asked of these: 8 of the 52 cards, and a
# table costs a sixth of what it would (it is made as the first game starts).
_NEIGHBOURS = tuple(
    tuple(other for other in range(52) if abs(other % 13 - card % 13) == 1) for card in range(52)
)


def fit_table(rules: Rules) -> FitTable:
    """For each card index: the indices of the cards that may lie on it."""
    return tuple(
        tuple(card for card in _NEIGHBOURS[onto] if rules.fits(card, onto)) for onto in range(52)
    )


def parent_table(rules: Rules) -> FitTable:
    """For each card index: the indices of the cards it may lie on."""
    return tuple(
        tuple(onto for onto in _NEIGHBOURS[card] if rules.fits(card, onto)) for card in range(52)
    )


class _ByRules(dict[Rules, FitTable]):
    """A table for each rule set, worked out when first asked for: the
    game needs one, not all (a few milliseconds of its start each)."""

    def __init__(self, make: Callable[[Rules], FitTable]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, rules: Rules) -> FitTable:
        table = self[rules] = self._make(rules)
        return table


FITS: dict[Rules, FitTable] = _ByRules(fit_table)
PARENTS: dict[Rules, FitTable] = _ByRules(parent_table)


def legal_steps(
    cols: Sequence[Sequence[int]],
    down: Sequence[int],
    found: Sequence[int],
    loc_col: Sequence[int],
    loc_pos: Sequence[int],
    fits: FitTable,
) -> list[Step]:
    """Every legal move, each once, including pointless ones; none when won.

    Found by asking, for each column, which cards may go there (``fits`` of
    its end card, or the Kings for an empty one) and where they lie: about 30
    look-ups instead of trying every pair. ``loc_col`` is -1 for a card home.
    """
    if found[0] == found[1] == found[2] == found[3] == 13:
        return []
    moves: list[Step] = []
    append = moves.append
    for dst in range(COLUMNS):
        target = cols[dst]
        for card in fits[target[-1]] if target else KINGS:
            src = loc_col[card]
            if src >= 0:
                if src != dst:
                    pos = loc_pos[card]
                    if pos >= down[src]:
                        count = len(cols[src]) - pos
                        if count <= MAX_GROUP:
                            append((src, count, dst))
            elif found[card // 13] == card % 13 + 1:
                append((FOUNDATION + card // 13, 1, dst))
    for src in range(COLUMNS):
        column = cols[src]
        if column:
            card = column[-1]
            suit = card // 13
            if found[suit] == card % 13:
                append((src, 1, FOUNDATION + suit))
    return moves
