"""The downward moves (``Mode.DOWNWARD``): Alaska's moves as Russian
Solitaire allows them, and the others only where they turn a card up or
uncover a card that can go home; the best-first search over them wins
hard Alaska deals within a few thousand positions."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from solver_wins import won_only_with

from yukon.engine import Game, Rules
from yukon.engine.moves import FOUNDATION
from yukon.solver import Verdict, knobs, solve
from yukon.solver.best_first import BestFirst
from yukon.solver.board import Board
from yukon.solver.knobs import Entry, Kind
from yukon.solver.moves import Mode, children
from yukon.solver.portfolio import Portfolio

# Alaska deals undecided at 80,000 positions without the downward search
# (and not won as Russian Solitaire).
DOWNWARD_WINS = [301208, 301237]


@pytest.mark.parametrize("deal", DOWNWARD_WINS)
def test_a_hard_alaska_deal_is_won_over_the_downward_moves(
    deal: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The stubborn sets' prover wins 301208 alone: without them, as measured.
    without = {"GAME_SEARCHES": {}, "STUBBORN": frozenset()}
    won_only_with(deal, 20_000, monkeypatch, without)


def test_the_paced_search_over_the_downward_moves_wins_where_the_best_first_one_is_slow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Deal 302463: undecided at 80,000 positions with the best-first search
    # over the downward moves alone.
    searches = knobs.GAME_SEARCHES[Rules.ALASKA]
    assert Entry(Kind.PACED, Mode.DOWNWARD, 1, 1) in searches
    alone = tuple(entry for entry in searches if entry.kind is not Kind.PACED)
    won_only_with(302463, 15_000, monkeypatch, {"GAME_SEARCHES": {Rules.ALASKA: alone}})


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 10**6), st.integers(0, 40), st.randoms(use_true_random=False))
def test_the_downward_moves_are_full_moves_that_build_down_in_suit_or_do_something(
    deal: int, plies: int, rng: random.Random
) -> None:
    board = Board(Game.new(deal, Rules.ALASKA).position())
    for _ in range(plies):
        moves = board.legal_moves()
        if not moves:
            break
        board.apply(*rng.choice(moves))
    full = children(board, Mode.FULL)
    for src, count, dst in children(board, Mode.DOWNWARD):
        assert (src, count, dst) in full
        if src >= FOUNDATION or dst >= FOUNDATION or not board.cols[dst]:
            continue
        column = board.cols[src]
        pos = len(column) - count
        in_suit_down = board.cols[dst][-1] == column[pos] + 1
        turns_up = 0 < pos == board.down[src]
        under = column[pos - 1] if pos else None
        frees_home = under is not None and board.found[under // 13] == under % 13
        assert in_suit_down or turns_up or frees_home


def test_the_downward_search_running_dry_proves_nothing() -> None:
    # Deal 10 is lost (the full searches prove it within 100 positions):
    # the downward search alone runs dry there and proves nothing.
    position = Game.new(10, Rules.ALASKA).position()
    search = BestFirst(position, Mode.DOWNWARD)
    assert not search.proves
    alone = Portfolio(position, [Entry(Kind.BEST_FIRST, Mode.DOWNWARD, 1, 1)])
    outcome = alone.run(None, 50_000, None)
    assert outcome is not None
    assert outcome.verdict is Verdict.UNKNOWN
    assert alone.exhausted
    assert solve(Game.new(10, Rules.ALASKA), max_seconds=None, max_nodes=1_000).verdict is (
        Verdict.LOST
    )


def test_only_alaska_has_the_downward_search() -> None:
    modes = {rules: [entry.mode for entry in knobs.portfolio(rules)] for rules in Rules}
    assert Mode.DOWNWARD in modes[Rules.ALASKA]
    assert all(Mode.DOWNWARD not in modes[rules] for rules in Rules if rules is not Rules.ALASKA)
