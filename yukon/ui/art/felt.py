"""The table's felt: its colours and the vignetted background."""

from __future__ import annotations

import math

import pygame

from yukon.persistence.settings import TableColour
from yukon.ui.art.palette import FELT, Color

# The felt of each table colour a player may choose.
TABLE_COLOURS: dict[TableColour, Color] = {
    TableColour.GREEN: FELT,
    TableColour.BLUE: (26, 78, 132),
    TableColour.RED: (126, 32, 42),
    TableColour.DARK: (44, 48, 56),
}

# The felts last asked for, oldest first: the table's, and the Examples
# page's table while it is open. Each is a whole window's worth of pixels
# (33 MB at 3840x2160), so no other size is kept: a resize leaves none behind.
_BACKGROUNDS: dict[tuple[tuple[int, int], Color], pygame.Surface] = {}
_KEPT = 2
_SMALLEST_VIGNETTE = 16  # pixels across: a thinner table is plain felt
_MOST_STRETCH = 16  # the tiny picture is at most this many times taller than wide


def table_background(size: tuple[int, int], felt: Color = FELT) -> pygame.Surface:
    """Felt of colour ``felt`` with a soft radial vignette; the last two
    sizes and colours asked for are cached.

    Computed at a tiny size and smoothscaled up, so resizing stays instant.
    The tiny one keeps to sensible shapes (smoothscale between extreme ones
    once corrupted memory, and a sliver of a window once asked for a tiny
    picture of millions of pixels); a sliver too thin to show a vignette
    gets plain felt.
    """
    size = (max(1, int(size[0])), max(1, int(size[1])))
    surf = _BACKGROUNDS.pop((size, felt), None)
    if surf is not None:
        _BACKGROUNDS[(size, felt)] = surf  # the newest now
    else:
        while len(_BACKGROUNDS) >= _KEPT:
            del _BACKGROUNDS[next(iter(_BACKGROUNDS))]
        small = _vignette(size, felt)
        if small is None:
            surf = pygame.Surface(size)
            surf.fill(felt)
        else:
            surf = pygame.transform.smoothscale(small, size)
        _BACKGROUNDS[(size, felt)] = surf
    return surf


def paint_table_background(surface: pygame.Surface, felt: Color = FELT) -> bool:
    """Paint the felt ``table_background`` gives for ``surface``'s size
    straight onto all of ``surface``, without keeping a copy (a whole
    window's worth of pixels): the same pixels, for a first frame that
    need not wait for the copy nor hold it. False, painting nothing, where
    that cannot be done (none of the felt's own format, a clip); the
    caller then blits ``table_background``."""
    size = surface.get_size()
    cached = _BACKGROUNDS.get((size, felt))
    if cached is not None:
        surface.blit(cached, (0, 0))
        return True
    if surface.get_clip() != surface.get_rect():
        return False
    small = _vignette(size, felt)
    if small is None:
        surface.fill(felt)
        return True
    if small.get_bitsize() != surface.get_bitsize() or small.get_masks() != surface.get_masks():
        return False
    pygame.transform.smoothscale(small, size, surface)
    return True


def _vignette(size: tuple[int, int], felt: Color) -> pygame.Surface | None:
    """The felt's vignette as a tiny picture of the window's shape, to be
    smoothscaled to ``size``; None for a sliver too thin to show one."""
    if min(size) < _SMALLEST_VIGNETTE:
        return None
    sw = 48
    sh = min(sw * _MOST_STRETCH, max(2, round(sw * size[1] / size[0])))
    small = pygame.Surface((sw, sh))
    cx, cy = (sw - 1) / 2, (sh - 1) * 0.42
    max_d = math.hypot(max(cx, sw - 1 - cx), max(cy, sh - 1 - cy))
    for y in range(sh):
        for x in range((sw + 1) // 2):  # the right half mirrors the left
            d = math.hypot(x - cx, y - cy) / max_d
            light = 1.12 - 0.42 * d**1.8
            color = tuple(min(255, round(c * light)) for c in felt)
            small.set_at((x, y), color)
            small.set_at((sw - 1 - x, y), color)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        small = small.convert()  # convert the tiny one: no full-size copy
    return small


class Felt:
    """The table's felt at one size and colour (``follow`` changes them):
    the first frame paints it straight onto the window, and the copy every
    later frame blits (``picture``, a window's worth of pixels) is made in
    idle time after it (``warm_up``), or at the next frame if none came."""

    def __init__(self, size: tuple[int, int], colour: Color) -> None:
        self._for = (size, colour)
        self._copy: pygame.Surface | None = None
        self._painted = False

    def follow(self, size: tuple[int, int], colour: Color) -> None:
        """The table's size and colour now: a new felt if they changed."""
        if (size, colour) != self._for:
            self._for = (size, colour)
            self._copy = None
            self._painted = False

    @property
    def picture(self) -> pygame.Surface:
        """The copy (made now if not yet)."""
        if self._copy is None:
            self._copy = table_background(*self._for)
        return self._copy

    def paint(self, surface: pygame.Surface) -> None:
        """The felt over all of ``surface`` (the table's size): the first
        time straight onto it, then from the copy."""
        size, colour = self._for
        if (
            self._copy is None
            and not self._painted
            and surface.get_size() == size
            and paint_table_background(surface, colour)
        ):
            self._painted = True
            return
        surface.blit(self.picture, (0, 0))

    def warm_up(self) -> bool:
        """Make the copy now (idle time); whether it was not made yet."""
        if self._copy is not None:
            return False
        self._copy = table_background(*self._for)
        return True
