"""Exceptions raised by the engine; each names the input it rejects."""

from enum import Enum


class IllegalMove(ValueError):
    """A move the rules forbid; the message is the reason shown to the player."""


class InvalidGameCode(ValueError):
    """Text that is not a valid game code such as ``YU1-C-AAAAAAB``.

    ``problem`` (a ``codes.CodeProblem``) and ``values`` say what is wrong
    as data, for a message in the player's language.
    """

    def __init__(
        self, message: str, problem: Enum | None = None, values: dict[str, object] | None = None
    ) -> None:
        super().__init__(message)
        self.problem = problem
        self.values = values or {}


class InvalidMoveText(ValueError):
    """Text that is not a move of the form ``SRC:N>DST``."""


class InvalidCard(ValueError):
    """Text or numbers that do not name one of the 52 cards."""


class InvalidLayout(ValueError):
    """A hand-built position that is not a legal Yukon position."""


class InvalidPosition(ValueError):
    """Text that is not a position in the form ``Position`` writes."""


class InvalidRecord(ValueError):
    """Text that is not a game record, or one whose moves do not replay.

    ``number`` is the 1-based place of the first bad token after the code
    (0 for the code itself), ``token`` that token, and ``refusal`` the
    engine's typed ``Refusal`` when the move, undo or redo was not allowed there
    (``None`` when the token is not a move at all); ``code_error`` is the
    ``InvalidGameCode`` of a bad code.
    """

    def __init__(
        self,
        message: str,
        *,
        number: int = 0,
        token: str = "",
        refusal: str | None = None,
        code_error: InvalidGameCode | None = None,
    ) -> None:
        super().__init__(message)
        self.number = number
        self.token = token
        self.refusal = refusal
        self.code_error = code_error
