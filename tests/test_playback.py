"""Moves played at a pace (the demo, Finish), with time given, never slept."""

from __future__ import annotations

import pytest
from positions import almost_won

from yukon.engine import Game, Move
from yukon.session.autoplay import AutoPlay, Kind, all_face_up
from yukon.session.playback import Playback

LINE = [Move.parse(text) for text in ("1:1>S", "2:1>H", "3:1>D")]


def test_the_first_move_is_due_at_once_and_each_next_one_a_pace_later():
    playback = Playback(LINE, seconds_per_move=0.5)
    assert playback.update(0.0) == LINE[0]
    due = [playback.update(0.1) for _ in range(10)]  # one second, in tenths
    assert [move for move in due if move is not None] == LINE[1:]
    assert due.index(LINE[1]) == 4 and due.index(LINE[2]) == 9  # at 0.5 s and 1.0 s
    assert not playback.running and playback.played == 3 and not playback.stopped


def test_at_most_one_move_a_call_even_after_a_long_stall():
    playback = Playback(LINE, seconds_per_move=0.5)
    playback.update(0.0)
    assert playback.update(5.0) == LINE[1] and playback.update(0.0) is None


def test_no_pace_gives_one_move_every_update():
    playback = Playback(LINE, seconds_per_move=0.0)
    assert [playback.update(1 / 120) for _ in range(4)] == [*LINE, None]


def test_stop_ends_it_at_once_and_for_good():
    playback = Playback(LINE, seconds_per_move=0.5)
    playback.update(0.0)
    playback.stop()
    assert playback.stopped and not playback.running and playback.remaining == ()
    assert playback.update(10.0) is None and playback.played == 1


def test_a_negative_pace_is_refused():
    with pytest.raises(ValueError, match="-1"):
        Playback(LINE, seconds_per_move=-1)


def test_a_demo_from_cards_face_down_is_helped_a_finish_or_an_all_face_up_demo_is_not():
    deal = Game.from_code("YU1-C-AAAAAAB")
    assert AutoPlay(Kind.DEMO, deal, LINE, seconds_per_move=0).helped
    open_table = almost_won()
    assert all_face_up(open_table) and not all_face_up(deal)
    assert not AutoPlay(Kind.DEMO, open_table, LINE, seconds_per_move=0).helped
    assert not AutoPlay(Kind.FINISH, open_table, LINE, seconds_per_move=0).helped
