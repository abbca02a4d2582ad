"""Remembering everything, as the player sees it: statistics, notices, resume."""

from __future__ import annotations

import os

import pygame
import pytest
from positions import almost_won
from uikit import advance, dialogs, key, make_app, tap, use_game, view

from yukon.engine import Game, Move, Rules


def win(app, code: str, moves) -> None:
    """Play a stored winning line through the table."""
    app.session.start_game(code)
    for move in moves:
        assert app.table.play(move)
    for _ in range(30):
        advance(app, 0.1)


def test_a_win_is_counted_once_with_score_time_and_moves(won_games):
    code, moves = won_games[0]
    app = make_app()
    win(app, code, moves)
    stats = app.session.stats.for_rules(Rules.CLASSIC)
    assert (stats.played, stats.won, stats.best_score, stats.fewest_moves) == (
        1,
        1,
        625,
        len(moves),
    )
    assert stats.current_streak == 1 and stats.fastest_win is not None
    assert type(dialogs(app)[-1]).__name__ == "WinDialog"
    app.shutdown()
    again = make_app()
    assert again.session.stats.for_rules(Rules.CLASSIC).won == 1
    assert not again.table.game.is_won and again.table.game.move_count == 0  # a fresh deal


def farmed(code: str, moves: list[Move], times: int) -> list[Move]:
    """``moves`` with a card put home taken back and put home again
    ``times`` times right after: each return scores 10 again on the bar."""
    game = Game.from_code(code)
    for i, move in enumerate(moves):
        game.play(move)
        if move.to_foundation:
            back = next((m for m in game.legal_moves() if m.src == move.dst), None)
            if back is not None:
                again = Move(back.dst, 1, move.dst)
                return [*moves[: i + 1], *[back, again] * times, *moves[i + 1 :]]
    raise AssertionError("no card can be taken back")


def test_taking_cards_back_cannot_raise_the_best_score(won_games):
    code, moves = won_games[0]
    app = make_app()
    win(app, code, farmed(code, moves, 2))
    assert app.table.game.score == 645  # the bar counts the cards put home again
    stats = app.session.stats.for_rules(Rules.CLASSIC)
    assert stats.won == 1 and stats.best_points == 625  # the record counts each card once
    app.host.close(dialogs(app)[-1])
    app.table.open_stats()
    best = dict(dialogs(app)[-1].ROWS)["Best score"]
    assert best(stats) == "625"
    app.shutdown()


def test_the_best_score_of_a_game_not_won_counts_each_card_once(won_games):
    code, moves = won_games[0]
    app = make_app()
    app.session.start_game(code)
    line = farmed(code, moves[:40], 3)
    for move in line:
        assert app.table.play(move)
    shown = app.table.game.score
    app.session.start_game("YU1-C-AAAAAAC")  # left unfinished: a loss
    stats = app.session.stats.for_rules(Rules.CLASSIC)
    assert (stats.played, stats.won) == (1, 0)
    assert stats.best_points == shown - 30 < 625
    app.shutdown()


def test_abandoning_an_unfinished_game_counts_it_as_played_not_won(won_games):
    code, moves = won_games[0]
    app = make_app()
    win(app, code, moves)
    app.host.close(dialogs(app)[-1])
    app.session.start_game("YU1-C-AAAAAAC")
    app.session.start_game("YU1-C-AAAAAAD")  # no move made: not counted
    assert app.session.stats.for_rules("C").played == 1
    app.table.play(app.table.game.legal_moves()[0])
    app.table.restart()  # the first press warns and changes nothing
    assert "count as a loss" in view(app).banner_text
    assert app.session.stats.for_rules("C").played == 1 and app.table.game.move_count == 1
    app.table.restart()  # the second one restarts, abandoning this attempt
    stats = app.session.stats.for_rules("C")
    assert (stats.played, stats.won, stats.current_streak, stats.longest_streak) == (2, 1, 0, 1)
    assert app.table.game.code == "YU1-C-AAAAAAD" and app.table.game.move_count == 0


def test_a_move_after_the_restart_warning_makes_restart_warn_again():
    app = make_app()
    app.table.play(app.table.game.legal_moves()[0])
    app.table.restart()  # warns
    app.table.play(app.table.game.legal_moves()[0])  # the warning goes with the move
    assert view(app).banner is None
    app.table.restart()  # so this press warns again rather than restarting unseen
    assert "count as a loss" in view(app).banner_text
    assert app.table.game.move_count == 2


