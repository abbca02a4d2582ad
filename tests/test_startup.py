"""Start-up: the data folder's one name, a clear exit without a display, the
DPI hints, and yukon.log for warnings and crashes."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
import warnings
from pathlib import Path

import pygame
import pytest
from uikit import run_main, view

from yukon import APP_ID, __version__
from yukon.desktop import crashlog, display
from yukon.desktop.app import App, main
from yukon.persistence import Store, data_dir
from yukon.persistence.paths import adopt_older_files

ROOT = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------- data folder


@pytest.mark.parametrize(
    ("platform", "variables", "expected"),
    [
        ("linux", {"XDG_DATA_HOME": "{tmp}/xdg"}, "{tmp}/xdg/Yukon"),
        ("linux", {"XDG_DATA_HOME": "relative/ignored"}, "{home}/.local/share/Yukon"),
        ("linux", {}, "{home}/.local/share/Yukon"),
        ("win32", {"APPDATA": "{tmp}/Roaming"}, "{tmp}/Roaming/Yukon"),
        ("darwin", {}, "{home}/Library/Application Support/Yukon"),
    ],
)
def test_the_data_folder_is_named_yukon_everywhere_and_lookup_creates_nothing(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    platform: str,
    variables: dict[str, str],
    expected: str,
) -> None:
    home = tmp_path / "home"
    monkeypatch.delenv("YUKON_HOME")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv("APPDATA", raising=False)
    monkeypatch.setenv("HOME", str(home))
    for name, value in variables.items():
        monkeypatch.setenv(name, value.format(tmp=tmp_path))
    monkeypatch.setattr(sys, "platform", platform)
    assert data_dir() == Path(expected.format(tmp=tmp_path, home=home))
    assert not home.exists() and sorted(os.listdir(tmp_path)) == []


def test_finding_the_data_folder_never_starts_sdl(tmp_path: Path) -> None:
    code = (
        "import sys; from yukon.persistence import data_dir, Store, load_settings; "
        "print(data_dir()); load_settings(Store()); assert 'pygame' not in sys.modules"
    )
    env = {k: v for k, v in os.environ.items() if k != "YUKON_HOME"}
    env.update(HOME=str(tmp_path), XDG_DATA_HOME="")
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT
    )
    assert result.returncode == 0, result.stderr
    if sys.platform.startswith("linux"):
        assert result.stdout.strip() == str(tmp_path / ".local" / "share" / "Yukon")
    assert list(tmp_path.iterdir()) == []


# Each file as the game writes it, as far as telling it from another
# program's file goes.
YUKONS = {
    "settings.json": '{"version": 1, "double_click": true, "rules": "C"}',
    "savegame.json": '{"version": 1, "code": "YU1-C-AAAAAAB", "game_id": "g", "actions": []}',
    "stats.json": '{"version": 1, "rules": {"C": {}}, "recent_games": []}',
    "yukon.log": "2026-12-01 10:00:00,000 WARNING yukon.persistence.store: cannot save\n",
}


def test_an_earlier_versions_files_are_moved_into_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SDL kept them in Yukon/Yukon: the first claim brings them up one level."""
    monkeypatch.delenv("YUKON_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "platform", "linux")
    older = tmp_path / "Yukon" / "Yukon"
    older.mkdir(parents=True)
    (older / "settings.json").write_text('{"version": 1, "double_click": false}')
    (older / "stats.json").write_text(YUKONS["stats.json"])
    (older / "yukon.lock").write_text("")
    store = Store()
    assert store.claim()
    store.release()
    folder = tmp_path / "Yukon"
    assert sorted(p.name for p in folder.iterdir()) == ["settings.json", "stats.json", "yukon.lock"]
    from yukon.persistence import load_settings

    assert load_settings(Store()).double_click is False


def test_adopting_never_replaces_a_newer_file(tmp_path: Path) -> None:
    folder = tmp_path / "Yukon"
    (folder / "Yukon").mkdir(parents=True)
    (folder / "stats.json").write_text("new")
    (folder / "Yukon" / "stats.json").write_text(YUKONS["stats.json"])
    (folder / "Yukon" / "savegame.json").write_text(YUKONS["savegame.json"])
    assert adopt_older_files(folder) == ["savegame.json"]
    assert (folder / "stats.json").read_text() == "new"
    assert (folder / "Yukon" / "stats.json").read_text() == YUKONS["stats.json"]  # left, not lost


def test_only_the_games_own_files_are_moved_and_a_folder_in_use_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lower-case ``yukon`` folder may be another program's: its files stay,
    those with the game's own names too, unless they are recognisably the
    game's (the attack's case: another program's stats.json and yukon.log)."""
    monkeypatch.delenv("YUKON_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "platform", "linux")
    other = tmp_path / "yukon"
    other.mkdir()
    for name in ("config.ini", "notes.txt", "yukon.lock"):
        (other / name).write_text(name)
    (other / "stats.json").write_text('{"other_app": true}')
    (other / "yukon.log").write_text("log\n")
    (other / "savegame.json").write_text(YUKONS["savegame.json"])
    (other / "yukon.log.1").write_text(YUKONS["yukon.log"])
    for _ in range(2):  # the second start used to take the rest
        store = Store()
        assert store.claim()
        store.release()
    moved = sorted(p.name for p in (tmp_path / "Yukon").iterdir())
    assert moved == ["savegame.json", "yukon.lock", "yukon.log.1"]
    left = ["config.ini", "notes.txt", "stats.json", "yukon.lock", "yukon.log"]
    assert sorted(p.name for p in other.iterdir()) == left
    assert (other / "stats.json").read_text() == '{"other_app": true}'


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("stats.json", '{"version": 1, "rules": {}}'),  # no recent games: not the game's
        ("stats.json", "not json"),
        ("settings.json", '{"version": 1, "theme": "dark"}'),
        ("settings.json", '{"version": "1", "double_click": true}'),
        ("savegame.json", '{"version": 1, "code": "X", "game_id": "g", "actions": []}'),
        ("yukon.log", "2026-12-01 10:00:00,000 WARNING otherapp: disk full\n"),
    ],
)
def test_a_file_that_is_not_recognisably_the_games_is_not_moved(
    tmp_path: Path, name: str, text: str
) -> None:
    from yukon.persistence.paths import is_yukons

    (tmp_path / name).write_text(text)
    assert not is_yukons(tmp_path / name, name)
    (tmp_path / "own").write_text(YUKONS[name])
    assert is_yukons(tmp_path / "own", name)


