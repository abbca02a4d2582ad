"""Where every text is drawn: its rectangle and the rectangle of what holds it.

For ``--dump-layout`` and the test that no text is clipped, overlaps
another or runs out of its button, dialog or bar, in any language. Texts
are known by the images ``theme`` renders for them (``register``); draw
code says what holds the texts it draws (``with holding(rect)``); drawing a
frame onto a ``RecordingSurface`` lists every text blitted on it.

>>> import pygame
>>> image = register(pygame.Surface((40, 10)), "Undo")
>>> surface = RecordingSurface((200, 100))
>>> with holding(pygame.Rect(10, 10, 60, 30)):
...     _ = surface.blit(image, (15, 20))
>>> [(box.text, tuple(box.rect), tuple(box.holder)) for box in surface.texts]
[('Undo', (15, 20, 40, 10), (10, 10, 60, 30))]
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

import pygame

_names: weakref.WeakKeyDictionary[pygame.Surface, str] = weakref.WeakKeyDictionary()
_holders: list[pygame.Rect] = []


class TextBox(NamedTuple):
    """A text drawn at ``rect`` inside ``holder`` (a button, a dialog, the
    bar): a named tuple, made as the game starts in a fraction of a data
    class's time."""

    text: str
    rect: pygame.Rect
    holder: pygame.Rect

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "rect": list(self.rect), "holder": list(self.holder)}


def register(image: pygame.Surface, text: str) -> pygame.Surface:
    """Remember that ``image`` shows ``text``; returns ``image``."""
    _names[image] = text
    return image


def name_of(image: pygame.Surface) -> str | None:
    """The text ``image`` shows, if ``theme`` rendered it."""
    return _names.get(image)


@contextmanager
def holding(rect: pygame.Rect) -> Iterator[None]:
    """Texts drawn inside the block belong to ``rect``."""
    _holders.append(pygame.Rect(rect))
    try:
        yield
    finally:
        _holders.pop()


class RecordingSurface(pygame.Surface):
    """A surface that lists the texts blitted on it (``texts``)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.texts: list[TextBox] = []

    def note(self, text: str, rect: pygame.Rect, holder: pygame.Rect) -> None:
        """A text drawn elsewhere first (a scrolled page) and shown at ``rect``."""
        self.texts.append(TextBox(text, pygame.Rect(rect), pygame.Rect(holder)))

    def blit(
        self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None, special_flags: int = 0
    ) -> pygame.Rect:
        rect = super().blit(source, dest, area, special_flags)
        text = _names.get(source)
        if text is not None and text.strip():
            holder = _holders[-1] if _holders else self.get_rect()
            self.texts.append(TextBox(text, pygame.Rect(rect), pygame.Rect(holder)))
        return rect


def note(surface: pygame.Surface, text: str, rect: pygame.Rect, holder: pygame.Rect) -> None:
    """Tell a recording ``surface`` of a text it shows but did not get by ``blit``."""
    if isinstance(surface, RecordingSurface):
        surface.note(text, rect, holder)
