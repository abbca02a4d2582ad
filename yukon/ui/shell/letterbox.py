"""``Letterbox``: a window smaller than the table's layout, shown scaled.

The window's minimum size (``MIN_TABLE_WINDOW``) is a request that some systems
ignore (X without a window manager, some tiling managers), and SDL may hand
the game any size down to 1x1. Every scene is laid out for no less than the
minimum, so in a smaller window the scenes draw on a canvas of at least
that size, which is scaled down to fit the window whole, centred, with
bars where the shapes differ; pointer positions are mapped back onto the
canvas.

>>> box = Letterbox.for_window((400, 600))
>>> box.canvas, tuple(box.picture)
((800, 600), (0, 150, 400, 300))
>>> box.to_canvas((200, 300)), box.to_canvas((0, 0))
((400, 300), (0, 0))
>>> Letterbox.for_window((1280, 800)) is None
True
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from yukon.persistence.settings import MIN_TABLE_WINDOW

BARS = (12, 14, 16)  # the colour around a scaled picture
# smoothscale is for pictures of some size; smaller ones (a window a few
# pixels across) are scaled by plain sampling, which has no limits.
SMOOTH_FROM = 16


class Letterbox(NamedTuple):
    """A window of size ``window`` that shows a canvas of size ``canvas``."""

    window: tuple[int, int]
    canvas: tuple[int, int]

    @classmethod
    def for_window(cls, size: tuple[int, int]) -> Letterbox | None:
        """The letterbox for a window of ``size``; None when the window
        holds the layout itself."""
        w, h = max(1, size[0]), max(1, size[1])
        if w >= MIN_TABLE_WINDOW[0] and h >= MIN_TABLE_WINDOW[1]:
            return None
        return cls((w, h), (max(w, MIN_TABLE_WINDOW[0]), max(h, MIN_TABLE_WINDOW[1])))

    @property
    def picture(self) -> pygame.Rect:
        """Where the scaled canvas shows in the window (at least a pixel)."""
        (w, h), (cw, ch) = self.window, self.canvas
        scale = min(w / cw, h / ch)
        pw, ph = max(1, min(w, round(cw * scale))), max(1, min(h, round(ch * scale)))
        return pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)

    def to_canvas(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A window position as the canvas's (clamped to it)."""
        picture, (cw, ch) = self.picture, self.canvas
        x = (pos[0] - picture.x) * cw / picture.w
        y = (pos[1] - picture.y) * ch / picture.h
        return (min(cw - 1, max(0, int(x))), min(ch - 1, max(0, int(y))))

    def show(self, canvas: pygame.Surface, screen: pygame.Surface) -> None:
        """Draw ``canvas`` scaled into ``screen``, bars around it."""
        picture = self.picture
        screen.fill(BARS)
        if min(picture.size) >= SMOOTH_FROM:
            scaled = pygame.transform.smoothscale(canvas, picture.size)
        else:
            scaled = pygame.transform.scale(canvas, picture.size)
        screen.blit(scaled, picture)
