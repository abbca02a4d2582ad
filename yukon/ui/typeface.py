"""The chrome's typeface: the platform's own UI font, in a regular and a bold
weight, found through pygame's font lookup; pygame's bundled font (bold
only) where none is installed.

The cards draw their indices with the bundled font whatever this finds:
their look is their own. Sizes stay those the screens ask for: a found
font is scaled so that its capitals are as tall as the bundled font's at
the same size, and every layout measures what it draws.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass

import pygame

# The UI fonts of the common desktops, in pygame's lookup names (lower case,
# no spaces): Linux, then Windows, then macOS.
FAMILIES = (
    "dejavusans",
    "notosans",
    "liberationsans",
    "cantarell",
    "ubuntu",
    "segoeui",
    "helveticaneue",
    "helvetica",
    "arial",
)


@dataclass(frozen=True)
class Typeface:
    """Font files for the two weights (None: the bundled font) and the
    factor that gives a found font the bundled font's capital height."""

    regular: str | None = None
    bold: str | None = None
    scale: float = 1.0

    @property
    def bundled(self) -> bool:
        return self.regular is None


BUNDLED = Typeface()


def find() -> Typeface:
    """The first of ``FAMILIES`` installed, or the bundled font."""
    return _measured(_look_up())


def _look_up() -> tuple[str, str] | None:
    """The regular and bold files of the first family installed.

    A family whose lookup gives its condensed cut (DejaVu Sans's names are
    shared) is taken at its regular width when that file is beside it.
    """
    try:
        regular = pygame.font.match_font(FAMILIES)
        bold = pygame.font.match_font(FAMILIES, bold=True)
    except (OSError, ValueError, pygame.error):  # no lookup on this platform
        return None
    if not regular:
        return None
    return _uncondensed(regular), _uncondensed(bold or regular)


def _measured(paths: tuple[str, str] | None) -> Typeface:
    if paths is None:
        return BUNDLED
    if not pygame.font.get_init():
        pygame.font.init()
    regular, bold = paths
    try:
        ours = _cap_height(pygame.font.Font(regular, 100))
    except (OSError, pygame.error):  # listed, but not a font pygame can open
        return BUNDLED
    theirs = _cap_height(pygame.font.Font(None, 100))
    return Typeface(regular, bold, theirs / ours if ours else 1.0)


def _cap_height(face: pygame.font.Font) -> int:
    metrics = face.metrics("H")[0]
    return metrics[3] if metrics is not None else 0


def _uncondensed(path: str) -> str:
    wide = path.replace("Condensed", "")
    return wide if wide != path and os.path.isfile(wide) else path


_chosen: list[Typeface] = []
_lookups: list[threading.Thread] = []  # a lookup under way (see ``look_up_soon``)
_looked_up: list[tuple[str, str] | None] = []


def look_up_soon() -> None:
    """Start looking the platform's font up on a thread of its own (on
    Linux pygame asks fontconfig's ``fc-list``, tens of milliseconds), so
    it is done while the window opens rather than before the first frame."""
    if _chosen or _lookups:
        return
    thread = threading.Thread(
        target=lambda: _looked_up.append(_look_up()), name="fonts", daemon=True
    )
    _lookups.append(thread)
    thread.start()


def current() -> Typeface:
    """The typeface in use: the platform's, looked up once."""
    if not _chosen:
        if _lookups:
            _lookups.pop().join()
            _chosen.append(_measured(_looked_up.pop() if _looked_up else _look_up()))
        else:
            _chosen.append(find())
    return _chosen[0]


def use(typeface: Typeface | None) -> None:
    """Draw with ``typeface`` from now on (None: look the platform's up
    again); ``theme.reset`` forgets the texts drawn with the last one."""
    _chosen[:] = [] if typeface is None else [typeface]


def open_font(typeface: Typeface, size: int, *, bold: bool) -> pygame.font.Font:
    """``typeface``'s font for text ``size`` pixels (in the bundled font's
    measure), in the weight asked; a family without a bold file is drawn
    emboldened."""
    path = typeface.bold if bold else typeface.regular
    assert path is not None, "the bundled font is drawn by theme.SmoothFont"
    face = pygame.font.Font(path, max(6, round(size * typeface.scale)))
    if bold and typeface.bold == typeface.regular:
        face.set_bold(True)
    return face
