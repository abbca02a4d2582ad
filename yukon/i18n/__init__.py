"""The game's own words in Finnish, Swedish and English (gettext catalogues).

``Translator`` is what the UI asks for every text; ``Language`` and
``system_language`` decide which language it speaks; ``explain`` and
``code_problem`` put the engine's reasons into words.
"""

from yukon.i18n.code_problems import code_problem
from yukon.i18n.languages import Language, choose_language, language_option, system_language
from yukon.i18n.record_problems import game_text_problem, record_problem
from yukon.i18n.refusals import explain, say
from yukon.i18n.translator import N_, Translator

__all__ = [
    "N_",
    "Language",
    "Translator",
    "choose_language",
    "code_problem",
    "explain",
    "game_text_problem",
    "language_option",
    "record_problem",
    "say",
    "system_language",
]