def test_the_names_moved_are_the_names_the_game_writes() -> None:
    from yukon.persistence import savegame, settings, stats
    from yukon.persistence.paths import GAME_FILES

    written = {savegame.FILE_NAME, settings.FILE_NAME, stats.FILE_NAME, crashlog.LOG_NAME}
    assert set(GAME_FILES) == written | {f"{crashlog.LOG_NAME}.1"}


# ---------------------------------------------------------------- display


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY is how Linux works")
def test_without_a_display_the_game_says_so_and_exits_1(tmp_path: Path) -> None:
    hidden = {"DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"}
    env = {k: v for k, v in os.environ.items() if k not in hidden}
    env["YUKON_HOME"] = str(tmp_path)
    result = run_main("--frames", "3", env=env)
    assert result.returncode == 1
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("Yukon needs a graphical display")
    assert "DISPLAY" in last and "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []  # nothing was started, nothing written


def test_a_headless_driver_chosen_on_purpose_keeps_working(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", YUKON_HOME=str(tmp_path))
    result = run_main("--frames", "3", env=env)
    assert result.returncode == 0, result.stderr


def test_an_unasked_headless_driver_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    env = {"SDL_VIDEODRIVER": "dummy"}
    assert display.start(env) == "dummy"
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    with pytest.raises(display.NoDisplay, match="needs a graphical display"):
        display.start({})
    assert not pygame.display.get_init()


def test_no_video_device_at_all_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    def fails() -> None:
        raise pygame.error("No available video device")

    monkeypatch.setattr(pygame.display, "init", fails)
    with pytest.raises(display.NoDisplay, match="No available video device"):
        display.start({})


def test_windows_is_told_to_be_per_monitor_dpi_aware() -> None:
    env: dict[str, str] = {}
    display.set_hints(env, "win32")
    assert env == {"SDL_WINDOWS_DPI_AWARENESS": "permonitorv2"}
    env = {"SDL_WINDOWS_DPI_AWARENESS": "unaware"}  # the player's own choice wins
    display.set_hints(env, "win32")
    assert env["SDL_WINDOWS_DPI_AWARENESS"] == "unaware"


def test_on_linux_the_window_class_is_the_desktop_files_name() -> None:
    env: dict[str, str] = {}
    display.set_hints(env, "linux")
    assert env["SDL_VIDEO_X11_WMCLASS"] == env["SDL_VIDEO_WAYLAND_WMCLASS"] == APP_ID
    assert (ROOT / "linux" / f"{APP_ID}.desktop").is_file()


def test_the_table_is_laid_out_for_the_windows_real_pixel_size() -> None:
    from uikit import make_app

    app = make_app(size="1024x700")
    pixels = pygame.display.get_surface().get_size()
    assert pixels == pygame.display.get_window_size() == (1024, 700)
    assert tuple(view(app).layout.size) == pixels
    app.shutdown()


# ---------------------------------------------------------------- yukon.log


def test_a_crash_is_logged_with_version_and_platform_and_named_to_the_player(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(self: App) -> int:
        raise ZeroDivisionError("the table fell over")

    monkeypatch.setattr(App, "run", broken)
    assert main(["--frames", "2"]) == 1
    text = (home / "yukon.log").read_text(encoding="utf-8")
    assert "ZeroDivisionError: the table fell over" in text and "Traceback" in text
    assert f"Yukon {__version__} crashed" in text and sys.platform[:3].lower() in text.lower()
    err = capsys.readouterr().err
    assert f"The details are in {home / 'yukon.log'}." in err
    assert not logging.getLogger().handlers or all(
        not isinstance(h, crashlog.LogFile) for h in logging.getLogger().handlers
    )


def test_the_crash_message_is_drawn_in_the_window_while_it_works() -> None:
    pygame.display.init()
    surface = pygame.display.set_mode((640, 400))
    assert crashlog.show_in_window("Yukon stopped because of an error.", wait=False)
    colours = {tuple(surface.get_at((x, 200))) for x in range(0, 640, 4)}
    assert (32, 32, 36, 255) in colours and len(colours) > 2  # text on the backdrop
    pygame.display.quit()
    assert not crashlog.show_in_window("no window", wait=False)


def test_on_a_screen_the_message_stays_until_a_key_is_pressed() -> None:
    pygame.display.init()
    surface = pygame.display.set_mode((640, 400))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1)))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE))
    assert crashlog.show_in_window("Yukon stopped because of an error.", wait=True)
    assert not pygame.event.get(pygame.KEYDOWN)  # the key that closed it was read
    backdrop = surface.map_rgb((32, 32, 36))
    pixels = pygame.PixelArray(surface)
    rows = [y for y in range(400) if any(pixels[x, y] != backdrop for x in range(640))]
    pixels.close()
    assert max(rows) - min(rows) > 30  # two paragraphs: the message and how to close it


