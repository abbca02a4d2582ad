"""Where everything goes on the table, computed from the window size and
the columns' lengths.

Yukon columns grow long (20+ cards, 30 and more in rare games), so the
tableau gets the full height and the four foundations stand in a column of
their own on the right (on the left for left-handed players). A long column
squeezes its overlap so its last card always stays on screen, but never
below the strip that shows a card's compact index (``compact_height``):
when the longest column does not fit even so, the whole table is drawn with
smaller cards, as KPatience and Aisleriot do.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from yukon.engine import COLUMNS, Card, Game, Pile, Suit
from yukon.ui.art.faces import compact_height, index_bottom

CARD_RATIO = 1.4  # height / width
FACE_DOWN_STEP = 0.10  # overlap of a face-down card, in card heights
FACE_UP_STEP = 0.31  # overlap of a face-up card: its whole corner index shows
MIN_FACE_UP_STEP = 0.12
MIN_FACE_DOWN_STEP = 0.05
# The smallest card the table shrinks to for a long column (its index stays
# at least ``art.MIN_CAP`` pixels tall): below it a column is squeezed.
MIN_CARD_W = 32

# A column's shape: how many cards, how many of them face down.
Shape = tuple[int, int]


@dataclass(frozen=True)
class Layout:
    """Pile positions and card size for one window size.

    ``density`` is the screen's pixels per point (2 on a Retina screen): the
    limits on the bar and margins are in points, so a window of the same
    size in points looks the same on any screen.

    >>> layout = Layout.for_size(1280, 800)
    >>> layout.card_w >= 100 and layout.column_rect(6).right <= 1280
    True
    >>> Layout.for_size(800, 600).bar_h, Layout.for_size(1600, 1200, density=2).bar_h
    (46, 92)
    """

    width: int
    height: int
    bar_h: int
    card_w: int
    card_h: int
    gap: int
    margin: int
    column_x: tuple[int, ...]
    top: int
    foundation_x: int
    foundation_y: tuple[int, ...]
    #: The least step between face-up cards: their compact index shows whole.
    min_up_step: int = 0
    #: The least unsqueezed step: the whole stacked corner index shows (0 with
    #: large indices, whose covered cards always show the compact one).
    full_up_step: int = 0

    @classmethod
    def for_game(
        cls,
        size: tuple[int, int],
        game: Game,
        density: float = 1.0,
        *,
        large_index: bool = False,
        left_handed: bool = False,
        bar_h: int | None = None,
    ) -> Layout:
        """The layout of ``game``'s table in a window of ``size``."""
        shapes = [(len(column.cards), column.face_down) for column in game.tableau]
        return cls.for_size(
            *size,
            density,
            shapes,
            large_index=large_index,
            left_handed=left_handed,
            bar_h=bar_h,
        )

    @classmethod
    def for_size(
        cls,
        width: int,
        height: int,
        density: float = 1.0,
        shapes: Sequence[Shape] = (),
        *,
        large_index: bool = False,
        left_handed: bool = False,
        bar_h: int | None = None,
    ) -> Layout:
        """The layout for a window ``width`` x ``height``, with cards small
        enough that each column of ``shapes`` shows every face-up card's index
        (``bar_h``: the strip left at the top, if not the info bar's)."""
        width, height = max(width, 1), max(height, 1)
        if bar_h is None:
            bar_h = bar_height(height, density)
        margin = max(round(8 * density), round(min(width, height) * 0.018))
        usable_h = height - bar_h - 2 * margin
        # Eight card slots across (7 columns + foundations) with gaps,
        # a wider gap before the foundations.
        by_width = (width - 2 * margin) / (8 + 7 * 0.14 + 0.3)
        # Four foundations stacked must fit the height.
        by_height = usable_h / (4 * CARD_RATIO + 3 * 0.1)
        card_w = max(round(24 * density), int(min(by_width, by_height)))
        room = height - margin - (bar_h + margin)
        least = round(MIN_CARD_W * density)
        while card_w > least and not _fits(card_w, room, shapes, large_index=large_index):
            card_w -= 1
        card_h = round(card_w * CARD_RATIO)
        gap = round(card_w * 0.14)
        # Centre the whole table horizontally.
        aside = card_w + gap + round(card_w * 0.3)  # the foundations' column and its gap
        table_w = 7 * (card_w + gap) - gap + aside
        left = max(margin, (width - table_w) // 2)
        first = left + aside if left_handed else left
        column_x = tuple(first + i * (card_w + gap) for i in range(COLUMNS))
        foundation_x = left if left_handed else column_x[-1] + aside
        top = bar_h + margin
        step = card_h + round(card_w * 0.1)
        foundation_y = tuple(top + i * step for i in range(4))
        return cls(
            width,
            height,
            bar_h,
            card_w,
            card_h,
            gap,
            margin,
            column_x,
            top,
            foundation_x,
            foundation_y,
            compact_height(card_w, large=large_index),
            0 if large_index else index_bottom(card_w),
        )

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    @property
    def bottom(self) -> int:
        """The lowest y a card may reach."""
        return self.height - self.margin

    def pile_rect(self, pile: Pile) -> pygame.Rect:
        """The card-sized slot of a column (its first card) or foundation."""
        if pile.is_foundation:
            return pygame.Rect(
                self.foundation_x, self.foundation_y[pile.suit], self.card_w, self.card_h
            )
        return pygame.Rect(self.column_x[pile], self.top, self.card_w, self.card_h)

    def column_rect(self, column: Pile) -> pygame.Rect:
        """The whole strip a column may occupy: where drops onto it count."""
        x = self.column_x[column] - self.gap // 2
        return pygame.Rect(x, self.top, self.card_w + self.gap, self.bottom - self.top)

    def drop_rect(self, pile: Pile) -> pygame.Rect:
        if pile.is_foundation:
            return self.pile_rect(pile).inflate(self.gap, round(self.card_w * 0.1))
        return self.column_rect(pile)

    def offsets(self, count: int, face_down: int) -> list[int]:
        """The y of each card of a column, bottom to top, squeezed to fit."""
        if count == 0:
            return []
        # The corner index is about FACE_UP_STEP of a card tall; by how much,
        # its rounding at each card size decides: a step a pixel short of it
        # drew every covered card compact at 1920x1080, stacked at 1280x800.
        up_step = max(FACE_UP_STEP * self.card_h, self.full_up_step, self.min_up_step)
        down_step = FACE_DOWN_STEP * self.card_h
        room = self.bottom - self.top - self.card_h
        ups = count - face_down - 1  # steps after face-up cards (not the last)
        downs = face_down

        def needed(u: float, d: float) -> float:
            return ups * u + downs * d

        if needed(up_step, down_step) > room:
            # First tighten face-up cards, then face-down ones, then both.
            least_up = max(MIN_FACE_UP_STEP * self.card_h, self.min_up_step)
            if ups:
                up_step = max(least_up, (room - downs * down_step) / ups)
            if needed(up_step, down_step) > room and downs:
                down_step = max(MIN_FACE_DOWN_STEP * self.card_h, (room - ups * up_step) / downs)
            total = needed(up_step, down_step)
            if total > room and total > 0:
                # Only past what the smallest table holds (see MIN_CARD_W).
                scale = max(room, 0) / total
                up_step *= scale
                down_step *= scale
        ys = []
        y = float(self.top)
        for i in range(count):
            ys.append(math.floor(y + 0.5))  # halves up: round() to even made steps of 42, 44
            y += down_step if i < face_down else up_step
        return ys

    def card_rects(self, game: Game) -> dict[Card, tuple[pygame.Rect, bool]]:
        """Every card's rect and face-up state: ``{card: (rect, face_up)}``."""
        result: dict[Card, tuple[pygame.Rect, bool]] = {}
        for col, column in enumerate(game.tableau):
            ys = self.offsets(len(column.cards), column.face_down)
            x = self.column_x[col]
            for i, card in enumerate(column.cards):
                rect = pygame.Rect(x, ys[i], self.card_w, self.card_h)
                result[card] = (rect, i >= column.face_down)
        for suit, pile in enumerate(game.foundations):
            rect = self.pile_rect(Pile.foundation(Suit(suit)))
            for card in pile:
                result[card] = (rect.copy(), True)
        return result


# The info bar's least height, in points: room for its labels at their
# readable size and, in a narrow window, for the info text on a row of its
# own under the buttons.
BAR_LEAST = 46


def bar_height(height: int, density: float = 1.0) -> int:
    """The info bar's height for a window ``height`` pixels tall: a twentieth
    of it, so the bar keeps its proportion to the cards at any size, and
    never under ``BAR_LEAST`` points.

    >>> bar_height(600), bar_height(1080), bar_height(2160), bar_height(1200, 2.0)
    (46, 56, 112, 92)
    """
    return max(round(BAR_LEAST * density), round(height * 0.052))


def _fits(card_w: int, room: int, shapes: Sequence[Shape], *, large_index: bool) -> bool:
    """Whether every column of ``shapes`` fits ``room`` pixels of height with
    cards ``card_w`` wide, each face-up card showing at least its compact index."""
    card_h = round(card_w * CARD_RATIO)
    up = max(MIN_FACE_UP_STEP * card_h, compact_height(card_w, large=large_index))
    down = MIN_FACE_DOWN_STEP * card_h
    return all(
        count == 0 or (count - face_down - 1) * up + face_down * down + card_h <= room
        for count, face_down in shapes
    )
