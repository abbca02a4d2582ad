"""Sleeping at rest until the player does something, at no cost.

``pygame.event.wait(timeout)`` looks for events every millisecond: asleep
a whole second it used about 3 % of a core, more than the paced loop it
would replace. Under X11 the window system's events all come through one
connection, so the game sleeps in ``select`` on it, woken by the first
event; elsewhere (and if that connection cannot be found) it naps in
short steps, looking at SDL's queue between them.
"""

from __future__ import annotations

import select
import time
from collections.abc import Callable
from typing import Any

# Between two looks at the queue where the game cannot sleep on the window
# system's connection: as quick to answer as the frugal pace of old.
NAP_SECONDS = 1 / 24

__all__ = ["NAP_SECONDS", "Rest", "x11_connection"]


def x11_connection(pg: Any) -> int | None:
    """The file descriptor of SDL's X11 connection, or None (another
    video driver, or no way to ask Xlib for it)."""
    try:
        if pg.display.get_driver() != "x11":
            return None
        import ctypes

        capsule = pg.display.get_wm_info()["display"]
        pointer = ctypes.pythonapi.PyCapsule_GetPointer
        pointer.restype = ctypes.c_void_p
        pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
        display = pointer(capsule, b"display")
        xlib = ctypes.CDLL("libX11.so.6")  # already loaded by SDL: the same library
        xlib.XConnectionNumber.restype = ctypes.c_int
        xlib.XConnectionNumber.argtypes = [ctypes.c_void_p]
        number = int(xlib.XConnectionNumber(display))
    except Exception:  # no capsule, no Xlib: nap instead
        return None
    return number if number >= 0 else None


class Rest:
    """``wait(seconds)`` returns after ``seconds``, or sooner once an event
    may be waiting (then ``pygame.event.get`` takes it). ``connection``:
    a descriptor that becomes readable when events come (see
    ``x11_connection``), None to nap; ``sleep`` and ``clock`` for tests."""

    def __init__(
        self,
        pg: Any,
        connection: int | None,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._pg = pg
        self._connection = connection
        self._sleep = sleep
        self._clock = clock

    def wait(self, seconds: float) -> None:
        pg = self._pg
        pg.event.pump()  # what already came is in SDL's queue, not on the connection
        if pg.event.peek():
            return
        if self._connection is not None:
            try:
                select.select([self._connection], [], [], seconds)
                return
            except (OSError, ValueError):  # the connection went: nap from now on
                self._connection = None
        end = self._clock() + seconds
        while (left := end - self._clock()) > 0:
            self._sleep(min(NAP_SECONDS, left))
            pg.event.pump()
            if pg.event.peek():
                return
