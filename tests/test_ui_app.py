"""The app as a whole: command line, dialogs, a soak test and a real start-up."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import types
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from positions import almost_won
from uikit import advance, dialogs, key, make_app, post, tap, use_game, view, wait_for

from yukon.desktop.app import FPS_AWAY, STEP, App, parse_args
from yukon.engine import Game, Move, Rules
from yukon.ui.table.celebration import FADE_SECONDS, FLY_SECONDS

ROOT = Path(__file__).resolve().parent.parent


def run_game(*args: str, home: Path, timeout: float = 60) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", YUKON_HOME=str(home))
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        cwd=ROOT,
    )


# ---------------------------------------------------------------- command line


def test_command_line_options_parse():
    args = parse_args(["--code", "yu1-r-aaaaaab", "--size", "1024x700", "--frames", "3"])
    assert (args.code, args.size, args.frames) == ("yu1-r-aaaaaab", (1024, 700), 3)


def test_bad_code_prints_the_engines_message_and_exits_2(tmp_path):
    result = run_game("--code", "YU1-X-AAAAAAB", home=tmp_path)
    assert result.returncode == 2
    assert "no game “X”, only C and R (Yukon Classic and Relaxed), U (Russian" in result.stderr
    assert "Traceback" not in result.stderr


def test_bad_size_exits_2(tmp_path):
    result = run_game("--size", "huge", home=tmp_path)
    assert result.returncode == 2 and "WIDTHxHEIGHT" in result.stderr


@pytest.mark.parametrize("option", ["--lang", "--size", "--frames", "--code", "--screenshot"])
def test_an_option_given_as_equals_dashes_is_refused_with_status_2(option, capsys):
    """argparse once took ``--size=--`` as the option with no value at all."""
    with pytest.raises(SystemExit) as done:
        parse_args([f"{option}=--"])
    assert done.value.code == 2
    assert f"argument {option}: expected one argument" in capsys.readouterr().err


def test_version(tmp_path):
    result = run_game("--version", home=tmp_path)
    assert result.returncode == 0 and result.stdout.startswith("Yukon ")


def test_smoke_real_start_for_a_few_frames_with_a_screenshot(tmp_path):
    shot = tmp_path / "table.png"
    dump = tmp_path / "layout.json"
    result = run_game(
        "--code", "YU1-C-AAAAAAB", "--size", "1024x700", "--frames", "5",
        "--screenshot", str(shot), "--dump-layout", str(dump), home=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    pygame.display.init()
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1024, 700)
    # Mostly felt green, with card faces (near white) and red ink on them.
    pixels = [image.get_at((x, y)) for x in range(0, 1024, 16) for y in range(0, 700, 16)]
    green = sum(1 for p in pixels if p.g > p.r + 20 and p.g > p.b + 10)
    white = sum(1 for p in pixels if min(p.r, p.g, p.b) > 225)
    red = sum(1 for p in pixels if p.r > 150 and p.g < 90 and p.b < 90)
    assert green > len(pixels) * 0.4 and white > 50 and red > 0
    data = json.loads(dump.read_text())
    assert data["code"] == "YU1-C-AAAAAAB" and len(data["cards"]) == 52
    assert sum(1 for c in data["cards"] if c["face_up"]) == 31
    assert set(data["piles"]) == {f"column{i}" for i in range(1, 8)} | set("SHDC")
    expected = Game.from_code("YU1-C-AAAAAAB")
    top = {c["card"]: c["rect"] for c in data["cards"]}
    assert str(expected.tableau[0].cards[0]) in top
    assert "New game" in data["buttons"]


def test_a_screenshot_that_cannot_be_written_still_saves_everything(tmp_path):
    result = run_game(
        "--code", "YU1-C-AAAAAAB", "--frames", "3",
        "--screenshot", str(tmp_path / "missing" / "table.png"), home=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0
    assert "Cannot save the screenshot" in result.stderr and "Traceback" not in result.stderr
    assert (tmp_path / "settings.json").exists() and (tmp_path / "savegame.json").exists()


def test_a_layout_dump_that_cannot_be_written_never_costs_a_move(tmp_path, capsys):
    folder = tmp_path / "dumps"
    folder.mkdir()
    app = App(parse_args(["--size", "1024x700", "--dump-layout", str(folder / "layout.json")]))
    app.table.play(app.table.game.legal_moves()[0])
    assert json.loads((folder / "layout.json").read_text())["moves"] == 1
    (folder / "layout.json").unlink()
    folder.rmdir()
    app.table.play(app.table.game.legal_moves()[0])  # the dump fails; play goes on
    assert "Cannot write the layout" in capsys.readouterr().err
    app.shutdown()
    again = make_app()
    assert again.table.game.move_count == 2


def test_game_is_resumed_on_the_next_start(tmp_path):
    first = make_app(code="YU1-C-AAAAAAB", double_click=False)
    move = first.table.game.legal_moves()[0]
    first.table.play(move)
    first.table.undo()
    first.table.play(move)
    state = (first.table.game.position(), first.table.game.move_count, first.table.game.score)
    first.shutdown()
    second = make_app()
    game = second.table.game
    assert (game.position(), game.move_count, game.score) == state
    assert game.can_undo and second.table.game.code == "YU1-C-AAAAAAB"


# ---------------------------------------------------------------- dialogs


def type_text(app, content: str) -> None:
    for ch in content:
        post(app, pygame.TEXTINPUT, text=ch)


def test_new_game_dialog_deals_a_typed_code():
    app = make_app(code="YU1-C-AAAAAAB")
    key(app, pygame.K_n, pygame.KMOD_LCTRL)
    dialog = dialogs(app)[-1]
    type_text(app, "  yu1-r-aaaaaba ")
    assert dialog.code_problem is None
    key(app, pygame.K_RETURN)
    assert not dialogs(app)
    assert app.table.game.code == "YU1-R-AAAAABA" and app.table.game.rules is Rules.RELAXED


def test_new_game_dialog_rule_buttons_follow_a_typed_code_and_rewrite_it():
    app = make_app(code="YU1-C-AAAAAAB")
    app.table.open_new_game()
    dialog = dialogs(app)[-1]
    type_text(app, "YU1-R-AAAAABA")
    app.draw()
    assert dialog.shown_rules is Rules.RELAXED
    assert dialog.rule_buttons[1].primary and not dialog.rule_buttons[0].primary
    tap(app, dialog.rule_buttons[0].rect.center)  # Classic: the same deal, Classic rules
    assert dialog.field.value == "YU1-C-AAAAABA" and dialog.shown_rules is Rules.CLASSIC
    tap(app, dialog.buttons[-1].rect.center)
    assert app.table.game.code == "YU1-C-AAAAABA"


def test_new_game_dialog_shows_the_engines_message_inline_and_does_not_deal():
    app = make_app(code="YU1-C-AAAAAAB")
    key(app, pygame.K_n, pygame.KMOD_LCTRL)
    dialog = dialogs(app)[-1]
    type_text(app, "YU1-C-ABC")
    assert "ends with 7 letters" in dialog.code_problem
    key(app, pygame.K_RETURN)
    assert dialogs(app) and app.table.game.code == "YU1-C-AAAAAAB"
    app.draw()  # the message is drawn without error


def test_new_game_dialog_random_deal_with_the_chosen_rules_is_remembered():
    app = make_app(code="YU1-C-AAAAAAB")
    app.table.open_new_game()
    dialog = dialogs(app)[-1]
    tap(app, dialog.rule_buttons[1].rect.center)  # Relaxed
    tap(app, dialog.buttons[-1].rect.center)  # Deal
    assert app.table.game.rules is Rules.RELAXED
    assert app.table.game.code != "YU1-C-AAAAAAB"
    assert app.session.settings.rules == "R"


def test_new_game_dialog_copies_the_current_code_and_escape_closes_it(monkeypatch):
    copied = []
    monkeypatch.setattr(
        "yukon.ui.dialogs.new_game.clipboard_put", lambda text: copied.append(text) or True
    )
    app = make_app(code="YU1-C-AAAAAAZ")
    app.table.open_new_game()
    tap(app, dialogs(app)[-1].copy_button.rect.center)
    assert copied == ["YU1-C-AAAAAAZ"]
    key(app, pygame.K_ESCAPE)
    assert not dialogs(app) and app.table.game.code == "YU1-C-AAAAAAZ"


def test_new_game_dialog_warns_that_an_unfinished_game_counts_as_lost():
    app = make_app(code="YU1-C-AAAAAAB")
    assert app.session.abandon_warning == ""
    app.table.play(app.table.game.legal_moves()[0])
    assert "count as a loss" in app.session.abandon_warning
    app.table.open_new_game()
    app.draw()


def test_settings_dialog_toggles_each_helper_and_saves_it():
    app = make_app()
    app.table.open_settings()
    dialog = dialogs(app)[-1]
    settings = app.session.settings
    assert (
        settings.double_click,
        settings.placement_help,
        settings.interactive_rules,
        settings.auto_placement,
        settings.live_verdict,
    ) == (True, True, True, False, False)
    for box in dialog.boxes:
        tap(app, box.rect.center)
    settings = app.session.settings
    assert (
        settings.double_click,
        settings.placement_help,
        settings.interactive_rules,
        settings.auto_placement,
        settings.live_verdict,
    ) == (False, False, False, True, True)
    assert view(app).double_taps is False
    key(app, pygame.K_ESCAPE)
    assert not dialogs(app)
    app.shutdown()
    again = make_app()
    settings = again.session.settings
    assert (
        settings.double_click,
        settings.placement_help,
        settings.interactive_rules,
        settings.auto_placement,
        settings.live_verdict,
    ) == (False, False, False, True, True)


def _app_remembering(size: tuple[int, int], monkeypatch, desktop=(1920, 1080)) -> App:
    """An app started without ``--size`` on a ``desktop``-sized screen, with
    ``size`` remembered from an earlier run."""
    from yukon.persistence import Settings, Store, save_settings

    save_settings(Store(), Settings(window_size=size))
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [desktop])
    return App(parse_args([]))


def _saved_size() -> tuple[int, int]:
    from yukon.persistence import Store, load_settings

    return load_settings(Store()).window_size


def test_a_remembered_window_size_the_screen_holds_comes_back_as_it_was(monkeypatch):
    app = _app_remembering((1900, 1040), monkeypatch)
    assert app.size == (1900, 1040)
    app.shutdown()
    assert _saved_size() == (1900, 1040)


def test_a_window_too_large_for_this_screen_opens_smaller_but_is_not_forgotten(monkeypatch):
    app = _app_remembering((2560, 1440), monkeypatch)
    assert app.size[0] <= 1920 and app.size[1] <= 1080
    app.shutdown()
    assert _saved_size() == (2560, 1440)  # the bigger screen may be back next time


def test_a_first_run_opens_a_window_with_room_around_it_on_a_small_screen(monkeypatch):
    """No size remembered: 1280x800, but never the whole of a small screen
    (its taskbar and the title bar need room). That size is the screen's,
    not the player's: it was once remembered, and the next start on a
    larger screen opened as small."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 800)])
    app = App(parse_args([]))
    assert app.size[0] < 1280 and app.size[1] < 800
    advance(app, 1.0)
    app.shutdown()
    assert _saved_size() is None
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    app = App(parse_args([]))
    assert app.size == (1280, 800)
    app.shutdown()


