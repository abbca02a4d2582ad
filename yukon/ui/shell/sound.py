"""Sound effects, synthesised in code: no sound files ship with the game.

Each effect is a short sum of decaying tones and filtered noise, computed
once into a PCM buffer for the mixer's own format (the stdlib ``array``
module, no numpy). The mixer is opened on a background thread, so a machine
whose audio system is slow to answer or missing never delays the start:
until it is ready, and for good when there is no audio device, ``play`` is
silent and does nothing else.

>>> samples = synthesise(Effect.DROP, 8000)
>>> 0 < len(samples) < 8000 and max(abs(s) for s in samples) <= 1.0
True
"""

from __future__ import annotations

import enum
import logging
import math
import os
import random
import sys
import threading
from array import array
from collections.abc import Callable, Mapping, MutableMapping
from typing import Any

import pygame

from yukon.session.events import Event, Happening

log = logging.getLogger(__name__)

# The rate the mixer is asked for and the effects are computed at: their
# tones stay far below its 11 kHz limit, and it halves the work at start. A
# mixer that insists on another rate gets them resampled.
RATE = 22050
MAX_VOLUME = 100
# The loudest an effect is synthesised (full scale would clip when two mix).
PEAK = 0.6
# Where Linux lists its sound cards, and the audio drivers SDL is left to try
# when it lists none: the sound servers (silent when there is none), not ALSA,
# whose library prints eight lines of complaints on the terminal.
ALSA_CARDS = "/proc/asound/cards"
SOUND_SERVERS = "pipewire,pulseaudio"


class Effect(enum.Enum):
    """What happened on the table, each with its own sound."""

    PICK_UP = "pick up"
    DROP = "drop"
    FLIP = "flip"
    FOUNDATION = "foundation"
    REFUSED = "refused"
    UNDO = "undo"
    WIN = "win"


def _envelope(t: float, attack: float, decay: float) -> float:
    """A quick rise then an exponential fall: a plucked or struck sound."""
    rise = min(1.0, t / attack) if attack > 0 else 1.0
    return rise * math.exp(-t / decay)


def _bell(t: float, freq: float, decay: float) -> float:
    """A soft bell: the fundamental with a quieter octave and twelfth."""
    two_pi_t = 2 * math.pi * t
    tone = (
        math.sin(two_pi_t * freq)
        + 0.35 * math.sin(two_pi_t * freq * 2)
        + 0.12 * math.sin(two_pi_t * freq * 3)
    )
    return tone / 1.47 * _envelope(t, 0.004, decay)


def _noise(count: int, rate: int, cutoff: float, seed: int) -> list[float]:
    """White noise through a one-pole low-pass at ``cutoff`` Hz: the rustle
    of card on card (a fixed seed: the same sound every time)."""
    source = random.Random(seed)
    alpha = 1 - math.exp(-2 * math.pi * cutoff / rate)
    out, level = [], 0.0
    for _ in range(count):
        level += alpha * (source.uniform(-1, 1) - level)
        out.append(level)
    peak = max((abs(s) for s in out), default=0.0) or 1.0
    return [s / peak for s in out]


def _swish(rate: int, seconds: float, cutoff: float, attack: float, seed: int) -> list[float]:
    count = round(rate * seconds)
    noise = _noise(count, rate, cutoff, seed)
    return [n * _envelope(i / rate, attack, seconds / 4) for i, n in enumerate(noise)]


def _thud(rate: int) -> list[float]:
    """A card laid down: a short low knock under a little rustle."""
    count = round(rate * 0.09)
    rustle = _noise(count, rate, 2500, 7)
    out = []
    for i in range(count):
        t = i / rate
        knock = math.sin(2 * math.pi * 150 * t) * _envelope(t, 0.002, 0.018)
        out.append(0.7 * knock + 0.35 * rustle[i] * _envelope(t, 0.001, 0.012))
    return out


def _notes(rate: int, notes: list[tuple[float, float, float]], decay: float) -> list[float]:
    """Bell notes ``(start s, frequency Hz, loudness)`` mixed together."""
    ring = round(rate * decay * 5)  # by then a note has faded to under 1 %
    out = [0.0] * (round(rate * max(start for start, _, _ in notes)) + ring)
    for start, freq, loudness in notes:
        first = round(start * rate)
        for i in range(ring):
            out[first + i] += loudness * _bell(i / rate, freq, decay)
    return out


