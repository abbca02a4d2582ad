"""The searches try no take-back in a game that builds in suit
(``yukon.solver.moves.takes_back``): checked against an exhaustive search
that takes cards back, on many small positions near their end."""

from __future__ import annotations

from exhaustive import INCONCLUSIVE, WON, exhaust
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_solver_forced_home import near_end, replays_to_a_win

from yukon.engine import Rules
from yukon.engine.moves import FOUNDATION
from yukon.solver.best_first import BestFirst
from yukon.solver.board import Board
from yukon.solver.depth_first import DepthFirst
from yukon.solver.moves import Mode, children
from yukon.solver.search import Search
from yukon.solver.verdict import Verdict


def take_backs(moves: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """The moves of ``moves`` that take a card back from a foundation."""
    return [move for move in moves if move[0] >= FOUNDATION]


def test_alaska_tries_none_where_the_rules_allow_them() -> None:
    """Over positions near their end where the rules allow take-backs,
    Alaska's full moves hold none, Classic's hold some."""
    legal = {Rules.ALASKA: 0, Rules.CLASSIC: 0}
    tried = {Rules.ALASKA: 0, Rules.CLASSIC: 0}
    for seed in range(60):
        for rules in legal:
            board = Board(near_end(seed, rules))
            legal[rules] += len(take_backs(board.legal_moves()))
            tried[rules] += len(take_backs(children(board, Mode.FULL)))
    assert legal[Rules.ALASKA] >= 50 and tried[Rules.ALASKA] == 0
    assert tried[Rules.CLASSIC] >= 10


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([BestFirst, DepthFirst]))
def test_the_alaska_provers_agree_with_an_exhaustive_search(seed: int, kind: type[Search]) -> None:
    """Every verdict of Alaska's provers, which never take a card back, is
    that of the exhaustive search, which does; every won line replays."""
    position = near_end(seed, Rules.ALASKA)
    truth, _ = exhaust(position, 20_000)
    assume(truth != INCONCLUSIVE)
    search = kind(position, Mode.FULL)
    search.begin()
    while search.verdict is None:
        search.step(10_000, None)
    assert search.verdict is (Verdict.WON if truth == WON else Verdict.LOST)
    if truth == WON:
        assert replays_to_a_win(position, search)
