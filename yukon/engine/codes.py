"""Game codes such as ``YU1-C-AAAAAAB``: the rule set and the deal number.

``YU1`` names the game and format version 1, the middle letter is the rule set
(``C`` Classic, ``R`` Relaxed), and the last seven letters are the deal number
in base 26, ``A`` = 0, most significant first.

>>> format_code(1, Rules.CLASSIC)
'YU1-C-AAAAAAB'
>>> parse_code("  yu1-r-aaaaaba ")
(26, <Rules.RELAXED: 'R'>)
"""

from __future__ import annotations

import string

from yukon.engine.deal import DEAL_COUNT
from yukon.engine.errors import InvalidGameCode
from yukon.engine.rules import Rules

PREFIX = "YU1"
DEAL_LETTERS = 7
_UPPER = string.ascii_uppercase
_ASCII_UPPER = str.maketrans(string.ascii_lowercase, _UPPER)
_EXAMPLE = "YU1-C-AAAAAAB"


def format_code(deal: int, rules: Rules) -> str:
    """The canonical upper-case code of ``deal`` under ``rules``."""
    if not isinstance(deal, int) or not 0 <= deal < DEAL_COUNT:
        raise ValueError(f"deal number {deal!r} is not between 0 and {DEAL_COUNT - 1}")
    letters = []
    for _ in range(DEAL_LETTERS):
        deal, digit = divmod(deal, 26)
        letters.append(_UPPER[digit])
    return f"{PREFIX}-{rules.value}-{''.join(reversed(letters))}"


def _quoted(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


def parse_code(text: str) -> tuple[int, Rules]:
    """Read a game code: ASCII letters in either case, spaces around ignored.

    Raises ``InvalidGameCode`` quoting the input and saying what is wrong.
    """
    if not isinstance(text, str):
        raise InvalidGameCode(f"game code {text!r} is not text")
    code = text.strip()

    def bad(why: str) -> InvalidGameCode:
        return InvalidGameCode(f"Game code {_quoted(text)} {why}")

    if not code:
        raise bad(f"is empty: a code looks like {_EXAMPLE}.")
    for char in code:
        if char != "-" and char not in string.ascii_letters and char not in string.digits:
            raise bad(
                f"contains {char!r}: a code has only letters A-Z, digits and dashes, "
                f"like {_EXAMPLE}."
            )
    code = code.translate(_ASCII_UPPER)
    parts = code.split("-")
    if len(parts) != 3:
        raise bad(f"must have three parts separated by dashes, like {_EXAMPLE}.")
    prefix, rule_letter, deal_letters = parts
    if prefix != PREFIX:
        if prefix.startswith("YU") and prefix[2:].isdigit():
            raise bad(f"is format version {prefix[2:]}; this version of Yukon reads YU1 codes.")
        raise bad(f"must start with {PREFIX}- (Yukon, format 1).")
    if rule_letter not in ("C", "R"):
        raise bad(f"names rule set {rule_letter!r}: it must be C (Classic) or R (Relaxed).")
    if len(deal_letters) != DEAL_LETTERS:
        raise bad(f"must end with {DEAL_LETTERS} letters A-Z, not {len(deal_letters)} characters.")
    deal = 0
    for char in deal_letters:
        if char not in _UPPER:
            raise bad(f"has {char!r} in the deal number: only letters A-Z may stand there.")
        deal = deal * 26 + _UPPER.index(char)
    return deal, Rules(rule_letter)
