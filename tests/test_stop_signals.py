"""Ctrl+C, SIGTERM, SIGHUP and SIGQUIT end the game as closing its window
does: the final save, exit status 0, no traceback."""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from uikit import wait_until

from yukon.desktop.app import App, parse_args
from yukon.desktop.stop_signals import StopRequests, stop_signals

ROOT = Path(__file__).resolve().parent.parent
NAMES = [name for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT") if hasattr(signal, name)]


@pytest.fixture
def stop():
    requests = StopRequests()
    requests.install()
    yield requests
    requests.restore()


@pytest.mark.parametrize("name", NAMES)
def test_each_stop_signal_quits_the_loop_with_the_final_save(home: Path, stop, name: str) -> None:
    app = App(parse_args(["--size", "1024x700", "--frames", str(10**9)]), stop)
    app.session.play(app.session.game.legal_moves()[0])
    app.session.elapsed = 42.5  # the clock ran on after the move
    app.session.update_settings(dataclasses.replace(app.session.settings, sound=False))
    (home / "settings.json").unlink()  # only the final save can make it again
    number = getattr(signal, name)
    handler = signal.getsignal(number)
    assert callable(handler)
    handler(number, None)  # what the system calls when the signal comes
    assert app.run() == 0
    assert json.loads((home / "savegame.json").read_text())["elapsed"] == 42.5
    assert json.loads((home / "settings.json").read_text())["sound"] is False


def test_the_handlers_go_back_as_they_were(stop) -> None:
    before = {number: signal.getsignal(number) for number in stop_signals()}
    assert all(handler == stop.handle for handler in before.values())
    stop.restore()
    after = {number: signal.getsignal(number) for number in stop_signals()}
    assert all(handler != stop.handle for handler in after.values())
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_an_ignored_signal_stays_ignored() -> None:
    """``nohup`` ignores SIGHUP on purpose: the game keeps it so."""
    if not hasattr(signal, "SIGHUP"):
        pytest.skip("no SIGHUP here")
    old = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        requests = StopRequests()
        requests.install()
        assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
        requests.restore()
        assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGHUP, old)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_helper_process_leaves_ctrl_c_to_the_game() -> None:
    code = (
        "import os, signal; from yukon.jobs.worker import ignore_in_helper; ignore_in_helper(); "
        "[os.kill(os.getpid(), s) for s in (signal.SIGINT, signal.SIGHUP, signal.SIGQUIT)]; "
        "print('still here')"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert result.returncode == 0 and result.stdout.strip() == "still here", result.stderr


def _default_stop_signals() -> None:
    """A child that hears the signals as from a terminal, even when the tests
    run where the shell made Ctrl+C ignored (a background job)."""
    for number in stop_signals():
        signal.signal(number, signal.SIG_DFL)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("name", NAMES)
def test_a_real_signal_ends_a_running_game_cleanly(home: Path, tmp_path: Path, name: str) -> None:
    layout = tmp_path / "layout.json"  # written at the first frame: the loop runs
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    game = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--frames", str(10**9), "--dump-layout", layout],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_default_stop_signals,
    )
    try:
        wait_until(lambda: layout.exists() or game.poll() is not None, 60, every=0.05)
        assert layout.exists(), "the game never drew its first frame"
        game.send_signal(getattr(signal, name))
        _out, err = game.communicate(timeout=60)
    finally:
        if game.poll() is None:
            game.kill()
            game.communicate()
    assert game.returncode == 0, err
    assert "Traceback" not in err and "Fatal" not in err, err
    assert (home / "settings.json").is_file()  # the final save happened


# A child that sends itself ``NAME`` the moment the game's program module
# (``yukon.desktop.app``, whose import brings the game's modules) is first
# imported: the first tenths of a second of start-up, before anything is
# open. Then the program runs as ``ENTRY`` says, as a player starts it.
_EARLY = """
import importlib.abc, os, runpy, signal, sys

class SignalOnImport(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "yukon.desktop.app":
            sys.meta_path.remove(self)
            os.kill(os.getpid(), getattr(signal, NAME))
        return None

sys.meta_path.insert(0, SignalOnImport())
sys.argv = ["yukon", "--frames", "1000000"]
if ENTRY == "main.py":
    runpy.run_path(MAIN, run_name="__main__")
else:
    runpy.run_module("yukon", run_name="__main__", alter_sys=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("entry", ["main.py", "-m yukon"])
@pytest.mark.parametrize("name", NAMES)
def test_a_signal_in_the_first_moments_of_start_up_ends_the_game_cleanly(
    home: Path, name: str, entry: str
) -> None:
    """Once the handlers came with the game's modules, some 0.25 s into the
    start: Ctrl+C before then printed a traceback, the others took the
    system's default action. Now they are heard before those modules load."""
    code = f"NAME, ENTRY, MAIN = {name!r}, {entry!r}, {str(ROOT / 'main.py')!r}\n" + _EARLY
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    result = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=_default_stop_signals,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    assert not (home / "savegame.json").exists()  # it ended before it began: nothing changed
