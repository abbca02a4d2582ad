"""Redo, the demo, Finish, the live verdict and the quit key, played in the app."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from positions import almost_won
from positions import blocked_two as blocked
from uikit import (
    STEP,
    advance,
    dialogs,
    fake_app,
    key,
    make_app,
    pile_point,
    post,
    tap,
    use_game,
    view,
    wait_for,
    wait_until,
)

from yukon.engine import Game, Move
from yukon.jobs.hints import HintAnswer, JobDone
from yukon.session.autoplay import all_face_up
from yukon.solver import Verdict
from yukon.ui import theme
from yukon.ui.speech.speaker import RecordingBackend
from yukon.ui.table import hint_service

CTRL, SHIFT = pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT


def button(app, label: str):
    return app.table.bar.button(label)


def demo_button(app):
    """The Demo button, which reads Finish while Finish is offered."""
    return next(b for b in app.table.bar.buttons if "Demo" in b.all_labels)


# ---------------------------------------------------------------- redo


def test_redo_keys_and_button_play_the_undone_move_again_and_a_new_move_forgets_it():
    app = make_app(code="YU1-C-AAAAAAB")
    table = app.table
    redo = button(app, "Redo")
    assert not redo.enabled()  # greyed: nothing to redo
    first, second = table.game.legal_moves()[:2]
    table.play(first)
    after = (table.game.position(), table.game.score)
    table.undo()
    assert redo.enabled()
    key(app, pygame.K_y, CTRL)
    assert (table.game.position(), table.game.score) == after and table.game.move_count == 2
    assert not redo.enabled()
    key(app, pygame.K_z, CTRL)  # undo
    key(app, pygame.K_z, CTRL | SHIFT)  # redo
    assert table.game.position() == after[0] and table.game.move_count == 3
    key(app, pygame.K_z, CTRL)
    tap(app, redo.rect.center)
    assert table.game.position() == after[0] and table.game.move_count == 4
    table.undo()
    table.play(second)  # a new move: the undone one cannot come back
    assert not table.game.can_redo and not redo.enabled()
    key(app, pygame.K_y, CTRL)
    assert view(app).banner_text == "There is nothing to redo."
    app.draw()
    app.shutdown()


def test_what_can_be_redone_survives_closing_and_starting_the_game(won_games):
    code, moves = won_games[0]
    app = make_app(code=code)
    for move in moves[:12]:
        app.table.play(move)
    for _ in range(4):
        app.table.undo()
    state = (app.table.game.position(), app.table.game.score, app.table.game.move_count)
    app.shutdown()
    again = make_app()
    game = again.table.game
    assert (game.position(), game.score, game.move_count) == state
    assert game.redo_moves() == moves[8:12]
    for _ in range(4):
        key(again, pygame.K_y, CTRL)
    assert again.table.game.undo_moves() == moves[:12]
    again.shutdown()


# ---------------------------------------------------------------- demo


def test_the_demo_plays_the_winning_line_at_its_pace_and_any_key_stops_it():
    app = make_app(code="YU1-C-AAAAAAB")
    table = app.table
    key(app, pygame.K_d, CTRL)
    assert view(app).banner_text == "Looking for a winning line…"
    wait_for(app, lambda: table.help.playing)
    assert table.game.move_count == 1  # the first move at once
    assert view(app).sprites.animating  # with the game's own animation
    assert table.animating  # frames keep coming while the demo plays
    advance(app, 1.0)
    assert table.game.move_count == 3  # about two moves a second
    position = table.game.position()
    key(app, pygame.K_z, CTRL)  # stops it, and does nothing else (no undo)
    assert not table.help.playing and table.game.position() == position
    advance(app, 2.0)
    assert table.game.move_count == 3  # stopped for good
    key(app, pygame.K_z, CTRL)  # a normal game again: undo works
    assert table.game.move_count == 3 and table.game.position() != position
    app.shutdown()


def chord(app, modifier: int, key_code: int, mod: int) -> None:
    """A shortcut as a keyboard sends it: the modifier down, the key down
    and up with it held, the modifier up."""
    post(app, pygame.KEYDOWN, key=modifier, mod=mod, unicode="", scancode=0)
    post(app, pygame.KEYDOWN, key=key_code, mod=mod, unicode="", scancode=0)
    post(app, pygame.KEYUP, key=key_code, mod=mod, unicode="", scancode=0)
    post(app, pygame.KEYUP, key=modifier, mod=0, unicode="", scancode=0)


def start_demo(app) -> None:
    key(app, pygame.K_d, CTRL)
    wait_for(app, lambda: app.table.help.playing)


@pytest.mark.parametrize(
    ("modifier", "key_code", "mod"),
    [
        (pygame.K_LCTRL, pygame.K_z, CTRL),  # undo
        (pygame.K_RCTRL, pygame.K_y, pygame.KMOD_RCTRL),  # redo
        (pygame.K_LCTRL, pygame.K_q, CTRL),  # save and quit
        (pygame.K_LALT, pygame.K_RETURN, pygame.KMOD_LALT),  # full screen
        (pygame.K_LCTRL, pygame.K_n, CTRL),  # the New game dialog
        (pygame.K_LSHIFT, pygame.K_h, SHIFT),  # nothing, but typed with Shift
    ],
    ids=["ctrl+z", "ctrl+y", "ctrl+q", "alt+enter", "ctrl+n", "shift+h"],
)
def test_a_shortcut_that_stops_the_demo_does_nothing_else(modifier, key_code, mod):
    app = make_app(code="YU1-C-AAAAAAB")
    table = app.table
    start_demo(app)
    advance(app, 1.0)
    position, moves = table.game.position(), table.game.move_count
    chord(app, modifier, key_code, mod)
    assert not table.help.playing
    assert table.game.position() == position and table.game.move_count == moves
    assert app.running and not app.fullscreen and not dialogs(app) and view(app).hint is None
    chord(app, pygame.K_LCTRL, pygame.K_z, CTRL)  # the next shortcut is one again
    assert table.game.position() != position
    app.shutdown()


@pytest.mark.parametrize(
    "key_code",
    [pygame.K_F11, pygame.K_F2, pygame.K_h, pygame.K_ESCAPE],
    ids=["F11", "F2", "H", "Esc"],
)
def test_a_window_key_or_a_command_key_that_stops_the_demo_does_nothing_else(key_code):
    app = make_app(code="YU1-C-AAAAAAB")
    table = app.table
    start_demo(app)
    moves = table.game.move_count
    key(app, key_code)
    assert not table.help.playing and table.game.move_count == moves
    assert not app.fullscreen and not dialogs(app) and view(app).hint is None
    assert table.game.code == "YU1-C-AAAAAAB"
    app.shutdown()


def test_a_click_on_a_card_stops_the_demo_and_sends_nothing_home():
    app = make_app(code="YU1-C-AAAAAAB")
    table = app.table
    start_demo(app)
    advance(app, 1.0)
    position = table.game.position()
    column = next(c for c in range(7) if table.game.tableau[c].cards)
    tap(app, pile_point(app, column))
    advance(app, 1.0)
    assert not table.help.playing and table.game.position() == position
    app.shutdown()


def bar_button_colour(app, button) -> tuple[int, int, int]:
    app.draw()
    return tuple(app.surface.get_at((button.rect.x + 3, button.rect.centery)))[:3]


def test_while_the_demo_plays_its_button_reads_stop_drawn_pressed_and_its_notice_stays():
    app = make_app(code="YU1-C-AAAAAAB")
    heard = RecordingBackend()
    app.speaker.backend = heard
    table, demo = app.table, demo_button(app)
    assert demo.label == "Demo" and bar_button_colour(app, demo) == theme.BUTTON
    start_demo(app)
    assert demo.label == "Stop" and bar_button_colour(app, demo) == theme.BUTTON_DOWN
    assert "Stop" in demo.all_labels  # the button is as wide as its widest label
    advance(app, 12.0)  # longer than any notice is shown for
    assert table.help.playing and table.game.move_count > 10
    assert view(app).banner_text == "The demo plays the winning line: any key or click stops it."
    assert demo.label == "Stop"
    key(app, pygame.K_SPACE)
    advance(app, 1.0)
    assert not table.help.playing and view(app).banner is None
    assert demo.label == "Demo" and bar_button_colour(app, demo) == theme.BUTTON
    assert "Stopped: you play on from here." in heard.spoken
    app.shutdown()


def test_a_click_stops_the_demo_and_is_used_for_nothing_else():
    app = make_app(code="YU1-C-AAAAAAB")
    table = app.table
    tap(app, button(app, "Demo").rect.center)
    wait_for(app, lambda: table.help.playing)
    moves = table.game.move_count
    assert view(app).banner_text == "The demo plays the winning line: any key or click stops it."
    tap(app, button(app, "Undo").rect.center)
    assert not table.help.playing and table.game.move_count == moves
    assert table.game.can_undo  # the click did not undo
    assert view(app).banner is None  # "any key or click stops it" goes with the demo
    app.shutdown()


def test_a_demo_to_the_win_is_not_counted_as_a_win():
    app = make_app(code="YU1-C-AAAAAAB", animation="off")
    table = app.table
    key(app, pygame.K_d, CTRL)
    wait_for(app, lambda: table.help.playing)
    count = table.game.move_count
    app.update(STEP)
    assert table.game.move_count == count + 1  # animation off: one move every update
    wait_for(app, lambda: table.game.is_won, 10)
    stats = app.session.stats.for_rules(table.game.rules)
    assert (stats.played, stats.won) == (1, 0)
    advance(app, 0.1)
    dialog = app.stack.scenes[-1]
    assert dialog.title == "The demo won the game"
    assert dialog.note == "Statistics counts it as played, not won."
    assert view(app).banner is None  # the demo's "any key stops it" went with the win
    app.draw()
    app.shutdown()


def test_a_demo_from_a_proven_lost_or_unsolved_position_says_so_and_moves_nothing(monkeypatch):
    app = make_app()
    table = app.table
    use_game(app, blocked())
    key(app, pygame.K_d, CTRL)
    wait_for(app, lambda: not table.hints.searching)
    assert view(app).banner_text == "This deal cannot be won: F2 deals another."
    assert not table.help.playing and table.game.move_count == 0
    monkeypatch.setattr(hint_service, "HINT_SECONDS", 0.0)
    app.session.start_game("YU1-C-AAAAAAB")
    key(app, pygame.K_d, CTRL)
    wait_for(app, lambda: not table.hints.searching)
    assert view(app).banner_text == (
        "No winning line was found from here: the demo has nothing to play."
    )
    assert not table.help.playing and table.game.move_count == 0
    app.shutdown()


def test_a_demo_asked_for_is_dropped_when_the_player_moves_on_meanwhile():
    app = make_app(code="YU1-C-AAAAAAB")
    table = app.table
    key(app, pygame.K_d, CTRL)
    table.play(table.game.legal_moves()[0])
    wait_for(app, lambda: not table.hints.searching)
    advance(app, 1.0)
    assert not table.help.playing and table.game.move_count == 1
    app.shutdown()


# ---------------------------------------------------------------- finish


def open_table(won_games) -> tuple:
    """A real deal played until every card is face up (code, app)."""
    code, moves = won_games[0]
    app = make_app(code=code)
    for move in moves:
        if not any(column.face_down for column in app.table.game.tableau):
            break
        app.table.play(move)
    return app


def test_finish_appears_once_every_card_is_face_up_and_the_win_is_the_players(won_games):
    app = make_app(code=won_games[0][0])
    assert button(app, "Demo").label == "Demo"
    key(app, pygame.K_f, CTRL)
    assert view(app).banner_text == ("Finish plays the rest out once every card is face up.")
    app.shutdown()
    app = open_table(won_games)
    table = app.table
    wait_for(app, lambda: table.help.finish_ready)  # searched by itself, in the background
    advance(app, 0.05)
    assert demo_button(app).label == "Finish"
    moves = table.game.move_count
    assert moves == table.game.move_count  # nothing moves by itself
    key(app, pygame.K_f, CTRL)
    assert table.help.playing
    wait_for(app, lambda: table.game.is_won, 60)
    stats = app.session.stats.for_rules(table.game.rules)
    assert (stats.played, stats.won) == (1, 1)
    app.shutdown()


def test_a_demo_started_with_every_card_face_up_counts_as_a_win(won_games):
    app = open_table(won_games)
    table = app.table
    wait_for(app, lambda: table.help.finish_ready)
    tap(app, demo_button(app).rect.center)  # the Demo button, reading Finish
    assert table.help.auto is not None and not table.help.auto.helped
    wait_for(app, lambda: table.game.is_won, 60)
    assert app.session.stats.for_rules(table.game.rules).won == 1
    app.shutdown()


# ---------------------------------------------------------------- live verdict


def test_the_verdict_is_off_by_default_and_then_shows_nothing_and_searches_nothing():
    app, jobs = fake_app()
    assert app.session.settings.live_verdict is False
    advance(app, 0.5)
    app.table.play(app.table.game.legal_moves()[0])
    advance(app, 0.5)
    assert app.table.help.verdict_text() == "" and jobs.submitted == []
    assert app.table.bar.status() == ""
    app.shutdown()


def test_the_verdict_is_worked_out_after_every_move_and_stale_answers_are_never_shown():
    app, jobs = fake_app(live_verdict=True)
    table = app.table
    app.update(STEP)
    assert len(jobs.submitted) == 1 and table.bar.status() == "Thinking…"
    start = table.game.position()
    assert jobs.submitted[0].position == start
    move = table.game.legal_moves()[0]
    table.play(move)
    app.update(STEP)
    assert jobs.cancelled == [1] and len(jobs.submitted) == 2  # the stale search is cancelled
    # The answer for the position left behind comes anyway: never shown.
    table.job_done(JobDone(1, HintAnswer(Verdict.LOST)))
    assert table.bar.status() == "Thinking…"
    table.job_done(JobDone(2, HintAnswer(Verdict.UNKNOWN)))
    assert table.bar.status() == "Not known yet"
    table.undo()  # back to the start: searched again, now that nobody asked about it
    app.update(STEP)
    assert jobs.submitted[-1].position == start and table.bar.status() == "Thinking…"
    table.job_done(JobDone(3, HintAnswer(Verdict.LOST)))
    assert table.bar.status() == "This deal cannot be won"  # at the start: no move lost it
    key(app, pygame.K_y, CTRL)  # redo: a position after a lost one is lost, no search
    app.update(STEP)
    assert len(jobs.submitted) == 3 and table.bar.status() == "Cannot be won any more"
    app.draw()
    app.shutdown()


def bar_pixels(app) -> set[tuple[int, int, int]]:
    """The colours drawn in the info bar's row of the verdict."""
    app.draw()
    bar = app.table.bar
    row = bar.info_rect
    surface = pygame.display.get_surface()
    return {
        tuple(surface.get_at((x, y))[:3])
        for x in range(row.x, row.right, 2)
        for y in range(row.y, row.bottom, 2)
    }


