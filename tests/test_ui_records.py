"""Records, replay, Where was it lost and the deal of the day, in the app."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path

import pygame
import pytest
from test_loss_analysis import FACE_UP_GAME, LOSING_MOVE, LOST_GAME, still_winnable_game
from uikit import advance, dialogs, key, make_app, wait_for, win

from yukon.engine import Game, Move
from yukon.jobs.daily import daily_code
from yukon.jobs.hints import JobDone, JobProgress
from yukon.jobs.loss_analysis import LossProgress, LossReport, path_of
from yukon.solver import Verdict, solve
from yukon.ui.dialogs import new_game as dialog_module
from yukon.ui.dialogs.replay import ReplayScene
from yukon.ui.dialogs.where_lost import LOOKING_BACK, LOOKING_OPEN, LossDialog
from yukon.ui.dialogs.win import WinDialog
from yukon.ui.keymap import Command, command_for

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
    said = dialog_module.COPIED_GAME.format(code="YU1-C-AAAAAAB", number=3)
    assert dialog._code_message(None)[0] == said
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
    assert game.redo_moves() == [Move.parse("6:5>2")] and game.undo_moves() == [Move.parse("7:5>2")]
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


# What New game's field and --code are given: good and bad codes and records.
TYPED = [
    "YU1-C-AAAAAAB",
    " yu1-r-aaaaaab ",
    RECORD,
    REDO_RECORD,
    RECORD.replace(" ", "\n  "),  # pasted from mail
    "YU1-X-AAAAAAB",
    "YU1-C-AAAAAAB 7:5>2 1:1>2",  # a move the rules refuse
    "YU1-C-AAAAAAB 7:5>2 sideways",  # not a move
    "YU1-C-AAAAAAB undo",  # nothing to undo
    "YU1-Q-AAAAAAB 7:5>2",  # a record with a bad code
    "x" * 200,
]


@pytest.mark.parametrize("text", TYPED)
def test_code_on_the_command_line_takes_what_new_game_takes_with_the_same_words(text, capsys):
    """``--code`` refused a copied game that New game's field takes: both
    now read with one parser, and refuse with the same words (in English on
    the command line)."""
    from yukon.desktop.cli import parse_args

    app = make_app()
    dialog = new_game_dialog(app)
    dialog.field.set(text)
    problem = dialog.code_problem
    app.shutdown()
    if problem is None:
        assert parse_args(["--code", text]).code == text
        return
    with pytest.raises(SystemExit) as done:
        parse_args(["--code", text])
    assert done.value.code == 2
    assert capsys.readouterr().err == f"yukon: {problem}\n"


def test_code_on_the_command_line_plays_on_a_copied_game():
    app = make_app(code=REDO_RECORD)
    game = app.session.game
    assert game.record() == REDO_RECORD and game.move_count == 3
    assert game.redo_moves() == [Move.parse("6:5>2")] and game.undo_moves() == [Move.parse("7:5>2")]
    app.session.redo()
    assert game.position() == Game.from_record(RECORD).position()
    app.shutdown()
    again = make_app(code="  " + RECORD.replace(" ", "\n"))  # line breaks are spaces
    assert again.session.game.record() == RECORD
    again.shutdown()


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
    assert replay.status() == "YU1-C-AAAAAAB · Move 0 · Score 0"
    assert replay.where() == "Start · 4 steps"
    captions = []
    for _ in range(4):
        key(app, pygame.K_RIGHT)
        captions.append(replay.caption)
        advance(app, 0.4)
    assert captions == [
        "The 10♠ and the cards on it to column 2",
        "Undo",
        "The 10♠ and the cards on it to column 2",
        "The 6♦ and the cards on it to column 2",
    ]
    assert replay.game.record() == RECORD and not replay.next_button.enabled()
    assert replay.status().startswith("YU1-C-AAAAAAB · Move 3 · Score ")
    assert replay.where() == "Step 4 of 4"
    key(app, pygame.K_LEFT)
    assert (
        replay.done == 3
        and replay.game.position() == Game.from_record("YU1-C-AAAAAAB 7:5>2 undo 7:5>2").position()
    )
    app.shutdown()


def test_the_replay_says_and_makes_a_redo_as_the_engine_does():
    record = "YU1-C-AAAAAAB 7:5>2 undo redo 6:5>2"
    app = make_app()
    app.table.open_replay(record)
    replay = dialogs(app)[-1]
    said = []
    for done in range(1, 5):
        key(app, pygame.K_RIGHT)
        said.append(replay.caption)
        prefix = " ".join(record.split()[: done + 1])
        assert replay.game.position() == Game.from_record(prefix).position()
        advance(app, 0.4)
    assert said[1:3] == ["Undo", "Redo"]
    assert replay.game.record() == record
    app.shutdown()


def test_the_replay_plays_at_the_pace_of_the_tables_demo():
    from yukon.session.playback import DEMO_SECONDS_PER_MOVE

    app = make_app()
    app.table.open_replay(RECORD)
    replay = dialogs(app)[-1]
    key(app, pygame.K_r)  # from the deal
    advance(app, DEMO_SECONDS_PER_MOVE * 0.6 + 3 * DEMO_SECONDS_PER_MOVE + 0.05)
    assert replay.done == 4 and not replay.playing
    app.shutdown()


def test_the_replay_says_when_the_game_is_won():
    app = make_app()
    lines = (Path(__file__).parent / "data" / "won_YU1-C-AAAAAAB.txt").read_text().split()
    app.table.open_replay(" ".join(lines))
    replay = dialogs(app)[-1]
    assert replay.banner() is None
    key(app, pygame.K_END)
    assert replay.caption == "The K♦ to its foundation"
    app.draw()
    assert "The game is won." in {box.text for box in app.text_boxes()}
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
    assert LOOKING_OPEN in {box.text for box in app.text_boxes()}  # not known lost yet
    assert dialog.lines()[1] == "Moves ruled out: 0 of 40"  # before the walk tells
    wait_for(app, lambda: not dialog.searching, seconds=60)
    assert dialog.progress is not None and dialog.progress.ruled_out == 39  # it told as it went
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


STILL_WINNABLE = {
    "en": "This game can still be won: press H for a hint.",
    "fi": "Tämän pelin voi vielä voittaa: paina H, niin saat vihjeen.",
    "sv": "Det här spelet går fortfarande att vinna: tryck H för ett tips.",
}


def winning_line(game: Game) -> tuple[Move, ...]:
    """A winning line from ``game``'s position, as the solver finds it."""
    found = solve(Game.from_position(game.position()), max_seconds=None, max_nodes=50_000)
    assert found.verdict is Verdict.WON
    return tuple(found.moves)


