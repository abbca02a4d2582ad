"""The rules engine: pure Python, no pygame, no clock, no files.

>>> from yukon.engine import Game, Move
>>> game = Game.from_code("YU1-C-AAAAAAB")
>>> all(game.check(move) is None for move in game.legal_moves())
True
"""

from yukon.engine.cards import Card, Suit
from yukon.engine.codes import CodeProblem, format_code, parse_code
from yukon.engine.deal import DEAL_COUNT
from yukon.engine.errors import (
    IllegalMove,
    InvalidCard,
    InvalidGameCode,
    InvalidLayout,
    InvalidMoveText,
    InvalidPosition,
    InvalidRecord,
)
from yukon.engine.game import Column, Game, Played, replay
from yukon.engine.moves import (
    COLUMNS,
    FOUNDATION,
    MAX_GROUP,
    Move,
    Pile,
    is_foundation,
    pile_text,
)
from yukon.engine.position import Position
from yukon.engine.refusals import Reason, Refusal
from yukon.engine.rules import Rules

__all__ = [
    "COLUMNS",
    "DEAL_COUNT",
    "FOUNDATION",
    "MAX_GROUP",
    "Card",
    "CodeProblem",
    "Column",
    "Game",
    "IllegalMove",
    "InvalidCard",
    "InvalidGameCode",
    "InvalidLayout",
    "InvalidMoveText",
    "InvalidPosition",
    "InvalidRecord",
    "Move",
    "Pile",
    "Played",
    "Position",
    "Reason",
    "Refusal",
    "Rules",
    "Suit",
    "format_code",
    "is_foundation",
    "parse_code",
    "pile_text",
    "replay",
]
