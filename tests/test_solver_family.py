"""The solver plays every game of the family: its won lines replay in the
engine, and no position on a won line is ever called lost, by the quick
proofs or by a full search."""

from __future__ import annotations

import pytest

from yukon.engine import Game, Position, Rules, replay
from yukon.solver import Verdict, knobs, solve
from yukon.solver.beam import Beam
from yukon.solver.board import Board, Step
from yukon.solver.depth_first import DepthFirst
from yukon.solver.moves import Mode, children, is_safe_home, stays_on_next, takes_back
from yukon.solver.stuck import StuckProof

NEW_GAMES = (Rules.RUSSIAN, Rules.ALASKA, Rules.MOOSEHIDE)
BUDGET = 20_000


def _won_lines(rules: Rules, deals: range) -> list[tuple[int, list]]:
    lines = []
    for deal in deals:
        result = solve(Game.new(deal, rules), max_seconds=None, max_nodes=BUDGET, processes=1)
        if result.verdict is Verdict.WON:
            assert replay(Game.new(deal, rules), result.moves).is_won
            lines.append((deal, result.moves))
    return lines


# Russian Solitaire wins few deals (about one in twelve), and quickly.
DEALS = {Rules.RUSSIAN: range(1, 70), Rules.ALASKA: range(1, 12), Rules.MOOSEHIDE: range(1, 12)}


@pytest.mark.parametrize("rules", NEW_GAMES)
def test_every_won_line_replays_and_no_position_on_it_is_proven_lost(rules: Rules) -> None:
    lines = _won_lines(rules, DEALS[rules])
    assert len(lines) >= 3, f"{len(lines)} deals won in {rules.title}"
    checked = 0
    for deal, moves in lines:
        game = Game.new(deal, rules)
        for number, move in enumerate(moves):
            position = game.position()
            proof = StuckProof(Board(position))
            assert not proof.is_dead(), (deal, number)
            assert not proof.is_stuck(), (deal, number)
            if number % 10 == 0:
                search = DepthFirst(position)
                search.begin()
                if search.verdict is None:
                    search.step(2_000, None)
                assert search.verdict is not Verdict.LOST, (deal, number)
                checked += 1
            game.play(move)
    assert checked >= 3


def forced_home(board: Board, src: int) -> bool:
    """Whether the end card of column ``src`` is safe to send home by one of
    the two documented arguments."""
    card = board.cols[src][-1]
    if is_safe_home(board.rules, board.found, card):
        return True
    return not takes_back(board.rules) and stays_on_next(board, src, card)


@pytest.mark.parametrize("rules", list(Rules))
def test_the_full_move_set_is_the_legal_moves_less_what_is_documented_as_pruned(
    rules: Rules,
) -> None:
    """``children`` walks the moves itself (for speed); it gives exactly the
    engine's legal moves but for a forced safe move home (in Alaska also a
    card lying above the next of its suit, ``stays_on_next``), a bottom King
    moving to an empty column, a take-back of a card safe to send home, and
    every take-back in a game that builds in suit (``takes_back``)."""
    for deal in range(1, 30):
        game = Game.new(deal, rules)
        for number in range(60):
            board = Board(game.position())
            legal = set(board.legal_moves())
            got = children(board, Mode.FULL)
            assert len(got) == len(set(got))
            only = got[0] if len(got) == 1 else None
            if only and only[2] >= 7 and forced_home(board, only[0]):
                assert only in legal  # a safe move home, forced
            else:
                pruned = legal - set(got)
                assert set(got) <= legal
                for src, count, dst in pruned:
                    if src >= 7:
                        card = (src - 7) * 13 + board.found[src - 7] - 1
                        assert is_safe_home(rules, board.found, card) or not takes_back(rules)
                    else:
                        assert dst < 7 and not board.cols[dst]
                        assert count == len(board.cols[src]) and board.cols[src][0] % 13 == 12
            moves = game.legal_moves()
            if not moves:
                break
            game.play(moves[(deal * 7 + number * 13) % len(moves)])


def _exhaustive(position: Position, limit: int) -> Verdict:
    """A plain depth-first search over every legal move (the engine's own
    generator), without any proof or pruning: the independent check."""
    board = Board(position)
    seen = {board.key()}
    stack = [board.legal_moves()]
    line: list[tuple[Step, bool]] = []
    while stack:
        if not stack[-1]:
            stack.pop()
            if line:
                step, flipped = line.pop()
                board.undo(*step, flipped)
            continue
        step = stack[-1].pop()
        key = board.peek(*step)
        if key in seen:
            continue
        seen.add(key)
        if len(seen) > limit:
            return Verdict.UNKNOWN
        line.append((step, board.apply(*step)))
        if board.is_won():
            return Verdict.WON
        stack.append(board.legal_moves())
    return Verdict.LOST


def test_russian_verdicts_agree_with_an_exhaustive_search_without_proofs() -> None:
    """Russian Solitaire's positions are few enough to search them all, so
    every verdict the solver proves there (most deals are lost at once) is
    checked against a search that proves nothing."""
    lost = 0
    for deal in range(1, 25):
        position = Game.new(deal, Rules.RUSSIAN).position()
        result = solve(Game.new(deal, Rules.RUSSIAN), max_seconds=None, max_nodes=BUDGET)
        truth = _exhaustive(position, 200_000)
        assert truth is not Verdict.UNKNOWN
        assert result.verdict is truth, deal
        lost += truth is Verdict.LOST
    assert lost > 10


@pytest.mark.parametrize("rules", [Rules.CLASSIC, Rules.ALASKA])
def test_the_beam_keeps_its_games_width(rules: Rules, monkeypatch: pytest.MonkeyPatch) -> None:
    # Alaska's beam is narrower than the others' (knobs.GAME_BEAM_WIDTH).
    monkeypatch.setattr(knobs, "BEAM_WIDTH", 6)
    monkeypatch.setattr(knobs, "GAME_BEAM_WIDTH", {Rules.ALASKA: 3})
    search = Beam(Game.new(2, rules).position(), Mode.CHAINED)
    search.begin()
    widest = 0
    while search.verdict is None and search.nodes < 3_000:
        search.step(50, None)
        widest = max(widest, len(search.beam))
    assert widest == knobs.beam_width(rules) == (3 if rules is Rules.ALASKA else 6)