@pytest.mark.parametrize("size", ["800x600", "1920x1080", "3840x2160"])
def test_the_verdict_turning_to_lost_is_seen_at_a_glance(size):
    """Each verdict has its colour; when "Can still be won" turns to "Cannot
    be won any more" the verdict stands on a coral badge and a banner says
    so and what to do (it was the same small grey text as before)."""
    from yukon.ui.table.info_bar import BADGES, TONE_INKS, Tone

    app, _jobs = fake_app(size, live_verdict=True)
    table = app.table
    app.update(STEP)
    assert table.help.verdict_tone() is Tone.QUIET  # Thinking…
    line = tuple(hint_service_line(Game.from_code("YU1-C-AAAAAAB")))
    table.job_done(JobDone(1, HintAnswer(Verdict.WON, line)))
    app.update(STEP)
    assert table.bar.status() == "Can still be won" and table.help.verdict_tone() is Tone.GOOD
    assert view(app).banner_text is None
    assert TONE_INKS[Tone.GOOD] in bar_pixels(app)
    table.play(next(m for m in table.game.legal_moves() if m != line[0]))
    app.update(STEP)
    table.job_done(JobDone(2, HintAnswer(Verdict.LOST)))
    app.update(STEP)
    assert table.bar.status() == "Cannot be won any more"
    assert table.help.verdict_tone() is Tone.BAD
    assert view(app).banner_text == (
        "This game cannot be won from here. Press L to see which move lost it."
    )
    assert BADGES[Tone.BAD] in bar_pixels(app)
    view(app).hide_banner()
    table.undo()  # can be won again, then lost again: said again
    app.update(STEP)
    assert table.help.verdict_tone() is Tone.GOOD
    key(app, pygame.K_y, CTRL)
    app.update(STEP)
    assert table.help.verdict_tone() is Tone.BAD and view(app).banner_text is not None
    view(app).hide_banner()
    table.play(table.game.legal_moves()[0])  # lost, still lost: no banner again
    app.update(STEP)
    assert table.help.verdict_tone() is Tone.BAD and view(app).banner_text is None
    app.shutdown()


