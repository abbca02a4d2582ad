"""Game records: a whole game as one line of text.

A record is the game code followed by every action in the order it was
made, separated by spaces: a move in ``Move`` text (``7:1>3``), or
``undo`` for a move taken back, or ``redo`` for the move undone last played
again. Replaying a record through the engine reproduces the position, the
score, the move counter, the undo history and what can still be redone
exactly, because they are the engine's own results. Line breaks and
repeated spaces between tokens are read as one space, so a record survives
being pasted from mail or a chat.

>>> tokens("YU1-C-AAAAAAB 7:1>3  undo\\nredo")
('YU1-C-AAAAAAB', ('7:1>3', 'undo', 'redo'))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from yukon.engine.errors import IllegalMove, InvalidMoveText, InvalidRecord
from yukon.engine.moves import Move
from yukon.engine.views import Played

UNDO = "undo"
REDO = "redo"  # the move undone last, played again
# The most actions a record holds, for writer and readers alike: a pasted
# text cannot stall the game, and a game that goes on past it has no record
# any more (``Game.has_record``), so none is ever written that a reader
# would refuse.
MAX_ACTIONS = 20_000


class Replaying(Protocol):
    """What a record's actions are replayed on: a ``Game``."""

    def play(self, move: Move) -> object: ...

    def undo(self) -> object: ...

    def redo(self) -> object: ...


class Walking(Protocol):
    """A game whose way from the deal ``moves_on_the_way`` follows: a ``Game``."""

    def play(self, move: Move) -> object: ...

    def undo(self) -> object: ...

    def redo(self) -> Played: ...


def format_record(code: str, actions: list[str]) -> str:
    """The one-line record of the game ``code`` and its actions' texts.

    >>> format_record("YU1-C-AAAAAAB", ["7:1>3", UNDO])
    'YU1-C-AAAAAAB 7:1>3 undo'
    """
    return " ".join([code, *actions])


def tokens(text: str) -> tuple[str, tuple[str, ...]]:
    """The code and the action tokens of a record; raises ``InvalidRecord``
    for text that is not a string, is empty or holds too many actions."""
    if not isinstance(text, str):
        raise InvalidRecord(f"game record {text!r} is not text")
    # Split no further than one token past the limit: a text of millions
    # of tokens is refused as fast as one just over it.
    parts = text.split(maxsplit=MAX_ACTIONS + 1)
    if not parts:
        raise InvalidRecord("game record '' is empty: it starts with a game code")
    if len(parts) - 1 > MAX_ACTIONS:
        raise InvalidRecord(
            f"game record has more than the {MAX_ACTIONS} actions read",
            number=MAX_ACTIONS + 1,
            token=parts[MAX_ACTIONS + 1].split(maxsplit=1)[0],
        )
    return parts[0], tuple(parts[1:])


def looks_like_record(text: str) -> bool:
    """Whether ``text`` has actions after its code (a bare code is not a record).

    >>> looks_like_record("YU1-C-AAAAAAB"), looks_like_record(" YU1-C-AAAAAAB 7:1>3 ")
    (False, True)
    """
    return len(text.split(maxsplit=1)) > 1


def replay_log(game: Replaying, actions: Iterable[str]) -> None:
    """Make ``actions`` (move texts, ``undo``, ``redo``) on ``game`` in
    order: the one replay of an action log, for records, saved games and
    the session alike. The first action that fails raises the engine's own
    error (``InvalidMoveText``, ``IllegalMove``); ``replay_actions`` says
    which action it was.

    >>> from yukon.engine.game import Game
    >>> game = Game.from_code("YU1-C-AAAAAAB")
    >>> replay_log(game, ["7:5>2", "undo"])
    >>> game.move_count, game.can_redo
    (1, True)
    """
    for action in actions:
        if action == UNDO:
            game.undo()
        elif action == REDO:
            game.redo()
        else:
            game.play(Move.parse(action))


class _Way:
    """A game being replayed, and the moves on the way from where it was
    to where it is: a move played or redone goes on, an undo takes the last
    one off, as the engine plays, redoes and undoes them."""

    def __init__(self, game: Walking) -> None:
        self.game = game
        self.moves: list[Move] = []

    def play(self, move: Move) -> None:
        self.game.play(move)
        self.moves.append(move)

    def undo(self) -> None:
        self.game.undo()
        self.moves.pop()

    def redo(self) -> None:
        self.moves.append(self.game.redo().move)


def moves_on_the_way(game: Walking, actions: Iterable[str]) -> list[Move]:
    """Make ``actions`` on ``game`` through ``replay_log`` (raising as it
    does) and give the moves on the way from where ``game`` was to where
    they lead, in order: a move undone is not on it, unless it was redone.

    >>> from yukon.engine.game import Game
    >>> way = moves_on_the_way(Game.from_code("YU1-C-AAAAAAB"), "7:5>2 undo redo 6:5>2".split())
    >>> [str(move) for move in way]
    ['7:5>2', '6:5>2']
    """
    way = _Way(game)
    replay_log(way, actions)
    return way.moves


def replay_actions(game: Replaying, actions: Iterable[str]) -> None:
    """Make a record's ``actions`` (tokens after its code) on ``game`` in order.

    Raises ``InvalidRecord`` naming the first bad token, its place and why:
    text that is not a move, or a move, undo or redo the rules refuse there
    (its ``refusal`` is the engine's typed ``Refusal``).

    >>> from yukon.engine.game import Game
    >>> game = Game.from_code("YU1-C-AAAAAAB")
    >>> replay_actions(game, ["7:5>2", "undo", "redo"])
    >>> game.move_count, game.can_redo
    (2, False)
    >>> replay_actions(game, ["redo"])
    Traceback (most recent call last):
    ...
    yukon.engine.errors.InvalidRecord: move 1 of the record, 'redo': There is nothing to redo.
    """
    for number, token in enumerate(actions, 1):
        problem: str | None
        try:
            replay_log(game, (token,))
            continue
        except InvalidMoveText:
            problem, refusal = "it is not a move (SRC:N>DST), undo or redo", None
        except IllegalMove as error:
            problem = refusal = error.args[0]
        raise InvalidRecord(
            f"move {number} of the record, {token!r}: {problem}",
            number=number,
            token=token,
            refusal=refusal,
        )
