"""Sound: effects synthesised in code, silent and instant without a device."""

from __future__ import annotations

import dataclasses
import os
import sys
import threading
from pathlib import Path

import pygame
import pytest
from uikit import run_main

from yukon.ui.shell.sound import (
    ALSA_CARDS,
    PEAK,
    SOUND_SERVERS,
    Effect,
    SoundPlayer,
    audio_drivers,
    choose_audio_drivers,
    open_mixer,
    pcm,
    synthesise,
)


@pytest.mark.parametrize("effect", list(Effect))
def test_each_effect_is_short_loud_enough_and_never_clips(effect):
    samples = synthesise(effect, 22050)
    seconds = len(samples) / 22050
    assert 0.03 < seconds < (1.5 if effect is Effect.WIN else 0.6)
    assert max(abs(s) for s in samples) == pytest.approx(PEAK)
    assert abs(samples[-1]) < 0.01  # faded out: no click


def test_effects_differ_and_repeat_exactly():
    sounds = {effect: tuple(round(s, 4) for s in synthesise(effect, 8000)) for effect in Effect}
    assert len(set(sounds.values())) == len(Effect)
    assert synthesise(Effect.FLIP, 8000) == synthesise(Effect.FLIP, 8000)


def test_pcm_follows_the_mixer_format():
    samples = [0.0, 0.5, -0.5]
    assert len(pcm(samples, -16, 2) or b"") == 3 * 2 * 2
    assert len(pcm(samples, 32, 1) or b"") == 3 * 4
    assert pcm(samples, 8, 1) is None


def test_with_an_audio_device_every_effect_plays():
    # SDL's dummy audio driver (set for the tests) is a device that plays silence.
    player = SoundPlayer(volume=50)
    player.start()
    assert player.wait(10)
    try:
        assert player.available
        assert all(player.play(effect) for effect in Effect)
        player.configure(enabled=True, volume=0)
        assert not player.play(Effect.DROP)
        player.configure(enabled=False, volume=80)
        assert not player.play(Effect.DROP)
        player.configure(enabled=True, volume=80)
        assert player.play(Effect.WIN)
    finally:
        pygame.mixer.quit()