def test_l_on_a_game_that_can_still_be_won_says_so_and_its_hint_button_hints():
    assert command_for(pygame.K_h, 0) is Command.HINT  # the key the text names
    app = make_app(live_verdict=True)
    app.session.continue_record(still_winnable_game())
    key(app, pygame.K_l)
    dialog = dialogs(app)[-1]
    assert isinstance(dialog, LossDialog) and dialog.searching
    wait_for(app, lambda: not dialog.searching, seconds=60)
    assert dialog.report is not None and dialog.report.still_winnable
    assert dialog.lines() == [STILL_WINNABLE["en"]]
    assert [b.label for b in dialog.buttons] == ["Close", "Hint"]
    app.update(0.0)  # the table learnt the win the walk found: the bar says so
    assert app.table.help.verdict_text() == "Can still be won"
    key(app, pygame.K_RETURN)  # Hint is the main button
    assert not dialogs(app) and not app.table.hints.searching  # no search: the line is known
    assert app.table.board.banner.message.startswith("Hint: ")
    app.shutdown()


def test_l_says_at_once_that_a_game_known_to_be_winnable_can_still_be_won():
    for lang in ("en", "fi", "sv"):
        app = make_app(lang=lang)
        app.session.continue_record(still_winnable_game())
        game = app.session.game
        line = winning_line(game)
        app.table.hints.learn(game.position(), Verdict.WON, line)
        pending = set(app.worker.pending)
        key(app, pygame.K_l)
        dialog = dialogs(app)[-1]
        assert not dialog.searching and app.worker.pending == pending  # nothing asked
        assert dialog.lines() == [STILL_WINNABLE[lang]]
        app.shutdown()


