"""The four suit shapes, drawn in code and cached per size and colour."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from yukon.engine import Suit
from yukon.ui.art.palette import Color, suit_color
from yukon.ui.art.supersample import blank, down, factor, finish

# Width / height of each suit shape, so shapes keep their proportions in any rect.
_ASPECT = {Suit.SPADES: 0.86, Suit.HEARTS: 0.98, Suit.DIAMONDS: 0.74, Suit.CLUBS: 0.94}


def _unit_heart(n: int) -> list[tuple[float, float]]:
    """The heart curve's ``n`` points scaled into the unit square, worked
    out once: every heart and spade of every size is this shape stretched."""
    raw = []
    for i in range(n):
        t = 2 * math.pi * i / n
        px = 16 * math.sin(t) ** 3
        py = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((px, py))
    xs = [p[0] for p in raw]
    ys = [p[1] for p in raw]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    return [((px - x0) / (x1 - x0), (py - y0) / (y1 - y0)) for px, py in raw]


_UNIT_HEART = _unit_heart(72)


def _heart_points(
    x: float, y: float, w: float, h: float, *, flip: bool = False
) -> list[tuple[float, float]]:
    """A heart filling the box (x, y, w, h); ``flip`` points it upwards (for the spade)."""
    if flip:
        return [(x + fx * w, y + (1 - fy) * h) for fx, fy in _UNIT_HEART]
    return [(x + fx * w, y + fy * h) for fx, fy in _UNIT_HEART]


def _stem(cx: float, top: float, bottom: float, half_base: float) -> list[tuple[float, float]]:
    """A flared stem with concave sides, shared by spade and club."""
    neck = half_base * 0.18
    left, right = [], []
    steps = 8
    for i in range(steps + 1):
        f = i / steps
        # Concave flare: width grows slowly then fast towards the base.
        half = neck + (half_base - neck) * f**2.2
        yy = top + (bottom - top) * f
        left.append((cx - half, yy))
        right.append((cx + half, yy))
    return left + right[::-1]


def _paint_suit(surface: pygame.Surface, suit: Suit, box: pygame.Rect, color: Color) -> None:
    """Paint a suit filling ``box`` (already sized to the suit's aspect) at full resolution."""
    x, y, w, h = box.x, box.y, box.w, box.h
    cx = x + w / 2
    if suit == Suit.HEARTS:
        pygame.draw.polygon(surface, color, _heart_points(x, y, w, h))
    elif suit == Suit.DIAMONDS:
        pts: list[tuple[float, float]] = []
        corners = [(cx, y), (x + w, y + h / 2), (cx, y + h), (x, y + h / 2)]
        centre = (cx, y + h / 2)
        for i in range(4):
            a, b = corners[i], corners[(i + 1) % 4]
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            # Pull each side's control point slightly towards the centre: gently curved sides.
            ctrl = (mid[0] + (centre[0] - mid[0]) * 0.16, mid[1] + (centre[1] - mid[1]) * 0.16)
            for s in range(10):
                t = s / 10
                px = (1 - t) ** 2 * a[0] + 2 * (1 - t) * t * ctrl[0] + t**2 * b[0]
                py = (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * ctrl[1] + t**2 * b[1]
                pts.append((px, py))
        pygame.draw.polygon(surface, color, pts)
    elif suit == Suit.SPADES:
        body_h = h * 0.80
        pygame.draw.polygon(surface, color, _heart_points(x, y, w, body_h, flip=True))
        pygame.draw.polygon(surface, color, _stem(cx, y + body_h * 0.62, y + h, w * 0.24))
    else:  # clubs
        r = w * 0.235
        top = (cx, y + r)
        left = (x + r, y + h * 0.56)
        right = (x + w - r, y + h * 0.56)
        for c in (top, left, right):
            pygame.draw.circle(surface, color, c, r)
        # Fill the gap between the three leaves so small clubs read as one shape.
        pygame.draw.polygon(surface, color, [top, left, (cx, y + h * 0.66), right])
        pygame.draw.circle(surface, color, (cx, y + h * 0.5), r * 0.75)
        pygame.draw.polygon(surface, color, _stem(cx, y + h * 0.5, y + h, w * 0.22))


def fit_suit(suit: Suit, rect: pygame.Rect) -> pygame.Rect:
    """The largest box of the suit's aspect centred in ``rect``."""
    aspect = _ASPECT[suit]
    w, h = rect.w, rect.h
    if w / max(h, 1) > aspect:
        w = max(1, round(h * aspect))
    else:
        h = max(1, round(w / aspect))
    box = pygame.Rect(0, 0, w, h)
    box.center = rect.center
    return box


_SPRITES: dict[tuple[int, tuple[int, int], Color, bool], pygame.Surface] = {}


def forget_sprites() -> None:
    """Drop every cached suit image (see ``yukon.ui.sized_caches``)."""
    _SPRITES.clear()


def suit_sprite(
    suit: Suit, size: tuple[int, int], color: Color, *, flip: bool = False, keep: bool = True
) -> pygame.Surface:
    """An antialiased suit image of exactly ``size``, cached (pips reuse a
    handful) unless ``keep`` is False (one drawn once, as an empty place's)."""
    key = (int(suit), size, color, flip)
    sprite = _SPRITES.get(key)
    if sprite is None:
        if len(_SPRITES) > 2000:
            _SPRITES.clear()
        w, h = size
        f = factor(w, h)
        big = blank((w * f, h * f), color)
        _paint_suit(big, suit, big.get_rect(), color)
        sprite = down(big, (w, h))
        if flip:
            sprite = pygame.transform.flip(sprite, True, True)
        sprite = finish(sprite)
        if keep:
            _SPRITES[key] = sprite
    return sprite


def draw_suit(
    surface: pygame.Surface,
    suit: Suit,
    rect: pygame.Rect | Sequence[int],
    color: Color | None = None,
    *,
    flip: bool = False,
) -> pygame.Rect:
    """Draw a suit shape, as large as fits, centred in ``rect``; returns the area drawn.

    ``color`` defaults to the suit's ink; ``flip`` turns it upside down.
    """
    suit = Suit(suit)
    box = fit_suit(suit, pygame.Rect(rect))
    sprite = suit_sprite(suit, box.size, color or suit_color(suit), flip=flip)
    return surface.blit(sprite, box)
