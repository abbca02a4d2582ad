"""Colours and fonts shared by every screen: one look, defined once."""

from __future__ import annotations

from functools import lru_cache

import pygame

from yukon.persistence import Settings
from yukon.text_wrap import wrap as wrap  # the dialogs wrap with the theme's fonts
from yukon.ui import typeface
from yukon.ui.art.felt import TABLE_COLOURS
from yukon.ui.art.palette import SuitInks, text_inks
from yukon.ui.chrome_colours import Palette, chrome
from yukon.ui.text_boxes import register

FELT = (22, 102, 62)
BAR = (14, 46, 32)
BAR_LINE = (40, 90, 64)
TEXT = (238, 242, 236)
ACCENT = (255, 204, 77)
BUTTON = (34, 78, 56)
BUTTON_HOVER = (52, 110, 80)
BUTTON_DOWN = (26, 60, 44)
BUTTON_DISABLED = (30, 58, 44)
TEXT_DISABLED = (104, 130, 114)
PANEL = (248, 246, 240)
PANEL_TEXT = (30, 36, 34)
PANEL_DIM = (96, 104, 100)
PANEL_LINE = (206, 204, 196)
ERROR = (190, 30, 45)
OK = (30, 130, 70)
BANNER = (28, 28, 34)
CURSOR = (0, 225, 255)
FOCUS = (20, 90, 200)  # a dialog control's keyboard focus ring, on the light panel
HOVER = (255, 250, 225)
HOVER_EDGE = (22, 58, 40)  # dark rim: the light hover line shows on cards and felt alike


def chrome_of(settings: Settings) -> Palette:
    """The chrome's colours around the table colour ``settings`` choose
    (see ``chrome_colours``): every scene draws in the palette its own
    settings give, handed to what it draws."""
    return chrome(TABLE_COLOURS[settings.table_colour])


# The type scale of the dialogs, in dialog units (see ``dialogs.dialog_unit``):
# titles and headings bold, labels and body text regular, notes smaller
# and dimmer.
TITLE = 1.6
HEADING = 1.45
SUBHEADING = 1.2
BODY = 1.3  # Help's running text: about 13 px at 800x600
LABEL = 1.05  # a control's label, a short text
NOTE = 0.9
# The least size, in points, of a text read at a glance (the bar's labels
# and info, the replay's caption): DejaVu Sans at 12 px, capitals 9 px tall.
READABLE = 18


class SmoothFont:
    """The default font, drawn at three times the size and scaled down.

    At the small sizes of labels and captions the font's hinting snaps each
    letter to whole pixels and spaces words unevenly ("ra ndom dea l");
    drawn large and scaled down, shapes and spacing stay true. Offers the
    part of ``pygame.font.Font`` the screens use, measured as drawn.
    """

    SCALE = 3

    def __init__(self, size: int, *, bold: bool = False) -> None:
        self._big = pygame.font.Font(None, max(8, size) * self.SCALE)
        self._big.set_bold(bold)

    def _down(self, length: int) -> int:
        return round(length / self.SCALE)

    def render(self, content: str, antialias: bool, color: tuple[int, ...]) -> pygame.Surface:
        """Like ``Font.render``; always antialiased (scaling needs the alpha)."""
        big = self._big.render(content, True, color)
        height = max(1, self._down(big.get_height()))
        if not big.get_width():
            return pygame.Surface((0, height), pygame.SRCALPHA)
        return pygame.transform.smoothscale(big, (max(1, self._down(big.get_width())), height))

    def size(self, content: str) -> tuple[int, int]:
        width, height = self._big.size(content)
        return self._down(width), self._down(height)

    def get_height(self) -> int:
        return self._down(self._big.get_height())

    def get_linesize(self) -> int:
        return self._down(self._big.get_linesize())

    def get_ascent(self) -> int:
        return self._down(self._big.get_ascent())


