"""A game played on from a copied one (a pasted record) is not the player's:
Statistics counts it neither as played nor as won, however it ends. The
record of the game in play itself, or of an earlier point of it, goes on
as that same game, and costs it nothing."""

from __future__ import annotations

import pygame
import pytest
from test_session import CODE, FullDisk, open_session
from uikit import advance, dialogs, key, make_app

from yukon.engine import Game, Rules
from yukon.session.game_session import ABANDON_WARNING, is_earlier_point
from yukon.ui.dialogs.new_game import COPIED_GAME
from yukon.ui.dialogs.win import WinDialog


def record_of(code: str, moves) -> str:
    return " ".join([code, *map(str, moves)])


def figures(session, rules: Rules) -> tuple[int, int]:
    stats = session.stats.for_rules(rules)
    return stats.played, stats.won


def test_a_pasted_won_game_is_never_counted(home, won_games):
    code, moves = won_games[0]
    session = open_session(home, code="YU1-R-AAAAAAC")
    session.continue_record(record_of(code, moves))
    assert session.game.is_won
    session.start_game("YU1-R-AAAAAAD")  # left for a new deal: no loss counted
    assert figures(session, Rules(code[4])) == (0, 0)
    again = open_session(home, code=None)
    assert figures(again, Rules(code[4])) == (0, 0)


def test_a_pasted_game_won_with_the_last_move_is_not_the_players_win(home, won_games):
    code, moves = won_games[0]
    session = open_session(home, code="YU1-R-AAAAAAC")
    session.continue_record(record_of(code, moves[:-1]))
    session.play(moves[-1])
    assert session.game.is_won and session.record.copied
    stats = session.stats.for_rules(Rules(code[4]))
    assert (stats.played, stats.won, stats.fastest_win) == (0, 0, None)
    assert session.last_finished == record_of(code, moves)  # still offered to Watch replay


def test_a_pasted_game_left_for_another_is_not_a_loss_even_after_a_restart(home, won_games):
    code, moves = won_games[0]
    session = open_session(home, code="YU1-R-AAAAAAC")
    session.continue_record(record_of(code, moves[:10]))
    assert session.abandon_warning == ""
    again = open_session(home, code=None)  # the saved game says it was copied
    assert again.record.copied and again.game.move_count == 10
    again.start_game("YU1-R-AAAAAAD")
    assert figures(again, Rules(code[4])) == (0, 0)


def test_the_game_left_for_a_pasted_one_counts_as_a_loss(home, won_games):
    code, moves = won_games[0]
    session = open_session(home)  # CODE, a Classic deal
    session.play(session.game.legal_moves()[0])
    session.continue_record(record_of(code, moves[:10]))
    assert figures(session, Rules.CLASSIC) == (1, 0)


@pytest.mark.parametrize("back", [0, 3])
def test_pasting_the_game_in_play_goes_on_with_it(home, won_games, back):
    """Its own record (or one copied a few moves earlier) is no other game:
    no loss, the same game and clock, and a win is the player's."""
    code, moves = won_games[0]
    session = open_session(home, code=code)
    for move in moves[:20]:
        session.play(move)
    session.elapsed = 75.0
    game_id = session.record.game_id
    copied = session.game.record() if back == 0 else record_of(code, moves[: 20 - back])
    session.continue_record(copied)
    assert figures(session, Rules(code[4])) == (0, 0)
    assert not session.record.copied and session.record.game_id == game_id
    assert session.elapsed == 75.0 and session.game.move_count == 20 - back
    for move in moves[20 - back :]:
        session.play(move)
    assert figures(session, Rules(code[4])) == (1, 1)


def test_a_record_that_goes_past_the_game_in_play_is_another_game(home, won_games):
    code, moves = won_games[0]
    session = open_session(home, code=code)
    session.play(moves[0])
    assert not is_earlier_point(Game.from_record(record_of(code, moves[:2])), session.game)
    assert not is_earlier_point(Game.from_record(record_of(code, [moves[0], "undo"])), session.game)
    assert is_earlier_point(Game.from_record(record_of(code, moves[:1])), session.game)


