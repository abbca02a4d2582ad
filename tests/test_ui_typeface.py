"""The chrome's typeface: the platform's UI font in two weights, found
through pygame's font lookup, or the bundled font where there is none."""

from __future__ import annotations

import pygame
import pytest

from yukon.ui import theme, typeface


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    yield
    typeface.use(None)
    theme.reset()


def test_without_a_platform_font_the_bundled_one_draws(monkeypatch):
    monkeypatch.setattr(pygame.font, "match_font", lambda *args, **kwargs: None)
    assert typeface.find() == typeface.BUNDLED
    typeface.use(typeface.find())
    theme.reset()
    assert isinstance(theme.font(18), theme.SmoothFont)
    assert theme.text("Settings", 18, theme.TEXT).get_height() > 0


def test_a_lookup_that_fails_falls_back_to_the_bundled_font(monkeypatch):
    def broken(*args, **kwargs):
        raise OSError("fc-list: not found")

    monkeypatch.setattr(pygame.font, "match_font", broken)
    assert typeface.find() == typeface.BUNDLED


def test_a_platform_font_gives_a_regular_and_a_bold_weight():
    found = typeface.find()
    if found.bundled:
        pytest.skip("no platform UI font installed here")
    assert found.regular != found.bold
    typeface.use(found)
    theme.reset()
    regular, bold = theme.font(40), theme.font(40, bold=True)
    assert not isinstance(regular, theme.SmoothFont)
    # Bold is heavier: the same word is wider.
    assert bold.size("Settings")[0] > regular.size("Settings")[0]


@pytest.mark.parametrize("name", ["platform", "bundled"])
def test_both_typefaces_are_about_the_same_size(name):
    """A found font is scaled to the bundled font's capitals, so layouts
    made for one suit the other."""
    typeface.use(typeface.find() if name == "platform" else typeface.BUNDLED)
    theme.reset()
    height = theme.font(30).get_linesize()
    typeface.use(typeface.BUNDLED)
    theme.reset()
    assert 0.8 <= height / theme.font(30).get_linesize() <= 1.3


def test_a_condensed_cut_is_taken_at_its_regular_width(tmp_path):
    condensed = tmp_path / "DejaVuSansCondensed.ttf"
    wide = tmp_path / "DejaVuSans.ttf"
    condensed.write_bytes(b"")
    assert typeface._uncondensed(str(condensed)) == str(condensed)  # no regular cut beside it
    wide.write_bytes(b"")
    assert typeface._uncondensed(str(condensed)) == str(wide)


def test_a_lookup_started_early_gives_what_a_lookup_at_first_use_gives():
    typeface.use(None)
    typeface.look_up_soon()  # as the app does before opening its window
    early = typeface.current()
    typeface.use(None)
    assert early == typeface.current() == typeface.find()
