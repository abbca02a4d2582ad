"""Invariants over random deals and random legal play, both rule sets."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from yukon.engine import DEAL_COUNT, Game, IllegalMove, Move, Rules
from yukon.engine.moves import MOVE_TABLE

ALL_MOVES = [mv for row in MOVE_TABLE for counts in row for mv in counts if mv is not None]


def snapshot(game: Game):
    return (game.position(), game.score, tuple(map(tuple, game.foundations)), game.tableau)


def check_invariants(game: Game, placements: int, flips: int) -> None:
    cards = [c for col in game.tableau for c in col.cards]
    cards += [c for f in game.foundations for c in f]
    assert len(cards) == 52 and len(set(cards)) == 52
    for col in game.tableau:
        assert 0 <= col.face_down <= max(len(col.cards) - 1, 0)
        if col.cards:
            assert col.face_down < len(col.cards)  # the top card is face up
    for suit, pile in enumerate(game.foundations):
        assert [c.rank for c in pile] == list(range(1, len(pile) + 1))
        assert all(c.suit == suit for c in pile)
    assert game.score == 10 * placements + 5 * flips


@settings(max_examples=60, deadline=None)
@given(
    deal=st.integers(0, DEAL_COUNT - 1),
    rules=st.sampled_from(list(Rules)),
    choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=120),
    data=st.data(),
)
def test_random_play_keeps_every_invariant(deal, rules, choices, data):
    game = Game.new(deal, rules)
    placements = flips = 0
    history = []  # (state before, placements, flips) for checking undo
    last_count = 0
    for choice in choices:
        legal = game.legal_moves()
        assert len(legal) == len(set(legal))
        if not legal:
            break
        if choice % 7 == 0 and game.can_undo:
            before_count = game.move_count
            game.undo()
            state, placements, flips = history.pop()
            assert snapshot(game) == state
            assert game.move_count == before_count
            continue
        move = legal[choice % len(legal)]
        assert game.check(move) is None
        history.append((snapshot(game), placements, flips))
        played = game.play(move)
        if move.to_foundation:
            placements += 1
        if played.flipped is not None:
            flips += 1
        assert played.points == game.score - history[-1][0][1]
        check_invariants(game, placements, flips)
        assert game.move_count >= last_count
        last_count = game.move_count
    # check() agrees with play() on a sample of all possible moves.
    probe = data.draw(st.lists(st.sampled_from(ALL_MOVES), max_size=40))
    legal = set(game.legal_moves())
    for move in probe:
        reason = game.check(move)
        assert (reason is None) == (move in legal)
        trial = game.copy()
        if reason is None:
            trial.play(move)
        else:
            before = snapshot(trial)
            try:
                trial.play(move)
            except IllegalMove as error:
                assert str(error) == reason
            else:
                raise AssertionError(f"{move} played although check said {reason!r}")
            assert snapshot(trial) == before


@settings(max_examples=25, deadline=None)
@given(
    deal=st.integers(0, DEAL_COUNT - 1),
    rules=st.sampled_from(list(Rules)),
    steps=st.integers(0, 60),
    seed=st.integers(0, 2**32),
)
def test_legal_moves_is_exactly_the_set_check_allows(deal, rules, steps, seed):
    game = Game.new(deal, rules)
    for i in range(steps):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(legal[(seed + i * 7919) % len(legal)])
    expected = {mv for mv in ALL_MOVES if game.check(mv) is None}
    assert set(game.legal_moves()) == expected


@settings(max_examples=20, deadline=None)
@given(deal=st.integers(0, DEAL_COUNT - 1), steps=st.integers(1, 40))
def test_every_legal_move_plays_and_undo_restores_the_exact_state(deal, steps):
    game = Game.new(deal)
    for i in range(steps):
        legal = game.legal_moves()
        if not legal:
            break
        for move in legal:
            trial = game.copy()
            before = snapshot(trial)
            trial.play(move)
            assert trial.undo() is move
            assert snapshot(trial) == before
        game.play(legal[i % len(legal)])


def test_won_lines_replay_to_625(won_games):
    for code, moves in won_games:
        game = Game.from_code(code)
        for move in moves:
            assert isinstance(move, Move)
            game.play(move)
        assert game.is_won and game.score == 625 and game.cards_home == 52
