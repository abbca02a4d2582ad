"""The chrome keeps its proportion to the cards: the bar, its buttons, the
dialogs, Help and the Examples page grow with the window from 800x600 to
3840x2160 (and on a 2x screen), with readable sizes at the smallest."""

from __future__ import annotations

import pygame
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
        # At most half a card; a bit more where the bar holds two rows (a
        # narrow window: the info text under the buttons, both readable).
        assert 0.25 <= layout.bar_h / card <= 0.56, (width, height)
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
    assert bar.font_size >= 18
    share = 0.6 if bar.rows == 1 else 0.45  # two rows: the info text under the buttons
    for button in bar.buttons:
        assert button.rect.h >= bar.rect.h * share
    assert bar.font_size >= bar.rect.h * 0.3
    app.shutdown()


# Windows from the smallest to 4K, wide and narrow, and a few forced smaller
# than the window's least size (the bar is laid out for them all the same).
BAR_SWEEP = [(w, h) for w in range(800, 3841, 160) for h in (600, 720, 800, 1080, 1440, 2160)]
# The deal of the day's widest dates: the longest names the bar may show.
DAILY = "2026-09-28"


def bar_sizes(app, monkeypatch) -> list[tuple[str, int]]:
    """Every text the bar draws, with its size, as it draws it."""
    from yukon.ui import theme

    drawn: list[tuple[str, int]] = []
    real = theme.text

    def text(content: str, size: int, color: tuple[int, ...], *, bold: bool = False):
        drawn.append((content, size))
        return real(content, size, color, bold=bold)

    monkeypatch.setattr(theme, "text", text)
    app.table.bar.draw(pygame.Surface(app.size), app.table.board.palette)
    monkeypatch.undo()
    return drawn


@pytest.mark.parametrize("lang", ["en", "fi", "sv"])
def test_no_bar_text_is_under_the_readable_size_and_names_take_no_size(lang, monkeypatch):
    """The bar's labels, its info text and the verdict are never drawn under
    18 (DejaVu Sans at 12 px; they were 12, 10 px lines, at 800x600), nor
    under 18/46 of the bar's height in a taller bar; and they keep the size
    they have with the code alone when another game's name or the deal of
    the day is shown, the verdict on or off (the name gives way first: at
    1920x1080 the labels went from 24 to 19). Swept over window sizes in
    each language (Finnish labels are the longest)."""
    from yukon.ui.cards.layout import bar_height
    from yukon.ui.table.bar_fitting import READABLE_SIZE, readable_size

    app = make_app(lang=lang, live_verdict=True)
    bar = app.table.bar
    verdicts = app.table.help.verdict_samples()
    games = [("YU1-C-ZECZDRT", None), ("YU1-U-ZECZDRT", None), ("YU1-C-DBGSOPT", DAILY)]
    games.append(("YU1-M-DBGSOPT", DAILY))  # the game's name and the deal of the day's
    rows = set()
    for width, height in BAR_SWEEP:
        bar_h = bar_height(height)
        sizes = set()
        for code, daily in games:
            app.session.start_game(code, daily=daily)
            for status in ([], verdicts):
                bar.status_samples = lambda status=status: status
                bar.layout(width, bar_h)
                where = (lang, code, daily, width, height, bool(status))
                assert bar.font_size >= READABLE_SIZE, where
                if bar.rows == 1:  # else a narrow window: the buttons take its width
                    assert bar.font_size >= readable_size(bar_h), where
                sizes.add(bar.font_size)
                rows.add(bar.rows)
                bar.status = lambda status=status: status[-1] if status else ""
                for text, size in bar_sizes(app, monkeypatch):
                    assert size >= READABLE_SIZE, (*where, text, size)
        assert len(sizes) == 1, (lang, width, height, sizes)  # names take no size
    assert rows == {1, 2}  # the narrow windows put the info text on a second row
    app.shutdown()


def test_the_live_verdict_never_makes_the_bar_labels_smaller():
    """With the verdict on, the buttons and the score keep the size they have
    with it off: the verdict goes beside the score, under it, or on the
    second row of a narrow window's bar, rather than shrink them (at
    1280x800 they went from 17 to 14 px, in Finnish to 12); on one row the
    name of the deal does not give way to it either."""
    from yukon.ui.cards.layout import bar_height

    for lang in ("en", "fi", "sv"):
        app = make_app(code="YU1-U-ZECZDRT", lang=lang, live_verdict=True)
        bar = app.table.bar
        verdicts = app.table.help.verdict_samples()
        placed = set()
        for daily in (None, DAILY):
            if daily:
                app.session.start_game("YU1-U-ZECZDRT", daily=daily)
            for width, height in BAR_SWEEP:
                bar_h = bar_height(height)
                bar.status_samples = list  # the verdict off
                bar.layout(width, bar_h)
                off, off_name, off_rows = bar.font_size, bar.name_choice, bar.rows
                bar.status_samples = lambda verdicts=verdicts: verdicts
                bar.layout(width, bar_h)
                where = (lang, daily, width, height)
                assert bar.font_size >= off, where
                assert bar.rows == off_rows, where
                if bar.rows == 1:
                    assert bar.name_choice <= off_name, where  # nor the name shorter
                placed.add((bar.rows, bar.status_inline))
        assert placed == {(1, True), (1, False), (2, True)}, lang  # all three ways
        app.shutdown()


def test_a_bar_too_low_for_two_rows_keeps_the_verdict_beside_the_score():
    """The last resort, under any window's bar: with no room for a second
    row nor for the verdict under the score, the labels shrink for it
    beside the score."""
    from yukon.ui.table.bar_fitting import two_rows_fit

    app = make_app("1280x800", lang="fi", live_verdict=True)
    bar = app.table.bar
    low = 17
    assert not two_rows_fit(12, low)
    bar.layout(800, low)
    assert bar.status_inline and bar.rows == 1 and bar.font_size >= 12
    bar.layout(800, 46)  # the same width with a real bar: two rows
    assert bar.rows == 2 and bar.font_size >= 18
    app.shutdown()
