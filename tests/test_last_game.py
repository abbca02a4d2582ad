"""The last game finished is kept with the statistics, for Watch replay after a restart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_session import Jobs
from yukon.engine import Move
from yukon.persistence import Store, load_stats
from yukon.session.game_session import GameSession

WON = (Path(__file__).parent / "data" / "won_YU1-R-AAAAAAB.txt").read_text().split()


def test_an_abandoned_game_is_offered_again_after_a_restart(home):
    session = GameSession(Store(home), Jobs(), code="YU1-C-AAAAAAB")
    session.play(Move.parse("5:1>1"))
    session.undo()
    session.redo()
    session.start_game("YU1-C-AAAAAAC")
    assert session.last_finished == "YU1-C-AAAAAAB 5:1>1 undo redo"
    again = GameSession(Store(home), Jobs())
    assert again.last_finished == "YU1-C-AAAAAAB 5:1>1 undo redo"
    assert again.game.code == "YU1-C-AAAAAAC" and again.stats.classic.played == 1


def test_a_won_game_is_offered_again_after_a_restart(home):
    session = GameSession(Store(home), Jobs(), code=WON[0])
    for text in WON[1:]:
        session.play(Move.parse(text))
    assert session.game.is_won
    again = GameSession(Store(home), Jobs())
    assert again.last_finished == " ".join(WON) and again.stats.relaxed.won == 1


def stats_after_one_game(home):
    """stats.json, and what it holds, once one game is left for another."""
    store = Store(home)
    session = GameSession(store, Jobs(), code="YU1-C-AAAAAAB")
    session.play(Move.parse("5:1>1"))
    session.start_game("YU1-C-AAAAAAC")
    path = store.directory / "stats.json"
    return path, json.loads(path.read_text())


def test_a_statistics_file_from_before_loads_with_no_game_to_replay(home):
    path, data = stats_after_one_game(home)
    del data["last_game"]
    path.write_text(json.dumps(data))
    fresh = Store(home)
    stats = load_stats(fresh)
    assert stats.last_game is None and stats.classic.played == 1 and not fresh.take_notices()


def test_a_kept_game_that_no_longer_replays_is_dropped_and_the_statistics_kept(home):
    path, data = stats_after_one_game(home)
    data["last_game"] = "YU1-C-AAAAAAB 1:1>2"
    path.write_text(json.dumps(data))
    fresh = Store(home)
    stats = load_stats(fresh)
    assert stats.last_game is None and stats.classic.played == 1 and not fresh.take_notices()


@pytest.mark.parametrize("kept", [7, 1e308, True, ["YU1-C-AAAAAAB"], {"code": "x"}])
def test_a_kept_game_of_the_wrong_type_is_dropped_and_the_statistics_kept(home, kept):
    """It is only a convenience for Watch replay: never worth the statistics."""
    path, data = stats_after_one_game(home)
    data["last_game"] = kept
    path.write_text(json.dumps(data))
    fresh = Store(home)
    stats = load_stats(fresh)
    assert stats.last_game is None and stats.classic.played == 1 and not fresh.take_notices()
    assert not list(home.glob("*.bad"))


def test_resetting_the_statistics_keeps_the_game_to_replay(home):
    session = GameSession(Store(home), Jobs(), code="YU1-C-AAAAAAB")
    session.play(Move.parse("5:1>1"))
    session.start_game("YU1-C-AAAAAAC")
    session.stats.reset()
    assert session.last_finished == "YU1-C-AAAAAAB 5:1>1"
