"""The data folder's files as files: their modes, links in their place, the
lock that keeps one writer, the log, and a home folder that cannot be used."""

from __future__ import annotations

import json
import logging
import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from yukon.desktop import crashlog
from yukon.persistence import Settings, Stats, Store, load_settings, save_settings, save_stats
from yukon.persistence import store as store_module
from yukon.persistence.lock import LOCK_NAME

ROOT = Path(__file__).resolve().parent.parent
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes, FIFOs and links")


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path, follow_symlinks=False).st_mode)


@pytest.fixture
def open_umask() -> Iterator[None]:
    """A umask that takes nothing away, as some systems set it."""
    old = os.umask(0)
    yield
    os.umask(old)


# ------------------------------------------------------------------ modes


@posix_only
def test_a_data_files_mode_is_kept_when_it_is_saved_again(home: Path) -> None:
    store = Store()
    assert save_settings(store, Settings())
    os.chmod(home / "settings.json", 0o600)
    assert save_settings(store, Settings(sound=False))
    assert mode(home / "settings.json") == 0o600
    assert load_settings(Store()).sound is False


@posix_only
def test_every_new_file_gets_the_same_mode(home: Path, open_umask: None) -> None:
    store = Store()
    assert store.claim()
    assert save_stats(store, Stats())
    logs = crashlog.Logging(home)
    try:
        logging.getLogger("yukon").warning("something to write")
    finally:
        logs.stop()
        store.release()
    modes = {name: mode(home / name) for name in ("stats.json", LOCK_NAME, crashlog.LOG_NAME)}
    assert modes == dict.fromkeys(modes, 0o644)


@posix_only
def test_a_rotated_log_passes_its_mode_to_the_next(tmp_path: Path) -> None:
    logs = crashlog.Logging(tmp_path)
    try:
        logging.getLogger("yukon").warning("first")
        os.chmod(tmp_path / crashlog.LOG_NAME, 0o600)
        for number in range(3000):
            logging.getLogger("yukon").warning("warning %d %s", number, "x" * 100)
    finally:
        logs.stop()
    assert (tmp_path / f"{crashlog.LOG_NAME}.1").exists()
    assert mode(tmp_path / crashlog.LOG_NAME) == 0o600


# ------------------------------------------------------------------ links


@posix_only
def test_a_dangling_link_in_the_data_folder_creates_nothing(home: Path, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere" / "settings.json"
    target.parent.mkdir()
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").symlink_to(target)
    store = Store()
    assert load_settings(store) == Settings()
    assert not save_settings(store, Settings(sound=False))
    assert not target.exists() and list(target.parent.iterdir()) == []
    assert (home / "settings.json").is_symlink()  # the player's link stays
    (notice,) = store.take_notices()
    assert "settings.json is a link to a missing file" in notice
    assert save_stats(store, Stats())  # the other files save as ever


@posix_only
def test_a_link_to_a_file_is_still_followed(home: Path, tmp_path: Path) -> None:
    target = tmp_path / "dotfiles" / "settings.json"
    target.parent.mkdir()
    target.write_text('{"version": 1}')
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").symlink_to(target)
    assert save_settings(Store(), Settings(sound=False))
    assert json.loads(target.read_text())["sound"] is False


@posix_only
@pytest.mark.parametrize("dangling", [False, True])
def test_the_log_is_never_written_through_a_link(tmp_path: Path, dangling: bool) -> None:
    other = tmp_path / "other.txt"
    if not dangling:
        other.write_text("someone's file\n")
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / crashlog.LOG_NAME).symlink_to(other)
    logs = crashlog.Logging(folder)
    try:
        logging.getLogger("yukon").warning("a warning")
    finally:
        logs.stop()
    if dangling:
        assert not other.exists()
    else:
        assert other.read_text() == "someone's file\n"
    log = folder / crashlog.LOG_NAME
    assert not log.is_symlink() and "a warning" in log.read_text()
    assert (folder / f"{crashlog.LOG_NAME}.bad").is_symlink()
    assert "kept as yukon.log.bad" in log.read_text()


@posix_only
def test_a_dangling_link_as_the_lock_creates_nothing(home: Path, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere" / "lock"
    target.parent.mkdir()
    home.mkdir(parents=True, exist_ok=True)
    (home / LOCK_NAME).symlink_to(target)
    first = Store()
    assert first.claim()
    assert not target.exists()
    assert (home / f"{LOCK_NAME}.bad").is_symlink()
    assert not Store().claim()  # the lock is real: a second copy is refused
    first.release()


# ------------------------------------------------------------------ the log


@posix_only
def test_a_fifo_as_the_log_never_stalls_the_start(home: Path) -> None:
    """A damaged file makes a warning; the log is a FIFO nobody reads."""
    home.mkdir(parents=True, exist_ok=True)
    os.mkfifo(home / crashlog.LOG_NAME)
    (home / "settings.json").write_text("{damaged")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--frames", "2"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,  # it used to wait for ever
    )
    assert result.returncode == 0, result.stderr
    assert stat.S_ISFIFO(os.lstat(home / f"{crashlog.LOG_NAME}.bad").st_mode)
    text = (home / crashlog.LOG_NAME).read_text()
    assert "settings.json" in text and "kept as yukon.log.bad" in text


@posix_only
def test_a_folder_as_the_log_is_set_aside(tmp_path: Path) -> None:
    (tmp_path / crashlog.LOG_NAME).mkdir()
    logs = crashlog.Logging(tmp_path)
    try:
        logging.getLogger("yukon").warning("a warning")
    finally:
        logs.stop()
    assert (tmp_path / f"{crashlog.LOG_NAME}.bad").is_dir()
    assert "a warning" in (tmp_path / crashlog.LOG_NAME).read_text()


