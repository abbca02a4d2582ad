"""Find the files in ``assets/`` however the game was started.

The same code runs from a checkout (``assets/`` at the top of the repository),
from an installed wheel (hatch force-includes ``assets`` as ``yukon/assets``)
and from a PyInstaller executable (the spec unpacks ``assets/`` into
``sys._MEIPASS``), so the places are tried in that order of specificity.
"""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["asset_dirs", "asset_path"]

_PACKAGE = Path(__file__).resolve().parent


def asset_dirs() -> list[Path]:
    """The directories searched for assets, first match wins."""
    dirs: list[Path] = []
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        dirs.append(Path(bundle) / "assets")
    dirs.append(_PACKAGE / "assets")  # installed wheel
    dirs.append(_PACKAGE.parent / "assets")  # checkout
    return dirs


def asset_path(name: str) -> Path:
    """The path of asset ``name`` (e.g. ``"icon.png"``); FileNotFoundError if none has it."""
    searched = asset_dirs()
    for directory in searched:
        candidate = directory / name
        if candidate.is_file():
            return candidate
    places = ", ".join(str(d) for d in searched)
    raise FileNotFoundError(f"asset {name!r} not found; searched: {places}")
