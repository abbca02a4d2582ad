"""The undo and redo history of a game.

Before each move the game keeps a ``Snapshot``: the move and the position
and score it was played from. Undo takes the last one back (up to
``UNDO_LIMIT`` moves back) and puts its move on the redo list; Redo plays
that move again; a new move forgets the moves that could be redone.

>>> history = History()
>>> history.push(Snapshot(Move.parse("7:5>2"), ((),) * 7, (0,) * 7, (0, 0, 0, 0), 0))
>>> history.take_back().move, history.redo_moves()
(Move.parse('7:5>2'), [Move.parse('7:5>2')])
>>> history.take_back()
Traceback (most recent call last):
...
yukon.engine.errors.IllegalMove: There is nothing to undo.
"""

from __future__ import annotations

from collections import deque
from typing import NamedTuple

from yukon.engine.errors import IllegalMove
from yukon.engine.moves import Move
from yukon.engine.refusals import Reason, Refusal

UNDO_LIMIT = 100


class Snapshot(NamedTuple):
    """A move and the position (card indices) and score it was played from."""

    move: Move
    columns: tuple[tuple[int, ...], ...]
    face_down: tuple[int, ...]
    foundations: tuple[int, ...]
    score: int


class History:
    """The snapshots Undo can restore, oldest first, and the moves undone
    that Redo can play again. ``trimmed``: the oldest moves fell out of it."""

    __slots__ = ("_snapshots", "_trimmed", "_redo")

    def __init__(self, *, trimmed: bool = False) -> None:
        self._snapshots: deque[Snapshot] = deque(maxlen=UNDO_LIMIT)
        self._trimmed = trimmed
        self._redo: list[Move] = []  # the moves undone, the next to redo last

    def copy(self) -> History:
        """A fully independent copy."""
        other = History(trimmed=self._trimmed)
        other._snapshots.extend(self._snapshots)
        other._redo = list(self._redo)
        return other

    @property
    def trimmed(self) -> bool:
        """Whether the oldest moves fell out (at the limit of ``UNDO_LIMIT``)."""
        return self._trimmed

    @property
    def can_undo(self) -> bool:
        return bool(self._snapshots)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def push(self, snapshot: Snapshot) -> None:
        """Keep the position a move is played from; the oldest falls out at the limit."""
        if len(self._snapshots) == UNDO_LIMIT:
            self._trimmed = True
        self._snapshots.append(snapshot)

    def take_back(self) -> Snapshot:
        """The last snapshot, taken out, its move now the next to redo.

        Raises ``IllegalMove`` when there is none: nothing to undo, or only
        the last ``UNDO_LIMIT`` moves could be undone.
        """
        if not self._snapshots:
            if self._trimmed:
                raise IllegalMove(Refusal(Reason.UNDO_LIMIT, number=UNDO_LIMIT))
            raise IllegalMove(Refusal(Reason.NOTHING_TO_UNDO))
        snapshot = self._snapshots.pop()
        self._redo.append(snapshot.move)
        return snapshot

    def next_redo(self) -> Move:
        """The move Redo plays (left on the list until ``redone``); raises
        ``IllegalMove`` when nothing was undone since the last move."""
        if not self._redo:
            raise IllegalMove(Refusal(Reason.NOTHING_TO_REDO))
        return self._redo[-1]

    def redone(self) -> None:
        """The move ``next_redo`` gave was played again: off the redo list."""
        self._redo.pop()

    def forget_redo(self) -> None:
        """A new move was played: the moves undone can no longer be redone."""
        self._redo.clear()

    def undo_moves(self) -> list[Move]:
        """The moves that can still be undone, oldest first."""
        return [snapshot.move for snapshot in self._snapshots]

    def redo_moves(self) -> list[Move]:
        """The moves that can be redone, the next one first."""
        return self._redo[::-1]
