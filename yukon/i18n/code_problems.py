"""What is wrong with a typed game code, in the player's language.

>>> import textwrap
>>> from yukon.engine import InvalidGameCode, parse_code
>>> from yukon.i18n.languages import Language
>>> try:
...     parse_code("YU1-X-AAAAAAB")
... except InvalidGameCode as error:
...     print(textwrap.fill(code_problem(Translator(Language.FINNISH), error), 76))
”YU1-X-AAAAAAB” ei ole pelikoodi: peliä ”X” ei ole, vain C ja R (Yukon,
Klassinen ja Helpotettu), U (Venäläinen pasianssi), A (Alaska) ja M
(Hirvennahka).
"""

from __future__ import annotations

from yukon.engine import CodeProblem, InvalidGameCode
from yukon.i18n.formats import quote
from yukon.i18n.translator import N_, Translator

_MESSAGES = {
    CodeProblem.EMPTY: N_("The game code is empty: a code looks like {example}."),
    CodeProblem.BAD_CHARACTER: N_(
        "{text} is not a game code: a code holds only letters A–Z, digits and dashes, not {char}."
    ),
    CodeProblem.PARTS: N_(
        "{text} is not a game code: a code has three parts separated by dashes, like {example}."
    ),
    CodeProblem.VERSION: N_(
        "{text} is a YU{version} code: this version of Yukon reads only YU1 codes."
    ),
    CodeProblem.PREFIX: N_(
        "{text} is not a game code: a code starts with {prefix}-, like {example}."
    ),
    CodeProblem.RULES: N_(
        "{text} is not a game code: there is no game {letter}, only C and R (Yukon Classic and "
        "Relaxed), U (Russian Solitaire), A (Alaska) and M (Moosehide)."
    ),
    CodeProblem.LENGTH: N_(
        "{text} is not a game code: a code ends with {letters} letters A–Z, this one with "
        "{length} characters."
    ),
    CodeProblem.DEAL_LETTER: N_(
        "{text} is not a game code: the deal number at its end has only letters A–Z, not {char}."
    ),
}


LONGEST_QUOTED = 24  # characters of a bad text shown in a message about it


def shown(text: str) -> str:
    """``text`` as a message quotes it: a long one (a pasted line of junk)
    is cut, so that the message's reason stays in view after it.

    >>> shown("x" * 100)
    'xxxxxxxxxxxxxxxxxxxxxxx…'
    """
    return text if len(text) <= LONGEST_QUOTED else text[: LONGEST_QUOTED - 1] + "…"


def code_problem(tr: Translator, error: InvalidGameCode) -> str:
    """``error``'s message in ``tr``'s language (as it is if it has no problem)."""
    if not isinstance(error.problem, CodeProblem):
        return str(error)
    values = dict(error.values)
    for name in ("text", "char", "letter"):  # the typed text, in the language's quotes
        if name in values:
            values[name] = quote(tr, shown(str(values[name])))
    return tr.gettext(_MESSAGES[error.problem]).format(**values)
