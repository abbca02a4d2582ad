"""The gold emblem of a court card: a crown for the King, a tiara for the
Queen, a cap for the Jack."""

from __future__ import annotations

import math

import pygame

from yukon.ui.art.palette import GOLD, GOLD_DARK, Color


def draw_crown(surface: pygame.Surface, rect: pygame.Rect, rank: int, accent: Color) -> None:
    """A gold emblem that differs per court rank: 5-point crown (K), tiara (Q), cap (J)."""
    x, y, w, h = rect
    outline = max(1, round(w * 0.035))
    base_top = y + h * 0.68
    band = pygame.Rect(round(x), round(base_top), round(w), round(h * 0.32))
    if rank == 13:
        peaks = 5
        pts: list[tuple[float, float]] = [(x, y + h)]
        for i in range(peaks * 2 + 1):
            px = x + w * i / (peaks * 2)
            py = y + h * 0.12 if i % 2 == 0 else y + h * 0.52
            pts.append((px, py))
        pts.append((x + w, y + h))
        pygame.draw.polygon(surface, GOLD, pts)
        pygame.draw.polygon(surface, GOLD_DARK, pts, outline)
        for i in range(0, peaks * 2 + 1, 2):
            px = x + w * i / (peaks * 2)
            pygame.draw.circle(surface, GOLD, (px, y + h * 0.1), w * 0.06)
            pygame.draw.circle(surface, GOLD_DARK, (px, y + h * 0.1), w * 0.06, outline)
    elif rank == 12:
        pts = [(x, y + h)]
        arch = 24
        for i in range(arch + 1):
            t = i / arch
            px = x + w * t
            # Three rounded arches, the middle one tallest.
            bump = abs(math.sin(t * math.pi * 3))
            tall = 0.6 + 0.4 * math.sin(t * math.pi)
            pts.append((px, y + h * (0.62 - 0.5 * bump * tall)))
        pts.append((x + w, y + h))
        pygame.draw.polygon(surface, GOLD, pts)
        pygame.draw.polygon(surface, GOLD_DARK, pts, outline)
        for fx, fy in ((1 / 6, 0.32), (0.5, 0.12), (5 / 6, 0.32)):
            pygame.draw.circle(surface, GOLD, (x + w * fx, y + h * fy), w * 0.055)
            pygame.draw.circle(surface, GOLD_DARK, (x + w * fx, y + h * fy), w * 0.055, outline)
    else:
        # Jack: a plain coronet of three sharp points, lower than the king's.
        pts = [(x + w * 0.08, y + h)]
        for fx, fy in ((0.08, 0.45), (0.29, 0.62), (0.5, 0.22), (0.71, 0.62), (0.92, 0.45)):
            pts.append((x + w * fx, y + h * fy))
        pts.append((x + w * 0.92, y + h))
        pygame.draw.polygon(surface, GOLD, pts)
        pygame.draw.polygon(surface, GOLD_DARK, pts, outline)
        pygame.draw.circle(surface, accent, (x + w * 0.5, y + h * 0.22), w * 0.06)
        band = band.inflate(-round(w * 0.16), 0)
    pygame.draw.rect(surface, GOLD, band)
    pygame.draw.rect(surface, GOLD_DARK, band, outline)
    # Three jewels in the band, in the suit's colour.
    for fx in (0.25, 0.5, 0.75):
        pygame.draw.circle(surface, accent, (x + w * fx, band.centery), band.h * 0.28)
