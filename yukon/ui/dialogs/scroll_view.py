"""A page taller than its view, scrolled: Help's, or a long answer's.

Up and Down (held, they go on), Page Up and Page Down, Home and End and the
mouse wheel scroll it; where the page goes on, its text fades out into the
panel and a slim bar at the side shows where the view is. Only the lines in
full view are listed as shown (scrolling cuts the others).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from yukon.ui import theme
from yukon.ui.chrome_colours import Color
from yukon.ui.key_repeat import KeyRepeat
from yukon.ui.text_boxes import note

HELD_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN)


@dataclass
class Page:
    """The picture of a page and every line on it, with its rectangle;
    ``section_tops``: where each of its sections begins (if it has any)."""

    surface: pygame.Surface
    texts: list[tuple[str, pygame.Rect]]
    section_tops: list[int] = field(default_factory=list)

    @property
    def height(self) -> int:
        return self.surface.get_height()


class ScrollView:
    """``page`` seen through ``view`` (a rect of the window), ``scroll``
    pixels down; ``redraw`` is called whenever what is seen changes."""

    def __init__(self, redraw: Callable[[], None]) -> None:
        self.redraw = redraw
        self.page: Page | None = None
        self.view = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0
        self.unit = 18
        self.repeat = KeyRepeat()  # Up or Down held down scrolls on
        self._fade_strip: pygame.Surface | None = None
        self._fade_for: Color | None = None  # the panel colour it was drawn for

    def show(self, page: Page, view: pygame.Rect, unit: int) -> None:
        """Show ``page`` in ``view``, scrolled as far as before where it can be."""
        self.page, self.view, self.unit = page, pygame.Rect(view), unit
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        self.redraw()

    @property
    def max_scroll(self) -> int:
        return max(0, (self.page.height if self.page else 0) - self.view.h)

    @property
    def fade_height(self) -> int:
        """How tall the fade is where the page goes on past the view."""
        return max(1, round(self.unit * 1.6))

    def scroll_to(self, y: int) -> None:
        """Scroll so that the page's ``y`` is the first line seen clear of
        the fade at the top (as near as the page allows)."""
        self.scroll = max(0, min(y - self.fade_height if y > 0 else 0, self.max_scroll))
        self.redraw()

    def scroll_by(self, by: int) -> bool:
        """Scroll ``by`` pixels, as far as the page goes; whether it moved."""
        before = self.scroll
        self.scroll = max(0, min(self.scroll + by, self.max_scroll))
        if self.scroll != before:
            self.redraw()
        return self.scroll != before

    def step_for(self, key: int) -> int:
        """How far a key scrolls the page (0 for other keys)."""
        step = self.unit * 2
        moves = {
            pygame.K_DOWN: step,
            pygame.K_UP: -step,
            pygame.K_PAGEDOWN: self.view.h - step,
            pygame.K_PAGEUP: -(self.view.h - step),
            pygame.K_HOME: -(10**9),
            pygame.K_END: 10**9,
        }
        return moves.get(key, 0)

    def handle_event(self, event: pygame.event.Event, now: float) -> bool:
        """Scroll for a key or the wheel; whether the event was taken (a
        key that did not scroll is not: it may be a dialog's)."""
        if event.type == pygame.KEYUP:
            self.repeat.release(event.key)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.unit * 2)
            return True
        if event.type == pygame.KEYDOWN:
            self.repeat.stop()
            if event.key in HELD_KEYS:
                self.repeat.press(event.key, now)  # held, it scrolls on
            return self.scroll_by(self.step_for(event.key))
        return False

    def update(self, now: float) -> None:
        key = self.repeat.due(now)
        if isinstance(key, int):
            self.scroll_by(self.step_for(key))

    def _fade(self, panel: Color) -> pygame.Surface:
        """A strip of the panel's colour ``panel``, clear at its top and
        solid at its bottom, as wide as the page (cached per size)."""
        size = (max(1, self.view.w), self.fade_height)
        if self._fade_strip is None or (self._fade_strip.get_size(), self._fade_for) != (
            size,
            panel,
        ):
            self._fade_for = panel
            strip = pygame.Surface(size, pygame.SRCALPHA)
            for y in range(size[1]):
                alpha = round(255 * (y + 1) / size[1])
                pygame.draw.line(strip, (*panel, alpha), (0, y), (size[0], y))
            self._fade_strip = strip
        return self._fade_strip

    def draw(self, surface: pygame.Surface, panel: Color) -> None:
        """Draw the page seen on a panel of colour ``panel``."""
        page = self.page
        if page is None:
            return
        view = self.view
        surface.blit(page.surface, view.topleft, pygame.Rect(0, self.scroll, view.w, view.h))
        for text, rect in page.texts:  # the lines in full view (scrolling cuts the others)
            shown = rect.move(view.x, view.y - self.scroll)
            if view.contains(shown):
                note(surface, text, shown, view)
        if not self.max_scroll:
            return
        # Text fading out where the page goes on, and a slim scroll bar.
        fade = self._fade(panel)
        if self.scroll < self.max_scroll:
            surface.blit(fade, (view.x, view.bottom - fade.get_height()))
        if self.scroll > 0:
            surface.blit(pygame.transform.flip(fade, False, True), view.topleft)
        track = pygame.Rect(view.right + self.unit // 3, view.y, 4, view.h)
        pygame.draw.rect(surface, theme.PANEL_LINE, track, border_radius=2)
        size = max(20, track.h * view.h // page.height)
        y = track.y + (track.h - size) * self.scroll // self.max_scroll
        pygame.draw.rect(surface, theme.PANEL_DIM, (track.x, y, 4, size), border_radius=2)
