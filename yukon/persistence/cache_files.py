"""Small JSON files in the cache folder (``paths.cache_dir``): what the game
can find again but would rather not at every start (the platform's font,
which fontconfig takes tens of milliseconds to list).

A file missing, damaged, of another kind or another version reads as None,
and the game finds the answer again; one is written whole (readers see the
old or the new) without syncing: losing it costs one lookup. Where there is
no usable home folder, nothing is read or written.
"""

from __future__ import annotations

import contextlib
import json
import os
from typing import Any

from yukon.persistence.paths import cache_dir, unusable_home
from yukon.persistence.store import read_regular_file, write_atomic

MAX_BYTES = 1 << 16  # a few hundred bytes in truth: anything longer is not ours


def read_cached(name: str, kind: str, version: int) -> dict[str, Any] | None:
    """The payload kept as ``name``, if it is a ``kind`` file of ``version``."""
    if unusable_home() is not None:
        return None
    try:
        raw = read_regular_file(cache_dir() / name, MAX_BYTES + 1)
    except OSError:  # none there, unreadable, or not a regular file
        return None
    try:
        data = json.loads(raw) if len(raw) <= MAX_BYTES else None
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("format") != kind or data.get("version") != version:
        return None
    payload = data.get("payload")
    return payload if isinstance(payload, dict) else None


def write_cached(name: str, kind: str, version: int, payload: dict[str, Any]) -> bool:
    """Keep ``payload`` as ``name``; whether it could be written."""
    if unusable_home() is not None:
        return False
    content = json.dumps({"format": kind, "version": version, "payload": payload}).encode()
    path = cache_dir() / name
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, content, sync=False)
    except (OSError, ValueError):
        return False
    return True


def forget_cached(name: str) -> None:
    """Remove ``name``, if there: its answer no longer holds."""
    if unusable_home() is None:
        with contextlib.suppress(OSError):
            (cache_dir() / name).unlink()


def file_stamp(path: str) -> str:
    """A file as Python's own bytecode cache tells files apart: its size and
    time of change (reading it would cost more), for the key of something
    made from it. Raises ``OSError`` if it cannot be looked at."""
    info = os.stat(path)
    return f"{info.st_size}:{info.st_mtime_ns}"
