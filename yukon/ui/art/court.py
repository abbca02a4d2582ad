"""A court card's panel: a framed, tinted robe with a lattice, the emblem
(see ``crown``), the big letter and the suit.

The robe is the same for every court card of a colour: it is supersampled
once per colour and card size (``CourtPanels``). At a whole supersampling
factor each pixel of the panel is the mean of its own block of the large
picture, so only the rows the emblem touches differ from rank to rank:
those alone are drawn large again for each and scaled down into a copy of
the robe, the very picture the whole panel drawn large would give.
"""

from __future__ import annotations

import pygame

from yukon.engine import Card
from yukon.ui.art.crown import draw_crown
from yukon.ui.art.palette import GOLD, Color
from yukon.ui.art.suits import draw_suit
from yukon.ui.art.supersample import blank, down, factor

LETTERS = {11: "J", 12: "Q", 13: "K"}


# The fonts of the big letters, by size: the card size's, and the last
# one's while both are drawn (an open font holds its file open, so a card
# art keeps none of its own).
_FONTS: dict[int, pygame.font.Font] = {}


def _letter_font(size: int) -> pygame.font.Font:
    """The big letters' font at ``size``, opened again after the font
    module restarted (an older one then refuses to draw)."""
    font = _FONTS.pop(size, None)
    if font is not None:
        try:
            font.get_height()
        except pygame.error:  # from before pygame.font.quit()
            font = None
    if font is None:
        font = pygame.font.Font(None, size)
        while len(_FONTS) >= 2:
            del _FONTS[next(iter(_FONTS))]  # the oldest
    _FONTS[size] = font  # the newest now
    return font


# A robe at the panel's size; its top rows supersampled, down to below
# where the emblem goes; and the emblem's rect in them.
Robe = tuple[pygame.Surface, pygame.Surface, pygame.Rect]


class CourtPanels:
    """The court cards' panels for one panel size. A colour's three panels
    (J, Q and K, without their suit) are drawn together with its first
    court card, its robe supersampled once for them, and kept: a court card
    is then its panel and its suit."""

    def __init__(self, panel: pygame.Rect) -> None:
        self.panel = panel
        # (rank, ink, red) -> the panel without its suit, and the suit's box.
        self._panels: dict[tuple[int, Color, bool], tuple[pygame.Surface, pygame.Rect]] = {}

    def draw(self, surf: pygame.Surface, card: Card, color: Color) -> None:
        """The panel of ``card`` (a court card) in ink ``color``, on ``surf``."""
        red = card.suit.is_red
        if (card.rank, color, red) not in self._panels:
            self._draw_colour(color, red)
        picture, suit_rect = self._panels[(card.rank, color, red)]
        picture = picture.copy()
        draw_suit(picture, card.suit, suit_rect, color)
        surf.blit(picture, self.panel)

    def _draw_colour(self, color: Color, red: bool) -> None:
        """The three panels in ink ``color``, tinted for a red or a black suit."""
        panel = self.panel
        f = factor(panel.w, panel.h)
        robe, band, crown = self.robe(color, red)
        for rank in LETTERS:
            picture = robe.copy()
            top = band.copy()
            draw_crown(top, crown, rank, color)
            rows = pygame.Rect(0, 0, panel.w, top.get_height() // f)
            pygame.transform.smoothscale(top, rows.size, picture.subsurface(rows))
            letter = self.letter(rank, color)
            below_crown = round(crown.bottom / f + panel.h * 0.05)
            letter_rect = letter.get_rect(midtop=(panel.w // 2, below_crown))
            picture.blit(letter, letter_rect)
            suit_size = round(panel.w * 0.42)
            suit_rect = pygame.Rect(0, 0, suit_size, suit_size)
            bottom_space = panel.h - letter_rect.bottom
            suit_rect.center = (panel.w // 2, letter_rect.bottom + bottom_space // 2)
            self._panels[(rank, color, red)] = (picture, suit_rect)

    def robe(self, color: Color, red: bool) -> Robe:
        """The robe framed in ``color``, tinted for a red or a black suit."""
        panel = self.panel
        tint = (252, 232, 232) if red else (228, 234, 246)
        f = factor(panel.w, panel.h)
        pw, ph = panel.w * f, panel.h * f
        big = blank((pw, ph), color)
        radius = max(2, round(panel.w * 0.08)) * f
        frame = max(1, round(panel.w * 0.035)) * f
        pygame.draw.rect(big, color, big.get_rect(), border_radius=radius)
        inner = big.get_rect().inflate(-2 * frame, -2 * frame)
        pygame.draw.rect(big, GOLD, inner, border_radius=max(0, radius - frame))
        inner = inner.inflate(-2 * frame, -2 * frame)
        pygame.draw.rect(big, tint, inner, border_radius=max(0, radius - 2 * frame))
        # Faint diagonal lattice in the panel, the traditional court-card "robe" texture.
        lattice = (*color, 28)
        step = max(4, pw // 6)
        layer = blank(inner.size, color)
        for k in range(-inner.h, inner.w + inner.h, step):
            pygame.draw.line(layer, lattice, (k, 0), (k + inner.h, inner.h), max(1, f))
            pygame.draw.line(layer, lattice, (k, inner.h), (k + inner.h, 0), max(1, f))
        big.blit(layer, inner.topleft)
        # Where the emblem goes (at the top), and the rows it may touch:
        # its outlines stand out of its rect by up to their width.
        crown_w = inner.w * 0.74
        crown = pygame.Rect(0, 0, round(crown_w), round(crown_w * 0.56))
        crown.midtop = (inner.centerx, inner.y + round(inner.h * 0.06))
        reach = crown.bottom + 2 * max(1, round(crown.w * 0.035)) + 2 * f
        rows = min(panel.h, -(-reach // f))  # whole blocks of f rows
        band = big.subsurface((0, 0, pw, rows * f)).copy()
        return (down(big, panel.size), band, crown)

    def letter(self, rank: int, color: Color) -> pygame.Surface:
        """The big J, Q or K, cropped to its ink, three tenths of the panel tall."""
        height = round(self.panel.h * 0.3)
        raw = _letter_font(max(8, round(height / 0.52))).render(LETTERS[rank], True, color)
        letter = raw.subsurface(raw.get_bounding_rect()).copy()
        if letter.get_height() != height:
            scale = height / letter.get_height()
            letter = pygame.transform.smoothscale(
                letter, (max(1, round(letter.get_width() * scale)), height)
            )
        return letter
