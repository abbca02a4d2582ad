"""A check the solver's search tests share: a deal won only with a search."""

from __future__ import annotations

import pytest

from yukon.engine import Game, Rules, replay
from yukon.solver import Verdict, knobs, solve


def won_only_with(
    deal: int, nodes: int, monkeypatch: pytest.MonkeyPatch, without: dict[str, object]
) -> None:
    """Alaska ``deal`` is won within ``nodes`` positions, on a line that
    replays to a win, and left undecided with the knobs of ``without`` set."""
    result = solve(Game.new(deal, Rules.ALASKA), max_seconds=None, max_nodes=nodes)
    assert result.verdict is Verdict.WON
    assert replay(Game.new(deal, Rules.ALASKA), result.moves).is_won
    for name, value in without.items():
        monkeypatch.setattr(knobs, name, value)
    again = solve(Game.new(deal, Rules.ALASKA), max_seconds=None, max_nodes=nodes)
    assert again.verdict is Verdict.UNKNOWN