def test_a_game_still_winnable_with_every_card_face_up_is_offered_finish():
    assert command_for(pygame.K_f, pygame.KMOD_LCTRL) is Command.FINISH
    app = make_app()
    app.session.continue_record(FACE_UP_GAME)
    game = app.session.game
    app.table.hints.learn(game.position(), Verdict.WON, winning_line(game))
    app.table.loss.ask()
    dialog = dialogs(app)[-1]
    assert dialog.lines() == [
        STILL_WINNABLE["en"],
        "Every card is face up: Finish (Ctrl+F) plays the rest out.",
    ]
    assert app.table.help.finish_ready  # as the bar's Finish button says
    app.shutdown()


def test_l_on_a_lost_game_tells_the_table_it_is_lost():
    app = make_app(live_verdict=True)
    app.session.continue_record(LOST_GAME)
    app.table.loss.ask()
    dialog = dialogs(app)[-1]
    app.worker.cancel(dialog.job_id)  # the answer is given here, by hand
    report = LossReport(end=Verdict.LOST, lost_from_start=True)
    assert app.table.job_done(JobDone(dialog.job_id, report)) is None
    assert dialog.lines() == ["This deal could not be won even from the start."]
    assert app.table.help.verdict_text() == "Cannot be won any more"
    app.shutdown()


def test_a_game_the_solver_could_not_decide_is_told_so_and_the_table_learns_nothing():
    for lang, text in [
        (
            "en",
            "The solver could not tell in the time it had whether this game can still be won: "
            "it found neither a win nor a proof that it is lost.",
        ),
        (
            "fi",
            "Ratkaisija ei ehtinyt selvittää, voiko tämän pelin vielä voittaa: se ei löytänyt "
            "voittoa eikä todistusta siitä, ettei peliä voi enää voittaa.",
        ),
        (
            "sv",
            "Lösaren hann inte avgöra om det här spelet fortfarande går att vinna: den hittade "
            "varken en vinst eller ett bevis för att det är förlorat.",
        ),
    ]:
        app = make_app(lang=lang)
        app.session.continue_record(still_winnable_game())
        app.table.loss.ask()
        dialog = dialogs(app)[-1]
        app.worker.cancel(dialog.job_id)
        app.table.job_done(
            JobDone(dialog.job_id, LossReport(end=Verdict.UNKNOWN, lost_from_start=False))
        )
        assert dialog.lines() == [text] and len(dialog.buttons) == 1
        assert app.table.hints.verdict(app.session.game) is None  # the hint still searches
        app.shutdown()


def test_a_loss_further_back_than_undo_reaches_says_how_far():
    app = make_app()
    app.session.continue_record(LOST_GAME)
    app.table.loss.ask()
    dialog = dialogs(app)[-1]
    report = LossReport(end=Verdict.LOST, lost_from_start=False, moves_back=150)  # undo has 40
    assert dialog.job_done(JobDone(dialog.job_id, report))
    assert dialog.lines() == ["That was 150 moves back, further than undo reaches."]
    assert [b.label for b in dialog.buttons] == ["Close"]
    app.shutdown()


def test_the_search_shows_how_many_moves_it_ruled_out_in_the_players_language():
    told = LossProgress(30, 40, 21, 30)
    for lang, words in [
        ("en", ["Moves ruled out: 30 of 40", "Still in doubt: moves 21–30"]),
        ("fi", ["Poissuljettuja siirtoja: 30/40", "Vielä selvittämättä: siirrot 21–30"]),
        ("sv", ["Uteslutna drag: 30 av 40", "Återstår att pröva: dragen 21–30"]),
    ]:
        app = make_app(lang=lang)
        app.session.continue_record(LOST_GAME)
        app.table.loss.ask()
        dialog = dialogs(app)[-1]
        app.worker.cancel(dialog.job_id)  # the answers are given here, by hand
        app.table.job_progress(JobProgress(dialog.job_id + 1, LossProgress(1, 2, 2, 2)))
        assert dialog.progress is None  # another job's: not this dialog's
        app.draw()
        app.table.job_progress(JobProgress(dialog.job_id, told))
        assert dialog.needs_draw and dialog.lines()[1:] == words
        app.draw()
        assert set(words) <= {box.text for box in app.text_boxes()}
        app.shutdown()


