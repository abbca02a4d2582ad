"""The full best-first prover plays forced moves home at once
(``yukon.solver.forced_home``): checked against an exhaustive search that
proves nothing, on many small positions near their end."""

from __future__ import annotations

import random

import pytest
from exhaustive import INCONCLUSIVE, LOST, WON, exhaust
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from yukon.engine import Game, Rules
from yukon.engine.moves import COLUMNS
from yukon.engine.position import Position
from yukon.solver import best_first, knobs
from yukon.solver.best_first import BestFirst
from yukon.solver.board import Board
from yukon.solver.forced_home import Played, play_forced
from yukon.solver.moves import Mode, is_safe_home
from yukon.solver.search import Search
from yukon.solver.verdict import Verdict


def near_end(seed: int, rules: Rules) -> Position:
    """A random legal position with a few cards left: each suit home up to
    a random height, the other cards shuffled into two or three columns,
    all face down but the last one or two of each (about a third of them
    are lost)."""
    rng = random.Random(seed)
    found = [rng.choice((5, 7, 9, 10, 11, 12, 13)) for _ in range(4)]
    cards = [suit * 13 + rank for suit in range(4) for rank in range(found[suit], 13)]
    rng.shuffle(cards)
    columns: list[list[int]] = [[] for _ in range(COLUMNS)]
    used = rng.sample(range(COLUMNS), rng.choice((2, 3)))
    for card in cards:
        columns[rng.choice(used)].append(card)
    down = [max(0, len(column) - 1 - rng.randrange(2)) for column in columns]
    return Position(tuple(map(tuple, columns)), tuple(down), tuple(found), rules)


def prove(position: Position, forced: bool, monkeypatch: pytest.MonkeyPatch) -> BestFirst:
    """The full best-first search from ``position`` run to its verdict."""
    monkeypatch.setattr(knobs, "FORCED_HOME", forced)
    search = BestFirst(position, Mode.FULL)
    search.begin()
    while search.verdict is None:
        search.step(10_000, None)
    return search


def replays_to_a_win(position: Position, search: Search) -> bool:
    """Whether the search's line is legal move by move (the engine's own
    generator) and wins."""
    board = Board(position)
    for step in search.path:
        if step not in board.legal_moves():
            return False
        board.apply(*step)
    return board.is_won()


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([Rules.CLASSIC, Rules.ALASKA, Rules.RELAXED]))
def test_the_prover_agrees_with_an_exhaustive_search(seed: int, rules: Rules) -> None:
    """Every verdict of the prover that plays forced moves home at once is
    the exhaustive search's, and every line it wins with replays."""
    position = near_end(seed, rules)
    truth, _ = exhaust(position, 20_000)
    assume(truth != INCONCLUSIVE)
    with pytest.MonkeyPatch.context() as monkeypatch:
        search = prove(position, True, monkeypatch)
    assert search.verdict is (Verdict.WON if truth == WON else Verdict.LOST)
    if truth == WON:
        assert replays_to_a_win(position, search)


def test_the_exhaustive_check_meets_both_verdicts_and_forced_chains(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The positions of the check above are of both kinds, and their
    searches play many chains of forced moves home, many of them longer
    than one move."""
    lengths: list[int] = []

    def counted(board: Board) -> list[Played]:
        played = play_forced(board)
        lengths.append(len(played))
        return played

    monkeypatch.setattr(best_first, "play_forced", counted)
    verdicts = {WON: 0, LOST: 0, INCONCLUSIVE: 0}
    for seed in range(60):
        position = near_end(seed, Rules.CLASSIC)
        verdicts[exhaust(position, 20_000)[0]] += 1
        prove(position, True, monkeypatch)
    assert verdicts[WON] >= 10 and verdicts[LOST] >= 10
    assert sum(length > 1 for length in lengths) >= 50


def test_a_chain_is_every_forced_move_home_and_nothing_else() -> None:
    for seed in range(40):
        board = Board(near_end(seed, Rules.CLASSIC))
        found = list(board.found)
        played = play_forced(board)
        for (src, count, dst), _, card in played:
            assert count == 1 and dst >= COLUMNS and src < COLUMNS
            assert card // 13 == dst - COLUMNS and card % 13 == found[card // 13]
            assert is_safe_home(board.rules, found, card)
            found[card // 13] += 1
        assert found == board.found
        assert play_forced(board) == []  # none left


@pytest.mark.parametrize("deal", [17, 153])
def test_the_prover_runs_dry_on_fewer_positions(deal: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Deals 17 and 153 are lost: the prover that plays forced moves home
    at once proves it on fewer positions (without the crowding proof, which
    proves deal 17 lost on 7 positions either way)."""
    monkeypatch.setattr(knobs, "CROWDING", frozenset())
    position = Game.new(deal).position()
    plain = prove(position, False, monkeypatch)
    forced = prove(position, True, monkeypatch)
    assert plain.verdict is forced.verdict is Verdict.LOST
    assert forced.nodes < plain.nodes


def test_a_won_line_through_forced_chains_replays(monkeypatch: pytest.MonkeyPatch) -> None:
    """The line of a win keeps the forced moves played at once."""
    for seed in range(40):
        position = near_end(seed, Rules.CLASSIC)
        search = prove(position, True, monkeypatch)
        if search.verdict is Verdict.WON:
            assert replays_to_a_win(position, search)
