"""Giving the memory freed by a resize back to the system.

A window's worth of pixels is freed whenever the window changes size, but
the C allocator keeps freed memory for reuse: after a drag of the window's
corner (dozens of sizes, each with its full-window surfaces) the game held
three times the memory it needed. Once a resize has settled, ``give_back``
asks the allocator to return what is free (glibc's ``malloc_trim``, on
Linux; elsewhere, or if it cannot be found, it does nothing).

>>> give_back() in (True, False)
True
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Callable
from functools import cache


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        trim: Callable[[int], int] = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):  # not glibc (musl has none)
        return None
    return trim


def give_back() -> bool:
    """Return freed memory to the system; whether the allocator could."""
    trim = _malloc_trim()
    return bool(trim(0)) if trim is not None else False
