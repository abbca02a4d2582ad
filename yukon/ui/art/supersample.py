"""Antialiasing by supersampling: shapes painted large on a transparent
surface of the ink's colour, then smoothscaled down."""

from __future__ import annotations

import pygame

from yukon.ui.art.palette import RGBA, Color

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


def seal(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """Make the inside of an opaque rounded shape exactly opaque.

    smoothscale's fixed-point averaging loses a little alpha: shrinking by 3
    (the factor at 4K card sizes) leaves an opaque face at 253 of 255, and
    the card under it shows through. Everything more than a pixel inside the
    rounded outline gets alpha 255 again; the antialiased rim stays as it is.
    """
    w, h = surface.get_size()
    if w <= 2 or h <= 2:
        return surface
    core = pygame.Surface((w, h), pygame.SRCALPHA)
    core.fill((0, 0, 0, 0))
    inside = pygame.Rect(1, 1, w - 2, h - 2)
    pygame.draw.rect(core, (0, 0, 0, 255), inside, border_radius=max(0, radius - 1))
    surface.blit(core, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    return surface


def factor(width: int, height: int) -> int:
    """Supersampling factor: 4 for small images, less for big ones (same quality, less work)."""
    return max(1, min(SUPERSAMPLE, 1400 // max(1, width, height)))


def rounded(
    size: tuple[int, int],
    radius: int,
    fill: RGBA | Color | None,
    border: RGBA | Color | None = None,
    border_width: int = 0,
    inset: int = 0,
) -> pygame.Surface:
    """An antialiased rounded rectangle (supersampled), transparent outside."""
    w, h = size
    f = factor(w, h)
    ref = (border or fill or (0, 0, 0))[:3]
    big = blank((w * f, h * f), ref)
    rect = big.get_rect().inflate(-2 * inset * f, -2 * inset * f)
    if border is not None and border_width > 0:
        pygame.draw.rect(big, border, rect, border_radius=radius * f)
        inner = rect.inflate(-2 * border_width * f, -2 * border_width * f)
        inner_radius = max(0, (radius - border_width) * f)
        if fill is not None:
            pygame.draw.rect(big, fill, inner, border_radius=inner_radius)
        else:
            # Punch the middle out so only the outline remains.
            pygame.draw.rect(big, (*ref, 0), inner, border_radius=inner_radius)
    elif fill is not None:
        pygame.draw.rect(big, fill, rect, border_radius=radius * f)
    image = down(big, size)
    edge = border if border is not None and border_width > 0 else fill
    if inset == 0 and _opaque(edge) and _opaque(fill):
        seal(image, radius)
    return image


def _opaque(color: RGBA | Color | None) -> bool:
    return color is not None and (len(color) == 3 or color[3] == 255)
