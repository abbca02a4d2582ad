"""Every combination of the look settings draws, at the smallest window and
in full HD, with the cards where the layout says."""

from __future__ import annotations

import dataclasses
import itertools

import pygame
import pytest
from uikit import make_app, view

from yukon.persistence.settings import AnimationSpeed, CardBack, TableColour


@pytest.mark.parametrize("size", ["800x600", "1920x1080"])
def test_every_look_combination_renders(size):
    app = make_app(size=size, code="YU1-C-AAAAAAB")
    board = view(app)
    window = pygame.Rect((0, 0), app.size)
    combos = list(
        itertools.product(
            CardBack,
            (False, True),  # four-colour deck
            (False, True),  # large indices
            TableColour,
            (False, True),  # left-handed
            AnimationSpeed,
        )
    )
    drawn = set()
    for back, four, large, colour, left, speed in combos:
        settings = dataclasses.replace(
            app.session.settings,
            card_back=back,
            four_colour=four,
            large_indices=large,
            table_colour=colour,
            left_handed=left,
            animation=speed,
        )
        app.session.update_settings(settings)
        app.draw()
        layout = board.layout
        assert (board.art.style.back, board.art.style.four_colour) == (back, four)
        assert (layout.foundation_x < layout.column_x[0]) == left
        for rect, _ in layout.card_rects(board.game).values():
            assert window.contains(rect)
        corner = app.surface.get_at((layout.width // 2, layout.height - 2))[:3]
        drawn.add((colour, corner))
    assert len({colour for colour, _ in drawn}) == len(TableColour)
    assert len({corner for _, corner in drawn}) == len(TableColour)  # four felts


@pytest.mark.parametrize("colour", list(TableColour))
def test_the_bar_and_the_dialogs_follow_the_table_colour(colour):
    from yukon.ui.art.felt import TABLE_COLOURS as FELTS
    from yukon.ui.chrome_colours import chrome

    app = make_app("1024x768")
    app.session.update_settings(dataclasses.replace(app.session.settings, table_colour=colour))
    colours = chrome(FELTS[colour])
    app.draw()
    screen = pygame.display.get_surface()
    bar = app.table.bar
    right_of_buttons = max(button.rect.right for button in bar.buttons) + 4
    assert screen.get_at((right_of_buttons, bar.rect.bottom - 3))[:3] == colours.bar
    app.table.open_settings()
    dialog = app.stack.top
    app.draw()
    done = dialog.buttons[-1]  # the main button, in the table's accent
    assert screen.get_at((done.rect.x + 3, done.rect.centery))[:3] == colours.accent
    panel = dialog.panel
    assert screen.get_at((panel.centerx, panel.bottom - 4))[:3] == colours.panel
    app.shutdown()


def test_the_chrome_colours_differ_for_every_table_colour():
    from yukon.ui.art.felt import TABLE_COLOURS as FELTS
    from yukon.ui.chrome_colours import chrome

    bars = {chrome(felt).bar for felt in FELTS.values()}
    accents = {chrome(felt).accent for felt in FELTS.values()}
    assert len(bars) == len(accents) == len(FELTS)


def test_a_dialog_casts_a_soft_shadow_not_a_slab():
    """Under the panel the table darkens little by little, over a unit."""
    app = make_app("1024x768")
    app.table.open_settings()
    dialog = app.stack.top
    app.draw()
    screen = pygame.display.get_surface()
    panel, u = dialog.panel, dialog.unit
    x = panel.centerx
    shades = [sum(screen.get_at((x, panel.bottom + 1 + d))[:3]) for d in range(u + u // 3)]
    assert shades == sorted(shades)  # lighter and lighter away from the panel
    assert len(set(shades)) >= u // 2  # a gradient, not one step
    app.shutdown()


def contrast(one: tuple[int, int, int], other: tuple[int, int, int]) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""

    def luminance(color: tuple[int, int, int]) -> float:
        def channel(c: int) -> float:
            c = c / 255
            return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b = (channel(c) for c in color)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("colour", list(TableColour))
def test_each_verdict_has_its_colour_readable_on_every_bar(colour):
    """The live verdict's colours: each tone its own, every text at least
    4.5:1 against what it stands on (the bar, or the lost game's badge),
    and the badge at least 3:1 against the bar, so it is seen at a glance
    whatever the table colour."""
    from yukon.ui.art.felt import TABLE_COLOURS as FELTS
    from yukon.ui.chrome_colours import chrome
    from yukon.ui.table.info_bar import BADGES, TONE_INKS, Tone

    bar = chrome(FELTS[colour]).bar
    assert len(set(TONE_INKS.values())) == len(Tone)
    for tone in Tone:
        ground = BADGES.get(tone, bar)
        assert contrast(TONE_INKS[tone], ground) >= 4.5, (colour, tone)
    for badge in BADGES.values():
        assert contrast(badge, bar) >= 3, colour


def test_each_scene_draws_in_the_palette_of_its_own_settings():
    """The chrome's palette is no process-wide state that the last table
    set: a dialog over a session with a red table is drawn in red chrome
    while a table on blue felt draws its bar in blue, in one process."""
    from types import SimpleNamespace

    from yukon.ui.art.felt import TABLE_COLOURS as FELTS
    from yukon.ui.chrome_colours import chrome
    from yukon.ui.dialogs.base import Dialog

    app = make_app("1024x768", table_colour=TableColour.BLUE)
    red = dataclasses.replace(app.session.settings, table_colour=TableColour.RED)
    host = SimpleNamespace(
        translator=app.translator, session=SimpleNamespace(settings=red), density=1.0
    )
    dialog = Dialog(host)  # type: ignore[arg-type]
    dialog.resize((1024, 768))
    surface = pygame.Surface((1024, 768))
    for _ in range(2):
        app.draw()
        bar = app.table.bar
        x = max(button.rect.right for button in bar.buttons) + 4
        assert app.surface.get_at((x, bar.rect.bottom - 3))[:3] == chrome(FELTS["blue"]).bar
        dialog.draw(surface)
        panel = dialog.panel
        assert surface.get_at((panel.centerx, panel.bottom - 4))[:3] == chrome(FELTS["red"]).panel
    app.shutdown()
