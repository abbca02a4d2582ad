"""Speech reaches a real Speech Dispatcher, and through it espeak-ng.

The daemon runs on a socket of the test's own, with an output module that
writes each text it is given (and the voice) to a file and has espeak-ng
speak it into a WAV file: no sound card needed. Skipped, with the reason,
where the daemon or espeak-ng is not installed or does not start.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time

import pygame
import pytest
from uikit import advance, key, wait_until

from yukon.desktop.app import App, parse_args
from yukon.ui.speech.speaker import Speaker
from yukon.ui.speech.system_speech import SystemSpeech

DAEMON = shutil.which("speech-dispatcher")
ESPEAK = shutil.which("espeak-ng")
pytestmark = pytest.mark.skipif(
    DAEMON is None or ESPEAK is None,
    reason="needs Debian's speech-dispatcher and espeak-ng (apt-get install speech-dispatcher "
    "espeak-ng)",
)

MODULE = """\
GenericExecuteSynth "printf '%s %s\\\\n' $VOICE \\'$DATA\\' >> {heard}; \
espeak-ng -v $VOICE -w {wav} \\'$DATA\\'"
GenericCmdDependency "espeak-ng"
AddVoice "en" "MALE1" "en"
AddVoice "fi" "MALE1" "fi"
AddVoice "sv" "MALE1" "sv"
GenericLanguage "en" "en" "utf-8"
GenericLanguage "fi" "fi" "utf-8"
GenericLanguage "sv" "sv" "utf-8"
"""


def wait_for_speech(condition, seconds: float = 20.0) -> None:
    """Real time: the daemon and espeak-ng are processes of their own."""
    assert wait_until(condition, seconds, every=0.05), "Speech Dispatcher never passed the text on"


@pytest.fixture
def dispatcher(tmp_path, monkeypatch):
    """A Speech Dispatcher of the test's own; yields the file it writes."""
    conf = tmp_path / "conf"
    (conf / "modules").mkdir(parents=True)
    heard, wav, sock = tmp_path / "heard.txt", tmp_path / "last.wav", tmp_path / "speechd.sock"
    (conf / "speechd.conf").write_text(
        'LogLevel 3\nAddModule "heard" "sd_generic" "heard.conf"\nDefaultModule heard\n'
        'AudioOutputMethod "libao"\n'
    )
    (conf / "modules" / "heard.conf").write_text(MODULE.format(heard=heard, wav=wav))
    home = tmp_path / "home"
    home.mkdir()
    (home / ".libao").write_text("default_driver=null\n")  # no sound card needed
    logs = tmp_path / "log"
    logs.mkdir()
    command = [DAEMON, "-s", "-C", str(conf), "-c", "unix_socket", "-S", str(sock)]
    command += ["-L", str(logs), "-t", "60"]
    env = {**os.environ, "HOME": str(home)}
    daemon = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    wait_until(lambda: sock.exists() or daemon.poll() is not None, 10, every=0.05)
    if not sock.exists():
        daemon.kill()
        daemon.wait()
        pytest.skip("Speech Dispatcher did not start here (no socket after 10 s)")
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{sock}")
    yield heard, wav
    daemon.terminate()
    try:
        daemon.wait(5)
    except subprocess.TimeoutExpired:
        daemon.kill()
        daemon.wait()


def test_the_words_reach_speech_dispatcher_in_the_games_language(dispatcher):
    heard, wav = dispatcher
    backend = SystemSpeech()
    backend.start()
    speaker = Speaker(backend, time.monotonic)
    speaker.set_language("fi")
    speaker.say("sarake 1: hertta seitsemän.")
    wait_for_speech(lambda: heard.exists() and "seitsemän" in heard.read_text("utf-8"))
    assert heard.read_text("utf-8").splitlines()[-1] == "fi sarake 1: hertta seitsemän."
    assert backend.name == "Speech Dispatcher"
    wait_for_speech(lambda: wav.exists() and wav.stat().st_size > 1000)  # espeak-ng spoke it
    speaker.close()


def test_the_game_speaks_its_cursor_through_speech_dispatcher(dispatcher, tmp_path):
    heard, _ = dispatcher
    log = tmp_path / "speech-log.txt"
    argv = ["--size", "1280x800", "--lang", "sv", "--code", "YU1-C-AAAAAAB", "--speech", "on"]
    app = App(parse_args([*argv, "--speech-log", str(log)]))
    try:
        advance(app, 0.1)  # the first update starts speech: the welcome is heard
        wait_for_speech(lambda: heard.exists() and "Yukon" in heard.read_text("utf-8"))
        for column in (2, 3, 4):  # each heard before the next key would cut it
            key(app, pygame.K_RIGHT)
            advance(app, 0.1)
            wait_for_speech(
                lambda c=column: heard.exists() and f"Kolumn {c}" in heard.read_text("utf-8")
            )
        # The module is handed one sentence at a time.
        lines = [line for line in heard.read_text("utf-8").splitlines() if "Kolumn" in line]
        assert [line.split(":")[0] for line in lines] == [
            "sv Kolumn 2",
            "sv Kolumn 3",
            "sv Kolumn 4",
        ]
        last = log.read_text("utf-8").splitlines()[-1]
        assert last.startswith(lines[-1].removeprefix("sv ")) and "uppvänt kort" in last
    finally:
        app.shutdown()