def test_a_known_line_answers_the_verdict_at_once_along_it_and_back():
    app, jobs = fake_app(live_verdict=True)
    table = app.table
    app.update(STEP)
    game = Game.from_code("YU1-C-AAAAAAB")
    line = tuple(hint_service_line(game))
    table.job_done(JobDone(1, HintAnswer(Verdict.WON, line)))
    assert table.bar.status() == "Can still be won"
    table.play(line[0])
    app.update(STEP)
    assert table.bar.status() == "Can still be won" and len(jobs.submitted) == 1
    other = next(m for m in table.game.legal_moves() if m != line[1])
    table.play(other)  # off the line: not known until searched
    app.update(STEP)
    assert table.bar.status() == "Thinking…" and len(jobs.submitted) == 2
    table.undo()
    app.update(STEP)
    assert table.bar.status() == "Can still be won" and jobs.cancelled == [2]
    app.shutdown()


def hint_service_line(game: Game) -> list[Move]:
    from yukon.solver import solve

    result = solve(game.copy(), max_seconds=10)
    assert result.verdict is Verdict.WON
    return list(result.moves)


def test_the_verdict_with_the_real_solver_and_the_bar_keeps_room_for_it():
    app = make_app(code="YU1-C-AAAAAAB")
    plain = app.table.bar.buttons[-1].rect.right
    app.session.update_settings(dataclasses.replace(app.session.settings, live_verdict=True))
    assert app.table.bar.buttons[-1].rect.right <= plain  # the buttons make room
    wait_for(app, lambda: app.table.bar.status() == "Can still be won")
    app.draw()
    app.shutdown()


