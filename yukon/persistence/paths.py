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
import json
import logging
import os
import re
import stat
import sys
from pathlib import Path
from typing import Any

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


def cache_dir() -> Path:
    """The directory for what the game can make again (the cards' drawn
    art): ``cache`` in ``$YUKON_HOME`` when that is set, else the
    platform's own folder for caches. Not created here."""
    override = os.environ.get(HOME_VARIABLE)
    if override:
        return Path(override).expanduser() / "cache"
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA")
        return (Path(local) if local else Path.home() / "AppData" / "Local") / APP_NAME / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / APP_NAME
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    return (Path(xdg) if os.path.isabs(xdg) else Path.home() / ".cache") / APP_NAME


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
# older folder (a lower-case ``yukon`` folder may be another program's), and
# only once they are recognisably the game's own (``is_yukons``).
GAME_FILES = ("settings.json", "savegame.json", "stats.json", "yukon.log", "yukon.log.1")
# What every version of the game wrote in each JSON file beside "version":
# all of the first keys, and one at least of the second (settings as old as
# the first version name only those they changed).
_SIGNATURES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "settings.json": (
        (),
        ("double_click", "placement_help", "interactive_rules", "auto_placement", "winnable_only"),
    ),
    "savegame.json": (("code", "game_id", "actions"), ()),
    "stats.json": (("rules", "recent_games"), ()),
}
# A line of the game's own log: time, level, and one of the game's loggers.
_LOG_LINE = re.compile(
    rb"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} (?:DEBUG|INFO|WARNING|ERROR|CRITICAL) "
    rb"yukon(?:\.[\w.]+)?: ",
    re.MULTILINE,
)
_LOOK_BYTES = 64 * 1024  # how much of a log is looked at
_JSON_BYTES = 64 * 1024 * 1024  # the most of a JSON file read to recognise it


def is_yukons(path: Path, name: str) -> bool:
    """Whether the regular file at ``path`` is recognisably the game's own
    ``name``: a JSON file with a whole-number version and the keys every
    version wrote in it, or a log with at least one line of the game's own
    format (its time, level and a ``yukon`` logger) near its start.
    Another program's file of the same name is not."""
    try:
        with open(path, "rb") as file:
            if name in _SIGNATURES:
                return _json_is(file.read(_JSON_BYTES + 1), _SIGNATURES[name])
            return _LOG_LINE.search(file.read(_LOOK_BYTES)) is not None
    except OSError:
        return False


def _json_is(raw: bytes, keys: tuple[tuple[str, ...], tuple[str, ...]]) -> bool:
    if len(raw) > _JSON_BYTES:
        return False
    try:
        data: Any = json.loads(raw.decode("utf-8-sig"))
    except (ValueError, RecursionError):
        return False
    if not isinstance(data, dict) or type(data.get("version")) is not int:
        return False
    every, some = keys
    if not all(key in data for key in every) or (some and not any(key in data for key in some)):
        return False
    return "code" not in data or str(data["code"]).upper().startswith("YU")  # a game code


def adopt_older_files(directory: Path, keep: frozenset[str] = frozenset()) -> list[str]:
    """Move the files an earlier version left in ``older_dirs`` into
    ``directory`` (never over a file already there); the names moved.

    Only the game's own files are moved: those of ``GAME_FILES`` that are
    recognisably its own (``is_yukons``); another program's file of the
    same name, and anything else, stays where it is. ``keep`` names files
    left behind (a lock): those are removed, and the folder with them, only
    once nothing else is left in it.
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
                if target.exists() or target.is_symlink() or not is_yukons(entry, name):
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
