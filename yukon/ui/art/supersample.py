"""Antialiasing by supersampling: shapes painted large on a transparent
surface of the ink's colour, then smoothscaled down."""

from __future__ import annotations

import pygame

from yukon.ui.art.palette import Color

# Supersampling factor for antialiased shapes; big surfaces use less to stay fast.
SUPERSAMPLE = 4


def finish(surface: pygame.Surface) -> pygame.Surface:
    """Convert to the display's pixel format when there is one (faster blits)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def blank(size: tuple[int, int], color: Color = (0, 0, 0)) -> pygame.Surface:
    """A transparent surface whose invisible pixels carry ``color``.

    smoothscale averages RGBA without premultiplying, so transparent pixels
    must share the ink's colour or edges get a dark fringe.
    """
    surface = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
    surface.fill((*color, 0))
    return surface


def down(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(surface, (max(1, size[0]), max(1, size[1])))


def factor(width: int, height: int) -> int:
    """Supersampling factor: 4 for small images, less for big ones (same quality, less work)."""
    return max(1, min(SUPERSAMPLE, 1400 // max(1, width, height)))
