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
    """The first of ``FAMILIES`` installed, or the bundled font.

    A family whose lookup gives its condensed cut (DejaVu Sans's names are
    shared) is taken at its regular width when that file is beside it.
    """
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        regular = pygame.font.match_font(FAMILIES)
        bold = pygame.font.match_font(FAMILIES, bold=True)
    except (OSError, ValueError, pygame.error):  # no lookup on this platform
        return BUNDLED
    if not regular:
        return BUNDLED
    regular, bold = _uncondensed(regular), _uncondensed(bold or regular)
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


def current() -> Typeface:
    """The typeface in use: the platform's, looked up once."""
    if not _chosen:
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
