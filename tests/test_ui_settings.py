"""The Settings dialog: three pages of options, each applied at once,
remembered, and within reach of the mouse and the keyboard at any size."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from uikit import dialogs, key, make_app, tap, view

from yukon.persistence.settings import VOLUMES, CardBack, TableColour
from yukon.ui.art.felt import TABLE_COLOURS
from yukon.ui.dialogs.settings import PAGE_NAMES, SettingsPage
from yukon.ui.widgets import Choice


def open_page(app, page: SettingsPage):
    app.table.open_settings()
    dialog = dialogs(app)[-1]
    tab = next(tab for tab in dialog.tabs if tab.label == PAGE_NAMES[page])
    tap(app, tab.rect.center)
    assert dialog.page is page
    return dialog


@pytest.mark.parametrize("size", ["800x600", "1920x1080"])
def test_every_page_fits_the_window(size):
    app = make_app(size=size)
    app.table.open_settings()
    dialog = dialogs(app)[-1]
    window = pygame.Rect((0, 0), app.size)
    for name in dialog.PAGES:
        dialog.page = name
        dialog.resize(app.size)
        app.draw()
        assert window.contains(dialog.panel)
        for control in [*dialog.controls, *dialog.tabs, *dialog.buttons]:
            assert dialog.panel.contains(control.rect), (name, control.label)
        shown = [c.rect for c in dialog.controls]
        assert all(not a.colliderect(b) for i, a in enumerate(shown) for b in shown[i + 1 :])


def test_the_look_applies_at_once_and_is_remembered():
    app = make_app()
    dialog = open_page(app, SettingsPage.LOOK)
    colour, back, four, large, left, speed = dialog.controls
    assert isinstance(colour, Choice) and isinstance(speed, Choice)
    tap(app, colour.option_rects[1].center)  # Blue
    tap(app, back.option_rects[2].center)  # Waves
    for box in (four, large, left):
        tap(app, box.rect.center)
    tap(app, speed.option_rects[2].center)  # Off
    settings = app.session.settings
    assert (settings.table_colour, settings.card_back, settings.animation) == (
        "blue",
        "waves",
        "off",
    )
    assert settings.four_colour and settings.large_indices and settings.left_handed
    board = view(app)
    assert board.art.style.back == "waves" and board.art.style.four_colour
    assert board.layout.foundation_x < board.layout.column_x[0]  # foundations on the left
    assert board.background.get_at((app.size[0] // 2, app.size[1] // 2))[:3] != tuple(
        TABLE_COLOURS[TableColour.GREEN]
    )
    assert board.sprites.pace == 0
    key(app, pygame.K_ESCAPE)
    app.shutdown()
    again = make_app().session.settings
    assert (again.table_colour, again.card_back, again.left_handed) == ("blue", "waves", True)


def test_sound_and_volume_from_the_keyboard_alone():
    app = make_app()
    key(app, pygame.K_F3)
    dialog = dialogs(app)[-1]
    while dialog.focused is not dialog.tabs[2]:
        key(app, pygame.K_TAB)
    key(app, pygame.K_SPACE)  # the Sound page
    assert dialog.page is SettingsPage.SOUND
    while dialog.focused is not dialog.controls[1]:
        key(app, pygame.K_TAB)
    volume = app.session.settings.volume
    key(app, pygame.K_RIGHT)
    assert app.session.settings.volume > volume
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert app.session.settings.volume < volume
    assert app.sound.volume == app.session.settings.volume
    while dialog.focused is not dialog.controls[0]:
        key(app, pygame.K_TAB)
    key(app, pygame.K_SPACE)
    assert app.session.settings.sound is False and app.sound.enabled is False


@pytest.mark.parametrize("size", ["800x600", "3840x2160"])
def test_the_look_page_shows_the_chosen_card_back(size):
    from yukon.ui.art.faces import CardArt, CardStyle

    app = make_app(size=size)
    dialog = open_page(app, SettingsPage.LOOK)
    preview = dialog.back_preview
    assert preview.w > 0 and dialog.panel.contains(preview)
    for control in dialog.controls:  # beside the options, over none of them
        assert not control.rect.colliderect(preview)
    for back in (CardBack.LATTICE, CardBack.WAVES):
        app.session.update_settings(dataclasses.replace(app.session.settings, card_back=back))
        app.draw()
        screen = pygame.display.get_surface()
        image = CardArt(*preview.size, CardStyle(back=back)).back()
        at = (preview.w // 3, preview.h // 3)
        shown = screen.get_at((preview.x + at[0], preview.y + at[1]))
        assert shown == image.get_at(at), back


@pytest.mark.parametrize("available, said", [(False, True), (True, False), (None, False)])
def test_the_sound_page_says_when_there_is_no_audio_device(available, said):
    app = make_app()
    app.sound.available = available
    open_page(app, SettingsPage.SOUND)
    shown = {box.text for box in app.text_boxes()}
    assert ("No audio device was found: the game plays without sound." in shown) is said


def test_the_volume_is_greyed_and_still_while_sound_is_off():
    """Unticked Sound: the volume's options are drawn greyed (none in the
    accent colour), a click or a key on them changes nothing and Tab passes
    them by; ticked again, they are as before."""
    app = make_app()
    dialog = open_page(app, SettingsPage.SOUND)
    sound, volume, _speech = dialog.controls
    assert isinstance(volume, Choice)
    screen = pygame.display.get_surface()
    accent = tuple(dialog.palette.accent)

    def chosen_colour() -> tuple[int, ...]:
        app.draw()
        rect = volume.option_rects[VOLUMES.index(app.session.settings.volume)]
        return tuple(screen.get_at((rect.x + 3, rect.centery)))[:3]

    assert chosen_colour() == accent
    tap(app, sound.rect.center)
    assert app.session.settings.sound is False
    level = app.session.settings.volume
    assert chosen_colour() != accent  # greyed, not the live accent
    tap(app, volume.option_rects[0].center)
    assert app.session.settings.volume == level  # the click is not taken
    for _ in range(len(dialog.focus_order()) + 1):  # Tab never stops on it
        key(app, pygame.K_TAB)
        assert dialog.focused is not volume
    dialog.set_focus(volume)  # focused before sound went off: keys pass it by
    key(app, pygame.K_RIGHT)
    assert app.session.settings.volume == level
    tap(app, sound.rect.center)
    assert app.session.settings.sound is True and chosen_colour() == accent
    tap(app, volume.option_rects[0].center)
    assert app.session.settings.volume == VOLUMES[0]
    stops = set()
    for _ in range(len(dialog.focus_order()) + 1):
        key(app, pygame.K_TAB)
        stops.add(id(dialog.focused))
    assert id(volume) in stops
    app.shutdown()


@pytest.mark.parametrize("stored", [True, False])
def test_with_no_audio_device_sound_and_volume_are_greyed_and_keep_the_choice(monkeypatch, stored):
    """No audio device (the mixer cannot open one): the Sound box and the
    volume are greyed, take no click, key or focus, and the stored choice
    stays as it was; once a device is there they work again."""

    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app = make_app(sound=stored)
    app.sound.start()
    assert app.sound.wait(10) and app.sound.available is False
    dialog = open_page(app, SettingsPage.SOUND)
    sound, volume, _speech = dialog.controls
    screen = pygame.display.get_surface()
    accent = tuple(dialog.palette.accent)

    def box_colour() -> tuple[int, ...]:
        app.draw()
        size = dialog.unit
        y = sound.rect.y + (sound.rect.h - size) // 2 + size // 2
        return tuple(screen.get_at((sound.rect.x + 3, y)))[:3]

    assert box_colour() not in (accent, (255, 255, 255))  # greyed, ticked or not
    level = app.session.settings.volume
    tap(app, sound.rect.center)
    tap(app, volume.option_rects[0].center)
    assert (app.session.settings.sound, app.session.settings.volume) == (stored, level)
    for _ in range(len(dialog.focus_order()) + 1):  # Tab stops on neither
        key(app, pygame.K_TAB)
        assert dialog.focused not in (sound, volume)
    dialog.set_focus(sound)
    key(app, pygame.K_SPACE)
    assert app.session.settings.sound is stored
    app.sound.available = True  # a device is there now
    assert box_colour() == (accent if stored else (255, 255, 255))
    tap(app, sound.rect.center)
    assert app.session.settings.sound is not stored
    app.shutdown()


def test_every_declared_setting_is_on_its_page_under_its_label():
    """The pages come from the settings' declarations: each setting with a
    page is there, in the declared order, with its label; each on/off box
    changes its own setting alone, and is remembered."""
    from yukon.persistence.settings import DECLARATIONS, on_page
    from yukon.ui.widgets import Checkbox

    app = make_app()
    for page in SettingsPage:
        dialog = open_page(app, page)
        names = on_page(page)
        assert names and len(dialog.controls) == len(names)
        for name, control in zip(names, dialog.controls, strict=True):
            if name != "language":  # shown as "Language", named "language" in notices
                assert control.label == DECLARATIONS[name].label
            if not isinstance(control, Checkbox):
                continue
            before = app.session.settings
            tap(app, control.rect.center)
            after = app.session.settings
            assert getattr(after, name) is not getattr(before, name), name
            assert dataclasses.replace(after, **{name: getattr(before, name)}) == before
        key(app, pygame.K_ESCAPE)
    chosen = app.session.settings
    app.shutdown()
    assert make_app().session.settings == chosen
    assert {declared.page for declared in DECLARATIONS.values()} >= set(SettingsPage)
