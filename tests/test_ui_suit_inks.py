"""Suit signs in text follow the player's deck: with the four-colour deck
♦ and ♣ are blue and green in Help, the dialogs and the table's messages,
as on the cards, in inks that read on the light panel and the dark table."""

from __future__ import annotations

import colorsys
import dataclasses

import pygame
import pytest
from uikit import dialogs, key, make_app, view

from yukon.engine import Suit
from yukon.ui import theme
from yukon.ui.art.felt import TABLE_COLOURS
from yukon.ui.art.palette import FOUR_COLOURS, RED, Color, suit_color, text_inks
from yukon.ui.chrome_colours import chrome
from yukon.ui.dialogs.examples import ExamplesScene
from yukon.ui.dialogs.help import HelpScreen
from yukon.ui.dialogs.paragraphs import paragraphs
from yukon.ui.table.state import Banner

BLUE = FOUR_COLOURS[Suit.DIAMONDS]
GREEN = FOUR_COLOURS[Suit.CLUBS]
DARK_BLUE = text_inks(four_colour=True, dark=True)[Suit.DIAMONDS]
DARK_GREEN = text_inks(four_colour=True, dark=True)[Suit.CLUBS]


def luminance(colour: Color) -> float:
    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: Color, other: Color) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def count(surface: pygame.Surface, colour: Color | None, *, within: int = 6) -> int:
    """How many opaque pixels of ``surface`` are ``colour`` (give or take)."""
    assert colour is not None
    seen = 0
    for x in range(surface.get_width()):
        for y in range(surface.get_height()):
            r, g, b, a = surface.get_at((x, y))
            if a > 200 and all(
                abs(p - q) <= within for p, q in zip((r, g, b), colour, strict=True)
            ):
                seen += 1
    return seen


def test_text_inks_are_the_cards_inks_on_the_panel_and_their_twins_on_the_table():
    for four in (False, True):
        light = text_inks(four_colour=four, dark=False)
        dark = text_inks(four_colour=four, dark=True)
        for suit in Suit:
            card = FOUR_COLOURS[suit] if four else suit_color(suit)
            if suit.is_red or (four and suit is not Suit.SPADES):
                assert light[suit] == card
                hue = colorsys.rgb_to_hsv(*(c / 255 for c in card))[0]
                twin = colorsys.rgb_to_hsv(*(c / 255 for c in dark[suit]))[0]
                assert min(abs(hue - twin), 1 - abs(hue - twin)) < 0.04  # the same hue
            else:
                assert light[suit] is None and dark[suit] is None  # the text's colour


@pytest.mark.parametrize("felt", list(TABLE_COLOURS.values()))
def test_every_text_ink_reads_on_its_background(felt):
    # Small glyphs: at least 3:1 on the panel of every table colour, and on
    # the table's felt, its bar and the banner.
    for four in (False, True):
        for ink in filter(None, text_inks(four_colour=four, dark=False)):
            assert contrast(ink, chrome(felt).panel) >= 3, (ink, felt)
        for ink in filter(None, text_inks(four_colour=four, dark=True)):
            for back in (felt, chrome(felt).bar, theme.BANNER):
                assert contrast(ink, back) >= 3, (ink, back)


def test_rich_text_draws_diamonds_and_clubs_in_the_four_colour_inks():
    pygame.font.init()
    four = theme.rich_text(
        "♠♥♦♣", 40, theme.PANEL_TEXT, inks=text_inks(four_colour=True, dark=False)
    )
    classic = theme.rich_text(
        "♠♥♦♣", 40, theme.PANEL_TEXT, inks=text_inks(four_colour=False, dark=False)
    )
    w = four.get_width() // 4
    hearts, diamonds, clubs = (four.subsurface((i * w, 0, w, four.get_height())) for i in (1, 2, 3))
    assert count(diamonds, BLUE) > 20 and count(clubs, GREEN) > 20
    assert count(hearts, RED) > 20 and count(hearts, BLUE) == 0
    assert count(classic, BLUE) == 0 and count(classic, GREEN) == 0
    assert count(classic.subsurface((2 * w, 0, w, classic.get_height())), RED) > 20


def test_a_loss_answer_shows_the_decks_inks():
    pygame.font.init()
    lines = [("Move the 7♦ onto the 8♣", theme.PANEL_TEXT)]
    page = paragraphs(lines, 400, 30, gap=4, inks=text_inks(four_colour=True, dark=False))
    assert count(page.surface, BLUE) > 10 and count(page.surface, GREEN) > 10


def help_page(app) -> pygame.Surface:
    screen = dialogs(app)[-1]
    assert isinstance(screen, HelpScreen)
    assert screen.scroller.page is not None
    return screen.scroller.page.surface


@pytest.mark.parametrize("lang", ["fi", "sv"])
def test_help_shows_the_four_colour_suits_and_follows_the_setting_while_open(lang):
    app = make_app("800x600", lang=lang, four_colour=True)
    key(app, pygame.K_F1)
    page = help_page(app)
    assert count(page, BLUE) > 10 and count(page, GREEN) > 10
    app.session.update_settings(dataclasses.replace(app.session.settings, four_colour=False))
    app.update(1 / 60)
    page = help_page(app)
    assert count(page, BLUE) == 0 and count(page, GREEN) == 0
    assert count(page, RED) > 10
    app.shutdown()


def banner_pixels(app) -> pygame.Surface:
    app.table.board.redraw()
    app.draw()
    box = view(app).banner_box
    assert box is not None
    return app.window.surface.subsurface(box).copy()


def test_a_table_message_shows_the_four_colour_suits_and_follows_the_setting():
    app = make_app("800x600", lang="fi", four_colour=True)
    app.table.board.show_banner(Banner("8♣ · 7♦ · 6♣ · 5♦", until=1e9))
    shown = banner_pixels(app)
    assert count(shown, DARK_BLUE) > 10 and count(shown, DARK_GREEN) > 10
    app.session.update_settings(dataclasses.replace(app.session.settings, four_colour=False))
    app.update(1 / 60)
    shown = banner_pixels(app)
    assert count(shown, DARK_BLUE) == 0 and count(shown, DARK_GREEN) == 0
    app.shutdown()


def test_an_examples_text_shows_the_four_colour_suits_and_follows_the_setting():
    app = make_app("800x600", lang="fi", four_colour=True)
    scene = ExamplesScene(app.host, 0)  # its text names the 10♦ and the J♦
    app.host.push(scene)

    def text() -> pygame.Surface:
        surface = pygame.Surface((700, 120), pygame.SRCALPHA)
        scene.draw_text(surface, surface.get_rect())
        return surface

    assert count(text(), BLUE) > 10
    app.session.update_settings(dataclasses.replace(app.session.settings, four_colour=False))
    assert count(text(), BLUE) == 0 and count(text(), RED) > 10
    app.shutdown()
