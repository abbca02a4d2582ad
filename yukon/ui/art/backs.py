"""The card back designs, each a pattern drawn in code around a spade medallion."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from yukon.engine import Suit
from yukon.persistence.settings import CardBack
from yukon.ui.art.palette import BACK_BLUE, BACK_BLUE_DARK, BORDER, GOLD, Color
from yukon.ui.art.suits import draw_suit
from yukon.ui.art.supersample import blank, down, factor, seal


def _lattice(pattern: pygame.Surface, step: int, line: int, light: Color) -> None:
    """Two sets of diagonals with small dots at the crossings."""
    iw, ih = pattern.get_size()
    for k in range(-ih, iw + ih, step):
        pygame.draw.line(pattern, light, (k, 0), (k + ih, ih), line)
        pygame.draw.line(pattern, light, (k, ih), (k + ih, 0), line)
    dot = tuple(min(255, c + 90) for c in light)
    for gx in range(-step, iw + step, step):
        for gy in range(0, ih + step, step):
            ox = gx + (step // 2 if (gy // step) % 2 else 0)
            pygame.draw.circle(pattern, dot, (ox, gy), max(1, line * 1.3))


def _tartan(pattern: pygame.Surface, step: int, line: int, light: Color) -> None:
    """Crossing bands, broad and thin, as in a woven check."""
    iw, ih = pattern.get_size()
    band = blank((iw, ih), light)
    for k in range(step // 2, max(iw, ih) + step, step):
        for width, alpha in ((max(line, step // 3), 70), (line, 200)):
            pygame.draw.line(band, (*light, alpha), (k, 0), (k, ih), width)
            pygame.draw.line(band, (*light, alpha), (0, k), (iw, k), width)
    pattern.blit(band, (0, 0))


def _waves(pattern: pygame.Surface, step: int, line: int, light: Color) -> None:
    """Rows of gentle waves."""
    iw, ih = pattern.get_size()
    rise = step / 4
    for row in range(-1, ih // max(1, step // 2) + 2):
        y0 = row * step / 2
        points = [(x, y0 + rise * math.sin(2 * math.pi * x / step)) for x in range(0, iw + 4, 4)]
        pygame.draw.lines(pattern, light, False, points, line)


def _rosette(pattern: pygame.Surface, step: int, line: int, light: Color) -> None:
    """Rays and rings around the middle, like an engraved rosette."""
    iw, ih = pattern.get_size()
    centre = (iw / 2, ih / 2)
    reach = math.hypot(iw, ih) / 2
    rays = 36
    for i in range(rays):
        angle = 2 * math.pi * i / rays
        end = (centre[0] + reach * math.cos(angle), centre[1] + reach * math.sin(angle))
        pygame.draw.line(pattern, light, centre, end, line)
    for radius in range(step, round(reach) + step, step):
        pygame.draw.circle(pattern, light, centre, radius, line)


# Field, medallion and pattern colours of each back design.
_BACK_COLOURS: dict[CardBack, tuple[Color, Color, Color]] = {
    CardBack.LATTICE: (BACK_BLUE, BACK_BLUE_DARK, (92, 132, 204)),
    CardBack.TARTAN: ((150, 24, 36), (96, 12, 22), (236, 150, 120)),
    CardBack.WAVES: ((22, 104, 84), (12, 64, 52), (120, 206, 176)),
    CardBack.ROSETTE: ((52, 40, 92), (30, 22, 58), (170, 150, 226)),
}
_BACK_PATTERNS: dict[CardBack, Callable[[pygame.Surface, int, int, Color], None]] = {
    CardBack.LATTICE: _lattice,
    CardBack.TARTAN: _tartan,
    CardBack.WAVES: _waves,
    CardBack.ROSETTE: _rosette,
}


def render_back(size: tuple[int, int], radius: int, design: CardBack) -> pygame.Surface:
    """A card back of ``design``: a white border, the
    patterned field, a medallion with a spade."""
    w, h = size
    field, dark, light = _BACK_COLOURS[design]
    # Three full-size layers are alive at once here: 2x supersampling
    # keeps the pattern smooth at a quarter of the memory of 4x.
    f = min(2, factor(w, h))
    big = blank((w * f, h * f), field)
    full = big.get_rect()
    r = radius * f
    pygame.draw.rect(big, (245, 245, 240), full, border_radius=r)
    pygame.draw.rect(big, BORDER, full, max(1, round(w / 110)) * f, border_radius=r)
    margin = max(2, round(w * 0.06)) * f
    inner = full.inflate(-2 * margin, -2 * margin)
    inner_r = max(1, r - margin // 2)
    pygame.draw.rect(big, field, inner, border_radius=inner_r)
    pattern = blank(inner.size, field)
    line = max(1, round(f * max(1.0, w / 120)))
    _BACK_PATTERNS[design](pattern, max(6 * f, round(inner.w / 7)), line, light)
    mask = blank(inner.size, (255, 255, 255))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=inner_r)
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(pattern, inner.topleft)
    # Thin white rule inside the field, then a central medallion with a spade.
    rule = inner.inflate(-2 * margin // 2, -2 * margin // 2)
    rule_r = max(1, inner_r - margin // 2)
    pygame.draw.rect(big, (235, 240, 250), rule, line, border_radius=rule_r)
    med = pygame.Rect(0, 0, round(inner.w * 0.5), round(inner.w * 0.5))
    med.center = full.center
    pygame.draw.ellipse(big, dark, med)
    pygame.draw.ellipse(big, (235, 240, 250), med, max(f, line * 2))
    pygame.draw.ellipse(big, GOLD, med.inflate(-line * 6, -line * 6), line)
    img = seal(down(big, size), radius)
    emblem = pygame.Rect(0, 0, round(med.w / f * 0.5), round(med.h / f * 0.5))
    emblem.center = (w // 2, h // 2)
    draw_suit(img, Suit.SPADES, emblem, (240, 244, 252))
    return img
