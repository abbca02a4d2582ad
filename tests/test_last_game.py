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


# ------------------------------------------ games longer than a record may be


def longest_record() -> str:
    """A record of exactly ``MAX_ACTIONS`` actions, its last one an undo
    (so a redo may follow)."""
    from yukon.engine.records import MAX_ACTIONS

    return " ".join(["YU1-C-AAAAAAB", "5:1>1", *["undo", "redo"] * (MAX_ACTIONS // 2 - 1), "undo"])


def test_a_game_played_past_the_record_limit_has_no_record_any_more():
    """The writer never writes what the readers refuse: one action past the
    limit, the game no longer has a record to copy or keep."""
    from yukon.engine import Game
    from yukon.engine.records import MAX_ACTIONS

    game = Game.from_record(longest_record())
    assert game.has_record and game.action_count == MAX_ACTIONS
    assert Game.from_record(game.record()).move_count == game.move_count  # read back whole
    game.redo()
    assert not game.has_record and game.action_count == 0
    with pytest.raises(ValueError):
        game.record()


def test_a_game_at_the_limit_is_offered_for_replay_after_a_restart(home):
    session = GameSession(Store(home), Jobs(), code="YU1-C-AAAAAAC")
    session.continue_record(longest_record())
    session.start_game("YU1-C-AAAAAAD")
    assert session.last_finished == longest_record()
    assert GameSession(Store(home), Jobs()).last_finished == longest_record()


def test_a_game_past_the_limit_is_not_offered_for_replay_nor_an_older_one(home):
    session = GameSession(Store(home), Jobs(), code="YU1-C-AAAAAAC")
    session.play(Move.parse("3:2>2"))
    session.continue_record(longest_record())  # the first game is left: the last one finished
    assert session.last_finished == "YU1-C-AAAAAAC 3:2>2"
    session.redo()  # one action past the limit
    session.start_game("YU1-C-AAAAAAD")
    assert session.last_finished is None  # not the older game, as if it were the last
    assert GameSession(Store(home), Jobs()).last_finished is None


def test_watch_replay_of_a_game_past_the_limit_never_stops_the_game(home):
    """A pasted record at the limit, one redo, a new deal: Watch replay is
    not offered, and a record too long for it is refused in words."""
    import pygame
    from uikit import dialogs, key, make_app, view

    from yukon.i18n import Translator
    from yukon.i18n.languages import Language
    from yukon.i18n.record_problems import TOO_LONG

    app = make_app()
    app.session.continue_record(longest_record())
    app.table.redo()
    assert not app.session.game.has_record
    app.session.start_game("YU1-C-AAAAAAD")
    key(app, pygame.K_n, pygame.KMOD_LCTRL)  # New game
    dialog = dialogs(app)[-1]
    assert not dialog.copy_game_button.enabled() or app.session.game.has_record
    assert not dialog.replay_button.enabled()
    dialog.close()
    app.table.open_replay(longest_record() + " redo")  # as an older file might still offer
    assert dialogs(app) == []
    assert view(app).banner_text == Translator(Language.ENGLISH).gettext(TOO_LONG)
    app.shutdown()


def test_statistics_outlive_an_earlier_versions_last_game_of_any_size(home):
    """An earlier version kept the last game whole: a very long one made
    stats.json larger than the other files may be. The statistics stay; the
    record, longer than any reader takes, goes."""
    path, data = stats_after_one_game(home)
    data["last_game"] = "YU1-C-AAAAAAB " + "5:1>1 undo redo undo " * 250_000
    path.write_text(json.dumps(data))
    assert path.stat().st_size > 4 * 1024 * 1024
    fresh = Store(home)
    stats = load_stats(fresh)
    assert stats.classic.played == 1 and stats.last_game is None
    assert not fresh.take_notices() and not list(home.glob("*.bad"))


def test_a_long_game_keeps_the_statistics_file_small(home):
    """What this version writes stays far below what it reads."""
    from yukon.persistence import GameRecord

    session = GameSession(Store(home), Jobs(), code="YU1-C-AAAAAAC")
    session.use(GameRecord.replaying(longest_record()))  # the player's own game
    for _ in range(10_000):  # 40,000 actions in all (unsaved: a save each is slow)
        session.record.redo()
        session.record.undo()
    session.start_game("YU1-C-AAAAAAD")
    assert (home / "stats.json").stat().st_size < 150_000
    assert GameSession(Store(home), Jobs()).stats.classic.played == 1
