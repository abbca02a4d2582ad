"""The game's window: its size, full screen, icon and title.

The window opens at the size the player left it (when the screen holds
it), goes full screen in place and back, and remembers the size the player
chose, never one a small screen forced or one given with ``--size``.
"""

from __future__ import annotations

import warnings

import pygame

from yukon.cli import MIN_WINDOW
from yukon.persistence import Settings


class Window:
    """The display surface and what the player does to the window."""

    def __init__(self, settings: Settings, size: tuple[int, int] | None, fullscreen: bool) -> None:
        self.settings = settings  # the remembered size, as loaded
        self.size_given = size is not None  # by --size: never remembered
        self.fullscreen = fullscreen
        self.windowed_size = size or self._default_size()
        # Set once the player resizes the window: until then the remembered
        # size stays as it was, even if this screen could not show it whole.
        self.resized_by_player = False
        self.surface = self._open()
        set_icon()

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

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
                return (max(MIN_WINDOW[0], w), max(MIN_WINDOW[1], h))
        else:
            w, h = 1280, 800
        w = max(MIN_WINDOW[0], min(w, int(desktop[0] * 0.95)))
        h = max(MIN_WINDOW[1], min(h, int(desktop[1] * 0.9)))
        return (w, h)

    def remembered_size(self, settings: Settings) -> tuple[int, int] | None:
        """The window size to keep in ``settings``: the player's own once
        they resized the window, else the one remembered (not a smaller one
        this screen forced), and never one given with ``--size``."""
        if self.size_given or (not self.resized_by_player and settings.window_size):
            return settings.window_size
        return self.windowed_size

    def _open(self) -> pygame.Surface:
        """A resizable window, made full screen afterwards if asked: leaving
        full screen then gives back a normal, resizable window."""
        surface = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._window().minimum_size = MIN_WINDOW  # the table is laid out for no less
        if self.fullscreen:
            self._window().set_fullscreen(desktop=True)
            surface = self._display_surface()
        return surface

    @staticmethod
    def _window() -> pygame.Window:
        """The SDL window behind the display module (full screen in place,
        without re-creating the window or needing a window manager)."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()

    @staticmethod
    def _display_surface() -> pygame.Surface:
        surface = pygame.display.get_surface()
        if surface is None:
            raise pygame.error("the window has no surface")
        return surface

    def set_title(self, code: str | None) -> None:
        pygame.display.set_caption(f"Yukon — {code}" if code else "Yukon")

    def set_fullscreen(self, on: bool) -> bool:
        """Full screen or back to the window; whether anything changed."""
        if on == self.fullscreen:
            return False
        window = self._window()
        if on:
            self.windowed_size = self.size
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
        self.surface = self._display_surface()
        return self.size != before

    def resized_by(self, player: bool) -> None:
        """The window took a new size; a player's own is remembered."""
        if player and not self.fullscreen:
            self.windowed_size = self.size
            self.resized_by_player = True


def set_icon() -> None:
    """The shipped icon; drawn in code instead if the file is missing or unreadable."""
    from yukon.resources import asset_path

    try:
        icon = pygame.image.load(str(asset_path("icon.png")))
    except (OSError, pygame.error):
        from yukon.ui.art import make_icon

        icon = make_icon(64)
    pygame.display.set_icon(icon)
