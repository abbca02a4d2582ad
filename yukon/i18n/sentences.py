"""Text made of whole catalogue sentences, each with its values.

Code that must not depend on the UI's language (the files' notices, say)
builds a ``Sentences``: its ``str`` is the English text, and ``say`` puts
each sentence into the player's language. Sentences are joined with a
space, so each is whole in every language; ``"\\n"`` breaks the line.

>>> notice = Sentences(("Your {what} was damaged.", {"what": "file"}), ("Defaults are used.", {}))
>>> str(notice)
'Your file was damaged. Defaults are used.'
>>> str(Sentences.join([notice, "Finding a winnable deal…"]))
'Your file was damaged. Defaults are used.\\nFinding a winnable deal…'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

Part = tuple[str, Mapping[str, object]]


class Sentences(str):
    """See the module doc; ``parts`` are (catalogue message, values)."""

    parts: tuple[Part, ...]
    separator: str

    def __new__(cls, *parts: Part, separator: str = " ") -> Sentences:
        text = _joined(parts, separator, lambda message: message)
        made = super().__new__(cls, text)
        made.parts, made.separator = parts, separator
        return made

    @classmethod
    def join(cls, lines: Iterable[str], separator: str = "\n") -> Sentences:
        """One text of ``lines`` (``Sentences`` or catalogue messages)."""
        parts: list[Part] = []
        for line in lines:
            if parts:
                parts.append((separator, {}))
            parts.append(("{line}", {"line": line}) if isinstance(line, Sentences) else (line, {}))
        return cls(*parts, separator="")

    def words(self, translate: Callable[[str], str]) -> str:
        """The text with every sentence (and every ``Sentences`` value) passed
        through ``translate``."""
        return _joined(self.parts, self.separator, translate)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.parts, self.separator))


def _joined(parts: Iterable[Part], separator: str, translate: Callable[[str], str]) -> str:
    pieces = []
    for message, values in parts:
        shown = {
            name: value.words(translate) if isinstance(value, Sentences) else value
            for name, value in values.items()
        }
        pieces.append(translate(message).format(**shown) if values else translate(message))
    return separator.join(pieces)


def _rebuild(parts: tuple[Part, ...], separator: str) -> Sentences:
    return Sentences(*parts, separator=separator)
