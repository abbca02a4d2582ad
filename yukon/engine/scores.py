"""A game's score with each card counted once: what the statistics keep.

By the rules a card taken back from its foundation and put home again
earns its 10 points again, so the score on the bar can grow past 625 with
no more cards home. The statistics' best score must not grow that way:
``score_once`` counts each card's foundation points the first time only,
so a win scores exactly 625 and no game more.

>>> from yukon.engine.game import Game
>>> game = Game.from_record("YU1-C-AAAAAAB 7:5>2 6:5>2 7:1>2 4:2>1 4:1>H H:1>4 4:1>H")
>>> game.score, score_once(game)
(35, 25)
"""

from __future__ import annotations

from yukon.engine.game import FLIP_POINTS, FOUNDATION_POINTS, Game, Played
from yukon.engine.moves import Move
from yukon.engine.records import replay_log, tokens

CARDS_HOME_AND_TURNED = 52 * FOUNDATION_POINTS + 21 * FLIP_POINTS  # 625: a clean win


class _Tally:
    """A game replayed from its record (``replay_log`` plays, undoes and
    redoes on it), with the points each move on the way earned again: for
    a card already put home once on that way."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.again: list[int] = []  # per move on the way: points earned a second time
        self.homed: list[int | None] = []  # per move on the way: the card it first put home
        self.home: set[int] = set()

    def play(self, move: Move) -> None:
        self._count(self.game.play(move))

    def redo(self) -> None:
        self._count(self.game.redo())

    def undo(self) -> None:
        self.game.undo()
        self.again.pop()
        card = self.homed.pop()
        if card is not None:
            self.home.discard(card)

    def _count(self, played: Played) -> None:
        card = played.cards[0].index if played.move.to_foundation else None
        again = card is not None and card in self.home
        self.again.append(FOUNDATION_POINTS if again else 0)
        self.homed.append(None if again else card)
        if card is not None:
            self.home.add(card)


def score_once(game: Game) -> int:
    """``game``'s score with each card's foundation points counted once (a
    card turned over scores once anyway: undo turns it back with its points).
    Read from the game's record, the moves on the way from the deal (undone
    ones left out); a game without a record gives its score, at most 625."""
    if not game.has_record:
        return min(game.score, CARDS_HOME_AND_TURNED)
    code, actions = tokens(game.record())
    tally = _Tally(Game.from_code(code))
    replay_log(tally, actions)
    return tally.game.score - sum(tally.again)