def _refused(rate: int) -> list[float]:
    """Two low, soft notes falling: "not there"."""
    out: list[float] = []
    for freq in (330.0, 262.0):
        count = round(rate * 0.09)
        for i in range(count):
            t = i / rate
            tone = math.sin(2 * math.pi * freq * t) + 0.2 * math.sin(2 * math.pi * freq * 3 * t)
            out.append(tone * _envelope(t, 0.005, 0.04))
    return out


def _glide(rate: int) -> list[float]:
    """Undo: a quick falling whistle over a rustle, a move taken back."""
    count = round(rate * 0.12)
    rustle = _noise(count, rate, 1800, 11)
    out, phase = [], 0.0
    for i in range(count):
        t = i / rate
        freq = 720 - 2600 * t
        phase += 2 * math.pi * freq / rate
        out.append((0.5 * math.sin(phase) + 0.4 * rustle[i]) * _envelope(t, 0.006, 0.04))
    return out


_MAKERS: dict[Effect, Callable[[int], list[float]]] = {
    Effect.PICK_UP: lambda rate: _swish(rate, 0.06, 4200, 0.004, 3),
    Effect.DROP: _thud,
    Effect.FLIP: lambda rate: _swish(rate, 0.09, 6000, 0.02, 5),
    Effect.FOUNDATION: lambda rate: _notes(rate, [(0.0, 988.0, 0.8), (0.06, 1319.0, 0.6)], 0.07),
    Effect.REFUSED: _refused,
    Effect.UNDO: _glide,
    Effect.WIN: lambda rate: _notes(
        rate,
        [(0.0, 523.3, 0.7), (0.12, 659.3, 0.7), (0.24, 784.0, 0.7), (0.36, 1046.5, 0.9)],
        0.12,
    ),
}


# What the player hears for each thing that happens on the table.
EFFECTS: dict[Happening, Effect] = {
    Happening.PICKED_UP: Effect.PICK_UP,
    Happening.MOVED: Effect.DROP,
    Happening.TURNED_OVER: Effect.FLIP,
    Happening.TO_FOUNDATION: Effect.FOUNDATION,
    Happening.REFUSED: Effect.REFUSED,
    Happening.UNDONE: Effect.UNDO,
    Happening.WON: Effect.WIN,
}


def synthesise(effect: Effect, rate: int = RATE) -> list[float]:
    """The samples of ``effect`` at ``rate`` Hz, mono, peaking at ``PEAK``."""
    samples = _MAKERS[effect](rate)
    peak = max((abs(s) for s in samples), default=0.0) or 1.0
    fade = min(len(samples), round(rate * 0.005))  # no click at the end
    out = [s * PEAK / peak for s in samples]
    for i in range(fade):
        out[-1 - i] *= i / fade
    return out


def resample(samples: list[float], rate: int, to: int) -> list[float]:
    """``samples`` at ``rate`` Hz as ``to`` Hz, by linear interpolation."""
    if rate == to or not samples:
        return list(samples)
    step = rate / to
    last = len(samples) - 1
    out = []
    for i in range(int(last / step) + 1):
        x = i * step
        j = int(x)
        nxt = samples[min(j + 1, last)]
        out.append(samples[j] + (nxt - samples[j]) * (x - j))
    return out


def pcm(samples: list[float], size: int, channels: int) -> bytes | None:
    """``samples`` as raw PCM in the mixer's format (``size`` as
    ``pygame.mixer.get_init`` gives it), or None for a format not handled."""
    mono: array[Any]
    if size == -16:
        mono = array("h", [round(s * 32767) for s in samples])
    elif size == 32:
        mono = array("f", samples)
    elif size == 16:
        mono = array("H", [round(s * 32767) + 32768 for s in samples])
    else:
        return None
    data = _interleave(mono, channels)
    if sys.byteorder != "little":
        data.byteswap()
    return data.tobytes()


def _interleave(mono: array[Any], channels: int) -> array[Any]:
    """The same samples on every channel, frame by frame."""
    data = array(mono.typecode, bytes(mono.itemsize * len(mono) * channels))
    for channel in range(channels):
        data[channel::channels] = mono
    return data


