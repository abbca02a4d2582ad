"""Invariants over random deals and random legal play, both rule sets."""

from __future__ import annotations

import pytest
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


@settings(max_examples=60, deadline=None)
@given(
    deal=st.integers(0, DEAL_COUNT - 1),
    rules=st.sampled_from(list(Rules)),
    actions=st.lists(
        st.tuples(st.sampled_from(["play", "undo", "redo"]), st.integers(0, 10_000)),
        min_size=1,
        max_size=150,
    ),
)
def test_play_undo_and_redo_in_any_order_keep_every_invariant(deal, rules, actions):
    """A model of the history beside the game: the states played through
    (with their placement and flip counts) and the moves undone, next last."""
    game = Game.new(deal, rules)
    done = [(snapshot(game), 0, 0)]  # the state after each move still on the undo history
    undone: list[tuple[Move, tuple, int, int]] = []  # (move, state after it, placements, flips)
    moves = 0
    for action, choice in actions:
        if action == "play":
            legal = game.legal_moves()
            if not legal:
                continue
            move = legal[choice % len(legal)]
            played = game.play(move)
            _, placements, flips = done[-1]
            placements += move.to_foundation
            flips += played.flipped is not None
            done.append((snapshot(game), placements, flips))
            undone.clear()  # a new move forgets what could be redone
            moves += 1
        elif action == "undo":
            if not game.can_undo:
                continue
            after = done.pop()
            move = game.undo()
            undone.append((move, *after))
            assert snapshot(game) == done[-1][0]
        else:
            assert game.can_redo == bool(undone)
            if not undone:
                with pytest.raises(ValueError, match="nothing to redo"):
                    game.redo()
                continue
            move, state, placements, flips = undone.pop()
            played = game.redo()
            assert played.move == move
            assert snapshot(game) == state  # the cards, face-up state and score, exactly
            done.append((state, placements, flips))
            moves += 1
        assert game.move_count == moves  # a redone move counts; nothing lowers it
        assert game.can_redo == bool(undone)
        assert game.redo_moves() == [entry[0] for entry in reversed(undone)]
        check_invariants(game, *done[-1][1:])
        assert game.copy().redo_moves() == game.redo_moves()


def test_redo_replays_a_take_back_and_its_return_exactly():
    hearts = [f"{r}H" for r in "KQJT9876543"]
    spades = [f"{r}S" for r in "QJT9876543"]
    game = Game.from_layout(
        [["AH", "KS"], hearts, ["2S"], spades, [], ["2H"], []],
        face_down=[1, 0, 0, 0, 0, 0, 0],
        foundations=[1, 0, 13, 13],
    )
    states = [snapshot(game)]
    # Home (+10), a King away turning the A♥ over (+5), taken back (0), home, home again.
    for text in ("3:1>S", "1:1>5", "S:1>2", "1:1>H", "2:1>S"):
        game.play(Move.parse(text))
        states.append(snapshot(game))
    for state in reversed(states[:-1]):
        game.undo()
        assert snapshot(game) == state
    for state in states[1:]:
        game.redo()
        assert snapshot(game) == state
    assert game.move_count == 10 and game.score == 35 and not game.can_redo
