"""What is wrong with a typed game code, in the player's language.

>>> from yukon.engine import InvalidGameCode, parse_code
>>> from yukon.i18n.languages import Language
>>> try:
...     parse_code("YU1-X-AAAAAAB")
... except InvalidGameCode as error:
...     print(code_problem(Translator(Language.FINNISH), error))
Pelikoodin ”YU1-X-AAAAAAB” sääntövaihtoehto on ”X”: sen pitää olla C (Klassinen) tai R (Helpotettu).
"""

from __future__ import annotations

from yukon.engine import CodeProblem, InvalidGameCode
from yukon.i18n.formats import quote
from yukon.i18n.translator import N_, Translator

_MESSAGES = {
    CodeProblem.EMPTY: N_("The game code is empty: a code looks like {example}."),
    CodeProblem.BAD_CHARACTER: N_(
        "Game code {text} contains {char}: a code has only letters A-Z, digits and dashes, "
        "like {example}."
    ),
    CodeProblem.PARTS: N_(
        "Game code {text} must have three parts separated by dashes, like {example}."
    ),
    CodeProblem.VERSION: N_(
        "Game code {text} is format version {version}; this version of Yukon reads YU1 codes."
    ),
    CodeProblem.PREFIX: N_("Game code {text} must start with {prefix}- (Yukon, format 1)."),
    CodeProblem.RULES: N_(
        "Game code {text} names rule set {letter}: it must be C (Classic) or R (Relaxed)."
    ),
    CodeProblem.LENGTH: N_(
        "Game code {text} must end with {letters} letters A-Z, not {length} characters."
    ),
    CodeProblem.DEAL_LETTER: N_(
        "Game code {text} has {char} in the deal number: only letters A-Z may stand there."
    ),
}


def code_problem(tr: Translator, error: InvalidGameCode) -> str:
    """``error``'s message in ``tr``'s language (as it is if it has no problem)."""
    if not isinstance(error.problem, CodeProblem):
        return str(error)
    values = dict(error.values)
    for name in ("text", "char", "letter"):  # the typed text, in the language's quotes
        if name in values:
            values[name] = quote(tr, values[name])
    return tr.gettext(_MESSAGES[error.problem]).format(**values)
