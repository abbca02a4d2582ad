"""The display, before the window opens: sharp on scaled screens, and a clear
refusal where there is no screen at all.

Without a display (no ``DISPLAY`` or ``WAYLAND_DISPLAY`` on Linux, say over
ssh or from a service) SDL quietly falls back to its off-screen driver and
the game would run unseen until killed. ``start`` notices that and says why
instead. Choosing a headless driver on purpose (``SDL_VIDEODRIVER=dummy``
for tests, CI and automation) keeps working.

On Windows the process declares itself per-monitor DPI aware before SDL
starts, so a scaled screen (125-200 %) shows the window at its real pixels
instead of a blurry, stretched copy (``set_hints``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import MutableMapping

from yukon import APP_ID

# SDL's drivers that draw to no screen.
HEADLESS_DRIVERS = frozenset({"offscreen", "dummy"})
NO_DISPLAY = (
    "Yukon needs a graphical display, and none was found{why}: start it from a desktop session."
)


class NoDisplay(RuntimeError):
    """SDL found no screen to open a window on; the message says so in one line."""


def set_hints(environ: MutableMapping[str, str] = os.environ, platform: str = sys.platform) -> None:
    """Hints SDL reads when it starts; a player's own setting of one wins.

    Windows: per-monitor DPI awareness (sharp on scaled screens). Linux and
    the BSDs: the window's class is the game's desktop id, so the dock or
    task bar shows the installed icon and name (X11 and Wayland).

    >>> env = {}
    >>> set_hints(env, "win32"); env
    {'SDL_WINDOWS_DPI_AWARENESS': 'permonitorv2'}
    >>> set_hints(env := {}, "linux"); sorted(env.values())
    ['io.github.yukon_solitaire.Yukon', 'io.github.yukon_solitaire.Yukon']
    """
    if platform == "win32":
        environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    elif platform != "darwin":
        environ.setdefault("SDL_VIDEO_X11_WMCLASS", APP_ID)
        environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", APP_ID)


def start(environ: MutableMapping[str, str] = os.environ) -> str:
    """Start SDL's video with the hints set; the driver's name.

    Raises ``NoDisplay`` when SDL fell back to a driver without a screen
    that nobody asked for, or found none at all.
    """
    set_hints(environ)
    import pygame

    asked = environ.get("SDL_VIDEODRIVER", "")
    try:
        pygame.display.init()
    except pygame.error as error:
        raise NoDisplay(NO_DISPLAY.format(why=f" ({error})")) from error
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS and not asked:
        pygame.display.quit()
        raise NoDisplay(NO_DISPLAY.format(why=_missing_variables(environ)))
    return driver


def _missing_variables(environ: MutableMapping[str, str]) -> str:
    """Why, where a variable names the display (Linux and the BSDs)."""
    unix = sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd"))
    if unix and not environ.get("DISPLAY") and not environ.get("WAYLAND_DISPLAY"):
        return " (neither DISPLAY nor WAYLAND_DISPLAY is set)"
    return ""