# ------------------------------------------------------------------ one writer


def test_a_deleted_lock_is_claimed_again_before_the_next_save(home: Path) -> None:
    first = Store()
    assert first.claim()
    (home / LOCK_NAME).unlink()
    assert first.save("settings.json", {"from": "first"})  # no other copy: claimed again
    assert (home / LOCK_NAME).exists()
    assert not Store().claim()
    first.release()


def test_a_copy_whose_lock_was_deleted_stops_writing_once_another_claims(home: Path) -> None:
    first = Store()
    assert first.claim()
    assert first.save("settings.json", {"from": "first"})
    (home / LOCK_NAME).unlink()
    second = Store()
    assert second.claim()  # the lock it makes is its own
    assert second.save("settings.json", {"from": "second"})
    assert not first.save("settings.json", {"from": "first again"})
    assert not first.remove("settings.json")
    assert first.read_only and first.take_notices() == [store_module.ANOTHER_COPY]
    assert json.loads((home / "settings.json").read_text())["from"] == "second"
    second.release()


def test_a_copy_whose_folder_was_deleted_stops_writing_once_another_claims(home: Path) -> None:
    import shutil

    first = Store()
    assert first.claim()
    assert first.save("stats.json", {"from": "first"})
    shutil.rmtree(home)
    second = Store()
    assert second.claim()
    assert not first.save("stats.json", {"from": "first again"})
    assert first.read_only
    assert second.save("stats.json", {"from": "second"})
    second.release()


def test_a_copy_whose_folder_was_deleted_makes_it_again(home: Path) -> None:
    import shutil

    first = Store()
    assert first.claim()
    shutil.rmtree(home)
    assert first.save("stats.json", {"from": "first"})
    assert not Store().claim()
    first.release()


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_lock_that_is_not_a_file_is_set_aside_and_still_keeps_one_writer(
    home: Path, kind: str
) -> None:
    if kind == "fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    home.mkdir(parents=True, exist_ok=True)
    if kind == "folder":
        (home / LOCK_NAME).mkdir()
    else:
        os.mkfifo(home / LOCK_NAME)
    first, second = Store(), Store()
    assert first.claim()
    assert (home / LOCK_NAME).is_file() and not (home / LOCK_NAME).is_symlink()
    assert (home / f"{LOCK_NAME}.bad").exists()
    assert not second.claim() and second.read_only
    assert not second.save("settings.json", {"from": "second"})
    first.release()


def test_a_lock_swapped_in_another_process_is_noticed(home: Path) -> None:
    """The whole way: a second process deletes the lock, claims its own and
    holds it until told to quit."""
    code = (
        "import os, sys; from yukon.persistence import Store; "
        f"os.unlink({str(home / LOCK_NAME)!r}); s = Store(); claimed = s.claim(); "
        "s.save('settings.json', {'from': 'second'}); print(claimed, flush=True); "
        "sys.stdin.read()"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    first = Store()
    assert first.claim()
    other = subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env
    )
    try:
        assert other.stdout is not None and other.stdout.readline().split() == [b"True"]
        assert not first.save("settings.json", {"from": "first"})
        assert first.read_only
        assert json.loads((home / "settings.json").read_text())["from"] == "second"
    finally:
        other.communicate(timeout=60)
    first.release()


# ------------------------------------------------------------------ home


@pytest.fixture
def no_yukon_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The platform's folder, in a world of its own: the current folder is
    a fresh one, and nothing outside ``tmp_path`` may appear."""
    monkeypatch.delenv("YUKON_HOME")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("home_value", ["", "relative/home", "{tmp}/nonexistent"])
def test_an_unusable_home_means_no_data_folder(
    no_yukon_home: Path, monkeypatch: pytest.MonkeyPatch, home_value: str
) -> None:
    home_value = home_value.format(tmp=no_yukon_home)
    monkeypatch.setenv("HOME", home_value)
    store = Store()
    assert not store.usable  # first: else "" would write in /.local/share/Yukon
    assert store.claim()  # nothing to claim
    assert load_settings(store) == Settings()
    assert not save_settings(store, Settings(sound=False))
    assert not save_stats(store, Stats())
    (notice,) = store.take_notices()
    assert "nothing is saved, but you can still play" in notice
    if home_value:
        assert home_value in notice
    assert list(no_yukon_home.iterdir()) == []  # nothing made, not even the home


def test_an_unusable_home_writes_no_log(
    no_yukon_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("HOME", str(no_yukon_home / "nonexistent"))
    logs = crashlog.Logging()
    try:
        logging.getLogger("yukon").warning("only on stderr")
    finally:
        logs.stop()
    assert list(no_yukon_home.iterdir()) == []
    assert "only on stderr" in capsys.readouterr().err


def test_a_home_that_exists_is_used(no_yukon_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(no_yukon_home))
    store = Store()
    assert store.usable and save_settings(store, Settings())
    assert (no_yukon_home / ".local" / "share" / "Yukon" / "settings.json").is_file()


def test_an_unusable_home_is_shown_to_the_player(
    no_yukon_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from uikit import make_app

    monkeypatch.setenv("HOME", "relative")  # in the test's own folder even if it were used
    app = make_app(double_click=False)
    assert "There is no home folder at relative" in app.table.board.banner.message
    app.table.play(app.table.game.legal_moves()[0])
    assert app.table.game.move_count == 1  # the game still plays
    app.shutdown()
    assert list(no_yukon_home.iterdir()) == []
