"""The moves the player asks the solver to play: the demo and Finish.

Nothing moves by itself: both start only when the player asks, play the
solver's winning line from the position on the table (a ``Playback`` at
the game's pace), and stop at once on any click or key, leaving a normal
game (undo works).

- **Demo** plays from any position the solver can win. Unless every card
  was already face up when it started, each of its moves is *helped*
  (``GameSession.play(move, helped=True)``): the game is then not counted
  as the player's win but as played, not won.
- **Finish** is offered only once every card is face up and a winning
  line is known; it plays the rest out, and the win is the player's.

>>> from yukon.engine import Game
>>> game = Game.from_layout([["KS"], [], [], [], [], [], []], foundations=[12, 13, 13, 13])
>>> auto = AutoPlay(Kind.FINISH, game, [Move.parse("1:1>S")], seconds_per_move=0.5)
>>> auto.helped, auto.update(0.0), auto.running
(False, Move.parse('1:1>S'), False)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from yukon.engine import Game, Move
from yukon.session.playback import DEMO_SECONDS_PER_MOVE, Playback

__all__ = ["DEMO_SECONDS_PER_MOVE", "AutoPlay", "Kind", "all_face_up"]


class Kind(enum.Enum):
    DEMO = "demo"
    FINISH = "finish"


def all_face_up(game: Game) -> bool:
    """Whether no card is face down any more."""
    return not any(column.face_down for column in game.tableau)


class AutoPlay:
    """A demo or Finish under way: its moves at their pace, and whether
    they are the player's (see the module doc)."""

    def __init__(
        self, kind: Kind, game: Game, line: Sequence[Move], *, seconds_per_move: float
    ) -> None:
        self.kind = kind
        # Decided once, at the start: a demo from a table with every card
        # face up only does what Finish would.
        self.helped = kind is Kind.DEMO and not all_face_up(game)
        self.playback = Playback(line, seconds_per_move=seconds_per_move)

    @property
    def running(self) -> bool:
        return self.playback.running

    def update(self, dt: float) -> Move | None:
        """The move to play now, if one is due."""
        return self.playback.update(dt)

    def stop(self) -> None:
        self.playback.stop()
