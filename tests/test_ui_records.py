"""Records, replay, Where was it lost and the deal of the day, in the app."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pygame
from test_loss_analysis import LOSING_MOVE, LOST_GAME
from test_ui_hints import wait_for
from uikit import advance, dialogs, key, make_app, win

from yukon.daily import daily_code
from yukon.engine import Game, Move
from yukon.hints import JobDone
from yukon.loss_analysis import LossReport, path_of
from yukon.ui.dialogs import new_game as dialog_module
from yukon.ui.dialogs.replay import ReplayScene
from yukon.ui.dialogs.where_lost import LossDialog
from yukon.ui.dialogs.win import WinDialog

RECORD = "YU1-C-AAAAAAB 7:5>2 undo 7:5>2 6:5>2"
REDO_RECORD = "YU1-C-AAAAAAB 7:5>2 6:5>2 undo undo redo"


def new_game_dialog(app):
    app.table.open_new_game()
    return dialogs(app)[-1]


def test_a_pasted_record_continues_that_game():
    app = make_app(code="YU1-R-AAAAAAC")
    dialog = new_game_dialog(app)
    dialog.field.set(RECORD)
    assert dialog.code_problem is None
    assert dialog._code_message(None)[0] == "Deal plays on from move 3 of YU1-C-AAAAAAB."
    dialog.deal()
    assert app.session.game.record() == RECORD and not dialogs(app)
    assert app.table.game.move_count == 3 and app.table.game.can_undo
    app.shutdown()


def test_a_pasted_record_with_redo_plays_on_with_what_can_still_be_redone():
    app = make_app(code="YU1-R-AAAAAAC")
    dialog = new_game_dialog(app)
    dialog.field.set(REDO_RECORD)
    dialog.deal()
    game = app.session.game
    assert game.record() == REDO_RECORD and game.move_count == 3
    assert game.redo_moves() == [Move.parse("6:5>2")] and game.undo_moves() == [
        Move.parse("7:5>2")
    ]
    app.session.redo()
    assert game.position() == Game.from_record(RECORD).position()
    app.shutdown()


def test_a_bad_record_says_which_move_and_why_and_deals_nothing():
    app = make_app(code="YU1-R-AAAAAAC", lang="fi")
    dialog = new_game_dialog(app)
    dialog.field.set("YU1-C-AAAAAAB 7:5>2 1:1>2")
    assert dialog.code_problem == (
        "Pelin siirtoa 2, 1:1>2, ei voi tehdä: 7♥ sopii vain mustan 8:n päälle."
    )
    dialog.deal()
    assert dialogs(app) and app.session.game.code == "YU1-R-AAAAAAC"
    app.shutdown()


def test_a_record_pasted_with_line_breaks_stays_whole(monkeypatch):
    app = make_app()
    dialog = new_game_dialog(app)
    monkeypatch.setattr("yukon.ui.widgets.clipboard_get", lambda: RECORD.replace(" ", "\r\n"))
    key(app, pygame.K_v, pygame.KMOD_LCTRL)
    assert dialog.typed_record is not None and dialog.typed_record.record() == RECORD
    app.shutdown()


def test_copy_game_copies_the_whole_game(monkeypatch):
    copied = []
    monkeypatch.setattr(dialog_module, "clipboard_put", lambda text: copied.append(text) or True)
    app = make_app(code="YU1-C-AAAAAAB")
    app.session.continue_record(RECORD)
    dialog = new_game_dialog(app)
    dialog.copy_game_button.activate()
    assert copied == [RECORD]
    app.draw()
    assert "Game copied." in {box.text for box in app.text_boxes()}
    app.shutdown()


def test_the_replay_steps_through_the_game_with_its_move_number_and_score():
    app = make_app()
    app.table.open_replay(RECORD)
    replay = dialogs(app)[-1]
    assert isinstance(replay, ReplayScene)
    assert replay.status() == "YU1-C-AAAAAAB · Move 0 · Score 0 · Step 0 of 4"
    for _ in range(4):
        key(app, pygame.K_RIGHT)
        advance(app, 0.4)
    assert replay.game.record() == RECORD and not replay.next_button.enabled()
    assert replay.status().startswith("YU1-C-AAAAAAB · Move 3 · Score ")
    key(app, pygame.K_LEFT)
    assert (
        replay.done == 3
        and replay.game.position() == Game.from_record("YU1-C-AAAAAAB 7:5>2 undo 7:5>2").position()
    )
    key(app, pygame.K_r)  # from the deal, an action a second
    assert replay.done == 0
    advance(app, 3.7)
    assert replay.done == 4
    advance(app, 1.0)
    assert replay.done == 4 and replay.replay_in is None
    app.shutdown()


def test_the_replay_redoes_a_redone_move_and_steps_back_over_it():
    app = make_app()
    app.table.open_replay(REDO_RECORD)
    replay = dialogs(app)[-1]
    for _ in range(5):
        key(app, pygame.K_RIGHT)
        advance(app, 0.4)
    assert replay.game.record() == REDO_RECORD and not replay.next_button.enabled()
    assert replay.status().startswith("YU1-C-AAAAAAB · Move 3 · Score ")
    assert replay.game.can_redo
    key(app, pygame.K_LEFT)
    assert replay.game.position() == Game.from_code("YU1-C-AAAAAAB").position()
    app.shutdown()


def test_the_won_game_can_be_watched_from_the_win_screen():
    app = make_app(animation="off")
    win(app)
    advance(app, 0.1)
    # A hand-built position has no record: no replay is offered.
    assert isinstance(dialogs(app)[-1], WinDialog)
    assert [b.label for b in dialogs(app)[-1].buttons] == ["Close", "New game"]
    app.host.close(dialogs(app)[-1])
    lines = (Path(__file__).parent / "data" / "won_YU1-C-AAAAAAB.txt").read_text().split()
    app.session.start_game(lines[0])
    for text in lines[1:]:
        app.table.play(Move.parse(text))
    advance(app, 0.1)
    screen = dialogs(app)[-1]
    assert screen.buttons[0].label == "Watch replay"
    screen.buttons[0].activate()
    replay = dialogs(app)[-1]
    assert isinstance(replay, ReplayScene) and len(replay.actions) == len(lines) - 1
    app.shutdown()


def test_the_replay_table_is_in_the_players_table_colour():
    import dataclasses

    from yukon.persistence.settings import TableColour
    from yukon.ui.art.felt import TABLE_COLOURS, table_background

    app = make_app()
    app.session.update_settings(
        dataclasses.replace(app.session.settings, table_colour=TableColour.DARK)
    )
    app.table.open_replay(RECORD)
    replay = dialogs(app)[-1]
    assert isinstance(replay, ReplayScene)
    app.draw()
    expected = table_background(replay.area.size, TABLE_COLOURS[TableColour.DARK])
    assert replay.felt.get_at((2, 2)) == expected.get_at((2, 2))
    app.shutdown()


def test_the_replay_cards_are_the_players_deck():
    import dataclasses

    from yukon.persistence.settings import CardBack

    app = make_app()
    app.session.update_settings(
        dataclasses.replace(
            app.session.settings, four_colour=True, large_indices=True, card_back=CardBack.WAVES
        )
    )
    app.table.open_replay(RECORD)
    replay = dialogs(app)[-1]
    assert isinstance(replay, ReplayScene)
    app.draw()
    style = replay.art.style
    assert style.four_colour and style.large_index and style.back is CardBack.WAVES
    # The overlap leaves the large index whole, as on the table.
    assert replay.table_layout.min_up_step >= replay.art.compact_height
    app.shutdown()


def test_new_game_offers_the_last_game_finished_for_replay():
    app = make_app(code="YU1-C-AAAAAAB")
    dialog = new_game_dialog(app)
    assert not dialog.replay_button.enabled()
    app.host.close(dialog)
    app.session.play(Game.from_code("YU1-C-AAAAAAB").legal_moves()[0])
    app.session.start_game("YU1-C-AAAAAAC")  # the first one is left: it is finished
    dialog = new_game_dialog(app)
    assert dialog.replay_button.enabled()
    dialog.replay_button.activate()
    assert isinstance(dialogs(app)[-1], ReplayScene)
    assert dialogs(app)[-1].code == "YU1-C-AAAAAAB"
    app.shutdown()


def test_l_finds_the_move_that_lost_the_game_and_goes_back_there():
    app = make_app()
    app.session.continue_record(LOST_GAME)
    key(app, pygame.K_l)
    dialog = dialogs(app)[-1]
    assert isinstance(dialog, LossDialog) and dialog.searching
    app.draw()
    assert "Looking back through the game for the move that lost it…" in {
        box.text for box in app.text_boxes()
    }
    wait_for(app, lambda: not dialog.searching, seconds=60)
    assert dialog.lines()[0] == (
        f"Move {LOSING_MOVE}, the 3♣ onto the 4♥: before it the game could still be won."
    )
    assert dialog.lines()[1] == "Undo 27 moves to go back there."
    key(app, pygame.K_RETURN)  # Go back there is the main button
    start, steps = path_of(Game.from_record(LOST_GAME))
    before = Game.from_position(start)
    for step in steps[: LOSING_MOVE - 1]:
        before.play(step.move)
    assert app.table.game.position() == before.position() and not dialogs(app)
    app.shutdown()


def test_a_loss_further_back_than_undo_reaches_says_how_far():
    app = make_app()
    app.session.continue_record(LOST_GAME)
    app.table.loss.ask()
    dialog = dialogs(app)[-1]
    report = LossReport(end_lost=True, lost_from_start=False, moves_back=150)  # undo has 40
    assert dialog.job_done(JobDone(dialog.job_id, report))
    assert dialog.lines() == ["That was 150 moves back, further than undo reaches."]
    assert [b.label for b in dialog.buttons] == ["Close"]
    app.shutdown()


def test_esc_cancels_the_search():
    app = make_app()
    app.session.continue_record(LOST_GAME)
    key(app, pygame.K_l)
    dialog = dialogs(app)[-1]
    job = dialog.job_id
    key(app, pygame.K_ESCAPE)
    assert not dialogs(app) and job not in app.worker.pending
    app.shutdown()


def test_the_hint_for_a_lost_recorded_game_offers_the_walk_back():
    app = make_app()
    app.session.continue_record(LOST_GAME)
    app.table.request_hint()
    wait_for(app, lambda: not app.table.hints.searching)
    assert app.table.board.banner.message == (
        "This game cannot be won from here. Press L to see which move lost it."
    )
    app.shutdown()


def test_the_deal_of_the_day_from_the_new_game_dialog_and_its_line_in_statistics():
    app = make_app()
    app.session.today = lambda: date(2026, 12, 2)
    dialog = new_game_dialog(app)
    dialog.daily_button.activate()
    wait_for(app, lambda: app.session.game.code == daily_code(date(2026, 12, 2)))
    assert app.session.daily_played_today()
    app.table.open_stats()
    assert dialogs(app)[-1].daily_line() == (
        "Deal of the day: 0 played, 0 won, current daily streak 0"
    )
    app.shutdown()


def test_the_win_screen_writes_each_name_on_its_numbers_baseline():
    """"Score" in small type beside "625" in large: the letters end on the
    same row (they were level at the top, the name riding high)."""
    app = make_app()
    dialog = WinDialog(app.host, 625, 92.0, 92)
    app.host.push(dialog)
    app.draw()
    surface, panel, u = app.surface, dialog.panel, dialog.unit
    band = range(dialog.top, dialog.top + round(u * 1.9))

    def lowest_ink(xs: range) -> int:
        inked = [
            y
            for y in band
            if any(sum(surface.get_at((x, y))[:3]) < 450 for x in xs)  # dark text on the panel
        ]
        return max(inked)

    name = lowest_ink(range(panel.x + u, panel.x + 6 * u))  # "Score"
    number = lowest_ink(range(panel.right - 4 * u, panel.right - u))  # "625"
    assert abs(name - number) <= 1
