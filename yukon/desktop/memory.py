"""Giving the memory freed by a resize, or by a dialog closed, back to the system.

A window's worth of pixels is freed whenever the window changes size, but
the C allocator keeps freed memory for reuse: after a drag of the window's
corner (dozens of sizes, each with its full-window surfaces) the game held
three times the memory it needed. And a dialog closed is not freed at
once: its buttons call its own methods, a reference cycle that only
Python's cycle collector frees, at a time of its choosing; Help closed
after a resize to 3840x2160 kept its 96 MB page and 32 MB of its panel
that way, long after (the "130 MB left after a resize storm"). Once a
resize has settled, or a dialog was closed, ``give_back`` collects such
cycles and then asks the allocator to return what is free (glibc's
``malloc_trim``, on Linux; elsewhere, or if it cannot be found, only the
collection is done).

>>> give_back() in (True, False)
True
"""

from __future__ import annotations

import ctypes
import gc
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
    """Free what only the cycle collector frees (some tens of milliseconds:
    done when nothing moves), then return freed memory to the system;
    whether the allocator could."""
    gc.collect()
    trim = _malloc_trim()
    return bool(trim(0)) if trim is not None else False