# ---------------------------------------------------------------- quit


@pytest.mark.parametrize("mod", [pygame.KMOD_LCTRL, pygame.KMOD_LMETA])
def test_ctrl_q_or_cmd_q_saves_and_quits(mod):
    app = make_app(code="YU1-C-AAAAAAB")
    app.table.play(app.table.game.legal_moves()[0])
    position = app.table.game.position()
    key(app, pygame.K_q, mod)
    assert app.running is False
    app.shutdown()
    again = make_app()
    assert again.table.game.position() == position
    again.shutdown()


def test_quit_works_over_a_dialog_too():
    app = make_app()
    key(app, pygame.K_F1)
    key(app, pygame.K_q, CTRL)
    assert app.running is False
    app.shutdown()


def test_the_almost_won_table_offers_finish_in_the_bar():
    app = make_app()
    use_game(app, almost_won())
    wait_for(app, lambda: app.table.help.finish_ready)
    app.draw()
    assert demo_button(app).label == "Finish"
    key(app, pygame.K_d, CTRL)
    advance(app, 0.1)
    assert app.table.game.is_won
    assert pile_point(app, 0)
    app.shutdown()


def test_finish_is_offered_only_with_every_card_face_up_a_line_known_and_no_win_yet():
    app, jobs = fake_app()
    table = app.table
    use_game(app, almost_won())
    app.update(STEP)
    assert len(jobs.submitted) == 1 and not table.help.finish_ready  # asked, not known yet
    table.job_done(JobDone(1, HintAnswer(Verdict.WON, (Move.parse("1:1>S"),))))
    assert table.help.finish_ready
    app.session.start_game("YU1-C-AAAAAAB")  # cards face down: never offered, never asked
    app.update(STEP)
    assert not table.help.finish_ready and len(jobs.submitted) == 1
    app.shutdown()


