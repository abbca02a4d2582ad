"""Help opens at the rules of the game being played, and scrolls up from
there to the top of the page."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from uikit import advance, dialogs, key, make_app, post

from yukon.engine import Rules
from yukon.i18n import Language, Translator
from yukon.ui.dialogs.help import HelpScreen
from yukon.ui.dialogs.help_sections import SECTIONS

# The heading each game's Help opens at: Yukon's rules begin the page, and
# Relaxed, like the other games, opens where it is told apart from Classic.
OPENS_AT = {
    Rules.CLASSIC: "How to play",
    Rules.RELAXED: "Rule sets",
    Rules.RUSSIAN: "Russian Solitaire",
    Rules.ALASKA: "Alaska",
    Rules.MOOSEHIDE: "Moosehide",
}
HEADINGS = [heading for heading, _ in SECTIONS]


def open_help(rules: Rules, lang: str = "en", size: str = "800x600"):
    app = make_app(size, code=f"YU1-{rules.value}-AAAAAAB", lang=lang)
    key(app, pygame.K_F1)
    screen = dialogs(app)[-1]
    assert isinstance(screen, HelpScreen)
    return app, screen


def headings_in_view(screen: HelpScreen, lang: str) -> list[tuple[str, int]]:
    """The section headings the player sees, with how far down the view each is."""
    tr = Translator(Language(lang))
    names = {tr.gettext(heading): heading for heading in HEADINGS}
    seen = []
    for text, rect in screen.page_texts:
        top = rect.y - screen.scroll
        if text in names and top >= 0 and top + rect.h <= screen.view.h:
            seen.append((names[text], top))
    return seen


@pytest.mark.parametrize("lang", ["en", "fi", "sv"])
@pytest.mark.parametrize("rules", list(Rules))
def test_help_opens_at_the_rules_of_the_game_in_play(rules, lang):
    app, screen = open_help(rules, lang)
    seen = headings_in_view(screen, lang)
    assert seen, "no heading in view"
    first, top = seen[0]
    assert first == OPENS_AT[rules]  # no earlier section's heading shows
    assert top < screen.view.h // 4  # near the top of the view
    if OPENS_AT[rules] == HEADINGS[0]:
        assert screen.scroll == 0
    else:
        assert top >= screen.scroller.fade_height  # clear of the fade at the top
    app.shutdown()


def test_help_asked_with_no_game_opens_at_the_top():
    app = make_app("800x600")
    screen = HelpScreen(app.host)
    app.host.push(screen)
    assert screen.scroll == 0 and screen.max_scroll > 0
    assert headings_in_view(screen, "en")[0] == ("How to play", 0)
    app.shutdown()


@pytest.mark.parametrize(
    "how",
    ["home", "up", "wheel"],
)
def test_scrolling_up_from_a_games_rules_reaches_the_top(how):
    app, screen = open_help(Rules.MOOSEHIDE)
    assert screen.scroll > 0
    for _ in range(400):
        before = screen.scroll
        if how == "home":
            key(app, pygame.K_HOME)
        elif how == "up":
            key(app, pygame.K_UP)
        else:
            post(app, pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
        if screen.scroll == before:
            break
    assert screen.scroll == 0
    assert headings_in_view(screen, "en")[0] == ("How to play", 0)
    app.shutdown()


def test_the_games_rules_stay_in_view_as_the_window_and_language_change():
    app, screen = open_help(Rules.ALASKA)
    for size in [(1280, 800), (640, 480), (800, 600)]:
        screen.resize(size)
        assert headings_in_view(screen, "en")[0][0] == "Alaska"
    app.session.update_settings(dataclasses.replace(app.session.settings, language="fi"))
    assert headings_in_view(screen, "fi")[0][0] == "Alaska"
    app.shutdown()


def test_once_the_player_scrolls_the_page_stays_where_they_put_it():
    app, screen = open_help(Rules.RUSSIAN)
    key(app, pygame.K_PAGEDOWN)
    advance(app, 0.1)
    scrolled = screen.scroll
    screen.resize((800, 600))
    assert screen.scroll == scrolled
    app.shutdown()


def test_back_from_the_faq_the_help_opens_at_the_game_again():
    app, screen = open_help(Rules.RUSSIAN)
    key(app, pygame.K_HOME)
    key(app, pygame.K_q)  # the FAQ, from its top
    assert screen.faq and screen.scroll == 0
    key(app, pygame.K_q)
    assert not screen.faq
    assert headings_in_view(screen, "en")[0][0] == "Russian Solitaire"
    app.shutdown()


@pytest.mark.parametrize(
    ("rules", "index", "title"),
    [
        (Rules.CLASSIC, 0, "Groups in any order"),
        (Rules.RELAXED, 8, "Relaxed: any colour"),
        (Rules.RUSSIAN, 9, "Russian Solitaire: in suit"),
        (Rules.ALASKA, 10, "Alaska: up or down in suit"),
        (Rules.MOOSEHIDE, 11, "Moosehide: any other suit"),
    ],
)
def test_the_examples_open_at_the_game_in_plays_own_example(rules, index, title):
    from yukon.ui.dialogs.examples import ExamplesScene

    app, _ = open_help(rules)
    key(app, pygame.K_e)
    page = dialogs(app)[-1]
    assert isinstance(page, ExamplesScene)
    assert page.index == index and page.example.title == title
    key(app, pygame.K_UP)  # the examples before it are still there
    assert page.index == max(0, index - 1)
    app.shutdown()
