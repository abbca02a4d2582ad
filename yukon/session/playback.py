"""Moves played one after another at a pace: the demo, Finish, a replay.

A ``Playback`` knows nothing of the table or the clock. It is told how
much time passed (``update(dt)``) and hands back the move that is due, at
most one a call; whoever plays it (through the session, with the table's
animations) calls ``stop`` the moment the player touches anything.

The first move is due at once, each next one ``seconds_per_move`` later;
``seconds_per_move=0`` gives one move every update (no animation: as fast
as the frames go).

>>> line = [Move.parse("1:1>S"), Move.parse("2:1>H")]
>>> playback = Playback(line, seconds_per_move=0.5)
>>> playback.update(0.0), playback.update(0.3), playback.update(0.3)
(Move.parse('1:1>S'), None, Move.parse('2:1>H'))
>>> playback.running, playback.played
(False, 2)
"""

from __future__ import annotations

from collections.abc import Iterable

from yukon.engine import Move

DEMO_SECONDS_PER_MOVE = 0.5  # about two moves a second, each with its animation


class Playback:
    """A sequence of moves, each due ``seconds_per_move`` after the last,
    stoppable at any time."""

    def __init__(self, moves: Iterable[Move], *, seconds_per_move: float) -> None:
        if not seconds_per_move >= 0:
            raise ValueError(f"seconds_per_move {seconds_per_move!r} is not 0 or more")
        self._moves = tuple(moves)
        self.seconds_per_move = seconds_per_move
        self._next = 0  # index of the next move to hand out
        self._wait = 0.0  # seconds until it is due
        self._stopped = False

    @property
    def running(self) -> bool:
        """Moves are left and nobody stopped it."""
        return not self._stopped and self._next < len(self._moves)

    @property
    def stopped(self) -> bool:
        """``stop`` ended it before its last move."""
        return self._stopped

    @property
    def played(self) -> int:
        """How many moves were handed out."""
        return self._next

    @property
    def remaining(self) -> tuple[Move, ...]:
        return self._moves[self._next :] if self.running else ()

    def update(self, dt: float) -> Move | None:
        """The move due after ``dt`` more seconds, if any (one at most)."""
        if not self.running:
            return None
        self._wait -= dt
        if self._wait > 1e-9:
            return None
        move = self._moves[self._next]
        self._next += 1
        self._wait = self.seconds_per_move
        return move

    def stop(self) -> None:
        """No more moves (the player took over): the game stays where it is."""
        if self.running:
            self._stopped = True
