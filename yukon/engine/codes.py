"""Game codes such as ``YU1-C-AAAAAAB``: the rule set and the deal number.

``YU1`` names the format, version 1; the middle letter is the game and rule
set (``C`` Yukon Classic, ``R`` Yukon Relaxed, ``U`` Russian Solitaire, ``A``
Alaska, ``M`` Moosehide: see ``Rules``), and the last seven letters are the
deal number in base 26, ``A`` = 0, most significant first. The same deal
letters give the same cards in every game.

>>> format_code(1, Rules.CLASSIC)
'YU1-C-AAAAAAB'
>>> parse_code("  yu1-r-aaaaaba ")
(26, <Rules.RELAXED: 'R'>)
>>> format_code(1, Rules.MOOSEHIDE)
'YU1-M-AAAAAAB'

"""

from __future__ import annotations

import string
from enum import Enum

from yukon.engine.deal import DEAL_COUNT
from yukon.engine.errors import InvalidGameCode
from yukon.engine.rules import Rules

PREFIX = "YU1"
DEAL_LETTERS = 7
_UPPER = string.ascii_uppercase
_ASCII_UPPER = str.maketrans(string.ascii_lowercase, _UPPER)
_EXAMPLE = "YU1-C-AAAAAAB"
_RULE_LETTERS = frozenset(rules.value for rules in Rules)


def format_code(deal: int, rules: Rules) -> str:
    """The canonical upper-case code of ``deal`` under ``rules``."""
    if not isinstance(deal, int) or not 0 <= deal < DEAL_COUNT:
        raise ValueError(f"deal number {deal!r} is not between 0 and {DEAL_COUNT - 1}")
    letters = []
    for _ in range(DEAL_LETTERS):
        deal, digit = divmod(deal, 26)
        letters.append(_UPPER[digit])
    return f"{PREFIX}-{rules.value}-{''.join(reversed(letters))}"


class CodeProblem(Enum):
    """What is wrong with a game code; the English template of each message
    (after the quoted code), so a translated game can say it its own way."""

    EMPTY = "is empty: a game code looks like {example}."
    BAD_CHARACTER = (
        "is not a game code: a code holds only letters A-Z, digits and dashes, not {char!r}."
    )
    PARTS = "is not a game code: a code has three parts separated by dashes, like {example}."
    VERSION = "is a YU{version} code: this version of Yukon reads only YU1 codes."
    PREFIX = "is not a game code: a code starts with {prefix}-, like {example}."
    RULES = (
        "is not a game code: there is no game {letter!r}, only C and R (Yukon Classic and "
        "Relaxed), U (Russian Solitaire), A (Alaska) and M (Moosehide)."
    )
    LENGTH = (
        "is not a game code: a code ends with {letters} letters A-Z, this one with {length} "
        "characters."
    )
    DEAL_LETTER = (
        "is not a game code: the deal number at its end has only letters A-Z, not {char!r}."
    )


def _shortened(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def parse_code(text: str) -> tuple[int, Rules]:
    """Read a game code: ASCII letters in either case, spaces around ignored.

    Raises ``InvalidGameCode`` quoting the input and saying what is wrong
    (its ``problem`` and ``values`` say it as data, the text and characters
    unquoted, for each language to quote its own way).
    """
    if not isinstance(text, str):
        raise InvalidGameCode(f"game code {text!r} is not text")
    code = text.strip()

    def bad(problem: CodeProblem, **values: object) -> InvalidGameCode:
        values = {"example": _EXAMPLE, "text": _shortened(text), **values}
        message = f"{values['text']!r} {problem.value.format(**values)}"
        return InvalidGameCode(message, problem, values)

    if not code:
        raise bad(CodeProblem.EMPTY)
    for char in code:
        if char != "-" and char not in string.ascii_letters and char not in string.digits:
            raise bad(CodeProblem.BAD_CHARACTER, char=char)
    code = code.translate(_ASCII_UPPER)
    parts = code.split("-")
    if len(parts) != 3:
        raise bad(CodeProblem.PARTS)
    prefix, rule_letter, deal_letters = parts
    if prefix != PREFIX:
        if prefix.startswith("YU") and prefix[2:].isdigit():
            raise bad(CodeProblem.VERSION, version=prefix[2:])
        raise bad(CodeProblem.PREFIX, prefix=PREFIX)
    if rule_letter not in _RULE_LETTERS:
        raise bad(CodeProblem.RULES, letter=rule_letter)
    if len(deal_letters) != DEAL_LETTERS:
        raise bad(CodeProblem.LENGTH, letters=DEAL_LETTERS, length=len(deal_letters))
    deal = 0
    for char in deal_letters:
        if char not in _UPPER:
            raise bad(CodeProblem.DEAL_LETTER, char=char)
        deal = deal * 26 + _UPPER.index(char)
    return deal, Rules(rule_letter)
