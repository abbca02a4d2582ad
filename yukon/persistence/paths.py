"""Where Yukon keeps its files: the platform's per-user data directory.

pygame is imported only inside ``data_dir`` so that importing this package
never starts SDL (tests, the solver and tools stay pygame-free).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "Yukon"
ORG_NAME = "Yukon"
HOME_VARIABLE = "YUKON_HOME"


def data_dir() -> Path:
    """The directory for settings, the saved game and statistics.

    ``$YUKON_HOME`` wins (tests and portable installs use it); then SDL's
    per-user preference path; then a conventional fallback when pygame is
    missing or SDL cannot answer. The directory is not created here: the
    store creates it on the first save, so merely looking never fails.
    """
    override = os.environ.get(HOME_VARIABLE)
    if override:
        return Path(override).expanduser()
    try:
        import pygame.system

        path = pygame.system.get_pref_path(ORG_NAME, APP_NAME)
    except Exception:  # ImportError, or SDL refusing (no HOME, read-only disk)
        path = ""
    if path:
        return Path(path)
    return _fallback_dir()


def _fallback_dir() -> Path:
    """What SDL would choose, computed by hand."""
    home = Path.home()
    if sys.platform == "win32":
        base = os.environ.get("APPDATA")
        return Path(base) / ORG_NAME / APP_NAME if base else home / "AppData/Roaming" / APP_NAME
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / APP_NAME
    base = os.environ.get("XDG_DATA_HOME")
    return (Path(base) if base else home / ".local" / "share") / APP_NAME.lower()
