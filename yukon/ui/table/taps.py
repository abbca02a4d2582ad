"""Gestures: taps, double taps and drags of the pointer, and held keys, on
injected time.

None of these classes knows the rules: they turn raw presses, motions and
releases into gestures, and the scenes ask the engine what each one means.
Time is passed in (seconds, from the scene's own clock), so tests drive
them without sleeping.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import NamedTuple

TAP_SLOP = 6  # pixels a press may move and still be a tap
DOUBLE_TAP_WINDOW = 0.35  # seconds between two taps on the same card
REPEAT_DELAY = 0.35  # a key held this long starts to repeat...
REPEAT_INTERVAL = 0.06  # ... once in this many seconds


class KeyRepeat:
    """One held key acting again and again, on injected time.

    The game does not turn on SDL's key repeat: Space, Backspace or F held
    down must not play or undo again and again. A scene hands only the keys
    that may repeat (arrows) to ``press``; any other key pressed ends the
    repeat (``stop``), as does the key's release. Whoever takes the keys
    away (a dialog, the window losing focus) must ``stop`` it too: the
    release will not come.

    >>> repeat = KeyRepeat()
    >>> repeat.press("down", 0.0)
    >>> repeat.due(0.2), repeat.due(0.36), repeat.due(0.38), repeat.due(0.42)
    (None, 'down', None, 'down')
    """

    def __init__(self) -> None:
        self.key: Hashable | None = None
        self._next = 0.0

    def press(self, key: Hashable, now: float) -> None:
        self.key, self._next = key, now + REPEAT_DELAY

    def release(self, key: Hashable) -> None:
        if key == self.key:
            self.key = None

    def stop(self) -> None:
        self.key = None

    def due(self, now: float) -> Hashable | None:
        """The key, if it acts again at ``now`` (at most once a call; a slow
        frame does not bring a burst)."""
        if self.key is None or now < self._next:
            return None
        self._next += REPEAT_INTERVAL
        if self._next <= now:
            self._next = now + REPEAT_INTERVAL
        return self.key


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

    def __init__(self, double_enabled: bool = True, window: float = DOUBLE_TAP_WINDOW) -> None:
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


@dataclass
class Drag:
    """Cards being dragged: where they came from and how they were grabbed."""

    src: int
    count: int
    cards: list = field(default_factory=list)
    grab: tuple[int, int] = (0, 0)  # pointer minus the lead card's top-left
    pos: tuple[int, int] = (0, 0)  # current pointer position

    @property
    def lead_topleft(self) -> tuple[int, int]:
        return (self.pos[0] - self.grab[0], self.pos[1] - self.grab[1])


class DragController:
    """Press on a card, move past the slop and the group follows the pointer.

    ``press`` arms a drag; ``motion`` starts it once the pointer has moved
    far enough (returns the new ``Drag``) and then keeps it following;
    ``release`` ends it and returns the finished ``Drag`` for the scene to
    resolve through the engine.
    """

    def __init__(self) -> None:
        self._armed: Drag | None = None
        self._start: tuple[int, int] = (0, 0)
        self.drag: Drag | None = None

    @property
    def active(self) -> bool:
        return self.drag is not None

    @property
    def armed(self) -> bool:
        """Pressed on cards but not moved yet: a drag may still start."""
        return self._armed is not None

    def press(
        self, pos: tuple[int, int], src: int, count: int, cards: list, lead_topleft: tuple[int, int]
    ) -> None:
        grab = (pos[0] - lead_topleft[0], pos[1] - lead_topleft[1])
        self._armed = Drag(src, count, cards, grab, pos)
        self._start = pos

    def motion(self, pos: tuple[int, int]) -> Drag | None:
        """Follow the pointer; returns the drag when it starts on this motion."""
        if self.drag is not None:
            self.drag.pos = pos
            return None
        if self._armed is not None and TapDetector.moved_from(self._start, pos):
            self.drag, self._armed = self._armed, None
            self.drag.pos = pos
            return self.drag
        return None

    def release(self, pos: tuple[int, int]) -> Drag | None:
        drag, self.drag, self._armed = self.drag, None, None
        if drag is not None:
            drag.pos = pos
        return drag

    def cancel(self) -> Drag | None:
        drag, self.drag, self._armed = self.drag, None, None
        return drag
