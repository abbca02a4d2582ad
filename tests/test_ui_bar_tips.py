"""Tooltips on the info bar's buttons: what each does and its keys, after
the pointer rests on it a moment (the scene's time), hidden by a motion, a
click or a key, inside the window at every size, in each language."""

from __future__ import annotations

import pygame
import pytest
from uikit import advance, key, make_app, post

from yukon.ui.keymap import Command, keys_for
from yukon.ui.table.bar_tips import DOES, REST_SECONDS, TO_FULL_SCREEN
from yukon.ui.table.scene import rest_seconds

# The bar's buttons in order, and the command each one's tip tells.
COMMANDS = [
    Command.NEW_GAME,
    Command.RESTART,
    Command.UNDO,
    Command.REDO,
    Command.HINT,
    Command.DEMO,
    Command.STATISTICS,
    Command.SETTINGS,
    Command.HELP,
    Command.FULL_SCREEN,
]


def rest_on(app, button, seconds: float = REST_SECONDS) -> None:
    post(app, pygame.MOUSEMOTION, pos=button.rect.center, rel=(1, 0), buttons=(0, 0, 0))
    advance(app, seconds)


def shown(app) -> str | None:
    return app.table.bar.tips.text()


@pytest.mark.parametrize("lang", ["en", "fi", "sv"])
def test_each_bar_button_tells_what_it_does_and_its_keys_after_a_rest(lang):
    app = make_app(lang=lang)
    tr = app.host.translator
    buttons = app.table.bar.buttons
    assert len(buttons) == len(COMMANDS)
    for button, command in zip(buttons, COMMANDS, strict=True):
        rest_on(app, button, REST_SECONDS / 2)
        assert shown(app) is None  # not yet: a pointer passing by shows nothing
        advance(app, REST_SECONDS / 2 + 0.02)
        does = TO_FULL_SCREEN if command is Command.FULL_SCREEN else DOES[command]
        assert shown(app) == f"{tr.gettext(does)}\n{tr.gettext(keys_for(command))}"
        if lang != "en":  # in the player's language
            assert tr.gettext(does) != does
        app.draw()
        said = {box.text for box in app.text_boxes()}
        assert tr.gettext(keys_for(command)) in said, (lang, command)
    app.shutdown()


def test_a_motion_a_click_or_a_key_hides_the_tip():
    app = make_app(code="YU1-C-AAAAAAB")
    table = app.table
    hint = table.bar.button("Hint")
    rest_on(app, hint)
    assert shown(app) is not None and "(H)" not in shown(app) and shown(app).endswith("\nH")
    post(app, pygame.MOUSEMOTION, pos=(hint.rect.centerx + 2, hint.rect.centery), rel=(2, 0))
    assert shown(app) is None  # moved: hidden, and the wait starts again
    advance(app, REST_SECONDS)
    assert shown(app) is not None
    undo = table.bar.button("Undo")
    rest_on(app, undo)
    post(app, pygame.MOUSEBUTTONDOWN, pos=undo.rect.center, button=1)
    post(app, pygame.MOUSEBUTTONUP, pos=undo.rect.center, button=1)
    assert shown(app) is None
    advance(app, 3 * REST_SECONDS)
    assert shown(app) is None  # not again until the pointer moves
    rest_on(app, hint)
    key(app, pygame.K_LEFT)
    assert shown(app) is None
    rest_on(app, hint)
    post(app, pygame.MOUSEMOTION, pos=(hint.rect.centerx, app.size[1] // 2), rel=(0, 200))
    advance(app, REST_SECONDS)
    assert shown(app) is None  # off the bar's buttons: no tip
    app.shutdown()


def test_the_demo_buttons_tip_follows_its_label_and_the_idle_loop_wakes_for_a_tip(monkeypatch):
    from yukon.ui.table.solver_help import SolverHelp

    app = make_app()
    demo = app.table.bar.buttons[COMMANDS.index(Command.DEMO)]
    post(app, pygame.MOUSEMOTION, pos=demo.rect.center, rel=(1, 0), buttons=(0, 0, 0))
    app.draw()
    assert 0 < rest_seconds(app.table) <= REST_SECONDS  # the loop does not sleep past it
    advance(app, REST_SECONDS)
    assert shown(app).startswith("Watch the solver play the game out")
    # Every card face up and a winning line known: the button reads Finish.
    monkeypatch.setattr(SolverHelp, "finish_ready", property(lambda self: True))
    assert demo.label == "Finish"
    assert shown(app).startswith("Play the rest out")
    # While the demo plays the button reads Stop, and any click or key stops
    # it: no tip then (and nothing drawn for one).
    monkeypatch.setattr(SolverHelp, "playing", property(lambda self: True))
    assert demo.tip_text == ""
    app.draw()
    post(app, pygame.MOUSEMOTION, pos=demo.rect.center, rel=(1, 0), buttons=(0, 0, 0))
    advance(app, REST_SECONDS)
    assert not shown(app)
    app.shutdown()


SIZES = ["800x600", "1024x768", "1280x720", "1920x1080", "2560x1440", "3840x2160"]


@pytest.mark.parametrize("lang", ["en", "fi", "sv"])
def test_every_tip_is_inside_the_window_under_the_bar_at_every_size(lang):
    """Swept over window sizes: each button's tip, the last one's at the
    right edge included, lies whole inside the window, right under the bar,
    its lines inside its panel and readable."""
    from yukon.ui import theme

    for size in SIZES:
        app = make_app(size, lang=lang)
        bar = app.table.bar
        window = pygame.Rect((0, 0), app.size)
        for button in bar.buttons:
            rest_on(app, button)
            app.draw()
            tip = bar.tips.rect
            where = (lang, size, button.label)
            assert window.contains(tip), where
            assert tip.top >= bar.rect.bottom, where
            assert tip.top - bar.rect.bottom <= bar.rect.h // 2, where
            assert tip.left <= button.rect.right and tip.right >= button.rect.left, where
            boxes = [box for box in app.text_boxes() if box.holder == tip]
            assert len(boxes) >= 2, where  # what it does, and its keys
            for box in boxes:
                assert tip.contains(box.rect), where
                assert box.rect.h >= theme.font(theme.READABLE).get_height(), where
        app.shutdown()
