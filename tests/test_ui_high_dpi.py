"""The high-DPI window used on macOS, forced here on the headless driver.

SDL's dummy driver has no Retina screen, so ``RetinaWindow`` plays one as
SDL does on macOS: the window's size is in points, its surface has twice
as many pixels each way, and pointer events arrive in points.
"""

from __future__ import annotations

import pygame
import pytest
from positions import layout
from uikit import card, drag, grab_point, make_app, pile_point, post, tap, use_game, view

from yukon.engine import FOUNDATION
from yukon.ui.cards.layout import Layout
from yukon.ui.dialogs.base import dialog_unit
from yukon.ui.shell import window as window_module
from yukon.ui.theme import BUTTON

SCALE = 2


class RetinaWindow(pygame.Window):
    """A window on a 2x screen (``scale``); remembers what each flip showed."""

    def __init__(self, *args, **kwargs) -> None:
        assert kwargs.get("allow_high_dpi"), "a high-DPI window must ask for the real pixels"
        super().__init__(*args, **kwargs)
        self.scale = SCALE
        self.pixels = pygame.Surface((1, 1))
        self.shown: pygame.Surface | None = None

    def get_surface(self) -> pygame.Surface:
        w, h = self.size
        if self.pixels.get_size() != (w * self.scale, h * self.scale):
            self.pixels = pygame.Surface((w * self.scale, h * self.scale))
        return self.pixels

    def flip(self) -> None:
        self.shown = self.pixels.copy()


def points(pixel: tuple[int, int]) -> tuple[int, int]:
    return (pixel[0] // SCALE, pixel[1] // SCALE)


@pytest.fixture
def retina(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(window_module, "HIGH_DPI", True)
    monkeypatch.setattr(pygame, "Window", RetinaWindow)


def test_the_table_is_laid_out_and_drawn_at_the_screens_real_pixels(retina: None) -> None:
    app = make_app(size="1280x800")
    assert app.window.sdl_window.size == (1280, 800)  # points
    assert app.size == app.surface.get_size() == (2560, 1600)  # pixels
    assert app.window.density == SCALE
    layout = view(app).layout
    normal = Layout.for_size(1280, 800)
    # The same table in points, at twice the pixels: as large, and sharp.
    assert layout.size == (2560, 1600)
    assert abs(layout.card_w - 2 * normal.card_w) <= 1 and abs(layout.bar_h - 2 * normal.bar_h) <= 1
    assert view(app).art.width == layout.card_w


def test_the_dialogs_keep_their_size_in_points(retina: None) -> None:
    app = make_app(size="1280x1300")
    tap(app, points(app.table.bar.button("Settings").rect.center))
    dialog = app.stack.scenes[-1]
    assert type(dialog).__name__ == "SettingsDialog"
    # As in a 1x window this size in points, at twice the pixels.
    assert abs(dialog.unit - 2 * dialog_unit((1280, 1300), dialog.width_units)) <= 1


def test_a_click_at_a_cards_position_in_points_plays_that_card(retina: None) -> None:
    app = make_app(double_click=False)
    use_game(app, layout([["AS"]]))
    tap(app, points(grab_point(app, card("AS"))))
    assert app.table.game.foundations[0]
    undo = app.table.bar.button("Undo")
    tap(app, points(undo.rect.center))
    assert not app.table.game.foundations[0]


def test_a_drag_in_points_drops_on_the_pile_under_the_pointer(retina: None) -> None:
    app = make_app(double_click=False)
    use_game(app, layout([["AS"], []]))
    drag(app, points(grab_point(app, card("AS"))), points(pile_point(app, FOUNDATION)))
    assert app.table.game.foundations[0]


def test_a_hover_in_points_lights_the_button_under_it(retina: None) -> None:
    app = make_app()
    button = app.table.bar.button("Undo")
    post(app, pygame.MOUSEMOTION, pos=points(button.rect.center), rel=(3, 4), buttons=(0, 0, 0))
    assert button.hover


def test_resizing_lays_out_again_at_the_new_pixel_size_and_remembers_points(
    retina: None,
) -> None:
    app = make_app(size="1280x800")
    app.window.sdl_window.size = (1000, 700)
    post(app, pygame.VIDEORESIZE, size=(1000, 700), w=1000, h=700)
    assert app.size == view(app).layout.size == (2000, 1400)
    assert app.window.windowed_size == (1000, 700)  # the window opens in points


def test_a_window_moved_to_a_screen_of_another_density_is_laid_out_for_it(
    retina: None,
) -> None:
    # SDL on macOS sends a resize when the backing scale factor changes.
    app = make_app(size="1280x800")
    normal_card = Layout.for_size(1280, 800).card_w
    window = app.window.sdl_window
    window.scale = 1  # dragged onto an external screen without Retina
    post(app, pygame.VIDEORESIZE, size=(1280, 800), w=1280, h=800)
    assert app.window.density == 1.0 and app.size == (1280, 800)
    assert view(app).layout.card_w == normal_card
    assert app.window.windowed_size == (1280, 800)
    window.scale = SCALE  # and back
    post(app, pygame.VIDEORESIZE, size=(1280, 800), w=1280, h=800)
    assert app.size == view(app).layout.size == (2560, 1600)


def test_full_screen_and_back_keep_the_pixel_size_and_the_window_in_points(
    retina: None,
) -> None:
    app = make_app(size="1100x750")
    app.host.set_fullscreen(True)
    desktop = app.window.sdl_window.size
    assert app.fullscreen and app.size == (desktop[0] * SCALE, desktop[1] * SCALE)
    assert view(app).layout.size == app.size
    app.host.set_fullscreen(False)
    assert app.window.sdl_window.size == (1100, 750)
    assert app.size == view(app).layout.size == (2200, 1500)


def test_drawing_shows_the_table_in_the_window(retina: None) -> None:
    app = make_app(size="1280x800")
    app.args.frames = 2
    app.run()
    shown = app.window.sdl_window.shown
    assert shown is not None and shown.get_size() == (2560, 1600)
    settings = app.table.bar.button("Settings").rect
    assert shown.get_at((settings.x + 3, settings.centery))[:3] == BUTTON[:3]
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(app.surface, "RGB")


def test_the_title_goes_on_the_high_dpi_window(retina: None) -> None:
    app = make_app(code="YU1-R-AAAAABA")
    assert app.window.sdl_window.title == "Yukon — YU1-R-AAAAABA"


def test_sdl_opens_the_high_dpi_window_outside_the_display_module(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(window_module, "HIGH_DPI", True)
    app = make_app(size="900x640")
    assert pygame.display.get_surface() is None  # a pygame.Window of its own
    assert app.size == app.window.sdl_window.size == (900, 640)  # no Retina here
    assert app.window.density == 1.0
    app.window.present(app.draw())
    app.window.present([pygame.Rect(0, 0, 10, 10)])


def test_elsewhere_the_window_is_the_display_modules_and_points_are_pixels(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(window_module, "HIGH_DPI", False)  # Linux and Windows
    app = make_app(size="900x640")
    assert pygame.display.get_surface() is app.surface
    assert app.size == app.window.sdl_window.size == (900, 640) and app.window.density == 1.0
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 7), button=1)
    assert app.window.to_pixels(event) is event
