"""Where Yukon keeps its files: one folder named ``Yukon`` in the platform's
per-user data folder.

* Linux and other Unix: ``$XDG_DATA_HOME/Yukon`` (``~/.local/share/Yukon``)
* Windows: ``%APPDATA%\\Yukon``
* macOS: ``~/Library/Application Support/Yukon``

Computed here rather than asked of SDL: SDL's answer put an organisation
folder above the game's (``~/.local/share/Yukon/Yukon``) and created it on
the spot, while looking it up must create nothing. Files left in that
older folder are moved up on the first claim (``adopt_older_files``).
"""

from __future__ import annotations

import contextlib
import logging
import os
import stat
import sys
from pathlib import Path

APP_NAME = "Yukon"
HOME_VARIABLE = "YUKON_HOME"

log = logging.getLogger(__name__)


def data_dir() -> Path:
    """The directory for settings, the saved game and statistics.

    ``$YUKON_HOME`` wins (tests and portable installs use it). The directory
    is not created here: the store creates it on the first save. Where it
    would lie in a home folder that cannot be used, ``unusable_home`` says
    so, and nothing is read or written there.
    """
    override = os.environ.get(HOME_VARIABLE)
    if override:
        return Path(override).expanduser()
    return _platform_base() / APP_NAME


def unusable_home() -> str | None:
    """The home folder ``data_dir`` needs but cannot use, as set (``""``
    when empty), or ``None`` when it is fine or not needed.

    A home that is empty, relative or missing is no place for the files:
    it would put them in ``/.local/share/Yukon`` or make a whole invented
    path. The game then plays on without saving (see ``Store``).
    """
    override = os.environ.get(HOME_VARIABLE)
    if override and not override.startswith("~"):
        return None
    if sys.platform == "win32":
        if os.environ.get("APPDATA") and not override:
            return None
        home = os.environ.get("USERPROFILE") or os.path.expanduser("~")
    else:
        xdg = os.environ.get("XDG_DATA_HOME", "")
        if os.path.isabs(xdg) and sys.platform != "darwin" and not override:
            return None
        home = os.environ["HOME"] if "HOME" in os.environ else os.path.expanduser("~")
    if os.path.isabs(home) and os.path.isdir(home):
        return None
    return home


def _platform_base() -> Path:
    if sys.platform == "win32":
        appdata = os.environ.get("APPDATA")
        return Path(appdata) if appdata else Path.home() / "AppData" / "Roaming"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support"
    xdg = os.environ.get("XDG_DATA_HOME", "")
    # The XDG spec ignores a relative XDG_DATA_HOME.
    return Path(xdg) if os.path.isabs(xdg) else Path.home() / ".local" / "share"


def older_dirs(directory: Path) -> list[Path]:
    """Where earlier versions kept the files of ``directory``: SDL's folder
    (``Yukon/Yukon``) and, on Linux, the lower-case fallback ``yukon``."""
    return [directory / APP_NAME, directory.parent / APP_NAME.lower()]


# The files the game writes, by name: only these are ever moved from an
# older folder (a lower-case ``yukon`` folder may be another program's).
GAME_FILES = ("settings.json", "savegame.json", "stats.json", "yukon.log", "yukon.log.1")


def adopt_older_files(directory: Path, keep: frozenset[str] = frozenset()) -> list[str]:
    """Move the files an earlier version left in ``older_dirs`` into
    ``directory`` (never over a file already there); the names moved.

    Only the game's own files (``GAME_FILES``) are moved; anything else
    stays where it is. ``keep`` names files left behind (a lock): those are
    removed, and the folder with them, only once nothing else is left in it.
    """
    moved: list[str] = []
    for older in older_dirs(directory):
        try:
            if not older.is_dir() or os.path.samefile(older, directory):
                continue
        except OSError:
            continue
        for name in GAME_FILES:
            entry, target = older / name, directory / name
            with contextlib.suppress(OSError):
                if name in keep or not stat.S_ISREG(entry.lstat().st_mode):
                    continue
                if target.exists() or target.is_symlink():
                    continue
                directory.mkdir(parents=True, exist_ok=True)
                os.replace(entry, target)
                moved.append(name)
        with contextlib.suppress(OSError):
            if {entry.name for entry in older.iterdir()} <= keep:
                for name in keep:
                    (older / name).unlink(missing_ok=True)
                older.rmdir()
    if moved:
        log.info("moved %s from an earlier version's folder into %s", moved, directory)
    return moved