def test_warnings_go_to_the_log_and_stderr(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def game() -> int:
        logging.getLogger("yukon.persistence.store").warning("cannot save %s", "x")
        warnings.warn("an old call", DeprecationWarning, stacklevel=1)
        thread = threading.Thread(target=lambda: 1 / 0, name="helper")
        thread.start()
        thread.join()
        return 0

    with warnings.catch_warnings():
        warnings.simplefilter("always")
        assert crashlog.run(game) == 0
    text = (home / "yukon.log").read_text(encoding="utf-8")
    assert "cannot save x" in text and "DeprecationWarning: an old call" in text
    assert "thread helper crashed" in text and "ZeroDivisionError" in text
    assert "cannot save x" in capsys.readouterr().err


def test_the_log_rotates_and_stays_small(tmp_path: Path) -> None:
    logs = crashlog.Logging(tmp_path)
    try:
        for number in range(4000):
            logging.getLogger("yukon").warning("warning %d %s", number, "x" * 100)
    finally:
        logs.stop()
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["yukon.log", "yukon.log.1"]
    assert all((tmp_path / n).stat().st_size <= crashlog.MAX_BYTES for n in names)


def test_a_log_folder_that_cannot_be_written_costs_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    logs = crashlog.Logging(blocker / "home")
    try:
        logging.getLogger("yukon").warning("first")
        logging.getLogger("yukon").warning("second")
        message = logs.crashed(RuntimeError("boom"))
    finally:
        logs.stop()
    assert "boom" in message and "details are in" not in message
    err = capsys.readouterr().err
    assert "second" in err and "--- Logging error ---" not in err


def test_nothing_is_written_when_nothing_goes_wrong(home: Path) -> None:
    assert crashlog.run(lambda: 0, home) == 0
    assert list(home.iterdir()) == []


def test_the_games_own_log_is_recognised_as_its_own(tmp_path: Path) -> None:
    from yukon.persistence.paths import is_yukons

    logs = crashlog.Logging(tmp_path)
    try:
        logging.getLogger("yukon.persistence.store").warning("cannot save: disk full")
    finally:
        logs.stop()
    assert is_yukons(tmp_path / crashlog.LOG_NAME, crashlog.LOG_NAME)
