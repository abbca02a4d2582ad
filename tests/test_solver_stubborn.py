"""The provers that keep only the moves of a stubborn set
(``yukon.solver.stubborn``, ``knobs.STUBBORN``): checked against an
exhaustive search that proves nothing, on many small positions near their
end, in several games."""

from __future__ import annotations

import pytest
from exhaustive import INCONCLUSIVE, LOST, WON, exhaust
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_solver_forced_home import near_end, replays_to_a_win

from yukon.engine import Game, Rules
from yukon.engine.moves import COLUMNS
from yukon.engine.position import Position
from yukon.solver import knobs, stubborn
from yukon.solver.best_first import BestFirst
from yukon.solver.board import Board
from yukon.solver.depth_first import DepthFirst
from yukon.solver.moves import Mode, children
from yukon.solver.search import Search
from yukon.solver.verdict import Verdict


def prove(
    position: Position,
    reduced: bool,
    monkeypatch: pytest.MonkeyPatch,
    kind: type[Search] = BestFirst,
) -> Search:
    """The full search of ``kind`` from ``position`` run to its verdict,
    keeping only a stubborn set's moves if ``reduced`` (at every position,
    however few cards are home)."""
    monkeypatch.setattr(knobs, "STUBBORN", frozenset(Rules) if reduced else frozenset())
    monkeypatch.setattr(knobs, "STUBBORN_FROM_HOME", 0)
    search = kind(position, Mode.FULL)
    search.begin()
    while search.verdict is None:
        search.step(10_000, None)
    return search


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 10**9),
    st.sampled_from(list(Rules)),
    st.sampled_from([BestFirst, DepthFirst]),
)
def test_the_reduced_provers_agree_with_an_exhaustive_search(
    seed: int, rules: Rules, kind: type[Search]
) -> None:
    """Every verdict of a prover that keeps only a stubborn set's moves is
    the exhaustive search's, and every line it wins with replays."""
    position = near_end(seed, rules)
    truth, _ = exhaust(position, 20_000)
    assume(truth != INCONCLUSIVE)
    with pytest.MonkeyPatch.context() as monkeypatch:
        search = prove(position, True, monkeypatch, kind)
    assert search.verdict is (Verdict.WON if truth == WON else Verdict.LOST)
    if truth == WON:
        assert replays_to_a_win(position, search)


def test_the_check_meets_both_verdicts_and_reductions(monkeypatch: pytest.MonkeyPatch) -> None:
    """The positions of the check above are of both kinds, and in Alaska
    (which builds both ways) the stubborn sets leave out moves at many of
    the positions expanded (60 positions: at 40, 41 reduced, as the moves
    home forced by ``stays_on_next`` leave fewer to expand)."""
    verdicts = {WON: 0, LOST: 0, INCONCLUSIVE: 0}
    expanded = reduced = 0
    plain = stubborn.reduce

    def counted(board: Board, moves: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
        nonlocal expanded, reduced
        kept = plain(board, moves)
        expanded += 1
        reduced += len(kept) < len(moves)
        return kept

    monkeypatch.setattr(stubborn, "reduce", counted)
    for seed in range(60):
        position = near_end(seed, Rules.ALASKA)
        verdicts[exhaust(position, 20_000)[0]] += 1
        prove(position, True, monkeypatch)
    assert verdicts[WON] >= 10 and verdicts[LOST] >= 5
    assert reduced >= 50 and reduced * 10 >= expanded


def test_a_loss_is_proven_on_fewer_positions(monkeypatch: pytest.MonkeyPatch) -> None:
    """An Alaska position near its end, lost: the reduced prover proves it on
    less than half the positions (a fifth while Alaska's searches still
    took cards back from the foundations)."""
    position = near_end(8, Rules.ALASKA)
    assert exhaust(position, 20_000)[0] == LOST
    plain = prove(position, False, monkeypatch)
    reduced = prove(position, True, monkeypatch)
    assert plain.verdict is reduced.verdict is Verdict.LOST
    assert reduced.nodes * 2 <= plain.nodes


def test_the_provers_work_out_sets_only_once_enough_cards_are_home(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Below ``knobs.STUBBORN_FROM_HOME`` cards home a prover keeps every
    child without working out a set; from there on it asks for one."""
    asked: list[int] = []
    plain = stubborn.reduce

    def counted(board: Board, moves: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
        asked.append(sum(board.found))
        return plain(board, moves)

    monkeypatch.setattr(stubborn, "reduce", counted)
    search = BestFirst(Game.new(3, Rules.ALASKA).position(), Mode.FULL)
    search.begin()
    search.step(3_000, None)
    threshold = knobs.STUBBORN_FROM_HOME
    assert search.stubborn and threshold > 0
    assert asked and min(asked) >= threshold
    asked.clear()
    monkeypatch.setattr(knobs, "STUBBORN_FROM_HOME", 0)
    search = BestFirst(Game.new(3, Rules.ALASKA).position(), Mode.FULL)
    search.begin()
    search.step(3_000, None)
    assert min(asked) < threshold


@pytest.mark.parametrize("rules", list(Rules))
def test_the_moves_kept_are_some_of_the_children_and_the_set_is_closed(rules: Rules) -> None:
    """At each position of a few lines from positions near their end: the
    moves kept are among the children, and the places they touch are closed
    under the rules (every place a kept place requires is kept); where none
    is kept, the position is lost."""
    reduced = dead = 0
    for seed in range(12):
        board = Board(near_end(seed, rules))
        for turn in range(30):
            moves = children(board, Mode.FULL)
            if not moves:
                break
            kept = stubborn.reduce(board, moves)
            assert set(kept) <= set(moves)
            if not kept:  # no move of the set can be played: lost
                assert exhaust(board.position(), 20_000)[0] == LOST
                dead += 1
                break
            places = stubborn.best_places(board, moves)
            if places is None:
                assert kept == moves
            else:
                need = stubborn.requirements(board)
                for place in range(COLUMNS + 4):
                    if places >> place & 1:
                        assert need[place] & ~places == 0, place
                for src, count, dst in moves:
                    touches = bool(places >> src & 1 or places >> dst & 1)
                    assert touches is ((src, count, dst) in kept)
                    assert touches is bool(places >> src & 1 and places >> dst & 1)
                reduced += 1
            board.apply(*moves[(seed * 7 + turn) % len(moves)])
    assert reduced + dead, "no set left a move out"


@pytest.mark.parametrize("deal", [17, 153])
def test_the_reduced_prover_proves_classic_losses(
    deal: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Deals 17 and 153 are lost: the reduced prover proves it too."""
    assert prove(Game.new(deal).position(), True, monkeypatch).verdict is Verdict.LOST


@pytest.mark.parametrize("rules", [Rules.CLASSIC, Rules.ALASKA])
def test_an_empty_column_needs_a_bottom_king_only_where_kings_lie_on_queens(rules: Rules) -> None:
    """A King at the bottom of a column never reaches an empty one in a
    shortest line, unless it can first go onto a Queen of its suit
    (Alaska) and then on: only there does the empty column need its place."""
    # The spades' Jack, Queen and King left, each alone in a column; column
    # 0 empty.
    columns = ((), (12,), (11,), (10,), (), (), ())
    position = Position(columns, (0,) * COLUMNS, (10, 13, 13, 13), rules)
    board = Board(position)
    assert bool(stubborn.requirements(board)[0] >> 1 & 1) is (rules is Rules.ALASKA)
