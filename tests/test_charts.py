"""Statistics charts: the figures they draw, and the drawing at any size."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame
import pytest

from yukon.i18n import Language, Translator
from yukon.ui import theme
from yukon.ui.dialogs import charts
from yukon.ui.dialogs.charts import (
    MOVE_STEPS,
    TIME_STEPS,
    Bins,
    histogram,
    rolling_rate,
    time_edges,
)


def test_the_rate_is_averaged_over_the_last_games():
    results = [True] * 10 + [False] * 10
    rates = rolling_rate(results, window=10)
    assert rates[9] == 1.0 and rates[14] == 0.5 and rates[19] == 0.0
    assert rolling_rate([]) == []


def test_histograms_pick_a_round_width_that_keeps_the_bars_few():
    times = [95.0, 130.0, 150.0, 610.0]
    bins = histogram(times, TIME_STEPS, most=8)
    assert bins == Bins(start=0, step=120, counts=(1, 2, 0, 0, 0, 1))
    assert sum(histogram([100, 101, 180, 260], MOVE_STEPS).counts) == 4
    assert histogram([42], MOVE_STEPS) == Bins(42, 1, (1,))
    assert histogram([], MOVE_STEPS).counts == ()
    assert len(histogram(list(range(0, 100_000, 7)), TIME_STEPS, most=8).counts) >= 1


@pytest.mark.parametrize(
    "value, text",
    [(45, "45 s"), (120, "2 min"), (90, "1 min 30 s"), (105, "1 min 45 s"), (7200, "2 h")],
)
def test_time_edges_read_in_whole_minutes_and_seconds(value, text):
    """Never "1.8m" (a decimal minute, and "m" reads as metres)."""
    for language in Language:
        assert time_edges(Translator(language))(value) == text


def test_every_bin_edge_of_winning_times_is_whole_minutes_and_seconds():
    edge = time_edges(Translator(Language.FINNISH))
    for value in range(0, 4 * 3600, 5):
        bins = histogram([value, value + 97], TIME_STEPS)
        for i in range(len(bins.counts) + 1):
            text = edge(bins.edge(i))
            assert "." not in text and "," not in text and "m " not in text + " ", text


@pytest.mark.parametrize("size", [(120, 60), (300, 140)])
def test_charts_draw_inside_their_rectangle(size):
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface((size[0] + 40, size[1] + 40))
    rect = pygame.Rect((20, 20), size)
    for draw in (
        lambda: charts.draw_rate(surface, rect, [True, False, True] * 20),
        lambda: charts.draw_rate(surface, rect, []),
        lambda: charts.draw_rate(surface, rect, [True]),
        lambda: charts.draw_histogram(surface, rect, histogram([100, 200, 260], TIME_STEPS)),
        lambda: charts.draw_histogram(surface, rect, histogram([], MOVE_STEPS)),
    ):
        surface.fill((255, 255, 255))
        draw()
        inked = pygame.mask.from_threshold(surface, (255, 255, 255), (1, 1, 1, 255))
        inked.invert()
        assert inked.count() > 20
        outside = inked.overlap_area(_mask_of(surface.get_size(), rect), (0, 0))
        assert outside == 0


def _mask_of(size, rect) -> pygame.mask.Mask:
    """Everything outside ``rect``."""
    mask = pygame.mask.Mask(size, fill=True)
    inner = pygame.mask.Mask(rect.size, fill=True)
    mask.erase(inner, rect.topleft)
    return mask


def test_an_empty_rate_chart_shows_its_note_without_a_scale_through_it():
    """No games yet: only the note and the base line, no 50 % and 100 % lines
    for the note to sit on."""
    pygame.init()
    rect = pygame.Rect(0, 0, 240, 100)
    surface = pygame.Surface(rect.size)
    surface.fill((255, 255, 255))
    charts.draw_rate(surface, rect, [])
    grid = pygame.Color(charts.GRID)
    rows = [y for y in range(rect.h) if surface.get_at((rect.w - 10, y)) == grid]
    assert len(rows) == 1  # the base line alone
    full = pygame.Surface(rect.size)
    full.fill((255, 255, 255))
    charts.draw_rate(full, rect, [True, False])
    assert sum(full.get_at((rect.w - 10, y)) == grid for y in range(rect.h)) >= 2  # a scale


class _Heard(Translator):
    """English, remembering every text asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []

    def gettext(self, message: str) -> str:
        self.asked.append(message)
        return super().gettext(message)


def test_an_empty_histogram_says_no_game_was_won_yet():
    """Games lost give the win histograms nothing to draw: their note speaks
    of wins, while the rate chart's speaks of games."""
    pygame.init()
    theme.reset()  # fonts cached by an earlier test died with its pygame
    surface = pygame.Surface((240, 100))
    rect = surface.get_rect()
    heard = _Heard()
    charts.draw_histogram(surface, rect, histogram([], TIME_STEPS), tr=heard)
    assert heard.asked == ["No wins yet"]
    heard.asked.clear()
    charts.draw_rate(surface, rect, [], heard)
    assert heard.asked == ["No games yet"]
    assert Translator(Language.FINNISH).gettext("No wins yet") == "Ei vielä voittoja"
    assert Translator(Language.SWEDISH).gettext("No wins yet") == "Inga vinster än"
