"""The other games in the window: the New game dialog offers the game first
and Yukon's rule option beside it, Statistics has a game chooser, the bar
and the title name the game, and winnable deals exist for every game."""

from __future__ import annotations

import json

import pygame
import pytest
from uikit import dialogs, make_app, post, tap

from yukon.engine import Game, Rules
from yukon.jobs.hints import winnable_job
from yukon.persistence.stats import Stats
from yukon.solver import Verdict, solve
from yukon.texts.games import GAMES
from yukon.ui import theme


def type_text(app, content: str) -> None:
    for char in content:
        post(app, pygame.TEXTINPUT, text=char)


def _title(app) -> str:
    window = getattr(app.window, "sdl_window", None)
    return window.title if window is not None else pygame.display.get_caption()[0]


def test_the_new_game_dialog_deals_the_chosen_game_and_remembers_it():
    app = make_app(code="YU1-C-AAAAAAB")
    app.table.open_new_game()
    dialog = dialogs(app)[-1]
    names = [button.label for button in dialog.game_buttons]
    assert names == ["Yukon", "Russian Solitaire", "Alaska", "Moosehide"]
    tap(app, dialog.game_buttons[2].rect.center)  # Alaska
    app.draw()
    assert dialog.shown_rules is Rules.ALASKA
    assert dialog.game_buttons[2].primary and not dialog.game_buttons[0].primary
    assert not any(button.enabled() for button in dialog.rule_buttons)  # Yukon's only
    tap(app, dialog.buttons[-1].rect.center)  # Deal
    assert app.table.game.rules is Rules.ALASKA
    assert app.session.settings.rules == "A"
    assert app.table.game.code.startswith("YU1-A-")


def test_yukon_keeps_its_rule_option_while_another_game_is_looked_at():
    app = make_app(code="YU1-C-AAAAAAB")
    app.table.open_new_game()
    dialog = dialogs(app)[-1]
    tap(app, dialog.rule_buttons[1].rect.center)  # Yukon Relaxed
    tap(app, dialog.game_buttons[3].rect.center)  # Moosehide
    assert dialog.shown_rules is Rules.MOOSEHIDE
    tap(app, dialog.game_buttons[0].rect.center)  # back to Yukon: still Relaxed
    assert dialog.shown_rules is Rules.RELAXED
    assert all(button.enabled() for button in dialog.rule_buttons)


def test_a_typed_code_chooses_its_game_and_a_game_button_rewrites_it():
    app = make_app(code="YU1-C-AAAAAAB")
    app.table.open_new_game()
    dialog = dialogs(app)[-1]
    type_text(app, "YU1-U-AAAAABA")
    app.draw()
    assert dialog.shown_rules is Rules.RUSSIAN and dialog.game_buttons[1].primary
    assert "Russian Solitaire" in dialog._code_message(None)[0]
    tap(app, dialog.game_buttons[3].rect.center)  # Moosehide: the same deal
    assert dialog.field.value == "YU1-M-AAAAABA"
    tap(app, dialog.buttons[-1].rect.center)
    assert app.table.game.code == "YU1-M-AAAAABA"


@pytest.mark.parametrize("lang", ["en", "fi", "sv"])
def test_the_game_buttons_fit_their_row_in_every_language(lang):
    app = make_app(size="800x600", code="YU1-C-AAAAAAB", lang=lang)
    app.table.open_new_game()
    dialog = dialogs(app)[-1]
    app.draw()
    for button in dialog.game_buttons:
        assert dialog.panel.contains(button.rect)
        assert theme.font(dialog.game_font, bold=True).size(button.label)[0] <= button.rect.w


@pytest.mark.parametrize("lang", ["en", "fi", "sv"])
@pytest.mark.parametrize("size", ["800x600", "1920x1080"])
def test_the_game_buttons_read_as_large_as_the_rule_buttons(lang, size):
    app = make_app(size=size, code="YU1-C-AAAAAAB", lang=lang)
    app.table.open_new_game()
    dialog = dialogs(app)[-1]
    app.draw()
    assert dialog.game_font == dialog.unit


def test_the_bar_and_the_title_name_the_game():
    app = make_app(code="YU1-U-AAAAAAB")
    assert "Russian Solitaire  YU1-U-AAAAAAB" in app.table.bar.info_text()
    assert _title(app) == "Russian Solitaire — YU1-U-AAAAAAB"
    fi = make_app(code="YU1-M-AAAAAAB", lang="fi")
    assert "Hirvennahka  YU1-M-AAAAAAB" in fi.table.bar.info_text()
    assert _title(fi) == "Hirvennahka — YU1-M-AAAAAAB"
    yukon = make_app(code="YU1-C-AAAAAAB")
    assert yukon.table.bar.info_text().endswith("Moves 0    YU1-C-AAAAAAB")
    assert _title(yukon) == "Yukon — YU1-C-AAAAAAB"


def test_statistics_choose_a_game_and_show_its_own_figures():
    app = make_app()
    app.session.stats.record_win(Rules.ALASKA, 600, 300.0, 140)
    app.session.stats.record_win(Rules.CLASSIC, 625, 90.0, 120)
    app.table.open_stats()
    dialog = dialogs(app)[-1]
    app.draw()
    assert [tab.label for tab in dialog.game_tabs] == [
        "Yukon",
        "Russian Solitaire",
        "Alaska",
        "Moosehide",
    ]
    assert dialog.shown_game is Rules.CLASSIC and len(dialog.shown_rule_tabs) == 2
    tap(app, dialog.game_tabs[2].rect.center)
    app.draw()
    assert dialog.shown_game is Rules.ALASKA and dialog.chart_rules is Rules.ALASKA
    assert dialog.shown_rule_tabs == []  # one rule set: no Classic/Relaxed tabs
    assert dialog.session.stats.for_rules(dialog.chart_rules).won == 1
    tap(app, dialog.game_tabs[0].rect.center)
    assert dialog.chart_rules is Rules.CLASSIC and len(dialog.shown_rule_tabs) == 2


def test_statistics_files_keep_every_game_and_old_files_still_load():
    stats = Stats()
    stats.record_win("U", 625, 100.0, 130)
    stats.record_loss(Rules.MOOSEHIDE)
    data = json.loads(json.dumps(stats.to_json()))
    assert set(data["rules"]) == {"C", "R", "U", "A", "M"}
    again = Stats.from_json(data)
    assert again.for_rules(Rules.RUSSIAN).won == 1
    assert again.for_rules(Rules.MOOSEHIDE).played == 1
    old = {"rules": {"C": data["rules"]["C"], "R": data["rules"]["R"]}, "recent_games": []}
    loaded = Stats.from_json(old)
    assert all(loaded.for_rules(rules).played == 0 for rules in Rules)
    stats.reset(Rules.RUSSIAN)
    assert stats.for_rules(Rules.RUSSIAN).played == 0
    assert stats.for_rules(Rules.MOOSEHIDE).played == 1


@pytest.mark.parametrize("game", GAMES[1:])
def test_winnable_deals_exist_for_every_game(game: Rules) -> None:
    deal = winnable_job(game, 20.0, seed=3)
    assert deal is not None
    result = solve(Game.new(deal, game), max_seconds=None, max_nodes=200_000, processes=1)
    assert result.verdict is Verdict.WON
