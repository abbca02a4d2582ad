"""Small charts drawn with pygame: the win rate over the last games as a
line, winning times and move counts as histograms.

The figures come first, as plain values (``rolling_rate``, ``histogram``),
so they are tested without drawing; ``draw_rate`` and ``draw_histogram``
then draw them into a rectangle of a light panel, with their labels.

>>> rolling_rate([True, False, True, True], window=2)
[1.0, 0.5, 0.5, 1.0]
>>> histogram([65, 70, 130], (30, 60, 120), most=2)
Bins(start=60, step=60, counts=(2, 1))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from yukon.i18n import Translator
from yukon.i18n.formats import format_duration, format_percent
from yukon.ui import theme

# Bin widths a histogram may use: winning times in seconds, move counts.
TIME_STEPS = (10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600)
MOVE_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 500)
# The win rate is averaged over this many games at each point of its line.
RATE_WINDOW = 10

LINE = (30, 110, 190)
BAR = (44, 140, 92)
GRID = theme.PANEL_LINE
LABEL = theme.PANEL_DIM

ENGLISH = Translator()  # the words when no translator is given


def rolling_rate(results: Sequence[bool], window: int = RATE_WINDOW) -> list[float]:
    """At each game, the share of wins over it and up to ``window - 1`` before."""
    rates = []
    for i in range(len(results)):
        recent = results[max(0, i - window + 1) : i + 1]
        rates.append(sum(recent) / len(recent))
    return rates


@dataclass(frozen=True)
class Bins:
    """Counts of values in ``[start + i * step, start + (i + 1) * step)``."""

    start: int
    step: int
    counts: tuple[int, ...]

    def edge(self, i: int) -> int:
        return self.start + i * self.step


def histogram(values: Sequence[float], steps: Sequence[int], most: int = 8) -> Bins:
    """``values`` in bins of the smallest width of ``steps`` that needs no
    more than ``most`` bins, starting at a multiple of that width."""
    if not values:
        return Bins(0, steps[0], ())
    low, high = min(values), max(values)
    step = steps[-1]
    for candidate in steps:
        if int(high // candidate) - int(low // candidate) + 1 <= most:
            step = candidate
            break
    start = int(low // step) * step
    counts = [0] * (int(high // step) - int(low // step) + 1)
    for value in values:
        counts[int((value - start) // step)] += 1
    return Bins(start, step, tuple(counts))


def time_edges(tr: Translator) -> Callable[[int], str]:
    """How the bin edges of winning times read in ``tr``'s language, in
    whole minutes and seconds: "45 s", "2 min", "1 min 45 s", "1 h"."""
    return lambda seconds: format_duration(tr, seconds)


def _label(surface: pygame.Surface, content: str, size: int, **anchor: tuple[int, int]) -> None:
    image = theme.text(content, size, LABEL)
    surface.blit(image, image.get_rect(**anchor))


def _frame(
    surface: pygame.Surface, rect: pygame.Rect, size: int, *, note: str | None
) -> pygame.Rect:
    """The plot area inside ``rect`` (room for labels below), with its base
    line; ``note`` written in it when there is nothing to draw yet."""
    # Inset by the line's dot, which must not cross the rectangle.
    plot = pygame.Rect(rect.x + 3, rect.y + 3, rect.w - 6, rect.h - 3 - round(size * 1.4))
    pygame.draw.line(surface, GRID, plot.bottomleft, (plot.right - 1, plot.bottom))
    if note is not None:
        _label(surface, note, size, center=plot.center)
    return plot


def draw_rate(
    surface: pygame.Surface, rect: pygame.Rect, results: Sequence[bool], tr: Translator = ENGLISH
) -> None:
    """The win rate over the last games, as a line over 0-100 %, its scale
    in a gutter on the left; its words in ``tr``'s language."""
    size = max(11, rect.h // 7)
    gutter = theme.text(format_percent(tr, 1.0), size, LABEL).get_width() + 4
    frame = _frame(surface, rect, size, note=None if results else tr.gettext("No games yet"))
    if not results:
        return  # a scale with nothing on it would run through the note
    plot = pygame.Rect(frame.x + gutter, frame.y, frame.w - gutter, frame.h)
    for share in (0.5, 1.0):
        y = plot.bottom - round(share * (plot.h - 1))
        pygame.draw.line(surface, GRID, (plot.x, y), (plot.right - 1, y))
        label = theme.text(format_percent(tr, share), size, LABEL)
        top = max(rect.y, y - label.get_height() // 2)  # the top one stays inside
        surface.blit(label, label.get_rect(topright=(plot.x - 3, top)))
    rates = rolling_rate(results)
    if not rates:
        return
    count = len(rates)

    def point(i: int, rate: float) -> tuple[int, int]:
        x = plot.x + (round(i * (plot.w - 1) / (count - 1)) if count > 1 else plot.w // 2)
        return (x, plot.bottom - round(rate * (plot.h - 1)))

    points = [point(i, rate) for i, rate in enumerate(rates)]
    if len(points) > 1:
        pygame.draw.aalines(surface, LINE, False, points)
        pygame.draw.lines(surface, LINE, False, points, 2)
    pygame.draw.circle(surface, LINE, points[-1], 3)
    last = tr.ngettext("last {count} game", "last {count} games", count).format(count=count)
    _label(surface, last, size, topright=(plot.right, plot.bottom + 2))


def draw_histogram(
    surface: pygame.Surface,
    rect: pygame.Rect,
    bins: Bins,
    edge: Callable[[int], str] = str,
    tr: Translator = ENGLISH,
) -> None:
    """Bars of ``bins``, the first and last edges written below them; with
    no bins, a note that no game has been won yet (games lost draw none)."""
    size = max(11, rect.h // 7)
    plot = _frame(surface, rect, size, note=None if bins.counts else tr.gettext("No wins yet"))
    if not bins.counts:
        return
    tallest = max(bins.counts)
    width = plot.w / len(bins.counts)
    gap = max(1, round(width * 0.12))
    for i, count in enumerate(bins.counts):
        height = round(count / tallest * (plot.h - size))
        left = plot.x + round(i * width)
        bar = pygame.Rect(left + gap // 2, plot.bottom - height, round(width) - gap, height)
        pygame.draw.rect(surface, BAR, bar)
    _label(surface, str(tallest), size, topleft=(plot.x + 2, plot.y))
    _label(surface, edge(bins.start), size, topleft=(plot.x, plot.bottom + 2))
    end = bins.edge(len(bins.counts))
    _label(surface, edge(end), size, topright=(plot.right, plot.bottom + 2))
