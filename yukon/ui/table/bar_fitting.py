"""How the info bar's labels fit its width: the largest size at which the
buttons, the info text and the status (the live verdict) all have room, the
status beside the info text or under it, on one row or, in a narrow window,
the info text on a second row under the buttons."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from yukon.ui import theme
from yukon.ui.widgets import Button

LEAST_SIZE = 12  # the least size of all, for a bar forced lower than any window's
# The labels' least readable size in the bar of the least height (46 points,
# see ``layout.bar_height``); a taller bar keeps the same share of its height.
READABLE_SIZE = theme.READABLE
READABLE_SHARE = READABLE_SIZE / 46
# The status stands out of the bar as a badge this many sizes wider than its text.
BADGE_PAD = 0.5


def readable_size(height: int) -> int:
    """The labels' least readable size in a bar ``height`` pixels tall.

    >>> readable_size(46), readable_size(56), readable_size(112), readable_size(30)
    (18, 22, 44, 12)
    """
    return max(LEAST_SIZE, round(height * READABLE_SHARE))


def line_height(size: int) -> int:
    """How tall a line of the bar's bold text of ``size`` is drawn (the
    bundled font draws taller than its ``get_height``)."""
    return theme.text("Åg", size, theme.TEXT, bold=True).get_height()


def status_size(size: int, least: int = LEAST_SIZE) -> int:
    """The status's size under info text of ``size``: a little smaller, never
    under ``least`` (the labels' least readable size).

    >>> status_size(12), status_size(20), status_size(50), status_size(20, 18)
    (12, 17, 42, 18)
    """
    return max(least, round(size * 0.85))


def status_lines_fit(size: int, height: int) -> bool:
    """Whether the info text at ``size`` and the status under it fit a bar
    ``height`` pixels tall."""
    return line_height(size) + line_height(status_size(size, readable_size(height))) <= height


def row_pad(height: int) -> int:
    """The room around the two rows of a bar ``height`` pixels tall."""
    return max(2, height // 15)


def edge_pad(height: int) -> int:
    """The room between the info text and the bar's right end."""
    return max(6, height // 4)


def two_rows_fit(size: int, height: int) -> bool:
    """Whether buttons with labels of ``size`` and the info text under them
    fit a bar ``height`` pixels tall, each label with room above and below."""
    line = line_height(size)
    button = height - 3 * row_pad(height) - line
    return button - line >= 2 * max(2, size // 8)


class Fit(NamedTuple):
    """The labels' ``size``, the buttons' ``widths`` and the width ``used``."""

    size: int
    widths: list[int]
    used: int


class BarFitting:
    """The sizes of a bar's texts, measured once each: the buttons' labels,
    the info text of each of ``samples`` (the code alone first, then each
    name of the deal, the fullest first) and the widest of ``statuses``, in
    a bar with ``pad`` pixels between its parts, whose texts are readable
    from ``least`` up."""

    def __init__(
        self,
        buttons: Sequence[Button],
        samples: Sequence[str],
        statuses: Sequence[str],
        pad: int,
        least: int = LEAST_SIZE,
    ) -> None:
        self.buttons = buttons
        self.least = least
        self.samples = samples
        self.statuses = statuses
        self.pad = pad
        self.labels_width = cache(self._labels_width)
        self.status_width = cache(self._status_width)
        self.sample_width = cache(self._sample_width)

    def widths(self, size: int, margin: float) -> list[int]:
        """Each button's width with labels of ``size`` and inner margins
        ``margin`` of it."""
        return [w + round(size * margin) for w in self.labels_width(size)]

    def used(self, size: int, margin: float, *, lines: int, sample: int) -> int:
        """The width one row takes: the buttons, the info text of ``samples[sample]``
        and the status in ``lines`` (0: none, 1: beside the info text, 2: under it)."""
        widths = self.widths(size, margin)
        return sum(widths) + self.pad * (len(widths) + 3) + self.info_width(size, lines, sample)

    def largest(
        self, width: int, largest: int, *, lines: int, margin: float, sample: int = 0
    ) -> Fit:
        """The largest labels, from ``largest`` down to the least, that fit
        ``width`` on one row (else the least), with the status in ``lines``
        and the buttons' inner margins ``margin`` of the labels' size."""
        size = largest
        while True:
            used = self.used(size, margin, lines=lines, sample=sample)
            if used <= width or size <= LEAST_SIZE:
                return Fit(size, self.widths(size, margin), used)
            size -= 1

    def buttons_row(self, width: int, height: int, largest: int) -> tuple[Fit, float]:
        """The largest labels for the buttons alone on the top row of a
        two-row bar ``width`` x ``height``, and the margin they take."""
        pad = row_pad(height)
        size = largest
        while True:
            for margin in (1.0, 0.5):
                widths = self.widths(size, margin)
                used = sum(widths) + pad * (len(widths) + 1)
                fits = used <= width and two_rows_fit(size, height)
                if fits or (size <= LEAST_SIZE and margin == 0.5):
                    return Fit(size, widths, used), margin
            size -= 1

    def info_row(self, size: int, *, status: bool, sample: int, pad: int) -> int:
        """The width the second row takes: the info text of ``samples[sample]``
        and, with ``status``, the status beside it."""
        return self.info_width(size, 1 if status else 0, sample) + 2 * pad

    def info_width(self, size: int, lines: int, sample: int) -> int:
        info = self.sample_width(size, sample)
        if lines == 1:  # the status beside the info text, two sizes apart
            return info + self.status_width(size) + 2 * size
        if lines == 2:  # the status right-aligned under the info text
            return max(info, self.status_width(status_size(size, self.least)))
        return info

    def _labels_width(self, size: int) -> tuple[int, ...]:  # each button's widest label
        return tuple(
            max(theme.font(size, bold=b.primary).size(label)[0] for label in b.all_labels)
            for b in self.buttons
        )

    def _status_width(self, size: int) -> int:
        widest = max(theme.font(size, bold=True).size(text)[0] for text in self.statuses)
        return widest + 2 * round(size * BADGE_PAD)

    def _sample_width(self, size: int, sample: int) -> int:
        return theme.font(size, bold=True).size(self.samples[sample])[0]
