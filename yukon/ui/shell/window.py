"""The game's window: its size, full screen, icon and title.

The window opens at the size the player left it (when the screen holds
it), goes full screen in place and back, and remembers the size the player
chose, never one a small screen forced or one given with ``--size``.

On macOS the window is high-DPI (``HIGH_DPI``): SDL gives it a surface at
the screen's real pixels, twice its size in points on a Retina screen, so
the table is laid out and drawn at full resolution, while the pointer and
the window's size stay in points. Elsewhere a window's points are its pixels
(Windows is made DPI aware by ``yukon.desktop.display``), and the window is the
display module's, as it always was.

A window smaller than the layout's minimum (a system that ignores the
window's minimum size) is drawn through a ``Letterbox``: the scenes draw on
a canvas of the minimum size, shown scaled down.
"""

from __future__ import annotations

import sys
import warnings

import pygame

from yukon.persistence import Settings
from yukon.persistence.settings import MIN_TABLE_WINDOW
from yukon.ui.shell.letterbox import Letterbox
from yukon.ui.shell.scene import Rects

# Windows this module opened itself and has not destroyed. pygame-ce destroys a
# window it owns when the Python object goes away, even after pygame.quit()
# freed it: a stale pointer that SDL may already have handed to a newer window.
# So each one is destroyed explicitly before SDL shuts down.
_OWN_WINDOWS: list[pygame.Window] = []


def close_windows() -> None:
    """Destroy every window this module opened (call before pygame.quit())."""
    while _OWN_WINDOWS:
        _OWN_WINDOWS.pop().destroy()


# Where SDL's windows need asking for the screen's real pixels.
HIGH_DPI = sys.platform == "darwin"
# Events whose positions SDL gives in points.
_POINTER_EVENTS = frozenset({pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP})


