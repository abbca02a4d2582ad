"""The translator the game asks for every word it shows.

It wraps the standard library's ``gettext`` catalogues from
``yukon/locale/<lang>/LC_MESSAGES/yukon.mo`` (English has one too, so its
wording can be polished in the catalogue; without a catalogue the
messages themselves are shown) and can switch language while the game
runs; whoever shows text subscribes and redraws when told.

>>> tr = Translator(Language.FINNISH)
>>> tr.gettext("Undo")
'Peru'
>>> one, many = "Column {column} has only {count} card.", "Column {column} has only {count} cards."
>>> tr.ngettext(one, many, 2).format(column=3, count=2)
'Sarakkeessa 3 on vain 2 korttia.'
>>> heard = []
>>> stop = tr.subscribe(heard.append)
>>> tr.set_language(Language.SWEDISH); tr.gettext("Undo"), heard
('Ångra', [<Language.SWEDISH: 'sv'>])
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from pathlib import Path

from yukon.i18n.languages import Language

# Where the compiled catalogues are, for gettext (``yukon.i18n.catalogue``
# compiles them there; the game only reads them, and never loads it).
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "yukon"

Listener = Callable[[Language], None]


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it yet: for
    texts kept as data and translated where they are shown."""
    return message


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """``N_`` for a message with a plural (see ``Translator.ngettext``)."""
    return (singular, plural)


def NP_(context: str, message: str) -> str:
    """``N_`` for a message with a context (see ``Translator.pgettext``)."""
    return message


class Translator:
    """The current language's catalogue, and who to tell when it changes."""

    def __init__(self, language: Language = Language.ENGLISH, locale_dir: Path = LOCALE_DIR):
        self._locale_dir = locale_dir
        self._listeners: list[Listener] = []
        self.language = language
        self._catalogue = self._load(language)

    def _load(self, language: Language) -> gettext.NullTranslations:
        return gettext.translation(
            DOMAIN, self._locale_dir, languages=[language.value], fallback=True
        )

    def set_language(self, language: Language) -> None:
        """Speak ``language`` from now on and tell every listener (if it changed)."""
        if language is self.language:
            return
        self._catalogue = self._load(language)
        self.language = language
        for listener in list(self._listeners):
            listener(language)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` after each change of language; returns the
        function that stops it."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def gettext(self, message: str) -> str:
        return self._catalogue.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form for ``n`` under the language's own plural rule."""
        return self._catalogue.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in a ``context`` that tells apart equal English words."""
        return self._catalogue.pgettext(context, message)
