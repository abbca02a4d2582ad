"""Dragging cards: a press on a card, then a motion past the tap slop.

Like the taps, the drag knows no rules: the table asks the engine what a
drop means.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from yukon.engine import Card, Pile
from yukon.ui.table.taps import TapDetector


@dataclass
class Drag:
    """Cards being dragged: where they came from and how they were grabbed."""

    src: Pile
    count: int
    cards: list[Card] = field(default_factory=list)
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
        self,
        pos: tuple[int, int],
        src: Pile,
        count: int,
        cards: list[Card],
        lead_topleft: tuple[int, int],
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
