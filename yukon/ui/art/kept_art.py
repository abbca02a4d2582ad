"""The table's card art kept between runs, so a start shows cards without
drawing them (see ``yukon.persistence.kept_images``).

A shelf holds the pictures of one ``CardArt``: one card size, one style.
Its key names everything the pictures depend on: the size and style, the
pygame-ce that drew them, and the source files of the modules that draw
them, by size and time of change (or, in a built executable without
sources, the game's version and the executable's time), so a picture
drawn by other code is never shown.
Pictures read back are the bytes that were drawn: the table looks the same
either way (``tests/test_kept_art.py`` compares them).
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import os
import sys
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Final

import pygame

from yukon import __version__
from yukon.persistence.cache_files import file_stamp
from yukon.persistence.kept_images import Image, KeptImages, write_images
from yukon.persistence.paths import cache_dir, unusable_home
from yukon.ui.art.supersample import finish

# The modules whose code draws the cards: a change to any of them is new art.
ART_MODULES = (
    "yukon.ui.art.backs",
    "yukon.ui.art.court",
    "yukon.ui.art.crown",
    "yukon.ui.art.faces",
    "yukon.ui.art.palette",
    "yukon.ui.art.suits",
    "yukon.ui.art.supersample",
)
# Card sizes kept at once (a window, full screen, a second screen): the
# files of other sizes, the least recently written first, are removed.
SIZES_KEPT = 3
STALE_SECONDS = 60.0
SUFFIX = ".images"
# The pixels' byte order: that of a picture made ready to blit on a 32-bit
# display (``finish``), so one read back is ready as it is, not converted.
PIXELS: Final = "BGRA"


class ArtShelf:
    """The kept pictures of one card size and style, in ``directory``."""

    def __init__(self, directory: Path, size: tuple[int, int], style: object) -> None:
        self.path = directory / f"cards-{size[0]}x{size[1]}{SUFFIX}"
        self.key = f"{size[0]}x{size[1]} {style!r} pygame-ce {pygame.version.ver} {_art_code()}"
        self._kept: KeptImages | None = None
        self._opened = False
        # The masks of a picture ready to blit, asked once the file is opened.
        self._ready_masks: tuple[int, int, int, int] | None = None

    @classmethod
    def for_table(cls, size: tuple[int, int], style: object) -> ArtShelf | None:
        """The shelf in the player's cache folder; None where there is no
        usable home folder (nothing is written then)."""
        if unusable_home() is not None:
            return None
        return cls(cache_dir(), size, style)

    def get(self, name: str) -> pygame.Surface | None:
        """The picture kept as ``name``, ready to blit; None if none is."""
        if not self._opened:
            self._opened = True
            self._kept = KeptImages.open(self.path, self.key)
            self._ready_masks = _finished_masks()
        if self._kept is None:
            return None
        image = self._kept.get(name)
        if image is None:
            return None
        width, height, pixels = image
        surface = pygame.image.frombytes(pixels, (width, height), PIXELS)
        if surface.get_masks() != self._ready_masks:
            surface = finish(surface)  # another display's format: converted as drawn ones are
        return surface

    def keep(self, pictures: Mapping[str, pygame.Surface]) -> threading.Thread:
        """Keep ``pictures`` with those kept before for this size (a picture
        not shown this run stays kept). Their pixels are copied now; the
        file, megabytes at large sizes, is written on a thread of its own,
        so the table never waits for it (``wait_for_keeping``). A cache:
        a failure only costs the next start the drawing."""
        images = {
            name: (*surface.get_size(), pygame.image.tobytes(surface, PIXELS))
            for name, surface in pictures.items()
        }
        if self._kept is not None:
            self._kept.close()  # the file is replaced: read the new one, if asked again
            self._kept = None
        self._opened = False
        thread = threading.Thread(target=self._write, args=(images,), name="art", daemon=True)
        _keeping.append(thread)
        thread.start()
        return thread

    def _write(self, images: dict[str, Image]) -> None:
        """The thread's part: the pictures kept before added, the file written."""
        with _writing:
            before = KeptImages.open(self.path, self.key)
            if before is not None:
                for name in before.names():
                    if name not in images and (image := before.get(name)) is not None:
                        images[name] = image
                before.close()
            with contextlib.suppress(OSError, ValueError):
                write_images(self.path, self.key, images)
                _forget_other_sizes(self.path)


_keeping: list[threading.Thread] = []  # the writers started, finished or not
_writing = threading.Lock()  # one file written at a time


def wait_for_keeping(seconds: float) -> None:
    """Let the pictures being kept be written (the game is ending), for at
    most ``seconds``: a file left half-written is never one of ours."""
    deadline = time.monotonic() + seconds
    while _keeping:
        _keeping.pop(0).join(max(0.0, deadline - time.monotonic()))


def _forget_other_sizes(newest: Path) -> None:
    """Remove kept art of sizes beyond the ``SIZES_KEPT`` last written, and
    what a writer killed half-way left."""
    with contextlib.suppress(OSError):
        files = [
            path
            for path in newest.parent.iterdir()
            if path.name.startswith("cards-") and path.name.endswith(SUFFIX)
        ]
        files.sort(key=lambda path: (path == newest, path.stat().st_mtime), reverse=True)
        for path in files[SIZES_KEPT:]:
            path.unlink()
        # A writer killed half-way leaves its temporary file (one still
        # being written by another copy of the game is a minute younger).
        for stale in newest.parent.glob(".cards-*.tmp"):
            if time.time() - stale.stat().st_mtime > STALE_SECONDS:
                stale.unlink()


@functools.cache
def _art_code() -> str:
    """The drawing modules' source files, each by its ``file_stamp``. Where
    they have none (an executable), the version and the executable's own
    time instead."""
    stamps = []
    for name in ART_MODULES:
        spec = importlib.util.find_spec(name)
        source = None if spec is None else spec.origin
        try:
            if source is None or not source.endswith(".py"):
                raise OSError(name)
            stamps.append(file_stamp(source))
        except OSError:
            stamp = os.stat(sys.executable).st_mtime_ns if getattr(sys, "frozen", False) else 0
            return f"{__version__} {stamp}"
    return " ".join(stamps)


def _finished_masks() -> tuple[int, int, int, int]:
    """The colour masks of a picture made ready to blit now (``finish``)."""
    return finish(pygame.Surface((1, 1), pygame.SRCALPHA)).get_masks()