def test_a_window_below_the_layouts_size_is_never_remembered(monkeypatch):
    """Only a system that ignores the window's minimum size gives one."""
    app = _app_remembering((1280, 800), monkeypatch)
    pygame.display.set_mode((300, 200), pygame.RESIZABLE)
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, size=(300, 200), w=300, h=200))
    advance(app, 1.0)
    app.shutdown()
    assert _saved_size() == (1280, 800)


def test_a_resized_window_is_remembered_at_once_not_only_on_quit(monkeypatch):
    app = _app_remembering((1280, 800), monkeypatch)
    for size in ((1000, 700), (1100, 720)):  # a drag-resize: the last size counts
        pygame.display.set_mode(size, pygame.RESIZABLE)
        app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    advance(app, 1.0)
    assert _saved_size() == (1100, 720)  # saved while the game still runs


def test_escape_closes_a_dialog_and_never_leaves_full_screen():
    app = make_app()
    app.host.set_fullscreen(True)
    app.table.open_settings()
    key(app, pygame.K_ESCAPE)
    assert not dialogs(app) and app.fullscreen
    key(app, pygame.K_ESCAPE)
    assert app.fullscreen
    key(app, pygame.K_F11)  # F11 (or Alt+Enter) leaves it
    assert not app.fullscreen
    app.shutdown()