def test_without_an_audio_device_the_game_is_silent_and_nothing_fails(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    assert open_mixer() is None
    player = SoundPlayer()
    player.start()
    assert player.wait(10)
    assert player.available is False
    assert not any(player.play(effect) for effect in Effect)


def test_a_slow_audio_system_never_holds_up_the_start():
    answered = threading.Event()

    def slow_device():
        answered.wait(10)  # as long as the audio system takes
        return None

    player = SoundPlayer(open_device=slow_device)
    assert player.wait(0)  # nothing started: nothing to wait for
    player.start()  # returns at once
    assert not player.wait(0)
    assert not player.play(Effect.PICK_UP)  # silent meanwhile
    answered.set()
    assert player.wait(10) and player.available is False


def test_resampling_keeps_the_length_in_time_and_the_ends():
    from yukon.ui.shell.sound import resample

    samples = synthesise(Effect.DROP, 22050)
    doubled = resample(samples, 22050, 44100)
    assert abs(len(doubled) - 2 * len(samples)) <= 2
    assert doubled[0] == samples[0] and doubled[2] == samples[1]
    assert doubled[1] == pytest.approx((samples[0] + samples[1]) / 2)
    assert resample(samples, 22050, 22050) == samples


def test_the_game_plays_an_effect_for_each_thing_that_happens(monkeypatch):
    from yukon.session.events import Event, Happening
    from yukon.ui.shell.sound import EFFECTS

    played = []
    player = SoundPlayer()
    monkeypatch.setattr(player, "play", played.append)
    for kind in Happening:
        player.hear(Event(kind))
    assert played == [EFFECTS[kind] for kind in Happening if kind in EFFECTS]
    assert set(played) == set(Effect)


def test_the_app_sounds_the_table_and_follows_the_sound_setting(monkeypatch):
    from uikit import make_app

    from yukon.engine import Move

    app = make_app(code="YU1-C-AAAAAAB", volume=40)
    played = []
    monkeypatch.setattr(app.sound, "play", played.append)
    assert app.table.play(Move.parse("7:5>2"))
    assert played == [Effect.DROP, Effect.FLIP]
    assert not app.table.play(Move.parse("1:1>2"))
    assert played[-1] is Effect.REFUSED
    app.table.undo()
    assert played[-1] is Effect.UNDO
    app.session.update_settings(dataclasses.replace(app.session.settings, sound=False, volume=10))
    assert (app.sound.enabled, app.sound.volume) == (False, 10)


class FakeDevice:
    """An audio device the tests open and close: what was played, and how
    often it opened and closed."""

    def __init__(self) -> None:
        self.opened = 0
        self.closed = 0
        self.playing = False
        self.played: list[bytes] = []

    def open(self) -> tuple[int, int, int]:
        self.opened += 1
        return (22050, -16, 2)

    def close(self) -> None:
        self.closed += 1

    def busy(self) -> bool:
        return self.playing

    def sound(self, data: bytes):
        device = self

        class Sound:
            def play(self) -> None:
                device.played.append(data)

            def set_volume(self, volume: float) -> None:
                pass

        return Sound()

    def player(self) -> SoundPlayer:
        return SoundPlayer(
            open_device=self.open,
            close_device=self.close,
            busy=self.busy,
            make_sound=self.sound,
        )


def test_a_device_left_silent_closes_and_the_next_sound_opens_it_again():
    from yukon.ui.shell.sound import LINGER, STILL_PLAYING

    device = FakeDevice()
    player = device.player()
    player.start()
    assert player.wait(10) and player.available and device.opened == 1
    player.update(0.01)  # nothing played since the start: no need to keep it
    assert player.wait(10) and device.closed == 1 and not player.device_open
    assert player.due_in() == float("inf")
    assert player.play(Effect.DROP)  # heard once the device is open again
    assert player.wait(10) and device.opened == 2 and len(device.played) == 1
    assert player.play(Effect.FLIP) and len(device.played) == 2  # open: at once
    player.update(LINGER - 0.1)
    assert player.wait(10) and device.closed == 1 and player.due_in() == pytest.approx(0.1)
    device.playing = True  # a long sound still playing keeps it open
    player.update(1.0)
    assert player.wait(10) and device.closed == 1
    assert player.due_in() == STILL_PLAYING  # the loop looks again soon, not at once
    device.playing = False
    player.update(0.01)
    assert player.wait(10) and device.closed == 2 and not player.device_open


def test_sound_turned_off_lets_the_device_close_at_once():
    device = FakeDevice()
    player = device.player()
    player.start()
    assert player.wait(10)
    assert player.play(Effect.DROP) and player.wait(10)
    player.configure(enabled=False, volume=70)
    player.update(0.01)
    assert player.wait(10) and device.closed == 1
    assert not player.play(Effect.DROP) and device.opened == 1


def test_the_real_mixer_closes_at_rest_and_opens_for_the_next_sound():
    # SDL's dummy audio driver (set for the tests): a device that plays silence.
    from yukon.ui.shell.sound import LINGER

    player = SoundPlayer(volume=50)
    player.start()
    try:
        assert player.wait(10) and player.available
        player.update(LINGER)
        assert player.wait(10) and pygame.mixer.get_init() is None  # SDL's audio thread ended
        assert player.play(Effect.PICK_UP) and player.wait(10)
        assert pygame.mixer.get_init() is not None and player.device_open
    finally:
        pygame.mixer.quit()


def test_the_loop_keeps_the_time_that_closes_the_device(monkeypatch):
    from uikit import advance, make_app

    from yukon.ui.shell.sound import LINGER

    app = make_app(code="YU1-C-AAAAAAB")
    device = FakeDevice()
    app.sound = device.player()
    app.sound.start()
    assert app.sound.wait(10)
    assert app.sound.play(Effect.DROP) and app.sound.wait(10)
    advance(app, LINGER - 0.5)
    app.draw()  # the table as shown: nothing moves
    assert app.sound.due_in() == pytest.approx(0.5, abs=0.01)
    assert 0 < app.rest_seconds() <= app.sound.due_in()  # the rest wakes for it
    advance(app, 0.5)
    assert app.sound.wait(10) and device.closed == 1


@pytest.mark.parametrize(
    ("environ", "cards", "platform", "drivers"),
    [
        ({}, None, "linux", SOUND_SERVERS),  # no ALSA at all
        ({}, "--- no soundcards ---\n", "linux", SOUND_SERVERS),
        ({}, " 0 [PCH            ]: HDA-Intel - HDA Intel PCH\n", "linux", None),
        ({"SDL_AUDIODRIVER": "alsa"}, None, "linux", None),  # the player's choice
        ({}, None, "darwin", None),
        ({}, None, "win32", None),
    ],
    ids=["no ALSA", "no card", "a card", "chosen", "mac", "windows"],
)
def test_alsa_is_tried_only_where_linux_lists_a_sound_card(environ, cards, platform, drivers):
    assert audio_drivers(environ, cards, platform) == drivers


def test_the_drivers_are_chosen_from_the_cards_file(tmp_path, monkeypatch):
    monkeypatch.setattr("sys.platform", "linux")
    cards = tmp_path / "cards"
    cards.write_text("--- no soundcards ---\n")
    environ: dict[str, str] = {}
    choose_audio_drivers(environ, str(cards))
    assert environ == {"SDL_AUDIODRIVER": SOUND_SERVERS}
    cards.write_text(" 0 [USB            ]: USB-Audio - USB Audio\n")
    environ = {}
    choose_audio_drivers(environ, str(cards))
    assert environ == {}
    choose_audio_drivers(environ, str(tmp_path / "missing"))
    assert environ == {"SDL_AUDIODRIVER": SOUND_SERVERS}


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or Path(ALSA_CARDS).exists(),
    reason="a machine that has (or may have) a sound card",
)
def test_a_machine_without_a_sound_card_starts_silently(tmp_path):
    """No ALSA complaints on the terminal (they were eight lines at each start)."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env.update(SDL_VIDEODRIVER="dummy", YUKON_HOME=str(tmp_path))
    result = run_main("--frames", "30", env=env)
    assert result.returncode == 0, result.stderr
    assert "ALSA" not in result.stderr and result.stderr.strip() == ""
