"""Speech through the player's own screen reader or speech engine.

The library (``prismatoid``, imported as ``prism``; see pyproject.toml for
why it) finds what the system has: NVDA, JAWS or Narrator's voices on
Windows, VoiceOver on a Mac, Orca or Speech Dispatcher on Linux. It is
imported, and every call made, on a thread of its own, started with the
first update (after the first frame is on screen): the game starts as fast
without it, and a speech engine that hangs never freezes the window.
What it cannot do becomes one notice (``problem``) and silence, never a crash.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from typing import Any

from yukon.i18n.translator import N_

NO_LIBRARY = N_(
    "Speech is on, but the speech library is not installed: the game plays on without speech."
)
NO_VOICE = N_(
    "Speech is on, but no screen reader or speech engine answered: "
    "the game plays on without speech."
)
ANSWER_SECONDS = 10.0  # a speech engine silent for longer than this is given up on
# The library's screen readers: Automatic speaks only when one of them runs.
SCREEN_READERS = frozenset(
    {"NVDA", "JAWS", "ORCA", "VOICE_OVER", "ZDSR", "ZOOM_TEXT", "SYSTEM_ACCESS"}
    | {"WINDOW_EYES", "PC_TALKER", "BOY_PC_READER", "SENSE_READER", "SPIEL"}
    | {"ANDROID_SCREEN_READER"}
)


class SystemSpeech:
    """A ``Backend`` over the speech library. ``readers_only``: speak only
    through a running screen reader (the Automatic setting), else through
    the best the system has. ``live`` is None until the thread knows."""

    def __init__(
        self, *, readers_only: bool = False, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.readers_only = readers_only
        self._clock = clock
        self._started: float | None = None
        self._wake = threading.Condition()
        self._queue: list[tuple[str, bool]] = []
        self._language: str | None = None
        self._closed = False
        self._problem: str | None = None
        self.live: bool | None = None
        self.name = ""  # the screen reader's or engine's name, once found
        self._thread = threading.Thread(target=self._run, name="speech", daemon=True)

    def start(self) -> None:
        """Load the library and find the voice, on the thread (once)."""
        if self._started is None:
            self._started = self._clock()
            self._thread.start()

    # ------------------------------------------------------------ the game's side

    def speak(self, text: str, interrupt: bool) -> None:
        if self.live is False:
            return  # nobody to say it to: nothing piles up
        with self._wake:
            if interrupt:
                self._queue.clear()  # not said yet, and already stale
            self._queue.append((text, interrupt))
            self._wake.notify()

    def set_language(self, code: str) -> None:
        with self._wake:
            self._language = code
            self._wake.notify()

    def problem(self) -> str | None:
        waiting = self._problem is None and self.live is None and not self.readers_only
        started = self._started
        if waiting and started is not None and self._clock() - started > ANSWER_SECONDS:
            self._problem = NO_VOICE
        return self._problem

    def close(self) -> None:
        with self._wake:
            self._closed = True
            self._wake.notify()

    # ------------------------------------------------------------ the thread's side

    def _run(self) -> None:
        try:
            import prism  # type: ignore[import-untyped]
        except Exception:  # not installed, or its native part will not load here
            self._give_up(NO_LIBRARY)
            return
        try:
            backend = self._choose(prism)
        except Exception:
            backend = None
        if backend is None:
            self._give_up(None if self.readers_only else NO_VOICE)
            return
        self.live = True
        self._serve(backend, prism)

    def _give_up(self, problem: str | None) -> None:
        self.live = False
        if self._problem is None:
            self._problem = problem

    def _choose(self, prism: Any) -> Any:
        """The running screen reader, else (unless ``readers_only``) the
        best speech engine there is."""
        context = prism.Context()
        self._context = context  # the backends live as long as their context
        readers = [getattr(prism.BackendId, name, None) for name in sorted(SCREEN_READERS)]
        for backend_id in readers:
            if backend_id is None or not context.exists(backend_id):
                continue
            try:
                backend = context.create(backend_id)
            except Exception:
                continue  # that reader is not running
            self.name = backend.name
            return backend
        if self.readers_only:
            return None
        backend = context.create_best()
        self.name = backend.name
        return backend

    def _serve(self, backend: Any, prism: Any) -> None:
        while True:
            with self._wake:
                while not self._queue and self._language is None and not self._closed:
                    self._wake.wait()
                if self._closed:
                    return
                items, self._queue = self._queue, []
                language, self._language = self._language, None
            if language is not None:
                _choose_voice(backend, language, self.name)
            for text, interrupt in items:
                # Speech, and braille where there is a display; an utterance
                # the engine refuses is lost, and the next may go through.
                with contextlib.suppress(prism.PrismError):
                    backend.output(text, interrupt)


def _choose_voice(backend: Any, code: str, name: str) -> None:
    """A speech engine's first voice in the game's language. A screen
    reader keeps the voice its player chose."""
    if name.upper().replace(" ", "_") in SCREEN_READERS:
        return
    try:
        for index in range(backend.voices_count):
            language = backend.get_voice_language(index).lower().replace("_", "-")
            if language == code or language.startswith(code + "-"):
                backend.voice = index
                return
    except Exception:
        return  # the engine cannot list its voices: its own voice it is