class Window:
    """The display surface and what the player does to the window."""

    def __init__(
        self, settings: Settings, size: tuple[int, int] | None, *, fullscreen: bool
    ) -> None:
        self.high_dpi = HIGH_DPI  # read here, so a test can set it
        self.settings = settings  # the remembered size, as loaded
        self.size_given = size is not None  # by --size: never remembered
        self.fullscreen = fullscreen
        self.windowed_size = size or self._default_size()
        # Set once the player resizes the window: until then the remembered
        # size stays as it was, even if this screen could not show it whole.
        self.resized_by_player = False
        # The high-DPI path's own window; elsewhere the display module's.
        self._own: pygame.Window | None = None
        self._open()
        # The window's surface; the scenes draw on ``surface``: the same, or
        # the letterbox's canvas in a window smaller than the layout.
        self.letterbox: Letterbox | None = None
        self._screen = self.surface = self._surface()
        self.size = (0, 0)  # in pixels: what the scenes are laid out for
        self._pick_up()
        self.icon_shown = False  # see ``show_icon``

    def show_icon(self) -> None:
        """Give the window its icon, once (the game does once the first
        frame is on screen: decoding it wants time and memory the first
        frame need not wait for)."""
        if not self.icon_shown:
            self.icon_shown = True
            set_icon(self._own)

    @property
    def sdl_window(self) -> pygame.Window:
        """The SDL window: its size is in points, its surface in pixels."""
        if self._own is not None:
            return self._own
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()

    @property
    def density(self) -> float:
        """Pixels per point: 2 on a Retina screen, else 1."""
        points = self.sdl_window.size[0]
        return self._screen.get_width() / points if points else 1.0

    def current_size(self) -> tuple[int, int]:
        """The size to lay the scenes out for now, which a resize may have
        changed (a letterbox's canvas in a window smaller than the layout)."""
        size = self._surface().get_size()
        box = Letterbox.for_window(size)
        return size if box is None else box.canvas

    def to_pixels(self, event: pygame.event.Event) -> pygame.event.Event:
        """``event`` with its pointer position in the pixels the scenes draw
        in (the display module's window has points that are pixels; a
        letterbox's canvas is larger than the window)."""
        if event.type not in _POINTER_EVENTS:
            return event
        density = self.density if self._own is not None else 1.0
        box = self.letterbox
        if density == 1.0 and box is None:
            return event
        x, y = event.pos
        pos = (round(x * density), round(y * density))
        scaled = {"pos": pos if box is None else box.to_canvas(pos)}
        if event.type == pygame.MOUSEMOTION:
            dx, dy = event.rel
            grow = 1.0 if box is None else box.canvas[0] / box.picture.w
            scaled["rel"] = (round(dx * density * grow), round(dy * density * grow))
        return pygame.event.Event(event.type, {**event.dict, **scaled})

    def present(self, rects: Rects) -> None:
        """Show what was drawn: only ``rects``, or all when None (a
        high-DPI window always shows all; SDL has no partial update for it;
        a letterbox shows its whole canvas, scaled)."""
        if self.letterbox is not None:
            self.letterbox.show(self.surface, self._screen)
            rects = None
        if self._own is not None:
            self._own.flip()
        elif rects is None:
            pygame.display.flip()
        else:
            pygame.display.update(rects)

    def _default_size(self) -> tuple[int, int]:
        """The remembered size if the screen holds it; else (or with none
        remembered) a comfortable size that fits the screen."""
        try:
            desktop = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            desktop = (1920, 1080)
        if self.settings.window_size is not None:
            w, h = self.settings.window_size
            if w <= desktop[0] and h <= desktop[1]:
                return (max(MIN_TABLE_WINDOW[0], w), max(MIN_TABLE_WINDOW[1], h))
        else:
            w, h = 1280, 800
        w = max(MIN_TABLE_WINDOW[0], min(w, int(desktop[0] * 0.95)))
        h = max(MIN_TABLE_WINDOW[1], min(h, int(desktop[1] * 0.9)))
        return (w, h)

    def remembered_size(self, settings: Settings) -> tuple[int, int] | None:
        """The window size to keep in ``settings``: the player's own once
        they resized the window, else the one remembered (not a smaller one
        this screen forced, nor on a first start the size this screen had
        room for: the next screen may have more), and never one given with
        ``--size``."""
        if self.size_given or not self.resized_by_player:
            return settings.window_size
        return self.windowed_size

    def _open(self) -> None:
        """A resizable window, made full screen afterwards if asked: leaving
        full screen then gives back a normal, resizable window. Full screen
        goes in place, without re-creating the window or needing a window
        manager."""
        if self.high_dpi:
            self._own = pygame.Window(
                "Yukon", self.windowed_size, resizable=True, allow_high_dpi=True
            )
            _OWN_WINDOWS.append(self._own)
        else:
            pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        window = self.sdl_window
        window.minimum_size = MIN_TABLE_WINDOW  # the table is laid out for no less
        if self.fullscreen:
            window.set_fullscreen(desktop=True)

    def _surface(self) -> pygame.Surface:
        if self._own is not None:
            return self._own.get_surface()
        surface = pygame.display.get_surface()
        if surface is None:
            raise pygame.error("the window has no surface")
        return surface

    def set_title(self, code: str | None, game: str = "Yukon") -> None:
        """``Yukon — YU1-C-AAAAAAB``: the game's name (the app's for Yukon)
        and the code."""
        title = f"{game} — {code}" if code else game
        if self._own is not None:
            self._own.title = title
        else:
            pygame.display.set_caption(title)

    def set_fullscreen(self, on: bool) -> bool:
        """Full screen or back to the window; whether anything changed."""
        if on == self.fullscreen:
            return False
        window = self.sdl_window
        if on:
            self.windowed_size = window.size
            window.set_fullscreen(desktop=True)
        else:
            window.set_windowed()
            window.size = self.windowed_size
            window.position = pygame.WINDOWPOS_CENTERED
        self.fullscreen = on
        self.refresh()
        return True

    def refresh(self) -> bool:
        """Pick up the window's current surface; whether its size changed
        (the resize events that follow a change bring the final size)."""
        pygame.event.pump()
        before = self.size
        self._pick_up()
        return self.size != before

    def _pick_up(self) -> None:
        """The window's surface, and the letterbox's canvas if it needs one
        (kept while its size holds)."""
        self._screen = self._surface()
        self.letterbox = Letterbox.for_window(self._screen.get_size())
        if self.letterbox is None:
            self.surface = self._screen
        elif self.surface is self._screen or self.surface.get_size() != self.letterbox.canvas:
            self.surface = pygame.Surface(self.letterbox.canvas, 0, self._screen)
        self.size = self.surface.get_size()

    def resized_by(self, *, player: bool) -> None:
        """The window took a new size; a player's own is remembered (not
        one smaller than the layout, which only a system that ignores the
        window's minimum size gives)."""
        if player and not self.fullscreen and self.letterbox is None:
            self.windowed_size = self.sdl_window.size  # in points, as the window opens
            self.resized_by_player = True


def set_icon(window: pygame.Window | None = None) -> None:
    """The shipped icon, on ``window`` or else the display module's; drawn in
    code instead if the file is missing or unreadable."""
    from yukon.resources import asset_path

    try:
        icon = pygame.image.load(str(asset_path("icon.png")))
    except (OSError, pygame.error):
        from yukon.ui.art.icon import make_icon

        icon = make_icon(64)
    if window is None:
        pygame.display.set_icon(icon)
    else:
        window.set_icon(icon)
