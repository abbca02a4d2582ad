"""Sound effects, synthesised in code: no sound files ship with the game.

Each effect is a short sum of decaying tones and filtered noise, computed
once into a PCM buffer for the mixer's own format (the stdlib ``array``
module, no numpy). The mixer is opened on a background thread, so a machine
whose audio system is slow to answer or missing never delays the start:
until it is ready, and for good when there is no audio device, ``play`` is
silent and does nothing else. A device left without a sound for a few
seconds is closed, and opened again by the next sound (see ``SoundPlayer``).

>>> samples = synthesise(Effect.DROP, 8000)
>>> 0 < len(samples) < 8000 and max(abs(s) for s in samples) <= 1.0
True
"""

from __future__ import annotations

import enum
import logging
import math
import os
import queue
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
# Seconds without a sound after which the audio device is closed: while it
# is open SDL's audio thread wakes tens of times a second, even in silence.
LINGER = 5.0
# Seconds before looking again at a device due to close while a sound plays.
STILL_PLAYING = 0.25
# The mixer's format asked for: rate, sample size (signed 16 bits), channels.
ASKED = (RATE, -16, 2)
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
        pygame.mixer.init(*ASKED, buffer=512)
    except (pygame.error, NotImplementedError) as error:  # no device, or no mixer built in
        log.info("no sound: %s", error)
        return None
    return pygame.mixer.get_init()


def close_mixer() -> None:
    """Close the audio device (SDL's audio thread ends with it)."""
    pygame.mixer.quit()


def mixer_busy() -> bool:
    """Whether a sound is still playing."""
    return bool(pygame.mixer.get_init()) and bool(pygame.mixer.get_busy())


def make_sound(data: bytes) -> Any:
    """A playable sound of raw PCM in the open mixer's format."""
    return pygame.mixer.Sound(buffer=data)