def audio_drivers(environ: Mapping[str, str], cards: str | None, platform: str) -> str | None:
    """The audio drivers SDL should try (``SDL_AUDIODRIVER``), or None for
    its own choice. On Linux with no sound card (``cards``: the text of
    ``ALSA_CARDS``, None when there is no such file) only the sound servers
    are tried: ALSA has nothing to open, and would say so on stderr. A
    driver the player chose (``SDL_AUDIODRIVER`` set) is kept.

    >>> audio_drivers({}, " 0 [PCH    ]: HDA-Intel - HDA Intel PCH", "linux")
    >>> audio_drivers({}, "--- no soundcards ---", "linux")
    'pipewire,pulseaudio'
    >>> audio_drivers({"SDL_AUDIODRIVER": "alsa"}, None, "linux"), audio_drivers({}, None, "win32")
    (None, None)
    """
    if not platform.startswith("linux") or environ.get("SDL_AUDIODRIVER"):
        return None
    first_words = [line.split()[0] for line in (cards or "").splitlines() if line.strip()]
    if any(word.isdigit() for word in first_words):  # " 0 [PCH  ]: ...": a card
        return None
    return SOUND_SERVERS


def choose_audio_drivers(
    environ: MutableMapping[str, str] = os.environ, cards_file: str = ALSA_CARDS
) -> None:
    """Set ``SDL_AUDIODRIVER`` as ``audio_drivers`` says, before the mixer
    opens (on the main thread: SDL reads the environment on others)."""
    try:
        with open(cards_file, encoding="utf-8", errors="replace") as file:
            cards: str | None = file.read()
    except OSError:
        cards = None
    drivers = audio_drivers(environ, cards, sys.platform)
    if drivers is not None:
        environ["SDL_AUDIODRIVER"] = drivers


def open_mixer() -> tuple[int, int, int] | None:
    """Open the audio device: the mixer's (rate, size, channels), or None
    when there is none (no sound card, no audio system)."""
    try:
        pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
    except (pygame.error, NotImplementedError) as error:  # no device, or no mixer built in
        log.info("no sound: %s", error)
        return None
    return pygame.mixer.get_init()


class SoundPlayer:
    """Plays the effects at the chosen volume, or nothing when sound is off
    or the machine has no audio device.

    ``start`` opens the mixer and prepares the sounds on a thread of its
    own; ``open_device`` is injected so tests need no real device.
    """

    def __init__(
        self,
        *,
        enabled: bool = True,
        volume: int = 70,
        open_device: Callable[[], tuple[int, int, int] | None] = open_mixer,
    ) -> None:
        self.enabled = enabled
        self.volume = volume
        self._open_device = open_device
        self._sounds: dict[Effect, pygame.mixer.Sound] = {}
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        #: Whether an audio device was found (None: not known yet).
        self.available: bool | None = None

    def start(self) -> None:
        """Open the device in the background; returns at once."""
        if self._thread is None:
            if self._open_device is open_mixer:
                choose_audio_drivers()
            self._thread = threading.Thread(target=self._prepare, name="sound", daemon=True)
            self._thread.start()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for ``start``'s work to end (tests, the end of a run); at
        once when it never started."""
        return self._thread is None or self._ready.wait(timeout)

    def _prepare(self) -> None:
        try:
            mixer = self._open_device()
            if mixer is not None:
                rate, size, channels = mixer
                for effect in Effect:
                    samples = resample(synthesise(effect, RATE), RATE, rate)
                    data = pcm(samples, size, channels)
                    if data is None:
                        log.info("no sound: mixer format %s not handled", size)
                        self._sounds.clear()
                        break
                    self._sounds[effect] = pygame.mixer.Sound(buffer=data)
            self.available = bool(self._sounds)
            self._apply_volume()
        except pygame.error as error:  # the device went away meanwhile
            log.info("no sound: %s", error)
            self._sounds.clear()
            self.available = False
        finally:
            self._ready.set()

    def configure(self, *, enabled: bool, volume: int) -> None:
        """The Sound setting: on or off, and the volume (0-100)."""
        self.enabled = enabled
        self.volume = max(0, min(MAX_VOLUME, volume))
        if self._ready.is_set():
            self._apply_volume()

    def _apply_volume(self) -> None:
        for sound in self._sounds.values():
            sound.set_volume(self.volume / MAX_VOLUME)

    def hear(self, event: Event) -> None:
        """A session or table event: its effect, if it has one."""
        effect = EFFECTS.get(event.kind)
        if effect is not None:
            self.play(effect)

    def play(self, effect: Effect) -> bool:
        """Play ``effect``; False when it is silent (off, no device, not ready)."""
        if not (self.enabled and self.volume and self._ready.is_set()):
            return False
        sound = self._sounds.get(effect)
        if sound is None:
            return False
        try:
            sound.play()
        except pygame.error:
            return False
        return True
