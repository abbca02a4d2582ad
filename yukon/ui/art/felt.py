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

_BACKGROUNDS: dict[tuple[tuple[int, int], Color], pygame.Surface] = {}


def table_background(size: tuple[int, int], felt: Color = FELT) -> pygame.Surface:
    """Felt of colour ``felt`` with a soft radial vignette, cached per
    window size and colour.

    Computed at a tiny size and smoothscaled up, so resizing stays instant.
    """
    size = (max(1, int(size[0])), max(1, int(size[1])))
    surf = _BACKGROUNDS.get((size, felt))
    if surf is None:
        if len(_BACKGROUNDS) > 8:
            _BACKGROUNDS.clear()
        sw = 48
        sh = max(2, round(sw * size[1] / size[0]))
        small = pygame.Surface((sw, sh))
        cx, cy = (sw - 1) / 2, (sh - 1) * 0.42
        max_d = math.hypot(max(cx, sw - 1 - cx), max(cy, sh - 1 - cy))
        for y in range(sh):
            for x in range(sw):
                d = math.hypot(x - cx, y - cy) / max_d
                light = 1.12 - 0.42 * d**1.8
                small.set_at(
                    (x, y),
                    tuple(min(255, round(c * light)) for c in felt),
                )
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            small = small.convert()  # convert the tiny one: no full-size copy
        surf = pygame.transform.smoothscale(small, size)
        _BACKGROUNDS[(size, felt)] = surf
    return surf