def test_the_moves_the_solver_could_not_decide_are_a_range_with_an_en_dash():
    # A range of numbers takes an en dash in all three languages, not a hyphen.
    report = LossReport(end=Verdict.LOST, lost_from_start=False, undecided=(12, 15), moves_back=3)
    for lang, words in [
        ("en", "moves 12–15 lost"),
        ("fi", "siirroista 12–15 peli"),
        ("sv", "dragen 12–15 som"),
    ]:
        app = make_app(lang=lang)
        app.session.continue_record(LOST_GAME)
        app.table.loss.ask()
        dialog = dialogs(app)[-1]
        assert dialog.job_done(JobDone(dialog.job_id, report))
        assert words in dialog.lines()[0]
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
    """ "Score" in small type beside "625" in large: the letters end on the
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


def _title(app) -> str:
    window = getattr(app.window, "sdl_window", None)
    return window.title if window is not None else pygame.display.get_caption()[0]


def test_the_table_says_the_deal_of_the_day_and_its_date_through_a_restart_of_the_game():
    day = date(2026, 12, 2)
    code = daily_code(day)
    app = make_app("1920x1080")
    app.session.today = lambda: day
    app.session.start_game(code, daily=day.isoformat())
    assert app.table.bar.info_text().endswith(f"Moves 0    Deal of the day, 2 December  {code}")
    assert _title(app) == f"Yukon — Deal of the day, 2 December — {code}"
    app.session.play(app.session.game.legal_moves()[0])
    app.shutdown()  # quit, and start again the next day
    fi = make_app("1920x1080", lang="fi")
    fi.session.today = lambda: date(2026, 12, 3)
    assert fi.session.game.code == code and fi.session.game.move_count == 1
    # The labels keep their size: the bar gives the code up, the title has it.
    assert fi.table.bar.info_text().endswith("Päivän jako 2. joulukuuta")
    assert _title(fi) == f"Yukon — Päivän jako 2. joulukuuta — {code}"
    fi.table.restart()  # warns that the attempt counts
    fi.table.restart()
    assert fi.session.game.move_count == 0 and "Päivän jako 2. joulukuuta" in _title(fi)
    fi.session.start_game("YU1-C-AAAAAAB")  # another deal: no longer the deal of the day
    assert fi.table.bar.info_text().endswith("Siirrot 0    YU1-C-AAAAAAB")
    assert _title(fi) == "Yukon — YU1-C-AAAAAAB"
    fi.shutdown()


def test_a_narrow_bar_keeps_the_deal_of_the_day_and_gives_up_the_code():
    day = date(2026, 12, 2)
    sv = make_app("800x600", lang="sv")
    sv.session.start_game(daily_code(day), daily=day.isoformat())
    assert daily_code(day) in sv.table.bar.info_text()  # the second row has room for all
    sv.session.update_settings(replace(sv.session.settings, live_verdict=True))
    text = sv.table.bar.info_text()  # and with the verdict beside it, not for the code
    assert "Dagens giv" in text and daily_code(day) not in text
    assert daily_code(day) in _title(sv)  # the title still has it all
    sv.shutdown()


def test_the_clipboard_round_trips_without_the_deprecated_scrap_calls():
    """Copy game and the record paste use SDL's clipboard straight away:
    ``scrap.init`` and ``scrap.get_init`` are deprecated and warned on every use."""
    import warnings

    from yukon.ui.widgets import clipboard_get, clipboard_put

    pygame.display.init()
    pygame.display.set_mode((64, 64))
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        assert clipboard_put("U 3 12") is True
        assert clipboard_get() == "U 3 12"


TITLES = {  # lost, can still be won, not known (also while it looks whether it can)
    "en": ("Where was it lost?", "Can still be won", "Can it still be won?"),
    "fi": ("Missä peli hävittiin?", "Vielä voitettavissa", "Voiko pelin vielä voittaa?"),
    "sv": ("Var förlorades spelet?", "Kan fortfarande vinnas", "Kan spelet fortfarande vinnas?"),
}


def test_where_lost_is_titled_for_its_answer_and_the_title_fits_at_800x600():
    """The title says what the answer is about: where the game was lost,
    that it can still be won, or (looking whether it can, or not knowing)
    the open question; the table knowing it lost, it looks for where."""
    for lang, (lost, winnable, open_question) in TITLES.items():
        app = make_app("800x600", lang=lang)
        app.session.continue_record(LOST_GAME)
        answers = [
            (None, LossReport(end=Verdict.LOST, lost_from_start=True), open_question, lost),
            (None, LossReport(end=Verdict.WON, lost_from_start=False), open_question, winnable),
            (None, LossReport(end=Verdict.UNKNOWN, lost_from_start=False), open_question, None),
            (None, None, open_question, open_question),  # the search failed
            (Verdict.LOST, LossReport(end=Verdict.LOST, lost_from_start=True), lost, lost),
            (Verdict.LOST, None, lost, lost),
        ]
        for known, report, looking, answered in answers:
            dialog = LossDialog(app.host, known=known, go_back=lambda count: None)
            app.host.push(dialog)
            assert dialog.job_id is not None
            app.worker.cancel(dialog.job_id)  # the answer is given here, by hand
            assert shown_title(app, dialog) == looking, (lang, known)
            assert dialog.job_done(JobDone(dialog.job_id, report))
            assert shown_title(app, dialog) == (answered or open_question), (lang, known, report)
            app.host.close(dialog)
        app.shutdown()


def test_the_title_turns_to_where_was_it_lost_once_the_walk_has_proven_the_game_lost():
    """The walk reports how far it is only after proving the position
    reached lost: from then on the open question is answered, while it
    looks and if it then fails."""
    for lang, (lost, _winnable, open_question) in TITLES.items():
        app = make_app("800x600", lang=lang)
        app.session.continue_record(LOST_GAME)
        for report in (None, LossReport(end=Verdict.LOST, lost_from_start=True)):
            dialog = LossDialog(app.host, known=None, go_back=lambda count: None)
            app.host.push(dialog)
            app.worker.cancel(dialog.job_id)  # the answers are given here, by hand
            assert shown_title(app, dialog) == open_question, lang
            dialog.job_progress(JobProgress(dialog.job_id, LossProgress(12, 40, 3, 30)))
            assert shown_title(app, dialog) == lost, lang
            assert dialog.job_done(JobDone(dialog.job_id, report))
            assert shown_title(app, dialog) == lost, (lang, report)
            app.host.close(dialog)
        app.shutdown()


def shown_title(app, dialog: LossDialog) -> str:
    """The dialog's title as drawn: it must sit whole in the panel, clear of its edges."""
    app.draw()
    title = dialog.heading()
    box = next(box for box in app.text_boxes() if box.text == title)
    assert dialog.panel.inflate(-dialog.unit, 0).contains(box.rect), title
    return title