class SoundPlayer:
    """Plays the effects at the chosen volume, or nothing when sound is off
    or the machine has no audio device.

    ``start`` prepares the sounds and opens the device once, to learn
    whether there is one, on a thread of its own. An open device keeps
    SDL's audio thread waking tens of times a second, so after ``LINGER``
    seconds without a sound (``update``'s time) the device is closed, and
    the next sound opens it again on that thread (a few milliseconds; the
    sound is heard once it is open). Every use of the device goes through
    that thread or holds ``_lock``: the game's loop never waits for it.
    ``open_device``, ``close_device``, ``busy`` and ``make_sound`` are
    injected so tests need no real device.
    """

    def __init__(
        self,
        *,
        enabled: bool = True,
        volume: int = 70,
        open_device: Callable[[], tuple[int, int, int] | None] = open_mixer,
        close_device: Callable[[], None] = close_mixer,
        busy: Callable[[], bool] = mixer_busy,
        make_sound: Callable[[bytes], Any] = make_sound,
    ) -> None:
        self.enabled = enabled
        self.volume = volume
        self._open_device = open_device
        self._close_device = close_device
        self._busy = busy
        self._make_sound = make_sound
        self._format: tuple[int, int, int] | None = None  # the device's, as last opened
        self._pcm: dict[Effect, bytes] = {}  # each effect in that format
        self._sounds: dict[Effect, Any] = {}  # while the device is open
        self._open = False
        self._closing = False  # a close is on its way to the thread
        self._quiet = LINGER  # seconds since the last sound: none yet
        self._ready = threading.Event()  # ``start``'s preparation is over
        self._lock = threading.Lock()  # held around every use of the device
        self._jobs: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self._done = threading.Condition()
        self._pending = 0  # jobs given to the thread and not finished
        self._thread: threading.Thread | None = None
        #: Whether an audio device was found (None: not known yet).
        self.available: bool | None = None

    @property
    def device_open(self) -> bool:
        """Whether the audio device is open now."""
        return self._open

    def start(self) -> None:
        """Prepare the sounds and look for the device in the background;
        returns at once."""
        if self._thread is None:
            if self._open_device is open_mixer:
                choose_audio_drivers()
            self._thread = threading.Thread(target=self._work, name="sound", daemon=True)
            self._thread.start()
            self._submit(self._prepare)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the thread has done all it was given (tests, the end
        of a run); at once when it never started."""
        with self._done:
            return self._done.wait_for(lambda: self._pending == 0, timeout)

    def _submit(self, job: Callable[[], None]) -> None:
        with self._done:
            self._pending += 1
        self._jobs.put(job)

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            try:
                job()
            except pygame.error as error:  # the device went away meanwhile
                log.info("no sound: %s", error)
                self._lost()
            finally:
                with self._done:
                    self._pending -= 1
                    self._done.notify_all()

    def _prepare(self) -> None:
        try:
            # The effects for the format asked for (the one nearly every
            # device gives), computed before the device is opened: it stays
            # open no longer than it takes to make the sounds.
            self._compute(ASKED)
            with self._lock:
                self.available = self._open_now()
        finally:
            self._ready.set()

    def _compute(self, mixer: tuple[int, int, int]) -> None:
        """Each effect as PCM in the mixer's format (rate, size, channels),
        unless done for it already; none for a format not handled."""
        if mixer == self._format:
            return
        self._format, self._pcm = mixer, {}
        rate, size, channels = mixer
        for effect in Effect:
            data = pcm(resample(synthesise(effect, RATE), RATE, rate), size, channels)
            if data is None:
                log.info("no sound: mixer format %s not handled", size)
                self._pcm.clear()
                break
            self._pcm[effect] = data

    def _open_now(self) -> bool:
        """Open the device and make the sounds for its format (``_lock``
        held); False when there is no device or no format handled."""
        mixer = self._open_device()
        if mixer is None:
            self._sounds.clear()
            return False
        self._open = True
        self._compute(mixer)
        self._sounds = {effect: self._make_sound(data) for effect, data in self._pcm.items()}
        self._apply_volume()
        return bool(self._sounds)

    def _lost(self) -> None:
        """The device failed: the game goes on silent."""
        self._sounds.clear()
        self.available = False
        self._ready.set()

    def configure(self, *, enabled: bool, volume: int) -> None:
        """The Sound setting: on or off, and the volume (0-100)."""
        self.enabled = enabled
        self.volume = max(0, min(MAX_VOLUME, volume))
        if not (self.enabled and self.volume):
            self._quiet = LINGER  # nothing will play: the device may close
        if self._lock.acquire(blocking=False):
            try:
                self._apply_volume()
            finally:
                self._lock.release()
        else:  # the thread is opening or closing the device: after that
            self._submit(self._volume_job)

    def _volume_job(self) -> None:
        with self._lock:
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
        """Play ``effect``; False when it is silent (off, no device, not
        ready). With the device closed it is opened first, on the thread."""
        if not (self.enabled and self.volume and self._ready.is_set() and self.available):
            return False
        self._quiet = 0.0
        if self._lock.acquire(blocking=False):
            try:
                if self._open:
                    return self._play_now(effect)
            finally:
                self._lock.release()
        self._submit(lambda: self._play_job(effect))
        return True

    def _play_job(self, effect: Effect) -> None:
        with self._lock:
            if self._open or self._open_now():
                self._play_now(effect)
            else:
                self._lost()

    def _play_now(self, effect: Effect) -> bool:
        sound = self._sounds.get(effect)
        if sound is None:
            return False
        try:
            sound.play()
        except pygame.error:
            return False
        return True

    def update(self, dt: float) -> None:
        """Time passes (the loop's updates): after ``LINGER`` seconds
        without a sound, once the last one ended, the device closes."""
        self._quiet += dt
        if not self._open or self._closing or self._quiet < LINGER:
            return
        if self._lock.acquire(blocking=False):  # else the thread is busy with it: later
            try:
                if self._busy():
                    return
            finally:
                self._lock.release()
            self._closing = True
            self._submit(self._close_job)

    def due_in(self) -> float:
        """Seconds until ``update`` should look at the device again: when
        it may close, or soon while a long sound still plays (inf: it is
        closed, or closing)."""
        if not self._open or self._closing:
            return math.inf
        return LINGER - self._quiet if self._quiet < LINGER else STILL_PLAYING

    def _close_job(self) -> None:
        try:
            with self._lock:
                if self._open and self._quiet >= LINGER and not self._busy():
                    self._sounds.clear()
                    self._open = False
                    self._close_device()
        finally:
            self._closing = False
