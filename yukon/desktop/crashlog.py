"""yukon.log: warnings and crashes, kept in the data folder.

The Windows executable has no console, so a file is the only way a crash
can be reported at all. While the game runs (``run``), every warning, from
``logging`` or ``warnings.warn``, goes to ``yukon.log`` in the data folder
as well as to stderr; an uncaught exception is written there with its
traceback, the version and the platform, and the player is told in one
sentence where to find it: in the window if it still works, else on
stderr. The file rotates at ``MAX_BYTES`` (one older copy is kept) and is
only created once there is something to write.

The log is written only to a regular file of its own: a link (to any
file), a FIFO, a device or a folder at its name is set aside as
``yukon.log.bad`` first, never opened blocking nor followed (see
``yukon.persistence.own_files``). Without a usable home folder there is
no log file, only stderr.
"""

from __future__ import annotations

import logging
import os
import platform
import sys
import threading
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

from yukon import __version__
from yukon.persistence import data_dir, printable
from yukon.persistence.paths import unusable_home

LOG_NAME = "yukon.log"
MAX_BYTES = 256 * 1024
BACKUPS = 1  # yukon.log.1: at most about 2 * MAX_BYTES on disk
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
CRASH_MESSAGE = "Yukon stopped because of an error. The details are in {path}."
CLOSE_HINT = "Press a key or close the window."

log = logging.getLogger("yukon")


class LogFile(logging.Handler):
    """The log file: a rotating log (``log_file.RotatingLog``, loaded with
    the first record: most runs have none to write) that makes its folder
    when it first writes, and that falls silent (rather than print its own
    traceback on every warning) when the folder cannot be written."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.baseFilename = os.path.abspath(path)
        self.failed = False
        self.setFormatter(logging.Formatter(FORMAT))
        self._file: logging.Handler | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if self.failed:
            return
        if self._file is None:
            from yukon.desktop.log_file import RotatingLog

            self._file = RotatingLog(Path(self.baseFilename), MAX_BYTES, BACKUPS, self._fail)
            self._file.setFormatter(self.formatter)
        self._file.emit(record)

    def _fail(self) -> None:
        self.failed = True

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
        super().close()


class Logging:
    """Warnings routed to the log file and stderr until ``stop``."""

    def __init__(self, directory: Path | None = None) -> None:
        self.file = LogFile((directory or data_dir()) / LOG_NAME)
        self.handlers: list[logging.Handler] = [self.file]
        if directory is None and unusable_home() is not None:
            self.file.failed = True  # no data folder: stderr only
            self.handlers = []
        if sys.stderr is not None:  # None for a Windows program without a console
            console = logging.StreamHandler(sys.stderr)
            console.setFormatter(logging.Formatter("%(levelname)s: %(message)s"))
            self.handlers.append(console)
        root = logging.getLogger()
        self._level = root.level
        root.setLevel(min(root.level or logging.WARNING, logging.WARNING))
        for handler in self.handlers:
            handler.setLevel(logging.WARNING)
            root.addHandler(handler)
        logging.captureWarnings(True)
        self._thread_hook = threading.excepthook
        threading.excepthook = self._thread_crashed

    @property
    def path(self) -> Path:
        return Path(self.file.baseFilename)

    def crashed(self, error: BaseException) -> str:
        """Log ``error`` with its traceback; the sentence for the player."""
        log.critical(
            "Yukon %s crashed (Python %s on %s)",
            __version__,
            platform.python_version(),
            platform.platform(),
            exc_info=error,
        )
        if self.file.failed:
            return f"Yukon stopped because of an error: {error!r}"
        return CRASH_MESSAGE.format(path=printable(self.path))

    def _thread_crashed(self, args: threading.ExceptHookArgs) -> None:
        name = args.thread.name if args.thread is not None else "?"
        log.critical(
            "Yukon %s: thread %s crashed (Python %s on %s)",
            __version__,
            name,
            platform.python_version(),
            platform.platform(),
            exc_info=args.exc_value,
        )

    def stop(self) -> None:
        root = logging.getLogger()
        for handler in self.handlers:
            root.removeHandler(handler)
            handler.close()
        root.setLevel(self._level)
        logging.captureWarnings(False)
        threading.excepthook = self._thread_hook


def run(game: Callable[[], int], directory: Path | None = None) -> int:
    """``game()``'s exit status, with warnings and any crash logged; a crash
    returns 1 after telling the player where the details are."""
    logs = Logging(directory)
    try:
        return game()
    except Exception as error:
        message = logs.crashed(error)
        print(message, file=sys.stderr)
        show_in_window(message)
        return 1
    finally:
        logs.stop()


def show_in_window(message: str, *, wait: bool | None = None) -> bool:
    """Draw ``message`` in the game's window if it is still open, and (on a
    real screen, or with ``wait``) keep it there until the player closes
    the window, presses a key or clicks. ``False`` if it could not be shown."""
    try:
        import pygame

        surface = pygame.display.get_surface() if pygame.display.get_init() else None
        if surface is None:
            return False
        if wait is None:
            wait = pygame.display.get_driver() not in ("dummy", "offscreen")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            _draw_message(pygame, surface, [message, CLOSE_HINT] if wait else [message])
        pygame.display.flip()
        while wait:
            event = pygame.event.wait()
            if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                break
    except Exception:  # the window is beyond use: stderr has the message
        return False
    return True


def _draw_message(pygame: Any, surface: Any, paragraphs: list[str]) -> None:
    """The paragraphs in white on dark grey, wrapped to the window's width,
    a blank line between them."""
    from yukon.text_wrap import wrap

    if not pygame.font.get_init():
        pygame.font.init()
    width, height = surface.get_size()
    font = pygame.font.Font(None, max(18, min(32, width // 36)))
    lines: list[str] = []
    for paragraph in paragraphs:
        lines += [""] if lines else []
        lines += wrap(paragraph, width - 80, lambda text: font.size(text)[0])
    surface.fill((32, 32, 36))
    y = (height - len(lines) * font.get_linesize()) // 2
    for line in lines:
        rendered = font.render(line, True, (240, 240, 240))
        surface.blit(rendered, ((width - rendered.get_width()) // 2, y))
        y += font.get_linesize()