# A font as the screens use it: the platform's UI font, or the bundled one.
Face = SmoothFont | pygame.font.Font


@lru_cache(maxsize=64)
def font(size: int, *, bold: bool = False) -> Face:
    """The chrome's font at ``size`` pixels, regular or bold (cached: fonts
    are slow to open): the platform's UI font (see ``typeface``), else the
    bundled one."""
    if not pygame.font.get_init():
        pygame.font.init()
    chosen = typeface.current()
    if chosen.bundled:
        return SmoothFont(size, bold=bold)
    return typeface.open_font(chosen, size, bold=bold)


@lru_cache(maxsize=512)
def text(content: str, size: int, color: tuple[int, ...], *, bold: bool = False) -> pygame.Surface:
    """Rendered, antialiased text, cached because labels rarely change."""
    return register(font(size, bold=bold).render(content, True, color), content)


SUIT_SIGNS = "♠♥♦♣"
ON_DARK_INKS = text_inks(four_colour=False, dark=True)  # the classic deck's, on the table
SUIT_WIDTH = 0.74  # a suit sign's advance in text, in font heights


@lru_cache(maxsize=128)
def rich_text(
    content: str,
    size: int,
    color: tuple[int, int, int],
    *,
    bold: bool = False,
    inks: SuitInks = ON_DARK_INKS,
) -> pygame.Surface:
    """Text in which ♠♥♦♣ are drawn as shapes (the default font has no
    such glyphs), each suit in its ink of ``inks`` (see ``text_inks``: the
    deck's, for the background), or in ``color`` where it has none."""
    from yukon.engine import Suit
    from yukon.ui.art.suits import draw_suit

    face = font(size, bold=bold)
    height = face.get_height()
    pieces: list[tuple[str, pygame.Surface | None, int]] = []
    for run in _runs(content):
        if _is_suit(run):
            pieces.append((run, None, round(height * SUIT_WIDTH)))
        else:
            image = face.render(run, True, color)
            pieces.append((run, image, image.get_width()))
    width = sum(w for _, _, w in pieces)
    surface = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
    x = 0
    for char, picture, w in pieces:
        if picture is not None:
            surface.blit(picture, (x, 0))
        else:
            suit = Suit(SUIT_SIGNS.index(char))
            ink = inks[suit] or color
            box = pygame.Rect(x + 1, round(height * 0.12), w - 2, round(height * 0.64))
            draw_suit(surface, suit, box, ink)
        x += w
    return register(surface, content)


def rich_width(content: str, size: int, *, bold: bool = False) -> int:
    """The width ``rich_text`` gives ``content``, without drawing it."""
    face = font(size, bold=bold)
    suit = round(face.get_height() * SUIT_WIDTH)
    return sum(suit if _is_suit(run) else face.size(run)[0] for run in _runs(content))


@lru_cache(maxsize=32)
def rich_lines(content: str, size: int, width: int) -> tuple[str, ...]:
    """``content`` as ``rich_text`` lines no wider than ``width``: a line for
    each of its own lines, wrapped (cached: a banner is drawn every frame)."""
    return tuple(
        line
        for paragraph in content.split("\n")
        for line in wrap(paragraph, width, lambda part: rich_width(part, size))
    )


def _runs(content: str) -> list[str]:
    """``content`` cut into runs of plain text and single suit signs."""
    runs: list[str] = []
    for char in content:
        if runs and not _is_suit(runs[-1]) and char not in SUIT_SIGNS:
            runs[-1] += char
        else:
            runs.append(char)
    return runs


def _is_suit(run: str) -> bool:
    return len(run) == 1 and run in SUIT_SIGNS


def reset() -> None:
    """Forget cached fonts and texts: after ``pygame.font`` restarts, before
    it stops (a font freed after keeps its file open), and when the window
    changes size (``sized_caches``)."""
    font.cache_clear()
    text.cache_clear()
    rich_text.cache_clear()
    rich_lines.cache_clear()
