"""Where the message banner goes: over no card the player may need.

A banner at the bottom centre covered the ends of long columns and stayed
there during the next drag. Here the table is searched for the place whose
box covers the least of what matters (face-up cards, the foundations, empty
columns that wait for a King), nearest the bottom centre when several are
equally clear.

>>> bounds = pygame.Rect(0, 0, 400, 300)
>>> place_banner((100, 30), bounds, [pygame.Rect(150, 0, 100, 300)])
Rect(50, 270, 100, 30)
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

# How many places are tried across the table, on each row tried.
STEPS = 24


def covered(box: pygame.Rect, busy: Sequence[pygame.Rect]) -> int:
    """The area of ``busy`` under ``box``, in pixels."""
    total = 0
    for rect in busy:
        clip = box.clip(rect)
        total += clip.w * clip.h
    return total


def place_banner(
    size: tuple[int, int], bounds: pygame.Rect, busy: Sequence[pygame.Rect]
) -> pygame.Rect:
    """The box of ``size`` inside ``bounds`` that covers least of ``busy``:
    along the bottom first, then along the top; nearest the bottom centre
    among the equally clear."""
    w, h = min(size[0], bounds.w), min(size[1], bounds.h)
    home = (bounds.centerx, bounds.bottom)
    best: tuple[int, int, pygame.Rect] | None = None
    for y in (bounds.bottom - h, bounds.top):
        for i in range(STEPS + 1):
            x = bounds.x + round(i * (bounds.w - w) / STEPS)
            box = pygame.Rect(x, y, w, h)
            distance = abs(box.centerx - home[0]) + abs(box.bottom - home[1])
            candidate = (covered(box, busy), distance, box)
            if best is None or candidate[:2] < best[:2]:
                best = candidate
    assert best is not None
    return best[2]
