"""yukon.log's file: a rotating log of the game's own (see ``crashlog``).

Loaded with the first record the log is given (most runs give none), so the
start does without ``logging.handlers`` and what it brings (sockets, pickle).
"""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

from yukon.persistence.own_files import FILE_MODE, open_regular


class RotatingLog(logging.handlers.RotatingFileHandler):
    """A rotating log that makes its folder when it first writes, and calls
    ``failed`` (rather than print its own traceback on every warning) when
    the folder cannot be written."""

    def __init__(
        self, path: Path, max_bytes: int, backups: int, failed: Callable[[], None]
    ) -> None:
        super().__init__(
            path,
            maxBytes=max_bytes,
            backupCount=backups,
            encoding="utf-8",
            delay=True,  # no file until there is something to write
            errors="backslashreplace",  # paths that are not UTF-8
        )
        self._failed = failed
        self._mode = FILE_MODE  # a rotated log's mode passes to the next

    def _open(self) -> Any:
        """The log, appended to: only ever a regular file of its own."""
        path = Path(self.baseFilename)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, moved = open_regular(path, os.O_WRONLY | os.O_APPEND, self._mode)
        stream = open(fd, "a", encoding=self.encoding, errors=self.errors)  # noqa: SIM115
        for kept in moved:  # said in the new log itself: logging here would recurse
            stream.write(f"{path.name} was not a regular file of its own: kept as {kept.name}\n")
        return stream

    def doRollover(self) -> None:
        with contextlib.suppress(OSError):
            self._mode = stat.S_IMODE(os.stat(self.baseFilename, follow_symlinks=False).st_mode)
        super().doRollover()

    def handleError(self, record: logging.LogRecord) -> None:
        self._failed()
