"""``yukon.lock``: one running copy of the game writes a data folder.

The lock is an exclusive, non-blocking lock on a regular file (see
``own_files``: a folder, FIFO or link in its place is set aside first). The
system drops it when the process ends, even when it is killed.

A lock is only worth something while its file is still the one at the
name: if the file, or the whole folder, is deleted under a running copy, a
second copy would make a new file, lock it and write too. So ``held``
compares the locked file with what the name holds now, and the store asks
before every write.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from pathlib import Path

from yukon.persistence.own_files import open_regular

LOCK_NAME = "yukon.lock"
_ATTEMPTS = 5


class HeldByAnother(Exception):
    """Another running copy of the game holds the lock."""


class DirectoryLock:
    """The lock on ``directory / LOCK_NAME``, taken by ``acquire``."""

    def __init__(self, directory: Path) -> None:
        self.path = directory / LOCK_NAME
        self._fd: int | None = None
        self.set_aside: list[Path] = []  # what stood in the lock's place

    def acquire(self) -> None:
        """Make the folder and the file as needed and lock it.

        Raises ``HeldByAnother``, or ``OSError`` where no lock can be taken
        (the folder cannot be made, a file system without locks).
        """
        if self._fd is not None:
            return
        for _ in range(_ATTEMPTS):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = self._open()
            try:
                _lock(fd)
            except OSError as error:
                os.close(fd)
                if _held_by_another(error):
                    raise HeldByAnother from error
                raise
            if _same_file(fd, self.path):
                self._fd = fd
                return
            os.close(fd)  # the name was given to another file meanwhile: again
        raise OSError(errno.EBUSY, "the lock file keeps changing", os.fspath(self.path))

    def held(self) -> bool:
        """Whether the lock is taken and its file is still the one at the name."""
        return self._fd is not None and _same_file(self._fd, self.path)

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                _lock(self._fd, lock=False)
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None

    def _open(self) -> int:
        try:
            fd, moved = open_regular(self.path, os.O_RDWR)
        except PermissionError:  # a lock file the player made read-only locks as well
            fd, moved = open_regular(self.path, os.O_RDONLY)
        self.set_aside += moved
        return fd


def _same_file(fd: int, path: Path) -> bool:
    try:
        now = os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    mine = os.fstat(fd)
    return (now.st_dev, now.st_ino) == (mine.st_dev, mine.st_ino)


def _lock(fd: int, *, lock: bool = True) -> None:
    """Lock ``fd``'s file for this process alone, without waiting, or with
    ``lock=False`` give the lock up at once (closing the file would too,
    but Windows may drop it only some time later). Raises ``OSError`` if
    that cannot be done."""
    if sys.platform == "win32":  # the form type checkers follow per platform
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK if lock else msvcrt.LK_UNLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB if lock else fcntl.LOCK_UN)


def _held_by_another(error: OSError) -> bool:
    """Whether a failed ``_lock`` means someone else holds the lock."""
    return isinstance(error, BlockingIOError) or error.errno in (
        errno.EACCES,
        errno.EAGAIN,
        errno.EDEADLK,
    )