def test_escape_puts_a_hint_and_its_message_away_in_full_screen():
    app = make_app()
    use_game(app, almost_won())
    app.host.set_fullscreen(True)
    app.table.help.show_hint(Move.parse("1:1>S"))
    assert view(app).hint is not None and view(app).banner_text.startswith("Hint:")
    key(app, pygame.K_ESCAPE)
    assert view(app).hint is None and view(app).banner is None and app.fullscreen
    assert app.table.game.move_count == 0
    app.table.notify("A notice")
    key(app, pygame.K_ESCAPE)
    assert view(app).banner is None and app.fullscreen
    app.shutdown()


@pytest.mark.parametrize("size", ["800x600", "1280x800", "1600x1000"])
def test_dialogs_keep_clear_of_the_top_bar(size):
    app = make_app(size)
    for name in ("new_game", "settings", "stats", "help", "win"):
        getattr(app.table, "open_" + name)()
        assert dialogs(app)[-1].panel.top >= view(app).layout.bar_h, name
        app.host.close(dialogs(app)[-1])


def test_every_dialog_draws_in_a_window_forced_smaller_than_itself():
    # The window's minimum size is a request some window managers ignore.
    app = make_app()
    for name in ("new_game", "settings", "stats", "help", "win"):
        getattr(app.table, "open_" + name)()
        dialog = dialogs(app)[-1]
        for size in ((1, 1), (60, 40), (300, 200)):
            dialog.resize(size)
            dialog.update(0.1)
            surface = pygame.Surface(size)
            dialog.draw(surface)
            # The panel covers the middle of the small window: it was drawn.
            middle = surface.get_at((size[0] // 2, size[1] // 2))[:3]
            assert middle != (0, 0, 0), (name, size)
        app.host.close(dialog)


# ---------------------------------------------------------------- soak


def check_engine_invariants(game: Game) -> None:
    cards = [c for col in game.tableau for c in col.cards]
    cards += [c for pile in game.foundations for c in pile]
    assert len(set(cards)) == 52
    for col in game.tableau:
        assert not col.cards or col.face_down < len(col.cards)
    flips = 21 - sum(col.face_down for col in game.tableau)
    assert game.score <= 10 * 52 * 100 + 5 * flips


def test_soak_20000_random_mouse_and_key_events():
    rng = random.Random(2026)
    app = make_app(code="YU1-C-AAAAAAC")
    w, h = app.size
    changes = []
    app.session.events.subscribe(lambda event: changes.append(1))
    keys = [pygame.K_z, pygame.K_BACKSPACE, pygame.K_ESCAPE, pygame.K_F2, pygame.K_a,
            pygame.K_RETURN, pygame.K_LEFT, pygame.K_SPACE]  # fmt: skip
    held = False
    for i in range(20_000):
        roll = rng.random()
        pos = (rng.randrange(-20, w + 20), rng.randrange(-20, h + 20))
        if roll < 0.08 and not dialogs(app):
            # A purposeful drag: a face-up card onto some pile.
            snap = app.table.layout_snapshot()
            card = rng.choice([c for c in snap["cards"] if c["face_up"]])
            start = (card["rect"][0] + 10, card["rect"][1] + 5)
            end = pygame.Rect(rng.choice(list(snap["piles"].values()))).center
            post(app, pygame.MOUSEBUTTONDOWN, pos=start, button=1)
            post(app, pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
            post(app, pygame.MOUSEBUTTONUP, pos=end, button=1)
        elif roll < 0.45:
            post(app, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(int(held), 0, 0))
        elif roll < 0.65:
            post(app, pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 1, 3]))
            held = True
        elif roll < 0.85:
            post(app, pygame.MOUSEBUTTONUP, pos=pos, button=1)
            held = False
        elif roll < 0.93:
            mod = rng.choice([0, pygame.KMOD_LCTRL, pygame.KMOD_LALT])
            key(app, rng.choice(keys), mod)
        elif roll < 0.96:
            advance(app, rng.choice([0.01, 0.2, 0.5]))
        elif roll < 0.97:
            post(app, pygame.TEXTINPUT, text=rng.choice("yu1-cAZ "))
        else:
            app.update(1 / 120)
        if i % 500 == 0:
            app.draw()
            check_engine_invariants(app.table.game)
        if app.fullscreen and rng.random() < 0.5:
            app.host.set_fullscreen(False)
    app.draw()
    check_engine_invariants(app.table.game)
    assert len(changes) > 20  # the soak really played (moves and undos)


def test_the_module_entry_point_does_not_start_a_game_when_imported():
    # The solver worker is spawned and re-imports the main module under
    # another name: it must not open a second window.
    import runpy

    namespace = runpy.run_module("yukon.__main__", run_name="__mp_main__")
    assert "main" in namespace


def test_frame_rate_is_high_while_things_move_and_low_when_nobody_plays():
    from yukon.desktop.app import AWAY_SECONDS, FPS_ACTIVE, FPS_AWAY, FPS_IDLE

    app = make_app()
    now = app.last_input
    assert app.frame_rate(now + 0.5) == FPS_IDLE
    assert app.frame_rate(now + AWAY_SECONDS + 1) == FPS_AWAY
    key(app, pygame.K_RIGHT)  # any input makes the game quick to answer again
    assert app.frame_rate(app.last_input + 0.1) == FPS_IDLE
    app.table.open_help()
    view(app).sprites.moving.add(next(iter(view(app).sprites.by_card.values())))
    assert app.frame_rate(now + 100) == FPS_ACTIVE


# ---------------------------------------------------------------- the loop at rest


def run_loop(
    app,
    monkeypatch,
    seconds: float,
    at: dict[float, Callable[[], None]] | None = None,
    rests: list[tuple[float, float]] | None = None,
) -> tuple[list[float], list[float]]:
    """Run the real ``app.run()`` loop for ``seconds`` of injected time, the
    clock's tick moving time on by one frame at the rate the loop asks for
    and a wait at rest to its timeout, instead of sleeping; ``at`` maps
    times to things done between frames. Returns the times of the frames
    drawn and of every pass of the loop; ``rests`` gets each sleep at rest."""
    now = [0.0]
    drawn: list[float] = []
    passes: list[float] = []
    due = sorted((at or {}).items())
    rests = [] if rests is None else rests

    def pass_time(seconds_passed: float) -> None:
        passes.append(now[0])
        now[0] += seconds_passed
        while due and due[0][0] <= now[0]:
            due.pop(0)[1]()
        if now[0] >= seconds:
            app.running = False

    class InjectedClock:
        def tick(self, fps: int = 0) -> int:
            pass_time(1 / fps)
            return round(1000 / fps)

    def sleep_at_rest(timeout: float) -> None:
        """Sleeping at rest: time moves on to the timeout, or to the
        first thing done before it (its events wake the loop)."""
        assert 0 < timeout < 10  # never a wait without end
        end = now[0] + timeout
        if due and due[0][0] < end:
            end = due[0][0]
        rests.append((now[0], end))
        pass_time(end - now[0])

    monkeypatch.setattr(
        "yukon.desktop.app.time", types.SimpleNamespace(perf_counter=lambda: now[0])
    )
    monkeypatch.setattr(pygame.time, "Clock", InjectedClock)
    monkeypatch.setattr(app, "sleep_at_rest", sleep_at_rest)
    draw = app.draw

    def counted_draw(alpha: float = 1.0):
        drawn.append(now[0])
        return draw(alpha)

    monkeypatch.setattr(app, "draw", counted_draw)
    app.last_input = 0.0
    app.run()
    return drawn, passes


def test_a_clock_that_jumps_back_never_stops_the_updates(monkeypatch):
    """A backwards jump of the monotonic clock once froze every update (the
    timer, animations, taps) for as long as the jump."""
    app = make_app(code="YU1-C-AAAAAAB")
    readings = iter([0.1 * i for i in range(20)] + [-1000 + 0.1 * i for i in range(20)])
    now = [0.0]

    def perf_counter() -> float:
        return now[0]

    class InjectedClock:
        def tick(self, fps: int = 0) -> int:
            now[0] = next(readings)
            return 0

    updates: list[float] = []
    update = app.update
    monkeypatch.setattr("yukon.desktop.app.time", types.SimpleNamespace(perf_counter=perf_counter))
    monkeypatch.setattr(pygame.time, "Clock", InjectedClock)
    monkeypatch.setattr(app, "update", lambda dt: (updates.append(now[0]), update(dt)))
    app.args.frames = 39
    app.run()
    after_jump = [t for t in updates if t < 0]
    assert len(after_jump) > 150  # about 1.8 s after the jump, at 120 updates a second


def test_a_game_left_alone_draws_no_frames(monkeypatch):
    app = make_app(code="YU1-C-AAAAAAB")
    drawn, passes = run_loop(app, monkeypatch, 10.0)
    assert drawn and max(drawn) < 0.1  # the first frame, then nothing
    assert len([t for t in passes if t >= 5.0]) <= 5 * FPS_AWAY + 1


def test_a_new_deal_left_alone_sleeps_a_second_at_a_time(monkeypatch):
    """Nothing moves and no clock runs: the loop waits for input, waking
    once a second (to hear a stop signal), not 120 updates a second."""
    from yukon.desktop.app import REST_LONGEST

    app = make_app(code="YU1-C-AAAAAAB")
    rests: list[tuple[float, float]] = []
    drawn, passes = run_loop(app, monkeypatch, 20.0, rests=rests)
    assert drawn and max(drawn) < 0.1  # the first frame, then nothing
    assert len([t for t in passes if t >= 2.0]) <= 18 / REST_LONGEST + 1
    assert all(end - start <= REST_LONGEST + 1e-9 for start, end in rests)
    assert sum(end - start for start, end in rests if start >= 2.0) > 17.9


def test_a_game_under_way_at_rest_wakes_for_each_second_of_its_clock(monkeypatch):
    """The clock shows every second on time, each drawn in its own frame,
    with the loop asleep in between; its time is the time that passed."""
    app = make_app(code="YU1-C-AAAAAAB", live_verdict=False)
    app.table.play(app.table.game.legal_moves()[0])  # the clock starts
    start = app.session.elapsed
    rests: list[tuple[float, float]] = []
    drawn, passes = run_loop(app, monkeypatch, 10.0, rests=rests)
    # The time fed up to the loop's last wake (at the last wait's start).
    assert app.session.elapsed == pytest.approx(start + passes[-1], abs=2 * STEP)
    late = [t for t in drawn if t >= 2.0]
    assert len(late) == pytest.approx(8, abs=1)  # one frame a second
    # Each drawn at the clock's new second (within an update of it).
    assert all(abs((t + start) - round(t + start)) <= 2 * STEP for t in late)
    assert len([t for t in passes if t >= 2.0]) <= 3 * 8  # not 120 (or 24) a second
    assert sum(end - begin for begin, end in rests if begin >= 2.0) > 7.5


def test_a_banner_left_alone_goes_on_time(monkeypatch):
    from yukon.ui.table.state import Banner

    app = make_app(code="YU1-C-AAAAAAB")
    board = app.table.board
    shown: list[float] = []

    def show() -> None:  # for 1.5 s of the table's time (the loop's own)
        shown.append(board.now)
        board.show_banner(Banner("Hello", board.now + 1.5))

    rests: list[tuple[float, float]] = []
    drawn, _ = run_loop(app, monkeypatch, 6.0, {1.0: show}, rests)
    assert view(app).banner is None
    gone = [t for t in drawn if t > 1.05]  # after the frame that showed it
    assert gone and gone[0] == pytest.approx(shown[0] + 1.5, abs=2 * STEP)  # on time
    assert any(begin >= gone[0] for begin, _ in rests)  # and asleep after


def test_the_loop_keeps_its_pace_while_anything_moves_or_is_awaited(monkeypatch):
    """The fixed timestep as ever: no sleeping through a move's slide, a
    dialog's timers, or a solver's answer still to come."""
    app = make_app(code="YU1-C-AAAAAAB", live_verdict=False)
    assert app.rest_seconds() == 0  # the first frame is still to draw
    app.draw()
    assert app.rest_seconds() > 0
    app.table.play(app.table.game.legal_moves()[0])
    assert app.animating and app.rest_seconds() == 0  # the move slides
    for _ in range(240):
        app.update(STEP)
        app.draw()
    assert not app.animating and 0 < app.rest_seconds() <= 1.0
    app.table.request_hint()
    assert not app.worker.idle and app.rest_seconds() == 0  # the hint is awaited
    wait_for(app, lambda: app.worker.idle, 30)
    app.draw()
    assert app.rest_seconds() > 0
    app.table.open_help()
    app.draw()
    assert app.rest_seconds() == 0  # Help's own timers (its scrolling) run on
    app.shutdown()


def test_a_run_counting_its_frames_never_sleeps(monkeypatch):
    """``--frames N`` (screenshots, checks) paces its frames as before."""
    args = parse_args(["--size", "1024x700", "--frames", "3"])
    app = App(args)
    assert app.rest_seconds() == 0
    app.shutdown()


@pytest.mark.parametrize("after_win", ["dialog left open", "dialog closed", "show cut short"])
def test_after_a_win_the_celebration_ends_and_no_more_frames_are_drawn(after_win, monkeypatch):
    # The smallest window: every frame of the show is drawn in software.
    app = make_app("800x600", double_click=False)
    use_game(app, almost_won())
    felt = (app.size[0] // 3, app.size[1] - 10)
    at: dict[float, Callable[[], None]] = {}
    if after_win == "dialog closed":
        at[3.0] = lambda: tap(app, dialogs(app)[-1].buttons[0].rect.center)  # Close
    elif after_win == "show cut short":
        at[0.8] = lambda: tap(app, felt)
    app.table.play(Move.parse("1:1>S"))
    drawn, passes = run_loop(app, monkeypatch, 30.0, at)
    win = [type(d).__name__ for d in dialogs(app)]
    assert win == ([] if after_win == "dialog closed" else ["WinDialog"])
    assert len(drawn) > 50  # the cards really flew
    # Settled a few seconds after the win: from then on the loop only looks
    # for input, at the frugal rate, and draws nothing.
    assert max(drawn) < 0.35 + FLY_SECONDS + FADE_SECONDS + 0.1
    assert view(app).celebration is None and not app.animating and not app.needs_draw
    idle = [t for t in passes if t >= 20.0]
    assert len(idle) <= 10 * FPS_AWAY + 1
    assert app.table.game.is_won


@pytest.mark.parametrize("width", [120, 300, 480])
def test_new_game_dialog_message_never_runs_past_the_panel(width):
    """A word wider than the panel (wrapping keeps a word whole) was once
    drawn whole and clipped at the panel's edge."""
    from yukon.ui import theme
    from yukon.ui.dialogs.new_game import _two_lines

    make_app("800x600")
    message = "'YU1-C-" + "W" * 34 + "...' must end with 7 letters A-Z."
    lines = _two_lines(message, 13, width)
    assert 1 <= len(lines) <= 2
    assert all(theme.font(size).size(line)[0] <= width for line, size in lines)


@pytest.mark.parametrize("length", [30, 300, 3_000, 160_020])
def test_a_message_is_cut_to_the_panel_in_few_measures_however_long(length, monkeypatch):
    """A pasted line of junk once hung the game: each character dropped was
    one more measure of the whole text, so 160,000 characters never ended."""
    from yukon.ui import theme
    from yukon.ui.dialogs import new_game

    make_app("800x600")
    face = theme.font(13)
    measured: list[int] = []

    class Counting:
        def size(self, text: str) -> tuple[int, int]:
            measured.append(len(text))
            return face.size(text)

    monkeypatch.setattr(new_game.theme, "font", lambda size: Counting())
    cut = new_game._fit("x" * length, 13, 300)
    assert face.size(cut)[0] <= 300
    assert cut == "x" * length or face.size(cut[:-3] + "x...")[0] > 300  # the longest that fits
    assert len(measured) <= 20 and sum(measured) <= 20 * 320


def test_a_long_bad_move_is_quoted_short_so_the_reason_stays_in_view():
    from yukon.engine import Game, InvalidRecord
    from yukon.i18n.languages import Language
    from yukon.i18n.record_problems import record_problem
    from yukon.i18n.translator import Translator

    with pytest.raises(InvalidRecord) as error:
        Game.from_record("YU1-C-AAAAAAB 7:5>2 " + "x" * 3000)
    message = record_problem(Translator(Language.ENGLISH), error.value)
    assert message.endswith("is not a move like 7:1>3, undo or redo.") and len(message) < 120


def test_new_game_dialog_shows_a_long_engine_message_whole():
    """The engine's message for a bad code is shown in full (wrapped), even
    for a long paste."""
    from yukon.engine import InvalidGameCode, parse_code
    from yukon.ui.dialogs.new_game import _two_lines

    app = make_app("800x600")
    app.table.open_new_game()
    dialog = dialogs(app)[-1]
    pasted = "YU1-C-AAAAAAB YU1-C-AAAAAAC"
    post(app, pygame.TEXTINPUT, text=pasted)
    with pytest.raises(InvalidGameCode) as error:
        parse_code(pasted)
    u = dialog.unit
    lines = _two_lines(str(error.value), round(u * 0.85), dialog.panel.w - 2 * u)
    assert " ".join(line for line, _ in lines) == str(error.value)
    app.draw()  # and it draws


def _font_files_open() -> int:
    """How many font files this process holds open."""
    fds = Path("/proc/self/fd")
    return sum(1 for fd in fds.iterdir() if fd.resolve().suffix.lower() in (".ttf", ".otf"))


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc")
def test_shutdown_closes_the_cached_fonts() -> None:
    """A font still open at ``pygame.quit`` keeps its file open for as long
    as the process lives; a program that opens and ends the game again and
    again (the tests) would run out of descriptors."""
    from yukon.ui import theme

    app = make_app("1024x768")
    app.table.open_settings()  # the table, the bar and a dialog draw text
    advance(app, 0.5)
    app.draw()
    cached = theme.font.cache_info().currsize
    assert cached >= 3
    before = _font_files_open()
    app.shutdown()
    assert _font_files_open() <= before - cached
