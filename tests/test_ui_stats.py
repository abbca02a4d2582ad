"""The Statistics dialog: figures for both rule sets and pictures of one."""

from __future__ import annotations

import pygame
import pytest
from uikit import dialogs, key, make_app, tap

from yukon.engine import Rules


def played_some(app) -> None:
    stats = app.session.stats
    for i in range(30):
        if i % 3:
            stats.record_win("C", 600, 200.0 + 37 * i, 100 + 5 * i)
        else:
            stats.record_loss("C")
    stats.record_win("R", 625, 90.0, 120)


@pytest.mark.parametrize("size", ["800x600", "1280x800", "1920x1080"])
def test_figures_and_charts_fit_the_window(size):
    app = make_app(size=size)
    played_some(app)
    app.table.open_stats()
    dialog = dialogs(app)[-1]
    app.draw()
    window = pygame.Rect((0, 0), app.size)
    assert window.contains(dialog.panel)
    charts_bottom = dialog.charts_top + round(dialog.unit * (1.3 + dialog.CHART))
    assert charts_bottom < min(button.rect.top for button in dialog.buttons)
    for tab in dialog.rule_tabs:
        assert dialog.panel.contains(tab.rect)


def test_the_charts_show_the_chosen_rule_set():
    app = make_app()
    played_some(app)
    app.table.open_stats()
    dialog = dialogs(app)[-1]
    assert dialog.chart_rules is Rules.CLASSIC
    surface = app.surface
    app.draw()
    classic = pygame.image.tobytes(surface, "RGB")
    tap(app, dialog.rule_tabs[1].rect.center)
    assert dialog.chart_rules is Rules.RELAXED
    app.draw()
    assert pygame.image.tobytes(surface, "RGB") != classic


def test_the_daily_line_shows_only_with_the_game_the_deal_of_the_day_is_dealt_in():
    from yukon.jobs.daily import DAILY_RULES
    from yukon.texts.games import GAMES, game_of

    app = make_app()
    app.table.open_stats()
    dialog = dialogs(app)[-1]
    line = dialog.daily_line()
    for game, tab in zip(GAMES, dialog.game_tabs, strict=True):
        tap(app, tab.rect.center)
        app.draw()
        shown = {box.text for box in app.text_boxes()}
        assert (line in shown) is (game is game_of(DAILY_RULES)), game
    app.shutdown()


@pytest.mark.parametrize(
    ("code", "rules"), [("YU1-C-AAAAAAB", Rules.CLASSIC), ("YU1-A-AAAAAAB", Rules.ALASKA)]
)
def test_statistics_open_at_the_game_in_play_not_the_rule_set_new_game_keeps(code, rules):
    # New game keeps Relaxed, but the game in play (the deal of the day, a
    # code) is another: its figures and charts are the ones shown first.
    app = make_app(code=code, rules=Rules.RELAXED.value)
    assert app.session.game.rules is rules
    app.table.open_stats()
    by_button = dialogs(app)[-1]
    assert by_button.chart_rules is rules
    app.host.close(by_button)
    key(app, pygame.K_s)  # and the key
    dialog = dialogs(app)[-1]
    assert dialog.chart_rules is rules and dialog.shown_game is (
        rules if rules is Rules.ALASKA else Rules.CLASSIC
    )
