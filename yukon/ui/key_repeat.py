"""A held key, repeated on injected time: after ``REPEAT_DELAY``, every
``REPEAT_INTERVAL`` seconds.
"""

from __future__ import annotations

from collections.abc import Hashable

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
