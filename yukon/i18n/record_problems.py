"""What is wrong with a pasted game record, in the player's language.

>>> from yukon.engine import Game, InvalidRecord
>>> from yukon.i18n.languages import Language
>>> try:
...     Game.from_record("YU1-C-AAAAAAB 7:5>2 1:1>2")
... except InvalidRecord as error:
...     print(record_problem(Translator(Language.ENGLISH), error))
Move 2 of the game, 1:1>2, cannot be played: The 7♥ needs a black 8.
"""

from __future__ import annotations

from yukon.engine import InvalidGameCode, InvalidRecord
from yukon.engine.records import MAX_ACTIONS
from yukon.i18n.code_problems import code_problem, shown
from yukon.i18n.refusals import explain
from yukon.i18n.translator import N_, Translator

REFUSED = N_("Move {number} of the game, {move}, cannot be played: {reason}")
NOT_A_MOVE = N_("Move {number} of the game, {move}, is not a move like 7:1>3, undo or redo.")
TOO_LONG = N_("The game is longer than a copied game may be.")


def record_problem(tr: Translator, error: InvalidRecord) -> str:
    """``error``'s message in ``tr``'s language."""
    if error.code_error is not None:
        return code_problem(tr, error.code_error)
    values = {"number": error.number, "move": shown(error.token)}
    if error.refusal is not None:
        return tr.gettext(REFUSED).format(reason=explain(tr, error.refusal), **values)
    if error.number > MAX_ACTIONS:
        return tr.gettext(TOO_LONG)
    if error.number:
        return tr.gettext(NOT_A_MOVE).format(**values)
    return str(error)  # not text at all: no player types that


def game_text_problem(tr: Translator, error: InvalidGameCode | InvalidRecord) -> str:
    """What is wrong with a typed code or a pasted record (``Game.from_text``'s
    refusal), in ``tr``'s language: the same words in New game's field and,
    in English, for ``--code``."""
    if isinstance(error, InvalidRecord):
        return record_problem(tr, error)
    return code_problem(tr, error)
