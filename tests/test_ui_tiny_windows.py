"""Windows smaller than the layout: any size the system gives draws.

The window's minimum size is a request that X without a window manager and
some tiling managers ignore; below it the scenes draw on a canvas of the
minimum size, shown scaled down (see ``yukon.ui.shell.letterbox``).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from uikit import advance, dialogs, make_app, tap, win

from yukon.desktop.app import App
from yukon.persistence.settings import MIN_TABLE_WINDOW
from yukon.ui.shell.letterbox import Letterbox

ROOT = Path(__file__).resolve().parent.parent

# Down to a pixel, thin either way, the sizes that once crashed (240 tall
# with Examples open, 50 tall with a banner), extreme shapes, and back.
SIZES = [
    (1, 1), (1, 600), (800, 1), (50, 50), (1280, 240), (300, 50), (120, 90),
    (1, 680), (680, 1), (2, 1360), (3, 2000), (2000, 3), (799, 599),
    (800, 8000), (8000, 600), (1280, 800),
]  # fmt: skip


def _faq(app: App) -> None:
    app.table.open_help()
    dialogs(app)[-1].toggle_faq()


def _examples(app: App) -> None:
    app.table.open_help()
    dialogs(app)[-1].open_examples()


SCENES: dict[str, Callable[[App], None]] = {
    "table": lambda app: None,
    "new game": lambda app: app.table.open_new_game(),
    "settings": lambda app: app.table.open_settings(),
    "statistics": lambda app: app.table.open_stats(),
    "help": lambda app: app.table.open_help(),
    "faq": _faq,
    "examples": _examples,
    "win": lambda app: app.table.open_win(),
    "banner": lambda app: app.table.moves.explain("A message on a banner", force=True),
    "celebration": lambda app: win(app, 3),
}


def resize(app: App, size: tuple[int, int]) -> None:
    """What the system does to the window, and the event it sends."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    event = pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    app.handle_event(event)


@pytest.mark.parametrize("scene", list(SCENES))
def test_every_scene_draws_in_every_window_size(scene):
    app = make_app()
    SCENES[scene](app)
    opened = [type(s).__name__ for s in app.stack.scenes]
    for size in SIZES:
        resize(app, size)
        assert app.size[0] >= MIN_TABLE_WINDOW[0] and app.size[1] >= MIN_TABLE_WINDOW[1]
        for _ in range(2):
            advance(app, 0.2)
            app.stack.redraw()
            app.window.present(app.draw())
        assert pygame.display.get_surface().get_size() == size
    assert [type(s).__name__ for s in app.stack.scenes] == opened or scene == "celebration"
    assert app.size == (1280, 800) and app.window.letterbox is None
    app.shutdown()


def test_a_small_window_shows_the_whole_layout_scaled_and_taps_land_where_shown():
    app = make_app()
    resize(app, (400, 600))
    assert app.size == (800, 600) and app.window.letterbox is not None
    app.window.present(app.draw())
    screen = pygame.display.get_surface()
    assert screen.get_at((200, 50))[:3] == (12, 14, 16)  # a bar above the picture
    felt = screen.get_at((200, 445))
    assert felt.g > felt.r + 20  # the table, scaled
    button = app.table.bar.buttons[0].rect  # at canvas (x, y): at half that in the window
    tap(app, (button.centerx // 2, 150 + button.centery // 2))
    assert dialogs(app), "the tap did not reach the button"
    app.shutdown()


def test_the_letterbox_maps_and_fits_any_size():
    for size in SIZES:
        box = Letterbox.for_window(size)
        if box is None:
            assert size[0] >= 800 and size[1] >= 600
            continue
        picture = box.picture
        assert 1 <= picture.w <= size[0] and 1 <= picture.h <= size[1]
        assert pygame.Rect((0, 0), size).contains(picture)
        corner = box.to_canvas((size[0] - 1, size[1] - 1))
        assert 0 <= corner[0] < box.canvas[0] and 0 <= corner[1] < box.canvas[1]


def test_the_felt_of_an_extreme_shape_is_drawn_without_harm():
    """smoothscale once corrupted the heap for a window about 680 times
    taller than wide (a crash later, anywhere): in a process of its own."""
    code = (
        "import pygame; pygame.display.init(); pygame.display.set_mode((64, 64));"
        "from yukon.ui.art.felt import table_background;"
        "[table_background(size) for size in ((1, 680), (1, 16000), (16000, 1), (2, 1360))];"
        "import gc; gc.collect(); [pygame.Surface((64, 64)) for _ in range(1000)]; print('drawn')"
    )
    done = subprocess.run(
        [sys.executable, "-X", "faulthandler", "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=30,  # the sliver of a window once took minutes
    )
    assert done.returncode == 0 and done.stdout.split()[-1:] == ["drawn"], done.stderr[-2000:]
