"""Help's page typeset: its sections drawn as one tall picture to scroll.

Headings large and bold; paragraphs across the page; keyed rows as a table
of two columns, the keys bold on the left in one column down the whole
page, as wide as ``key_column`` finds best for the page's keys and
descriptions at this width. Every line drawn is listed with its rectangle
on the page (for ``--dump-layout`` and the tests that no text is cut or
overlaps another).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

import pygame

from yukon.ui import theme
from yukon.ui.art.palette import SuitInks
from yukon.ui.dialogs.help_sections import Row, Section
from yukon.ui.dialogs.key_column import key_column, key_lines, stacks
from yukon.ui.dialogs.scroll_view import Page

KEY_COLOUR = (40, 80, 160)


class _Fonts:
    """The page's fonts at one size, and the measures of its texts."""

    def __init__(self, unit: int, inks: SuitInks) -> None:
        self.inks = inks
        # Body text as large as a dialog's labels, in lines of under a
        # hundred characters; headings larger and bold, keys bold.
        self.size = round(unit * theme.BODY)
        self.body = theme.font(self.size)
        self.key = theme.font(self.size, bold=True)
        # Accents stand taller than the font's line.
        self.line_h = max(self.body.get_linesize(), self.body.size("ÅÄÖg")[1])
        # Measured again and again while the key column is chosen: cached.
        self.key_width: Callable[[str], int] = cache(lambda line: self.key.size(line)[0])
        self.plain_width: Callable[[str], int] = cache(lambda line: self.body.size(line)[0])
        self.rich_width: Callable[[str], int] = cache(
            lambda line: theme.rich_width(line, self.size)
        )

    def text_width(self, line: str) -> int:
        """Suit signs are drawn as shapes, so lines holding them are measured so."""
        suits = any(sign in line for sign in theme.SUIT_SIGNS)
        return self.rich_width(line) if suits else self.plain_width(line)

    def render(self, line: str) -> pygame.Surface:
        if any(sign in line for sign in theme.SUIT_SIGNS):
            return theme.rich_text(line, self.size, theme.PANEL_TEXT, inks=self.inks)
        return self.body.render(line, True, theme.PANEL_TEXT)


def typeset(sections: Sequence[Section], width: int, unit: int, *, inks: SuitInks) -> Page:
    """``sections`` as a page ``width`` wide, in text of ``unit``'s size,
    suit signs in ``inks``."""
    u = unit
    fonts = _Fonts(u, inks)
    blocks: list[tuple[int, pygame.Surface]] = []
    texts: list[tuple[str, pygame.Rect]] = []
    key_span = key_column(
        [row for _, rows in sections for row in rows],
        width,
        key_width=fonts.key_width,
        text_width=fonts.text_width,
        gap=u,
        most=width // 3,
    )
    y = 0
    tops: list[int] = []
    for heading, rows in sections:
        tops.append(y)
        label = theme.text(heading, round(u * theme.HEADING), theme.PANEL_TEXT, bold=True)
        blocks.append((y, label))
        texts.append((heading, pygame.Rect((0, y), label.get_size())))
        y += label.get_height() + u // 3
        for row in rows:
            block, lines = _row(row, fonts, width, key_span, u)
            blocks.append((y, block))
            texts += [(line, rect.move(0, y)) for line, rect in lines]
            y += block.get_height() + u // 4
        y += u // 2
    page = pygame.Surface((width, y), pygame.SRCALPHA)
    for top, block in blocks:
        page.blit(block, (0, top))
    return Page(page, texts, tops)


def _row(
    row: Row, fonts: _Fonts, width: int, key_span: int, gap: int
) -> tuple[pygame.Surface, list[tuple[str, pygame.Rect]]]:
    """One row drawn: a paragraph, or a key with what it does beside it (or
    under it, for a key with a word wider than the column)."""
    left, right = row
    line_h = fonts.line_h
    indent = key_span + gap if left else 0
    keys: list[str] = []
    below = 0  # the lines a stacked key takes above its description
    if left:
        if stacks(left, key_span, fonts.key_width):
            keys = key_lines(left, width, fonts.key_width)
            below = len(keys)
        else:
            keys = key_lines(left, key_span, fonts.key_width)
    lines = theme.wrap(right, width - indent, fonts.text_width)
    height = line_h * max(below + len(lines), len(keys))
    block = pygame.Surface((width, height), pygame.SRCALPHA)
    drawn: list[tuple[str, pygame.Rect]] = []
    for i, line in enumerate(keys):
        key = fonts.key.render(line, True, KEY_COLOUR)
        block.blit(key, (0, i * line_h))
        drawn.append((line, pygame.Rect((0, i * line_h), key.get_size())))
    for i, line in enumerate(lines):
        text = fonts.render(line)
        at = (indent, (below + i) * line_h)
        block.blit(text, at)
        drawn.append((line, pygame.Rect(at, text.get_size())))
    return block, drawn