def test_a_second_copy_of_the_game_plays_but_never_overwrites_the_first():
    from yukon.persistence.store import ANOTHER_COPY

    first = make_app(code="YU1-C-AAAAAAB")
    first.table.play(first.table.game.legal_moves()[0])
    second = make_app()  # started while the first still runs: same game, read-only
    assert second.table.game.move_count == 1
    assert view(second).banner_text == ANOTHER_COPY
    first.table.play(first.table.game.legal_moves()[0])
    first.shutdown()
    for _ in range(3):
        second.table.play(second.table.game.legal_moves()[0])
    second.shutdown()  # the last to quit, yet it must not win over the first
    third = make_app()  # the first copy's game, and this one writes again
    assert third.table.game.move_count == 2 and not third.session.store.read_only


def test_code_on_the_command_line_counts_the_resumed_unfinished_game():
    first = make_app(code="YU1-R-AAAAAAB")
    first.table.play(first.table.game.legal_moves()[0])
    first.shutdown()
    second = make_app(code="YU1-C-AAAAAAZ")
    assert second.table.game.code == "YU1-C-AAAAAAZ"
    stats = second.session.stats
    assert stats.for_rules("R").played == 1 and stats.for_rules("C").played == 0


def test_statistics_dialog_shows_both_rule_sets_and_reset_asks_first(won_games):
    code, moves = won_games[0]
    app = make_app()
    win(app, code, moves)
    app.host.close(dialogs(app)[-1])
    key(app, pygame.K_s)
    dialog = dialogs(app)[-1]
    assert type(dialog).__name__ == "StatsDialog"
    values = [value(app.session.stats.for_rules("C")) for _, value in dialog.ROWS]
    assert values[:3] == ["1", "1", "100%"]
    app.draw()
    tap(app, dialog.buttons[0].rect.center)  # Reset...
    assert dialog.confirming and app.session.stats.for_rules("C").won == 1
    key(app, pygame.K_RETURN)  # Enter does not erase
    assert not dialog.confirming and app.session.stats.for_rules("C").won == 1
    tap(app, dialog.buttons[0].rect.center)
    tap(app, dialog.buttons[-1].rect.center)  # Reset all
    assert app.session.stats.for_rules("C").played == 0
    assert make_app().session.stats.for_rules("C").played == 0  # saved


@pytest.mark.parametrize("name", ["settings.json", "savegame.json", "stats.json"])
def test_a_damaged_file_gives_defaults_a_bad_copy_and_a_notice(home, name):
    (home / name).write_text('{"version": 1, "oops": ')
    app = make_app()
    assert (home / f"{name}.bad").exists()
    assert view(app).banner is not None and "damaged" in view(app).banner_text
    assert app.table.game.move_count == 0


def test_a_saved_game_that_no_longer_replays_is_set_aside(home):
    import json

    (home / "savegame.json").write_text(json.dumps({
        "version": 1, "code": "YU1-C-AAAAAAB", "actions": ["1:1>S"], "elapsed": 3.0,
        "game_id": "abc", "counted": False,
    }))  # fmt: skip
    app = make_app()
    assert (home / "savegame.json.bad").exists()
    assert view(app).banner is not None


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_unwritable_folder_plays_on_and_says_so_once(home):  # pragma: no cover
    os.chmod(home, 0o500)
    try:
        app = make_app(double_click=False)
        app.table.play(app.table.game.legal_moves()[0])
        first = view(app).banner_text
        assert "Cannot save" in first
        view(app).hide_banner()
        app.table.play(app.table.game.legal_moves()[0])
        assert view(app).banner is None
    finally:
        os.chmod(home, 0o700)


def test_unwritable_folder_as_root_uses_a_file_in_place_of_the_folder(tmp_path, monkeypatch):
    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder")
    monkeypatch.setenv("YUKON_HOME", str(blocker / "yukon"))
    app = make_app(double_click=False)
    app.table.play(app.table.game.legal_moves()[0])
    assert "Cannot save" in view(app).banner_text
    view(app).hide_banner()
    app.table.play(app.table.game.legal_moves()[0])
    assert view(app).banner is None  # said once
    assert app.table.game.move_count == 2  # the game still plays


def test_resume_keeps_the_undo_history_and_the_clock(won_games):
    code, moves = won_games[0]
    app = make_app(code=code)
    for move in moves[:30]:
        app.table.play(move)
    app.table.undo()
    advance(app, 5.0)
    state = (app.table.game.position(), app.table.game.score, app.table.game.move_count)
    undo_list = app.table.game.undo_moves()
    app.shutdown()
    again = make_app()
    game = again.table.game
    assert (game.position(), game.score, game.move_count) == state
    assert game.undo_moves() == undo_list
    assert again.table.elapsed >= 5.0


def test_hand_built_positions_are_played_but_never_saved():
    app = make_app(code="YU1-C-AAAAAAB")
    use_game(app, almost_won())
    app.table.play(Move.parse("1:1>S"))
    assert app.session.stats.for_rules("C").played == 0