def test_the_solver_process_runs_below_the_game_s_priority():
    import os

    from yukon.jobs.hints import WinnableJob
    from yukon.jobs.worker import WORKER_NICENESS, SolverWorker

    worker = SolverWorker()
    try:
        worker.submit(WinnableJob(Game.new(1).rules, 0.1))
        assert wait_until(lambda: not worker.pending, 30, poll=worker.poll)
        mine = os.getpriority(os.PRIO_PROCESS, 0)
        theirs = os.getpriority(os.PRIO_PROCESS, worker._process.pid)
        assert theirs == min(19, mine + WORKER_NICENESS)
    finally:
        worker.stop()


# ---------------------------------------------------------------- worked out once per change


def face_up_deal() -> Game:
    """A hand-built position (no record, so no action count), every card face up."""
    dealt = Game.from_code("YU1-C-AAAAAAB")
    return Game.from_layout([[str(card) for card in column.cards] for column in dealt.tableau])


def test_left_alone_the_table_asks_neither_the_engine_nor_the_solver_anything(monkeypatch):
    from yukon.ui.table import solver_help

    app, _jobs = fake_app(live_verdict=True)
    table = app.table
    use_game(app, face_up_deal())
    app.update(STEP)
    line = (table.game.legal_moves()[0],)
    table.job_done(JobDone(1, HintAnswer(Verdict.WON, line)))
    advance(app, 0.1)
    assert table.help.finish_ready and table.bar.status() == "Can still be won"
    asked: list[str] = []

    def counting(name, real):
        def ask(*args, **kwargs):
            asked.append(name)
            return real(*args, **kwargs)

        return ask

    monkeypatch.setattr(Game, "position", counting("position", Game.position))
    monkeypatch.setattr(solver_help, "all_face_up", counting("all_face_up", all_face_up))
    hints = type(table.hints)
    monkeypatch.setattr(hints, "verdict", counting("verdict", hints.verdict))
    monkeypatch.setattr(hints, "searching_from", counting("searching", hints.searching_from))
    advance(app, 1.0)  # 120 updates
    assert table.help.finish_ready and table.bar.status() == "Can still be won"
    assert demo_button(app).label == "Finish"
    assert asked == []
    table.play(next(m for m in table.game.legal_moves() if m != line[0]))
    asked.clear()
    app.update(STEP)  # the new position is worked out once...
    assert "verdict" in asked
    asked.clear()
    advance(app, 0.5)  # ... and then left alone again
    assert asked == [] and table.bar.status() == "Thinking…"
    app.shutdown()


