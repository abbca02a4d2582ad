"""Drawing the table: cards, outlines, the info bar and the banner.

Frames are drawn only when something changed. While only a drag moved,
just the area the dragged cards left and entered is redrawn (clipped); while
only the clock moved on, just the info bar: drag frames stay cheap at any
window size.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from yukon.engine import Card, Move, Pile, Suit
from yukon.i18n.translator import N_
from yukon.ui import theme
from yukon.ui.art.faces import Highlight
from yukon.ui.art.palette import text_inks
from yukon.ui.cards.sprites import CardSprite
from yukon.ui.shell.scene import Changed
from yukon.ui.table.banner_spot import covered, place_banner
from yukon.ui.table.drags import Drag
from yukon.ui.table.geometry import banner_busy, cursor_rect, group_rect
from yukon.ui.table.state import TableState
from yukon.ui.text_boxes import holding, name_of, note

WON_NOTE = N_("Won! F2 deals another, Ctrl+N opens New game.")
Color = tuple[int, int, int]
HINT_RIM = (90, 60, 0)  # the dark edge that sets the hint's gold off light cards
HINT_LINE = (255, 248, 220)


# The banner's place and lines, with what they were placed for.
BannerSpot = tuple[tuple[object, ...], pygame.Rect, list[pygame.Surface]]


class TableRenderer:
    """Draws a ``TableState``; ``draw`` returns the rects that changed, or None for all."""

    def __init__(self, board: TableState, words: Callable[[str], str] = str) -> None:
        self.board = board
        self.words = words  # the player's language
        self._drag_rect: pygame.Rect | None = None  # drawn drag area, for partial redraws
        self.show_won_note = True  # off while a dialog covers the table
        # The banner's place and lines, kept while its message, the layout
        # and the columns stay the same (see ``_place_banner``).
        self._banner_spot: tuple[tuple[object, ...], pygame.Rect, list[pygame.Surface]] | None = (
            None
        )

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> list[pygame.Rect] | None:
        board = self.board
        changes = board.take_changes()
        moved, bar = Changed.DRAG in changes, Changed.BAR in changes
        celebration = board.celebration
        if celebration is not None and celebration.started:
            if celebration.fading:
                self._draw_all(surface, alpha)  # the table shows through the trails
            celebration.draw(surface, lambda picture: self._draw_table(picture, alpha))
            board.bar.draw(surface, board.palette)
            self._draw_banner(surface)  # a notice (say, a saving problem) must be seen
            return None
        drag = board.drags.drag
        if Changed.ALL not in changes and (drag is None or self._drag_rect is not None):
            rects = []
            if drag is not None and moved and self._drag_rect is not None:
                area = self._drag_area(drag)
                rects.append(self._drag_rect.union(area))
                self._drag_rect = area
                surface.set_clip(rects[0])
                self._draw_all(surface, alpha)
                surface.set_clip(None)
            if bar:
                rects.append(self._draw_bar(surface, alpha, dragging=drag is not None))
            return rects
        self._draw_all(surface, alpha)
        self._drag_rect = self._drag_area(drag) if drag is not None else None
        return None

    def _draw_bar(self, surface: pygame.Surface, alpha: float, *, dragging: bool) -> pygame.Rect:
        """Only the clock moved on: redraw just the bar (with any cards
        dragged over it)."""
        bar = self.board.bar
        over = dragging and self._drag_rect is not None and self._drag_rect.colliderect(bar.rect)
        if over:
            surface.set_clip(bar.rect)
            self._draw_all(surface, alpha)
            surface.set_clip(None)
        else:
            bar.draw(surface, self.board.palette)
        return bar.rect

    def _draw_all(self, surface: pygame.Surface, alpha: float) -> None:
        board = self.board
        drag = board.drags.drag
        if drag is None:
            self._draw_table(surface, alpha)
            board.bar.draw(surface, board.palette)
        else:  # cards in the hand pass over the bar
            self._draw_table(surface, alpha, frozenset(drag.cards))
            board.bar.draw(surface, board.palette)
            self._draw_dragged(surface, drag)
        self._draw_banner(surface)
        board.bar.draw_tip(surface)

    def _draw_dragged(self, surface: pygame.Surface, drag: Drag) -> None:
        shadow = self.board.art.shadow()
        sprites = self.board.sprites
        lead = sprites.by_card[drag.cards[0]]
        last = sprites.by_card[drag.cards[-1]]
        for sprite in (lead, last) if len(drag.cards) > 1 else (lead,):
            surface.blit(shadow, self._shadow_rect(sprite))
        sprites.draw_cards(surface, 1.0, drag.cards)

    def _shadow_rect(self, sprite: CardSprite) -> pygame.Rect:
        """Where a dragged card's soft shadow falls: a little down and right."""
        margin = self.board.art.shadow_margin
        layout = self.board.layout
        lift = max(2, margin // 3)
        x, y = round(sprite.x) - margin + lift, round(sprite.y) - margin + lift
        return pygame.Rect(x, y, layout.card_w + 2 * margin, layout.card_h + 2 * margin)

    def _drag_area(self, drag: Drag) -> pygame.Rect:
        """Everything the dragged cards and their shadows cover now."""
        layout = self.board.layout
        lead = self.board.sprites.by_card[drag.cards[0]]
        last = self.board.sprites.by_card[drag.cards[-1]]
        top = pygame.Rect(round(lead.x), round(lead.y), layout.card_w, layout.card_h)
        bottom = pygame.Rect(round(last.x), round(last.y), layout.card_w, layout.card_h)
        area = top.union(bottom).union(self._shadow_rect(lead)).union(self._shadow_rect(last))
        return area.inflate(2, 2)

    def _draw_table(
        self, surface: pygame.Surface, alpha: float, skip: frozenset[Card] = frozenset()
    ) -> None:
        board = self.board
        layout, art = board.layout, board.art
        board.felt_layer.paint(surface)
        for col in range(7):
            surface.blit(art.empty_column(), layout.pile_rect(Pile.column(col)))
        for suit in Suit:
            surface.blit(art.empty_foundation(suit), layout.pile_rect(Pile.foundation(suit)))
        if board.game.is_won and board.celebration is None and self.show_won_note:
            self._draw_won_note(surface)
        held = board.cursor.held.cards if board.cursor.held is not None else ()
        board.sprites.draw(surface, alpha, skip | frozenset(held))
        for pile in board.highlights:
            self._draw_highlight(surface, pile, Highlight.TARGET)
        if board.hint is not None:
            self._draw_hint(surface, board.hint)
        self._draw_hover(surface)
        self._draw_cursor(surface)
        board.sprites.draw_cards(surface, alpha, held)  # above the outline of where they go

    def _draw_won_note(self, surface: pygame.Surface) -> None:
        """On the emptied table of a won game: how to play on."""
        layout = self.board.layout
        size = max(18, round(layout.bar_h * 0.7))
        label = theme.text(self.words(WON_NOTE), size, theme.TEXT)
        label.set_alpha(210)  # a cached surface: the same alpha every time
        left, right = layout.column_rect(Pile.COLUMN_1), layout.column_rect(Pile.COLUMN_7)
        centre = ((left.left + right.right) // 2, layout.top + round(layout.card_h * 1.7))
        table = pygame.Rect(0, layout.bar_h, layout.width, layout.height - layout.bar_h)
        with holding(table):
            surface.blit(label, label.get_rect(center=centre))

    def _draw_hover(self, surface: pygame.Surface) -> None:
        board = self.board
        if board.hover is None or board.drags.active or self._cursor_lit():
            return  # never two outlines at once: the keyboard's wins
        pile, count = board.hover
        if pile.is_foundation:
            rect = board.layout.pile_rect(pile)
        else:
            cards: Sequence[Card] = board.game.tableau[pile].cards
            if count > len(cards):
                return
            rect = group_rect(board.layout, board.sprites, cards[-count:])
        self._outline(surface, rect, self.board.palette.hover_edge, 4)
        self._outline(surface, rect, theme.HOVER, 2)

    def _outline(
        self, surface: pygame.Surface, rect: pygame.Rect, color: Color, width: int
    ) -> None:
        radius = max(4, self.board.layout.card_w // 12)
        pad = 2 * width - 2
        pygame.draw.rect(
            surface, color, rect.inflate(pad, pad), width, border_radius=radius + width
        )

    def _cursor_lit(self) -> bool:
        """Whether the keyboard cursor's outline shows."""
        board = self.board
        return not board.game.is_won and (board.cursor_shown or board.cursor.held is not None)

    def _draw_cursor(self, surface: pygame.Surface) -> None:
        board = self.board
        if not self._cursor_lit():
            return  # nothing left to point at, or the keyboard is not in use
        rect = cursor_rect(board.layout, board.sprites, board.game, board.cursor)
        self._outline(surface, rect, theme.CURSOR, 4)
        self._outline(surface, rect, (255, 255, 255), 2)

    def _draw_hint(self, surface: pygame.Surface, move: Move) -> None:
        """Gold around the cards to move, and a gold outline, not a fill,
        around where they go: the target card stays readable."""
        board = self.board
        if move.src.is_column:
            cards = board.game.tableau[move.src].cards[-move.count :]
            self._outline(surface, group_rect(board.layout, board.sprites, cards), theme.ACCENT, 4)
        else:
            self._outline(surface, self._top_rect(move.src), theme.ACCENT, 4)
        # Where they go: a wider gold ring with a light line inside it.
        target = self._top_rect(move.dst)
        self._outline(surface, target, HINT_RIM, 7)
        self._outline(surface, target, theme.ACCENT, 5)
        self._outline(surface, target, HINT_LINE, 1)

    def _top_rect(self, pile: Pile) -> pygame.Rect:
        """A pile's top card where it is headed, or its empty slot."""
        board = self.board
        if pile.is_column:
            cards = board.game.tableau[pile].cards
            if cards:
                return group_rect(board.layout, board.sprites, cards[-1:])
        return board.layout.pile_rect(pile)

    def _draw_highlight(self, surface: pygame.Surface, pile: Pile, kind: Highlight) -> None:
        """Light up a pile's top card (or its empty slot)."""
        board = self.board
        rect = board.layout.pile_rect(pile)
        if pile.is_column:
            cards = board.game.tableau[pile].cards
            if cards:
                rect = board.sprites.by_card[cards[-1]].rect.copy()
        overlay = board.art.highlight(kind)
        surface.blit(overlay, overlay.get_rect(center=rect.center))

    def _place_banner(
        self, message: str, size: int, bounds: pygame.Rect
    ) -> tuple[pygame.Rect, list[pygame.Surface]]:
        """The banner's box, over as little of what the player needs as can
        be, and its lines: wrapped wide, or narrower when that finds a gap."""
        layout = self.board.layout
        busy = banner_busy(self.board.layout, self.board.game)
        best: tuple[int, pygame.Rect, list[pygame.Surface]] | None = None
        # Suit signs as the cards on the table print them, on the dark banner.
        inks = text_inks(four_colour=self.board.art.style.four_colour, dark=True)
        for room in (layout.width - size * 4, max(size * 12, 3 * layout.card_w)):
            lines = [
                theme.rich_text(line, size, (255, 255, 255), inks=inks)
                for line in theme.rich_lines(message, size, room)
            ]
            if not lines:
                return pygame.Rect(0, 0, 0, 0), []
            text_w = max(line.get_width() for line in lines)
            text_h = sum(line.get_height() for line in lines)
            box_size = pygame.Rect(0, 0, text_w, text_h).inflate(size * 1.6, size * 1.0).size
            box = place_banner(box_size, bounds, busy)
            cost = covered(box, busy)
            if best is None or cost < best[0]:
                best = (cost, box, lines)
            if cost == 0:
                break
        assert best is not None
        return best[1], best[2]

    def _draw_banner(self, surface: pygame.Surface) -> None:
        board = self.board
        if board.banner is None:
            board.banner_drawn(None)
            return
        layout = board.layout
        size = max(18, round(layout.bar_h * 0.5))
        bounds = pygame.Rect(
            layout.margin,
            layout.top,
            layout.width - 2 * layout.margin,
            layout.bottom - layout.top - layout.margin,
        )
        game = board.game
        key = (
            board.banner.message,
            layout,
            board.art.style.four_colour,
            tuple((len(column.cards), column.face_down) for column in game.tableau),
        )
        if self._banner_spot is None or self._banner_spot[0] != key:
            self._banner_spot = (key, *self._place_banner(board.banner.message, size, bounds))
        _, box, lines = self._banner_spot
        if not lines:
            board.banner_drawn(None)
            return
        text_h = sum(line.get_height() for line in lines)
        board.banner_drawn(box)
        radius = min(box.h, size * 2) // 3
        fade = 0.2 if board.banner_faded else 1.0
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        back, edge = (*theme.BANNER, round(225 * fade)), (*theme.ACCENT, round(255 * fade))
        pygame.draw.rect(panel, back, panel.get_rect(), border_radius=radius)
        pygame.draw.rect(panel, edge, panel.get_rect(), 2, border_radius=radius)
        y = box.h // 2 - text_h // 2
        for line in lines:
            text = name_of(line)
            if fade < 1:
                line = line.copy()  # the rendered text is cached: fade a copy
                line.set_alpha(round(255 * fade))
            at = panel.blit(line, line.get_rect(midtop=(box.w // 2, y)))
            if text is not None:
                note(surface, text, at.move(box.topleft), box)
            y += line.get_height()
        surface.blit(panel, box)
