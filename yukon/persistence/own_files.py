"""The game's own plain files (``yukon.lock``, ``yukon.log``): always a
regular file, never reached through a link, never opened blocking.

The JSON files follow links (players keep settings in dotfiles); these two
belong to the game alone. Whatever else stands at their name (a link,
even a dangling one, a FIFO, a device, a folder) is *set aside* like a
damaged JSON file, renamed to ``NAME.bad`` (or ``NAME.bad.1``...), and a
fresh regular file is made in its place. Nothing is ever created through a
link, and a FIFO without a reader cannot stall the game.

New files get ``FILE_MODE`` (less the umask), like the JSON files.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path

# The mode of every file the game creates (the umask takes its share).
FILE_MODE = 0o644

_O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_O_NOCTTY = getattr(os, "O_NOCTTY", 0)
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_O_BINARY = getattr(os, "O_BINARY", 0)
# What opening without following or blocking says of a name that is not a
# regular file: a link (ELOOP; EMLINK on BSD), a FIFO without a reader
# (ENXIO), a folder (EISDIR).
_NOT_A_FILE = frozenset({errno.ELOOP, errno.EMLINK, errno.ENXIO, errno.EISDIR})
_ATTEMPTS = 5


class NotAFile(OSError):
    """Something other than a regular file keeps coming back at a name."""


def open_regular(path: Path, flags: int, mode: int = FILE_MODE) -> tuple[int, list[Path]]:
    """A descriptor of the regular file at ``path``, made with ``mode`` if
    missing, opened with ``flags`` (``os.O_RDWR``, ``os.O_WRONLY |
    os.O_APPEND``...), and the names anything else there was set aside as.

    Raises ``OSError`` when the file cannot be opened or made (or the thing
    in its place cannot be moved away).
    """
    moved: list[Path] = []
    wanted = flags | os.O_CREAT | _O_NOFOLLOW | _O_NONBLOCK | _O_NOCTTY | _O_CLOEXEC | _O_BINARY
    for _ in range(_ATTEMPTS):
        with contextlib.suppress(FileNotFoundError):
            if not stat.S_ISREG(os.lstat(path).st_mode):
                moved += _set_aside(path)
                continue
        try:
            fd = os.open(path, wanted, mode)
        except OSError as error:
            if error.errno not in _NOT_A_FILE:
                raise
            moved += _set_aside(path)
            continue
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return fd, moved
        os.close(fd)  # swapped for something else between the look and the open
        moved += _set_aside(path)
    raise NotAFile(errno.EEXIST, "not a regular file", os.fspath(path))


def free_bad_name(path: Path) -> Path:
    """``NAME.bad``, or the first free ``NAME.bad.N``: an earlier bad file is
    never overwritten."""
    candidate = path.with_name(path.name + ".bad")
    number = 0
    while candidate.exists() or candidate.is_symlink():
        number += 1
        candidate = path.with_name(f"{path.name}.bad.{number}")
    return candidate


def _set_aside(path: Path) -> list[Path]:
    """Rename what is at ``path`` to a free ``.bad`` name; [] if it had gone."""
    kept = free_bad_name(path)
    try:
        os.replace(path, kept)
    except FileNotFoundError:
        return []  # someone else moved it first
    return [kept]
