"""The stricter game's search (``yukon.solver.stricter``): a Russian
Solitaire win of an Alaska deal is an Alaska win, found at once."""

from __future__ import annotations

import pytest
from solver_wins import won_only_with

from yukon.engine import Game, Rules
from yukon.solver import Verdict, knobs
from yukon.solver.knobs import Entry, Kind
from yukon.solver.moves import Mode
from yukon.solver.portfolio import Portfolio
from yukon.solver.stricter import Stricter

# Alaska deals the portfolio without the stricter search leaves undecided
# at 80,000 positions, and Russian Solitaire wins within a few hundred.
RUSSIAN_WINS = [300888, 302155]


@pytest.mark.parametrize("deal", RUSSIAN_WINS)
def test_an_alaska_deal_won_as_russian_solitaire_is_won_at_once(
    deal: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    won_only_with(deal, 2_000, monkeypatch, {"STRICTER_GAME": {}})


def test_the_stricter_search_plays_the_stricter_game() -> None:
    search = Stricter(Game.new(300888, Rules.ALASKA).position(), Mode.NO_LIFT)
    assert search.board.rules is Rules.RUSSIAN
    assert search.mode is Mode.FULL
    assert not search.proves


def test_the_stricter_game_lost_proves_nothing() -> None:
    # Deal 3 is lost at once as Russian Solitaire and won as Alaska.
    position = Game.new(3, Rules.ALASKA).position()
    alone = Portfolio(position, [Entry(Kind.STRICTER, Mode.FULL, 1, 1)])
    assert alone.run(None, 10_000, None) == (Verdict.UNKNOWN, [], 1)
    assert alone.exhausted
    outcome = Portfolio(position).run(None, 10_000, None)
    assert outcome is not None
    assert outcome.verdict is Verdict.WON


def test_only_a_game_with_a_stricter_one_gets_its_search() -> None:
    kinds = {rules: [entry.kind for entry in knobs.portfolio(rules)] for rules in Rules}
    assert kinds[Rules.ALASKA][0] is Kind.STRICTER
    assert Kind.STRICTER not in kinds[Rules.CLASSIC]
