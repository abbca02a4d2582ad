"""The chrome keeps its proportion to the cards: the bar, its buttons, the
dialogs, Help and the Examples page grow with the window from 800x600 to
3840x2160 (and on a 2x screen), with readable sizes at the smallest."""

from __future__ import annotations

import pytest
from uikit import make_app

from yukon.ui.cards.layout import Layout
from yukon.ui.dialogs.base import dialog_unit

SIZES = [(w, h) for w in range(800, 3841, 160) for h in range(600, 2161, 120) if 3 * w >= 4 * h]


@pytest.mark.parametrize("density", [1.0, 2.0])
def test_the_bar_and_the_dialog_unit_keep_their_proportion_to_the_cards(density):
    for width, height in SIZES:
        px = (round(width * density), round(height * density))
        layout = Layout.for_size(*px, density)
        card = layout.card_w
        assert 0.25 <= layout.bar_h / card <= 0.5, (width, height)
        for units in (22, 30, 40, 46):
            unit = dialog_unit(px, units, density)
            assert unit >= 14 * density  # readable at the smallest
            assert 0.1 <= unit / card <= 0.3, (width, height, units)
            assert (units + 2) * unit <= px[0] + 1  # the dialog fits across


@pytest.mark.parametrize("size", ["800x600", "1920x1080", "3840x2160"])
def test_help_and_the_examples_fill_the_window_alike_at_every_size(size):
    """Not a narrow tower in the top third: both pages reach from under the
    bar to a unit from the bottom, 44 units wide; the Examples page hides
    Help's frame."""
    app = make_app(size)
    width, height = app.size
    app.table.open_help()
    help_page = app.stack.top
    help_page.open_examples()
    examples = app.stack.top
    assert examples.panel == help_page.panel
    bar = app.table.board.layout.bar_h
    assert examples.panel.top >= bar
    assert examples.panel.h >= height - bar - 2 * examples.unit - 1
    assert examples.panel.w >= min(width - 2 * examples.unit, 44 * examples.unit) - 1
    layout = app.table.board.layout
    # Text and cards grow together.
    assert 0.1 <= examples.unit / layout.card_w <= 0.3
    app.shutdown()


@pytest.mark.parametrize("size", ["800x600", "3840x2160"])
def test_the_bar_buttons_grow_with_the_bar(size):
    app = make_app(size)
    bar = app.table.bar
    assert bar.font_size >= 12
    for button in bar.buttons:
        assert button.rect.h >= bar.rect.h * 0.6
    assert bar.font_size >= bar.rect.h * 0.3
    app.shutdown()


def test_the_verdict_under_the_info_text_is_as_readable_as_the_bar(monkeypatch):
    """At 800x600 in Finnish the verdict goes under the score: in the bar's
    own smallest size (12), not a 10 that was hard to read."""
    from yukon.ui import theme
    from yukon.ui.table import info_bar

    app = make_app("800x600", "YU1-U-ZECZDRT", lang="fi", live_verdict=True)
    app.update(0.05)
    bar = app.table.bar
    assert not bar.status_inline and bar.status()
    sizes: list[int] = []
    real = theme.text

    def text(content: str, size: int, color: tuple[int, ...], *, bold: bool = False):
        if color == info_bar.STATUS_COLOUR:
            sizes.append(size)
        return real(content, size, color, bold=bold)

    monkeypatch.setattr(info_bar.theme, "text", text)
    app.draw()
    assert sizes and min(sizes) >= 12
    app.shutdown()


# The two-line bar (the verdict under the score) needs the info text and the
# verdict one above the other: 10 + 10 pixels at the labels' least size, 12,
# so it fits from the bar's least height, 34, that is in every window. No
# window size is exempt; the sweep checks the bound holds at each.
TWO_LINES_FROM = 34
VERDICT_SWEEP = [(w, h) for w in range(640, 3841, 80) for h in (480, 600, 800, 1080, 1440, 2160)]


@pytest.mark.parametrize("lang", ["en", "fi", "sv"])
def test_the_live_verdict_never_makes_the_bar_labels_smaller(lang):
    """With the verdict on, the buttons and the score keep the size they have
    with it off: the verdict goes under the score rather than shrink them
    (at 1280x800 they went from 17 to 14 px, in Finnish to 12). Swept over
    window sizes, with another game's name shown, alone and with the deal of
    the day's."""
    from yukon.ui.cards.layout import bar_height
    from yukon.ui.table.bar_fitting import status_lines_fit

    app = make_app(code="YU1-U-ZECZDRT", lang=lang, live_verdict=True)
    bar = app.table.bar
    verdicts = app.table.help.verdict_samples()  # every one it may show
    assert verdicts
    lines = set()
    for daily in (None, "2026-09-28"):
        if daily:
            app.session.start_game("YU1-U-ZECZDRT", daily=daily)
        assert len(bar.values().names) >= 2  # the game's name is in the bar
        for width, height in VERDICT_SWEEP:
            bar_h = bar_height(height)
            bar.status_samples = list  # the verdict off
            bar.layout(width, bar_h)
            off, off_name = bar.font_size, bar.name_choice
            bar.status_samples = lambda: verdicts
            bar.layout(width, bar_h)
            where = (lang, daily, width, height)
            assert bar_h >= TWO_LINES_FROM and status_lines_fit(off, bar_h), where
            assert bar.font_size >= off, where
            assert bar.name_choice <= off_name, where  # nor the name shorter
            lines.add(bar.status_inline)
    assert lines == {True, False}  # both ways are met in the sweep
    app.shutdown()


def test_a_bar_too_low_for_two_lines_keeps_the_verdict_beside_the_score():
    """The last resort, under any window's bar: with no room for the verdict
    under the score, the labels shrink for it beside the score."""
    from yukon.ui.table.bar_fitting import status_lines_fit

    app = make_app("1280x800", lang="fi", live_verdict=True)
    bar = app.table.bar
    low = TWO_LINES_FROM // 2
    assert not status_lines_fit(12, low)
    bar.layout(800, low)
    assert bar.status_inline
    bar.layout(800, TWO_LINES_FROM)
    assert not bar.status_inline  # the same width with a real bar: two lines
    app.shutdown()
