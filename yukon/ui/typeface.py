"""The chrome's typeface: the platform's own UI font, in a regular and a bold
weight, found through pygame's font lookup; pygame's bundled font (bold
only) where none is installed.

The lookup asks fontconfig on Linux (tens of milliseconds, more with many
fonts installed), so its answer is kept in the cache folder: the next
start takes it while its files are as they were, and checks it on a
thread of its own once the first frame is on screen.

The cards draw their indices with the bundled font whatever this finds:
their look is their own. Sizes stay those the screens ask for: a found
font is scaled so that its capitals are as tall as the bundled font's at
the same size, and every layout measures what it draws.
"""

from __future__ import annotations

import os
import threading
from typing import NamedTuple

import pygame

from yukon.persistence.cache_files import file_stamp, forget_cached, read_cached, write_cached

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


class Typeface(NamedTuple):
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
# Where the typeface in use came from: "kept" (the cache folder's answer),
# "looked up" (this run), or nothing (``use``); and whether ``keep_choice``
# has done its part this run.
_source: list[str] = []
_kept_done: list[bool] = []
_checks: list[threading.Thread] = []  # the kept answer's check (see ``check_kept``)

KEPT_NAME = "typeface.json"
KEPT_KIND = "yukon-typeface"
KEPT_VERSION = 1


def look_up_soon() -> None:
    """Take the answer kept from an earlier run, or start looking the
    platform's font up on a thread of its own (on Linux pygame asks
    fontconfig's ``fc-list``, tens of milliseconds), so it is done while
    the window opens rather than before the first frame."""
    if _chosen or _lookups:
        return
    kept = _kept()
    if kept is not None:
        _chosen.append(kept)
        _source[:] = ["kept"]
        return
    _source[:] = ["looked up"]
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
    _source[:] = []


def keep_choice() -> None:
    """Once the first frame is on screen, or as the game ends (once a run):
    keep the typeface looked up this run for the next start."""
    if _kept_done or not _chosen:
        return
    _kept_done.append(True)
    if _source == ["looked up"]:
        typeface = _chosen[0]
        payload = {
            "pygame": pygame.version.ver,
            "regular": typeface.regular,
            "bold": typeface.bold,
            "scale": typeface.scale,
            "stamps": _stamps(typeface),
        }
        write_cached(KEPT_NAME, KEPT_KIND, KEPT_VERSION, payload)


def check_kept() -> threading.Thread | None:
    """Once the first frame is on screen: if this run took the kept
    typeface, look up again on a thread of its own and forget the kept
    answer if it no longer holds (a font installed or removed since), so
    the next start looks up afresh. The thread, if one started (the game's
    end waits for it: ``wait_for_check``)."""
    if _source != ["kept"] or _checks or not _chosen:
        return None
    kept = _chosen[0]
    looked_up = None if kept.bundled else (kept.regular, kept.bold)

    def check() -> None:
        if _look_up() != looked_up:
            forget_cached(KEPT_NAME)

    thread = threading.Thread(target=check, name="fonts", daemon=True)
    _checks.append(thread)
    thread.start()
    return thread


def wait_for_check(seconds: float) -> None:
    """The game is ending: let the check (another process, fontconfig's)
    finish first, for at most ``seconds``; a thread still running while the
    interpreter ends may take the process down with it."""
    for thread in _checks:
        thread.join(seconds)


def _kept() -> Typeface | None:
    """The typeface kept by an earlier run, if its files are as they were."""
    data = read_cached(KEPT_NAME, KEPT_KIND, KEPT_VERSION)
    if data is None or data.get("pygame") != pygame.version.ver:
        return None
    regular, bold, scale = data.get("regular"), data.get("bold"), data.get("scale")
    if regular is None and bold is None:
        typeface = BUNDLED
    elif isinstance(regular, str) and isinstance(bold, str) and type(scale) is float:
        typeface = Typeface(regular, bold, scale)
    else:
        return None
    stamps = _stamps(typeface)
    return typeface if stamps is not None and data.get("stamps") == stamps else None


def _stamps(typeface: Typeface) -> list[str] | None:
    """The font files' ``file_stamp``; None if one is gone."""
    try:
        return [file_stamp(path) for path in (typeface.regular, typeface.bold) if path is not None]
    except OSError:
        return None


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