def test_finish_and_the_verdict_follow_undo_and_redo_in_a_game_without_a_record():
    # The move counter does not go down on undo, and a hand-built game has
    # no action count: neither can tell the table the position changed.
    app, jobs = fake_app(live_verdict=True)
    table = app.table
    use_game(app, face_up_deal())
    app.update(STEP)
    start, line = table.game.position(), (table.game.legal_moves()[0],)
    table.job_done(JobDone(1, HintAnswer(Verdict.WON, line)))
    assert table.help.finish_ready and table.bar.status() == "Can still be won"
    table.play(next(m for m in table.game.legal_moves() if m != line[0]))
    counters = (table.game.move_count, table.game.action_count)
    assert not table.help.finish_ready and table.bar.status() == "Thinking…"
    app.update(STEP)
    assert len(jobs.submitted) == 2
    table.job_done(JobDone(2, HintAnswer(Verdict.LOST)))
    assert not table.help.finish_ready and table.bar.status() == "Cannot be won any more"
    table.undo()
    assert (table.game.move_count, table.game.action_count) == counters
    assert table.game.position() == start
    assert table.help.finish_ready and table.bar.status() == "Can still be won"
    assert demo_button(app).label == "Finish"
    app.update(STEP)
    assert len(jobs.submitted) == 2  # known: not searched again
    key(app, pygame.K_y, CTRL)  # redo
    assert not table.help.finish_ready and table.bar.status() == "Cannot be won any more"
    app.update(STEP)
    assert len(jobs.submitted) == 2
    app.draw()
    app.shutdown()


def test_the_verdict_right_after_undo_with_the_move_counter_unchanged():
    app, jobs = fake_app(live_verdict=True)
    table = app.table
    app.update(STEP)
    table.play(table.game.legal_moves()[0])
    app.update(STEP)
    table.job_done(JobDone(2, HintAnswer(Verdict.LOST)))
    advance(app, 0.1)
    assert table.bar.status() == "Cannot be won any more"
    moves = table.game.move_count
    table.undo()  # back where the first search was cancelled: not known
    assert table.game.move_count == moves and table.bar.status() == "Thinking…"
    app.update(STEP)
    assert len(jobs.submitted) == 3 and jobs.submitted[-1].position == table.game.position()
    app.shutdown()


