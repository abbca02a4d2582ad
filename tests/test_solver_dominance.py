"""Dominance between the games (``yukon.solver.dominance``), checked on the
build rules' own tables and on won lines."""

from __future__ import annotations

import pytest

from yukon.engine import Game, Rules, replay
from yukon.engine.generator import FITS
from yukon.solver import Verdict, solve
from yukon.solver.dominance import LOOSER, contradictions, implied, stricter


def _includes(loose: Rules, strict: Rules) -> bool:
    """Whether every card ``strict`` lets lie on a card, ``loose`` does too."""
    return all(set(FITS[strict][card]) <= set(FITS[loose][card]) for card in range(52))


@pytest.mark.parametrize("strict", list(Rules))
@pytest.mark.parametrize("loose", list(Rules))
def test_the_order_is_exactly_the_inclusion_of_the_build_rules(strict: Rules, loose: Rules) -> None:
    if strict is not loose:
        assert (loose in LOOSER[strict]) == _includes(loose, strict)
        assert (strict in stricter(loose)) == (loose in LOOSER[strict])


@pytest.mark.parametrize(
    ("strict", "deal"), [(Rules.RUSSIAN, 100002), (Rules.CLASSIC, 1), (Rules.MOOSEHIDE, 3)]
)
def test_a_line_won_in_a_stricter_game_wins_every_looser_one(strict: Rules, deal: int) -> None:
    result = solve(Game.new(deal, strict), max_seconds=None, max_nodes=50_000)
    assert result.verdict is Verdict.WON
    for loose in LOOSER[strict]:
        assert replay(Game.new(deal, loose), result.moves).is_won
        assert implied(loose, {strict: Verdict.WON}) is Verdict.WON


def test_a_loss_in_a_looser_game_is_a_loss_in_the_stricter_ones() -> None:
    for strict in stricter(Rules.RELAXED):
        assert implied(strict, {Rules.RELAXED: Verdict.LOST}) is Verdict.LOST
    assert implied(Rules.RELAXED, {Rules.CLASSIC: Verdict.LOST}) is Verdict.UNKNOWN
    assert contradictions({Rules.RUSSIAN: Verdict.WON, Rules.ALASKA: Verdict.LOST}) == [
        (Rules.RUSSIAN, Rules.ALASKA)
    ]
    assert contradictions({Rules.ALASKA: Verdict.WON, Rules.RUSSIAN: Verdict.LOST}) == []
