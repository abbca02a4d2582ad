"""Which language the game speaks: the ones it has, and the system's choice.

The order of look-up is gettext's own: the first of ``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set decides (``LANGUAGE``
may list several, ``fi:sv``, tried in turn); ``C`` and ``POSIX`` mean
English. When none is set (usual on Windows and on macOS outside a
terminal), the platform's UI language is asked. Anything the game does not
speak falls back to English, never to an error.

>>> system_language({"LANG": "fi_FI.UTF-8"}, platform="linux")
<Language.FINNISH: 'fi'>
>>> system_language({"LANGUAGE": "de:sv", "LANG": "fi_FI.UTF-8"}, platform="linux")
<Language.SWEDISH: 'sv'>
>>> Language.from_text("Klingon")
<Language.ENGLISH: 'en'>
"""

from __future__ import annotations

import locale
import os
import sys
from collections.abc import Callable, Iterable, Mapping
from enum import Enum

ENVIRONMENT_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class Language(Enum):
    """A language the game speaks; the value is its ISO 639-1 code."""

    ENGLISH = "en"
    FINNISH = "fi"
    SWEDISH = "sv"

    @property
    def native_name(self) -> str:
        """The language's name in itself, as a language menu shows it."""
        return _NATIVE_NAMES[self]

    @classmethod
    def from_text(cls, text: str | None) -> Language:
        """The language a locale name such as ``fi_FI.UTF-8``, ``sv-SE`` or
        ``en`` names; English for anything else (``None`` included)."""
        return _match(text) or cls.ENGLISH


_NATIVE_NAMES = {
    Language.ENGLISH: "English",
    Language.FINNISH: "Suomi",
    Language.SWEDISH: "Svenska",
}


def _match(text: str | None) -> Language | None:
    """The language ``text`` names, or ``None`` if the game does not speak it."""
    if not text:
        return None
    code = text.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    for language in Language:
        if code == language.value:
            return language
    return None


def system_language(
    environ: Mapping[str, str] | None = None,
    platform: str | None = None,
    ui_languages: Callable[[], Iterable[str]] | None = None,
) -> Language:
    """The language the system asks for (see the module doc), else English.

    ``ui_languages`` lists the platform's UI languages, best first (by
    default asked of Windows or macOS; nothing elsewhere).
    """
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    for name in ENVIRONMENT_VARIABLES:
        value = environ.get(name, "")
        if value:
            for candidate in value.split(":"):
                if candidate in ("C", "POSIX") or candidate.startswith("C."):
                    return Language.ENGLISH
                language = _match(candidate)
                if language is not None:
                    return language
            return Language.ENGLISH
    asked = ui_languages if ui_languages is not None else _platform_asker(platform)
    try:
        for candidate in asked():
            language = _match(candidate)
            if language is not None:
                return language
    except (OSError, ValueError):
        pass  # a platform that will not say: English
    return Language.ENGLISH


def _platform_asker(platform: str) -> Callable[[], Iterable[str]]:
    if platform == "win32":
        return _windows_ui_languages
    if platform == "darwin":
        return _macos_ui_languages
    return tuple


def _windows_ui_languages() -> list[str]:
    """The Windows display language, e.g. ``["fi_FI"]``."""
    import ctypes

    lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
    name = locale.windows_locale.get(lcid)
    return [name] if name else []


def _macos_ui_languages() -> list[str]:
    """The macOS preferred languages, best first, e.g. ``["sv-SE", "en-US"]``.
    Raises ``OSError`` when the system will not say."""
    import subprocess  # a Mac's start only: the module costs every other one

    try:
        output = subprocess.run(
            ["defaults", "read", "-g", "AppleLanguages"],
            capture_output=True,
            text=True,
            timeout=2,
            check=True,
        ).stdout
    except subprocess.SubprocessError as error:  # failed or took too long
        raise OSError(str(error)) from error
    return [part.strip().strip('",') for part in output.splitlines()[1:-1] if part.strip()]


def language_option(text: str) -> Language:
    """``--lang fi|sv|en``: the ``type`` argparse calls. Anything unknown
    means English, with no error, as the option promises."""
    return Language.from_text(text)


def choose_language(
    option: Language | None, saved: str | None, system: Callable[[], Language] = system_language
) -> Language:
    """The language to start in: ``--lang`` for this run, else the one
    chosen in Settings (``saved``, a code), else the system's."""
    if option is not None:
        return option
    if saved is not None:
        return Language.from_text(saved)
    return system()