def test_while_it_looks_the_loss_dialog_presumes_a_loss_only_if_the_table_knows_it():
    """A game not known lost may still be winnable: the walk first asks
    that, so the dialog does not say it is looking for the losing move."""
    from yukon.i18n import Language, Translator

    for lang in ("en", "fi", "sv"):
        tr = Translator(Language(lang))
        app = make_app("800x600", lang=lang)
        app.session.continue_record(LOST_GAME)
        for known, looking in ((None, LOOKING_OPEN), (Verdict.LOST, LOOKING_BACK)):
            dialog = LossDialog(app.host, known=known, go_back=lambda count: None)
            app.host.push(dialog)
            app.worker.cancel(dialog.job_id)
            app.draw()
            shown = {box.text for box in app.text_boxes()}
            assert tr.gettext(looking) in shown and tr.gettext(looking) != "", (lang, known)
            app.host.close(dialog)
        app.shutdown()


@pytest.mark.parametrize("lang", ["en", "fi", "sv"])
@pytest.mark.parametrize("length", [3_000, 160_000])
def test_a_long_bad_token_leaves_its_reason_in_view_in_every_language(lang, length):
    """A 3,000-character junk token once pushed the message's reason past
    the ellipsis: the player saw the junk and never what was wrong."""
    from yukon.i18n.record_problems import NOT_A_MOVE

    app = make_app("800x600", lang=lang)
    dialog = new_game_dialog(app)
    dialog.field.set("YU1-C-AAAAAAB 7:5>2 " + "x" * length)
    app.draw()
    u = dialog.unit
    lines = dialog_module._two_lines(dialog.code_problem, round(u * 0.85), dialog.panel.w - 2 * u)
    shown = " ".join(line for line, _size in lines)
    reason = app.translator.gettext(NOT_A_MOVE).split("{move}")[1]
    assert "..." not in shown and shown.endswith(reason.strip())
    app.shutdown()
