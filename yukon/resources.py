"""The game's own files (``yukon/assets/``), found through ``importlib.resources``.

They live inside the package, so every way of running the game finds them
in the same place: a checkout, an installed or editable wheel, and the
PyInstaller executable (which unpacks ``yukon/assets`` beside the frozen
package). Only what the game loads at run time is there; the generator
scripts, the README's screenshot and the Windows icon for the executable
stay in the repository's ``assets/``.
"""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

__all__ = ["asset_path"]

PACKAGE = "yukon"
FOLDER = "assets"


def asset_path(name: str) -> Path:
    """The file of asset ``name`` (e.g. ``"icon.png"``); FileNotFoundError
    if the package does not have it as a file.

    >>> asset_path("icon.png").name
    'icon.png'
    """
    resource = files(PACKAGE) / FOLDER / name
    if not isinstance(resource, os.PathLike) or not resource.is_file():
        raise FileNotFoundError(f"asset {name!r} not found in the {PACKAGE} package ({resource})")
    return Path(os.fspath(resource))
