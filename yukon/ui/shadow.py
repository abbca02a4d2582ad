"""A soft drop shadow for a panel: dark under its middle, fading to nothing
over ``blur`` pixels past its edge (never a hard slab)."""

from __future__ import annotations

from functools import lru_cache

import pygame


@lru_cache(maxsize=8)
def soft_shadow(size: tuple[int, int], blur: int, alpha: int = 90) -> pygame.Surface:
    """The shadow of a ``size`` panel, ``blur`` pixels larger on every side
    (blit it at the panel's rect inflated by ``2 * blur``, a little lower).

    Drawn at a small scale and smoothscaled up twice, so even a 3840x2160
    window's dialog costs a few milliseconds once per size.

    >>> pygame.init() and None
    >>> shadow = soft_shadow((200, 100), 20)
    >>> shadow.get_size()
    (240, 140)
    >>> centre, corner = shadow.get_at((120, 70)).a, shadow.get_at((1, 1)).a
    >>> centre > 60 and corner < 10
    True
    """
    blur = max(1, blur)
    width, height = size[0] + 2 * blur, size[1] + 2 * blur
    step = max(1, blur // 4)  # pixels of the full size per pixel drawn
    small = pygame.Surface((max(3, width // step), max(3, height // step)), pygame.SRCALPHA)
    small.fill((0, 0, 0, 0))
    inset = max(1, blur // step)
    core = small.get_rect().inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(small, (0, 0, 0, alpha), core, border_radius=inset)
    # Blur: down to a quarter and back up spreads the edge over ``blur``.
    tiny = pygame.transform.smoothscale(
        small, (max(2, small.get_width() // 4), max(2, small.get_height() // 4))
    )
    soft = pygame.transform.smoothscale(tiny, small.get_size())
    soft = pygame.transform.smoothscale(soft, (width, height))
    return soft
