"""The speaker: what is said, in what order, and what a new utterance cuts.

A player walking the cursor wants to hear where it is now, not where it was
three keys ago: a cursor step (``Urgency.STEP``) interrupts the step before
it. The result of a move must be heard whole: a result (``Urgency.RESULT``)
is never cut by the next step, which waits until the result has had the
time to be said, and is then replaced by any newer step while it waits.

The speaker estimates how long an utterance takes (speech engines do not
all say when they are done) from its length; the time comes from the
injected ``clock``. Every utterance sent is also appended to the log file,
one UTF-8 line each (``--speech-log``), for tests and bug reports.

>>> now = [0.0]
>>> heard = RecordingBackend()
>>> speaker = Speaker(heard, clock=lambda: now[0])
>>> speaker.say("column 1, seven of hearts"); speaker.say("column 2, empty")
>>> speaker.say("The seven of hearts to column 2.", Urgency.RESULT)
>>> speaker.say("column 3, ace of clubs"); speaker.say("column 4, king of spades")
>>> heard.spoken
['column 1, seven of hearts', 'column 2, empty', 'The seven of hearts to column 2.']
>>> now[0] = 5.0; speaker.update(); heard.spoken[-1], heard.interrupts[-1]
('column 4, king of spades', False)
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

# How fast a speech engine reads, for the time a result is left to be heard
# (screen reader users often read faster; a slow voice is not cut either:
# the next result queues behind it).
CHARACTERS_PER_SECOND = 14.0
PAUSE_SECONDS = 0.3


class Urgency(enum.Enum):
    STEP = "step"  # where the cursor is: the next step replaces it
    RESULT = "result"  # what a move did: heard whole


class Backend(Protocol):
    """Where the words go: a screen reader, a speech engine, or a test's list."""

    @property
    def live(self) -> bool | None:
        """Whether it speaks: None while it is still looking."""
        ...

    @property
    def readers_only(self) -> bool:
        """It speaks only through a screen reader, if one runs (Automatic):
        until one is found, nothing is said or written."""
        ...

    def start(self) -> None:
        """Begin to speak (the first update: after the first frame)."""
        ...

    def speak(self, text: str, interrupt: bool) -> None: ...

    def set_language(self, code: str) -> None: ...

    def problem(self) -> str | None:
        """Why nothing can be said (a catalogue message), once known."""
        ...

    def close(self) -> None: ...


class RecordingBackend:
    """Keeps what it is told to say, for tests (and when a test wants speech
    on without a speech engine)."""

    def __init__(self) -> None:
        self.spoken: list[str] = []
        self.interrupts: list[bool] = []
        self.language = ""
        self.live: bool | None = True
        self.readers_only = False

    def start(self) -> None:
        pass

    def speak(self, text: str, interrupt: bool) -> None:
        self.spoken.append(text)
        self.interrupts.append(interrupt)

    def set_language(self, code: str) -> None:
        self.language = code

    def problem(self) -> str | None:
        return None

    def close(self) -> None:
        pass


def speaking_seconds(text: str) -> float:
    """About how long ``text`` takes to say.

    >>> speaking_seconds("x" * 28)
    2.3
    """
    return round(PAUSE_SECONDS + len(text) / CHARACTERS_PER_SECOND, 3)


class Speaker:
    """Says utterances through ``backend`` (see the module doc); with no
    backend, or turned off, it says nothing and writes nothing."""

    def __init__(
        self,
        backend: Backend | None,
        clock: Callable[[], float],
        log: Path | None = None,
        on_problem: Callable[[str], None] | None = None,
    ) -> None:
        self.backend = backend
        self._clock = clock
        self._log = log
        self._on_problem = on_problem
        self._problem_told = False
        self._busy_until = 0.0  # when the last result will have been said
        self._waiting: str | None = None  # a step held behind a result
        self.last = ""  # the last utterance sent (Repeat says it again)

    @property
    def on(self) -> bool:
        return self.backend is not None

    @property
    def ready(self) -> bool:
        """Whether what is said now is heard (Automatic: once a screen
        reader was found)."""
        backend = self.backend
        return backend is not None and (not backend.readers_only or backend.live is True)

    def say(self, text: str, urgency: Urgency = Urgency.STEP) -> None:
        text = " ".join(text.split())  # one line, as the log keeps it
        if not text or not self.ready:
            return
        assert self.backend is not None
        now = self._clock()
        if urgency is Urgency.RESULT:
            self._waiting = None  # the result says where things are now
            busy = now < self._busy_until
            self._send(text, interrupt=not busy)
            self._busy_until = max(now, self._busy_until) + speaking_seconds(text)
        elif now < self._busy_until:
            self._waiting = text  # after the result, unless a newer step comes
        else:
            self._send(text, interrupt=True)

    def due_in(self) -> float:
        """Seconds until ``update`` has a held step to say (infinity: none),
        so a game at rest wakes for it."""
        if self.backend is None or self._waiting is None:
            return math.inf
        return max(0.0, self._busy_until - self._clock())

    def update(self) -> None:
        """Once a frame: a step held behind a result is said when the
        result is done; a backend that cannot speak is told about once."""
        if self.backend is None:
            return
        self.backend.start()
        if self._waiting is not None and self._clock() >= self._busy_until:
            text, self._waiting = self._waiting, None
            self._send(text, interrupt=False)
        if not self._problem_told and (problem := self.backend.problem()) is not None:
            self._problem_told = True
            if self._on_problem is not None:
                self._on_problem(problem)

    def set_language(self, code: str) -> None:
        if self.backend is not None:
            self.backend.set_language(code)

    def use(self, backend: Backend) -> None:
        """Speak through ``backend`` from now on (its problem told anew)."""
        self.close()
        self.backend = backend
        self._problem_told = False

    def close(self) -> None:
        if self.backend is not None:
            self.backend.close()
            self.backend = None
        self._waiting = None

    def _send(self, text: str, *, interrupt: bool) -> None:
        assert self.backend is not None
        self.last = text
        self.backend.speak(text, interrupt)
        if self._log is not None:
            try:
                with self._log.open("a", encoding="utf-8") as log:
                    log.write(text + "\n")
            except OSError:
                self._log = None  # a log that cannot be written is no reason to stop
