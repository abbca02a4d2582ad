"""Dominance between the games: one game's verdict on a position that
settles another's.

The five games differ only in which card may lie on which
(``yukon.engine.rules``). Where every card a game lets lie on a card is one
that a looser game lets lie there too, every move of the stricter game is a
move of the looser one, in every position, and nothing else differs (the
deal, the foundations, Kings alone into an empty column, groups of up to 20
cards). So a line that wins the stricter game wins the looser one as it
stands, and a position lost in the looser game is lost in the stricter one.
The build rules give (``tests/test_solver_dominance.py`` checks each pair
on the rules' own tables):

* Classic (alternating colours) ⊂ Moosehide (any other suit) ⊂ Relaxed
  (any card one higher);
* Russian Solitaire (same suit, down) ⊂ Alaska (same suit, up or down);
* Russian Solitaire ⊂ Relaxed (and so ⊂ nothing else: Moosehide refuses
  the same suit).

>>> implied(Rules.CLASSIC, {Rules.RELAXED: Verdict.LOST})
<Verdict.LOST: 'lost'>
>>> implied(Rules.ALASKA, {Rules.RUSSIAN: Verdict.WON})
<Verdict.WON: 'won'>
>>> implied(Rules.ALASKA, {Rules.RUSSIAN: Verdict.LOST})
<Verdict.UNKNOWN: 'unknown'>
"""

from __future__ import annotations

from collections.abc import Mapping

from yukon.engine.rules import Rules
from yukon.solver.verdict import Verdict

# For each game, the games whose moves include all of its moves (not itself).
LOOSER: dict[Rules, tuple[Rules, ...]] = {
    Rules.CLASSIC: (Rules.MOOSEHIDE, Rules.RELAXED),
    Rules.MOOSEHIDE: (Rules.RELAXED,),
    Rules.RUSSIAN: (Rules.ALASKA, Rules.RELAXED),
    Rules.ALASKA: (),
    Rules.RELAXED: (),
}


def stricter(rules: Rules) -> tuple[Rules, ...]:
    """The games all of whose moves are moves of ``rules`` (not itself).

    >>> stricter(Rules.RELAXED)
    (<Rules.CLASSIC: 'C'>, <Rules.MOOSEHIDE: 'M'>, <Rules.RUSSIAN: 'U'>)
    """
    return tuple(other for other, looser in LOOSER.items() if rules in looser)


def implied(rules: Rules, verdicts: Mapping[Rules, Verdict]) -> Verdict:
    """The verdict on a position in ``rules`` that the other games'
    ``verdicts`` on the same cards prove: lost if a looser game's is lost,
    won if a stricter game's is won (its line wins here too), else unknown."""
    if any(verdicts.get(other) is Verdict.LOST for other in LOOSER[rules]):
        return Verdict.LOST
    if any(verdicts.get(other) is Verdict.WON for other in stricter(rules)):
        return Verdict.WON
    return Verdict.UNKNOWN


def contradictions(verdicts: Mapping[Rules, Verdict]) -> list[tuple[Rules, Rules]]:
    """The pairs (stricter, looser) whose verdicts on one position cannot
    both be true: the stricter game won and the looser one lost. A sound
    solver gives none; a study checks its verdicts with it.

    >>> contradictions({Rules.CLASSIC: Verdict.WON, Rules.RELAXED: Verdict.LOST})
    [(<Rules.CLASSIC: 'C'>, <Rules.RELAXED: 'R'>)]
    """
    return [
        (strict, loose)
        for strict, looser in LOOSER.items()
        for loose in looser
        if verdicts.get(strict) is Verdict.WON and verdicts.get(loose) is Verdict.LOST
    ]