def test_a_pasted_win_saved_on_a_full_disk_is_not_counted_at_the_next_start(
    home, won_games, monkeypatch
):
    code, moves = won_games[0]
    session = open_session(home, code="YU1-R-AAAAAAC")
    session.continue_record(record_of(code, moves[:-1]))
    disk = FullDisk(monkeypatch, names=("stats.json",))
    session.play(moves[-1])
    session.close(None)
    disk.full = False
    again = open_session(home, code=None)
    assert figures(again, Rules(code[4])) == (0, 0)


def test_the_dialog_says_a_pasted_game_is_not_counted_and_the_own_one_costs_nothing(
    won_games,
):
    code, moves = won_games[0]
    app = make_app(code=code)
    for move in moves[:5]:
        app.session.play(move)
    key(app, pygame.K_n, pygame.KMOD_LCTRL)  # New game
    dialog = dialogs(app)[-1]
    assert dialog.abandon_warning == ABANDON_WARNING  # a random deal would cost the game
    dialog.field.set(app.session.game.record())
    assert dialog.abandon_warning == ""
    assert dialog._code_message(None)[0] == f"Deal resumes {code} at move 5."
    dialog.field.set(record_of(code, moves[:6]))
    assert dialog.abandon_warning == ABANDON_WARNING
    assert dialog._code_message(None)[0] == COPIED_GAME.format(code=code, number=6)
    app.shutdown()


def test_the_win_screen_says_a_copied_game_is_not_counted(won_games):
    code, moves = won_games[0]
    app = make_app()
    app.session.continue_record(record_of(code, moves[:-1]))
    app.table.play(moves[-1])
    app.table.open_win()
    win = dialogs(app)[-1]
    assert isinstance(win, WinDialog) and win.note == WinDialog.COPIED_NOTE
    app.shutdown()


def test_a_random_game_is_still_counted_as_before(home):
    session = open_session(home, code=CODE)
    session.play(session.game.legal_moves()[0])
    session.start_game("YU1-C-AAAAAAC")
    assert figures(session, Rules.CLASSIC) == (1, 0)


def test_a_pasted_game_left_for_another_is_offered_to_watch_replay_after_a_restart(home, won_games):
    code, moves = won_games[0]
    session = open_session(home, code="YU1-R-AAAAAAC")
    session.continue_record(record_of(code, moves[:10]))
    session.start_game("YU1-R-AAAAAAD")
    assert open_session(home, code=None).last_finished == record_of(code, moves[:10])


def test_a_copied_game_given_with_code_on_the_command_line_is_one_too(home, won_games):
    """``--code`` takes a copied game as the field does, and counts it the
    same: the saved game's own record goes on with it, another is a copied
    game and the saved one counts as left."""
    code, moves = won_games[0]
    session = open_session(home, code=code)
    for move in moves[:8]:
        session.play(move)
    session.elapsed = 30.0
    session.close(None)
    own = open_session(home, code=record_of(code, moves[:5]))  # an earlier point of it
    assert not own.record.copied and own.elapsed == 30.0 and own.game.move_count == 5
    assert figures(own, Rules(code[4])) == (0, 0)
    own.close(None)
    other = open_session(home, code=record_of("YU1-R-AAAAAAC", ["3:2>2"]))
    assert other.record.copied and figures(other, Rules(code[4])) == (1, 0)
    other.start_game("YU1-R-AAAAAAD")
    assert figures(other, Rules.RELAXED) == (0, 0)


def test_deal_on_the_game_in_plays_own_record_keeps_its_clock_on_the_bar(won_games):
    """Pasting the game in play as a record, then Deal, goes on with that
    game: its clock goes on from where it was, not from 0:00."""
    code, moves = won_games[0]
    app = make_app(code=code)
    for move in moves[:5]:
        app.table.play(move)
    advance(app, 83.0)
    assert "Time 1:23" in app.table.bar.info_text()
    key(app, pygame.K_n, pygame.KMOD_LCTRL)  # New game
    dialog = dialogs(app)[-1]
    dialog.field.set(app.session.game.record())
    key(app, pygame.K_RETURN)  # Deal
    assert dialog not in dialogs(app) and app.session.game.move_count == 5
    assert "Time 1:23" in app.table.bar.info_text()
    advance(app, 1.0)
    assert "Time 1:24" in app.table.bar.info_text()
    app.shutdown()
