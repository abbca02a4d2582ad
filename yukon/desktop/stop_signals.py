"""The ordinary ways of telling the game to end from outside its window.

Ctrl+C (SIGINT), SIGTERM, SIGHUP (the terminal closed) and Ctrl+\\
(SIGQUIT) each become a request to quit: the loop sees it at its next
frame and ends as if the window had been closed, with the final save and
exit status 0. Without this, Ctrl+C ended with a traceback, SIGHUP without
the final save, and SIGQUIT as pygame's segmentation-fault report.

The handler only records the signal (nothing else is safe in a signal
handler). Installed before SDL starts, it also keeps SDL and pygame from
putting their own handlers there. A signal the game was started with
ignored (``nohup``, a background job of a script) stays ignored.

>>> stop = StopRequests()
>>> stop.requested
False
>>> stop.handle(2)
>>> stop.requested, stop.received
(True, 2)
"""

from __future__ import annotations

import signal
import threading

# Heard before anything heavy is loaded (``yukon.__main__``): ``typing``
# alone costs as much as the rest of this module, and only the checker reads it.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import FrameType
    from typing import Any

# Each signal by name: not every platform has them all (Windows has SIGINT
# and SIGTERM only).
SIGNAL_NAMES = ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT")


def stop_signals() -> list[signal.Signals]:
    """The signals this platform has of ``SIGNAL_NAMES``."""
    return [getattr(signal, name) for name in SIGNAL_NAMES if hasattr(signal, name)]


class StopRequests:
    """Whether a signal asked the game to quit; ``install`` hears them."""

    def __init__(self) -> None:
        self.received: int | None = None
        self._previous: dict[signal.Signals, Any] = {}

    @property
    def requested(self) -> bool:
        return self.received is not None

    def handle(self, signum: int, frame: FrameType | None = None) -> None:
        """What each signal does: ask the loop to quit."""
        self.received = signum

    def install(self) -> None:
        """Hear the stop signals from now on (main thread only; elsewhere,
        or where a signal is ignored, nothing changes)."""
        if threading.current_thread() is not threading.main_thread():
            return
        for number in stop_signals():
            current = signal.getsignal(number)
            if current is signal.SIG_IGN or number in self._previous:
                continue
            self._previous[number] = current
            signal.signal(number, self.handle)

    def restore(self) -> None:
        """Give each signal back the handler it had (the system's default
        where it had one not set from Python)."""
        for number, previous in self._previous.items():
            signal.signal(number, signal.SIG_DFL if previous is None else previous)
        self._previous.clear()