def test_a_new_game_of_the_same_cards_or_another_kind_is_worked_out_afresh():
    app, jobs = fake_app(live_verdict=True)
    table = app.table
    app.update(STEP)
    table.job_done(JobDone(1, HintAnswer(Verdict.LOST)))
    advance(app, 0.1)
    assert table.bar.status() == "This deal cannot be won"
    app.session.start_game("YU1-C-AAAAAAB")  # the same cards again: what was learnt is gone
    assert table.bar.status() == "Thinking…"
    app.update(STEP)
    assert len(jobs.submitted) == 2
    table.job_done(JobDone(2, HintAnswer(Verdict.LOST)))
    assert table.bar.status() == "This deal cannot be won"
    alaska = Game.from_code("YU1-A-AAAAAAB")
    assert alaska.tableau == table.game.tableau  # the same cards, other rules
    app.session.start_game("YU1-A-AAAAAAB")
    assert table.bar.status() == "Thinking…"
    app.update(STEP)
    assert len(jobs.submitted) == 3 and jobs.submitted[-1].position == alaska.position()
    app.shutdown()


def test_the_verdict_follows_the_setting_at_once_and_a_known_answer_is_not_searched_again():
    app, jobs = fake_app(live_verdict=True)
    table = app.table
    app.update(STEP)
    table.job_done(JobDone(1, HintAnswer(Verdict.UNKNOWN)))
    advance(app, 0.1)
    assert table.bar.status() == "Not known yet"
    settings = app.session.settings
    app.session.update_settings(dataclasses.replace(settings, live_verdict=False))
    assert table.bar.status() == ""
    advance(app, 0.1)
    app.session.update_settings(dataclasses.replace(settings, live_verdict=True))
    assert table.bar.status() == "Not known yet"
    advance(app, 0.1)
    assert len(jobs.submitted) == 1
    app.shutdown()


def test_a_failed_search_is_asked_once_more_then_the_bar_says_it_is_not_known():
    """The solver's process died or froze: nothing thinks any more, so the
    bar must not say "Thinking…" for ever. The new process is asked once;
    failing that too, the answer is not known (and nothing loops)."""
    app, jobs = fake_app(live_verdict=True)
    table = app.table
    app.update(STEP)
    table.job_done(JobDone(1, None, "the solver stopped"))
    advance(app, 0.5)
    assert len(jobs.submitted) == 2 and table.bar.status() == "Thinking…"
    table.job_done(JobDone(2, None, "the solver stopped answering"))
    advance(app, 0.5)
    assert len(jobs.submitted) == 2 and table.bar.status() == "Not known yet"
    table.play(table.game.legal_moves()[0])  # a new position is searched as ever
    advance(app, 0.1)
    assert len(jobs.submitted) == 3 and table.bar.status() == "Thinking…"
    app.shutdown()


def test_the_verdict_comes_back_after_the_solvers_process_is_killed_mid_search():
    app = make_app(code="YU1-C-AAAAAAB", live_verdict=True)
    app.update(STEP)
    assert app.worker.pending and app.table.bar.status() == "Thinking…"
    app.worker._process.kill()  # kill -9 before it answered
    wait_for(app, lambda: app.table.bar.status() != "Thinking…")
    assert app.table.bar.status() == "Can still be won"
    app.shutdown()


@pytest.mark.parametrize(
    ("kind", "said"),
    [
        ("demo", "The solver stopped before it answered. Start the demo again."),
        ("finish", "The solver stopped before it answered. Press Finish again."),
        ("hint", "The solver stopped before it answered. Ask for a hint again."),
    ],
)
def test_a_failed_search_names_what_the_player_asked_for(kind, said):
    app, jobs = fake_app()
    table = app.table
    if kind == "finish":
        use_game(app, almost_won())
        table.help.request_finish()
    elif kind == "demo":
        table.help.request_demo()
    else:
        table.request_hint()
    job = len(jobs.submitted)
    table.job_done(JobDone(job, None, "the solver stopped"))
    assert view(app).banner_text == said
    app.shutdown()


def test_the_engine_gives_a_new_tableau_after_every_change_and_the_same_one_otherwise():
    # What the table's stamp hangs on (``solver_help.Stamp``).
    game = Game.from_code("YU1-C-AAAAAAB")
    seen = [game.tableau]
    assert game.tableau is seen[-1]
    game.play(game.legal_moves()[0])
    game.undo()
    assert game.tableau is not seen[-1] and game.tableau == seen[0]
    seen.append(game.tableau)
    game.redo()
    assert game.tableau is not seen[-1]
    seen.append(game.tableau)
    assert game.copy().tableau == game.tableau and game.tableau is seen[-1]
