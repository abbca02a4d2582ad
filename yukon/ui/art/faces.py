"""Card imagery drawn entirely in code: faces, slots, highlights, the back
of the chosen design.

Nothing is loaded from image or font files (only pygame's built-in default
font), so the game ships no third-party art. Shapes are painted at a higher
resolution and smoothscaled down, which gives antialiased edges that pygame's
plain polygon drawing lacks.

Every surface is rendered once per size and kept in a dict; the UI makes a new
``CardArt`` when the window is resized.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

import pygame

from yukon.engine import Card, Suit
from yukon.persistence.settings import CardBack, Settings
from yukon.ui.art.backs import render_back
from yukon.ui.art.court import CourtPanels
from yukon.ui.art.palette import (
    BLACK,
    BORDER,
    CONTRAST_BLACK,
    CONTRAST_BORDER,
    CONTRAST_RED,
    FACE,
    FOUR_COLOURS,
    Color,
    suit_color,
)
from yukon.ui.art.suits import draw_suit, fit_suit, suit_sprite
from yukon.ui.art.supersample import blank, down, factor, finish, rounded

__all__ = [
    "CardArt",
    "CardStyle",
    "Highlight",
    "compact_height",
    "index_bottom",
]


class Highlight(enum.Enum):
    """What a translucent overlay over a card or slot says."""

    TARGET = "target"  # the cards in hand may go here
    CURSOR = "cursor"  # the keyboard cursor


# A card turning over shows each side at one of this many widths (see
# ``CardArt.turning``); the frames of the last few turns are kept.
TURN_STEPS = 8
TURNING_KEPT = 4 * TURN_STEPS


# Pip centres for 2-10 as (x, y) fractions of the pip area; y > 0.5 is drawn upside down.
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0.0), (0.5, 1.0)),
    3: ((0.5, 0.0), (0.5, 0.5), (0.5, 1.0)),
    4: ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)),
    5: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 1.0)),
    6: ((0.0, 0.0), (1.0, 0.0), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)),
    7: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)),
    8: (
        (0.0, 0.0),
        (1.0, 0.0),
        (0.5, 0.25),
        (0.0, 0.5),
        (1.0, 0.5),
        (0.5, 0.75),
        (0.0, 1.0),
        (1.0, 1.0),
    ),
    9: (
        (0.0, 0.0),
        (1.0, 0.0),
        (0.0, 1 / 3),
        (1.0, 1 / 3),
        (0.5, 0.5),
        (0.0, 2 / 3),
        (1.0, 2 / 3),
        (0.0, 1.0),
        (1.0, 1.0),
    ),
    10: (
        (0.0, 0.0),
        (1.0, 0.0),
        (0.5, 1 / 6),
        (0.0, 1 / 3),
        (1.0, 1 / 3),
        (0.0, 2 / 3),
        (1.0, 2 / 3),
        (0.5, 5 / 6),
        (0.0, 1.0),
        (1.0, 1.0),
    ),
}

_RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


# The smallest rank a covered card may show, in pixels (cap height).
MIN_CAP = 12


@dataclass(frozen=True)
class CardStyle:
    """How the cards look: the back design, a four-colour deck, large
    high-contrast indices. The default is the classic deck.

    >>> from yukon.ui.art.palette import FOUR_COLOURS, RED
    >>> CardStyle().ink(Suit.DIAMONDS) == RED
    True
    >>> CardStyle(four_colour=True).ink(Suit.DIAMONDS) == FOUR_COLOURS[Suit.DIAMONDS]
    True
    """

    back: CardBack = CardBack.LATTICE
    four_colour: bool = False
    large_index: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.back, CardBack):
            designs = [back.value for back in CardBack]
            raise ValueError(f"unknown card back {self.back!r}; expected one of {designs}")

    def ink(self, suit: Suit) -> Color:
        """The colour a suit is printed in."""
        if self.four_colour:
            color = FOUR_COLOURS[Suit(suit)]
            if self.large_index and color == BLACK:
                return CONTRAST_BLACK
            return color
        if self.large_index:
            return CONTRAST_RED if suit.is_red else CONTRAST_BLACK
        return suit_color(suit)


def index_metrics(width: int, *, large: bool = False) -> tuple[int, int]:
    """The corner index's top padding and rank cap height for cards ``width``
    wide: large, because in Yukon most cards show only their top strip, and
    never under ``MIN_CAP`` pixels."""
    pad = max(2, round(width * 0.06))
    scale = 0.25 if large else (0.21 if width < 60 else 0.19)
    return pad, max(MIN_CAP + large, round(width * scale))


def compact_height(width: int, *, large: bool = False) -> int:
    """How much of a card's top must show for its compact index (rank and
    suit side by side) to be read whole: the least step of a fanned column."""
    pad, cap = index_metrics(width, large=large)
    return pad + cap + 1


def index_bottom(width: int, *, large: bool = False) -> int:
    """How much of a card's top must show for its stacked corner index (the
    suit under the rank) to be read whole: below it a covered card is drawn
    with the compact index."""
    pad, cap = index_metrics(width, large=large)
    return pad + cap + _index_gap(cap) + _index_suit(cap)


def _index_gap(cap: int) -> int:
    return max(1, round(cap * 0.18))


def _index_suit(cap: int) -> int:
    return max(5, round(cap * 0.78))


# --------------------------------------------------------------------------- cards

# The pictures a shelf keeps: those drawn for the table (not the parts they
# are drawn from, nor the frames of a card turning).
KEPT_KINDS = frozenset({"face", "back", "column", "foundation", "highlight", "shadow"})


class Shelf(Protocol):
    """Where pictures drawn in an earlier run are kept (``yukon.ui.art.kept_art``)."""

    def get(self, name: str) -> pygame.Surface | None: ...

    def keep(self, pictures: Mapping[str, pygame.Surface]) -> object: ...


def picture_name(key: tuple[object, ...]) -> str:
    """A picture's name on the shelf.

    >>> picture_name(("face", 12, False)), picture_name(("highlight", Highlight.TARGET))
    ('face-12-0', 'highlight-TARGET')
    """
    parts = (
        part.name
        if isinstance(part, enum.Enum)
        else str(int(part))
        if isinstance(part, bool)
        else str(part)
        for part in key
    )
    return "-".join(parts)


class CardArt:
    """All card images for one card size, each built on first use and cached.

    Create a new instance when the card size changes; surfaces are shared, so
    callers must not draw on them.
    """

    def __init__(
        self, width: int, height: int, style: CardStyle | None = None, shelf: Shelf | None = None
    ) -> None:
        if width < 8 or height < 8:
            raise ValueError(f"card size {width}x{height} is too small to draw")
        if not pygame.font.get_init():
            pygame.font.init()
        self.width = width
        self.height = height
        self.size = (width, height)
        self.style = style or CardStyle()
        self.radius = max(3, round(width * 0.075))
        self.pad, self.cap = index_metrics(width, large=self.style.large_index)
        #: The top strip a covered card needs to show for its compact index.
        self.compact_height = compact_height(width, large=self.style.large_index)
        self._font = pygame.font.Font(None, max(8, round(self.cap / 0.52)))
        self._font.set_bold(width >= 90 or self.style.large_index)
        self.index_width = round(self.cap * 1.05)
        self.index_suit = _index_suit(self.cap)
        gap = _index_gap(self.cap)
        #: Height of the top strip that shows rank and suit: the least fan offset that keeps
        #: a covered card identifiable.
        #: A covered card showing less than this (a squeezed column) hides the suit under its
        #: rank: it is drawn with ``face(card, compact=True)``, the suit beside the rank.
        self.index_bottom = index_bottom(width, large=self.style.large_index)
        self.index_height = self.index_bottom + max(1, self.pad // 2)
        self._gap = gap
        #: How far the shadow surface extends past the card on each side.
        self.shadow_margin = max(4, round(width * 0.1))
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}
        self._courts: CourtPanels | None = None  # made with the first court card
        self._k_height: int | None = None  # see ``_cap_ink``
        self._turning: dict[tuple[object, ...], pygame.Surface] = {}  # see ``turning``
        # Pictures kept from an earlier run (see ``keep``), and whether one
        # was drawn here that is not kept yet.
        self._shelf = shelf
        self._unkept = False

    # ---- public API

    def face(self, card: Card, *, compact: bool = False) -> pygame.Surface:
        """The face of ``card``; ``compact``: with the suit beside the rank in
        the top strip, for a card squeezed under others (see ``index_bottom``)."""
        return self._cached(("face", card.index, compact), lambda: self._render_face(card, compact))

    def turning(self, card: Card | None, *, compact: bool, step: int) -> pygame.Surface:
        """The back (``card`` None) or a face narrowed to ``step`` /
        ``TURN_STEPS`` of its width: a frame of a card turning over. Scaled
        once and kept while cards turn (the last few only: a turn is short)."""
        whole = self.back() if card is None else self.face(card, compact=compact)
        if step >= TURN_STEPS:
            return whole
        key = ("turning", None if card is None else card.index, compact, step)
        surf = self._turning.get(key)
        if surf is None:
            width = max(1, round(whole.get_width() * step / TURN_STEPS))
            surf = pygame.transform.smoothscale(whole, (width, whole.get_height()))
            if len(self._turning) >= TURNING_KEPT:
                del self._turning[next(iter(self._turning))]  # the oldest
            self._turning[key] = surf
        return surf

    def back(self) -> pygame.Surface:
        """The back shared by all face-down cards."""
        return self._cached(("back",), self._render_back)

    def empty_foundation(self, suit: Suit) -> pygame.Surface:
        """An empty foundation slot: faint outline with a faint large suit."""
        self.draw_places()
        return self._cache[("foundation", int(suit))]

    def empty_column(self) -> pygame.Surface:
        """An empty tableau column: a faint outline only."""
        self.draw_places()
        return self._cache[("column",)]

    def draw_places(self) -> None:
        """Draw the empty places, a column's and each foundation's, all at
        once (every frame shows them), if not yet: their outline is the
        same, supersampled once and not kept. Drawn before the faces, the
        memory their large pictures took is used again by the faces rather
        than added to theirs."""
        if ("column",) in self._cache:
            return
        places = [("column",), *(("foundation", int(suit)) for suit in Suit)]
        if all(self._kept(key) is not None for key in places):
            return
        self._unkept = True
        line = max(2, round(self.width / 45))
        outline = rounded(self.size, self.radius, (0, 0, 0, 38), (255, 255, 255, 90), line)
        self._cache[("column",)] = finish(self._render_slot(outline, None))
        for suit in Suit:
            self._cache[("foundation", int(suit))] = finish(self._render_slot(outline, suit))

    def highlight(self, kind: Highlight) -> pygame.Surface:
        """A translucent card-sized overlay saying ``kind``."""
        if not isinstance(kind, Highlight):
            raise ValueError(f"unknown highlight {kind!r}; expected one of {list(Highlight)}")
        return self._cached(("highlight", kind), lambda: self._render_highlight(kind))

    def shadow(self) -> pygame.Surface:
        """A soft shadow ``shadow_margin`` px larger than the card on every side.

        Blit it at ``(x - shadow_margin + dx, y - shadow_margin + dy)`` under a card at (x, y).
        """
        return self._cached(("shadow",), self._render_shadow)

    # ---- rendering

    def _cached(
        self, key: tuple[object, ...], make: Callable[[], pygame.Surface]
    ) -> pygame.Surface:
        surf = self._cache.get(key)
        if surf is None:
            surf = self._kept(key)
        if surf is None:
            surf = self._cache[key] = finish(make())
            self._unkept = True
        return surf

    def _kept(self, key: tuple[object, ...]) -> pygame.Surface | None:
        """The picture ``key`` from the shelf, cached; None if it has none."""
        surf = None if self._shelf is None else self._shelf.get(picture_name(key))
        if surf is not None:
            self._cache[key] = surf
        return surf

    def keep(self) -> bool:
        """Put the pictures drawn here on the shelf, for the next start;
        whether there was anything new to keep."""
        if self._shelf is None or not self._unkept:
            return False
        kept = {
            picture_name(key): surf for key, surf in self._cache.items() if key[0] in KEPT_KINDS
        }
        self._shelf.keep(kept)
        self._unkept = False
        return True

    def _blank_face(self) -> pygame.Surface:
        base = self._cache.get(("base",))
        if base is None:
            border = max(1, round(self.width / 110))
            if self.style.large_index:  # high contrast: a firm dark edge
                base = rounded(self.size, self.radius, FACE, CONTRAST_BORDER, border + 1)
            else:
                base = rounded(self.size, self.radius, FACE, BORDER, border)
            self._cache[("base",)] = base
        return base.copy()

    def _cap_ink(self) -> int:
        """How tall a capital's ink is in the index font (a K's: the same in
        any colour), measured once."""
        if self._k_height is None:
            self._k_height = self._ink("K", (0, 0, 0)).get_height()
        return self._k_height

    def _ink(self, text: str, color: Color) -> pygame.Surface:
        raw = self._font.render(text, True, color)
        return raw.subsurface(raw.get_bounding_rect()).copy()

    def _rank_image(self, rank: int, color: Color) -> pygame.Surface:
        """The rank text cropped to its ink and scaled to the cap height.

        "10" is set from two glyphs with tight spacing so it stays in the index column.
        """
        key = ("rank", rank, color)
        img = self._cache.get(key)
        if img is None:
            if rank == 10:
                one, zero = self._ink("1", color), self._ink("0", color)
                space = max(1, round(one.get_height() * 0.06))
                img = blank(
                    (
                        one.get_width() + space + zero.get_width(),
                        max(one.get_height(), zero.get_height()),
                    ),
                    color,
                )
                img.blit(one, (0, 0))
                img.blit(zero, (one.get_width() + space, 0))
            else:
                img = self._ink(_RANK_TEXT[rank - 1], color)
            # Scale by the cap height of a reference letter so Q's tail hangs below, as in type.
            scale = self.cap / self._cap_ink()
            w = max(1, round(img.get_width() * scale))
            h = max(1, round(img.get_height() * scale))
            limit = round(self.index_width * 1.25)
            img = pygame.transform.smoothscale(img, (min(w, limit), h))
            self._cache[key] = img
        return img

    def _draw_index(self, surf: pygame.Surface, card: Card) -> None:
        """Rank with a small suit below it, top-left and (upside down) bottom-right."""
        color = self.style.ink(card.suit)
        rank = self._rank_image(card.rank, color)
        corner = blank(
            (max(rank.get_width(), self.index_suit) + 2, self.cap + self._gap + self.index_suit),
            color,
        )
        cx = corner.get_width() // 2
        corner.blit(rank, (cx - rank.get_width() // 2, 0))
        suit_rect = pygame.Rect(0, 0, self.index_suit, self.index_suit)
        suit_rect.midtop = (cx, self.cap + self._gap)
        draw_suit(corner, card.suit, suit_rect, color)
        left = self._index_x(corner.get_width())
        top = self.pad
        surf.blit(corner, (left, top))
        flipped = pygame.transform.flip(corner, True, True)
        right = self.width - left - corner.get_width()
        surf.blit(flipped, (right, self.height - top - corner.get_height()))

    def _draw_compact_index(self, surf: pygame.Surface, card: Card) -> None:
        """Clear the top strip and set the rank with its suit beside it, so a
        card covered all but a sliver still says which card it is."""
        strip = pygame.Rect(0, 0, self.width, self.index_height)
        surf.blit(self._blank_face(), strip, strip)
        rank, at, suit_rect = self._compact_parts(card)
        surf.blit(rank, at)
        draw_suit(surf, card.suit, suit_rect, self.style.ink(card.suit))

    def _compact_parts(self, card: Card) -> tuple[pygame.Surface, tuple[int, int], pygame.Rect]:
        """The compact index's rank image, where it goes, and the suit's box."""
        rank = self._rank_image(card.rank, self.style.ink(card.suit))
        if rank.get_height() > self.cap:  # Q's tail, a tall 10: all of it must show
            rank = pygame.transform.smoothscale_by(rank, self.cap / rank.get_height())
        left = self._index_x(rank.get_width())  # where the full face has it
        suit_rect = pygame.Rect(0, 0, self.index_suit, self.index_suit)
        suit_rect.midleft = (left + rank.get_width() + self._gap + 1, self.pad + self.cap // 2)
        return rank, (left, self.pad), suit_rect

    def index_rect(self, card: Card, *, compact: bool = False) -> pygame.Rect:
        """Where the top-left index of ``card`` is drawn on its face. A card
        showing its top ``index_bottom`` pixels shows the whole normal index;
        the compact one needs ``compact_height``."""
        if compact:
            rank, at, suit_rect = self._compact_parts(card)
            return pygame.Rect(at, rank.get_size()).union(fit_suit(card.suit, suit_rect))
        rank = self._rank_image(card.rank, self.style.ink(card.suit))
        width = max(rank.get_width(), self.index_suit) + 2
        return pygame.Rect(self._index_x(width), self.pad, width, self.index_bottom - self.pad)

    def _index_x(self, width: int) -> int:
        """Where something ``width`` wide starts when centred on the index
        column: the same for every card, so ranks line up down a fanned pile
        (a wide "10" on a small card starts at the edge, not past it)."""
        return max(0, self.pad + self.index_width // 2 - width // 2)

    def _render_face(self, card: Card, compact: bool = False) -> pygame.Surface:
        surf = self._blank_face()
        self._draw_index(surf, card)
        if self.style.large_index:  # one big suit: the large index leaves no room for pips
            self._draw_centre_suit(surf, card)
        elif card.rank > 10:
            self._draw_court(surf, card)
        elif card.rank == 1 or self.width < 60:
            self._draw_centre_suit(surf, card)
        else:
            self._draw_pips(surf, card)
        if compact:
            self._draw_compact_index(surf, card)
        return surf

    def _draw_centre_suit(self, surf: pygame.Surface, card: Card) -> None:
        scale = 0.5 if card.rank == 1 else 0.42
        if self.width < 60 or self.style.large_index:
            scale = 0.46
        size = round(self.width * scale)
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (self.width // 2, self.height // 2)
        draw_suit(surf, card.suit, rect, self.style.ink(card.suit))

    def _draw_pips(self, surf: pygame.Surface, card: Card) -> None:
        """Classic pip layout; the columns move in just enough to clear the corner index."""
        w, h = self.width, self.height
        rank_w = self._rank_image(card.rank, self.style.ink(card.suit)).get_width()
        index_right = self.pad + self.index_width / 2 + max(rank_w, self.index_suit) / 2
        gap = max(1.0, w * 0.025)
        pip_w = w * (0.185 if card.rank < 9 else 0.16)
        if card.rank >= 7:
            # Middle-column pips must not touch the side columns: shrink on narrow cards.
            pip_w = min(pip_w, (w / 2 - index_right - gap) / 1.3)
        pip_w = max(4, round(pip_w))
        box = fit_suit(card.suit, pygame.Rect(0, 0, pip_w, round(pip_w * 1.15)))
        col = max(w * 0.34, index_right + gap + box.w / 2)
        top = h * 0.215
        area = pygame.Rect(round(col), round(top), round(w - 2 * col), round(h - 2 * top))
        color = self.style.ink(card.suit)
        up = suit_sprite(card.suit, box.size, color)
        down = suit_sprite(card.suit, box.size, color, flip=True)
        for fx, fy in _PIPS[card.rank]:
            sprite = down if fy > 0.5 else up
            cx = area.x + fx * area.w
            cy = area.y + fy * area.h
            surf.blit(sprite, (round(cx - box.w / 2), round(cy - box.h / 2)))

    def _court_panel_rect(self) -> pygame.Rect:
        left = self.pad + self.index_width + max(1, self.pad // 2)
        top = max(self.pad, round(self.height * 0.06))
        return pygame.Rect(left, top, self.width - 2 * left, self.height - 2 * top)

    def _draw_court(self, surf: pygame.Surface, card: Card) -> None:
        """A framed, tinted panel with a crown, a big rank letter and the suit."""
        panel = self._court_panel_rect()
        if panel.w < 12 or panel.h < 20:
            self._draw_centre_suit(surf, card)
            return
        if self._courts is None:
            self._courts = CourtPanels(panel)
        self._courts.draw(surf, card, self.style.ink(card.suit))

    def _render_back(self) -> pygame.Surface:
        return render_back(self.size, self.radius, self.style.back)

    def _render_slot(self, outline: pygame.Surface, suit: Suit | None) -> pygame.Surface:
        w, h = self.size
        img = outline.copy()
        # The mark, faded, over the outline: made only as large as what it
        # shows (around it the mark would be transparent, changing nothing).
        if suit is not None:
            size = round(w * 0.5)
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (w // 2, h // 2)
            spot = fit_suit(suit, rect)
            shape = suit_sprite(suit, spot.size, (255, 255, 255), keep=False)
        else:  # an empty column takes only a King
            king = self._rank_image(13, (255, 255, 255))
            shape = pygame.transform.smoothscale_by(king, w * 0.4 / king.get_width())
            spot = shape.get_rect(center=(w // 2, h // 2))
        mark = blank(spot.size, (255, 255, 255))
        mark.blit(shape, (0, 0))
        mark.fill((255, 255, 255, 70), special_flags=pygame.BLEND_RGBA_MULT)
        img.blit(mark, spot)
        return img

    def _render_highlight(self, kind: Highlight) -> pygame.Surface:
        w, h = self.size
        styles: dict[Highlight, tuple[Color, int, int, float]] = {
            # colour, fill alpha, border alpha, border width (fraction of width)
            Highlight.TARGET: ((60, 230, 110), 50, 230, 0.045),
            Highlight.CURSOR: ((40, 235, 255), 0, 255, 0.07),
        }
        color, fill_a, edge_a, frac = styles[kind]
        line = max(2, round(w * frac))
        f = factor(w, h)
        big = blank((w * f, h * f), color)
        full = big.get_rect()
        r = self.radius * f
        # Soft inner glow: a few nested outlines fading towards the middle.
        glow = line * 2
        for i in range(glow, 0, -1):
            alpha = round(edge_a * 0.35 * (1 - i / (glow + 1)))
            rect = full.inflate(-2 * (line + i) * f // 2, -2 * (line + i) * f // 2)
            pygame.draw.rect(big, (*color, alpha), rect, f, border_radius=r)
        if fill_a:
            inner = full.inflate(-2 * line * f, -2 * line * f)
            layer = blank(big.get_size(), color)
            pygame.draw.rect(layer, (*color, fill_a), inner, border_radius=max(0, r - line * f))
            big.blit(layer, (0, 0))
        pygame.draw.rect(big, (*color, edge_a), full, line * f, border_radius=r)
        # A pale inner rule: it keeps the cursor visible on light cards.
        rule = {Highlight.CURSOR: (255, 255, 255, 255)}.get(kind)
        if rule is not None:
            inner = full.inflate(-2 * line * f, -2 * line * f)
            radius = max(0, r - line * f)
            pygame.draw.rect(big, rule, inner, max(f, line * f // 3), border_radius=radius)
        return down(big, self.size)

    def _render_shadow(self) -> pygame.Surface:
        m = self.shadow_margin
        w, h = self.width + 2 * m, self.height + 2 * m
        # Blur a half-size silhouette then scale up: soft edges for little work.
        q = 2
        small = blank((w // q, h // q))
        sm = m // q
        body = pygame.Rect(sm, sm, small.get_width() - 2 * sm, small.get_height() - 2 * sm)
        pygame.draw.rect(small, (0, 0, 0, 150), body, border_radius=max(1, self.radius // q))
        small = pygame.transform.gaussian_blur(small, max(1, sm * 2 // 3))
        return down(small, (w, h))


def card_style(settings: Settings) -> CardStyle:
    """The look of the cards the settings ask for."""
    return CardStyle(settings.card_back, settings.four_colour, settings.large_indices)
