"""Lines of text typeset as a page: each wrapped to the page's width, a
little apart, suit signs drawn as shapes (a dialog's answer, to show whole
or scroll)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from yukon.ui import theme
from yukon.ui.art.palette import SuitInks
from yukon.ui.dialogs.scroll_view import Page

Colour = tuple[int, int, int]


def paragraphs(
    lines: Sequence[tuple[str, Colour]], width: int, size: int, *, gap: int, inks: SuitInks
) -> Page:
    """``lines`` (text, colour) in text of ``size``, wrapped to ``width``,
    ``gap`` pixels between one line's wrapped parts and the next line's,
    suit signs in ``inks``."""
    step = theme.font(size).get_linesize()
    parts: list[tuple[int, pygame.Surface, str]] = []
    y = 0
    for i, (line, colour) in enumerate(lines):
        if i:
            y += gap
        for part in theme.rich_lines(line, size, width):
            parts.append((y, theme.rich_text(part, size, colour, inks=inks), part))
            y += step
    surface = pygame.Surface((width, max(1, y)), pygame.SRCALPHA)
    texts: list[tuple[str, pygame.Rect]] = []
    for top, image, part in parts:
        surface.blit(image, (0, top))
        texts.append((part, pygame.Rect((0, top), image.get_size())))
    return Page(surface, texts)
