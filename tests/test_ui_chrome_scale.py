"""The chrome keeps its proportion to the cards: the bar, its buttons, the
dialogs, Help and the Examples page grow with the window from 800x600 to
3840x2160 (and on a 2x screen), with readable sizes at the smallest."""

from __future__ import annotations

import pytest
from uikit import make_app

from yukon.ui.dialogs.base import dialog_unit
from yukon.ui.table.layout import Layout

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
