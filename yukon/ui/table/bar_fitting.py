"""How the info bar's labels fit its width: the largest size at which the
buttons, the info text and the status (the live verdict) all have room, the
status beside the info text or under it."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from yukon.ui import theme
from yukon.ui.widgets import Button

LEAST_SIZE = 12  # the labels' least size, in pixels: still readable


def status_size(size: int) -> int:
    """The status's size under info text of ``size``: a little smaller, never
    under the labels' least.

    >>> status_size(12), status_size(20), status_size(50)
    (12, 17, 42)
    """
    return max(LEAST_SIZE, round(size * 0.85))


def status_lines_fit(size: int, height: int) -> bool:
    """Whether the info text at ``size`` and the status under it fit a bar
    ``height`` pixels tall (the bar's least height, 34, holds them at the
    labels' least size)."""
    lines = theme.font(size, bold=True).get_height() + theme.font(status_size(size)).get_height()
    return lines <= height


class Fit(NamedTuple):
    """The labels' ``size``, the buttons' ``widths`` and the width ``used``."""

    size: int
    widths: list[int]
    used: int


class BarFitting:
    """The sizes of a bar's texts, measured once each: the buttons' labels,
    the ``sample`` info text and the widest of ``statuses``, in a bar with
    ``pad`` pixels between its parts."""

    def __init__(
        self, buttons: Sequence[Button], sample: str, statuses: Sequence[str], pad: int
    ) -> None:
        self.buttons = buttons
        self.sample = sample
        self.statuses = statuses
        self.pad = pad
        self.labels_width = cache(self._labels_width)
        self.status_width = cache(self._status_width)
        self.info_width = cache(self._info_width)

    def largest(self, width: int, largest: int, *, lines: int, margin: float) -> Fit:
        """The largest labels, from ``largest`` down to the least, that fit
        ``width`` (else the least), with the status in ``lines`` (0: none,
        1: beside the info text, 2: under it) and the buttons' inner
        margins ``margin`` of the labels' size."""
        size = largest
        while True:
            widths = [w + round(size * margin) for w in self.labels_width(size)]
            used = sum(widths) + self.pad * (len(widths) + 3) + self.info_width(size, lines)
            if used <= width or size <= LEAST_SIZE:
                return Fit(size, widths, used)
            size -= 1

    def _labels_width(self, size: int) -> tuple[int, ...]:  # each button's widest label
        return tuple(
            max(theme.font(size, bold=b.primary).size(label)[0] for label in b.all_labels)
            for b in self.buttons
        )

    def _status_width(self, size: int) -> int:
        return max(theme.font(size).size(text)[0] for text in self.statuses)

    def _info_width(self, size: int, lines: int) -> int:
        info = theme.font(size, bold=True).size(self.sample)[0]
        if lines == 1:  # the status beside the info text, two sizes apart
            return info + self.status_width(size) + 2 * size
        if lines == 2:  # the status right-aligned under the info text
            return max(info, self.status_width(status_size(size)))
        return info
