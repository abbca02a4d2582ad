"""Taps and double taps of the pointer, on injected time.

The detector knows no rules: it turns raw presses and releases into taps,
and the table asks the engine what each one means. Time is passed in
(seconds, from the scene's own clock), so tests drive it without sleeping.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import NamedTuple

TAP_SLOP = 6  # pixels a press may move and still be a tap
DOUBLE_TAP_WINDOW = 0.35  # seconds between two taps on the same card


class Tap(NamedTuple):
    """A single (``double=False``) or double tap on ``target``."""

    target: Hashable
    double: bool


class TapDetector:
    """Press and release close together make a tap; two quick taps on the
    same target make a double tap.

    While double taps are enabled a single tap waits out the double-tap
    window before it is reported (``poll``), so that it cannot act before a
    second tap could turn it into a double tap.

    >>> taps = TapDetector()
    >>> taps.press("7H", (10, 10)); taps.release((11, 10), now=0.05)
    []
    >>> taps.poll(now=0.2), taps.poll(now=0.5)
    ([], [Tap(target='7H', double=False)])
    """

    def __init__(self, *, double_enabled: bool = True, window: float = DOUBLE_TAP_WINDOW) -> None:
        self.double_enabled = double_enabled
        self.window = window
        self._press: tuple[Hashable, tuple[int, int]] | None = None
        self._pending: tuple[Hashable, float] | None = None

    @property
    def waiting(self) -> bool:
        """Whether a single tap is waiting for the double-tap window to end."""
        return self._pending is not None

    def press(self, target: Hashable, pos: tuple[int, int]) -> None:
        self._press = (target, pos)

    def moved(self, pos: tuple[int, int]) -> bool:
        """Report pointer motion; True once the press moved too far to be a tap."""
        if self._press is None:
            return False
        if self.moved_from(self._press[1], pos):
            self._press = None
            return True
        return False

    def cancel(self) -> None:
        self._press = None
        self._pending = None

    def cancel_press(self) -> None:
        """Forget the press in progress, whose release will not come; a tap
        already made still acts."""
        self._press = None

    def release(self, pos: tuple[int, int], now: float) -> list[Tap]:
        """End a press; returns the taps that are decided now."""
        press, self._press = self._press, None
        if press is None or self.moved_from(press[1], pos):
            return []
        target = press[0]
        if not self.double_enabled:
            return [Tap(target, False)]
        out: list[Tap] = []
        if self._pending is not None:
            pending_target, since = self._pending
            self._pending = None
            if pending_target == target and now - since <= self.window:
                return [Tap(target, True)]
            out.append(Tap(pending_target, False))
        self._pending = (target, now)
        return out

    def poll(self, now: float) -> list[Tap]:
        """The single tap whose double-tap window has run out, if any."""
        if self._pending is not None and now - self._pending[1] > self.window:
            target = self._pending[0]
            self._pending = None
            return [Tap(target, False)]
        return []

    @staticmethod
    def moved_from(start: tuple[int, int], pos: tuple[int, int]) -> bool:
        return abs(pos[0] - start[0]) > TAP_SLOP or abs(pos[1] - start[1]) > TAP_SLOP
